/*
 * kb.h - the knowledge base: compatibility tables as cited data.
 *
 * (Contract written by the foundation; the knowledge-base work owns and
 * extends this module.  Keep these signatures.)
 *
 * The tables live in data/ as plain text, one row per fact with its source,
 * compiled into the binary and replaceable at run time with --db.  A struct
 * kb is immutable after loading; lookups never allocate and return strings
 * owned by the kb.
 *
 * Lookups are tri-state: 1 found (out-parameters set), 0 not in the tables
 * (out-parameters untouched: the caller reports "unknown"), -1 bad input.
 */
#ifndef GD_KB_H
#define GD_KB_H

#include "util/err.h"

struct kb;

/** The built-in tables. Never NULL (a broken built-in table is a BUG()). */
struct kb *kb_new_builtin(void);
/**
 * Tables from a --db file or directory.  NULL with err (file and line) when
 * anything in it does not parse: gpudoctor refuses it rather than guess.
 */
struct kb *kb_load(const char *path, struct gd_err *err);
void kb_free(struct kb *kb);

/** The built-in tables' revision, e.g. "2026-11-30". */
const char *kb_builtin_revision(void);
const char *kb_revision(const struct kb *kb);

/**
 * The highest CUDA version a driver supports (what nvidia-smi prints as
 * "CUDA Version"): driver "535.104.05" -> "12.2".  source: the row's source.
 */
int kb_driver_cuda_max(const struct kb *kb, const char *driver_version,
                       const char **cuda, const char **source);

/**
 * The minimum driver for a CUDA toolkit/runtime version on os ("linux" or
 * "windows"), without minor-version compatibility.
 */
int kb_cuda_min_driver(const struct kb *kb, const char *cuda_version, const char *os,
                       const char **driver, const char **source);

/** A GPU by PCI ids: its marketing name and compute capability ("8.9"). */
int kb_gpu_by_pci(const struct kb *kb, unsigned vendor, unsigned device,
                  const char **name, const char **cc, const char **source);

#endif
