/*
 * pyresolve.c - what `python`, `python3`, `pip`, `pip3` (`py` on Windows)
 * run on the examined machine, and which environment that is
 * (pyresolve.h).  Reads files only; nothing from the machine runs.
 *
 * pyenv's rules are its own scripts (github.com/pyenv/pyenv, libexec/):
 *   pyenv-which          versions in order, then "system" (PATH with
 *                        $PYENV_ROOT/shims removed); the first one whose
 *                        bin/<command> is executable wins;
 *   pyenv-version-name   PYENV_VERSION, else the version file; empty or
 *                        "system" is "system"; a "python-" prefix is
 *                        dropped; a version not installed is resolved by
 *                        pyenv-latest as a prefix ("3.11" -> "3.11.7");
 *   pyenv-version-file   the first .python-version in $PYENV_DIR and its
 *                        parents, then in $PWD and its parents, else
 *                        $PYENV_ROOT/version;
 *   pyenv-version-file-read  first word per line, "#" comments skipped
 *                        (scan/pyinterp.c).
 * The Python launcher for Windows' rules are its documentation's
 * (docs.python.org/3/using/windows.html, "Python Launcher for Windows"):
 * an active virtual environment when no version is asked for, PY_PYTHON,
 * py.ini's [defaults] python= (%LOCALAPPDATA%\py.ini before the one beside
 * py.exe), else the newest Python 3 installed.
 */
#include "scan/pyresolve.h"

#include <stdlib.h>
#include <string.h>

#include "kb/ver_dotted.h"
#include "scan/pyenv.h"
#include "scan/pyinterp.h"
#include "scan/win_scan.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/winpath.h"
#include "util/banned.h"

#define SCRIPT_HEAD_MAX 4096

struct rs {
    struct scan_ctx *ctx;
    const char *pyenv_root;   /* $PYENV_ROOT or $HOME/.pyenv (virtual), or NULL */
    const char *shims;        /* pyenv_root/shims */
    const char *cwd;          /* where .python-version is looked up */
};

static int is_exec(struct scan_ctx *ctx, const char *path)
{
    struct compat_stat st;
    struct gd_err err;
    if (fs_stat(ctx->fs, path, &st, &err) != 1)
        return 0;
    return st.type == COMPAT_FT_REG && (st.mode & 0111);
}

static int is_file(struct scan_ctx *ctx, const char *path)
{
    struct compat_stat st;
    struct gd_err err;
    return fs_stat(ctx->fs, path, &st, &err) == 1 && st.type == COMPAT_FT_REG;
}

static int is_dir(struct scan_ctx *ctx, const char *path)
{
    struct compat_stat st;
    struct gd_err err;
    return fs_stat(ctx->fs, path, &st, &err) == 1 && st.type == COMPAT_FT_DIR;
}

/* "/a/b/" -> "/a/b" (pyenv compares PATH entries as strings). */
static const char *trim_slash(struct facts *f, const char *s)
{
    size_t n = strlen(s);
    while (n > 1 && s[n - 1] == '/')
        n--;
    return arena_strndup(&f->arena, s, n);
}

/* The first executable dir/cmd on PATH, skipping `skip` (the shims). */
static const char *path_walk(struct rs *r, const char *cmd, const char *skip, const char *skip2,
                             const char **dir_out)
{
    const struct strlist *path = &r->ctx->facts->ldenv.path;
    struct strbuf p = STRBUF_INIT;
    const char *hit = NULL;
    size_t i;

    for (i = 0; i < path->nr && !hit; i++) {
        const char *d = path->v[i];
        if (d[0] != '/')
            continue;   /* relative entries depend on a directory we do not know */
        if ((skip && !strcmp(trim_slash(r->ctx->facts, d), skip)) ||
            (skip2 && !strcmp(trim_slash(r->ctx->facts, d), skip2)))
            continue;
        path_join(&p, d, cmd);
        if (is_exec(r->ctx, p.buf)) {
            hit = facts_str(r->ctx->facts, p.buf);
            if (dir_out)
                *dir_out = d;
        }
    }
    strbuf_release(&p);
    return hit;
}

/* ---- pyenv ---- */

/* The version file pyenv-version-file picks, or NULL. */
static const char *find_local_version_file(struct rs *r, const char *start)
{
    struct strbuf dir = STRBUF_INIT, p = STRBUF_INIT;
    const char *found = NULL;

    strbuf_addstr(&dir, start);
    while (dir.len > 1 && dir.buf[dir.len - 1] == '/')
        strbuf_setlen(&dir, dir.len - 1);
    for (;;) {
        char *slash;
        strbuf_reset(&p);
        strbuf_addf(&p, "%s/.python-version", dir.buf[0] == '/' && dir.len == 1 ? "" : dir.buf);
        if (is_file(r->ctx, p.buf)) {
            found = facts_str(r->ctx->facts, p.buf);
            break;
        }
        if (dir.len == 0 || (dir.len == 1 && dir.buf[0] == '/'))
            break;
        slash = strrchr(dir.buf, '/');
        strbuf_setlen(&dir, slash ? (size_t)(slash - dir.buf) : 0);
    }
    strbuf_release(&dir);
    strbuf_release(&p);
    return found;
}

/* The installed versions under $PYENV_ROOT/versions (sorted by name). */
static int latest_prefix(struct rs *r, const char *prefix, struct strbuf *out)
{
    struct strbuf p = STRBUF_INIT;
    struct fs_dirlist dl;
    struct gd_err err;
    size_t i, n = strlen(prefix);
    const char *best = NULL;
    int thr = n > 1 && prefix[n - 1] == 't' && prefix[n - 2] >= '0' && prefix[n - 2] <= '9';

    path_join(&p, r->pyenv_root, "versions");
    if (fs_list_dir(r->ctx->fs, p.buf, 4096, &dl, &err) != 1) {
        fs_dirlist_release(&dl);   /* -1 leaves the entries read so far */
        strbuf_release(&p);
        return 0;
    }
    if (thr)
        n--;   /* "3.13t": prefix "3.13", suffix "t" */
    for (i = 0; i < dl.nr; i++) {
        const char *name = dl.ents[i].name;
        size_t len = strlen(name);
        const char *tail;
        if (strncmp(name, prefix, n) || (name[n] != '-' && name[n] != '.'))
            continue;
        if (thr ? name[len - 1] != 't' : (len && name[len - 1] == 't' && len > 1 &&
                                           name[len - 2] >= '0' && name[len - 2] <= '9'))
            continue;
        /* pyenv-latest drops -dev, -src, -latest and pre-releases (a1, b2, rc3). */
        if ((len >= 4 && !strcmp(name + len - 4, "-dev")) || (len >= 4 && !strcmp(name + len - 4, "-src")) ||
            (len >= 7 && !strcmp(name + len - 7, "-latest")))
            continue;
        tail = name + len;
        while (tail > name && tail[-1] >= '0' && tail[-1] <= '9')
            tail--;
        if (tail < name + len && tail > name &&
            (tail[-1] == 'a' || tail[-1] == 'b' || (tail - name >= 2 && tail[-2] == 'r' && tail[-1] == 'c')))
            continue;
        /* pyenv-versions --skip-envs: a pyenv-virtualenv env is a symlink into versions/X/envs */
        {
            struct strbuf ep = STRBUF_INIT, real = STRBUF_INIT;
            int env = 0;
            path_join(&ep, p.buf, name);
            if (fs_realpath(r->ctx->fs, ep.buf, &real, &err) == 1 && strstr(real.buf, "/envs/"))
                env = 1;
            strbuf_release(&ep);
            strbuf_release(&real);
            if (env)
                continue;
        }
        if (!best || ver_cmp_dotted(best, name) < 0)
            best = name;
    }
    if (best) {
        strbuf_reset(out);
        strbuf_addstr(out, best);
    }
    fs_dirlist_release(&dl);
    strbuf_release(&p);
    return best != NULL;
}

/* pyenv-latest -f: an installed directory name for version v (or v itself). */
static const char *pyenv_resolve_version(struct rs *r, const char *v)
{
    struct strbuf p = STRBUF_INIT, out = STRBUF_INIT;
    const char *res = v;
    const char *norm = strncmp(v, "python-", 7) ? v : v + 7;

    path_join(&p, r->pyenv_root, "versions");
    strbuf_addf(&p, "/%s", norm);
    if (is_dir(r->ctx, p.buf))
        res = norm;
    else if (latest_prefix(r, norm, &out))
        res = facts_str(r->ctx->facts, out.buf);
    else if (norm != v) {
        path_join(&p, r->pyenv_root, "versions");
        strbuf_addf(&p, "/%s", v);
        if (!is_dir(r->ctx, p.buf) && latest_prefix(r, v, &out))
            res = facts_str(r->ctx->facts, out.buf);
    }
    strbuf_release(&p);
    strbuf_release(&out);
    return res;
}

/* What a pyenv shim for cmd (found in shim_dir) runs. */
static void pyenv_which(struct rs *r, const char *cmd, const char *shim_dir, struct py_interpreter *it)
{
    struct facts *f = r->ctx->facts;
    const char *vs = env_get(r->ctx->env, "PYENV_VERSION"), *origin = "PYENV_VERSION";
    struct strbuf text = STRBUF_INIT, words = STRBUF_INIT, p = STRBUF_INIT, tried = STRBUF_INIT;
    struct gd_err err;
    const char *s;

    if (!vs || !*vs) {
        const char *pdir = env_get(r->ctx->env, "PYENV_DIR"), *file = NULL;
        if (pdir && *pdir == '/')
            file = find_local_version_file(r, pdir);
        if (!file && (!pdir || strcmp(pdir, r->cwd)))
            file = find_local_version_file(r, r->cwd);
        if (!file) {
            path_join(&p, r->pyenv_root, "version");
            file = facts_str(f, p.buf);
        }
        origin = file;
        vs = "";
        if (fs_read_file(r->ctx->fs, file, PYENV_SMALL_LIMIT, &text, &err) == 1 &&
            pyinterp_version_file((const uint8_t *)text.buf, text.len, &words) > 0)
            vs = words.buf;
    }
    if (!*vs)
        vs = "system";
    it->pyenv_version = facts_str(f, vs);

    /* Each version in order, then "system". */
    for (s = vs;; ) {
        const char *colon = strchr(s, ':');
        char *v = xstrndup(s, colon ? (size_t)(colon - s) : strlen(s));
        int last = 0;
        if (!*v) {
            free(v);
            v = xstrdup("system");
            last = 1;
        }
        if (!strcmp(v, "system")) {
            /* pyenv-which: PATH without $PYENV_ROOT/shims (and the shim's own
             * directory when it is elsewhere: _PYENV_SHIM_PATHS_<CMD>). */
            const char *hit = path_walk(r, cmd, r->shims, shim_dir, NULL);
            if (hit) {
                it->path = hit;
                it->pyenv_version = "system";
                it->resolved_by = facts_printf(f, "pyenv shim: version 'system' (%s%s%s) -> PATH without the shims",
                                               origin, strcmp(origin, "PYENV_VERSION") ? "" : "=",
                                               strcmp(origin, "PYENV_VERSION") ? "" : vs);
                free(v);
                break;
            }
        } else {
            const char *dir = pyenv_resolve_version(r, v);
            path_join(&p, r->pyenv_root, "versions");
            strbuf_addf(&p, "/%s/bin/%s", dir, cmd);
            if (is_exec(r->ctx, p.buf)) {
                it->path = facts_str(f, p.buf);
                it->pyenv_version = facts_str(f, dir);
                it->resolved_by = facts_printf(f, "pyenv shim: version '%s' from %s%s%s", dir, origin,
                                               strcmp(origin, "PYENV_VERSION") ? "" : "=",
                                               strcmp(origin, "PYENV_VERSION") ? "" : vs);
                free(v);
                break;
            }
            strbuf_addf(&tried, "%s'%s'", tried.len ? ", " : "", dir);
        }
        free(v);
        if (last)
            break;
        s = colon ? colon + 1 : s + strlen(s);
    }
    if (!it->path)
        it->resolved_by = facts_printf(f, "pyenv shim: '%s' is not in version %s (from %s) nor on PATH: "
                                          "the shim fails with 'command not found'",
                                       cmd, tried.len ? tried.buf : "'system'", origin);
    strbuf_release(&text);
    strbuf_release(&words);
    strbuf_release(&p);
    strbuf_release(&tried);
}

/* Is hit (in dir) a pyenv shim?  The shim's own `export PYENV_ROOT=`
 * decides the root (it overrides the environment's); a hit in
 * $PYENV_ROOT/shims whose file cannot be read is taken as a shim too.
 * Sets r->pyenv_root and r->shims for the resolution. */
static int shim_root(struct rs *r, const char *hit, const char *dir)
{
    struct strbuf head = STRBUF_INIT, root = STRBUF_INIT;
    struct gd_err err;
    int shim = 0;
    if (fs_read_head(r->ctx->fs, hit, SCRIPT_HEAD_MAX, &head, &err) == 1 &&
        pyinterp_pyenv_shim((const uint8_t *)head.buf, head.len, &root) == 1) {
        r->pyenv_root = trim_slash(r->ctx->facts, root.buf);
        r->shims = facts_printf(r->ctx->facts, "%s/shims", r->pyenv_root);
        shim = 1;
    } else if (r->shims && !strcmp(dir, r->shims) && head.len == 0) {
        shim = 1;
    }
    strbuf_release(&head);
    strbuf_release(&root);
    return shim;
}

/* ---- interpreter -> environment ---- */

/* "python3.11" -> "3.11" (NULL when the name holds no X.Y). */
static const char *xy_of_name(struct facts *f, const char *base)
{
    const char *p = base;
    size_t n;
    if (!strncmp(p, "python", 6))
        p += 6;
    if (!(p[0] >= '2' && p[0] <= '3') || p[1] != '.' || !(p[2] >= '0' && p[2] <= '9'))
        return NULL;
    n = 3;
    while (p[n] >= '0' && p[n] <= '9')
        n++;
    return arena_strndup(&f->arena, p, n);
}

static int same_path(int windows, const char *a, const char *b)
{
    return windows ? winpath_name_eq(a, b) : !strcmp(a, b);
}

static int match_env(struct scan_ctx *ctx, const char *prefix, const char *xy, const char **out_prefix,
                     const char **out_python)
{
    const struct facts *f = ctx->facts;
    int windows = ctx->opts && ctx->opts->os && !strcmp(ctx->opts->os, "windows");
    size_t i, first = (size_t)-1;

    for (i = 0; i < f->n_pyenvs; i++) {
        const struct python_env *e = &f->pyenvs[i];
        if (!e->prefix || !same_path(windows, e->prefix, prefix))
            continue;
        if (first == (size_t)-1)
            first = i;
        if (xy && e->python_version && !strncmp(e->python_version, xy, strlen(xy)) &&
            (e->python_version[strlen(xy)] == '\0' || e->python_version[strlen(xy)] == '.')) {
            first = i;
            break;
        }
    }
    if (first == (size_t)-1)
        return 0;
    *out_prefix = f->pyenvs[first].prefix;
    *out_python = f->pyenvs[first].python_version;
    return 1;
}

int pyresolve_env_of(struct scan_ctx *ctx, const char *interp, const char **prefix, const char **python)
{
    struct facts *f = ctx->facts;
    struct strbuf dir = STRBUF_INIT, up = STRBUF_INIT, p = STRBUF_INIT, real = STRBUF_INIT;
    struct gd_err err;
    int windows = ctx->opts && ctx->opts->os && !strcmp(ctx->opts->os, "windows");
    const char *xy = NULL;
    int r = 0;

    *prefix = *python = NULL;
    path_dirname(&dir, interp);
    path_dirname(&up, dir.buf);
    if (windows) {
        /* venv: <env>\Scripts\python.exe; installs and conda: <env>\python.exe */
        if (winpath_name_eq(path_basename(dir.buf), "Scripts") && win_find_in(ctx, up.buf, "pyvenv.cfg"))
            r = match_env(ctx, up.buf, NULL, prefix, python);
        if (!r)
            r = match_env(ctx, dir.buf, NULL, prefix, python);
        goto out;
    }
    path_join(&p, up.buf, "pyvenv.cfg");
    if (is_file(ctx, p.buf)) {
        /* A venv's bin/python is a symlink out of it: the venv is where it was found. */
        if (fs_realpath(ctx->fs, up.buf, &real, &err) == 1)
            r = match_env(ctx, real.buf, NULL, prefix, python);
        goto out;
    }
    if (fs_realpath(ctx->fs, interp, &real, &err) != 1)
        goto out;
    xy = xy_of_name(f, path_basename(real.buf));
    if (!xy)
        xy = xy_of_name(f, path_basename(interp));
    path_dirname(&dir, real.buf);
    path_dirname(&up, dir.buf);
    r = match_env(ctx, up.buf, xy, prefix, python);
out:
    strbuf_release(&dir);
    strbuf_release(&up);
    strbuf_release(&p);
    strbuf_release(&real);
    return r;
}

/* ---- Linux / macOS ---- */

static void resolve_posix(struct rs *r, const char *cmd, struct py_interpreter *it)
{
    struct facts *f = r->ctx->facts;
    const char *dir = NULL, *venv = env_get(r->ctx->env, "VIRTUAL_ENV"),
               *conda = env_get(r->ctx->env, "CONDA_PREFIX");
    const char *hit = path_walk(r, cmd, NULL, NULL, &dir);

    it->command = cmd;
    it->found = hit;
    if (!hit) {
        it->resolved_by = "not found on PATH";
        return;
    }
    dir = trim_slash(f, dir);
    if (shim_root(r, hit, dir)) {
        pyenv_which(r, cmd, dir, it);
    } else {
        struct strbuf vb = STRBUF_INIT;
        it->path = hit;
        it->resolved_by = "PATH";
        if (venv && *venv == '/') {
            path_join(&vb, venv, "bin");
            if (!strcmp(trim_slash(f, vb.buf), dir))
                it->resolved_by = "PATH: $VIRTUAL_ENV/bin first (an activated venv)";
        }
        if (conda && *conda == '/' && !strcmp(it->resolved_by, "PATH")) {
            path_join(&vb, conda, "bin");
            if (!strcmp(trim_slash(f, vb.buf), dir))
                it->resolved_by = facts_printf(f, "PATH: $CONDA_PREFIX/bin first (conda activate%s%s)",
                                               env_get(r->ctx->env, "CONDA_DEFAULT_ENV") ? " " : "",
                                               env_get(r->ctx->env, "CONDA_DEFAULT_ENV")
                                                   ? env_get(r->ctx->env, "CONDA_DEFAULT_ENV") : "");
        }
        strbuf_release(&vb);
    }
    it->target = it->path;
    if (it->path && !strncmp(cmd, "pip", 3)) {
        /* pip is a script: it runs the interpreter its first line names. */
        struct strbuf head = STRBUF_INIT, interp = STRBUF_INIT;
        struct gd_err err;
        int via_env = 0;
        if (fs_read_head(r->ctx->fs, it->path, SCRIPT_HEAD_MAX, &head, &err) == 1 &&
            pyinterp_shebang((const uint8_t *)head.buf, head.len, &interp, &via_env) == 1) {
            if (via_env) {
                const char *p2 = NULL, *how = NULL;
                pyresolve_which(r->ctx, interp.buf, &p2, &how);
                it->resolved_by = facts_printf(f, "%s; its shebang runs '%s' from PATH (%s)", it->resolved_by,
                                               interp.buf, how);
                it->path = p2;
            } else {
                it->resolved_by = facts_printf(f, "%s; its shebang names %s", it->resolved_by, interp.buf);
                it->path = facts_str(f, interp.buf);
            }
        }
        strbuf_release(&head);
        strbuf_release(&interp);
    }
    if (it->path)
        pyresolve_env_of(r->ctx, it->path, &it->env, &it->env_python);
}

static void rs_init(struct rs *r, struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    const char *root = env_get(ctx->env, "PYENV_ROOT"), *home = env_get(ctx->env, "HOME");
    char cwd[FS_PATH_MAX];

    memset(r, 0, sizeof(*r));
    r->ctx = ctx;
    if (root && *root == '/')
        r->pyenv_root = trim_slash(f, root);
    else if (home && *home == '/')
        r->pyenv_root = facts_printf(f, "%s/.pyenv", strcmp(home, "/") ? home : "");
    if (r->pyenv_root)
        r->shims = facts_printf(f, "%s/shims", r->pyenv_root);
    if (ctx->opts && ctx->opts->cwd)
        r->cwd = facts_str(f, ctx->opts->cwd);
    else if (!ctx->fs->host_root)
        r->cwd = "/";
    else {
        const char *pwd = env_get(ctx->env, "PWD");
        if (pwd && *pwd == '/')
            r->cwd = facts_str(f, pwd);
        else if (compat_getcwd(cwd, sizeof(cwd)) == 0)
            r->cwd = facts_str(f, cwd);
        else
            r->cwd = "/";
    }
}

void pyresolve_which(struct scan_ctx *ctx, const char *cmd, const char **path, const char **how)
{
    struct rs r;
    struct py_interpreter it;
    rs_init(&r, ctx);
    memset(&it, 0, sizeof(it));
    it.found = path_walk(&r, cmd, NULL, NULL, NULL);
    *path = NULL;
    *how = "not found on PATH";
    if (!it.found)
        return;
    {
        const char *dir = NULL;
        (void)path_walk(&r, cmd, NULL, NULL, &dir);
        dir = trim_slash(ctx->facts, dir);
        if (shim_root(&r, it.found, dir)) {
            pyenv_which(&r, cmd, dir, &it);
            *path = it.path;
            *how = it.resolved_by;
            return;
        }
    }
    *path = it.found;
    *how = "PATH";
}

/* ---- Windows ---- */

static const char *win_localappdata(struct scan_ctx *ctx)
{
    const char *v = win_env(ctx, "LOCALAPPDATA");
    return v ? win_map(ctx, v) : NULL;
}

/* A python.exe in ...\Microsoft\WindowsApps is an App Execution Alias:
 * the Store's installer stub unless a Store Python package is there. */
static int store_python_installed(struct scan_ctx *ctx, const char *dir)
{
    struct fs_dirlist dl;
    struct gd_err err;
    size_t i;
    int found = 0;
    static const char pkg[] = "pythonsoftwarefoundation.python.";
    if (fs_list_dir(ctx->fs, dir, 4096, &dl, &err) != 1) {
        fs_dirlist_release(&dl);
        return 0;
    }
    for (i = 0; i < dl.nr && !found; i++) {
        char head[sizeof(pkg)];
        if (strlen(dl.ents[i].name) < sizeof(pkg) - 1)
            continue;
        memcpy(head, dl.ents[i].name, sizeof(pkg) - 1);
        head[sizeof(pkg) - 1] = '\0';
        found = winpath_name_eq(head, pkg);
    }
    fs_dirlist_release(&dl);
    return found;
}

static const char *win_path_walk(struct scan_ctx *ctx, const char *exe, size_t start, size_t *at)
{
    const struct strlist *path = &ctx->facts->ldenv.path;
    size_t i;
    for (i = start; i < path->nr; i++) {
        const char *p;
        if (path->v[i][0] != '/')
            continue;
        if ((p = win_find_in(ctx, path->v[i], exe)) != NULL && !win_is_dir(ctx, p)) {
            if (at)
                *at = i;
            return p;
        }
    }
    return NULL;
}

/* The newest non-venv environment whose version starts with tag ("3", "3.11"). */
static const struct python_env *py_launcher_pick(struct scan_ctx *ctx, const char *tag)
{
    const struct facts *f = ctx->facts;
    const struct python_env *best = NULL;
    size_t i, n = tag ? strcspn(tag, "-") : 0;
    for (i = 0; i < f->n_pyenvs; i++) {
        const struct python_env *e = &f->pyenvs[i];
        if (!e->python_version || (e->kind && !strcmp(e->kind, "venv")))
            continue;
        if (n && (strncmp(e->python_version, tag, n) ||
                  (e->python_version[n] != '\0' && e->python_version[n] != '.')))
            continue;
        if (!n && e->python_version[0] != '3')
            continue;
        if (!best || ver_cmp_dotted(best->python_version, e->python_version) < 0)
            best = e;
    }
    return best;
}

static void resolve_py_launcher(struct scan_ctx *ctx, const char *py, struct py_interpreter *it)
{
    struct facts *f = ctx->facts;
    const char *venv = win_env(ctx, "VIRTUAL_ENV"), *tag = win_env(ctx, "PY_PYTHON"), *how = NULL;
    const struct python_env *e;
    struct strbuf text = STRBUF_INIT, val = STRBUF_INIT, dir = STRBUF_INIT;
    struct gd_err err;

    if (venv && *venv) {
        const char *vp = win_map(ctx, venv), *exe = vp ? win_find_in(ctx, vp, "Scripts") : NULL;
        if (exe && (exe = win_find_in(ctx, exe, "python.exe")) != NULL) {
            it->path = exe;
            it->resolved_by = "py launcher: the active virtual environment (VIRTUAL_ENV)";
            pyresolve_env_of(ctx, exe, &it->env, &it->env_python);
            goto out;
        }
    }
    if (tag && *tag) {
        how = facts_printf(f, "py launcher: PY_PYTHON=%s", tag);
    } else {
        const char *lad = win_localappdata(ctx), *ini[2] = { NULL, NULL };
        size_t k;
        path_dirname(&dir, py);
        ini[0] = lad ? win_find_in(ctx, lad, "py.ini") : NULL;
        ini[1] = win_find_in(ctx, dir.buf, "py.ini");
        for (k = 0; k < 2 && !how; k++) {
            strbuf_reset(&text);
            if (ini[k] && fs_read_file(ctx->fs, ini[k], PYENV_SMALL_LIMIT, &text, &err) == 1 &&
                pyinterp_ini_value((const uint8_t *)text.buf, text.len, "defaults", "python", &val) == 1 &&
                val.len) {
                tag = facts_str(f, val.buf);
                how = facts_printf(f, "py launcher: [defaults] python=%s in %s", tag, ini[k]);
            }
        }
    }
    if (!how)
        how = "py launcher: the newest Python 3 installed";
    e = py_launcher_pick(ctx, tag);
    it->resolved_by = how;
    if (e) {
        it->path = e->interpreter ? e->interpreter : facts_printf(f, "%s/python.exe", e->prefix);
        it->env = e->prefix;
        it->env_python = e->python_version;
    } else {
        it->resolved_by = facts_printf(f, "%s: no such Python found", how);
    }
out:
    strbuf_release(&text);
    strbuf_release(&val);
    strbuf_release(&dir);
}

static void resolve_windows(struct scan_ctx *ctx, const char *cmd, struct py_interpreter *it)
{
    struct facts *f = ctx->facts;
    const char *exe = facts_printf(f, "%s.exe", cmd), *hit;
    size_t at = 0;

    it->command = cmd;
    hit = win_path_walk(ctx, exe, 0, &at);
    it->found = hit;
    if (!hit) {
        it->resolved_by = "not found on PATH";
        return;
    }
    if (!strcmp(cmd, "py")) {
        resolve_py_launcher(ctx, hit, it);
        return;
    }
    {
        struct strbuf dir = STRBUF_INIT;
        path_dirname(&dir, hit);
        if (winpath_name_eq(path_basename(dir.buf), "WindowsApps")) {
            if (!store_python_installed(ctx, dir.buf)) {
                size_t later = 0;
                const char *next = win_path_walk(ctx, exe, at + 1, &later);
                it->resolved_by = "PATH: the Microsoft Store App Execution Alias in WindowsApps";
                it->note = next ? facts_printf(f, "Microsoft Store App Execution Alias stub: it opens the Store "
                                                  "instead of running Python; a real %s comes later on PATH (%s)",
                                               exe, next)
                                : "Microsoft Store App Execution Alias stub: it opens the Store instead of "
                                  "running Python";
            } else {
                it->resolved_by = "PATH: the Microsoft Store Python's App Execution Alias";
                it->note = "the Microsoft Store Python (its files are not readable from the tree)";
            }
            strbuf_release(&dir);
            return;
        }
        strbuf_release(&dir);
    }
    it->path = it->target = hit;
    it->resolved_by = "PATH";
    if (!strncmp(cmd, "pip", 3)) {
        /* pip.exe is a launcher in <env>\Scripts: it runs that environment's python. */
        struct strbuf dir = STRBUF_INIT, up = STRBUF_INIT;
        const char *py;
        path_dirname(&dir, hit);
        path_dirname(&up, dir.buf);
        py = win_find_in(ctx, up.buf, "python.exe");
        if (!py && (py = win_find_in(ctx, dir.buf, "python.exe")) == NULL)
            py = NULL;
        if (py) {
            it->path = py;
            it->resolved_by = "PATH; pip.exe runs the python.exe of its environment";
        }
        strbuf_release(&dir);
        strbuf_release(&up);
    }
    pyresolve_env_of(ctx, it->path, &it->env, &it->env_python);
}

void pyresolve_commands(struct scan_ctx *ctx)
{
    static const char *const posix_cmds[] = { "python3", "python", "pip3", "pip", NULL };
    static const char *const win_cmds[] = { "python", "python3", "pip", "py", NULL };
    struct facts *f = ctx->facts;
    int windows = ctx->opts && ctx->opts->os && !strcmp(ctx->opts->os, "windows");
    const char *const *c;
    struct rs r;

    if (ctx->opts && (ctx->opts->python || ctx->opts->prefix))
        return;   /* the user named the environment */
    rs_init(&r, ctx);
    f->interp.cwd = windows ? NULL : r.cwd;
    for (c = windows ? win_cmds : posix_cmds; *c; c++) {
        struct py_interpreter it;
        memset(&it, 0, sizeof(it));
        if (windows)
            resolve_windows(ctx, *c, &it);
        else
            resolve_posix(&r, *c, &it);
        ALLOC_GROW(f->interp.v, f->interp.nr + 1, f->interp.alloc);
        f->interp.v[f->interp.nr++] = it;
    }
}
