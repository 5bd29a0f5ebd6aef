/*
 * ver_pep440.h - Python package versions (PEP 440).
 *
 * ver_cmp_pep440() orders versions the way pip does:
 *   [N!]N(.N)*[{a|b|rc}N][.postN][.devN][+local]
 * with PEP 440's normalisation (case-insensitive; "alpha"/"beta"/"c"/"pre"/
 * "preview" spellings; '-', '_' or '.' separators; "1.0-1" is a post-release;
 * implicit 0 after a bare "rc"; a leading "v").  Order within one release:
 * X.devN < X.aN.devM < X.aN < X.bN < X.rcN < X < X.postN.devM < X.postN, and
 * X < X+local.  Trailing zeros in the release do not count ("2.1" ==
 * "2.1.0").  Local labels ("+cu121", "+rocm6.2.4") compare segment by
 * segment, numbers above words, as PEP 440 says.
 *
 * This is not strverscmp(): "2.10.0" > "2.9.1", "2.16.0rc1" < "2.16.0",
 * "2.1.0+cu121" > "2.1.0".  A string that is not a PEP 440 version sorts
 * before every version (two such strings compare with strcmp), so a broken
 * METADATA never looks new.
 */
#ifndef GD_VER_PEP440_H
#define GD_VER_PEP440_H

#include <stddef.h>

#define VER_PEP440_MAX_RELEASE 8

struct ver_pep440 {
    unsigned long epoch;
    unsigned long release[VER_PEP440_MAX_RELEASE];
    size_t nrelease;
    int pre_kind;            /* 0 none, 'a', 'b', 'c' (rc) */
    unsigned long pre;
    int has_post;
    unsigned long post;
    int has_dev;
    unsigned long dev;
    const char *local;       /* the label after '+', pointing into the parsed string */
    size_t local_len;        /* 0: no local label */
};

/** <0, 0, >0 as a is older than, equal to, newer than b (NULL sorts first). */
int ver_cmp_pep440(const char *a, const char *b);

/**
 * Parse s into v.  0, or -1 if s is not a PEP 440 version (v is then
 * unspecified).  v->local points into s: keep s alive while using it.
 */
int ver_pep440_parse(const char *s, struct ver_pep440 *v);

/**
 * The local version label of v ("2.1.0+cu121" gives "cu121"): the text
 * after the first '+', pointing into v; NULL when v is NULL or has no
 * label (or an empty one).  Does not validate v: METADATA versions are
 * split with it before anything is parsed.
 */
const char *ver_pep440_local(const char *v);

/**
 * The length of v's public version: the bytes before its first '+', or
 * strlen(v) when it has no local label ("2.1.0+cu121" -> 5).  0 for NULL.
 */
size_t ver_pep440_public_len(const char *v);

#endif
