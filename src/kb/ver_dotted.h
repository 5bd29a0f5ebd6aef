/*
 * ver_dotted.h - dotted numeric versions: CUDA and cuDNN.
 *
 * ver_cmp_dotted() is the comparator: a version is a run of decimal
 * components separated by '.', compared numerically one by one, a missing
 * component counting as 0 ("12" == "12.0" == "12.0.0", "11.10" > "11.9").
 * Parsing stops at the first character that is neither a digit nor a dot,
 * so "12.2 (Update 2)" compares as 12.2.  A string without a leading digit
 * sorts before every version; two such strings compare equal.
 *
 * The normalisers turn the other spellings found on a machine into that
 * dotted form, so callers compare one thing:
 *   CUDA:  "11.2", "12.6.20241114" (date-stamped version.json) -> "12.6";
 *          12060 (CUDART_VERSION, cudaRuntimeGetVersion) -> "12.6";
 *          "110" / "64_110" (cudart64_110.dll) -> "11.0", "12" (cudart64_12.dll)
 *          -> "12".
 *   cuDNN: 8907 (CUDNN_VERSION of 8.x, MAJOR*1000+MINOR*100+PATCH) -> "8.9.7";
 *          91900 (9.x, MAJOR*10000+MINOR*100+PATCH) -> "9.19.0"; a dotted
 *          "8.9.7.29" is kept as written.
 * They never allocate; out is always NUL-terminated when outsz > 0.
 */
#ifndef GD_VER_DOTTED_H
#define GD_VER_DOTTED_H

#include <stddef.h>

/** <0, 0, >0 as a is older than, equal to, newer than b.  NULL sorts first. */
int ver_cmp_dotted(const char *a, const char *b);

/**
 * Compare only the first n components of a and b ("12.2.140" and "12.2"
 * are equal for n = 2).
 */
int ver_cmp_dotted_n(const char *a, const char *b, int n);

/**
 * A CUDA version in any spelling above, as "MAJOR.MINOR" (or "MAJOR" when
 * the spelling carries only the major, as cudart64_12.dll does).
 * 0 done, -1 not a CUDA version (out set to "").
 */
int ver_cuda_normalize(const char *in, char *out, size_t outsz);

/**
 * A cuDNN version: an integer CUDNN_VERSION (8xxx or 9xxxx) or a dotted
 * version, as dotted "MAJOR.MINOR.PATCH" (dotted input is copied).
 * 0 done, -1 not a cuDNN version (out set to "").
 */
int ver_cudnn_normalize(const char *in, char *out, size_t outsz);

/** The first component of v as a number (12 for "12.6"), or -1. */
long ver_major(const char *v);

struct arena;
/**
 * The first parts components of dotted v ("12.1.105", 2 -> "12.1"): v
 * itself when it has no more than that, else a copy in arena.  NULL stays
 * NULL.
 */
const char *ver_dotted_prefix(struct arena *arena, const char *v, int parts);

#endif
