/*
 * lockfile_data.c - Pipfile.lock (JSON, jansson) and conda's
 * environment.yml (YAML, libyaml) for scan/lockfile.h.
 */
#include "scan/lockfile_int.h"

#include <string.h>

#include <jansson.h>
#ifdef GD_LIBYAML
#include <yaml.h>
#endif

#include "util/alloc.h"
#include "util/banned.h"

/* Pipfile.lock: {"_meta": {"sources": [{"name", "url"}], "requires": {"python_version"}},
 *                "default": {"torch": {"version": "==2.1.0", "index": "pytorch", "extras": [...]}},
 *                "develop": {...}} */
int lock_read_pipfile(struct lock_file *lf, const char *buf, size_t len, struct gd_err *err)
{
    json_error_t je;
    json_t *doc = json_loadb(buf, len, 0, &je), *meta, *srcs, *v;
    static const char *const groups[] = { "default", "develop" };
    size_t g, i;
    const char *key;
    int rc = 0;

    if (!doc || !json_is_object(doc)) {
        rc = err_setx(err, GD_ERR_FORMAT, "not a Pipfile.lock (JSON object): %s", doc ? "not an object" : je.text);
        json_decref(doc);
        return rc;
    }
    meta = json_object_get(doc, "_meta");
    srcs = json_object_get(meta, "sources");
    json_array_foreach(srcs, i, v) {
        const char *url = json_string_value(json_object_get(v, "url"));
        if (url)
            lock_index(lf, url);
    }
    {
        const char *py = json_string_value(json_object_get(json_object_get(meta, "requires"), "python_version"));
        if (py)
            lf->python = arena_strdup(&lf->arena, py);
    }
    for (g = 0; g < 2 && rc == 0; g++) {
        json_t *group = json_object_get(doc, groups[g]);
        json_object_foreach(group, key, v) {
            struct lock_req *r;
            const char *ver = json_string_value(json_object_get(v, "version"));
            const char *index = json_string_value(json_object_get(v, "index"));
            json_t *ex = json_object_get(v, "extras"), *e;
            size_t k;
            if (!json_is_object(v))
                continue;
            if (!(r = lock_add(lf, err))) {
                rc = -1;
                break;
            }
            r->name = lock_normalize(&lf->arena, key, strlen(key));
            r->dev = g == 1;
            if (ver && ver[0] == '=' && ver[1] == '=' && !strpbrk(ver + 2, ",*<>!~"))
                r->version = arena_strdup(&lf->arena, ver + 2);
            else if (ver)
                r->spec = arena_strdup(&lf->arena, ver);
            json_array_foreach(ex, k, e) {
                const char *x = json_string_value(e);
                if (x)
                    r->extras = r->extras ? arena_printf(&lf->arena, "%s,%s", r->extras, x) : arena_strdup(&lf->arena, x);
            }
            if (index) {
                json_array_foreach(srcs, k, e) {
                    const char *n = json_string_value(json_object_get(e, "name"));
                    const char *url = json_string_value(json_object_get(e, "url"));
                    if (n && url && !strcmp(n, index))
                        r->index = arena_strdup(&lf->arena, url);
                }
            }
        }
    }
    json_decref(doc);
    return rc;
}

#ifndef GD_LIBYAML

int lock_read_conda_env(struct lock_file *lf, const char *buf, size_t len, struct gd_err *err)
{
    (void)lf, (void)buf, (void)len;
    return err_setx(err, GD_ERR_UNSUPPORTED, "this build cannot read environment.yml (built without libyaml)");
}

#else

#define YMAX_DEPTH 64
#define YMAX_NODES 200000

enum ykind { Y_SCALAR, Y_MAP, Y_SEQ };

struct ynode {
    enum ykind kind;
    const char *scalar;
    size_t line;
    struct ynode **kids;       /* map: key, value, ...; seq: items */
    size_t n, alloc;
};

struct ytree {
    yaml_parser_t p;
    struct arena *a;
    struct ynode **all;        /* for release */
    size_t n_all, alloc_all;
    int bad;
};

static struct ynode *ynew(struct ytree *t, enum ykind k, size_t line)
{
    struct ynode *n;
    if (t->n_all >= YMAX_NODES) {
        t->bad = 1;
        return NULL;
    }
    n = xcalloc(1, sizeof(*n));
    n->kind = k;
    n->line = line;
    ALLOC_GROW(t->all, t->n_all + 1, t->alloc_all);
    t->all[t->n_all++] = n;
    return n;
}

static void ykid(struct ynode *n, struct ynode *k)
{
    ALLOC_GROW(n->kids, n->n + 1, n->alloc);
    n->kids[n->n++] = k;
}

/* The node that starts with event ev (consumed); NULL at a stream's end or on an error. */
static struct ynode *ybuild(struct ytree *t, yaml_event_t *ev, unsigned depth)
{
    struct ynode *n = NULL;
    size_t line = ev->start_mark.line + 1;
    if (depth > YMAX_DEPTH) {
        t->bad = 1;
        yaml_event_delete(ev);
        return NULL;
    }
    switch (ev->type) {
    case YAML_SCALAR_EVENT:
        if ((n = ynew(t, Y_SCALAR, line)) != NULL)
            n->scalar = arena_strndup(t->a, (const char *)ev->data.scalar.value, ev->data.scalar.length);
        yaml_event_delete(ev);
        return n;
    case YAML_ALIAS_EVENT:
        yaml_event_delete(ev);
        return ynew(t, Y_SCALAR, line);   /* an alias: not followed (no expansion bombs) */
    case YAML_MAPPING_START_EVENT:
    case YAML_SEQUENCE_START_EVENT: {
        enum yaml_event_type_e end = ev->type == YAML_MAPPING_START_EVENT ? YAML_MAPPING_END_EVENT : YAML_SEQUENCE_END_EVENT;
        n = ynew(t, ev->type == YAML_MAPPING_START_EVENT ? Y_MAP : Y_SEQ, line);
        yaml_event_delete(ev);
        if (!n)
            return NULL;
        for (;;) {
            yaml_event_t kev;
            struct ynode *k;
            if (!yaml_parser_parse(&t->p, &kev)) {
                t->bad = 1;
                return NULL;
            }
            if (kev.type == end) {
                yaml_event_delete(&kev);
                return n;
            }
            if (!(k = ybuild(t, &kev, depth + 1)))
                return NULL;
            ykid(n, k);
        }
    }
    default:
        yaml_event_delete(ev);
        t->bad = 1;
        return NULL;
    }
}

static const struct ynode *yget(const struct ynode *m, const char *key)
{
    size_t i;
    if (!m || m->kind != Y_MAP)
        return NULL;
    for (i = 0; i + 1 < m->n; i += 2)
        if (m->kids[i]->kind == Y_SCALAR && m->kids[i]->scalar && !strcmp(m->kids[i]->scalar, key))
            return m->kids[i + 1];
    return NULL;
}

int lock_read_conda_env(struct lock_file *lf, const char *buf, size_t len, struct gd_err *err)
{
    struct ytree t;
    yaml_event_t ev;
    struct ynode *root = NULL;
    const struct ynode *deps, *chans;
    size_t i, j;
    int rc = 0;

    memset(&t, 0, sizeof(t));
    t.a = &lf->arena;
    if (!yaml_parser_initialize(&t.p))
        return err_setx(err, GD_ERR_SYS, "libyaml: cannot initialise a parser");
    yaml_parser_set_input_string(&t.p, (const unsigned char *)buf, len);
    /* stream start, document start, the root node */
    while (!t.bad && !root) {
        if (!yaml_parser_parse(&t.p, &ev)) {
            t.bad = 1;
            break;
        }
        if (ev.type == YAML_STREAM_END_EVENT) {
            yaml_event_delete(&ev);
            break;
        }
        if (ev.type == YAML_STREAM_START_EVENT || ev.type == YAML_DOCUMENT_START_EVENT) {
            yaml_event_delete(&ev);
            continue;
        }
        root = ybuild(&t, &ev, 0);
    }
    if (t.bad || !root || root->kind != Y_MAP) {
        rc = err_setx(err, GD_ERR_FORMAT, "not a conda environment file (YAML mapping)%s%s",
                      t.p.problem ? ": " : "", t.p.problem ? t.p.problem : "");
        goto out;
    }
    chans = yget(root, "channels");
    for (i = 0; chans && chans->kind == Y_SEQ && i < chans->n; i++)
        if (chans->kids[i]->kind == Y_SCALAR && chans->kids[i]->scalar)
            lock_index(lf, chans->kids[i]->scalar);
    deps = yget(root, "dependencies");
    for (i = 0; rc == 0 && deps && deps->kind == Y_SEQ && i < deps->n; i++) {
        const struct ynode *d = deps->kids[i], *pip;
        if (d->kind == Y_SCALAR && d->scalar) {
            struct lock_req r, *out;
            if (!lock_conda_spec(&lf->arena, d->scalar, strlen(d->scalar), &r))
                continue;
            if (!strcmp(r.name, "python")) {
                lf->python = r.version ? r.version : r.spec;
                continue;
            }
            if (!(out = lock_add(lf, err))) {
                rc = -1;
                break;
            }
            *out = r;
            out->line = d->line;
        } else if ((pip = yget(d, "pip")) != NULL && pip->kind == Y_SEQ) {
            for (j = 0; j < pip->n; j++) {
                const struct ynode *s = pip->kids[j];
                if (s->kind == Y_SCALAR && s->scalar &&
                    lock_pip_words(lf, s->scalar, strlen(s->scalar), s->line, err) < 0) {
                    rc = -1;
                    break;
                }
            }
        }
    }
out:
    for (i = 0; i < t.n_all; i++) {
        free(t.all[i]->kids);
        free(t.all[i]);
    }
    free(t.all);
    yaml_parser_delete(&t.p);
    return rc;
}

#endif
