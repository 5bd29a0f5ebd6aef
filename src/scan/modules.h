/*
 * modules.h - environment module files (Lmod .lua and Tcl "#%Module").
 *
 * modulefile_parse reads one module file's text and pulls out the facts a
 * toolkit module states literally: its version (`local version = "11.8"`,
 * `set version 11.8`), its prefix (`setenv("CUDA_HOME", "/usr/local/cuda-11.8")`,
 * `setenv CUDNN_ROOT /opt/cudnn/8.9`, or a `root` variable) and the first
 * directory it puts on LD_LIBRARY_PATH.  Values that are computed
 * (`pathJoin(root, "lib64")`, `$root/lib64`) are not evaluated: they are
 * left out rather than guessed.  Pure over (buf, len); fixed-size results,
 * a value too long for them is left out too.
 *
 * scan_modules_into is the observer: MODULEPATH from the examined
 * environment (else the usual system directories), then NAME/VERSION[.lua]
 * files for NAME cuda, cudnn, nccl (any case, also "cuda-toolkit" and the
 * like: a name starting with one of them).
 */
#ifndef GD_SCAN_MODULES_H
#define GD_SCAN_MODULES_H

#include <stddef.h>

#include "facts/module_facts.h"

struct scan_ctx;

#define MODULEFILE_MAX (256 * 1024)
#define MODULEFILE_VALUE_MAX 512

enum modulefile_syntax { MODULEFILE_UNKNOWN = 0, MODULEFILE_LUA, MODULEFILE_TCL };

struct modulefile_info {
    enum modulefile_syntax syntax;
    char version[64];                     /* "" when not stated */
    char prefix[MODULEFILE_VALUE_MAX];    /* "" when not stated literally */
    char libdir[MODULEFILE_VALUE_MAX];
};

/**
 * Parse a module file.  file_name (may be NULL) decides the syntax when it
 * ends in ".lua"; otherwise the text does ("#%Module" first: Tcl).  Returns
 * 1 when it looks like a module file, 0 when it does not (out is then
 * empty).  Never fails otherwise.
 */
int modulefile_parse(const char *buf, size_t len, const char *file_name, struct modulefile_info *out);

/** The observer: fill out from the machine ctx examines.  Never fails. */
void scan_modules_into(struct scan_ctx *ctx, struct module_facts *out);

#endif
