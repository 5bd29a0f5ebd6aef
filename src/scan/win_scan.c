/*
 * win_scan.c - scan_windows and the helpers the Windows observers share.
 */
#include "scan/win_scan.h"

#include <string.h>

#include "loader/pe.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

#define WIN_DIR_MAX 100000

const char *win_env(const struct scan_ctx *ctx, const char *name)
{
    size_t i, n = strlen(name);
    const char *exact = env_get(ctx->env, name);
    if (exact)
        return exact;
    for (i = 0; i < ctx->env->nr; i++) {
        const char *kv = ctx->env->vars[i];
        size_t k;
        for (k = 0; k < n && kv[k]; k++) {
            int a = (unsigned char)kv[k], b = (unsigned char)name[k];
            if ((a >= 'a' && a <= 'z' ? a - 32 : a) != (b >= 'a' && b <= 'z' ? b - 32 : b))
                break;
        }
        if (k == n && kv[n] == '=')
            return kv + n + 1;
    }
    return NULL;
}

const char *win_find(struct scan_ctx *ctx, const char *vpath)
{
    struct strbuf out = STRBUF_INIT;
    struct gd_err err;
    const char *r = NULL;
    int rc;
    err_init(&err);
    rc = winpath_resolve_ci(ctx->fs, vpath, &out, &err);
    if (rc == 1)
        r = facts_str(ctx->facts, out.buf);
    else if (rc < 0)
        scan_warn(ctx, vpath, &err);
    strbuf_release(&out);
    return r;
}

const char *win_find_in(struct scan_ctx *ctx, const char *dir, const char *name)
{
    struct strbuf out = STRBUF_INIT;
    struct gd_err err;
    const char *r = NULL;
    int rc;
    err_init(&err);
    rc = winpath_child_ci(ctx->fs, dir, name, &out, &err);
    if (rc == 1)
        r = facts_str(ctx->facts, out.buf);
    else if (rc < 0)
        scan_warn(ctx, dir, &err);
    strbuf_release(&out);
    return r;
}

const char *win_map(struct scan_ctx *ctx, const char *winpath)
{
    struct strbuf v = STRBUF_INIT;
    const char *r = NULL;
    if (winpath_to_virtual(winpath, &v) == 1) {
        r = win_find(ctx, v.buf);
        if (!r)
            r = facts_str(ctx->facts, v.buf);
    }
    strbuf_release(&v);
    return r;
}

int win_is_dir(struct scan_ctx *ctx, const char *vpath)
{
    struct compat_stat st;
    return vpath && fs_stat(ctx->fs, vpath, &st, NULL) == 1 && st.type == COMPAT_FT_DIR;
}

int win_pe_version(struct scan_ctx *ctx, const char *vpath, char *buf, size_t size,
                   uint16_t *machine)
{
    struct arena a;
    struct pe_info pe;
    struct gd_err err;
    int r;

    arena_init(&a);
    err_init(&err);
    r = pe_read(ctx->fs, vpath, &a, &pe, &err);
    if (r == 1) {
        if (machine)
            *machine = pe.machine;
        if (buf && size) {
            buf[0] = '\0';
            if (pe.has_version)
                pe_file_version(&pe, buf, size);
        }
    } else if (r < 0) {
        scan_warn(ctx, vpath, &err);
    }
    arena_release(&a);
    return r;
}

void win_homes(struct scan_ctx *ctx, struct strlist *out)
{
    struct fs_dirlist dl;
    const char *users = win_find(ctx, "/Users");
    size_t i;
    if (!users)
        return;
    if (fs_list_dir(ctx->fs, users, WIN_DIR_MAX, &dl, NULL) == 1)
        for (i = 0; i < dl.nr && out->nr < 64; i++) {
            const char *n = dl.ents[i].name;
            if (winpath_name_eq(n, "Public") || winpath_name_eq(n, "Default") ||
                winpath_name_eq(n, "Default User") || winpath_name_eq(n, "All Users") ||
                !strcmp(n, ".") || !strcmp(n, ".."))
                continue;
            if (win_is_dir(ctx, facts_printf(ctx->facts, "%s/%s", users, n)))
                strlist_push(ctx->facts, out, facts_printf(ctx->facts, "%s/%s", users, n));
        }
    fs_dirlist_release(&dl);
}

/* The variables a Windows verdict cites, whatever case the environment
 * spells them in ("Path" is the usual one): recorded once, upper case. */
static void record_win_env(struct scan_ctx *ctx)
{
    static const char *const names[] = { "PATH", "CUDA_PATH", "CUDA_VISIBLE_DEVICES", "VIRTUAL_ENV",
                                         "CONDA_PREFIX", "CONDA_DEFAULT_ENV", "PYTHONHOME",
                                         "LOCALAPPDATA", "USERPROFILE", "KERAS_BACKEND", NULL };
    struct facts *f = ctx->facts;
    const char *const *n;
    size_t i;

    for (n = names; *n; n++) {
        const char *v = win_env(ctx, *n);
        if (!v || facts_env(f, *n))
            continue;
        ALLOC_GROW(f->env, f->n_env + 1, f->alloc_env);
        f->env[f->n_env].name = *n;
        f->env[f->n_env].value = facts_str(f, v);
        f->n_env++;
    }
    /* Every CUDA_PATH_VX_Y the installers set. */
    for (i = 0; i < ctx->env->nr; i++) {
        const char *kv = ctx->env->vars[i], *eq = strchr(kv, '=');
        char name[64];
        size_t k, len;
        if (!eq || (size_t)(eq - kv) >= sizeof(name) || (size_t)(eq - kv) < 12)
            continue;
        len = (size_t)(eq - kv);
        for (k = 0; k < len; k++)
            name[k] = (char)(kv[k] >= 'a' && kv[k] <= 'z' ? kv[k] - 32 : kv[k]);
        name[len] = '\0';
        if (strncmp(name, "CUDA_PATH_V", 11) || facts_env(f, name))
            continue;
        ALLOC_GROW(f->env, f->n_env + 1, f->alloc_env);
        f->env[f->n_env].name = facts_str(f, name);
        f->env[f->n_env].value = facts_str(f, eq + 1);
        f->n_env++;
    }
}

void scan_windows(struct scan_ctx *ctx)
{
    record_win_env(ctx);
    win_scan_system(ctx);
    win_scan_python(ctx);
    win_scan_driver(ctx);
    win_scan_cuda(ctx);
}
