/*
 * cdi.c - CDI specs through libyaml (cdi.h).
 */
#include "scan/cdi.h"

#include <string.h>

#ifdef GD_LIBYAML
#include <yaml.h>
#endif

#include "util/alloc.h"
#include "util/banned.h"

#ifndef GD_LIBYAML

int cdi_parse(const char *buf, size_t len, struct arena *a, struct cdi_doc *d, struct gd_err *err)
{
    (void)buf, (void)len, (void)a;
    memset(d, 0, sizeof(*d));
    return err_setx(err, GD_ERR_UNSUPPORTED, "this build cannot read CDI specs (built without libyaml)");
}

#else

enum node_kind { N_SCALAR, N_MAP, N_SEQ };

struct node {
    enum node_kind kind;
    const char *scalar;
    struct node **kids;          /* map: key, value, key, value... */
    size_t n_kids, alloc_kids;
};

struct tree {
    struct arena *a;
    struct node **all;           /* for freeing the kid arrays */
    size_t n_all, alloc_all;
    yaml_parser_t p;
    struct gd_err *err;
};

static struct node *new_node(struct tree *t, enum node_kind k)
{
    struct node *n = arena_alloc(t->a, sizeof(*n));
    n->kind = k;
    ALLOC_GROW(t->all, t->n_all + 1, t->alloc_all);
    t->all[t->n_all++] = n;
    return n;
}

static void add_kid(struct node *n, struct node *k)
{
    ALLOC_GROW(n->kids, n->n_kids + 1, n->alloc_kids);
    n->kids[n->n_kids++] = k;
}

static int next_event(struct tree *t, yaml_event_t *ev)
{
    if (yaml_parser_parse(&t->p, ev))
        return 0;
    return err_setx(t->err, GD_ERR_FORMAT, "%s (line %zu)", t->p.problem ? t->p.problem : "malformed YAML",
                    t->p.problem_mark.line + 1);
}

/* The node that ev (consumed) starts; NULL with t->err on error. */
static struct node *build(struct tree *t, yaml_event_t *ev, unsigned depth)
{
    struct node *n = NULL;

    if (depth > CDI_MAX_DEPTH) {
        err_setx(t->err, GD_ERR_LIMIT, "nested more than %d deep", CDI_MAX_DEPTH);
        yaml_event_delete(ev);
        return NULL;
    }
    if (t->n_all >= CDI_MAX_NODES) {
        err_setx(t->err, GD_ERR_LIMIT, "more than %d nodes", CDI_MAX_NODES);
        yaml_event_delete(ev);
        return NULL;
    }
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        n = new_node(t, N_SCALAR);
        n->scalar = arena_strndup(t->a, (const char *)ev->data.scalar.value, ev->data.scalar.length);
        yaml_event_delete(ev);
        return n;
    case YAML_ALIAS_EVENT:
        /* Aliases could let a small file stand for a huge tree: a spec
         * nvidia-ctk generates has none, so one reads as empty. */
        n = new_node(t, N_SCALAR);
        n->scalar = "";
        yaml_event_delete(ev);
        return n;
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT: {
        enum yaml_event_type_e end =
            ev->type == YAML_MAPPING_START_EVENT ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT;
        n = new_node(t, ev->type == YAML_MAPPING_START_EVENT ? N_MAP : N_SEQ);
        yaml_event_delete(ev);
        for (;;) {
            yaml_event_t kev;
            struct node *k;
            if (next_event(t, &kev) < 0)
                return NULL;
            if (kev.type == end) {
                yaml_event_delete(&kev);
                return n;
            }
            k = build(t, &kev, depth + 1);
            if (!k)
                return NULL;
            add_kid(n, k);
        }
    }
    default:
        yaml_event_delete(ev);
        err_setx(t->err, GD_ERR_FORMAT, "unexpected YAML event");
        return NULL;
    }
}

static struct node *get(const struct node *map, const char *key)
{
    size_t i;
    if (!map || map->kind != N_MAP)
        return NULL;
    for (i = 0; i + 1 < map->n_kids; i += 2)
        if (map->kids[i]->kind == N_SCALAR && !strcmp(map->kids[i]->scalar, key))
            return map->kids[i + 1];
    return NULL;
}

static const char *sget(const struct node *map, const char *key)
{
    struct node *v = get(map, key);
    return v && v->kind == N_SCALAR ? v->scalar : NULL;
}

static void mounts_of(const struct node *edits, struct arena *a, struct cdi_doc *d, size_t *alloc)
{
    struct node *ms = get(edits, "mounts");
    size_t i;
    if (!ms || ms->kind != N_SEQ)
        return;
    for (i = 0; i < ms->n_kids; i++) {
        const char *h = sget(ms->kids[i], "hostPath"), *c = sget(ms->kids[i], "containerPath");
        if (!h && !c)
            continue;
        if (d->n_mounts >= *alloc) {
            size_t na = *alloc ? *alloc * 2 : 64;
            struct cdi_mount *nm = arena_alloc(a, na * sizeof(*nm));
            if (d->n_mounts)
                memcpy(nm, d->mounts, d->n_mounts * sizeof(*nm));
            d->mounts = nm;
            *alloc = na;
        }
        d->mounts[d->n_mounts].host = h;
        d->mounts[d->n_mounts].container = c ? c : h;
        d->n_mounts++;
    }
}

int cdi_parse(const char *buf, size_t len, struct arena *a, struct cdi_doc *d, struct gd_err *err)
{
    struct tree t;
    struct node *root = NULL, *devs;
    yaml_event_t ev;
    size_t i, alloc = 0;
    int rc = -1, started = 0;

    memset(d, 0, sizeof(*d));
    memset(&t, 0, sizeof(t));
    t.a = a;
    t.err = err;
    if (!yaml_parser_initialize(&t.p))
        return err_setx(err, GD_ERR_SYS, "libyaml: cannot initialise a parser");
    yaml_parser_set_input_string(&t.p, (const unsigned char *)buf, len);
    /* STREAM-START, DOCUMENT-START, the root node. */
    while (!started) {
        if (!yaml_parser_parse(&t.p, &ev)) {
            err_setx(err, GD_ERR_FORMAT, "%s (line %zu)", t.p.problem ? t.p.problem : "malformed YAML",
                     t.p.problem_mark.line + 1);
            goto out;
        }
        if (ev.type == YAML_STREAM_END_EVENT) {
            yaml_event_delete(&ev);
            err_setx(err, GD_ERR_FORMAT, "an empty document");
            goto out;
        }
        started = ev.type == YAML_DOCUMENT_START_EVENT;
        yaml_event_delete(&ev);
    }
    if (next_event(&t, &ev) < 0)
        goto out;
    root = build(&t, &ev, 0);
    if (!root)
        goto out;
    if (root->kind != N_MAP) {
        err_setx(err, GD_ERR_FORMAT, "the spec is not a mapping");
        goto out;
    }
    d->version = sget(root, "cdiVersion");
    d->kind = sget(root, "kind");
    mounts_of(get(root, "containerEdits"), a, d, &alloc);
    devs = get(root, "devices");
    if (devs && devs->kind == N_SEQ) {
        d->devices = arena_alloc(a, (devs->n_kids + 1) * sizeof(*d->devices));
        for (i = 0; i < devs->n_kids; i++) {
            const char *name = sget(devs->kids[i], "name");
            if (name)
                d->devices[d->n_devices++] = name;
            mounts_of(get(devs->kids[i], "containerEdits"), a, d, &alloc);
        }
    }
    rc = 0;
out:
    for (i = 0; i < t.n_all; i++)
        free(t.all[i]->kids);
    free(t.all);
    yaml_parser_delete(&t.p);
    return rc;
}

#endif
