/*
 * deps.h - resolve the DT_NEEDED closure of an object, as ld.so loads it.
 *
 * resolve_deps() walks an object's DT_NEEDED entries breadth first, the
 * order in which glibc's _dl_map_object_deps loads them, resolving each with
 * the loading chain that ld.so would use (the object holding the entry,
 * then the object that loaded it, up to the root, which is treated as
 * dlopen'ed: it has no loader).  A name already loaded (as a requested name
 * or a SONAME) is not searched again and is marked duplicate.  The result
 * is a tree in an array: node 0 is the root, every other node names its
 * parent.  Bounded by RESOLVE_DEPS_MAX nodes.  An object whose dynamic
 * array is longer than the ELF reader reads (elf.h ELF_MAX_DYN) keeps the
 * entries read, and the tree is marked truncated: it may lack some.
 */
#ifndef GD_LOADER_DEPS_H
#define GD_LOADER_DEPS_H

#include <stddef.h>

#include "loader/resolve.h"

#define RESOLVE_DEPS_MAX 4096

struct resolve_dep {
    const char *name;              /* as written in DT_NEEDED (root: its path) */
    size_t parent;                 /* index of the parent; root: (size_t)-1 */
    unsigned depth;
    int duplicate;                 /* already loaded: not searched */
    struct resolve_result res;     /* owned; res.path is the file (or NULL) */
    struct elf_info elf;           /* of res.path, when read */
    int have_elf;
};

struct resolve_deps {
    struct resolve_dep *nodes;     /* owned */
    size_t nr, alloc;
    int truncated;                 /* the tree is incomplete: node_limit, or an
                                      object's DT_NEEDED list was not read whole
                                      (its elf.truncated) */
    int node_limit;                /* RESOLVE_DEPS_MAX reached */
};

/**
 * Resolve the closure of vpath.  base supplies ld_library_path, main_obj and
 * loaded (its name and chain are ignored).  Returns 1 when every
 * dependency was found, 0 when some were not, -1 when vpath itself cannot
 * be read as ELF (err).  out is filled in every case; release it with
 * resolve_deps_release.
 */
int resolve_deps(struct resolver *r, const char *vpath, const struct resolve_request *base,
                 struct resolve_deps *out, struct gd_err *err);
void resolve_deps_release(struct resolve_deps *d);

#endif
