/*
 * pyenv_find.c - find Python environments on the examined machine.
 *
 * Where to look is the list (docs/python.md): VIRTUAL_ENV and
 * CONDA_PREFIX (active, reported first), interpreters on PATH followed
 * through symlinks (or, for a venv, to the directory holding pyvenv.cfg),
 * conda/mamba installations (CONDA_EXE, ~/miniconda3, ~/anaconda3,
 * ~/miniforge3, ~/mambaforge, /opt/conda, ~/.conda/environments.txt) and
 * every env under their envs/, pyenv versions ($PYENV_ROOT or ~/.pyenv), the user site
 * (~/.local/lib/pythonX.Y/site-packages), a .venv or venv in the current
 * directory, and the distribution's own Python under /usr and /usr/local.
 *
 * An environment is a (prefix, X.Y) pair with its site dirs in sys.path
 * order; two candidates that reach the same main site dir (same st_dev and
 * st_ino) are one environment, the first found wins.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "scan/pyenv.h"
#include "scan/mac_scan.h"
#include "scan/pyvenvcfg.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

struct seen {
    uint64_t dev, ino;
    const char *ver;      /* only for prefix identities (no site dir) */
};

struct finder {
    struct scan_ctx *ctx;
    struct seen *seen;
    size_t n_seen, alloc_seen;
    struct strlist pyenv_roots;   /* canonical $PYENV_ROOT/versions dirs */
};

void pyenv_warn(struct scan_ctx *ctx, const char *path, const char *fmt, ...)
{
    char msg[GD_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    facts_warn(ctx->facts, path, msg);
}

static int exists(struct scan_ctx *ctx, const char *path, enum compat_ftype want)
{
    enum compat_ftype type;
    struct gd_err err;
    if (fs_stat_type(ctx->fs, path, &type, &err) != 1)
        return 0;
    return want == COMPAT_FT_UNKNOWN || type == want;
}

/* exists(path, COMPAT_FT_REG) for a pyvenv.cfg, which add_env reads next:
 * reading it now answers (util/fs keeps what it read), where a stat would
 * be one more question.  A file it cannot read is asked with a stat. */
static int cfg_exists(struct scan_ctx *ctx, const char *path)
{
    struct strbuf sb = STRBUF_INIT;
    int r = fs_read_file(ctx->fs, path, PYENV_SMALL_LIMIT, &sb, NULL);
    strbuf_release(&sb);
    return r == 1 || (r < 0 && exists(ctx, path, COMPAT_FT_REG));
}

/* exists(path, COMPAT_FT_DIR) for conda-meta, which is listed next
 * (scan/pyenv_dists.c): listing it now answers, the listing is kept. */
static int dir_listable(struct scan_ctx *ctx, const char *path)
{
    const struct fs_dirent *const *ents;
    size_t n;
    int r = fs_list_dir_sorted(ctx->fs, path, PYENV_DIR_MAX, &ents, &n, NULL);
    return r == 1 || (r < 0 && exists(ctx, path, COMPAT_FT_DIR));
}

void pyenv_homes(struct scan_ctx *ctx, struct strlist *out)
{
    const char *home = env_get(ctx->env, "HOME");
    struct fs_dirlist dl;
    struct gd_err err;
    struct strbuf p = STRBUF_INIT;
    size_t i;

    if (home && *home == '/') {
        strlist_push(ctx->facts, out, home);
        return;
    }
    /* No HOME (e.g. --clear-env): every user's home, within reason. */
    if (scan_is_macos(ctx)) {
        mac_homes(ctx, out);
        return;
    }
    strlist_push(ctx->facts, out, "/root");
    if (fs_list_dir(ctx->fs, "/home", 64, &dl, &err) >= 0) {
        for (i = 0; i < dl.nr; i++) {
            path_join(&p, "/home", dl.ents[i].name);
            strlist_push(ctx->facts, out, p.buf);
        }
        fs_dirlist_release(&dl);
    }
    strbuf_release(&p);
}

/* "python3.11" / "3.11.9" / "3.11" -> "3.11" into out; 0 if not a version. */
static int xy_from(const char *s, struct strbuf *out)
{
    const char *p = s;
    strbuf_reset(out);
    if (!strncmp(p, "python", 6))
        p += 6;
    if (!(*p >= '2' && *p <= '3'))
        return 0;
    strbuf_addch(out, *p++);
    if (*p != '.')
        return 0;
    strbuf_addch(out, *p++);
    if (!(*p >= '0' && *p <= '9'))
        return 0;
    while (*p >= '0' && *p <= '9')
        strbuf_addch(out, *p++);
    return *p == '\0' || *p == '.' || *p == 't' || *p == 'm' || *p == '-';
}

static int already_seen(struct finder *fd, uint64_t dev, uint64_t ino, const char *ver)
{
    size_t i;
    for (i = 0; i < fd->n_seen; i++)
        if (fd->seen[i].dev == dev && fd->seen[i].ino == ino &&
            (fd->seen[i].ver == NULL) == (ver == NULL) &&
            (!ver || !strcmp(fd->seen[i].ver, ver)))
            return 1;
    ALLOC_GROW(fd->seen, fd->n_seen + 1, fd->alloc_seen);
    fd->seen[fd->n_seen].dev = dev;
    fd->seen[fd->n_seen].ino = ino;
    fd->seen[fd->n_seen].ver = ver ? facts_str(fd->ctx->facts, ver) : NULL;
    fd->n_seen++;
    return 0;
}

/* Add dir to env's site dirs when it is a directory not already there. */
static void add_site(struct finder *fd, struct python_env *e, const char *dir,
                     struct seen *ids, size_t *n_ids)
{
    struct compat_stat st;
    struct gd_err err;
    size_t i;
    int r = fs_stat(fd->ctx->fs, dir, &st, &err);

    if (r < 0) {
        pyenv_warn(fd->ctx, dir, "%s", err.msg);
        return;
    }
    if (r == 0 || st.type != COMPAT_FT_DIR)
        return;
    for (i = 0; i < *n_ids; i++)
        if (ids[i].dev == st.dev && ids[i].ino == st.ino)
            return;   /* lib64 -> lib in venvs */
    if (*n_ids < 16) {
        ids[*n_ids].dev = st.dev;
        ids[*n_ids].ino = st.ino;
        (*n_ids)++;
    }
    ALLOC_GROW(e->site_dirs, e->n_site_dirs + 1, e->alloc_site_dirs);
    e->site_dirs[e->n_site_dirs++] = facts_str(fd->ctx->facts, dir);
}

static void site_dirs_for(struct finder *fd, struct python_env *e, const char *prefix,
                          const char *xy, struct seen *ids, size_t *n_ids)
{
    struct strbuf p = STRBUF_INIT;
    const char *pfx = strcmp(prefix, "/") ? prefix : "";

    if (!strcmp(e->kind, "user")) {
        strbuf_addf(&p, "%s/lib/python%s/site-packages", pfx, xy);
        add_site(fd, e, p.buf, ids, n_ids);
        strbuf_release(&p);
        return;
    }
    if (!strcmp(prefix, "/usr")) {
        /* Debian/Ubuntu: pip (as root) writes /usr/local/lib/pythonX.Y/dist-packages,
         * apt writes /usr/lib/python3/dist-packages; Fedora uses site-packages. */
        strbuf_reset(&p); strbuf_addf(&p, "/usr/local/lib/python%s/dist-packages", xy);
        add_site(fd, e, p.buf, ids, n_ids);
        strbuf_reset(&p); strbuf_addf(&p, "/usr/local/lib/python%s/site-packages", xy);
        add_site(fd, e, p.buf, ids, n_ids);
        strbuf_reset(&p); strbuf_addf(&p, "/usr/local/lib64/python%s/site-packages", xy);
        add_site(fd, e, p.buf, ids, n_ids);
        if (xy[0] == '3')
            add_site(fd, e, "/usr/lib/python3/dist-packages", ids, n_ids);
    }
    strbuf_reset(&p); strbuf_addf(&p, "%s/lib/python%s/site-packages", pfx, xy);
    add_site(fd, e, p.buf, ids, n_ids);
    strbuf_reset(&p); strbuf_addf(&p, "%s/lib64/python%s/site-packages", pfx, xy);
    add_site(fd, e, p.buf, ids, n_ids);
    strbuf_reset(&p); strbuf_addf(&p, "%s/lib/python%s/dist-packages", pfx, xy);
    add_site(fd, e, p.buf, ids, n_ids);
    strbuf_release(&p);
}

/* The pythonX.Y directories under prefix/lib (X.Y strings, in the arena). */
static void versions_in(struct finder *fd, const char *prefix, struct strlist *out)
{
    struct strbuf p = STRBUF_INIT, xy = STRBUF_INIT;
    struct fs_dirlist dl;
    struct gd_err err;
    size_t i, j;

    path_join(&p, prefix, "lib");
    if (fs_list_dir(fd->ctx->fs, p.buf, 4096, &dl, &err) >= 0) {
        for (i = 0; i < dl.nr; i++) {
            int dup = 0;
            if (strncmp(dl.ents[i].name, "python", 6) || !xy_from(dl.ents[i].name, &xy) ||
                strcmp(dl.ents[i].name + 6, xy.buf))
                continue;
            for (j = 0; j < out->nr; j++)
                dup |= !strcmp(out->v[j], xy.buf);
            if (!dup)
                strlist_push(fd->ctx->facts, out, xy.buf);
        }
        fs_dirlist_release(&dl);
    }
    strbuf_release(&p);
    strbuf_release(&xy);
}

static int under(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    return !strncmp(path, dir, n) && path[n] == '/';
}

struct cand {
    const char *prefix;
    const char *kind;          /* hint: "user", "conda", "venv", ... or NULL */
    const char *found_by;
    const char *name;          /* conda env name */
    const char *version;       /* full or X.Y version hint */
    const char *version_source;
    const char *interpreter;
    int active;
    int explicit_;             /* named by the user or the environment: keep even if empty */
};

static void add_env(struct finder *fd, const struct cand *c)
{
    struct scan_ctx *ctx = fd->ctx;
    struct facts *f = ctx->facts;
    struct strbuf canon = STRBUF_INIT, p = STRBUF_INIT, xy = STRBUF_INIT;
    struct compat_stat st;
    struct gd_err err;
    struct pyvenv_cfg cfg;
    struct strlist vers = { NULL, 0, 0 };
    const char *kind = c->kind, *prefix, *ver_full = NULL, *ver_src = NULL;
    int r, has_cfg = 0;
    size_t i;

    memset(&cfg, 0, sizeof(cfg));
    cfg.include_system_site = -1;
    r = fs_realpath(ctx->fs, c->prefix, &canon, &err);
    if (r != 1) {
        if (r < 0)
            pyenv_warn(ctx, c->prefix, "%s", err.msg);
        else if (c->explicit_)
            pyenv_warn(ctx, c->prefix, "python environment '%s' (from %s) does not exist",
                       c->prefix, c->found_by);
        goto out;
    }
    if (!exists(ctx, canon.buf, COMPAT_FT_DIR))
        goto out;
    prefix = facts_str(f, canon.buf);

    /* What kind of environment is it? */
    path_join(&p, prefix, "pyvenv.cfg");
    if (!kind || strcmp(kind, "user")) {
        struct strbuf cfgtext = STRBUF_INIT;
        r = fs_read_file(ctx->fs, p.buf, PYENV_SMALL_LIMIT, &cfgtext, &err);
        if (r == 1) {
            pyvenv_cfg_parse(&cfg, &f->arena, cfgtext.buf, cfgtext.len);
            has_cfg = 1;
            kind = "venv";
            if (cfg.version) {
                ver_full = cfg.version;
                ver_src = facts_str(f, p.buf);
            }
        } else if (r < 0) {
            pyenv_warn(ctx, p.buf, "%s", err.msg);
        }
        strbuf_release(&cfgtext);
        if (!has_cfg) {
            path_join(&p, prefix, "conda-meta");
            if (dir_listable(ctx, p.buf))
                kind = "conda";
        }
    }
    if (!kind || !strcmp(kind, "pyenv") || !strcmp(kind, "system")) {
        const char *k2 = NULL;
        for (i = 0; i < fd->pyenv_roots.nr; i++)
            if (under(prefix, fd->pyenv_roots.v[i]))
                k2 = "pyenv";
        if (!k2)
            k2 = (!strcmp(prefix, "/usr") || !strcmp(prefix, "/usr/local") || !strcmp(prefix, "/"))
                     ? "system" : "other";
        kind = k2;
    }
    if (!ver_full && c->version) {
        ver_full = c->version;
        ver_src = c->version_source;
    }
    if (ver_full && xy_from(ver_full, &xy))
        strlist_push(f, &vers, xy.buf);
    else
        versions_in(fd, prefix, &vers);

    if (vers.nr == 0 && (c->explicit_ || has_cfg || !strcmp(kind, "conda")))
        strlist_push(f, &vers, "");   /* a broken environment is still reported */

    for (i = 0; i < vers.nr; i++) {
        struct python_env e;
        struct seen ids[16];
        size_t n_ids = 0;
        const char *v = vers.v[i];

        memset(&e, 0, sizeof(e));
        e.prefix = prefix;
        e.kind = kind;
        e.found_by = c->found_by;
        e.name = c->name;
        e.active = c->active;
        e.interpreter = c->interpreter;
        e.include_system_site = has_cfg ? cfg.include_system_site : -1;
        e.venv_home = cfg.home;
        e.venv_creator = has_cfg ? cfg.creator : NULL;
        if (*v) {
            int full = ver_full && !strncmp(ver_full, v, strlen(v)) && vers.nr == 1;
            e.python_version = full ? ver_full : facts_str(f, v);
            e.python_version_source = full ? ver_src : facts_printf(f, "%s/lib/python%s", strcmp(prefix, "/") ? prefix : "", v);
            site_dirs_for(fd, &e, prefix, v, ids, &n_ids);
        }
        /* One environment per main site dir; without one, per (prefix, X.Y). */
        /* The prefix's own identity only without a site dir (its stat then). */
        if (n_ids ? already_seen(fd, ids[0].dev, ids[0].ino, NULL)
                  : (fs_stat(ctx->fs, prefix, &st, &err) == 1 && already_seen(fd, st.dev, st.ino, v))) {
            free(e.site_dirs);
            if (c->active) {
                /* The active environment was reached earlier by another route. */
                size_t k;
                for (k = 0; k < f->n_pyenvs; k++)
                    if (!strcmp(f->pyenvs[k].prefix, prefix))
                        f->pyenvs[k].active = 1;
            }
            continue;
        }
        if (!n_ids && !*v && !c->explicit_ && !has_cfg && strcmp(kind, "conda")) {
            free(e.site_dirs);
            continue;
        }
        if (!n_ids && *v && !c->explicit_ && strcmp(kind, "venv") && strcmp(kind, "conda")) {
            free(e.site_dirs);
            continue;   /* a bare pythonX.Y stdlib dir with nowhere to install to */
        }
        e.site_packages = e.n_site_dirs ? e.site_dirs[0] : NULL;
        /* PEP 668 (packaging.python.org/en/latest/specifications/externally-managed-
         * environments/): the marker sits in sysconfig's "stdlib" directory,
         * <prefix>/lib/pythonX.Y on POSIX; inside a venv (sys.prefix !=
         * sys.base_prefix) pip ignores it, so only non-venv prefixes are asked. */
        if (*v && strcmp(kind, "venv")) {
            strbuf_reset(&p);
            strbuf_addf(&p, "%s/lib/python%s/EXTERNALLY-MANAGED", strcmp(prefix, "/") ? prefix : "", v);
            if (exists(ctx, p.buf, COMPAT_FT_REG))
                e.externally_managed = facts_str(f, p.buf);
        }
        ALLOC_GROW(f->pyenvs, f->n_pyenvs + 1, f->alloc_pyenvs);
        f->pyenvs[f->n_pyenvs++] = e;
    }
out:
    free(vers.v);
    strbuf_release(&canon);
    strbuf_release(&p);
    strbuf_release(&xy);
}

/* An interpreter path: its environment is the dir above bin/ (a venv, whose
 * python is a symlink out of it) or the prefix of the file it resolves to. */
static void add_interpreter(struct finder *fd, const char *path, const char *found_by, int explicit_)
{
    struct scan_ctx *ctx = fd->ctx;
    struct strbuf dir = STRBUF_INIT, up = STRBUF_INIT, real = STRBUF_INIT, xy = STRBUF_INIT;
    struct gd_err err;
    struct cand c;
    int r;

    memset(&c, 0, sizeof(c));
    c.found_by = found_by;
    c.explicit_ = explicit_;
    c.interpreter = facts_str(ctx->facts, path);
    path_dirname(&dir, path);
    path_dirname(&up, dir.buf);
    path_join(&real, up.buf, "pyvenv.cfg");
    if (cfg_exists(ctx, real.buf)) {
        c.prefix = up.buf;
        add_env(fd, &c);
        goto out;
    }
    r = fs_realpath(ctx->fs, path, &real, &err);
    if (r != 1) {
        if (r < 0)
            pyenv_warn(ctx, path, "%s", err.msg);
        else if (explicit_)
            pyenv_warn(ctx, path, "python interpreter '%s' does not exist", path);
        goto out;
    }
    if (xy_from(path_basename(real.buf), &xy)) {
        c.version = facts_str(ctx->facts, xy.buf);
        c.version_source = facts_str(ctx->facts, real.buf);
    }
    path_dirname(&dir, real.buf);
    path_dirname(&up, dir.buf);
    c.prefix = up.buf;
    add_env(fd, &c);
out:
    strbuf_release(&dir);
    strbuf_release(&up);
    strbuf_release(&real);
    strbuf_release(&xy);
}

static void add_prefix(struct finder *fd, const char *prefix, const char *kind,
                       const char *found_by, const char *name, int active, int explicit_)
{
    struct cand c;
    memset(&c, 0, sizeof(c));
    c.prefix = prefix;
    c.kind = kind;
    c.found_by = found_by;
    c.name = name ? facts_str(fd->ctx->facts, name) : NULL;
    c.active = active;
    c.explicit_ = explicit_;
    add_env(fd, &c);
}

static void scan_path_var(struct finder *fd)
{
    const char *path = env_get(fd->ctx->env, "PATH");
    static const char *const names[] = {
        "python3", "python", "python3.8", "python3.9", "python3.10", "python3.11",
        "python3.12", "python3.13", "python3.14",
    };
    struct strbuf p = STRBUF_INIT, dir = STRBUF_INIT;
    size_t i;

    while (path && *path) {
        const char *colon = strchr(path, ':');
        size_t n = colon ? (size_t)(colon - path) : strlen(path);
        strbuf_reset(&dir);
        strbuf_add(&dir, path, n);
        path = colon ? colon + 1 : NULL;
        if (dir.len == 0 || dir.buf[0] != '/')
            continue;   /* relative PATH entries depend on a cwd we do not know */
        /* One listing of the directory (only "python*" names kept) instead
         * of a stat for every name that might be there. */
        {
            struct fs_dirlist dl;
            size_t j;
            if (fs_list_dir_filtered(fd->ctx->fs, dir.buf, PYENV_DIR_MAX, fs_keep_prefix,
                                     (void *)(uintptr_t)"python", &dl, NULL) == 1) {
                for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
                    for (j = 0; j < dl.nr && strcmp(dl.ents[j].name, names[i]); j++)
                        ;
                    if (j == dl.nr)
                        continue;
                    path_join(&p, dir.buf, names[i]);
                    if (exists(fd->ctx, p.buf, COMPAT_FT_REG))
                        add_interpreter(fd, p.buf, "PATH", 0);
                }
            }
            fs_dirlist_release(&dl);
        }
    }
    strbuf_release(&p);
    strbuf_release(&dir);
}

static void scan_conda_root(struct finder *fd, const char *root, const char *found_by)
{
    struct strbuf p = STRBUF_INIT, meta = STRBUF_INIT;
    struct fs_dirlist dl;
    struct gd_err err;
    size_t i;

    path_join(&meta, root, "conda-meta");
    if (!dir_listable(fd->ctx, meta.buf))
        goto out;
    add_prefix(fd, root, "conda", found_by, "base", 0, 0);
    path_join(&p, root, "envs");
    if (fs_list_dir(fd->ctx->fs, p.buf, 4096, &dl, &err) < 0)
        pyenv_warn(fd->ctx, p.buf, "%s", err.msg);
    for (i = 0; i < dl.nr; i++) {
        struct strbuf e = STRBUF_INIT;
        path_join(&e, p.buf, dl.ents[i].name);
        add_prefix(fd, e.buf, "conda", "conda envs", dl.ents[i].name, 0, 0);
        strbuf_release(&e);
    }
    fs_dirlist_release(&dl);
out:
    strbuf_release(&p);
    strbuf_release(&meta);
}

static void scan_conda(struct finder *fd, const struct strlist *homes)
{
    static const char *const dirs[] = { "miniconda3", "anaconda3", "miniforge3", "mambaforge",
                                        "micromamba", "conda" };
    const char *exe = env_get(fd->ctx->env, "CONDA_EXE");
    struct strbuf p = STRBUF_INIT, q = STRBUF_INIT, text = STRBUF_INIT;
    struct gd_err err;
    size_t h, i;

    if (exe && *exe == '/') {
        path_dirname(&p, exe);
        path_dirname(&q, p.buf);
        scan_conda_root(fd, q.buf, "CONDA_EXE");
    }
    for (h = 0; h < homes->nr; h++) {
        for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
            path_join(&p, homes->v[h], dirs[i]);
            scan_conda_root(fd, p.buf, "conda install");
        }
        /* Envs made with --prefix or by another installation. */
        path_join(&p, homes->v[h], ".conda/environments.txt");
        strbuf_reset(&text);
        if (fs_read_file(fd->ctx->fs, p.buf, PYENV_SMALL_LIMIT, &text, &err) < 0)
            pyenv_warn(fd->ctx, p.buf, "%s", err.msg);
        else {
            const char *s = text.buf, *end = text.buf + text.len;
            while (s < end) {
                const char *nl = memchr(s, '\n', (size_t)(end - s));
                size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
                while (n && (s[n - 1] == '\r' || s[n - 1] == ' '))
                    n--;
                if (n && s[0] == '/') {
                    strbuf_reset(&q);
                    strbuf_add(&q, s, n);
                    add_prefix(fd, q.buf, "conda", "environments.txt", path_basename(q.buf), 0, 0);
                }
                s = nl ? nl + 1 : end;
            }
        }
        path_join(&p, homes->v[h], ".conda");
        scan_conda_root(fd, p.buf, "conda install");   /* ~/.conda/envs/x without a base */
    }
    scan_conda_root(fd, "/opt/conda", "conda install");
    scan_conda_root(fd, "/opt/miniconda3", "conda install");
    scan_conda_root(fd, "/opt/anaconda3", "conda install");
    strbuf_release(&p);
    strbuf_release(&q);
    strbuf_release(&text);
}

/* Remember $PYENV_ROOT/versions (canonical) so prefixes under it are "pyenv". */
static void pyenv_roots_init(struct finder *fd, const struct strlist *homes)
{
    const char *root = env_get(fd->ctx->env, "PYENV_ROOT");
    struct strbuf p = STRBUF_INIT, canon = STRBUF_INIT;
    struct gd_err err;
    size_t h;

    for (h = 0; h < homes->nr || (h == 0 && root && *root == '/'); h++) {
        if (root && *root == '/') {
            path_join(&p, root, "versions");
            h = homes->nr;
        } else {
            path_join(&p, homes->v[h], ".pyenv/versions");
        }
        if (fs_realpath(fd->ctx->fs, p.buf, &canon, &err) == 1)
            strlist_push(fd->ctx->facts, &fd->pyenv_roots, canon.buf);
    }
    strbuf_release(&p);
    strbuf_release(&canon);
}

static void scan_pyenv(struct finder *fd)
{
    struct strbuf e = STRBUF_INIT, xy = STRBUF_INIT, v = STRBUF_INIT;
    struct fs_dirlist dl, envs;
    struct gd_err err;
    size_t r, i, j;

    for (r = 0; r < fd->pyenv_roots.nr; r++) {
        const char *root = fd->pyenv_roots.v[r];
        if (fs_list_dir(fd->ctx->fs, root, 4096, &dl, &err) < 0)
            pyenv_warn(fd->ctx, root, "%s", err.msg);
        for (i = 0; i < dl.nr; i++) {
            struct cand c;
            path_join(&e, root, dl.ents[i].name);
            memset(&c, 0, sizeof(c));
            c.prefix = e.buf;
            c.kind = "pyenv";
            c.found_by = "pyenv";
            if (xy_from(dl.ents[i].name, &xy)) {
                c.version = facts_str(fd->ctx->facts, dl.ents[i].name);
                c.version_source = facts_str(fd->ctx->facts, e.buf);
            }
            add_env(fd, &c);
            /* pyenv-virtualenv keeps its venvs in versions/X/envs/. */
            path_join(&v, e.buf, "envs");
            if (fs_list_dir(fd->ctx->fs, v.buf, 4096, &envs, &err) >= 0) {
                for (j = 0; j < envs.nr; j++) {
                    path_join(&e, v.buf, envs.ents[j].name);
                    add_prefix(fd, e.buf, NULL, "pyenv-virtualenv", NULL, 0, 0);
                }
                fs_dirlist_release(&envs);
            }
        }
        fs_dirlist_release(&dl);
    }
    strbuf_release(&e);
    strbuf_release(&xy);
    strbuf_release(&v);
}

static void scan_user_sites(struct finder *fd, const struct strlist *homes)
{
    struct strbuf p = STRBUF_INIT;
    struct strlist vers = { NULL, 0, 0 };
    size_t h, i;

    for (h = 0; h < homes->nr; h++) {
        path_join(&p, homes->v[h], ".local");
        vers.nr = 0;
        versions_in(fd, p.buf, &vers);
        for (i = 0; i < vers.nr; i++) {
            struct cand c;
            memset(&c, 0, sizeof(c));
            c.prefix = p.buf;
            c.kind = "user";
            c.found_by = "user site";
            c.version = vers.v[i];
            add_env(fd, &c);
        }
    }
    free(vers.v);
    strbuf_release(&p);
}

/*
 * macOS (--os macos) keeps Pythons in places of its own: python.org's
 * installer writes /Library/Frameworks/Python.framework/Versions/X.Y (its
 * site-packages under lib/pythonX.Y), and Homebrew's pythons install
 * packages into HOMEBREW_PREFIX/lib/pythonX.Y/site-packages, the prefix
 * being /opt/homebrew on Apple Silicon (/usr/local on Intel, which
 * scan_distro_python covers).
 */
static void scan_macos_places(struct finder *fd)
{
    static const char fwdir[] = "/Library/Frameworks/Python.framework/Versions";
    struct fs_dirlist dl;
    struct gd_err err;
    struct strbuf p = STRBUF_INIT, xy = STRBUF_INIT;
    struct strlist vers = { NULL, 0, 0 };
    size_t i;

    if (fs_list_dir(fd->ctx->fs, fwdir, 256, &dl, &err) >= 0) {
        for (i = 0; i < dl.nr; i++) {
            if (!xy_from(dl.ents[i].name, &xy) || strcmp(dl.ents[i].name, xy.buf))
                continue;   /* "Current" is a link to one of them */
            path_join(&p, fwdir, dl.ents[i].name);
            add_prefix(fd, p.buf, NULL, "python.org framework", NULL, 0, 0);
        }
        fs_dirlist_release(&dl);
    }
    versions_in(fd, "/opt/homebrew", &vers);
    for (i = 0; i < vers.nr; i++) {
        struct cand c;
        memset(&c, 0, sizeof(c));
        c.prefix = "/opt/homebrew";
        c.found_by = "Homebrew";
        c.version = vers.v[i];
        add_env(fd, &c);
    }
    free(vers.v);
    strbuf_release(&p);
    strbuf_release(&xy);
}

static void scan_distro_python(struct finder *fd)
{
    static const char *const libs[] = { "/usr/lib", "/usr/local/lib" };
    struct strlist vers = { NULL, 0, 0 };
    struct strbuf p = STRBUF_INIT;
    size_t i, k;

    for (k = 0; k < 2; k++) {
        vers.nr = 0;
        path_dirname(&p, libs[k]);
        versions_in(fd, p.buf, &vers);
        for (i = 0; i < vers.nr; i++) {
            struct cand c;
            memset(&c, 0, sizeof(c));
            c.kind = "system";
            c.found_by = "system";
            c.version = vers.v[i];
            /* A Python built into /usr/local has its own bin/pythonX.Y;
             * Debian's /usr/local/lib/pythonX.Y belongs to /usr's Python. */
            strbuf_reset(&p);
            strbuf_addf(&p, "/usr/local/bin/python%s", vers.v[i]);
            c.prefix = (k == 1 && exists(fd->ctx, p.buf, COMPAT_FT_REG)) ? "/usr/local" : "/usr";
            add_env(fd, &c);
        }
    }
    free(vers.v);
    strbuf_release(&p);
}

static void scan_project(struct finder *fd)
{
    const char *pwd = env_get(fd->ctx->env, "PWD");
    char cwd[FS_PATH_MAX];
    struct strbuf p = STRBUF_INIT, cfg = STRBUF_INIT;
    static const char *const names[] = { ".venv", "venv" };
    size_t i;

    if (fd->ctx->opts && fd->ctx->opts->cwd)
        pwd = fd->ctx->opts->cwd;   /* check --cwd DIR */
    if ((!pwd || *pwd != '/') && fd->ctx->fs->host_root && compat_getcwd(cwd, sizeof(cwd)) == 0)
        pwd = cwd;
    if (!pwd || *pwd != '/')
        return;
    for (i = 0; i < 2; i++) {
        path_join(&p, pwd, names[i]);
        path_join(&cfg, p.buf, "pyvenv.cfg");
        if (cfg_exists(fd->ctx, cfg.buf))
            add_prefix(fd, p.buf, "venv", "current directory", NULL, 0, 0);
    }
    strbuf_release(&p);
    strbuf_release(&cfg);
}

/* Tool-managed environments under each home: poetry's and pipx's venvs and
 * uv's own Python installs (their documented default locations: poetry
 * `virtualenvs.path` = {cache-dir}/virtualenvs, pipx PIPX_HOME/venvs,
 * uv `uv python dir`). */
static void scan_tool_envs(struct finder *fd, const struct strlist *homes)
{
    static const struct { const char *dir, *found_by; } tools[] = {
        { ".cache/pypoetry/virtualenvs", "poetry" },
        { "Library/Caches/pypoetry/virtualenvs", "poetry" },
        { ".local/share/pipx/venvs", "pipx" },
        { ".local/pipx/venvs", "pipx" },
        { ".local/share/uv/python", "uv" },
    };
    struct strbuf p = STRBUF_INIT, e = STRBUF_INIT;
    struct fs_dirlist dl;
    struct gd_err err;
    size_t h, t, i;

    for (h = 0; h < homes->nr; h++) {
        for (t = 0; t < sizeof(tools) / sizeof(tools[0]); t++) {
            path_join(&p, homes->v[h], tools[t].dir);
            if (fs_list_dir(fd->ctx->fs, p.buf, 4096, &dl, &err) == 1)
                for (i = 0; i < dl.nr; i++) {
                    if (dl.ents[i].name[0] == '.')
                        continue;
                    path_join(&e, p.buf, dl.ents[i].name);
                    add_prefix(fd, e.buf, NULL, tools[t].found_by, NULL, 0, 0);
                }
            fs_dirlist_release(&dl);
        }
    }
    strbuf_release(&p);
    strbuf_release(&e);
}

void pyenv_discover(struct scan_ctx *ctx)
{
    struct finder fd;
    struct strlist homes = { NULL, 0, 0 };
    const char *v;

    memset(&fd, 0, sizeof(fd));
    fd.ctx = ctx;
    pyenv_homes(ctx, &homes);
    pyenv_roots_init(&fd, &homes);
    if (ctx->opts && ctx->opts->python) {
        add_interpreter(&fd, ctx->opts->python, "--python", 1);
    } else if (ctx->opts && ctx->opts->prefix) {
        add_prefix(&fd, ctx->opts->prefix, NULL, "--prefix", NULL, 0, 1);
    } else {
        /* The active environments first. */
        v = env_get(ctx->env, "VIRTUAL_ENV");
        if (v && *v)
            add_prefix(&fd, v, NULL, "VIRTUAL_ENV", NULL, 1, 1);
        v = env_get(ctx->env, "CONDA_PREFIX");
        if (v && *v) {
            const char *name = env_get(ctx->env, "CONDA_DEFAULT_ENV");
            add_prefix(&fd, v, "conda", "CONDA_PREFIX", name && *name ? name : NULL, 1, 1);
        }
        scan_path_var(&fd);
        scan_project(&fd);
        scan_conda(&fd, &homes);
        scan_pyenv(&fd);
        scan_tool_envs(&fd, &homes);
        scan_user_sites(&fd, &homes);
        scan_distro_python(&fd);
        if (scan_is_macos(ctx))
            scan_macos_places(&fd);
    }
    free(fd.seen);
    free(fd.pyenv_roots.v);
    free(homes.v);
}
