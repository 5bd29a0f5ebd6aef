/*
 * frameworks.c - will each framework install really use the GPU?
 *
 * For every framework build the Python observer found, in every
 * environment:
 *   1. what it needs: the libraries it loads (from its own files first --
 *      DT_NEEDED of torch/lib/libtorch_cuda.so or of ONNX Runtime's CUDA
 *      provider -- and from the knowledge base second: the names TensorFlow
 *      dlopens per version), the CUDA and cuDNN it was built for, its
 *      compiled GPU architectures, its minimum driver;
 *   2. where each library would come from: the loader model, searched from
 *      the framework's own module (its RUNPATH into ../nvidia/<pkg>/lib), in
 *      the examined process's environment, plus torch's own fallback of
 *      preloading from site-packages/nvidia/<pkg>/lib;
 *   3. the judgement: a missing library and why (not installed, installed
 *      but off the loader path, pip wheels the framework does not find,
 *      only another CUDA version present), a cuDNN older than the build, a
 *      driver too old for the runtime (minor-version compatibility applied
 *      by the knowledge base), the GPU's compute capability not compiled
 *      in (or only as PTX), a CPU-only or ROCm build, a skewed JAX plugin,
 *      plus every machine-level blocker (no driver, hidden GPU, ...).
 *
 * The verdict is yes only when every check passed with evidence; no when
 * at least one error finding is about this install or the machine; unknown
 * otherwise, with a finding (GD217) that says what could not be known.
 */
#include "diagnose/fw.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fixes_node.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "kb/kb.h"
#include "kb/ver_dotted.h"
#include "kb/ver_driver.h"
#include "kb/ver_pep440.h"
#include "diagnose/lookup.h"
#include "diagnose/win_dll.h"
#include "loader/elf.h"
#include "util/alloc.h"
#include "util/fs.h"
#include "diagnose/rules_macos.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

/* ---- small helpers ---- */

void fw_add_code(struct verdict *v, const char *code)
{
    size_t i;
    for (i = 0; i < v->n_codes; i++)
        if (!strcmp(v->codes[i], code))
            return;
    ALLOC_GROW(v->codes, v->n_codes + 1, v->alloc_codes);
    v->codes[v->n_codes++] = code;
}

/* A finding about this framework install. */
struct finding *fw_finding(struct fwctx *c, const char *code, enum severity sev, const char *fmt, ...)
{
    va_list ap;
    struct finding *fd = findings_add(c->out, code, sev, "%s", "");
    va_start(ap, fmt);
    fd->title = arena_vprintf(c->a, fmt, ap);
    va_end(ap);
    fd->subject = c->v->subject;
    fw_add_code(c->v, fd->code);
    if (sev == SEV_ERROR) {
        c->v->gpu = GPU_NO;
        if (!c->v->reason)
            c->v->reason = fd->title;
    }
    return fd;
}

void fw_unknown(struct fwctx *c, const char *why)
{
    c->unknown = 1;
    if (!c->unknown_why)
        c->unknown_why = why;
}

int fw_ver_ge(const char *a, const char *b)
{
    return ver_cmp_dotted(a, b) >= 0;
}

/* "12.1.105" -> "12.1" and -> "12" (kb/ver_dotted.h). */
const char *fw_major_minor(struct arena *a, const char *v)
{
    return ver_dotted_prefix(a, v, 2);
}

const char *fw_major(struct arena *a, const char *v)
{
    return ver_dotted_prefix(a, v, 1);
}

/* The build's version, or what a log's facts say instead (facts.partial). */
const char *fw_version_label(const struct fwctx *c)
{
    return c->fw->version ? c->fw->version : "(version not shown)";
}

/* "libcudart.so.11.0" -> "11.0", "libcudnn.so.9" -> "9": the version a soname asks for, or NULL. */
const char *fw_soname_version(struct fwctx *c, const char *lib)
{
    const char *so = strstr(lib, ".so.");
    if (!so || !is_dotted_version(so + 4, strlen(so + 4), 1, 2))
        return NULL;
    return arena_strdup(c->a, so + 4);
}

/* Change a finding of this install to another code (its kind follows). */
void fw_retarget(struct fwctx *c, struct finding *fd, const char *code)
{
    const struct finding_code *fc = finding_code_find(code);
    size_t i;
    if (!fc)
        BUG("finding code '%s' is not registered", code);
    for (i = 0; i < c->v->n_codes; i++)
        if (!strcmp(c->v->codes[i], fd->code))
            c->v->codes[i] = fc->code;
    fd->code = fc->code;
    fd->kind = fc->kind;
}

/*
 * Is the driver older than need (a driver version) for CUDA cuda?  1 yes,
 * 0 no, -1 unknown.  Without the driver's version, its CUDA ceiling
 * (facts driver.cuda_max: nvidia-smi's "CUDA Version", torch's "found
 * version") decides by CUDA's minor version compatibility: a driver runs
 * every minor of the majors up to its ceiling's, so it is too old only for
 * a later major.
 */
int fw_driver_below(struct fwctx *c, const char *need, const char *cuda)
{
    const char *ceiling = c->f->driver.cuda_max;
    if (c->driver && need)
        return ver_cmp_driver(c->driver, need) < 0;
    if (c->driver || !ceiling || !cuda)
        return -1;
    return ver_cmp_dotted_n(cuda, ceiling, 1) > 0;
}

/* "535.104.05", or "(CUDA 11.4 level)" when only the ceiling is known, for titles. */
const char *fw_driver_label(struct fwctx *c)
{
    if (c->driver)
        return c->driver;
    if (c->f->driver.cuda_max)
        return arena_printf(c->a, "(CUDA %s level)", c->f->driver.cuda_max);
    return "(version unknown)";
}

/* ---- what is on disk ---- */

/* The version of the library file at path: from the install it belongs to,
 * the wheel that ships it, or its fully versioned file name. */
const char *fw_lib_version(struct fwctx *c, const char *role, const char *path)
{
    const struct facts *f = c->f;
    struct strbuf dir = STRBUF_INIT;
    const char *ver = NULL, *base, *real;
    size_t i;

    /* Compare canonical directories: a RUNPATH gives ".../tensorflow/python/../../nvidia/...". */
    real = lookup_realpath(c->lk, path);
    path_dirname(&dir, real ? real : path);
    if (!strcmp(role, "cudnn")) {
        for (i = 0; i < f->n_cudnn && !ver; i++)
            if (f->cudnn[i].libdir && !strcmp(f->cudnn[i].libdir, dir.buf))
                ver = f->cudnn[i].version;
    } else if (!strcmp(role, "cudart")) {
        for (i = 0; i < f->n_cuda && !ver; i++)
            if (f->cuda[i].libdir && !strcmp(f->cuda[i].libdir, dir.buf))
                ver = f->cuda[i].version;
    }
    if (!real && c->f->partial)
        real = path;   /* a log names the file the loader got, not its directory */
    if (!ver && real && *real) {
        /* libcudnn.so.8.9.7 -> 8.9.7 */
        base = path_basename(real);
        if ((base = strstr(base, ".so.")) != NULL && is_dotted_version(base + 4, strlen(base + 4), 3, 4))
            ver = arena_strdup(c->a, base + 4);
    }
    strbuf_release(&dir);
    return ver;
}

/* Directories where a library may be installed although the loader does not
 * look there: every toolkit and cuDNN install, and this environment's pip
 * wheels (site-packages/nvidia/<pkg>/lib). */
void fw_candidate_dirs(struct fwctx *c, struct strlist *dirs)
{
    const struct facts *f = c->f;
    size_t i;

    for (i = 0; i < f->n_cuda; i++)
        if (f->cuda[i].libdir) {
            ALLOC_GROW(dirs->v, dirs->nr + 1, dirs->alloc);
            dirs->v[dirs->nr++] = f->cuda[i].libdir;
        }
    for (i = 0; i < f->n_cudnn; i++)
        if (f->cudnn[i].libdir) {
            ALLOC_GROW(dirs->v, dirs->nr + 1, dirs->alloc);
            dirs->v[dirs->nr++] = f->cudnn[i].libdir;
        }
    for (i = 0; i < c->env->n_nvidia_dirs; i++) {
        ALLOC_GROW(dirs->v, dirs->nr + 1, dirs->alloc);
        dirs->v[dirs->nr++] = arena_printf(c->a, "%s/lib", c->env->nvidia_dirs[i]);
    }
    /* A log's facts list the library files it shows (scan/logscan.c), wherever they are. */
    for (i = 0; c->f->partial && i < c->f->n_libdirs; i++) {
        ALLOC_GROW(dirs->v, dirs->nr + 1, dirs->alloc);
        dirs->v[dirs->nr++] = c->f->libdirs[i].dir;
    }
}

/* 1 if the scan saw the library file name in dir (scan/fwfiles.c). */
int fw_dir_has(struct fwctx *c, const char *dir, const char *name)
{
    const struct lib_dir *ld = facts_libdir(c->f, dir, 0);
    size_t i;
    for (i = 0; ld && i < ld->n_names; i++)
        if (!strcmp(ld->names[i], name))
            return 1;
    return 0;
}

/* The first candidate directory holding name, or NULL. */
static const char *find_on_disk(struct fwctx *c, const struct strlist *dirs, const char *name)
{
    size_t i;
    for (i = 0; i < dirs->nr; i++) {
        struct lookup_answer a;
        /* Loadable, not merely present: an empty or foreign file is no fix.
         * (Facts without that answer, from an older --facts, keep "present".) */
        if (fw_dir_has(c, dirs->v[i], name) &&
            lookup_loadable(c->lk, arena_printf(c->a, "%s/%s", dirs->v[i], name), &a) != 0)
            return dirs->v[i];
    }
    return NULL;
}

/* Another version of the library base ("libcudart.so.") in the candidate
 * directories: its full path, or NULL. */
static const char *find_other_version(struct fwctx *c, const struct strlist *dirs, const char *name)
{
    const char *so = strstr(name, ".so.");
    size_t i, j, blen;
    if (!so)
        return NULL;
    blen = (size_t)(so - name) + 4;
    for (i = 0; i < dirs->nr; i++) {
        const struct lib_dir *ld = facts_libdir(c->f, dirs->v[i], 0);
        for (j = 0; ld && j < ld->n_names; j++)
            if (!strncmp(ld->names[j], name, blen) && strcmp(ld->names[j], name) &&
                is_dotted_version(ld->names[j] + blen, strlen(ld->names[j] + blen), 1, 2))
                return arena_printf(c->a, "%s/%s", dirs->v[i], ld->names[j]);
    }
    return NULL;
}

/* The site-packages directory holding this path's nvidia wheel, if any. */
int fw_in_env_wheels(struct fwctx *c, const char *path)
{
    const char *sp = c->env->site_packages;
    struct strbuf norm = STRBUF_INIT;
    size_t n;
    int r;
    if (!sp)
        return 0;
    /* A RUNPATH hit reads ".../tensorflow/python/../../nvidia/..." */
    path_normalize(&norm, path);
    n = strlen(sp);
    r = !strncmp(norm.buf, sp, n) && !strncmp(norm.buf + n, "/nvidia/", 8);
    strbuf_release(&norm);
    return r;
}

/* ---- resolution ---- */

struct need *fw_add_need(struct fwctx *c, const char *role, const char *lib, const char *from)
{
    struct need *n;
    ALLOC_GROW(c->v->needs, c->v->n_needs + 1, c->v->alloc_needs);
    n = &c->v->needs[c->v->n_needs++];
    memset(n, 0, sizeof(*n));
    n->role = role;
    n->library = arena_strdup(c->a, lib);
    n->from = from;
    return n;
}

/* Resolve need from the loading object obj (NULL: the main program). */
/*
 * Windows: the one call that decides which DLL a framework gets
 * (diagnose/win_dll.h).  torch retries a failed load (error 126) with its
 * DLL directories prepended to PATH and plain LoadLibraryW, which is the
 * standard order: then PATH counts too.
 */
static void resolve_need_windows(struct fwctx *c, struct need *n)
{
    struct lookup_answer ans;
    const char *step;
    int r = lookup_windows(c->lk, &c->win, n->library, &ans);
    if (r < 0) {
        fw_unknown(c, arena_printf(c->a, "where LoadLibrary finds %s was not recorded", n->library));
        n->unknown = c->f->partial != NULL;
        return;
    }
    if (!r && c->win_path_fallback) {
        struct win_dll_search std = c->win;
        struct strlist dirs = { NULL, 0, 0 };
        size_t i;
        for (i = 0; i < c->win.n_dll_dirs; i++) {
            ALLOC_GROW(dirs.v, dirs.nr + 1, dirs.alloc);
            dirs.v[dirs.nr++] = c->win.dll_dirs[i];
        }
        for (i = 0; i < c->f->ldenv.path.nr; i++) {
            ALLOC_GROW(dirs.v, dirs.nr + 1, dirs.alloc);
            dirs.v[dirs.nr++] = c->f->ldenv.path.v[i];
        }
        std.mode = WIN_DLL_STANDARD;
        std.path = &dirs;
        r = lookup_windows(c->lk, &std, n->library, &ans);
        if (r > 0 && !strcmp(ans.step, "path"))
            ans.step = "path_after_126";
        free(dirs.v);
        if (r < 0)
            fw_unknown(c, arena_printf(c->a, "where LoadLibrary finds %s was not recorded", n->library));
    }
    step = ans.step;
    if (r > 0) {
        n->resolved_path = ans.path;
        n->step = step;
        n->version = fw_lib_version(c, n->role, ans.path);
    }
}

/* Resolve need from the loading object `from` (NULL: the main program). */
void fw_resolve_need(struct fwctx *c, struct need *n, const char *from)
{
    struct lookup_answer ans;
    int r;

    if (c->windows) {
        resolve_need_windows(c, n);
        return;
    }
    r = lookup_library(c->lk, n->library, from, facts_env(c->f, "LD_LIBRARY_PATH"), &ans);
    if (r > 0) {
        n->resolved_path = ans.path;
        n->step = ans.step;
        n->version = fw_lib_version(c, n->role, n->resolved_path);
    } else if (r == 0) {
        n->stale = ans.stale;
    } else {
        fw_unknown(c, arena_printf(c->a, "where the loader finds %s was not recorded", n->library));
        n->unknown = c->f->partial != NULL;   /* a log that does not show it: not missing */
    }
}

/* The role of a CUDA library by its name, or NULL for anything else. */
const char *fw_role_of(const char *lib)
{
    static const struct { const char *prefix, *role; } roles[] = {
        { "libcudart.", "cudart" }, { "libcudnn.", "cudnn" }, { "libcublasLt.", "cublaslt" },
        { "libcublas.", "cublas" }, { "libcufft.", "cufft" }, { "libcurand.", "curand" },
        { "libcusolver.", "cusolver" }, { "libcusparse.", "cusparse" }, { "libnccl.", "nccl" },
        { "libnvrtc.", "nvrtc" }, { "libnvJitLink.", "nvjitlink" }, { "libcupti.", "cupti" },
        { "libcufile.", "cufile" }, { "libcusparseLt.", "cusparselt" },
        /* cuDNN's sub-libraries, which it loads itself (libcudnn_ops_infer.so.8, cudnn_ops64_9.dll) */
        { "libcudnn_", "cudnn" }, { "cudnn_", "cudnn" },
        { "libnvToolsExt.", "nvtx" },
        /* Windows DLL names (cuBLASLt before cuBLAS: a longer prefix). */
        { "cudart64_", "cudart" }, { "cudnn64_", "cudnn" }, { "cublasLt64_", "cublaslt" },
        { "cublas64_", "cublas" }, { "cufft64_", "cufft" }, { "curand64_", "curand" },
        { "cusolver64_", "cusolver" }, { "cusparse64_", "cusparse" }, { "nvrtc64_", "nvrtc" },
        { "nvJitLink_", "nvjitlink" }, { "cupti64_", "cupti" }, { "nvToolsExt64_", "nvtx" },
    };
    size_t i;
    for (i = 0; i < sizeof(roles) / sizeof(roles[0]); i++)
        if (str_starts(lib, roles[i].prefix))
            return roles[i].role;
    return NULL;
}

/* ---- judging the libraries ---- */

static const char *missing_code(const char *role)
{
    return !strcmp(role, "cudart") ? "GD201" : !strcmp(role, "cudnn") ? "GD202" : "GD203";
}

static void fix_ld_library_path(struct fwctx *c, struct finding *fd, const char *dirs_colon)
{
    fixes_loader_path(&c->fx, c->out, fd, NULL, dirs_colon);
}


/*
 * On an HPC system CUDA comes from `module load cuda/11.8`, not apt: when
 * the site has a module with the CUDA (and cuDNN) the build needs, loading
 * it is the first fix.  Where the runtime's soname carries the major only
 * (pkg_fact cuda runtime_soname: libcudart.so.11.0 for every 11.x), a
 * module of the same major serves too.
 */
static void module_fixes(struct fwctx *c, struct finding *fd, const char *cuda, const char *cudnn)
{
    const struct module_file *mc = NULL, *md = NULL;
    if (cuda) {
        const char *soname = NULL;
        const char *want = kb_pkg_fact(c->kb, "cuda", "runtime_soname", cuda, &soname, NULL) == 1 &&
                           !strcmp(soname, "major") ? fw_major(c->a, cuda) : fw_major_minor(c->a, cuda);
        mc = module_facts_find(&c->f->modules, "cuda", fw_major_minor(c->a, cuda));
        if (!mc)
            mc = module_facts_find(&c->f->modules, "cuda", want);
    }
    if (cudnn)
        md = module_facts_find(&c->f->modules, "cudnn", fw_major(c->a, cudnn));
    if (!mc && !md)
        return;
    fixes_run(&c->fx, c->out, fd, FIX_TOOL_MODULE_LOAD, "Load the site's modules, which put the libraries on the "
              "loader path for this shell (add the line to your job script)", mc ? mc->name : NULL,
              md ? md->name : NULL);
}

/*
 * Windows: one finding per kind of missing DLL, with the search that was
 * made.  Why it is missing (CUDA's bin not on PATH, only in another CUDA
 * version's folder, not installed) and the PowerShell / cmd fixes are
 * rules_windows.c's, which runs after the verdicts.
 */
static void judge_missing_windows(struct fwctx *c)
{
    struct finding *fd_missing[3] = { NULL, NULL, NULL };
    const char *first_other = NULL;
    const char *path = facts_env(c->f, "PATH");
    size_t i;

    for (i = 0; i < c->v->n_needs; i++) {
        struct need *n = &c->v->needs[i];
        const char *code = missing_code(n->role);
        int k = !strcmp(code, "GD201") ? 0 : !strcmp(code, "GD202") ? 1 : 2;
        if (n->resolved_path || n->unknown)
            continue;
        if (!fd_missing[k])
            fd_missing[k] = fw_finding(c, code, SEV_ERROR, "%s not found: %s cannot load it", n->library,
                                       c->fw->name);
        if (k == 2 && !first_other)
            first_other = n->library;
        if (c->win.mode == WIN_DLL_STANDARD)
            finding_evidence(c->out, fd_missing[k], n->from, "%s: searched python.exe's folder, System32, "
                             "the Windows folder and PATH=%s", n->library,
                             path ? path : c->f->partial ? "(not in the log)" : "(unset)");
        else
            finding_evidence(c->out, fd_missing[k], n->from, "%s: searched the importing DLL's folder, "
                             "python.exe's folder, the os.add_dll_directory folders and System32%s", n->library,
                             c->win_path_fallback ? ", then PATH (torch's retry after error 126)" : "");
    }
    if (fd_missing[2] && fd_missing[2]->n_evidence > 1)
        fd_missing[2]->title = arena_printf(c->a, "%s and %zu more CUDA libraries not found: %s cannot load them",
                                            first_other, fd_missing[2]->n_evidence - 1, c->fw->name);
}

/*
 * Every need that was not found: say which library and why -- installed but
 * off the loader path, a pip wheel the framework does not find, only another
 * version installed, or not installed at all.  cuda/cudnn: what the build
 * wants (for the titles and fixes).
 */
/* The dpkg package whose file list names lib but where it leads to no file
 * (nvidia-cudnn's libcudnn.so.9 when its download failed), or NULL. */
static const struct dpkg_pkg *dpkg_dangling_owner(const struct facts *f, const char *lib, const char **path)
{
    size_t i, k;
    for (i = 0; i < f->dpkg.n_pkgs; i++)
        for (k = 0; k < f->dpkg.pkgs[i].n_dangling; k++)
            if (!strcmp(path_basename(f->dpkg.pkgs[i].dangling[k]), lib)) {
                *path = f->dpkg.pkgs[i].dangling[k];
                return &f->dpkg.pkgs[i];
            }
    return NULL;
}

/*
 * A cuDNN or CUDA install known only by its version (a log's facts name
 * "cuDNN 8.9.7" but no directory to list): "cuDNN 8.9.7" when its major is
 * not the one the missing library's soname asks for, else NULL; *where gets
 * the version's source.  Installs a scan found are listed
 * (find_other_version) and not asked here.
 */
static const char *other_install_version(struct fwctx *c, const struct need *n, const char **where)
{
    const struct facts *f = c->f;
    const char *want = fw_soname_version(c, n->library);
    size_t i;
    int dnn = !strcmp(n->role, "cudnn");
    /* cuBLAS's soname major is the CUDA major where the runtime's is (libcublas.so.11 in
     * every CUDA 11.x, .12 in 12.x: Debian's libcublas11 / libcublas12 packages) */
    int blas = !strcmp(n->role, "cublas") || !strcmp(n->role, "cublaslt");
    if (!want || (!dnn && !blas && strcmp(n->role, "cudart")))
        return NULL;
    for (i = 0; dnn && i < f->n_cudnn; i++)
        if (!f->cudnn[i].libdir && f->cudnn[i].version && ver_cmp_dotted_n(f->cudnn[i].version, want, 1)) {
            *where = f->cudnn[i].version_source;
            return arena_printf(c->a, "cuDNN %s", f->cudnn[i].version);
        }
    for (i = 0; !dnn && i < f->n_cuda; i++) {
        /* the runtime's soname carries the major only from some release on (pkg_fact cuda
         * runtime_soname: libcudart.so.11.0 for every 11.x), else major.minor */
        const char *so = NULL;
        int major = kb_pkg_fact(c->kb, "cuda", "runtime_soname", f->cuda[i].version, &so, NULL) == 1 &&
                    !strcmp(so, "major");
        int parts = major || (blas && !strchr(want, '.')) ? 1 : 2;
        if (!f->cuda[i].libdir && f->cuda[i].version && ver_cmp_dotted_n(f->cuda[i].version, want, parts)) {
            *where = f->cuda[i].version_source;
            return arena_printf(c->a, "CUDA %s", f->cuda[i].version);
        }
    }
    return NULL;
}

void fw_judge_missing(struct fwctx *c, const char *cuda, const char *cudnn,
                          void (*install_fixes)(struct fwctx *, struct finding *, const char *, const char *))
{
    struct strlist dirs = { NULL, 0, 0 };
    struct strbuf offpath = STRBUF_INIT, wheels = STRBUF_INIT;
    struct finding *fd_off = NULL, *fd_wheel = NULL, *fd_other = NULL, *fd_stale = NULL;
    struct finding *fd_missing[3] = { NULL, NULL, NULL };   /* GD201, GD202, GD203 */
    const char *first_other = NULL;
    const struct dpkg_pkg *pkg_cause = NULL;
    struct finding *fd_pkg = NULL;
    size_t n_other = 0;   /* names behind GD203 (its evidence also holds package lines) */
    int nowhere = 0;
    size_t i;

    if (c->windows) {
        judge_missing_windows(c);
        return;
    }
    /* A version mismatch the framework's rule already found (a Jetson's
     * torch for another JetPack, fw_torch.c) is the one GD206: the other
     * versions installed are more of its evidence. */
    for (i = 0; i < c->out->nr && !fd_other; i++)
        if (c->out->v[i].subject == c->v->subject && !strcmp(c->out->v[i].code, "GD206"))
            fd_other = &c->out->v[i];
    fw_candidate_dirs(c, &dirs);
    for (i = 0; i < c->v->n_needs; i++) {
        struct need *n = &c->v->needs[i];
        const char *dir, *other, *code, *where = NULL;
        int k;
        if (n->resolved_path || n->unknown)
            continue;
        dir = find_on_disk(c, &dirs, n->library);
        if (n->stale) {
            /* In a directory ldconfig scans, but the cache predates it. */
            if (!fd_stale)
                fd_stale = fw_finding(c, "GD204", SEV_ERROR,
                                      "%s is in an ld.so.conf directory but the loader's cache does not list it "
                                      "(ldconfig was not run after installing it)", n->library);
            finding_evidence(c->out, fd_stale, n->stale, "%s is here; /etc/ld.so.cache has no entry for it",
                             n->library);
            dir = n->stale;
        } else if (dir && fw_in_env_wheels(c, dir)) {
            if (!fd_wheel)
                fd_wheel = fw_finding(c, "GD205", SEV_ERROR,
                                      "pip's nvidia wheels are installed but %s does not find them",
                                      c->fw->name);
            finding_evidence(c->out, fd_wheel, arena_printf(c->a, "%s/%s", dir, n->library),
                             "%s is installed here, outside every directory the loader searches", n->library);
            if (!strstr(wheels.buf, dir)) {
                if (wheels.len)
                    strbuf_addch(&wheels, ':');
                strbuf_addstr(&wheels, dir);
            }
        } else if (dir) {
            if (!fd_off)
                fd_off = fw_finding(c, "GD204", SEV_ERROR,
                                    "%s is installed but not on the loader's search path", n->library);
            finding_evidence(c->out, fd_off, arena_printf(c->a, "%s/%s", dir, n->library),
                             "%s is here; not in LD_LIBRARY_PATH, the module's RUNPATH, ld.so.cache or "
                             "the default directories", n->library);
            if (!strstr(offpath.buf, dir)) {
                if (offpath.len)
                    strbuf_addch(&offpath, ':');
                strbuf_addstr(&offpath, dir);
            }
        } else if ((other = find_other_version(c, &dirs, n->library)) != NULL ||
                   (other = other_install_version(c, n, &where)) != NULL) {
            int dnn = !strcmp(n->role, "cudnn");
            if (!fd_other)
                fd_other = fw_finding(c, dnn ? "GD207" : "GD206", SEV_ERROR,
                                      "%s %s needs %s %s%s%s; only another version is installed",
                                      c->fw->name, fw_version_label(c), dnn ? "cuDNN" : "CUDA",
                                      dnn ? (cudnn ? cudnn : fw_soname_version(c, n->library))
                                          : (cuda ? cuda : "(version unknown)"),
                                      !dnn && cudnn ? " and cuDNN " : "", !dnn && cudnn ? cudnn : "");
            else if (!dnn && !strcmp(fd_other->code, "GD207"))
                fw_retarget(c, fd_other, "GD206");   /* not only cuDNN: the CUDA version */
            if (strchr(other, '/'))
                finding_evidence(c->out, fd_other, other, "%s wanted; %s is installed", n->library,
                                 path_basename(other));
            else
                finding_evidence(c->out, fd_other, where, "%s wanted; %s is installed", n->library, other);
        } else {
            nowhere = 1;
        }
        /* One finding per kind of library, every missing name as evidence. */
        code = missing_code(n->role);
        k = !strcmp(code, "GD201") ? 0 : !strcmp(code, "GD202") ? 1 : 2;
        if (!fd_missing[k])
            fd_missing[k] = fw_finding(c, code, SEV_ERROR, "%s not found: %s cannot load it", n->library,
                                       c->fw->name);
        if (k == 2 && !first_other)
            first_other = n->library;
        if (k == 2)
            n_other++;
        finding_evidence(c->out, fd_missing[k], n->from, "%s: searched the module's RPATH/RUNPATH, "
                         "LD_LIBRARY_PATH=%s, ld.so.cache and the default directories", n->library,
                         facts_env(c->f, "LD_LIBRARY_PATH") ? facts_env(c->f, "LD_LIBRARY_PATH")
                         : c->f->partial ? "(not in the log)" : "(unset)");        {
            /* A distribution package that should have put it there. */
            const char *link = NULL;
            const struct dpkg_pkg *p = dpkg_dangling_owner(c->f, n->library, &link);
            if (p) {
                finding_evidence(c->out, fd_missing[k], link, "%s: the package %s %s (dpkg state %s) lists it, "
                                 "and it leads to no file", n->library, p->name, p->version ? p->version : "",
                                 p->state ? p->state : "unknown");
                if (!pkg_cause) {
                    pkg_cause = p;
                    fd_pkg = fd_missing[k];
                }
            }
        }
    }
    if (fd_missing[2] && n_other > 1)
        fd_missing[2]->title = arena_printf(c->a, "%s and %zu more CUDA libraries not found: %s cannot load them",
                                            first_other, n_other - 1, c->fw->name);
    if (fd_stale)
        fixes_run(&c->fx, c->out, fd_stale, FIX_TOOL_LDCONFIG, NULL, NULL, NULL);
    if (fd_off)
        fix_ld_library_path(c, fd_off, offpath.buf);
    if (fd_off && strncmp(offpath.buf, "/usr/local/", 11) == 0) {
        const char *colon = strchr(offpath.buf, ':');
        fixes_run(&c->fx, c->out, fd_off, FIX_TOOL_LDCONF_ADD, "Or make it permanent for every program: list it in "
                  "ld.so.conf.d and rebuild the cache",
                  arena_strndup(c->a, offpath.buf, colon ? (size_t)(colon - offpath.buf) : offpath.len), NULL);
    }
    if (fd_wheel) {
        fix_ld_library_path(c, fd_wheel, wheels.buf);
        if (c->def && c->def->pip_fixes)
            c->def->pip_fixes(c, fd_wheel, cuda, cudnn);
    }
    /* The install commands go on the cause: another CUDA installed, or
     * nothing at all (then on the first missing-library finding). */
    {
        struct finding *cause = fd_other ? fd_other
                                : nowhere ? (fd_missing[0] ? fd_missing[0] : fd_missing[1] ? fd_missing[1] : fd_missing[2])
                                          : NULL;
        if (pkg_cause) {
            /* The package's own fix first: it is what the distribution meant. */
            rules_dpkg_fixes(c->f, c->kb, c->out, fd_pkg, pkg_cause);
            if (cause == fd_pkg)
                cause = NULL;
        }
        if (cause) {
            module_fixes(c, cause, cuda, cudnn);
            if (install_fixes)
                install_fixes(c, cause, cuda, cudnn);
        }
    }
    free(dirs.v);
    strbuf_release(&offpath);
    strbuf_release(&wheels);
}

/* The CUDA runtime actually loaded, and the driver it needs. */
struct finding *fw_judge_driver(struct fwctx *c, const char *cuda)
{
    enum kb_drv_verdict dv;
    const char *need = NULL, *src = NULL;
    struct finding *fd;
    int r;

    if (!cuda)
        return NULL;
    if (!c->driver && fw_driver_below(c, NULL, cuda) == 1) {
        /* Only the driver's CUDA ceiling is known (a log): below this major. */
        if (kb_cuda_mvc_floor(c->kb, cuda, c->os, &need, &src) != 1 &&
            kb_cuda_min_driver(c->kb, cuda, c->os, &need, &src) != 1)
            need = NULL;
        fd = fw_finding(c, "GD208", SEV_ERROR, "the driver %s is too old for %s's CUDA %s runtime (needs %s or newer)",
                        fw_driver_label(c), c->fw->name, cuda, need ? need : "a newer driver");
        finding_evidence(c->out, fd, c->f->driver.cuda_max_source, "the driver supports CUDA up to %s",
                         c->f->driver.cuda_max);
        if (need)
            finding_evidence(c->out, fd, src, "CUDA %s needs driver >= %s on %s", cuda, need, c->os);
        fixes_driver_upgrade(&c->fx, c->out, fd, need, arena_printf(c->a, "%s's CUDA %s runtime needs it", c->fw->name, cuda));
        return fd;
    }
    if (!c->driver) {
        return NULL; /* no driver: the machine finding already says so */
    }
    r = kb_driver_runs_cuda(c->kb, c->driver, cuda, c->os, &dv, &need, &src);
    if (r != 1) {
        fw_unknown(c, arena_printf(c->a, "whether driver %s runs CUDA %s is not in the knowledge base",
                                    c->driver, cuda));
        return NULL;
    }
    if (dv != KB_DRV_TOO_OLD)
        return NULL;
    fd = fw_finding(c, "GD208", SEV_ERROR,
                    "the driver %s is too old for %s's CUDA %s runtime (needs %s or newer)", c->driver,
                    c->fw->name, cuda, need ? need : "a newer driver");
    finding_evidence(c->out, fd, c->f->driver.kmod_source ? c->f->driver.kmod_source
                     : (c->f->driver.n_libs ? c->f->driver.libs[0].path : NULL),
                     "driver %s%s%s", c->driver, c->f->driver.cuda_max ? ", supports CUDA up to " : "",
                     c->f->driver.cuda_max ? c->f->driver.cuda_max : "");
    finding_evidence(c->out, fd, src, "CUDA %s needs driver >= %s on %s", cuda, need ? need : "?", c->os);
    fixes_driver_upgrade(&c->fx, c->out, fd, need, arena_printf(c->a, "%s's CUDA %s runtime needs it", c->fw->name, cuda));
    return fd;
}

/*
 * Each native ELF module's e_machine against the machine's architecture
 * (facts system.arch, from the examined tree's program interpreter): a
 * wheel built for another CPU (a manylinux x86_64 wheel copied or
 * installed with --platform onto an aarch64 node) cannot be imported --
 * glibc's loader takes only objects of its own machine (elf/dl-load.c
 * open_verify, elf_machine_matches_host).  ELF only; needs both machines.
 */
static void judge_machine(struct fwctx *c)
{
    const char *arch = c->f->system.arch;
    unsigned want = !arch ? 0 : !strcmp(arch, "x86_64") ? ELF_EM_X86_64 : !strcmp(arch, "aarch64") ? ELF_EM_AARCH64 : 0;
    size_t i;
    if (!want || c->windows)
        return;
    for (i = 0; i < c->fw->n_modules; i++) {
        const struct fw_module *m = &c->fw->modules[i];
        const char *name;
        struct finding *fd;
        if (!m->readable || !m->format || strcmp(m->format, "elf") || !m->machine || m->machine == want)
            continue;
        name = elf_machine_name((uint16_t)m->machine);
        fd = fw_finding(c, "GD220", SEV_ERROR, "%s cannot be imported: %s is built for %s, and this machine is %s",
                        c->fw->name, m->path, name ? name : arena_printf(c->a, "machine %u", m->machine), arch);
        finding_evidence(c->out, fd, m->path, "ELF e_machine %u (%s)", m->machine, name ? name : "?");
        finding_evidence(c->out, fd, c->f->system.arch_source, "this machine is %s", arch);
        if (c->fw->wheel_tag)
            finding_evidence(c->out, fd, c->fw->wheel_tag_source, "wheel tag %s", c->fw->wheel_tag);
        if (c->def->install_fixes)
            c->def->install_fixes(c, fd, c->fw->cuda, c->fw->cudnn);
        return; /* the import fails at the first */
    }
}

/*
 * The kernel's base page size (facts system.page_size_kib) against each
 * native ELF module's PT_LOAD alignment.  glibc's loader refuses a segment
 * whose p_align is not a multiple of the page size (elf/dl-load.c,
 * _dl_map_object_from_fd: "ELF load command alignment not page-aligned"),
 * which is how aarch64 wheels linked for 4 KiB pages fail on 64 KiB-page
 * kernels (RHEL 8 and NVIDIA's Grace kernels): pytorch/pytorch#53597
 * (torch 1.8.0's aarch64 wheel, libtorch_global_deps.so); PyTorch's fix
 * links with -z max-page-size=0x10000 (pytorch/builder#682: "64Kb aligned
 * segments are compatible with OS flavors using 4Kb pages").  ELF only
 * (Windows and macOS load other formats); needs the page size, else says
 * nothing.
 */
static void judge_page_size(struct fwctx *c)
{
    uint64_t page = (uint64_t)c->f->system.page_size_kib * 1024;
    size_t i;
    if (!page || c->windows)
        return;
    for (i = 0; i < c->fw->n_modules; i++) {
        const struct fw_module *m = &c->fw->modules[i];
        struct finding *fd;
        if (!m->readable || !m->format || strcmp(m->format, "elf") || !m->load_align ||
            !(m->load_align & (page - 1)))
            continue;
        fd = fw_finding(c, "GD219", SEV_ERROR,
                        "%s cannot be loaded: %s is linked for %llu-byte pages and this kernel uses %u KiB "
                        "pages (\"ELF load command alignment not page-aligned\")", c->fw->name, m->path,
                        (unsigned long long)m->load_align, c->f->system.page_size_kib);
        finding_evidence(c->out, fd, m->path, "smallest PT_LOAD alignment 0x%llx",
                         (unsigned long long)m->load_align);
        finding_evidence(c->out, fd, c->f->system.page_size_source, "kernel page size %u KiB",
                         c->f->system.page_size_kib);
        fixes_advice(c->out, fd, FIX_RANK_USER,
                    arena_printf(c->a, "Install a build of %s linked for %u KiB pages (segments aligned to "
                                 "0x%llx or more, as -Wl,-z,max-page-size=0x%llx links them; 64 KiB-aligned builds "
                                 "also load on 4 KiB kernels), or boot a kernel with %llu-byte pages",
                                 c->fw->name, c->f->system.page_size_kib, (unsigned long long)page,
                                 (unsigned long long)page, (unsigned long long)m->load_align));
        return; /* one module says it: the import fails at the first */
    }
}

/* Every GPU's compute capability against the build's architecture list. */
/* 1 if arch_list ("5.0;8.7+PTX", "sm_87,compute_90") names compute
 * capability cc ("8.7") itself, as SASS or PTX. */
static int arch_list_has(const char *arch_list, const char *cc)
{
    char want[16];
    const char *p = arch_list;
    size_t n, w = 0;

    for (; *cc && w + 1 < sizeof(want); cc++)   /* "8.7" -> "87" */
        if (*cc >= '0' && *cc <= '9')
            want[w++] = *cc;
    want[w] = '\0';
    if (!w)
        return 0;
    while (*p) {
        const char *e = p;
        char tok[32];
        size_t k = 0, i;
        while (*e && *e != ';' && *e != ',' && *e != ' ')
            e++;
        n = (size_t)(e - p);
        if (str_starts(p, "sm_"))
            p += 3, n -= 3;
        else if (str_starts(p, "compute_"))
            p += 8, n -= 8;
        for (i = 0; i < n && k + 1 < sizeof(tok); i++)
            if (p[i] >= '0' && p[i] <= '9')
                tok[k++] = p[i];
            else if (p[i] != '.')
                break;
        tok[k] = '\0';
        if (k && !strcmp(tok, want))
            return 1;
        p = *e ? e + 1 : e;
    }
    return 0;
}

/* One GPU (index i, for the evidence) against the build's architecture list. */
static void judge_arch_one(struct fwctx *c, const char *arch_list, const char *arch_source, size_t i,
                           const char *name, const char *cc, const char *cc_source)
{
    struct finding *fd;
    int r = kb_arch_list_covers(arch_list, cc);
    if (r == 2)
        return;
    if (r == 1) {
        fd = fw_finding(c, "GD210", SEV_WARNING,
                        "%s has no native code for %s (compute capability %s): kernels are JIT-compiled "
                        "from PTX, so the first start is slow", c->fw->name, name ? name : "this GPU", cc);
    } else {
        fd = fw_finding(c, "GD209", SEV_ERROR,
                        "%s was not built for %s (compute capability %s): \"no kernel image is available "
                        "for execution on the device\"", c->fw->name, name ? name : "this GPU", cc);
    }
    finding_evidence(c->out, fd, arch_source, "built for %s", arch_list);
    finding_evidence(c->out, fd, cc_source, "GPU %zu: %s, compute capability %s", i,
                     name ? name : "unknown model", cc);
}

void fw_judge_arch(struct fwctx *c, const char *arch_list, const char *arch_source)
{
    const struct tegra_facts *t = &c->f->tegra;
    /* A Jetson's GPU is the SoC's, never on the PCI bus: its compute
     * capability from the device tree's model or SoC (scan/tegra.c). */
    int jetson = !c->f->n_gpus && t->present && t->gpu_cc;
    size_t i;
    if (!arch_list || !*arch_list || !strcmp(arch_list, "-")) {
        /* No table row (a distribution, conda-forge or source build): the
         * architectures read from its CUDA library's fat binaries. */
        arch_list = c->fw->archs;
        arch_source = c->fw->archs_source;
    }
    if (!arch_list || !*arch_list) {
        for (i = 0; i < c->f->n_gpus; i++)
            if (c->f->gpus[i].compute_capability)
                break;
        if (i < c->f->n_gpus || jetson)
            fw_unknown(c, arena_printf(c->a, "the GPU architectures %s was built for are unknown: no table "
                                       "row, and no fat binary was read from its CUDA library", c->fw->name));
        return;
    }
    for (i = 0; i < c->f->n_gpus; i++) {
        const struct gpu *g = &c->f->gpus[i];
        if (!g->compute_capability) {
            fw_unknown(c, arena_printf(c->a, "the compute capability of GPU %zu (%04x:%04x) is not known; "
                                        "run 'gpudoctor probe'", i, g->vendor, g->device));
            continue;
        }
        judge_arch_one(c, arch_list, arch_source, i, g->name, g->compute_capability, g->cc_source);
    }
    if (jetson) {
        /* Native code for a lower minor of the same major counts as native on a
         * discrete GPU; whether it runs on a Tegra integrated GPU is not
         * established here, so only the exact architecture (or none of that
         * major, or PTX) is judged, the rest is unknown. */
        if (kb_arch_list_covers(arch_list, t->gpu_cc) == 2 && !arch_list_has(arch_list, t->gpu_cc))
            fw_unknown(c, arena_printf(c->a, "%s has native code for a lower minor of compute capability %s, "
                                       "not for %s itself; whether that runs on %s's integrated GPU is "
                                       "not decided from files", c->fw->name, t->gpu_cc, t->gpu_cc,
                                       t->gpu_name ? t->gpu_name : "this Jetson"));
        else
            judge_arch_one(c, arch_list, arch_source, 0, t->gpu_name, t->gpu_cc, t->gpu_source);
    }
}

/* cuDNN loaded vs built: the same major, and not an older minor. */
void fw_judge_cudnn(struct fwctx *c, const char *want)
{
    size_t i;
    if (!want)
        return;
    for (i = 0; i < c->v->n_needs; i++) {
        const struct need *n = &c->v->needs[i];
        struct finding *fd;
        const char *got = n->version;
        if (strcmp(n->role, "cudnn") || !n->resolved_path)
            continue;
        if (!got && !strchr(want, '.') && (got = strstr(n->library, ".so.")) != NULL) {
            /* The build names only a major (build_info "8"): the soname's is enough. */
            got += 4;
        }
        if (!got || (!strchr(got, '.') && strchr(want, '.') && !strcmp(got, fw_major(c->a, want)))) {
            /* Only the major is known (a bare libcudnn.so.8, no header):
             * the minor decides, and it cannot be read. */
            fw_unknown(c, arena_printf(c->a, "the cuDNN version of %s could not be read (%s needs %s)",
                                        n->resolved_path, c->fw->name, want));
            continue;
        }
        if (!strcmp(fw_major(c->a, got), fw_major(c->a, want)) && fw_ver_ge(fw_major_minor(c->a, got), fw_major_minor(c->a, want)))
            continue;
        fd = fw_finding(c, "GD207", SEV_ERROR,
                        "%s was built with cuDNN %s but would load cuDNN %s (\"Loaded runtime CuDNN library: "
                        "%s but source was compiled with: %s\")", c->fw->name, want, got, got, want);
        finding_evidence(c->out, fd, n->resolved_path, "%s found through %s, version %s", n->library,
                         n->step, got);
        if (facts_env(c->f, "LD_LIBRARY_PATH") && !strcmp(n->step, "ld_library_path"))
            fixes_drop_loader_dir(&c->fx, c->out, fd, arena_printf(c->a, "LD_LIBRARY_PATH puts this cuDNN first: drop "
                                  "its directory from LD_LIBRARY_PATH, or put a directory with cuDNN %s before it",
                                  fw_major_minor(c->a, want)),
                                  arena_strndup(c->a, n->resolved_path,
                                                (size_t)(path_basename(n->resolved_path) - n->resolved_path - 1)));
    }
}

/* A pip wheel's runtime instead of the user's toolkit: worth knowing. */
void fw_note_own_runtime(struct fwctx *c)
{
    size_t i, j;
    for (i = 0; i < c->v->n_needs; i++) {
        const struct need *n = &c->v->needs[i];
        if (strcmp(n->role, "cudart") || !n->resolved_path || !fw_in_env_wheels(c, n->resolved_path))
            continue;
        for (j = 0; j < c->f->n_cuda; j++) {
            const struct cuda_install *ci = &c->f->cuda[j];
            struct finding *fd;
            if (!strcmp(ci->provenance, "pip") || !ci->version || !n->version ||
                !strcmp(fw_major_minor(c->a, ci->version), fw_major_minor(c->a, n->version)))
                continue;
            fd = fw_finding(c, "GD215", SEV_INFO,
                            "%s uses the CUDA %s runtime from its pip wheels, not the CUDA %s toolkit at %s "
                            "(that is fine: wheels bring their own)", c->fw->name, n->version, ci->version,
                            ci->path);
            finding_evidence(c->out, fd, n->resolved_path, "loaded through %s", n->step);
            return;
        }
    }
}

/* ---- fixes per framework ---- */

/* 1 when the examined driver can run CUDA cuda (unknown driver: assume so). */
int fw_driver_runs(struct fwctx *c, const char *cuda)
{
    enum kb_drv_verdict dv;
    const char *need, *src;
    if (!c->driver)
        return 1;
    return kb_driver_runs_cuda(c->kb, c->driver, cuda, c->os, &dv, &need, &src) != 1 || dv != KB_DRV_TOO_OLD;
}

/* ---- per framework ---- */

static const char *os_of(const struct facts *f)
{
    return f->system.os && !strcmp(f->system.os, "windows") ? "windows" : "linux";
}

/* The module at path as the scan read it (scan/fwfiles.c), or NULL when it
 * was not read. */
const struct fw_module *fw_module_at(struct fwctx *c, const char *path)
{
    size_t i;
    for (i = 0; i < c->fw->n_modules; i++)
        if (!strcmp(c->fw->modules[i].path, path))
            return c->fw->modules[i].readable ? &c->fw->modules[i] : NULL;
    return NULL;
}

/* Each CUDA library a module links, resolved from that module. */
void fw_module_needs(struct fwctx *c, const struct fw_module *m, int dedupe)
{
    size_t i, k;
    for (i = 0; i < m->n_needed; i++) {
        const char *role = fw_role_of(m->needed[i]);
        int dup = 0;
        if (!role)
            continue;
        for (k = 0; dedupe && k < c->v->n_needs; k++)
            dup |= !strcmp(c->v->needs[k].library, m->needed[i]);
        if (!dup)
            fw_resolve_need(c, fw_add_need(c, role, m->needed[i], m->path), m->path);
    }
}

/* python.exe's folder, the application directory of LoadLibrary's search:
 * a venv's Scripts\python.exe starts the base interpreter (pyvenv.cfg's
 * home) since Python 3.7.2, so that is the folder that counts. */
const char *fw_win_app_dir(struct fwctx *c)
{
    struct strbuf v = STRBUF_INIT;
    const char *r = c->env->prefix;
    if (c->env->venv_home && winpath_to_virtual(c->env->venv_home, &v) == 1)
        r = arena_strdup(c->a, v.buf);
    strbuf_release(&v);
    return r;
}

/* ---- partial facts (a log) ---- */

/*
 * The libraries a log shows this install failing to load (fw->unresolved,
 * scan/logscan.c) as its needs, each resolved through the loader's answers
 * the log records.  Names that are no CUDA library are "other".
 */
void fw_log_needs(struct fwctx *c)
{
    size_t i, k;
    for (i = 0; i < c->fw->n_unresolved; i++) {
        const char *name = c->fw->unresolved[i].what, *role = fw_role_of(name);
        int dup = 0;
        for (k = 0; k < c->v->n_needs; k++)
            dup |= !strcmp(c->v->needs[k].library, name);
        if (!dup)
            fw_resolve_need(c, fw_add_need(c, role ? role : "other", name, NULL), NULL);
    }
}

/*
 * A build a log's facts show without its version: nothing the knowledge
 * base knows of releases applies, so what it needs is what the log shows it
 * missing, judged like any missing library (with the framework's own
 * install fixes), and the driver against the CUDA the log says it was
 * built for.  The rest is unknown, and says so.
 */
void fw_judge_unversioned(struct fwctx *c)
{
    fw_log_needs(c);
    fw_judge_missing(c, c->fw->cuda, c->fw->cudnn, c->def ? c->def->install_fixes : NULL);
    if (c->fw->cuda)
        fw_judge_driver(c, fw_major_minor(c->a, c->fw->cuda));
    fw_unknown(c, c->fw->version ? arena_printf(c->a, "%s %s is not in the knowledge base", c->fw->name, c->fw->version)
                                 : arena_printf(c->a, "the log does not show which %s release this is", c->fw->name));
}

/* ---- the registry ---- */

static const struct fw_def *const registry[] = {
    &fw_tensorflow, &fw_torch, &fw_jax, &fw_onnxruntime, &fw_cupy, &fw_paddle, &fw_xgboost,
};

const struct fw_def *fw_at(size_t i)
{
    return i < sizeof(registry) / sizeof(registry[0]) ? registry[i] : NULL;
}

const struct fw_def *fw_find(const char *name)
{
    const struct fw_def *d;
    const char *const *a;
    size_t i;
    for (i = 0; (d = fw_at(i)) != NULL; i++) {
        if (!strcmp(d->name, name))
            return d;
        for (a = d->aliases; a && *a; a++)
            if (!strcmp(*a, name))
                return d;
    }
    return NULL;
}

const char *fw_short_name(const struct fw_def *d)
{
    const char *s = d->name;
    const char *const *a;
    for (a = d->aliases; a && *a; a++)
        if (strlen(*a) < strlen(s))
            s = *a;
    return s;
}

const struct fw_def *fw_of_dist(const char *dist)
{
    const struct fw_def *d;
    const char *const *p;
    size_t i, n;
    for (i = 0; dist && (d = fw_at(i)) != NULL; i++)
        for (p = d->dists; p && *p; p++) {
            n = strlen(*p);
            if ((*p)[n - 1] == '*' ? !strncmp(dist, *p, n - 1) : !strcmp(dist, *p))
                return d;
        }
    return NULL;
}

/* ---- the verdict ---- */

/*
 * One root cause, one error finding.  When an install's missing libraries
 * are explained by a version mismatch -- GD206 (Linux) or GD603 (Windows:
 * not installed, or only another CUDA version's DLL) -- the per-library
 * findings GD201-GD203 are symptoms: their evidence moves to the cause and
 * they go.  So does GD601 (a DLL of the other CUDA version off PATH) next to
 * a GD603 that names another version: putting that folder on PATH cannot
 * make the framework load, it only changes which error comes next.
 */
static int is_symptom(const char *code, int other_version)
{
    return !strcmp(code, "GD201") || !strcmp(code, "GD202") || !strcmp(code, "GD203") ||
           (other_version && !strcmp(code, "GD601"));
}

static void fold_symptoms(struct fwctx *c, size_t first)
{
    struct findings *fl = c->out;
    size_t i, j, w, cause = (size_t)-1;
    int other = 0, reason_gone = 0, dnn_only = 0;

    for (i = first; i < fl->nr && cause == (size_t)-1; i++)
        if (fl->v[i].subject == c->v->subject &&
            (!strcmp(fl->v[i].code, "GD206") || !strcmp(fl->v[i].code, "GD603") ||
             (!strcmp(fl->v[i].code, "GD207") && strstr(fl->v[i].title, "only another version is installed"))))
            cause = i;
    if (cause == (size_t)-1)
        return;
    other = !strcmp(fl->v[cause].code, "GD206") || strstr(fl->v[cause].title, "(another CUDA version)") != NULL;
    dnn_only = !strcmp(fl->v[cause].code, "GD207");
    for (i = first; i < fl->nr; i++) {
        const struct finding *s = &fl->v[i];
        if (i == cause || s->subject != c->v->subject || !is_symptom(s->code, other) ||
            (dnn_only && strcmp(s->code, "GD202")))
            continue;
        for (j = 0; j < s->n_evidence; j++)
            finding_evidence(fl, &fl->v[cause], s->evidence[j].path, "%s", s->evidence[j].text);
    }
    for (i = w = first; i < fl->nr; i++) {
        struct finding *s = &fl->v[i];
        if (i != cause && s->subject == c->v->subject && is_symptom(s->code, other) &&
            (!dnn_only || !strcmp(s->code, "GD202"))) {
            reason_gone |= c->v->reason == s->title;
            free(s->evidence);
            free(s->fixes);
            continue;
        }
        if (i == cause)
            cause = w;
        fl->v[w++] = *s;
    }
    fl->nr = w;
    for (i = w = 0; i < c->v->n_codes; i++)
        if (!is_symptom(c->v->codes[i], other) || (dnn_only && strcmp(c->v->codes[i], "GD202")))
            c->v->codes[w++] = c->v->codes[i];
    c->v->n_codes = w;
    if (reason_gone)
        c->v->reason = fl->v[cause].title;
}

/* Machine-level error findings that stop every framework. */
static int machine_blockers(const struct findings *fl, size_t upto, struct verdict *v)
{
    static const char *const kinds[] = {
        "no_driver", "no_gpu", "driver_library_mismatch", "nouveau_loaded", "device_permissions",
        "stub_driver_on_path", "wsl_driver_issue", "env_hides_gpu", "container_toolkit_missing", NULL
    };
    size_t i;
    const char *const *k;
    int any = 0;
    for (i = 0; i < upto; i++) {
        const struct finding *fd = &fl->v[i];
        if (fd->severity != SEV_ERROR || fd->subject)
            continue;
        for (k = kinds; *k; k++) {
            if (!strcmp(fd->kind, *k)) {
                fw_add_code(v, fd->code);
                if (!v->reason)
                    v->reason = fd->title;
                any = 1;
            }
        }
    }
    return any;
}

static void keras_verdict(struct diagnosis *dx, struct verdict *v, struct fwctx *c)
{
    size_t i;
    const char *backend = v->fw->backend ? v->fw->backend : "tensorflow";
    for (i = 0; i < dx->n_verdicts; i++) {
        const struct verdict *o = &dx->verdicts[i];
        if (o->env != v->env || o == v || strcmp(o->fw->name, backend))
            continue;
        v->gpu = o->gpu;
        v->reason = arena_printf(c->a, "uses the %s backend (%s): GPU %s%s%s", backend,
                                 v->fw->backend_source ? v->fw->backend_source : "default", gpu_verdict_name(o->gpu),
                                 o->reason ? " — " : "", o->reason ? o->reason : "");
        for (size_t j = 0; j < o->n_codes; j++)
            fw_add_code(v, o->codes[j]);
        return;
    }
    v->gpu = GPU_UNKNOWN;
    v->reason = arena_printf(c->a, "its backend %s is not installed in this environment", backend);
}

/* Two records of one distribution in one site dir: pip was interrupted or
 * two installers disagreed, and which copy Python imports is a coin toss. */
static void rule_duplicates(const struct fix_ctx *fx, const struct python_env *env, struct findings *out)
{
    size_t i, j;
    for (i = 0; i < env->n_dists; i++) {
        const struct py_dist *a = &env->dists[i];
        struct finding *fd = NULL;
        if (!a->duplicate || a->conda)
            continue;
        for (j = 0; j < i; j++)
            if (env->dists[j].duplicate && !strcmp(env->dists[j].name, a->name) &&
                env->dists[j].site_dir && a->site_dir && !strcmp(env->dists[j].site_dir, a->site_dir))
                break;
        if (j < i)
            continue; /* reported with the first record */
        for (j = i + 1; j < env->n_dists; j++) {
            const struct py_dist *b = &env->dists[j];
            if (strcmp(b->name, a->name) || !b->site_dir || !a->site_dir || strcmp(b->site_dir, a->site_dir))
                continue;
            if (!fd) {
                fd = findings_add(out, "GD216", SEV_WARNING, "%s is installed twice in %s (%s and %s)", a->name,
                                  a->site_dir, a->version ? a->version : "?", b->version ? b->version : "?");
                fd->subject = env->prefix;
                finding_evidence(out, fd, a->path, "%s %s", a->name, a->version ? a->version : "?");
                /* One version again: the newer record's, validated by the fix engine
                 * for a framework (fixes_pip_reinstall). */
                fixes_pip_reinstall(fx, out, fd, env, a->name,
                                    a->version && b->version && ver_cmp_pep440(b->version, a->version) > 0
                                        ? b->version : a->version ? a->version : b->version);
            }
            finding_evidence(out, fd, b->path, "%s %s", b->name, b->version ? b->version : "?");
        }
    }
}

void rules_frameworks(const struct facts *f, const struct kb *kb, struct lookup *lk,
                      struct diagnosis *dx, struct arena *arena)
{
    size_t e, i, n_machine = dx->findings.nr;

    {
        struct fix_ctx dfx;
        fix_ctx_from_facts(&dfx, f, kb, arena);
        for (e = 0; e < f->n_pyenvs; e++)
            if (f->pyenvs[e].n_duplicates)
                rule_duplicates(&dfx, &f->pyenvs[e], &dx->findings);
    }

    for (e = 0; e < f->n_pyenvs; e++) {
        const struct python_env *env = &f->pyenvs[e];
        for (i = 0; i < env->n_frameworks; i++) {
            const struct framework_build *fw = &env->frameworks[i];
            struct verdict *v;
            struct fwctx c;
            size_t before = dx->findings.nr;

            ALLOC_GROW(dx->verdicts, dx->n_verdicts + 1, dx->alloc_verdicts);
            v = &dx->verdicts[dx->n_verdicts++];
            memset(v, 0, sizeof(*v));
            v->env = env;
            v->fw = fw;
            v->gpu = GPU_YES;
            {
                /* A Windows install is named as its user knows it: C:\Users\... */
                struct strbuf wp = STRBUF_INIT;
                const char *where = env->prefix ? env->prefix : "?";
                if (!strcmp(os_of(f), "windows") && env->prefix && env->prefix[0] == '/') {
                    winpath_from_virtual(env->prefix, &wp);
                    where = wp.buf;
                }
                v->subject = arena_printf(arena, "%s %s (%s)", fw->name, fw->version ? fw->version : "?", where);
                strbuf_release(&wp);
            }
            memset(&c, 0, sizeof(c));
            c.f = f;
            c.kb = kb;
            c.lk = lk;
            c.out = &dx->findings;
            c.a = arena;
            c.os = os_of(f);
            c.windows = !strcmp(c.os, "windows");
            c.driver = facts_driver_version(f);
            fix_ctx_from_facts(&c.fx, f, kb, arena);
            c.env = env;
            c.fw = fw;
            c.v = v;
            c.def = fw_find(fw->name);
            if (!strcmp(fw->name, "keras"))
                continue; /* judged after its backend, below */
            if (rules_is_macos(f)) {
                /* macOS: Metal, not CUDA (rules_macos.c) */
                rules_macos_install(&c);
            } else if (!c.def && f->partial) {
                fw_judge_unversioned(&c);   /* a program the log does not name */
            } else if (c.def) {
                c.def->judge(&c);
                judge_machine(&c);
                judge_page_size(&c);
                /* Native Windows: why each missing DLL is missing. */
                if (c.windows && v->n_needs)
                    rules_windows_install(&c);
                fold_symptoms(&c, before);
            } else {
                fw_unknown(&c, arena_printf(arena, "gpudoctor does not yet check %s's libraries", fw->name));
            }
            (void)before;
            /* "Yes" needs a GPU to have been seen: without sysfs (a container
             * image), on WSL2 and on Windows the files do not show one. */
            if (v->gpu != GPU_NO && !f->n_gpus && !rules_is_macos(f))
                fw_unknown(&c, f->partial ? "the log does not show a GPU at work"
                                : f->system.wsl == 2 ? "WSL2 shows no GPU in files; ask the driver with 'gpudoctor probe'"
                                : "no GPU could be seen in the examined files; ask the driver with 'gpudoctor probe'");
            if (v->gpu == GPU_NO)
                machine_blockers(&dx->findings, n_machine, v);
            else if (machine_blockers(&dx->findings, n_machine, v))
                v->gpu = GPU_NO;
            else if (c.unknown) {
                struct finding *fd;
                v->gpu = GPU_UNKNOWN;
                v->reason = c.unknown_why;
                fd = findings_add(&dx->findings, "GD217", SEV_INFO, "whether %s uses the GPU cannot be decided from "
                                  "files: %s", fw->name, c.unknown_why);
                fd->subject = v->subject;
                fw_add_code(v, fd->code);
                fixes_run(NULL, &dx->findings, fd, FIX_TOOL_PROBE, NULL, NULL, NULL);
            } else if (!v->reason) {
                v->reason = v->n_needs ? arena_printf(arena, "%zu CUDA libraries found; driver and GPU match the build",
                                                      v->n_needs)
                                       : "driver and GPU match the build";
            }
        }
    }
    /* Keras follows its backend. */
    for (i = 0; i < dx->n_verdicts; i++) {
        struct verdict *v = &dx->verdicts[i];
        struct fwctx c;
        if (v->fw->name && strcmp(v->fw->name, "keras"))
            continue;
        memset(&c, 0, sizeof(c));
        c.a = arena;
        keras_verdict(dx, v, &c);
    }
}

/* ---- Jetson (issue 20) ---- */

/*
 * "JetPack 5.0.2-5.1.4 (L4T 35.1.0-35.6.0)": the JetPacks whose CUDA has
 * cuda's major (data/jetpack.kb, in L4T order), or NULL when none does.
 */
const char *fw_jetpacks_for(struct fwctx *c, const char *cuda)
{
    struct kb_jetpack j, first, last;
    size_t it = 0, n = 0;

    memset(&first, 0, sizeof(first));
    memset(&last, 0, sizeof(last));
    while (kb_jetpack_for_cuda(c->kb, cuda, &it, &j) == 1) {
        if (!n++)
            first = j;
        last = j;
    }
    if (!n)
        return NULL;
    if (!strcmp(first.jetpack, last.jetpack) && !strcmp(first.l4t, last.l4t))
        return arena_printf(c->a, "JetPack %s (L4T %s)", first.jetpack, first.l4t);
    return arena_printf(c->a, "JetPack %s to %s (L4T %s to %s)", first.jetpack, last.jetpack, first.l4t, last.l4t);
}

/*
 * A Jetson's framework build (torch, TensorFlow) made for another
 * JetPack's CUDA (issue 20): NVIDIA's Jetson wheels are built per JetPack against the CUDA and cuDNN it ships
 * (JetPack 5: CUDA 11.4, libcudart.so.11.0 / libcudnn.so.8), so one made for
 * JetPack 5 finds neither on a JetPack 6 (CUDA 12) Jetson, and a JetPack 6
 * build needs a newer CUDA driver than L4T 35's.  Judged when the build's
 * CUDA and the JetPack's (data/jetpack.kb, facts.tegra.jetpack_cuda) are
 * both known and their majors differ: an error when a CUDA library it links
 * is not found, a warning when everything resolves but the build is newer
 * than the JetPack (it then runs only on NVIDIA's CUDA upgrade packages for
 * Jetson).  1 when the finding was made (fixes adds the framework's
 * own Jetson fixes for the machine's JetPack), else 0.
 */
int fw_jetson_mismatch(struct fwctx *c, const char *name, const char *cuda, fw_jetson_fixes_fn *fixes)
{
    const struct tegra_facts *t = &c->f->tegra;
    const struct framework_build *fw = c->fw;
    const char *want, *nv;
    struct finding *fd;
    size_t i, unresolved = 0;
    int newer;

    if (!t->present || !t->jetpack || !t->jetpack_cuda || !cuda || !ver_cmp_dotted_n(cuda, t->jetpack_cuda, 1))
        return 0;
    for (i = 0; i < c->v->n_needs; i++)
        if (!c->v->needs[i].resolved_path && !c->v->needs[i].unknown)
            unresolved++;
    newer = ver_cmp_dotted_n(cuda, t->jetpack_cuda, 1) > 0;
    if (!unresolved && !newer)
        return 0;   /* an older CUDA runtime that is all there runs on a newer driver */
    want = fw_jetpacks_for(c, cuda);
    /* NVIDIA's Jetson builds carry ".nvYY.MM" in their local version label. */
    nv = fw->local && (strstr(fw->local, ".nv") || str_starts(fw->local, "nv")) ? "NVIDIA's Jetson build " : "";
    fd = fw_finding(c, "GD206", unresolved ? SEV_ERROR : SEV_WARNING,
                    "%s %s is %sfor CUDA %s%s%s, but this Jetson runs L4T %s: JetPack %s with CUDA %s",
                    name, fw->version, nv, cuda, want ? ", that is " : "", want ? want : "", t->l4t, t->jetpack,
                    t->jetpack_cuda);
    finding_evidence(c->out, fd, fw->build_source, "%s %s: built for CUDA %s%s%s", name, fw->version, cuda,
                     want ? ", which " : " (no JetPack in the knowledge base ships that CUDA major)",
                     want ? arena_printf(c->a, "%s ships", want) : "");
    for (i = 0; i < c->v->n_needs; i++) {
        const struct need *n = &c->v->needs[i];
        if (!n->resolved_path && !n->unknown)
            finding_evidence(c->out, fd, n->from, "%s: not found on this Jetson (JetPack %s ships CUDA %s)",
                             n->library, t->jetpack, t->jetpack_cuda);
    }
    finding_evidence(c->out, fd, t->l4t_source, "Jetson, L4T %s%s%s", t->l4t, t->model ? ": " : "",
                     t->model ? t->model : "");
    finding_evidence(c->out, fd, t->jetpack_source, "L4T %s is JetPack %s, which ships CUDA %s%s", t->l4t,
                     t->jetpack, t->jetpack_cuda,
                     t->jetpack_source && !strncmp(t->jetpack_source, "unverified:", 11)
                         ? " (an unverified knowledge-base row)" : "");
    if (!unresolved)
        finding_evidence(c->out, fd, NULL, "a CUDA %s runtime needs a newer CUDA driver than L4T %s's; NVIDIA's "
                         "CUDA upgrade packages for Jetson provide one "
                         "(https://developer.nvidia.com/blog/simplifying-cuda-upgrades-for-nvidia-jetson-users/)",
                         fw_major(c->a, cuda), t->l4t);
    fixes(c, fd);
    return 1;
}
