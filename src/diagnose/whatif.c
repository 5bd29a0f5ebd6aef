/*
 * whatif.c - check --set: edits of the facts, and the diagnosis compared
 * before and after (whatif.h).
 */
#include "diagnose/whatif.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose/choose.h"
#include "diagnose/fw.h"
#include "facts/facts_fields.h"
#include "kb/kb.h"
#include "kb/ver_dotted.h"
#include "kb/ver_driver.h"
#include "kb/ver_pep440.h"
#include "util/alloc.h"
#include "util/banned.h"

#define SET_SOURCE "check --set"

/* ---- the field-table walk ---- */

/* Replace every string member equal to from with to, in record r at rec; the count. */
static size_t replace_strings(const struct fj_record *r, void *rec, const char *from, const char *to)
{
    size_t i, k, n = 0;
    for (i = 0; i < r->n_fields; i++) {
        const struct fj_field *fd = &r->fields[i];
        switch (fd->kind) {
        case FJ_STR: {
            const char *s = fj_get_str(rec, fd->off);
            if (s && !strcmp(s, from)) {
                fj_set_str(rec, fd->off, to);
                n++;
            }
            break;
        }
        case FJ_OBJ:
        case FJ_GROUP:
            n += replace_strings(fd->sub, (char *)rec + fd->off, from, to);
            break;
        case FJ_ARR: {
            char *base = fj_get_ptr(rec, fd->off);
            size_t cnt = fj_get_size(rec, fd->off_n);
            for (k = 0; base && k < cnt; k++)
                n += replace_strings(fd->sub, base + k * fd->elem_size, from, to);
            break;
        }
        default:
            break;
        }
    }
    return n;
}

/* The field called key in r (a group's members count as r's own); *owner_off
 * gets the offset of the record holding it from rec. */
static const struct fj_field *find_field(const struct fj_record *r, const char *key, size_t klen,
                                         size_t *owner_off)
{
    size_t i;
    for (i = 0; i < r->n_fields; i++) {
        const struct fj_field *fd = &r->fields[i];
        if (fd->kind == FJ_GROUP) {
            size_t sub_off = 0;
            const struct fj_field *g = find_field(fd->sub, key, klen, &sub_off);
            if (g) {
                *owner_off += fd->off + sub_off;
                return g;
            }
            continue;
        }
        if (fd->key && fd->kind != FJ_SKIP && fd->kind != FJ_PRESENT && strlen(fd->key) == klen &&
            !memcmp(fd->key, key, klen))
            return fd;
    }
    return NULL;
}

/* Parse value for a scalar member; 0, or -1 (err). */
static int set_scalar(struct arena *a, const struct fj_field *fd, void *rec, const char *value,
                      struct gd_err *err)
{
    int null = !strcmp(value, "null");
    char *end;
    long long v;
    switch (fd->kind) {
    case FJ_STR:
    case FJ_CSV:
        fj_set_str(rec, fd->off, null ? NULL : arena_strdup(a, value));
        return 0;
    case FJ_BOOL:
        if (!strcmp(value, "true") || !strcmp(value, "1"))
            fj_set_int(rec, fd->off, 1);
        else if (!strcmp(value, "false") || !strcmp(value, "0"))
            fj_set_int(rec, fd->off, 0);
        else
            return err_setx(err, GD_ERR_USAGE, "'%s' takes true or false", fd->key);
        return 0;
    case FJ_TRI:
        if (!strcmp(value, "true"))
            fj_set_int(rec, fd->off, 1);
        else if (!strcmp(value, "false"))
            fj_set_int(rec, fd->off, 0);
        else if (null)
            fj_set_int(rec, fd->off, -1);
        else
            return err_setx(err, GD_ERR_USAGE, "'%s' takes true, false or null", fd->key);
        return 0;
    case FJ_INT:
    case FJ_UINT:
    case FJ_FALSEINT:
        if (null && fd->kind == FJ_INT) {
            fj_set_int(rec, fd->off, -1);
            return 0;
        }
        v = strtoll(value, &end, 10);
        if (end == value || *end || v < 0 || (fd->max && (uint64_t)v > fd->max) || v > INT32_MAX)
            return err_setx(err, GD_ERR_USAGE, "'%s' takes a number%s", fd->key,
                            fd->max ? " in its range" : "");
        if (fd->kind == FJ_UINT)
            fj_set_uint(rec, fd->off, (unsigned)v);
        else
            fj_set_int(rec, fd->off, (int)v);
        return 0;
    default:
        return err_setx(err, GD_ERR_USAGE, "'%s' is not a string, number, boolean or tri-state member", fd->key);
    }
}

/* Set path (dot-separated JSON keys) under record r at rec; *n counts the members set. */
static int set_path(struct arena *a, const struct fj_record *r, void *rec, const char *path, const char *value,
                    size_t *n, const char **was, struct gd_err *err)
{
    size_t klen = strcspn(path, "."), owner = 0, k;
    const struct fj_field *fd = find_field(r, path, klen, &owner);
    char *base;

    if (!fd)
        return err_setx(err, GD_ERR_USAGE, "no member '%.*s' in %s (docs/json.md lists the --facts document)",
                        (int)klen, path, r->name);
    rec = (char *)rec + owner;
    if (!path[klen]) {
        if (fd->kind == FJ_STR && !*was)
            *was = fj_get_str(rec, fd->off);
        if (set_scalar(a, fd, rec, value, err) < 0)
            return -1;
        (*n)++;
        return 0;
    }
    switch (fd->kind) {
    case FJ_OBJ:
    case FJ_GROUP:
        return set_path(a, fd->sub, (char *)rec + fd->off, path + klen + 1, value, n, was, err);
    case FJ_ARR:
        base = fj_get_ptr(rec, fd->off);
        for (k = 0; base && k < fj_get_size(rec, fd->off_n); k++)
            if (set_path(a, fd->sub, base + k * fd->elem_size, path + klen + 1, value, n, was, err) < 0)
                return -1;
        return 0;
    default:
        return err_setx(err, GD_ERR_USAGE, "'%.*s' has no members", (int)klen, path);
    }
}

/* ---- the named keys ---- */

static struct whatif_edit *new_edit(struct whatif *w, const char *key, const char *value)
{
    struct whatif_edit *e;
    ALLOC_GROW(w->edits, w->n_edits + 1, w->alloc_edits);
    e = &w->edits[w->n_edits++];
    memset(e, 0, sizeof(*e));
    e->key = arena_strdup(w->arena, key);
    e->value = arena_strdup(w->arena, value);
    return e;
}

static int set_driver(struct whatif *w, struct facts *f, const struct kb *kb, struct whatif_edit *e,
                      struct gd_err *err)
{
    const char *old = facts_driver_version(f), *cmax = NULL, *src = NULL, *oldmax;
    const char *v = e->value;
    size_t n;

    if (ver_driver_branch(v) < 0)
        return err_setx(err, GD_ERR_USAGE, "driver=%s: not a driver version", v);
    if (!old)
        return err_setx(err, GD_ERR_USAGE, "driver=%s: the facts hold no NVIDIA driver to change (installing "
                        "one adds files, libraries and device nodes the facts cannot know)", v);
    e->was = old = arena_strdup(w->arena, old);
    oldmax = f->driver.cuda_max;
    n = replace_strings(&facts_record, f, old, v);
    if (kb_driver_cuda_max(kb, v, &cmax, &src) == 1) {
        f->driver.cuda_max = cmax;
        f->driver.cuda_max_source = src;
    } else {
        f->driver.cuda_max = NULL;
        f->driver.cuda_max_source = NULL;
    }
    e->what = arena_printf(w->arena, "driver %s -> %s (%zu field%s); its CUDA ceiling %s -> %s", old, v, n,
                           n == 1 ? "" : "s", oldmax ? oldmax : "unknown", cmax ? cmax : "unknown");
    e->caveat = "library file names keep the old version (the loader's recorded answers stay as they were)";
    return 0;
}

static int is_packaged(const struct cuda_install *c)
{
    return c->provenance && (!strcmp(c->provenance, "pip") || !strcmp(c->provenance, "conda"));
}

static int set_cuda(struct whatif *w, struct facts *f, struct whatif_edit *e, struct gd_err *err)
{
    char norm[32];
    struct cuda_install *c = NULL;
    size_t i, j, n_sys = 0;

    if (ver_cuda_normalize(e->value, norm, sizeof(norm)) || ver_major(norm) <= 0)
        return err_setx(err, GD_ERR_USAGE, "cuda=%s: not a CUDA version (X.Y)", e->value);
    /* The system's toolkits: pip's and conda's come with their packages (pkg:). */
    for (i = 0; i < f->n_cuda; i++)
        if (!is_packaged(&f->cuda[i])) {
            n_sys++;
            c = &f->cuda[i];
        }
    if (n_sys > 1)
        c = NULL;
    for (i = 0; !c && n_sys && i < f->n_cuda; i++) {
        if (is_packaged(&f->cuda[i]))
            continue;
        if (!strcmp(f->cuda[i].path, "/usr/local/cuda"))
            c = &f->cuda[i];
        for (j = 0; !c && j < f->cuda[i].n_aliases; j++)
            if (!strcmp(f->cuda[i].aliases[j], "/usr/local/cuda"))
                c = &f->cuda[i];
    }
    if (!c && !n_sys)
        return err_setx(err, GD_ERR_USAGE, "cuda=%s: the facts hold no system CUDA toolkit to change (pip's and "
                        "conda's CUDA come with their framework: pkg:ENV:NAME=VERSION)", e->value);
    if (!c)
        return err_setx(err, GD_ERR_USAGE, "cuda=%s: %zu CUDA toolkits and none is /usr/local/cuda: set "
                        "cuda_toolkits.version to change them all", e->value, n_sys);
    e->was = c->version;
    e->what = arena_printf(w->arena, "CUDA toolkit %s: %s -> %s", c->path, c->version ? c->version : "unknown",
                           e->value);
    if (c->version && ver_major(c->version) != ver_major(norm))
        e->caveat = "a new major version's libraries have other sonames: the toolkit's files and the loader's "
                    "answers stay the old ones";
    c->version = e->value;
    c->version_source = SET_SOURCE;
    return 0;
}

static int set_gpu(struct whatif *w, struct facts *f, const struct kb *kb, struct whatif_edit *e,
                   struct gd_err *err)
{
    const char *name = NULL, *cc = NULL, *src = NULL;
    struct kb_gpu g;
    size_t it = 0, i;
    unsigned device = 0;
    char *end;

    if (!f->n_gpus)
        return err_setx(err, GD_ERR_USAGE, "gpu=%s: the facts hold no GPU to change", e->value);
    if (e->value[0] >= '0' && e->value[0] <= '9' && strtod(e->value, &end) > 0 && *end == '\0') {
        cc = e->value;
    } else if (kb_gpu_by_name(kb, e->value, &name, &cc, &src) == 1) {
        if (kb_gpu_find(kb, e->value, &it, &g) == 1 && g.device)
            device = g.device;
    } else {
        return err_setx(err, GD_ERR_USAGE, "gpu=%s: unknown GPU (try a compute capability such as 9.0, or "
                        "'gpudoctor matrix gpu %s')", e->value, e->value);
    }
    e->was = f->gpus[0].name ? f->gpus[0].name : f->gpus[0].compute_capability;
    for (i = 0; i < f->n_gpus; i++) {
        if (name) {
            f->gpus[i].name = name;
            f->gpus[i].name_source = SET_SOURCE;
        }
        if (device)
            f->gpus[i].device = device;
        f->gpus[i].compute_capability = cc;
        f->gpus[i].cc_source = SET_SOURCE;
    }
    e->what = arena_printf(w->arena, "%zu GPU%s -> %s%scompute capability %s", f->n_gpus, f->n_gpus == 1 ? "" : "s",
                           name ? name : "", name ? ", " : "", cc ? cc : "unknown");
    return 0;
}

static int set_os(struct whatif *w, struct facts *f, struct whatif_edit *e, struct gd_err *err)
{
    const char *dash = strrchr(e->value, '-');
    if (!dash || dash == e->value || !dash[1])
        return err_setx(err, GD_ERR_USAGE, "os=%s: give the os-release ID and VERSION_ID as ID-VERSION", e->value);
    e->was = f->system.distro_id ? arena_printf(w->arena, "%s-%s", f->system.distro_id,
                                                f->system.distro_version ? f->system.distro_version : "?")
                                 : NULL;
    f->system.distro_id = arena_strndup(w->arena, e->value, (size_t)(dash - e->value));
    f->system.distro_version = arena_strdup(w->arena, dash + 1);
    f->system.distro_name = arena_printf(w->arena, "%s %s", f->system.distro_id, f->system.distro_version);
    f->system.distro_source = SET_SOURCE;
    e->what = arena_printf(w->arena, "distribution %s -> %s %s", e->was ? e->was : "unknown",
                           f->system.distro_id, f->system.distro_version);
    return 0;
}

/* The environment ENV names (prefix, conda name, or 1-based number), or NULL. */
static struct python_env *find_env(struct facts *f, const char *env, size_t n)
{
    size_t i;
    char *end;
    unsigned long k = strtoul(env, &end, 10);
    if (end == env + n && k >= 1 && k <= f->n_pyenvs)
        return &f->pyenvs[k - 1];
    for (i = 0; i < f->n_pyenvs; i++)
        if (f->pyenvs[i].prefix && strlen(f->pyenvs[i].prefix) == n && !memcmp(f->pyenvs[i].prefix, env, n))
            return &f->pyenvs[i];
    for (i = 0; i < f->n_pyenvs; i++)
        if (f->pyenvs[i].name && strlen(f->pyenvs[i].name) == n && !memcmp(f->pyenvs[i].name, env, n))
            return &f->pyenvs[i];
    return NULL;
}

static int set_pkg(struct whatif *w, struct facts *f, const struct kb *kb, struct whatif_edit *e,
                   struct gd_err *err)
{
    const char *spec = e->key + 4, *colon = strrchr(spec, ':'), *name;
    const struct fw_def *def;
    struct python_env *pe;
    struct framework_build *fw = NULL;
    struct choose_in in;
    struct choice ch;
    size_t i;

    if (!colon || colon == spec || !colon[1])
        return err_setx(err, GD_ERR_USAGE, "%s: write pkg:ENV:NAME=VERSION", e->key);
    name = colon + 1;
    if (!(def = fw_find(name)))
        return err_setx(err, GD_ERR_USAGE, "%s: '%s' is not a framework gpudoctor judges", e->key, name);
    if (!(pe = find_env(f, spec, (size_t)(colon - spec))))
        return err_setx(err, GD_ERR_USAGE, "%s: no Python environment '%.*s' in the facts (its prefix, conda name "
                        "or number)", e->key, (int)(colon - spec), spec);
    if (!e->value[0] || strchr(e->value, ' '))
        return err_setx(err, GD_ERR_USAGE, "%s=%s: not a release", e->key, e->value);
    for (i = 0; i < pe->n_frameworks && !fw; i++)
        if (!strcmp(pe->frameworks[i].name, def->name))
            fw = &pe->frameworks[i];
    if (!fw) {
        ALLOC_GROW(pe->frameworks, pe->n_frameworks + 1, pe->alloc_frameworks);
        fw = &pe->frameworks[pe->n_frameworks++];
        memset(fw, 0, sizeof(*fw));
        fw->debug = -1;
        fw->device_code = -1;
        fw->name = def->name;
        fw->dist = def->name;
        fw->location = pe->site_packages;
        fw->installer = "pip";
    } else {
        e->was = fw->version;
    }
    /* The old build's files are not the new one's (the arrays stay
     * allocated for facts_release; a module's own list is freed here). */
    for (i = 0; i < fw->n_modules; i++) {
        free(fw->modules[i].needed);
        fw->modules[i].needed = NULL;
        fw->modules[i].n_needed = fw->modules[i].alloc_needed = 0;
    }
    fw->n_modules = fw->n_bundled_libs = fw->n_deps = fw->n_unresolved = fw->n_components = 0;
    fw->version_skew = 0;
    fw->archs = fw->archs_source = fw->compute_capabilities = NULL;
    fw->cuda_library = fw->extension = fw->wheel_tag = fw->wheel_tag_source = fw->git_version = NULL;
    fw->hip = NULL;
    fw->version = e->value;
    fw->local = ver_pep440_local(fw->version);
    fw->build_source = SET_SOURCE;
    fw->cuda = fw->cudnn = NULL;
    fw->variant = fw->local && !strcmp(fw->local, "cpu") ? "cpu" : NULL;

    memset(&in, 0, sizeof(in));
    in.fw = def;
    in.want = e->value;
    in.strict = 1;
    in.os = f->system.os;
    in.wsl = f->system.wsl == 2;
    in.arch = f->system.arch;
    in.jetson = f->tegra.present;
    if (choose(kb, &in, w->arena, &ch) == 1 && !(fw->variant && !strcmp(fw->variant, "cpu"))) {
        fw->cuda = ch.cuda;
        fw->cudnn = ch.cudnn;
        fw->variant = ch.cuda ? "cuda" : fw->variant;
        e->what = arena_printf(w->arena, "%s in %s: %s -> %s (CUDA %s, cuDNN %s: %s)", def->name,
                               pe->prefix ? pe->prefix : "?", e->was ? e->was : "not installed", e->value,
                               ch.cuda ? ch.cuda : "unknown", ch.cudnn ? ch.cudnn : "unknown", ch.label);
        e->caveat = "judged as that release's build row: its files (libraries, modules, dependencies) are not "
                    "in the facts";
    } else {
        e->what = arena_printf(w->arena, "%s in %s: %s -> %s", def->name, pe->prefix ? pe->prefix : "?",
                               e->was ? e->was : "not installed", e->value);
        e->caveat = fw->variant ? "a CPU build" : "the knowledge base has no build row for this release on this "
                                                  "platform: its CUDA is unknown";
    }
    return 0;
}

int whatif_apply(struct whatif *w, struct facts *f, const struct kb *kb, const char *assignment,
                 struct gd_err *err)
{
    const char *eq = strchr(assignment, '=');
    char key[256];
    struct whatif_edit *e;
    size_t n_before = w->n_edits, n = 0;
    int rc;

    if (!eq || eq == assignment || (size_t)(eq - assignment) >= sizeof(key))
        return err_setx(err, GD_ERR_USAGE, "--set %s: write KEY=VALUE", assignment);
    memcpy(key, assignment, (size_t)(eq - assignment));
    key[eq - assignment] = '\0';
    e = new_edit(w, key, eq + 1);
    if (!strcmp(key, "driver"))
        rc = set_driver(w, f, kb, e, err);
    else if (!strcmp(key, "cuda"))
        rc = set_cuda(w, f, e, err);
    else if (!strcmp(key, "gpu"))
        rc = set_gpu(w, f, kb, e, err);
    else if (!strcmp(key, "os"))
        rc = set_os(w, f, e, err);
    else if (!strncmp(key, "pkg:", 4))
        rc = set_pkg(w, f, kb, e, err);
    else if (!(rc = set_path(w->arena, &facts_record, f, key, e->value, &n, &e->was, err)))
        e->what = arena_printf(w->arena, "%s -> %s (%zu member%s)", key, e->value, n, n == 1 ? "" : "s");
    if (rc < 0)
        w->n_edits = n_before;
    return rc;
}

/* ---- the comparison ---- */

static const char *verdict_key(struct arena *a, const struct verdict *v)
{
    return arena_printf(a, "%s\t%s", v->env && v->env->prefix ? v->env->prefix : "",
                        v->fw && v->fw->name ? v->fw->name : v->subject ? v->subject : "");
}

void whatif_begin(struct whatif *w, struct facts *f, const struct diagnosis *before, int exit_before)
{
    size_t i;
    memset(w, 0, sizeof(*w));
    w->arena = &f->arena;
    w->added.arena = w->gone.arena = &f->arena;
    w->exit_before = exit_before;
    w->prev = before->findings.v;
    w->n_prev = before->findings.nr;
    w->prev_v = before->verdicts;
    w->n_prev_v = before->n_verdicts;
    w->prev_keys = w->n_prev_v ? xcalloc(w->n_prev_v, sizeof(*w->prev_keys)) : NULL;
    for (i = 0; i < w->n_prev_v; i++)
        w->prev_keys[i] = verdict_key(w->arena, &before->verdicts[i]);
}

static int same_str(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

/* "torch 2.4.0 (/venv)" and "torch 2.14.0+cu132 (/venv)": one framework in one environment. */
static int same_install(const char *a, const char *b)
{
    const char *pa, *pb;
    size_t na, nb;
    if (!a || !b)
        return 0;
    na = strcspn(a, " ");
    nb = strcspn(b, " ");
    pa = strchr(a, '(');
    pb = strchr(b, '(');
    return na == nb && !memcmp(a, b, na) && pa && pb && !strcmp(pa, pb);
}

static void push_finding(struct findings *fl, const struct finding *fd)
{
    ALLOC_GROW(fl->v, fl->nr + 1, fl->alloc);
    fl->v[fl->nr++] = *fd;
}

static struct whatif_verdict *push_verdict(struct whatif *w)
{
    struct whatif_verdict *v;
    ALLOC_GROW(w->verdicts, w->n_verdicts + 1, w->alloc_verdicts);
    v = &w->verdicts[w->n_verdicts++];
    memset(v, 0, sizeof(*v));
    v->before = v->after = GPU_UNKNOWN;
    return v;
}

void whatif_finish(struct whatif *w, const struct facts *f, const struct diagnosis *after, int exit_after)
{
    const struct finding *cur = after->findings.v;
    size_t n_cur = after->findings.nr, i, j;
    unsigned char *used_prev = xcalloc(w->n_prev + w->n_prev_v + 1, 1), *used_cur = xcalloc(n_cur + 1, 1);
    unsigned char *used_v = used_prev + w->n_prev;

    (void)f;
    w->exit_after = exit_after;
    /* Findings: the same code, subject and title is unchanged; then the same
     * code and subject changed its text; the rest is new or gone. */
    for (i = 0; i < n_cur; i++)
        for (j = 0; j < w->n_prev; j++)
            if (!used_prev[j] && !strcmp(cur[i].code, w->prev[j].code) && same_str(cur[i].subject, w->prev[j].subject) &&
                same_str(cur[i].title, w->prev[j].title)) {
                used_prev[j] = used_cur[i] = 1;
                break;
            }
    for (i = 0; i < n_cur; i++)
        for (j = 0; !used_cur[i] && j < w->n_prev; j++)
            if (!used_prev[j] && !strcmp(cur[i].code, w->prev[j].code) && same_str(cur[i].subject, w->prev[j].subject)) {
                used_prev[j] = used_cur[i] = 1;
                ALLOC_GROW(w->changed, w->n_changed + 1, w->alloc_changed);
                w->changed[w->n_changed].before = &w->prev[j];
                w->changed[w->n_changed++].after = &cur[i];
            }
    /* A framework's subject names its version ("torch 2.4.0 (/venv)"): a
     * changed release keeps the finding when the framework and environment do. */
    for (i = 0; i < n_cur; i++)
        for (j = 0; !used_cur[i] && j < w->n_prev; j++)
            if (!used_prev[j] && !strcmp(cur[i].code, w->prev[j].code) && same_install(cur[i].subject, w->prev[j].subject)) {
                used_prev[j] = used_cur[i] = 1;
                ALLOC_GROW(w->changed, w->n_changed + 1, w->alloc_changed);
                w->changed[w->n_changed].before = &w->prev[j];
                w->changed[w->n_changed++].after = &cur[i];
            }
    for (j = 0; j < w->n_prev; j++)
        if (!used_prev[j])
            push_finding(&w->gone, &w->prev[j]);
    for (i = 0; i < n_cur; i++)
        if (!used_cur[i])
            push_finding(&w->added, &cur[i]);

    /* Verdicts, matched by environment and framework. */
    for (i = 0; i < after->n_verdicts; i++) {
        const struct verdict *a = &after->verdicts[i];
        const char *k = verdict_key(w->arena, a);
        struct whatif_verdict *v = push_verdict(w);
        v->subject_after = a->subject;
        v->after = a->gpu;
        v->reason_after = a->reason;
        for (j = 0; j < w->n_prev_v; j++)
            if (!used_v[j] && !strcmp(w->prev_keys[j], k)) {
                used_v[j] = 1;
                v->subject_before = w->prev_v[j].subject;
                v->before = w->prev_v[j].gpu;
                v->reason_before = w->prev_v[j].reason;
                break;
            }
    }
    for (j = 0; j < w->n_prev_v; j++)
        if (!used_v[j]) {
            struct whatif_verdict *v = push_verdict(w);
            v->subject_before = w->prev_v[j].subject;
            v->before = w->prev_v[j].gpu;
            v->reason_before = w->prev_v[j].reason;
        }
    free(used_prev);
    free(used_cur);
}

void whatif_release(struct whatif *w)
{
    free(w->edits);
    free(w->verdicts);
    free(w->added.v);   /* shallow copies: their evidence and fixes belong to the diagnoses */
    free(w->gone.v);
    free(w->changed);
    free(w->prev_keys);
    memset(w, 0, sizeof(*w));
}
