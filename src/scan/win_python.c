/*
 * win_python.c - Python environments on Windows.
 *
 * Where (in this order; one environment per main site-packages):
 *   1. VIRTUAL_ENV, CONDA_PREFIX (+ CONDA_DEFAULT_ENV): active, first;
 *   2. every PATH directory holding python.exe (a venv's Scripts: the venv;
 *      the Microsoft Store's WindowsApps aliases are skipped: they are
 *      stubs that start the Store);
 *   3. per user profile: AppData\Local\Programs\Python\PythonXY (python.org,
 *      per-user), Anaconda3, Miniconda3, miniforge3, mambaforge and their
 *      envs\*, .conda\envs\*, project venvs .venv / venv in the profile
 *      and one folder below it;
 *   4. machine-wide: Program Files\PythonXY, C:\PythonXY (old installers),
 *      ProgramData\{Anaconda3,Miniconda3,miniforge3} and their envs.
 * What: a venv has pyvenv.cfg (version, home) and Scripts\python.exe; a
 * conda environment has conda-meta; a python.org install has python.exe
 * and pythonXY.dll.  Site dirs in sys.path order: the user site
 * (AppData\Roaming\Python\PythonXY\site-packages, not for venvs), then
 * Lib\site-packages.  The distributions and framework builds are read by
 * the same code as on Linux (pyenv_read_dists, pyenv_frameworks).
 * The py launcher's registrations live in the registry and are not read.
 */
#include "scan/win_scan.h"

#include <stdlib.h>
#include <string.h>

#include "scan/pyenv.h"
#include "scan/jupyter.h"
#include "scan/pyresolve.h"
#include "scan/pyvenvcfg.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

#define WIN_DIR_MAX 100000

struct seen_id {
    uint64_t dev, ino;
};

struct wfinder {
    struct scan_ctx *ctx;
    struct seen_id *seen;
    size_t n_seen, alloc_seen;
};

static int seen(struct wfinder *w, const struct compat_stat *st)
{
    size_t i;
    for (i = 0; i < w->n_seen; i++)
        if (w->seen[i].dev == st->dev && w->seen[i].ino == st->ino)
            return 1;
    ALLOC_GROW(w->seen, w->n_seen + 1, w->alloc_seen);
    w->seen[w->n_seen].dev = st->dev;
    w->seen[w->n_seen].ino = st->ino;
    w->n_seen++;
    return 0;
}

/* "python310.dll" in prefix -> "3.10"; python3.dll (the stable ABI) is not one. */
static const char *version_from_dll(struct scan_ctx *ctx, const char *prefix, const char **src)
{
    struct fs_dirlist dl;
    const char *v = NULL;
    size_t i;
    if (fs_list_dir(ctx->fs, prefix, WIN_DIR_MAX, &dl, NULL) != 1) {
        fs_dirlist_release(&dl);   /* -1 leaves the entries read so far */
        return NULL;
    }
    for (i = 0; i < dl.nr && !v; i++) {
        const char *n = dl.ents[i].name;
        size_t len = strlen(n), d;
        if (len < 12 || strncmp(n, "python3", 7) || !winpath_name_eq(n + len - 4, ".dll"))
            continue;
        d = strspn(n + 7, "0123456789");
        if (d < 1 || d > 2 || 7 + d + 4 != len)
            continue;
        v = facts_printf(ctx->facts, "3.%.*s", (int)d, n + 7);
        *src = facts_printf(ctx->facts, "%s/%s", prefix, n);
    }
    fs_dirlist_release(&dl);
    return v;
}

/* "3.10.11" -> "3.10"; "" if not a version. */
static const char *xy_of(struct facts *f, const char *v)
{
    const char *dot = v ? strchr(v, '.') : NULL;
    if (!dot)
        return "";
    return facts_printf(f, "%.*s", (int)((size_t)(dot - v) + 1 + strspn(dot + 1, "0123456789")), v);
}

static void add_site(struct scan_ctx *ctx, struct python_env *e, const char *dir)
{
    if (!win_is_dir(ctx, dir))
        return;
    ALLOC_GROW(e->site_dirs, e->n_site_dirs + 1, e->alloc_site_dirs);
    e->site_dirs[e->n_site_dirs++] = dir;
}

/* The user site of an install that lives in a profile (or the profile in
 * USERPROFILE): AppData\Roaming\Python\PythonXY\site-packages. */
static void add_user_site(struct scan_ctx *ctx, struct python_env *e, const char *xy)
{
    struct facts *f = ctx->facts;
    const char *home = NULL, *up = win_env(ctx, "USERPROFILE");
    const char *site;
    char digits[8];
    size_t n = 0;

    if (str_starts(e->prefix, "/Users/")) {
        const char *slash = strchr(e->prefix + 7, '/');
        home = slash ? facts_printf(f, "%.*s", (int)(slash - e->prefix), e->prefix) : e->prefix;
    } else if (up) {
        home = win_map(ctx, up);
    }
    if (!home || !*xy)
        return;
    for (; *xy && n + 1 < sizeof(digits); xy++)
        if (*xy != '.')
            digits[n++] = *xy;
    digits[n] = '\0';
    site = win_find(ctx, facts_printf(f, "%s/AppData/Roaming/Python/Python%s/site-packages", home, digits));
    if (site)
        add_site(ctx, e, site);
}

static void add_env(struct wfinder *w, const char *prefix, const char *found_by, const char *name, int active)
{
    struct scan_ctx *ctx = w->ctx;
    struct facts *f = ctx->facts;
    struct python_env e;
    struct compat_stat st;
    struct pyvenv_cfg cfg;
    const char *p, *site, *xy, *ver = NULL, *src = NULL;
    size_t i;

    if (!prefix || !win_is_dir(ctx, prefix))
        return;
    memset(&e, 0, sizeof(e));
    memset(&cfg, 0, sizeof(cfg));
    e.prefix = prefix;
    e.found_by = found_by;
    e.name = name;
    e.active = active;
    e.include_system_site = -1;
    if ((p = win_find_in(ctx, prefix, "pyvenv.cfg")) != NULL) {
        struct strbuf sb = STRBUF_INIT;
        if (scan_read_text(ctx, p, PYENV_SMALL_LIMIT, &sb) == 1) {
            pyvenv_cfg_parse(&cfg, &f->arena, sb.buf, sb.len);
            e.kind = "venv";
            e.venv_home = cfg.home;
            e.venv_creator = cfg.creator;
            e.include_system_site = cfg.include_system_site;
            if (cfg.version) {
                ver = cfg.version;
                src = p;
            }
        }
        strbuf_release(&sb);
        e.interpreter = win_find(ctx, facts_printf(f, "%s/Scripts/python.exe", prefix));
    }
    if (!e.kind) {
        e.interpreter = win_find_in(ctx, prefix, "python.exe");
        e.kind = win_find_in(ctx, prefix, "conda-meta") ? "conda" : "system";
        if (!e.interpreter && strcmp(e.kind, "conda"))
            return;   /* neither a venv, nor conda, nor an install */
    }
    if (!ver)
        ver = version_from_dll(ctx, prefix, &src);
    xy = xy_of(f, ver);
    if (ver) {
        e.python_version = ver;
        e.python_version_source = src;
    }
    site = win_find(ctx, facts_printf(f, "%s/Lib/site-packages", prefix));
    if (strcmp(e.kind, "venv"))
        add_user_site(ctx, &e, xy);
    if (site)
        add_site(ctx, &e, site);
    /* One environment per main site dir (the last one: Lib\site-packages). */
    if (fs_stat(ctx->fs, site ? site : prefix, &st, NULL) != 1 || seen(w, &st)) {
        if (active)
            for (i = 0; i < f->n_pyenvs; i++)
                if (!strcmp(f->pyenvs[i].prefix, prefix))
                    f->pyenvs[i].active = 1;
        free(e.site_dirs);
        return;
    }
    e.site_packages = site;
    if (!site && e.n_site_dirs)
        e.site_packages = e.site_dirs[0];
    ALLOC_GROW(f->pyenvs, f->n_pyenvs + 1, f->alloc_pyenvs);
    f->pyenvs[f->n_pyenvs++] = e;
}

/* A conda installation and every env under envs\. */
static void add_conda_root(struct wfinder *w, const char *root, const char *found_by)
{
    struct scan_ctx *ctx = w->ctx;
    const char *envs;
    struct fs_dirlist dl;
    size_t i;
    if (!root || !win_is_dir(ctx, root))
        return;
    add_env(w, root, found_by, "base", 0);
    envs = win_find_in(ctx, root, "envs");
    if (!envs)
        return;
    if (fs_list_dir(ctx->fs, envs, WIN_DIR_MAX, &dl, NULL) != 1) {
        fs_dirlist_release(&dl);
        return;
    }
    for (i = 0; i < dl.nr; i++)
        add_env(w, facts_printf(ctx->facts, "%s/%s", envs, dl.ents[i].name), "conda envs",
                facts_str(ctx->facts, dl.ents[i].name), 0);
    fs_dirlist_release(&dl);
}

/* Every child of dir whose name starts with prefix (ignoring case). */
static void add_children(struct wfinder *w, const char *dir, const char *prefix, const char *found_by)
{
    struct scan_ctx *ctx = w->ctx;
    struct fs_dirlist dl;
    size_t i, pl = strlen(prefix);
    if (!dir)
        return;
    if (fs_list_dir(ctx->fs, dir, WIN_DIR_MAX, &dl, NULL) != 1) {
        fs_dirlist_release(&dl);
        return;
    }
    for (i = 0; i < dl.nr; i++) {
        char head[32];
        if (strlen(dl.ents[i].name) < pl || pl >= sizeof(head))
            continue;
        memcpy(head, dl.ents[i].name, pl);
        head[pl] = '\0';
        if (winpath_name_eq(head, prefix))
            add_env(w, facts_printf(ctx->facts, "%s/%s", dir, dl.ents[i].name), found_by, NULL, 0);
    }
    fs_dirlist_release(&dl);
}

static void scan_path_var(struct wfinder *w)
{
    struct scan_ctx *ctx = w->ctx;
    struct facts *f = ctx->facts;
    size_t i;
    for (i = 0; i < f->ldenv.path.nr; i++) {
        const char *d = f->ldenv.path.v[i], *parent;
        struct strbuf sb = STRBUF_INIT;
        if (d[0] != '/' || strstr(d, "WindowsApps") || !win_find_in(ctx, d, "python.exe"))
            continue;
        path_dirname(&sb, d);
        parent = facts_str(f, sb.buf);
        strbuf_release(&sb);
        if (winpath_name_eq(path_basename(d), "Scripts") && win_find_in(ctx, parent, "pyvenv.cfg"))
            add_env(w, parent, "PATH", NULL, 0);
        else
            add_env(w, d, "PATH", NULL, 0);
    }
}

static void scan_home(struct wfinder *w, const char *home)
{
    struct scan_ctx *ctx = w->ctx;
    struct facts *f = ctx->facts;
    static const char *const condas[] = { "Anaconda3", "Miniconda3", "miniforge3", "mambaforge", NULL };
    static const char *const venvs[] = { ".venv", "venv", NULL };
    const char *const *n;
    struct fs_dirlist dl;
    size_t i;

    add_children(w, win_find(ctx, facts_printf(f, "%s/AppData/Local/Programs/Python", home)), "Python",
                 "python.org (per user)");
    for (n = condas; *n; n++)
        add_conda_root(w, win_find_in(ctx, home, *n), "conda");
    {
        const char *ce = win_find(ctx, facts_printf(f, "%s/.conda/envs", home));
        if (ce && fs_list_dir(ctx->fs, ce, WIN_DIR_MAX, &dl, NULL) == 1) {
            for (i = 0; i < dl.nr; i++)
                add_env(w, facts_printf(f, "%s/%s", ce, dl.ents[i].name), "conda envs",
                        facts_str(f, dl.ents[i].name), 0);
            fs_dirlist_release(&dl);
        }
    }
    /* Project venvs: in the profile and one folder below it. */
    for (n = venvs; *n; n++)
        add_env(w, win_find_in(ctx, home, *n), "project venv", NULL, 0);
    if (fs_list_dir(ctx->fs, home, WIN_DIR_MAX, &dl, NULL) == 1) {
        for (i = 0; i < dl.nr; i++) {
            const char *sub = dl.ents[i].name;
            if (sub[0] == '.' || winpath_name_eq(sub, "AppData") || dl.ents[i].type != COMPAT_FT_DIR)
                continue;
            for (n = venvs; *n; n++) {
                const char *d = facts_printf(f, "%s/%s/%s", home, sub, *n);
                if (win_is_dir(ctx, d))
                    add_env(w, d, "project venv", NULL, 0);
            }
        }
        fs_dirlist_release(&dl);
    }
}

void win_scan_python(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct wfinder w;
    struct strlist homes = { NULL, 0, 0 };
    static const char *const condas[] = { "Anaconda3", "Miniconda3", "miniforge3", NULL };
    const char *const *n;
    const char *v;
    size_t i, k;

    memset(&w, 0, sizeof(w));
    w.ctx = ctx;
    if (ctx->opts && (ctx->opts->prefix || ctx->opts->python)) {
        /* --prefix DIR / --python PATH: that environment only. */
        if (ctx->opts->prefix) {
            add_env(&w, win_map(ctx, ctx->opts->prefix), "--prefix", NULL, 1);
        } else {
            struct strbuf d = STRBUF_INIT;
            const char *py = win_map(ctx, ctx->opts->python);
            if (py) {
                path_dirname(&d, py);
                if (winpath_name_eq(path_basename(d.buf), "Scripts")) {
                    const char *dd = facts_str(f, d.buf);
                    path_dirname(&d, dd);
                }
                add_env(&w, facts_str(f, d.buf), "--python", NULL, 1);
            }
            strbuf_release(&d);
        }
    } else {
        if ((v = win_env(ctx, "VIRTUAL_ENV")) != NULL)
            add_env(&w, win_map(ctx, v), "VIRTUAL_ENV", NULL, 1);
        if ((v = win_env(ctx, "CONDA_PREFIX")) != NULL)
            add_env(&w, win_map(ctx, v), "CONDA_PREFIX", win_env(ctx, "CONDA_DEFAULT_ENV"), 1);
        scan_path_var(&w);
        win_homes(ctx, &homes);
        for (i = 0; i < homes.nr; i++)
            scan_home(&w, homes.v[i]);
        add_children(&w, win_find(ctx, "/Program Files"), "Python", "python.org (all users)");
        add_children(&w, "/", "Python", "python.org (C:\\PythonXY)");
        for (n = condas; *n; n++)
            add_conda_root(&w, win_find(ctx, facts_printf(f, "/ProgramData/%s", *n)), "conda");
    }
    free(homes.v);
    free(w.seen);
    for (i = 0; i < f->n_pyenvs; i++) {
        struct pyenv_work wk = { NULL, 0, 0 };
        pyenv_read_dists(ctx, &f->pyenvs[i], &wk);
        pyenv_frameworks(ctx, &f->pyenvs[i], &wk);
        for (k = 0; k < wk.n_mds; k++)
            metadata_release(&wk.mds[k].md);
        free(wk.mds);
    }
    /* Which of them python, pip and py run, and the notebooks' kernels. */
    pyresolve_commands(ctx);
    jupyter_scan(ctx);
}
