/*
 * module_facts.h - the facts about environment modules (Lmod and Tcl
 * Environment Modules): the MODULEPATH that was searched and the module
 * files found there for CUDA, cuDNN and NCCL, i.e. toolkits a user can get
 * with `module load cuda/11.8` on a machine where they cannot install
 * anything.  Filled by scan/modules.c, serialised from facts_fields.c
 * (the "modules" object of --facts and --json, docs/json.md).
 *
 * Strings belong to the facts arena; the files array is freed by
 * facts_release (or module_facts_release, for a module_facts of its own).
 */
#ifndef GD_MODULE_FACTS_H
#define GD_MODULE_FACTS_H

#include <stddef.h>

struct jw;

struct module_file {
    const char *package;       /* "cuda", "cudnn", "nccl" */
    const char *name;          /* what `module load` takes: "cuda/11.8" */
    const char *version;       /* "11.8", or NULL when neither the file name nor its contents say */
    const char *version_source;/* "file name" or "contents" */
    const char *path;          /* the module file */
    const char *syntax;        /* "lua" or "tcl" */
    const char *prefix;        /* install prefix it sets (CUDA_HOME, ..., or its root), or NULL */
    const char *libdir;        /* first literal LD_LIBRARY_PATH entry it prepends, or NULL */
};

struct module_facts {
    const char *modulepath;    /* as searched, ':'-separated, or NULL: none */
    const char *modulepath_source;  /* "env:MODULEPATH", "default", or NULL */
    struct module_file *files;
    size_t n_files, alloc_files;
};

void module_facts_release(struct module_facts *m);

/**
 * The module file of package (e.g. "cuda") whose version starts with
 * version_prefix at a component boundary ("11" matches 11.8 and 11.2.2, not
 * 110), preferring the highest version; NULL when there is none.  For the
 * rules: a finding that needs CUDA 11.x puts `module load <name>` first.
 */
const struct module_file *module_facts_find(const struct module_facts *m, const char *package,
                                            const char *version_prefix);

/** The "modules" JSON object (see docs/json.md). */
void facts_json_modules(struct jw *jw, const struct module_facts *m);

#endif
