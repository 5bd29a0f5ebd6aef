/*
 * jupyter.c - Jupyter kernel specs resolved to environments (jupyter.h).
 */
#include "scan/jupyter.h"

#include <stdlib.h>
#include <string.h>

#include "scan/pyenv.h"
#include "scan/pyinterp.h"
#include "scan/pyresolve.h"
#include "scan/win_scan.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

struct kdir {
    const char *dir;          /* a .../kernels directory */
    const struct python_env *env;   /* the environment whose share/ it is, or NULL */
};

struct jscan {
    struct scan_ctx *ctx;
    int windows;
    struct kdir *dirs;
    size_t nr, alloc;
};

static void add_dir(struct jscan *j, const char *jupyter_dir, const struct python_env *env)
{
    struct facts *f = j->ctx->facts;
    const char *k;
    size_t i;
    if (!jupyter_dir || !*jupyter_dir)
        return;
    if (j->windows) {
        k = win_find_in(j->ctx, jupyter_dir, "kernels");
        if (!k)
            return;
    } else {
        if (jupyter_dir[0] != '/')
            return;
        k = facts_printf(f, "%s/kernels", strcmp(jupyter_dir, "/") ? jupyter_dir : "");
    }
    for (i = 0; i < j->nr; i++)
        if (!strcmp(j->dirs[i].dir, k))
            return;
    ALLOC_GROW(j->dirs, j->nr + 1, j->alloc);
    j->dirs[j->nr].dir = k;
    j->dirs[j->nr].env = env;
    j->nr++;
}

static int bare_python(const char *a)
{
    const char *p = a;
    if (strncmp(p, "python", 6))
        return 0;
    p += 6;
    if (!*p)
        return 1;
    if (*p < '2' || *p > '3')
        return 0;
    p++;
    if (!*p)
        return 1;
    if (*p++ != '.' || !*p)
        return 0;
    while (*p >= '0' && *p <= '9')
        p++;
    return *p == '\0';
}

static void read_kernel(struct jscan *j, const struct kdir *kd, const char *name)
{
    struct scan_ctx *ctx = j->ctx;
    struct facts *f = ctx->facts;
    struct strbuf p = STRBUF_INIT, text = STRBUF_INIT;
    struct kernelspec ks;
    struct jupyter_kernel k;
    char msg[GD_ERR_MSG_MAX];
    const char *spec;
    int r;

    if (j->windows) {
        const char *d = win_find_in(ctx, kd->dir, name);
        spec = d ? win_find_in(ctx, d, "kernel.json") : NULL;
        if (!spec)
            goto out;
    } else {
        path_join(&p, kd->dir, name);
        strbuf_addstr(&p, "/kernel.json");
        spec = facts_str(f, p.buf);
    }
    r = scan_read_text(ctx, spec, JUPYTER_KERNEL_JSON_LIMIT, &text);
    if (r != 1)
        goto out;   /* absent, or already a warning */
    if (pyinterp_kernelspec((const uint8_t *)text.buf, text.len, &f->arena, &ks, msg, sizeof(msg)) < 0) {
        pyenv_warn(ctx, spec, "%s", msg);
        goto out;
    }
    memset(&k, 0, sizeof(k));
    k.name = facts_str(f, name);
    k.spec = spec;
    k.display_name = ks.display_name;
    k.language = ks.language;
    k.argv0 = ks.argv0;
    if (!ks.argv0) {
        k.resolved_by = "kernel.json has no argv";
    } else if (ks.language && strcmp(ks.language, "python") && !bare_python(path_basename(ks.argv0))) {
        k.resolved_by = "not a Python kernel";
    } else if (j->windows ? (ks.argv0[0] && ks.argv0[1] == ':') || ks.argv0[0] == '\\' : ks.argv0[0] == '/') {
        const char *interp = ks.argv0;
        if (j->windows) {
            interp = win_map(ctx, ks.argv0);
        }
        k.interpreter = interp;
        k.resolved_by = "argv[0] is an absolute path";
        if (interp)
            pyresolve_env_of(ctx, interp, &k.env, &k.env_python);
    } else if (bare_python(ks.argv0)) {
        /* jupyter_client runs sys.executable, the Python Jupyter runs in. */
        if (kd->env) {
            k.env = kd->env->prefix;
            k.env_python = kd->env->python_version;
            k.interpreter = kd->env->interpreter;
            k.resolved_by = "bare argv[0]: jupyter_client runs the Python Jupyter itself runs in, "
                            "the environment whose share/jupyter holds the spec";
        } else if (!j->windows) {
            const char *path = NULL, *how = NULL;
            pyresolve_which(ctx, ks.argv0, &path, &how);
            k.interpreter = path;
            k.resolved_by = facts_printf(f, "bare argv[0]: jupyter_client runs the Python Jupyter itself "
                                            "runs in, taken to be what '%s' runs (%s)", ks.argv0, how);
            if (path)
                pyresolve_env_of(ctx, path, &k.env, &k.env_python);
        } else {
            k.resolved_by = "bare argv[0]: the Python that runs Jupyter (unknown)";
        }
    } else if (!j->windows) {
        const char *path = NULL, *how = NULL;
        pyresolve_which(ctx, ks.argv0, &path, &how);
        k.interpreter = path;
        k.resolved_by = facts_printf(f, "argv[0] '%s' from PATH (%s)", ks.argv0, how);
        if (path)
            pyresolve_env_of(ctx, path, &k.env, &k.env_python);
    } else {
        k.resolved_by = "relative argv[0] (not resolved)";
    }
    ALLOC_GROW(f->interp.kernels, f->interp.n_kernels + 1, f->interp.alloc_kernels);
    f->interp.kernels[f->interp.n_kernels++] = k;
out:
    strbuf_release(&p);
    strbuf_release(&text);
}

void jupyter_scan(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct jscan j;
    struct strlist homes = { NULL, 0, 0 };
    const char *v;
    size_t i, k;

    memset(&j, 0, sizeof(j));
    j.ctx = ctx;
    j.windows = ctx->opts && ctx->opts->os && !strcmp(ctx->opts->os, "windows");

    /* JUPYTER_PATH, then the user data dir, then sys.prefix-style dirs, then system dirs. */
    v = j.windows ? win_env(ctx, "JUPYTER_PATH") : env_get(ctx->env, "JUPYTER_PATH");
    while (v && *v) {
        const char *sep = strchr(v, j.windows ? ';' : ':');
        char *d = xstrndup(v, sep ? (size_t)(sep - v) : strlen(v));
        add_dir(&j, j.windows ? win_map(ctx, d) : d, NULL);
        free(d);
        v = sep ? sep + 1 : NULL;
    }
    v = j.windows ? win_env(ctx, "JUPYTER_DATA_DIR") : env_get(ctx->env, "JUPYTER_DATA_DIR");
    if (v && *v)
        add_dir(&j, j.windows ? win_map(ctx, v) : v, NULL);
    if (j.windows) {
        const char *ad = win_env(ctx, "APPDATA"), *pd = win_env(ctx, "PROGRAMDATA");
        if (ad && (ad = win_map(ctx, ad)) != NULL)
            add_dir(&j, win_find_in(ctx, ad, "jupyter"), NULL);
        win_homes(ctx, &homes);
        for (i = 0; i < homes.nr; i++)
            add_dir(&j, win_find(ctx, facts_printf(f, "%s/AppData/Roaming/jupyter", homes.v[i])), NULL);
        for (i = 0; i < f->n_pyenvs; i++)
            add_dir(&j, win_find(ctx, facts_printf(f, "%s/share/jupyter", f->pyenvs[i].prefix)), &f->pyenvs[i]);
        add_dir(&j, win_find(ctx, pd && win_map(ctx, pd) ? facts_printf(f, "%s/jupyter", win_map(ctx, pd))
                                                          : "/ProgramData/jupyter"), NULL);
    } else {
        pyenv_homes(ctx, &homes);
        for (i = 0; i < homes.nr; i++) {
            const char *h = strcmp(homes.v[i], "/") ? homes.v[i] : "";
            add_dir(&j, facts_printf(f, "%s/.local/share/jupyter", h), NULL);
            add_dir(&j, facts_printf(f, "%s/Library/Jupyter", h), NULL);
        }
        for (i = 0; i < f->n_pyenvs; i++)
            if (f->pyenvs[i].prefix && strcmp(f->pyenvs[i].kind ? f->pyenvs[i].kind : "", "user"))
                add_dir(&j, facts_printf(f, "%s/share/jupyter", strcmp(f->pyenvs[i].prefix, "/") ? f->pyenvs[i].prefix : ""),
                        &f->pyenvs[i]);
        add_dir(&j, "/usr/local/share/jupyter", NULL);
        add_dir(&j, "/usr/share/jupyter", NULL);
    }

    for (i = 0; i < j.nr; i++) {
        struct fs_dirlist dl;
        struct gd_err err;
        int r = fs_list_dir(ctx->fs, j.dirs[i].dir, 4096, &dl, &err);
        if (r < 0)
            pyenv_warn(ctx, j.dirs[i].dir, "%s", err.msg);
        if (r == 1)
            for (k = 0; k < dl.nr; k++)
                read_kernel(&j, &j.dirs[i], dl.ents[k].name);
        fs_dirlist_release(&dl);
    }
    free(j.dirs);
    free(homes.v);
}
