/*
 * verify.c - `--verify-libs`: load the predicted libraries for real, in a
 * child, and compare (verify.h).
 */
#include "probe/verify.h"

#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "diagnose/fixes_intent.h"
#include "probe/helper.h"
#include "probe/probewire.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

/*
 * Load order.  Pip's and the toolkit's CUDA libraries link each other by
 * soname: cuBLAS needs cuBLASLt, cuSPARSE and cuSOLVER need nvJitLink,
 * cuSOLVER needs cuBLAS and cuSPARSE; cuDNN 9's sub-libraries need cuBLAS(Lt)
 * and nvrtc.  A framework (torch's _preload_cuda_deps, TensorFlow's
 * dso_loader) loads the leaves first, so that each later DT_NEEDED is
 * satisfied by the file already loaded.  Doing the same keeps the check from
 * failing where the framework would succeed.  Unknown roles load last.
 */
static const char *const rank_order[] = {
    "nvjitlink", "cudart", "nvrtc", "cublaslt", "cublas", "cufft", "curand", "cusparse",
    "cusolver", "cudnn", "cusparselt", "nccl", "cupti", "nvtx", "cufile", NULL
};

int probe_verify_rank(const char *role)
{
    int i;
    for (i = 0; rank_order[i]; i++)
        if (role && !strcmp(rank_order[i], role))
            return i;
    return i;   /* unknown roles (and NULL) load last */
}

void probe_verify_init(struct probe_verify *v)
{
    memset(v, 0, sizeof(*v));
    arena_init(&v->arena);
}

void probe_verify_release(struct probe_verify *v)
{
    free(v->installs);
    arena_release(&v->arena);
    probe_verify_init(v);
}

static const char *dup_or_null(struct arena *a, const char *s)
{
    return s ? arena_strdup(a, s) : NULL;
}

static int seen_path(const struct probe_verify_install *vi, const char *path)
{
    size_t i;
    for (i = 0; i < vi->n_libs; i++)
        if (vi->libs[i].path && !strcmp(vi->libs[i].path, path))
            return 1;
    return 0;
}

static void plan_install(struct probe_verify *v, const struct verdict *vd)
{
    struct probe_verify_install *vi;
    size_t i;
    int pass, rank;

    ALLOC_GROW(v->installs, v->n_installs + 1, v->alloc_installs);
    vi = &v->installs[v->n_installs++];
    memset(vi, 0, sizeof(*vi));
    vi->subject = dup_or_null(&v->arena, vd->subject);
    vi->gpu = vd->gpu;
    vi->in_flight = -1;
    vi->child_end = PROBE_CHILD_NOT_RUN;
    /* Pass 0: the files to load, by rank, then the needs' order (stable);
     * pass 1: the needs the model found no file for. */
    for (pass = 0; pass < 2; pass++) {
        for (rank = 0; rank <= probe_verify_rank(NULL); rank++) {
            for (i = 0; i < vd->n_needs; i++) {
                const struct need *n = &vd->needs[i];
                struct probe_verify_lib *l;
                if ((pass == 0) != (n->resolved_path != NULL))
                    continue;
                if (pass == 0 && probe_verify_rank(n->role) != rank)
                    continue;
                if (pass == 1 && rank > 0)
                    continue;
                if (n->resolved_path && seen_path(vi, n->resolved_path))
                    continue;
                if (vi->n_libs >= PROBE_VERIFY_MAX) {
                    vi->n_dropped++;
                    continue;
                }
                l = &vi->libs[vi->n_libs++];
                l->role = dup_or_null(&v->arena, n->role);
                l->library = dup_or_null(&v->arena, n->library);
                l->path = dup_or_null(&v->arena, n->resolved_path);
                l->step = dup_or_null(&v->arena, n->step);
                l->state = l->path ? PROBE_LIB_SELECTED : PROBE_LIB_NOT_FOUND;
                l->error = NULL;
                if (l->path)
                    vi->n_load++;
            }
        }
    }
}

void probe_verify_plan(struct probe_verify *v, const struct diagnosis *dx)
{
    size_t i;
    for (i = 0; i < dx->n_verdicts; i++)
        if (dx->verdicts[i].n_needs)
            plan_install(v, &dx->verdicts[i]);
}

static int run_install(struct probe_verify *v, struct probe_verify_install *vi, struct fs *fs,
                       unsigned char *buf, struct gd_err *err)
{
    const char *args[PROBE_VERIFY_MAX];
    struct compat_child_result cr;
    struct gd_err werr;
    size_t i;

    if (!vi->n_load)
        return 0;
    for (i = 0; i < vi->n_load; i++) {
        struct strbuf sb = STRBUF_INIT;
        err_init(&werr);
        /* Root "/" (checked by the caller): the host path is the path. */
        if (fs_host_path(fs, vi->libs[i].path, 0, &sb, &werr) == 1)
            args[i] = arena_strdup(&v->arena, sb.buf);
        else
            args[i] = vi->libs[i].path;
        strbuf_release(&sb);
    }
    /* The framework's libraries need no setuid helper: the guard may set no_new_privs. */
    if (probe_child_spawn("verify", probe_verify_child_main, args, vi->n_load, v->timeout_ms, COMPAT_CHILD_NNP,
                          buf, PROBEWIRE_MAX_BYTES, &cr, NULL, err) < 0)
        return -1;
    switch (cr.end) {
    case COMPAT_CHILD_EXITED: vi->child_end = PROBE_CHILD_EXITED; break;
    case COMPAT_CHILD_SIGNALED: vi->child_end = PROBE_CHILD_SIGNALED; break;
    case COMPAT_CHILD_TIMEOUT: vi->child_end = PROBE_CHILD_TIMEOUT; break;
    case COMPAT_CHILD_OVERFLOW: vi->child_end = PROBE_CHILD_OVERFLOW; break;
    }
    vi->child_code = cr.code;
    vi->child_ns = cr.elapsed_ns;
    err_init(&werr);
    if (probewire_parse_verify(buf, cr.len, vi, &v->arena, &werr) < 0)
        vi->wire_error = arena_strdup(&v->arena, werr.msg);
    return 0;
}

int probe_verify_run(struct probe_verify *v, const struct diagnosis *dx, struct fs *fs,
                     unsigned timeout_ms, struct gd_err *err)
{
    unsigned char *buf;
    size_t i;
    int rc = 0;

    /* Another tree's libraries would run here, against this machine. */
    if (!fs->host_root)
        return err_setx(err, GD_ERR_USAGE, "--verify-libs loads libraries and cannot examine --root");
    v->timeout_ms = timeout_ms;
    probe_verify_plan(v, dx);
    buf = xmalloc(PROBEWIRE_MAX_BYTES);
    for (i = 0; i < v->n_installs && rc == 0; i++)
        rc = run_install(v, &v->installs[i], fs, buf, err);
    free(buf);
    return rc;
}

/* ---- findings ------------------------------------------------------------ */

static void fixes_for(struct findings *fl, struct finding *fd, const struct probe_verify_lib *l)
{
    const char *e = l->error ? l->error : "";
    if (strstr(e, "cannot open shared object file")) {
        fixes_advice(fl, fd, FIX_RANK_ENV, "Install the library the error names, or put its directory on the "
                                           "loader path (check with 'gpudoctor which')");
    } else if (strstr(e, "file too short") || strstr(e, "invalid ELF header") ||
               strstr(e, "cannot read file data") ||
               strstr(e, "ELF load command")) {
        fixes_advice(fl, fd, FIX_RANK_SYSTEM, "The file is damaged or truncated: reinstall the package that owns it");
    } else if (strstr(e, "undefined symbol") || strstr(e, "version `")) {
        fixes_advice(fl, fd, FIX_RANK_USER, "A library it links against is another version than it was built for: "
                                            "install matching versions");
    } else {
        fixes_advice(fl, fd, FIX_RANK_SYSTEM, "Reinstall the package that owns the file");
    }
}

static void install_findings(const struct probe_verify_install *vi, struct findings *fl)
{
    size_t i;
    for (i = 0; i < vi->n_load; i++) {
        const struct probe_verify_lib *l = &vi->libs[i];
        struct finding *fd;
        if (l->state != PROBE_LIB_LOAD_FAILED)
            continue;
        fd = findings_add(fl, "GD516", SEV_ERROR,
                          "%s: %s is found but does not load: %s", vi->subject ? vi->subject : "?",
                          l->library ? l->library : l->path, l->error ? l->error : "dlopen failed");
        finding_evidence(fl, fd, l->path, "dlopen(RTLD_NOW | RTLD_LOCAL) in a child process: %s",
                         l->error ? l->error : "failed without a message");
        finding_evidence(fl, fd, l->path, "the loader model finds %s here (%s)",
                         l->library ? l->library : "it", l->step ? l->step : "?");
        fd->subject = vi->subject ? arena_strdup(fl->arena, vi->subject) : NULL;
        fixes_for(fl, fd, l);
    }
    if (vi->child_end == PROBE_CHILD_SIGNALED || vi->child_end == PROBE_CHILD_TIMEOUT ||
        vi->child_end == PROBE_CHILD_OVERFLOW) {
        const struct probe_verify_lib *l =
            vi->in_flight >= 0 && (size_t)vi->in_flight < vi->n_load ? &vi->libs[vi->in_flight] : NULL;
        const char *how = vi->child_end == PROBE_CHILD_SIGNALED ? "crashed"
                          : vi->child_end == PROBE_CHILD_TIMEOUT ? "did not finish within the timeout"
                                                                 : "wrote too much";
        struct finding *fd;
        const char *sig = vi->child_end == PROBE_CHILD_SIGNALED ? compat_signal_name(vi->child_code) : NULL;
        fd = findings_add(fl, "GD517", SEV_ERROR, "%s: loading %s %s%s%s%s",
                          vi->subject ? vi->subject : "?",
                          l ? (l->library ? l->library : l->path) : "its libraries", how,
                          sig ? " (" : "", sig ? sig : "", sig ? ")" : "");
        finding_evidence(fl, fd, l ? l->path : NULL,
                         "the library check's child process %s while loading %s", how,
                         l ? "this file (its constructors run at load)" : "the predicted libraries");
        fd->subject = vi->subject ? arena_strdup(fl->arena, vi->subject) : NULL;
        fixes_advice(fl, fd, FIX_RANK_SYSTEM, "Reinstall the package that owns the file, and run the framework's "
                                              "own GPU check to confirm");
    }
}

void probe_verify_findings(const struct probe_verify *v, struct findings *fl)
{
    size_t i;
    for (i = 0; i < v->n_installs; i++)
        install_findings(&v->installs[i], fl);
}

/* The child (probe_verify_child_main) is in probe_child.c, with the probe
 * child: the probe helper program (src/helper/) is built from that file. */
