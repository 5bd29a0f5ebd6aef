/*
 * lookup.c - answer the diagnosis's loader questions live (and record the
 * answers) or from the recorded answers.  A question is a canonical string:
 * its kind, then every input that can change the answer, tab-separated.
 */
#include "diagnose/lookup.h"

#include <string.h>

#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

void lookup_init(struct lookup *lk, struct resolver *r, struct facts *rec)
{
    memset(lk, 0, sizeof(*lk));
    lk->r = r;
    lk->rec = rec;
}

static const struct lib_answer *recorded(const struct lookup *lk, const char *query)
{
    size_t i;
    if (!lk)
        return NULL;
    for (i = 0; i < lk->rec->n_answers; i++)
        if (!strcmp(lk->rec->answers[i].query, query))
            return &lk->rec->answers[i];
    return NULL;
}

static void record(struct lookup *lk, const char *query, const char *path, const char *step, const char *stale)
{
    struct facts *f = lk->rec;
    struct lib_answer *a;
    ALLOC_GROW(f->answers, f->n_answers + 1, f->alloc_answers);
    a = &f->answers[f->n_answers++];
    a->query = facts_str(f, query);
    a->path = path ? facts_str(f, path) : NULL;
    a->step = step ? facts_str(f, step) : NULL;
    a->stale = stale ? facts_str(f, stale) : NULL;
}

/* Answer from the record: 1 / 0, or -1 when it holds no such question. */
static int replay(const struct lookup *lk, const char *query, struct lookup_answer *out)
{
    const struct lib_answer *a = recorded(lk, query);
    memset(out, 0, sizeof(*out));
    if (!a)
        return -1;
    out->path = a->path;
    out->step = a->step;
    out->stale = a->stale;
    return a->path ? 1 : 0;
}

static void add_field(struct strbuf *q, const char *s)
{
    strbuf_addch(q, '\t');
    strbuf_addstr(q, s ? s : "-");
}

/* Ask the live resolver for name from chain (n objects), record the answer
 * under query and return it as replay does. */
static int ask(struct lookup *lk, const char *query, const char *name, const struct resolve_object *chain,
               size_t n, const char *llp, struct lookup_answer *out)
{
    struct resolve_request req;
    struct resolve_result res;
    struct gd_err err;

    memset(&req, 0, sizeof(req));
    req.name = name;
    req.chain = chain;
    req.n_chain = n;
    req.ld_library_path = llp;
    err_init(&err);
    if (resolve_library(lk->r, &req, &res, &err) == 1)
        record(lk, query, res.path, resolve_step_name(res.step), NULL);
    else
        record(lk, query, NULL, NULL, res.stale_uncached);
    resolve_result_release(&res);
    return replay(lk, query, out);
}

int lookup_library(struct lookup *lk, const char *name, const char *from, const char *llp,
                   struct lookup_answer *out)
{
    struct strbuf q = STRBUF_INIT;
    struct gd_err err;
    int r;

    strbuf_addstr(&q, "ld");
    add_field(&q, name);
    add_field(&q, from);
    add_field(&q, llp);
    r = replay(lk, q.buf, out);
    if (r >= 0 || !lk || !lk->r) {
        strbuf_release(&q);
        return r;
    }
    if (from && (!lk->obj_path || strcmp(lk->obj_path, from))) {
        memset(&lk->obj, 0, sizeof(lk->obj));
        memset(&lk->info, 0, sizeof(lk->info));
        err_init(&err);
        lk->obj_ok = resolve_object_read(lk->r, from, &lk->obj, &lk->info, &err) == 1;
        lk->obj_path = facts_str(lk->rec, from);
    }
    if (from && !lk->obj_ok) {
        strbuf_release(&q);
        return -1;
    }
    r = ask(lk, q.buf, name, from ? &lk->obj : NULL, from ? 1 : 0, llp, out);
    strbuf_release(&q);
    return r;
}

int lookup_library_chain(struct lookup *lk, const char *name, const char *const *chain, size_t n,
                         const char *llp, struct lookup_answer *out)
{
    struct strbuf q = STRBUF_INIT;
    struct resolve_object objs[LOOKUP_MAX_CHAIN];
    struct elf_info infos[LOOKUP_MAX_CHAIN];
    struct gd_err err;
    size_t i;
    int r;

    if (n > LOOKUP_MAX_CHAIN)
        n = LOOKUP_MAX_CHAIN;
    if (n <= 1)
        return lookup_library(lk, name, n ? chain[0] : NULL, llp, out);
    strbuf_addstr(&q, "ldchain");
    add_field(&q, name);
    for (i = 0; i < n; i++)
        add_field(&q, chain[i]);
    add_field(&q, llp);
    r = replay(lk, q.buf, out);
    if (r >= 0 || !lk || !lk->r) {
        strbuf_release(&q);
        return r;
    }
    for (i = 0; i < n; i++) {
        memset(&objs[i], 0, sizeof(objs[i]));
        memset(&infos[i], 0, sizeof(infos[i]));
        err_init(&err);
        if (resolve_object_read(lk->r, chain[i], &objs[i], &infos[i], &err) != 1) {
            strbuf_release(&q);
            return -1;
        }
    }
    r = ask(lk, q.buf, name, objs, n, llp, out);
    strbuf_release(&q);
    return r;
}

int lookup_windows(struct lookup *lk, const struct win_dll_search *s, const char *name,
                   struct lookup_answer *out)
{
    struct strbuf q = STRBUF_INIT, list = STRBUF_INIT;
    const char *path = NULL, *step = NULL;
    size_t i;
    int r;

    strbuf_addstr(&q, "win");
    add_field(&q, s->mode == WIN_DLL_STANDARD ? "standard" : "search_default");
    add_field(&q, s->app_dir);
    add_field(&q, s->dll_load_dir);
    add_field(&q, s->importer);
    for (i = 0; i < s->n_dll_dirs; i++) {
        if (i)
            strbuf_addch(&list, ';');
        strbuf_addstr(&list, s->dll_dirs[i]);
    }
    add_field(&q, s->mode == WIN_DLL_SEARCH_DEFAULT ? list.buf : NULL);
    strbuf_reset(&list);
    for (i = 0; s->path && i < s->path->nr; i++) {
        if (i)
            strbuf_addch(&list, ';');
        strbuf_addstr(&list, s->path->v[i]);
    }
    add_field(&q, s->mode == WIN_DLL_STANDARD && s->path ? list.buf : NULL);
    add_field(&q, name);
    strbuf_release(&list);
    r = replay(lk, q.buf, out);
    if (r >= 0 || !lk || !lk->r) {
        strbuf_release(&q);
        return r;
    }
    if (win_dll_find(lk->r->fs, &lk->rec->arena, s, name, &path, &step))
        record(lk, q.buf, path, step, NULL);
    else
        record(lk, q.buf, NULL, NULL, NULL);
    r = replay(lk, q.buf, out);
    strbuf_release(&q);
    return r;
}

int lookup_loadable(struct lookup *lk, const char *path, struct lookup_answer *out)
{
    struct strbuf q = STRBUF_INIT;
    int r;

    strbuf_addstr(&q, "loadable");
    add_field(&q, path);
    r = replay(lk, q.buf, out);
    if (r < 0 && lk && lk->r) {
        const char *detail;
        enum resolve_outcome o = resolve_check_file(lk->r, path, &detail);
        record(lk, q.buf, o == ROUT_FOUND ? path : NULL, resolve_outcome_name(o), NULL);
        r = replay(lk, q.buf, out);
    }
    strbuf_release(&q);
    return r;
}

const char *lookup_realpath(struct lookup *lk, const char *path)
{
    struct strbuf q = STRBUF_INIT, real = STRBUF_INIT;
    struct lookup_answer a;
    int r;

    strbuf_addstr(&q, "realpath");
    add_field(&q, path);
    r = replay(lk, q.buf, &a);
    if (r < 0 && lk && lk->r) {
        record(lk, q.buf, fs_realpath(lk->r->fs, path, &real, NULL) == 1 ? real.buf : NULL, NULL, NULL);
        r = replay(lk, q.buf, &a);
    }
    strbuf_release(&q);
    strbuf_release(&real);
    return r == 1 ? a.path : NULL;
}
