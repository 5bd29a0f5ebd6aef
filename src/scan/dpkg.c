/*
 * dpkg.c - dpkg's status database and file lists (see dpkg.h), and the
 * observer that records the packages that matter and which package
 * installed each framework.
 */
#include "scan/dpkg.h"

#include <stdlib.h>
#include <string.h>

#include "scan/scan.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

/* dpkg's status file is a few MiB on a desktop; 64 MiB is far beyond any. */
#define STATUS_LIMIT (64u * 1024 * 1024)
#define LIST_LIMIT (16u * 1024 * 1024)

struct stanza {
    const char *pkg, *ver, *arch, *status, *source;
    size_t pkg_n, ver_n, arch_n, status_n, source_n;
};

static int field_is(const char *line, size_t n, const char *name, const char **val, size_t *vn)
{
    size_t k = strlen(name);
    if (n <= k || line[k] != ':' || strncasecmp(line, name, k))
        return 0;
    *val = line + k + 1;
    *vn = n - k - 1;
    trim(val, vn);
    return 1;
}

static void emit(const struct stanza *s, dpkg_keep_fn keep, void *arg, struct arena *a,
                 struct dpkg_pkg **pkgs, size_t *n, size_t *alloc)
{
    struct dpkg_pkg *p;
    const char *w[3] = { NULL, NULL, NULL };
    size_t wn[3] = { 0, 0, 0 }, i = 0, k = 0;

    if (!s->pkg || !s->pkg_n)
        return;
    if (keep && !keep(s->pkg, s->pkg_n, arg))
        return;
    ALLOC_GROW(*pkgs, *n + 1, *alloc);
    p = &(*pkgs)[(*n)++];
    memset(p, 0, sizeof(*p));
    p->name = arena_strndup(a, s->pkg, s->pkg_n);
    p->version = s->ver ? arena_strndup(a, s->ver, s->ver_n) : NULL;
    p->arch = s->arch ? arena_strndup(a, s->arch, s->arch_n) : NULL;
    p->source = s->source ? arena_strndup(a, s->source, s->source_n) : NULL;
    /* "install ok half-configured": three words. */
    while (s->status && i < s->status_n && k < 3) {
        while (i < s->status_n && (s->status[i] == ' ' || s->status[i] == '\t'))
            i++;
        if (i >= s->status_n)
            break;
        w[k] = s->status + i;
        while (i < s->status_n && s->status[i] != ' ' && s->status[i] != '\t')
            i++;
        wn[k] = (size_t)(s->status + i - w[k]);
        k++;
    }
    if (k == 3) {
        p->want = arena_strndup(a, w[0], wn[0]);
        p->flag = arena_strndup(a, w[1], wn[1]);
        p->state = arena_strndup(a, w[2], wn[2]);
    }
}

long dpkg_status_parse(const uint8_t *buf, size_t len, dpkg_keep_fn keep, void *arg, struct arena *arena,
                       struct dpkg_pkg **pkgs, size_t *n, size_t *alloc, struct gd_err *err)
{
    const char *text = (const char *)buf, *line, *v;
    size_t pos = 0, ln, vn;
    struct stanza s;
    long stanzas = 0;

    if (len && memchr(buf, '\0', len)) {
        err_setx(err, GD_ERR_FORMAT, "not a text file (it holds a NUL byte)");
        return -1;
    }
    memset(&s, 0, sizeof(s));
    while (next_line(text, len, &pos, &line, &ln)) {
        if (ln && line[ln - 1] == '\r')
            ln--;
        if (!ln) {
            if (s.pkg) {
                emit(&s, keep, arg, arena, pkgs, n, alloc);
                stanzas++;
            }
            memset(&s, 0, sizeof(s));
            continue;
        }
        if (line[0] == ' ' || line[0] == '\t')
            continue;   /* a continuation line (Description, Conffiles) */
        if (field_is(line, ln, "Package", &v, &vn)) {
            s.pkg = v;
            s.pkg_n = vn;
        } else if (field_is(line, ln, "Version", &v, &vn)) {
            s.ver = v;
            s.ver_n = vn;
        } else if (field_is(line, ln, "Architecture", &v, &vn)) {
            s.arch = v;
            s.arch_n = vn;
        } else if (field_is(line, ln, "Status", &v, &vn)) {
            s.status = v;
            s.status_n = vn;
        } else if (field_is(line, ln, "Source", &v, &vn)) {
            s.source = v;
            s.source_n = vn;
        }
    }
    if (s.pkg) {
        emit(&s, keep, arg, arena, pkgs, n, alloc);
        stanzas++;
    }
    return stanzas;
}

int dpkg_list_has(const uint8_t *buf, size_t len, const char *path)
{
    const char *text = (const char *)buf, *line;
    size_t pos = 0, ln, pl = strlen(path);
    while (next_line(text, len, &pos, &line, &ln))
        if (ln == pl && !memcmp(line, path, pl))
            return 1;
    return 0;
}

int dpkg_relevant(const char *name, size_t n, void *arg)
{
    static const char *const words[] = { "nvidia", "cuda", "cudnn", "nccl", "torch", "tensorflow",
                                         "jax", "cupy", "onnxruntime", "tensorrt", "nvinfer", "xgboost", NULL };
    static const char *const prefixes[] = { "libcu", "libnv", "libnpp", "python3-pycuda", NULL };
    const char *const *w;
    char tmp[256];
    (void)arg;
    if (n >= sizeof(tmp))
        return 0;
    memcpy(tmp, name, n);
    tmp[n] = '\0';
    for (w = words; *w; w++)
        if (strstr(tmp, *w))
            return 1;
    for (w = prefixes; *w; w++)
        if (str_starts(tmp, *w))
            return 1;
    return 0;
}

const struct dpkg_pkg *dpkg_find(const struct facts *f, const char *name)
{
    size_t i;
    for (i = 0; i < f->dpkg.n_pkgs; i++)
        if (!strcmp(f->dpkg.pkgs[i].name, name))
            return &f->dpkg.pkgs[i];
    return NULL;
}

/* The shared libraries in pkg's file list that lead to no file (a link
 * whose target is missing, or a link already removed): what a failed
 * postinst leaves behind. */
static void find_dangling(struct scan_ctx *ctx, struct dpkg_pkg *p)
{
    struct facts *f = ctx->facts;
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    const char *list = facts_printf(f, "/var/lib/dpkg/info/%s.list", p->name), *line;
    size_t pos = 0, n, checked = 0;

    err_init(&err);
    if (fs_read_file(ctx->fs, list, LIST_LIMIT, &sb, &err) != 1 && p->arch) {
        strbuf_reset(&sb);
        list = facts_printf(f, "/var/lib/dpkg/info/%s:%s.list", p->name, p->arch);
        if (fs_read_file(ctx->fs, list, LIST_LIMIT, &sb, &err) != 1) {
            strbuf_release(&sb);
            return;
        }
    }
    while (next_line(sb.buf, sb.len, &pos, &line, &n) && checked < 1000) {
        const char *path, *base;
        struct compat_stat st;
        if (n < 4 || line[0] != '/' || !mem_contains(line, n, "/lib") || !mem_contains(line, n, ".so"))
            continue;
        path = arena_strndup(&f->arena, line, n);
        base = path_basename(path);
        if (!str_starts(base, "lib"))
            continue;
        checked++;
        /* A link to a missing file, or no longer there at all: ldconfig
         * (run by the libc-bin trigger after every library package)
         * deletes a soname link whose target is missing. */
        if (fs_stat(ctx->fs, path, &st, NULL) != 1) {
            ALLOC_GROW(p->dangling, p->n_dangling + 1, p->alloc_dangling);
            p->dangling[p->n_dangling++] = path;
        }
    }
    strbuf_release(&sb);
}

void scan_dpkg(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    int r;

    err_init(&err);
    r = fs_read_file(ctx->fs, "/var/lib/dpkg/status", STATUS_LIMIT, &sb, &err);
    if (r < 0) {
        scan_warn(ctx, "/var/lib/dpkg/status", &err);
    } else if (r == 1) {
        f->dpkg.status_source = "/var/lib/dpkg/status";
        if (dpkg_status_parse((const uint8_t *)sb.buf, sb.len, dpkg_relevant, NULL, &f->arena, &f->dpkg.pkgs,
                              &f->dpkg.n_pkgs, &f->dpkg.alloc_pkgs, &err) < 0)
            scan_warn(ctx, "/var/lib/dpkg/status", &err);
    }
    {
        size_t i;
        for (i = 0; i < f->dpkg.n_pkgs; i++)
            if (f->dpkg.pkgs[i].state && strcmp(f->dpkg.pkgs[i].state, "config-files") &&
                strcmp(f->dpkg.pkgs[i].state, "not-installed"))
                find_dangling(ctx, &f->dpkg.pkgs[i]);
    }
    strbuf_release(&sb);
}

/* The package whose file list names path, among the recorded ones. */
static const struct dpkg_pkg *owner_of(struct scan_ctx *ctx, const char *path, const char **list_path)
{
    struct facts *f = ctx->facts;
    size_t i;

    for (i = 0; i < f->dpkg.n_pkgs; i++) {
        const struct dpkg_pkg *p = &f->dpkg.pkgs[i];
        /* Multi-Arch: same packages keep their list as PKG:ARCH.list. */
        const char *names[2];
        size_t k;
        names[0] = facts_printf(f, "/var/lib/dpkg/info/%s.list", p->name);
        names[1] = p->arch ? facts_printf(f, "/var/lib/dpkg/info/%s:%s.list", p->name, p->arch) : NULL;
        for (k = 0; k < 2; k++) {
            struct strbuf sb = STRBUF_INIT;
            struct gd_err err;
            int r, has = 0;
            if (!names[k])
                continue;
            err_init(&err);
            r = fs_read_file(ctx->fs, names[k], LIST_LIMIT, &sb, &err);
            if (r < 0)
                scan_warn(ctx, names[k], &err);
            else if (r == 1)
                has = dpkg_list_has((const uint8_t *)sb.buf, sb.len, path);
            strbuf_release(&sb);
            if (has) {
                *list_path = names[k];
                return p;
            }
        }
    }
    return NULL;
}

void scan_dpkg_owners(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t e, i;

    if (!f->dpkg.status_source)
        return;
    for (e = 0; e < f->n_pyenvs; e++) {
        struct python_env *env = &f->pyenvs[e];
        for (i = 0; i < env->n_frameworks; i++) {
            struct framework_build *fw = &env->frameworks[i];
            const struct dpkg_pkg *p;
            const char *list = NULL;
            if (!fw->location || (fw->installer && strcmp(fw->installer, "unknown")))
                continue;
            p = owner_of(ctx, fw->location, &list);
            if (!p)
                continue;
            fw->installer = "dpkg";
            fw->installer_package = p->name;
            fw->installer_version = p->version;
            fw->installer_source = list;
        }
    }
}
