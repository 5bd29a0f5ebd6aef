/*
 * macos_facts.h - the macOS part of facts (`check --os macos`): the
 * release from SystemVersion.plist, Apple Silicon or Intel, and the Mach-O
 * files the macOS rules judge (each environment's interpreter, each
 * framework's native module, the tensorflow-metal plugin).  Included by
 * facts.h; filled by scan/mac_*.c; written and read back as the "macos"
 * member of --facts (its table in facts_fields.c).  Strings live in the facts arena;
 * the arrays are freed by facts_release.  Unknown stays unknown: NULL
 * strings, -1 tri-state ints.
 */
#ifndef GD_MACOS_FACTS_H
#define GD_MACOS_FACTS_H

#include <stddef.h>

/* One Mach-O file, as far as the macOS rules need it. */
struct mac_binary {
    const char *path;            /* virtual path as reached (a venv's bin/python) */
    const char *real;            /* the file it resolves to, or NULL (same) */
    const char *role;            /* "interpreter", "torch", "torch_cpu", "tensorflow",
                                    "tensorflow_metal", "jax_metal" */
    const char *env;             /* the python_env prefix it belongs to */
    const char *archs;           /* slice architectures in file order: "x86_64,arm64",
                                    or NULL: not a readable Mach-O file */
    const char *minos;           /* the minimum macOS of its arm64 slice (else of any
                                    slice), "11.0", or NULL */
    const char **dylibs;         /* dylibs it loads that say what it can use (Apple's
                                    Metal frameworks, CUDA libraries), as written */
    size_t n_dylibs, alloc_dylibs;
};

struct macos_facts {
    const char *version;         /* ProductVersion "14.4.1", or NULL */
    const char *build;           /* ProductBuildVersion "23E224" */
    const char *product;         /* ProductName "macOS" / "Mac OS X" */
    const char *version_source;  /* the SystemVersion.plist read */
    const char *cpu;             /* "arm64" (Apple Silicon), "x86_64" (Intel), NULL unknown */
    const char *cpu_evidence;    /* what decided it, in words */
    const char *cpu_source;      /* the file it came from */
    int rosetta;                 /* Rosetta 2 installed: 1 / 0 not seen / -1 unknown */
    const char *rosetta_source;
    struct mac_binary *bins;
    size_t n_bins, alloc_bins;
};

#endif
