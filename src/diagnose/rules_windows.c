/*
 * rules_windows.c - the rules that only apply to native Windows.
 *
 * Machine (before the frameworks, so that their verdicts count them):
 *   GD604 no driver: System32\nvcuda.dll absent;
 *   GD605 the installed toolkit (CUDA_PATH, else the newest) needs a newer
 *         driver, by Windows' own minimum driver numbers (a 527.41 Windows
 *         driver is below CUDA 12.x's 528.33 although Linux's 525.60.13
 *         would pass).
 * Per framework install (after the verdicts; the missing DLLs were found
 * by frameworks.c with LoadLibrary's search):
 *   GD601 the DLL is installed, but its folder is not on PATH (TensorFlow
 *         loads by bare name: PATH is what counts, add_dll_directory does
 *         not help it; for a .pyd's imports on Python >= 3.8, PATH is not
 *         searched and os.add_dll_directory is the way) -- PowerShell
 *         ($env:PATH, [Environment]::SetEnvironmentVariable(..., 'User'))
 *         and cmd (setx) fixes;
 *   GD602 the DLL is only in another CUDA version's folder: where it is,
 *         and why copying it next to the CUDA that PATH names is not the
 *         fix;
 *   GD603 the DLL is nowhere, another CUDA version's DLL of that library
 *         is: why renaming it is not the fix, and how to install the CUDA
 *         the framework was built for;
 *   GD606 a CUDA DLL loaded from System32 (a copy someone made).
 * Copying DLLs into System32 is never proposed; it is named once, as the
 * discouraged stop-gap it is.
 */
#include "diagnose/fw.h"
#include "diagnose/fixes_intent.h"

#include <stdlib.h>
#include <string.h>

#include "kb/kb.h"
#include "kb/ver_dotted.h"
#include "kb/ver_driver.h"
#include "kb/ver_pep440.h"
#include "diagnose/lookup.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

static int is_windows(const struct facts *f)
{
    return f->system.os && !strcmp(f->system.os, "windows");
}

/* "C:\..." spelling of a virtual path, into arena. */
static const char *win(struct arena *a, const char *vpath)
{
    struct strbuf sb = STRBUF_INIT;
    const char *r;
    winpath_from_virtual(vpath, &sb);
    r = arena_strdup(a, sb.buf);
    strbuf_release(&sb);
    return r;
}

static const struct driver_lib *nvcuda(const struct facts *f)
{
    size_t i;
    for (i = 0; i < f->driver.n_libs; i++)
        if (!strcmp(f->driver.libs[i].name, "nvcuda"))
            return &f->driver.libs[i];
    return NULL;
}

/* The toolkit a path points into (its folder or DLL folder), or NULL. */
static const struct cuda_install *toolkit_of(const struct facts *f, const char *dir)
{
    size_t i, n;
    for (i = 0; i < f->n_cuda; i++) {
        const struct cuda_install *ci = &f->cuda[i];
        n = strlen(ci->path);
        if (!strncmp(dir, ci->path, n) && (dir[n] == '\0' || dir[n] == '/'))
            return ci;
        if (ci->libdir && winpath_name_eq(dir, ci->libdir))
            return ci;
    }
    return NULL;
}

/* The toolkit CUDA_PATH names, else the first toolkit folder on PATH. */
static const struct cuda_install *current_toolkit(const struct facts *f, struct arena *a)
{
    const char *cp = facts_env(f, "CUDA_PATH");
    struct strbuf v = STRBUF_INIT;
    const struct cuda_install *ci = NULL;
    size_t i, k;
    if (cp && winpath_to_virtual(cp, &v) == 1)
        for (i = 0; i < f->n_cuda && !ci; i++) {
            if (winpath_name_eq(f->cuda[i].path, v.buf))
                ci = &f->cuda[i];
            for (k = 0; k < f->cuda[i].n_aliases && !ci; k++)
                if (winpath_name_eq(f->cuda[i].aliases[k], v.buf))
                    ci = &f->cuda[i];
        }
    strbuf_release(&v);
    for (i = 0; i < f->ldenv.path.nr && !ci; i++) {
        ci = toolkit_of(f, f->ldenv.path.v[i]);
        if (ci && !strcmp(ci->provenance, "pip"))
            ci = NULL;
    }
    (void)a;
    return ci;
}

/* ---- machine ---- */

static void rule_no_driver(const struct facts *f, struct findings *out)
{
    struct finding *fd;
    size_t i;
    if (nvcuda(f))
        return;
    /* a log's facts: only where it shows LoadLibrary found no nvcuda.dll */
    if (f->partial && !(f->driver.loader_asked && !f->driver.libcuda_resolved))
        return;
    fd = findings_add(out, "GD604", SEV_ERROR, "no NVIDIA driver is installed: C:\\Windows\\System32\\nvcuda.dll is absent");
    finding_evidence(out, fd, "/Windows/System32/nvcuda.dll", "absent (the display driver installs it)");
    for (i = 0; i < f->driver.n_libs; i++)
        finding_evidence(out, fd, f->driver.libs[i].path, "a driver package %s is in the driver store but not "
                         "installed into System32", f->driver.libs[i].version);
    fixes_advice(out, fd, FIX_RANK_DRIVER, "Install the NVIDIA driver for your GPU (Game Ready or Studio) from "
                 "https://www.nvidia.com/Download/index.aspx, then restart");
}

/* "; the CUDA installer no longer bundles one from 13.0" (pkg_fact), or "". */
static const char *no_bundled_driver(const struct kb *kb, struct arena *a)
{
    const char *since;
    if (kb_pkg_fact_since(kb, "cuda", "windows_installer_driver", "no", &since, NULL) != 1)
        return "";
    return arena_printf(a, "; the CUDA installer no longer bundles one from %s", since);
}

/* "Python 3.8+" (pkg_fact python extension_dll_path), or "Python". */
static const char *python_without_path(const struct kb *kb, struct arena *a)
{
    const char *since;
    if (kb_pkg_fact_since(kb, "python", "extension_dll_path", "no", &since, NULL) != 1)
        return "Python";
    return arena_printf(a, "Python %s+", since);
}

static void rule_toolkit_driver(const struct facts *f, const struct kb *kb, struct findings *out,
                                struct arena *a)
{
    const struct driver_lib *dl = nvcuda(f);
    const struct cuda_install *ci = current_toolkit(f, a);
    const char *need, *src, *mm;
    struct finding *fd;
    char mmbuf[32];
    size_t n;

    if (!dl || !ci || !ci->version)
        return;
    /* Table 3 is per major.minor. */
    n = strcspn(ci->version, ".");
    n += ci->version[n] ? 1 + strspn(ci->version + n + 1, "0123456789") : 0;
    if (n >= sizeof(mmbuf))
        return;
    memcpy(mmbuf, ci->version, n);
    mmbuf[n] = '\0';
    mm = mmbuf;
    if (kb_cuda_min_driver(kb, mm, "windows", &need, &src) != 1 || ver_cmp_driver(dl->version, need) >= 0)
        return;
    fd = findings_add(out, "GD605", SEV_WARNING, "the driver %s is older than CUDA %s needs on Windows (%s or newer)",
                      dl->version, mm, need);
    finding_evidence(out, fd, dl->path, "nvcuda.dll: driver %s (Windows numbering, last five digits)", dl->version);
    finding_evidence(out, fd, ci->version_source, "CUDA %s at %s", ci->version, win(a, ci->path));
    finding_evidence(out, fd, src, "CUDA %s needs driver >= %s on Windows (the Linux number differs)", mm, need);
    fixes_advice(out, fd, FIX_RANK_DRIVER, arena_printf(a, "Update the NVIDIA driver to %s or newer "
                 "(https://www.nvidia.com/Download/index.aspx)%s", need, no_bundled_driver(kb, a)));
}

void rules_windows_machine(const struct facts *f, const struct kb *kb, struct findings *out)
{
    if (!is_windows(f))
        return;
    rule_no_driver(f, out);
    rule_toolkit_driver(f, kb, out, out->arena);
}

/* ---- per framework install ---- */

/* Where a DLL may be installed although the search does not reach it:
 * every toolkit's bin and bin\x64, every cuDNN folder, and the
 * environment's pip wheels (site-packages\nvidia\*\bin). */
static void candidate_dirs(const struct facts *f, const struct python_env *env, struct arena *a,
                           struct strlist *dirs)
{
    size_t i, j;
    for (i = 0; i < f->n_cuda; i++) {
        const char *bin = arena_printf(a, "%s/bin", f->cuda[i].path);
        if (f->cuda[i].libdir) {
            ALLOC_GROW(dirs->v, dirs->nr + 1, dirs->alloc);
            dirs->v[dirs->nr++] = f->cuda[i].libdir;
        }
        ALLOC_GROW(dirs->v, dirs->nr + 2, dirs->alloc);
        dirs->v[dirs->nr++] = bin;
        dirs->v[dirs->nr++] = arena_printf(a, "%s/x64", bin);
    }
    for (i = 0; i < f->n_cudnn; i++)
        if (f->cudnn[i].libdir) {
            ALLOC_GROW(dirs->v, dirs->nr + 1, dirs->alloc);
            dirs->v[dirs->nr++] = f->cudnn[i].libdir;
        }
    for (j = 0; env && j < env->n_nvidia_dirs; j++) {
        ALLOC_GROW(dirs->v, dirs->nr + 1, dirs->alloc);
        dirs->v[dirs->nr++] = arena_printf(a, "%s/bin", env->nvidia_dirs[j]);
    }
}

/* The first candidate folder holding name (any case, as scan/fwfiles.c
 * listed it): the file's path with its on-disk name. */
static const char *find_dll(const struct facts *f, struct arena *a, const struct strlist *dirs, const char *name)
{
    size_t i, j;
    for (i = 0; i < dirs->nr; i++) {
        const struct lib_dir *ld = facts_libdir(f, dirs->v[i], 0);
        for (j = 0; ld && j < ld->n_names; j++)
            if (winpath_name_eq(ld->names[j], name))
                return arena_printf(a, "%s/%s", dirs->v[i], ld->names[j]);
    }
    return NULL;
}

/* Another version of the DLL: "cudart64_110.dll" -> any "cudart64_*.dll". */
static const char *find_other(const struct facts *f, struct arena *a, const struct strlist *dirs, const char *name)
{
    const char *us = strrchr(name, '_');
    size_t i, j, bl;
    if (!us)
        return NULL;
    bl = (size_t)(us - name) + 1;
    for (i = 0; i < dirs->nr; i++) {
        const struct lib_dir *ld = facts_libdir(f, dirs->v[i], 0);
        for (j = 0; ld && j < ld->n_names; j++)
            if (!strncmp(ld->names[j], name, bl) && !winpath_name_eq(ld->names[j], name) &&
                str_ends(ld->names[j], ".dll"))
                return arena_printf(a, "%s/%s", dirs->v[i], ld->names[j]);
    }
    return NULL;
}

static void dir_of(struct strbuf *out, const char *path)
{
    path_dirname(out, path);
}

/*
 * The PATH fixes for folders (virtual, ';'-joined in Windows spelling); py:
 * which Pythons do not search PATH for an extension's DLLs ("Python 3.8+").
 */
static void path_fixes(struct findings *out, struct finding *fd, const char *wdirs, int tf, const char *py)
{
    struct fix_ctx x;
    fix_ctx_init(&x, NULL, out->arena);
    x.os = "windows";
    fixes_windows_path(&x, out, fd, wdirs, tf, py);
}

static void system32_note(struct findings *out, struct finding *fd)
{
    finding_evidence(out, fd, NULL, "copying the DLLs into C:\\Windows\\System32 is a discouraged stop-gap, not a "
                     "fix: it hides which CUDA every program gets and breaks on the next CUDA or driver update");
}

void rules_windows_install(struct fwctx *c)
{
    const struct facts *f = c->f;
    struct verdict *v = c->v;
    struct findings *out = c->out;
    struct arena *a = c->a;
    const struct cuda_install *cur = current_toolkit(f, a);
    struct strlist dirs = { NULL, 0, 0 };
    struct strbuf offdirs = STRBUF_INIT, otherdirs = STRBUF_INIT, d = STRBUF_INIT;
    struct finding *fd_off = NULL, *fd_other = NULL, *fd_renamed = NULL;
    int tf = !strcmp(v->fw->name, "tensorflow"), unlisted = 0;
    size_t i;

    candidate_dirs(f, v->env, a, &dirs);
    for (i = 0; i < v->n_needs; i++) {
        const struct need *n = &v->needs[i];
        const char *hit, *wdir;
        const struct cuda_install *ci;
        if (n->unknown)
            continue;   /* a log that does not show it */
        if (n->resolved_path) {
            if (!strcmp(n->step, "system32")) {
                struct finding *fd = fw_finding(c, "GD606", SEV_WARNING, "%s",
                                              arena_printf(a, "%s is loaded from C:\\Windows\\System32, where it was "
                                                           "copied by hand", n->library));
                finding_evidence(out, fd, n->resolved_path, "found in System32 before PATH");
                fixes_run(NULL, out, fd, FIX_TOOL_PS_REMOVE_ITEM, "Remove the copy and put the CUDA folder on PATH "
                          "instead (run as administrator)", win(a, n->resolved_path), NULL);
            }
            continue;
        }
        hit = find_dll(f, a, &dirs, n->library);
        if (hit) {
            dir_of(&d, hit);
            wdir = win(a, d.buf);
            ci = toolkit_of(f, d.buf);
            if (ci && cur && ci != cur && strcmp(ci->provenance, "pip")) {
                if (!fd_other) {
                    fd_other = fw_finding(c, "GD602", SEV_ERROR, "%s",
                                        arena_printf(a, "%s is only in CUDA %s's folder; PATH and CUDA_PATH point to "
                                                     "CUDA %s", n->library, ci->version ? ci->version : "?",
                                                     cur->version ? cur->version : "?"));
                    finding_evidence(out, fd_other, cur->path, "CUDA_PATH / PATH: CUDA %s at %s",
                                     cur->version ? cur->version : "?", win(a, cur->path));
                    finding_evidence(out, fd_other, NULL, "copying %s into %s is not the fix: the CUDA %s DLLs "
                                     "beside it (cuBLAS, cuFFT, cuDNN of another major) would then mix with CUDA %s's, "
                                     "and the next CUDA install or repair silently undoes it; put the folder that "
                                     "has the whole set on PATH", n->library, win(a, cur->libdir ? cur->libdir : cur->path),
                                     ci->version ? ci->version : "?", cur->version ? cur->version : "?");
                    system32_note(out, fd_other);
                }
                finding_evidence(out, fd_other, hit, "%s is in %s (CUDA %s), not on PATH", n->library, wdir,
                                 ci->version ? ci->version : "?");
                if (!strstr(otherdirs.buf, wdir)) {
                    if (otherdirs.len)
                        strbuf_addch(&otherdirs, ';');
                    strbuf_addstr(&otherdirs, wdir);
                }
            } else {
                if (!fd_off) {
                    fd_off = fw_finding(c, "GD601", SEV_ERROR, "%s",
                                      arena_printf(a, "%s is installed but its folder is not on PATH%s", n->library,
                                                   tf ? "" : " nor added with os.add_dll_directory"));
                    finding_evidence(out, fd_off, NULL, "%s", tf ? "TensorFlow loads CUDA DLLs by name with "
                                     "LoadLibrary: python.exe's folder, System32, the Windows folder and PATH are "
                                     "searched; os.add_dll_directory and CUDA_PATH are not"
                                     : arena_printf(a, "%s loads an extension's DLLs from its own folder, "
                                                    "python.exe's, System32 and the os.add_dll_directory folders; "
                                                    "PATH only in torch's retry", python_without_path(c->kb, a)));
                    system32_note(out, fd_off);
                }
                finding_evidence(out, fd_off, hit, "%s is in %s", n->library, wdir);
                if (!strstr(offdirs.buf, wdir)) {
                    if (offdirs.len)
                        strbuf_addch(&offdirs, ';');
                    strbuf_addstr(&offdirs, wdir);
                }
            }
            continue;
        }
        hit = find_other(f, a, &dirs, n->library);
        if (!hit && f->partial) {
            /* a log's facts do not list the folders: "not installed anywhere" is unknown,
             * and the missing DLL (GD201-GD203) gets the install fixes */
            unlisted = 1;
            continue;
        }
        if (!fd_renamed) {
            fd_renamed = fw_finding(c, "GD603", SEV_ERROR, "%s",
                                  hit ? arena_printf(a, "%s is not installed; only %s is (another CUDA version)",
                                                     n->library, path_basename(hit))
                                      : arena_printf(a, "%s is not installed anywhere on this machine", n->library));
            if (hit)
                finding_evidence(out, fd_renamed, NULL, "renaming or copying %s to %s is not the fix: the number in "
                                 "the name is the CUDA ABI the framework was built against, and the other CUDA "
                                 "version's DLL fails at run time (or the next DLL is missing)",
                                 path_basename(hit), n->library);
            if (c->def->windows_fixes)
                c->def->windows_fixes(c, fd_renamed, NULL, NULL);
        }
        if (hit)
        {
            struct strbuf hd = STRBUF_INIT;
            dir_of(&hd, hit);
            finding_evidence(out, fd_renamed, hit, "%s wanted; %s is installed in %s", n->library,
                             path_basename(hit), win(a, hd.buf));
            strbuf_release(&hd);
        }
        else
            finding_evidence(out, fd_renamed, NULL, "%s: no CUDA toolkit, cuDNN or pip wheel folder has it",
                             n->library);
    }
    if (unlisted && c->def->windows_fixes) {
        size_t k;
        for (k = 0; k < out->nr; k++)
            if (out->v[k].subject == c->v->subject &&
                (!strcmp(out->v[k].code, "GD201") || !strcmp(out->v[k].code, "GD202") || !strcmp(out->v[k].code, "GD203"))) {
                c->def->windows_fixes(c, &out->v[k], NULL, NULL);
                break;
            }
    }
    if (fd_off)
        path_fixes(out, fd_off, offdirs.buf, tf, python_without_path(c->kb, a));
    if (fd_other)
        path_fixes(out, fd_other, otherdirs.buf, tf, python_without_path(c->kb, a));
    free(dirs.v);
    strbuf_release(&offdirs);
    strbuf_release(&otherdirs);
    strbuf_release(&d);
}
