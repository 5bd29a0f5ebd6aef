/*
 * kb_builtin.h - the built-in tables, as generated into build/gen/kb_data.c.
 *
 * tools/kb-gen.sh embeds every data/ *.kb file verbatim (kb_new_builtin
 * parses them with the same parser as --db, so the two can never disagree)
 * and the NVIDIA part of the build machine's pci.ids.  Internal to src/kb.
 */
#ifndef GD_KB_BUILTIN_H
#define GD_KB_BUILTIN_H

#include <stddef.h>

struct kb_builtin_file {
    const char *name;    /* "data/tf_build.kb" */
    const char *text;
    size_t len;
};

/* Terminated by an entry with name NULL. */
extern const struct kb_builtin_file kb_builtin_files[];
/* The newest %revision in data/, "YYYY-MM-DD". */
extern const char kb_builtin_revision_str[];
/* Vendor 10de's device lines from pci.ids (may be empty), and its version stamp. */
extern const char kb_builtin_pciids[];
extern const size_t kb_builtin_pciids_len;

#endif
