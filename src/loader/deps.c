/*
 * deps.c - the breadth-first DT_NEEDED walk (see deps.h; glibc
 * elf/dl-deps.c _dl_map_object_deps, elf/dl-object.c for the names an
 * object is known by).
 */
#include "loader/deps.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

void resolve_deps_release(struct resolve_deps *d)
{
    size_t i;
    for (i = 0; i < d->nr; i++)
        resolve_result_release(&d->nodes[i].res);
    free(d->nodes);
    memset(d, 0, sizeof(*d));
}

static size_t add_node(struct resolve_deps *d, const char *name, size_t parent, unsigned depth)
{
    struct resolve_dep *n;
    ALLOC_GROW(d->nodes, d->nr + 1, d->alloc);
    n = &d->nodes[d->nr];
    memset(n, 0, sizeof(*n));
    n->name = name;
    n->parent = parent;
    n->depth = depth;
    return d->nr++;
}

int resolve_deps(struct resolver *r, const char *vpath, const struct resolve_request *base,
                 struct resolve_deps *out, struct gd_err *err)
{
    const char **loaded = NULL;
    size_t n_loaded = 0, alloc_loaded = 0, q, i;
    struct resolve_object *chain = NULL;
    size_t alloc_chain = 0;
    int all = 1;

    memset(out, 0, sizeof(*out));
    for (i = 0; i < base->n_loaded; i++) {
        ALLOC_GROW(loaded, n_loaded + 1, alloc_loaded);
        loaded[n_loaded++] = base->loaded[i];
    }
    add_node(out, arena_strdup(&r->arena, vpath), (size_t)-1, 0);
    out->nodes[0].res.path = out->nodes[0].name;
    out->nodes[0].res.step = RSTEP_PATH;
    if (resolve_elf(r, vpath, &out->nodes[0].elf, err) != 1) {
        if (!err || !err->msg[0])
            err_setx(err, GD_ERR_NOTFOUND, "cannot read '%s': No such file or directory", vpath);
        free(loaded);
        return -1;
    }
    out->nodes[0].have_elf = 1;
    out->truncated = out->nodes[0].elf.truncated;
    ALLOC_GROW(loaded, n_loaded + 2, alloc_loaded);
    loaded[n_loaded++] = out->nodes[0].name;
    if (out->nodes[0].elf.soname)
        loaded[n_loaded++] = out->nodes[0].elf.soname;

    for (q = 0; q < out->nr; q++) {
        if (!out->nodes[q].have_elf || out->nodes[q].duplicate)
            continue;
        for (i = 0; i < out->nodes[q].elf.n_needed; i++) {
            const char *name = out->nodes[q].elf.needed[i];
            struct resolve_request req = *base;
            size_t c, k, nc = 0;
            struct resolve_dep *node;
            size_t idx;

            if (out->nr >= RESOLVE_DEPS_MAX) {
                out->truncated = out->node_limit = 1;
                break;
            }
            idx = add_node(out, name, q, out->nodes[q].depth + 1);
            node = &out->nodes[idx];
            for (k = 0; k < n_loaded; k++)
                if (!strcmp(loaded[k], name))
                    break;
            if (k < n_loaded) {
                node->duplicate = 1;
                node->res.step = RSTEP_LOADED;
                continue;
            }
            /* The chain: the object holding the entry, its loader, ... */
            for (c = q; c != (size_t)-1; c = out->nodes[c].parent) {
                ALLOC_GROW(chain, nc + 1, alloc_chain);
                chain[nc].path = out->nodes[c].res.path;
                chain[nc].elf = out->nodes[c].have_elf ? &out->nodes[c].elf : NULL;
                nc++;
            }
            req.name = name;
            req.chain = chain;
            req.n_chain = nc;
            req.loaded = NULL;
            req.n_loaded = 0;
            if (resolve_library(r, &req, &node->res, NULL) == 1) {
                node->have_elf = resolve_elf(r, node->res.path, &node->elf, NULL) == 1;
                if (node->have_elf && node->elf.truncated)
                    out->truncated = 1;
                ALLOC_GROW(loaded, n_loaded + 2, alloc_loaded);
                loaded[n_loaded++] = name;
                if (node->have_elf && node->elf.soname)
                    loaded[n_loaded++] = node->elf.soname;
            } else {
                all = 0;
            }
        }
    }
    free(chain);
    free(loaded);
    return all ? 1 : 0;
}
