/*
 * resolve_win.c - Windows LoadLibraryExW's search (RESOLVE_WINDOWS).
 *
 * Sources: the Win32 docs "Dynamic-link library search order" and
 * "LoadLibraryExW" (learn.microsoft.com), Wine 8.0's dlls/ntdll/loader.c,
 * and runs under Wine 8.0 (the differential suite
 * tests/cli/6NNN-windows-loadlib-* checks this file against Wine's real
 * loader).  In order:
 *
 *   the name: no extension in the base name -> ".dll" is appended, a
 *     trailing "." is dropped instead; letter case never matters;
 *   a full path ("C:\x\y.dll"): that file only;
 *   a bare name: the loaded-module list (same base name, any directory),
 *     then KnownDLLs (the System32 copy);
 *   LOAD_LIBRARY_SEARCH_* (per call, else SetDefaultDllDirectories):
 *     the importing DLL's dir (DLL_LOAD_DIR, imports only), the application
 *     dir, the AddDllDirectory dirs newest first and the SetDllDirectory
 *     dir (USER_DIRS), System32; never the CWD or PATH;
 *   otherwise the standard order with SafeDllSearchMode: the application
 *     dir (LOAD_WITH_ALTERED_SEARCH_PATH: the importing DLL's dir),
 *     System32, the 16-bit System dir, the Windows dir, the CWD, PATH;
 *     SetDllDirectory(d) puts d after the application dir and drops the
 *     CWD; SafeDllSearchMode=0 moves the CWD to second place.
 *
 * A candidate that is a PE image for another machine (a 32-bit copy) is
 * skipped and the search goes on; 193 only when nothing else is found.
 * This is what Wine does (dlls/ntdll/loader.c search_dll_file) and what
 * the public reimplementations of the Windows 10 loader do, unverified on
 * real Windows (docs/windows.md).  A file that is not a PE image at all
 * stops the search with 193 (Wine T50/T51).
 */
#include <stdlib.h>
#include <string.h>

#include "loader/pe.h"
#include "loader/resolve_int.h"
#include "util/winpath.h"
#include "util/alloc.h"
#include "util/banned.h"

static int is_sep(char c)
{
    return c == '\\' || c == '/';
}

static const char *win_basename(const char *p)
{
    const char *b = p, *s;
    for (s = p; *s; s++)
        if (is_sep(*s) || (*s == ':' && s == p + 1))
            b = s + 1;
    return b;
}

/* The mapping itself is util/winpath's (shared with the Windows observers);
 * this adds the \\?\ prefix and paths relative to the process's CWD. */
const char *resolve_win_vpath(struct arena *arena, const char *winpath, const char *cwd)
{
    struct strbuf sb = STRBUF_INIT, out = STRBUF_INIT;
    const char *p = winpath, *ret = NULL;

    if (!p || !*p)
        return NULL;
    if ((!strncmp(p, "\\\\?\\", 4) || !strncmp(p, "\\??\\", 4)) && p[4] && p[5] == ':')
        p += 4;
    if (!is_sep(p[0]) && !(p[0] && p[1] == ':')) {
        strbuf_addstr(&sb, cwd ? cwd : "/");
        strbuf_addch(&sb, '/');
    }
    strbuf_addstr(&sb, p);
    if (winpath_to_virtual(sb.buf, &out) == 1)
        ret = arena_strdup(arena, out.buf);
    strbuf_release(&sb);
    strbuf_release(&out);
    return ret;
}

const char *resolve_win_display(struct arena *arena, const char *vpath)
{
    struct strbuf sb = STRBUF_INIT;
    char *ret;
    winpath_from_virtual(vpath, &sb);
    ret = arena_strdup(arena, sb.buf);
    strbuf_release(&sb);
    return ret;
}

/* Windows ignores letter case; util/winpath looks each component up so. */
static int ci_find(struct resolver *r, const char *vpath, struct strbuf *out, struct gd_err *err)
{
    return winpath_resolve_ci(r->fs, vpath, out, err);
}


struct wsearch {
    struct resolver *r;
    struct resolve_result *out;
    const char *name;        /* with ".dll" applied; may hold '\' for a relative path */
    uint16_t machine;
    int wrong_machine;       /* a PE image for another machine was skipped */
    int stop;                /* a hard stop (193) happened */
};

/*
 * Try dir\name.  1 found (out->path set), 0 go on, -1 hard stop.
 */
static int try_candidate(struct wsearch *w, enum resolve_step step, const char *vpath,
                         const char *from)
{
    struct resolver *r = w->r;
    struct strbuf real = STRBUF_INIT;
    struct gd_err err;
    struct compat_stat st;
    struct pe_info pe;
    enum resolve_outcome oc;
    const char *detail = NULL, *path;
    int rc;

    err_init(&err);
    rc = ci_find(r, vpath, &real, &err);
    path = arena_strdup(&r->arena, rc == 1 ? real.buf : vpath);
    strbuf_release(&real);
    if (rc == 0) {
        oc = ROUT_ABSENT;
    } else if (rc < 0) {
        oc = ROUT_UNREADABLE;
        detail = arena_strdup(&r->arena, err.msg);
    } else if (fs_stat(r->fs, path, &st, &err) == 1 && st.type == COMPAT_FT_DIR) {
        oc = ROUT_NOT_REGULAR;
        detail = "a directory";
    } else {
        err_init(&err);
        rc = pe_read(r->fs, path, &r->arena, &pe, &err);
        if (rc == 0) {
            oc = ROUT_ABSENT;
        } else if (rc < 0 && err.code == GD_ERR_FORMAT) {
            oc = ROUT_INVALID;
            detail = arena_printf(&r->arena, "%s: LoadLibrary fails here with error 193", err.msg);
        } else if (rc < 0) {
            oc = ROUT_UNREADABLE;
            detail = arena_strdup(&r->arena, err.msg);
        } else if (pe.machine != w->machine) {
            const char *mn = pe_machine_name(pe.machine);
            oc = ROUT_WRONG_MACHINE;
            detail = arena_printf(&r->arena,
                                  "%s image (machine 0x%04x): skipped as Wine does; "
                                  "unverified on Windows",
                                  mn ? mn : "unknown", pe.machine);
            w->wrong_machine = 1;
        } else {
            oc = ROUT_FOUND;
        }
    }
    resolve_add_attempt(w->out, step, path, oc, from, NULL, detail);
    if (oc == ROUT_FOUND) {
        w->out->path = path;
        w->out->step = step;
        w->out->from = from;
        return 1;
    }
    if (oc == ROUT_INVALID) {
        w->stop = 1;
        return -1;
    }
    return 0;
}

/* Search directory dir (virtual, or NULL = unknown). */
static int try_dir(struct wsearch *w, enum resolve_step step, const char *dir, const char *from)
{
    struct strbuf p = STRBUF_INIT;
    const char *v;
    int rc;
    if (!dir) {
        resolve_add_attempt(w->out, step, arena_strdup(&w->r->arena, w->name), ROUT_SKIPPED, from,
                            NULL,
                            step == RSTEP_WIN_CWD ? "the current directory is unknown (--cwd)"
                                                  : "the application directory is unknown (--app-dir)");
        return 0;
    }
    path_join(&p, dir, w->name);
    v = resolve_win_vpath(&w->r->arena, p.buf, NULL);
    strbuf_release(&p);
    rc = try_candidate(w, step, v ? v : dir, from);
    return rc;
}

/* A directory given in Windows or virtual form: its virtual path, or
 * NULL with an attempt saying why it is not on the examined tree. */
static const char *dir_vpath(struct wsearch *w, enum resolve_step step, const char *dir)
{
    const char *v = resolve_win_vpath(&w->r->arena, dir, w->r->cfg.cwd);
    if (!v)
        resolve_add_attempt(w->out, step, arena_strdup(&w->r->arena, dir), ROUT_SKIPPED, NULL, NULL,
                            "not on the examined C: drive");
    return v;
}

static int try_windir(struct wsearch *w, enum resolve_step step, const char *dir)
{
    const char *v = dir_vpath(w, step, dir);
    return v ? try_dir(w, step, v, NULL) : 0;
}

/* KnownDLLs of a default Windows 10/11 installation (the registry key
 * HKLM\SYSTEM\CurrentControlSet\Control\Session Manager\KnownDLLs, plus
 * ntdll and kernelbase, which the loader maps the same way).  The key is not
 * read from the examined machine: no CUDA DLL is ever a KnownDLL. */
static const char *const known_dlls[] = {
    "advapi32.dll", "clbcatq.dll", "combase.dll", "comdlg32.dll", "coml2.dll",
    "difxapi.dll", "gdi32.dll", "gdiplus.dll", "imagehlp.dll", "imm32.dll",
    "kernel32.dll", "kernelbase.dll", "msctf.dll", "msvcrt.dll", "normaliz.dll",
    "nsi.dll", "ntdll.dll", "ole32.dll", "oleaut32.dll", "psapi.dll", "rpcrt4.dll",
    "sechost.dll", "setupapi.dll", "shcore.dll", "shell32.dll", "shlwapi.dll",
    "user32.dll", "wldap32.dll", "wow64.dll", "wow64win.dll", "ws2_32.dll", NULL,
};

static int is_known_dll(const char *name)
{
    size_t i;
    for (i = 0; known_dlls[i]; i++)
        if (winpath_name_eq(known_dlls[i], name))
            return 1;
    return 0;
}

static int is_full_path(const char *n)
{
    if (is_sep(n[0]))
        return 1;     /* "\x" (current drive root), "\\server", or virtual "/x" */
    return n[0] && n[1] == ':' && is_sep(n[2]);
}

/* The name LoadLibrary looks for: ".dll" appended when the base name has no
 * extension; a trailing '.' means "no extension" and is dropped. */
static const char *apply_extension(struct resolver *r, const char *name)
{
    const char *base = win_basename(name);
    size_t len = strlen(name);
    if (len && name[len - 1] == '.')
        return arena_strndup(&r->arena, name, len - 1);
    if (!strchr(base, '.'))
        return arena_printf(&r->arena, "%s.dll", name);
    return name;
}

static const char *dir_of(struct resolver *r, const char *vpath)
{
    const char *slash = strrchr(vpath, '/');
    if (!slash)
        return NULL;
    if (slash == vpath)
        return "/";
    return arena_strndup(&r->arena, vpath, (size_t)(slash - vpath));
}

static int search_path_var(struct wsearch *w, const char *path)
{
    const char *p = path;
    int rc = 0;
    while (p && rc == 0) {
        size_t len = strcspn(p, ";");
        if (len) {
            char *el = arena_strndup(&w->r->arena, p, len);
            /* a PATH entry in double quotes is used without them */
            size_t l = strlen(el);
            if (l >= 2 && el[0] == '"' && el[l - 1] == '"') {
                el[l - 1] = '\0';
                el++;
            }
            if (*el)
                rc = try_windir(w, RSTEP_WIN_PATH, el);
        }
        p = p[len] ? p + len + 1 : NULL;
    }
    return rc;
}

static int set_error(struct resolver *r, struct resolve_result *out, unsigned code, const char *why)
{
    out->win_error = code;
    out->error = arena_printf(&r->arena, "LoadLibrary fails with error %u (%s)%s%s", code,
                              code == RESOLVE_WIN_ERROR_MOD_NOT_FOUND ? "ERROR_MOD_NOT_FOUND: The specified module could not be found."
                              : code == RESOLVE_WIN_ERROR_BAD_EXE_FORMAT ? "ERROR_BAD_EXE_FORMAT: %1 is not a valid Win32 application."
                              : "ERROR_INVALID_PARAMETER: The parameter is incorrect.",
                              why ? ": " : "", why ? why : "");
    return 0;
}

/* Not found: a CUDA toolkit's bin folder that holds a loadable copy (the
 * "present only under another CUDA version's bin" case). */
static void suggest_win(struct wsearch *w)
{
    static const char *const base = "/Program Files/NVIDIA GPU Computing Toolkit/CUDA";
    static const char *const subs[] = { "bin", "bin/x64", NULL };
    struct resolver *r = w->r;
    struct strbuf b = STRBUF_INIT, p = STRBUF_INIT, d = STRBUF_INIT;
    struct fs_dirlist list;
    size_t i, k;

    if (strpbrk(w->name, "\\/") || ci_find(r, base, &b, NULL) != 1)
        goto out;
    if (fs_list_dir(r->fs, b.buf, 1024, &list, NULL) != 1) {
        fs_dirlist_release(&list);   /* -1 leaves the entries read so far */
        goto out;
    }
    for (i = 0; i < list.nr && !w->out->suggest_dir; i++) {
        for (k = 0; subs[k] && !w->out->suggest_dir; k++) {
            struct strbuf real = STRBUF_INIT;
            struct pe_info pe;
            strbuf_reset(&d);
            strbuf_addf(&d, "%s/%s/%s", b.buf, list.ents[i].name, subs[k]);
            path_join(&p, d.buf, w->name);
            if (ci_find(r, p.buf, &real, NULL) == 1 &&
                pe_read(r->fs, real.buf, &r->arena, &pe, NULL) == 1 && pe.machine == w->machine)
                w->out->suggest_dir = arena_strdup(&r->arena, d.buf);
            strbuf_release(&real);
        }
    }
    fs_dirlist_release(&list);
out:
    strbuf_release(&b);
    strbuf_release(&p);
    strbuf_release(&d);
}

int resolve_windows(struct resolver *r, const struct resolve_request *req,
                    struct resolve_result *out)
{
    struct wsearch w;
    const char *name, *windir, *sys32, *sys16, *app, *loading = NULL;
    unsigned flags = req->win_flags, search;
    int dependency = req->n_chain > 0 && req->chain && req->chain[0].path;
    int rc = 0;
    size_t i;

    out->windows = 1;
    memset(&w, 0, sizeof(w));
    w.r = r;
    w.out = out;
    w.machine = r->cfg.pe_machine ? r->cfg.pe_machine : PE_MACHINE_AMD64;
    name = apply_extension(r, req->name);
    w.name = name;
    windir = resolve_win_vpath(&r->arena, r->cfg.win_dir ? r->cfg.win_dir : "/Windows", NULL);
    if (!windir)
        windir = "/Windows";
    sys32 = arena_printf(&r->arena, "%s/System32", strcmp(windir, "/") ? windir : "");
    sys16 = arena_printf(&r->arena, "%s/System", strcmp(windir, "/") ? windir : "");
    if (dependency) {
        const char *v = resolve_win_vpath(&r->arena, req->chain[0].path, r->cfg.cwd);
        loading = v ? dir_of(r, v) : NULL;
    }

    search = flags & RESOLVE_WIN_SEARCH_MASK;
    if ((flags & RESOLVE_WIN_ALTERED_SEARCH_PATH) && search)
        return set_error(r, out, RESOLVE_WIN_ERROR_INVALID_PARAMETER,
                         "LOAD_WITH_ALTERED_SEARCH_PATH cannot be combined with LOAD_LIBRARY_SEARCH flags");
    if (!dependency && (flags & RESOLVE_WIN_SEARCH_DLL_LOAD_DIR) && !is_full_path(name))
        return set_error(r, out, RESOLVE_WIN_ERROR_INVALID_PARAMETER,
                         "LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR needs a fully qualified path");

    if (is_full_path(name)) {
        const char *v = resolve_win_vpath(&r->arena, name, r->cfg.cwd);
        if (!v) {
            resolve_add_attempt(out, RSTEP_PATH, name, ROUT_SKIPPED, NULL, NULL,
                                "not on the examined C: drive");
            return set_error(r, out, RESOLVE_WIN_ERROR_MOD_NOT_FOUND, NULL);
        }
        rc = try_candidate(&w, RSTEP_PATH, v, NULL);
        goto done;
    }

    if (!strpbrk(name, "\\/")) {
        /* The loaded-module list: the base name, any directory. */
        for (i = 0; i < req->n_loaded; i++) {
            const char *l = req->loaded[i];
            if (l && winpath_name_eq(win_basename(l), name)) {
                const char *v = strpbrk(l, "\\/") ? resolve_win_vpath(&r->arena, l, r->cfg.cwd) : NULL;
                out->path = v ? v : arena_strdup(&r->arena, l);
                out->step = RSTEP_WIN_LOADED;
                resolve_add_attempt(out, RSTEP_WIN_LOADED, out->path, ROUT_FOUND, NULL, NULL, NULL);
                return 1;
            }
        }
        if (is_known_dll(name)) {
            rc = try_dir(&w, RSTEP_WIN_KNOWNDLLS, sys32, NULL);
            if (rc)
                goto done;
        }
    }

    /* LOAD_LIBRARY_SEARCH_*: per call, else the process default. */
    if (!search && !(flags & RESOLVE_WIN_ALTERED_SEARCH_PATH))
        search = req->win_default_dirs & RESOLVE_WIN_SEARCH_MASK;
    app = req->win_app_dir ? resolve_win_vpath(&r->arena, req->win_app_dir, r->cfg.cwd) : NULL;
    if (search) {
        if (search & RESOLVE_WIN_SEARCH_DEFAULT_DIRS)
            search |= RESOLVE_WIN_SEARCH_APPLICATION_DIR | RESOLVE_WIN_SEARCH_USER_DIRS |
                      RESOLVE_WIN_SEARCH_SYSTEM32;
        if (rc == 0 && (search & RESOLVE_WIN_SEARCH_DLL_LOAD_DIR) && dependency)
            rc = try_dir(&w, RSTEP_WIN_DLL_LOAD_DIR, loading, req->chain[0].path);
        if (rc == 0 && (search & RESOLVE_WIN_SEARCH_APPLICATION_DIR))
            rc = try_dir(&w, RSTEP_WIN_APP_DIR, app, NULL);
        if (search & RESOLVE_WIN_SEARCH_USER_DIRS) {
            /* Newest first (Wine's conformance test, run on Windows too),
             * then the SetDllDirectory dir. */
            for (i = req->n_win_dll_dirs; rc == 0 && i > 0; i--)
                rc = try_windir(&w, RSTEP_WIN_DLL_DIRECTORY, req->win_dll_dirs[i - 1]);
            if (rc == 0 && req->win_set_dll_dir && req->win_set_dll_dir[0])
                rc = try_windir(&w, RSTEP_WIN_SET_DLL_DIRECTORY, req->win_set_dll_dir);
        }
        if (rc == 0 && (search & RESOLVE_WIN_SEARCH_SYSTEM32))
            rc = try_dir(&w, RSTEP_WIN_SYSTEM32, sys32, NULL);
        goto done;
    }

    /* The standard order. */
    if ((flags & RESOLVE_WIN_ALTERED_SEARCH_PATH) && dependency)
        rc = try_dir(&w, RSTEP_WIN_ALTERED_DIR, loading, req->chain[0].path);
    else
        rc = try_dir(&w, RSTEP_WIN_APP_DIR, app, NULL);
    if (rc == 0 && req->win_set_dll_dir && req->win_set_dll_dir[0])
        rc = try_windir(&w, RSTEP_WIN_SET_DLL_DIRECTORY, req->win_set_dll_dir);
    else if (rc == 0 && r->cfg.win_unsafe_search)
        rc = try_dir(&w, RSTEP_WIN_CWD, r->cfg.cwd, NULL);
    if (rc == 0)
        rc = try_dir(&w, RSTEP_WIN_SYSTEM32, sys32, NULL);
    if (rc == 0)
        rc = try_dir(&w, RSTEP_WIN_SYSTEM, sys16, NULL);
    if (rc == 0)
        rc = try_dir(&w, RSTEP_WIN_WINDOWS, windir, NULL);
    if (rc == 0 && !req->win_set_dll_dir && !r->cfg.win_unsafe_search)
        rc = try_dir(&w, RSTEP_WIN_CWD, r->cfg.cwd, NULL);
    if (rc == 0 && req->win_path)
        rc = search_path_var(&w, req->win_path);

done:
    if (rc == 1)
        return 1;
    if (w.stop)
        return set_error(r, out, RESOLVE_WIN_ERROR_BAD_EXE_FORMAT,
                         arena_printf(&r->arena, "%s is not a PE image",
                                      resolve_win_display(&r->arena, out->attempts[out->n_attempts - 1].path)));
    if (w.wrong_machine)
        set_error(r, out, RESOLVE_WIN_ERROR_BAD_EXE_FORMAT,
                  "only copies built for another machine were found");
    else
        set_error(r, out, RESOLVE_WIN_ERROR_MOD_NOT_FOUND, NULL);
    suggest_win(&w);
    return 0;
}
