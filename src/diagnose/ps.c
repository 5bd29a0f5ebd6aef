/*
 * ps.c - a running job against the diagnosis of its own environment (ps.h).
 */
#include "diagnose/ps.h"

#include <stdint.h>
#include <string.h>

#include "diagnose/fixes_intent.h"
#include "diagnose/fw.h"
#include "diagnose/lookup.h"
#include "probe/probe.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

const char *ps_state_name(enum ps_state s)
{
    switch (s) {
    case PS_ON_GPU: return "gpu";
    case PS_CUDA_NO_DEVICE: return "cuda_no_device";
    case PS_ON_CPU: return "cpu";
    case PS_NO_FRAMEWORK: return "no_framework";
    case PS_UNREADABLE: return "unreadable";
    case PS_GONE: return "gone";
    }
    return "unknown";
}

const char *ps_nodev_name(enum ps_nodev n)
{
    switch (n) {
    case PS_NODEV_NONE: return NULL;
    case PS_NODEV_HIDDEN: return "hidden";
    case PS_NODEV_NONE_VISIBLE: return "none_visible";
    case PS_NODEV_NOT_INITIALISED: return "not_initialised";
    }
    return NULL;
}

const char *ps_match_name(enum ps_match m)
{
    switch (m) {
    case PS_AGREE: return "agree";
    case PS_DISAGREE: return "disagree";
    case PS_NOT_PREDICTED: return "not_predicted";
    case PS_NOT_MAPPED: return "not_mapped";
    case PS_MATCH_UNKNOWN: return "unknown";
    }
    return "unknown";
}

int ps_job_ok(const struct ps_job *job)
{
    return job->state == PS_ON_GPU || job->state == PS_NO_FRAMEWORK;
}

/* ---- what the process holds ------------------------------------------------ */

/* /dev/nvidia<digits> or WSL's /dev/dxg: a GPU, not the control device. */
static int gpu_device(const char *p)
{
    const char *d;
    if (!strcmp(p, "/dev/dxg"))
        return 1;
    if (!str_starts(p, "/dev/nvidia"))
        return 0;
    d = p + 11;
    if (!*d)
        return 0;
    for (; *d; d++)
        if (*d < '0' || *d > '9')
            return 0;
    return 1;
}

static void add_device(struct ps_job *job, struct arena *a, const char *path, size_t *alloc)
{
    size_t i;
    const char **v;
    (void)alloc;
    for (i = 0; i < job->n_devices; i++)
        if (!strcmp(job->devices[i], path))
            return;
    v = arena_alloc(a, (job->n_devices + 1) * sizeof(*v));
    if (job->n_devices)
        memcpy(v, job->devices, job->n_devices * sizeof(*v));
    v[job->n_devices++] = path;
    job->devices = v;
}

static struct ps_lib *add_lib(struct ps_job *job, struct arena *a, size_t *alloc)
{
    struct ps_lib *v;
    if (job->n_libs >= *alloc) {
        size_t na = *alloc ? *alloc * 2 : 8;
        v = arena_alloc(a, st_mult(na, sizeof(*v)));
        if (job->n_libs)
            memcpy(v, job->libs, job->n_libs * sizeof(*v));
        job->libs = v;
        *alloc = na;
    }
    v = &job->libs[job->n_libs++];
    memset(v, 0, sizeof(*v));
    return v;
}

static int is_libcuda(const char *base)
{
    return str_starts(base, "libcuda.so");
}

/* The canonical form of path on the job's machine (the model's realpath). */
static const char *canon(struct lookup *lk, const char *path)
{
    const char *r;
    if (!path)
        return NULL;
    r = lookup_realpath(lk, path);
    return r ? r : path;
}

static int under(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    return n > 1 && !strncmp(path, dir, n) && path[n] == '/';
}

/* The framework install the process loaded: one whose package directory
 * holds a mapped file, or whose CUDA library or extension module it mapped. */
static const struct verdict *loaded_verdict(const struct ps_input *in)
{
    const struct ps_proc *p = in->proc;
    size_t i, k;
    for (i = 0; i < in->dx->n_verdicts; i++) {
        const struct verdict *v = &in->dx->verdicts[i];
        const char *loc = v->fw->location ? canon(in->lk, v->fw->location) : NULL;
        const char *ext = v->fw->extension ? canon(in->lk, v->fw->extension) : NULL;
        for (k = 0; k < p->n_maps; k++) {
            const char *m = p->maps[k].path;
            if ((loc && under(m, loc)) || (ext && !strcmp(m, ext)) ||
                (v->fw->cuda_library && !strcmp(m, v->fw->cuda_library)))
                return v;
        }
    }
    return NULL;
}

/* ---- prediction against reality ----------------------------------------------- */

struct pairing {
    const struct ps_input *in;
    struct ps_job *job;
    struct arena *a;
    size_t alloc_libs;
    unsigned char *need_used;    /* per need of the verdict: paired with a mapping */
};

/* The need whose file is this mapping. */
static void pair_exact(struct pairing *pr, const struct proc_map *m, struct ps_lib *l)
{
    const struct verdict *v = pr->job->verdict;
    size_t i;
    for (i = 0; v && i < v->n_needs; i++) {
        const struct need *n = &v->needs[i];
        const char *r;
        if (!n->resolved_path)
            continue;
        r = canon(pr->in->lk, n->resolved_path);
        if (strcmp(r, m->path))
            continue;
        l->name = n->library;
        l->predicted = r;
        l->step = n->step;
        l->source = "framework verdict";
        l->match = PS_AGREE;
        pr->need_used[i] = 1;
        return;
    }
}

/* A need of the same role not paired yet: the model predicts another file
 * (or none) for what the process loaded from here. */
static void pair_role(struct pairing *pr, const char *role, struct ps_lib *l)
{
    const struct verdict *v = pr->job->verdict;
    size_t i;
    for (i = 0; v && i < v->n_needs; i++) {
        const struct need *n = &v->needs[i];
        if (!n->role || strcmp(n->role, role) || pr->need_used[i])
            continue;
        l->name = n->library;
        l->predicted = n->resolved_path ? canon(pr->in->lk, n->resolved_path) : NULL;
        l->step = n->step;
        l->source = "framework verdict";
        l->match = PS_DISAGREE;
        pr->need_used[i] = 1;
        return;
    }
}

/* A library no need of the verdict names: ask the model for its soname,
 * from the framework's CUDA library (whose RUNPATH the framework's own
 * look-ups use) or from the main program. */
static void ask_model(struct pairing *pr, const struct proc_map *m, struct ps_lib *l)
{
    const struct verdict *v = pr->job->verdict;
    const char *from = NULL, *llp = facts_env(pr->in->facts, "LD_LIBRARY_PATH");
    struct lookup_answer ans;
    int r;

    if (!m->soname) {
        l->match = PS_NOT_PREDICTED;
        return;
    }
    if (v)
        from = v->fw->cuda_library ? v->fw->cuda_library : v->fw->extension;
    l->name = m->soname;
    l->source = "loader model";
    r = lookup_library(pr->in->lk, m->soname, from, llp, &ans);
    if (r < 0) {
        l->match = PS_MATCH_UNKNOWN;
        return;
    }
    l->step = ans.step;
    l->predicted = r == 1 ? canon(pr->in->lk, ans.path) : NULL;
    l->match = l->predicted && !strcmp(l->predicted, m->path) ? PS_AGREE : PS_DISAGREE;
}

static void judge_driver(struct pairing *pr, const struct proc_map *m, struct ps_lib *l)
{
    const struct facts *f = pr->in->facts;
    l->role = "driver";
    l->name = "libcuda.so.1";
    l->source = "driver scan";
    l->step = f->driver.libcuda_step;
    l->predicted = f->driver.libcuda_resolved ? canon(pr->in->lk, f->driver.libcuda_resolved) : NULL;
    l->match = l->predicted && !strcmp(l->predicted, m->path) ? PS_AGREE : PS_DISAGREE;
}

static void compare_libs(struct pairing *pr)
{
    const struct ps_proc *p = pr->in->proc;
    struct ps_job *job = pr->job;
    const struct verdict *v = job->verdict;
    size_t i, first, n;
    const struct proc_map **maps;

    maps = arena_alloc(pr->a, (p->n_maps ? p->n_maps : 1) * sizeof(*maps));
    for (i = 0; i < p->n_maps; i++) {
        const struct proc_map *m = &p->maps[i];
        const char *base = path_basename(m->path), *role;
        struct ps_lib *l;
        if (v && v->fw->cuda_library && !strcmp(m->path, v->fw->cuda_library)) {
            l = add_lib(job, pr->a, &pr->alloc_libs);
            l->role = "framework";
            l->mapped = m->path;
            l->deleted = m->deleted;
            l->name = path_basename(v->fw->cuda_library);
            l->predicted = v->fw->cuda_library;
            l->source = "framework scan";
            l->match = PS_AGREE;
            continue;
        }
        if (is_libcuda(base)) {
            l = add_lib(job, pr->a, &pr->alloc_libs);
            l->mapped = m->path;
            l->deleted = m->deleted;
            judge_driver(pr, m, l);
            if (!job->driver_lib)
                job->driver_lib = m->path;
            continue;
        }
        role = fw_role_of(base);
        if (!role)
            continue;
        maps[job->n_libs] = m;
        l = add_lib(job, pr->a, &pr->alloc_libs);
        l->role = role;
        l->mapped = m->path;
        l->deleted = m->deleted;
        l->match = PS_NOT_PREDICTED;
    }
    /* Three passes, so that the order of the mappings does not matter: the
     * needs whose file was mapped, then needs of the same role for what is
     * left, then the model asked for the rest by soname. */
    first = 0;
    n = job->n_libs;
    for (i = first; i < n; i++)
        if (job->libs[i].match == PS_NOT_PREDICTED && !job->libs[i].source)
            pair_exact(pr, maps[i], &job->libs[i]);
    for (i = first; i < n; i++)
        if (job->libs[i].match == PS_NOT_PREDICTED && !job->libs[i].source)
            pair_role(pr, job->libs[i].role, &job->libs[i]);
    for (i = first; i < n; i++)
        if (job->libs[i].match == PS_NOT_PREDICTED && !job->libs[i].source)
            ask_model(pr, maps[i], &job->libs[i]);
    /* What the model predicts that the process has not mapped (yet). */
    for (i = 0; v && i < v->n_needs; i++) {
        const struct need *nd = &v->needs[i];
        struct ps_lib *l;
        if (pr->need_used[i])
            continue;
        l = add_lib(job, pr->a, &pr->alloc_libs);
        l->role = nd->role;
        l->name = nd->library;
        l->predicted = nd->resolved_path ? canon(pr->in->lk, nd->resolved_path) : NULL;
        l->step = nd->step;
        l->source = "framework verdict";
        l->match = PS_NOT_MAPPED;
    }
}

/* ---- findings ------------------------------------------------------------------ */

static const char *subject(const struct ps_job *job, struct arena *a)
{
    return arena_printf(a, "PID %ld", job->proc->pid);
}

static void lib_findings(const struct ps_input *in, struct ps_job *job, struct arena *a)
{
    struct findings *fl = &job->findings;
    const char *preload = facts_env(in->facts, "LD_PRELOAD");
    struct finding *del = NULL;
    size_t i;

    for (i = 0; i < job->n_libs; i++) {
        const struct ps_lib *l = &job->libs[i];
        struct finding *fd;
        if (!l->mapped)
            continue;
        if (l->deleted) {
            if (!del) {
                del = findings_add(fl, "GD905", SEV_WARNING, "PID %ld runs library files that were deleted or "
                                   "replaced on disk since it loaded them: what it runs is not what is installed",
                                   job->proc->pid);
                del->subject = subject(job, a);
                fixes_advice(fl, del, FIX_RANK_USER, "Restart the job so that it loads the installed files (a package "
                            "upgrade while it ran replaces them under it)");
            }
            finding_evidence(fl, del, l->mapped, "mapped %s (deleted)", l->mapped);
            continue;
        }
        if (l->match != PS_DISAGREE)
            continue;
        if (l->predicted)
            fd = findings_add(fl, "GD904", SEV_WARNING, "PID %ld mapped %s where the loader model predicts %s "
                              "for %s in its environment", job->proc->pid, l->mapped, l->predicted,
                              l->name ? l->name : l->role);
        else
            fd = findings_add(fl, "GD904", SEV_WARNING, "PID %ld mapped %s, but the loader model finds no %s "
                              "in its environment", job->proc->pid, l->mapped, l->name ? l->name : l->role);
        fd->subject = subject(job, a);
        finding_evidence(fl, fd, "/proc/PID/maps", "mapped: %s", l->mapped);
        if (l->predicted)
            finding_evidence(fl, fd, NULL, "predicted: %s (%s%s%s)", l->predicted, l->source,
                             l->step ? ", " : "", l->step ? l->step : "");
        if (preload)
            finding_evidence(fl, fd, NULL, "LD_PRELOAD=%s in its environment: the loader model does not follow "
                             "LD_PRELOAD, and a preloaded library serves every later request for its soname",
                             preload);
        finding_evidence(fl, fd, NULL, "a library loaded from another place than its environment gives: "
                         "by full path (ctypes, a preload), through a variable set after start, or from files "
                         "that changed since");
        fixes_report_bug(fl, fd, "neither the job's environment nor these files changed since it started, the "
                         "loader model is wrong", job->proc->pid);
    }
}

static void stub_finding(struct ps_job *job, struct arena *a)
{
    struct finding *fd;
    if (!job->driver_lib || !strstr(job->driver_lib, "/stubs/"))
        return;
    fd = findings_add(&job->findings, "GD909", SEV_ERROR, "PID %ld mapped the CUDA toolkit's stub %s, which "
                      "has no driver in it: CUDA fails with CUDA_ERROR_STUB_LIBRARY", job->proc->pid,
                      job->driver_lib);
    fd->subject = subject(job, a);
    finding_evidence(&job->findings, fd, "/proc/PID/maps", "mapped: %s", job->driver_lib);
    fixes_advice(&job->findings, fd, FIX_RANK_ENV, "Remove the toolkit's lib64/stubs directory from the job's "
                "LD_LIBRARY_PATH (stubs are for linking, not for running), then restart the job");
}

/* GD906: VIRTUAL_ENV / CONDA_PREFIX name another environment than it runs. */
static void env_finding(const struct ps_input *in, struct ps_job *job, struct arena *a)
{
    static const char *const vars[] = { "VIRTUAL_ENV", "CONDA_PREFIX" };
    size_t k;
    if (!in->env_prefix)
        return;
    for (k = 0; k < sizeof(vars) / sizeof(vars[0]); k++) {
        const char *v = facts_env(in->facts, vars[k]);
        struct finding *fd;
        if (!v || !*v || !strcmp(canon(in->lk, v), canon(in->lk, in->env_prefix)))
            continue;
        fd = findings_add(&job->findings, "GD906", SEV_WARNING, "PID %ld runs the environment %s, not the "
                          "one its %s=%s names", job->proc->pid, in->env_prefix, vars[k], v);
        fd->subject = subject(job, a);
        finding_evidence(&job->findings, fd, NULL, "the environment examined: %s (%s)", in->env_prefix,
                         in->env_how ? in->env_how : "");
        finding_evidence(&job->findings, fd, NULL, "%s=%s in its environment", vars[k], v);
        fixes_advice(&job->findings, fd, FIX_RANK_USER, "Start it with that environment's own interpreter (for a "
                    "Jupyter kernel: register that interpreter as a kernel with its ipykernel, and pick it)");
        return;
    }
}

/* The diagnosis's error findings that explain a job not on the GPU. */
static void cause_evidence(struct ps_job *job, struct finding *fd, const struct diagnosis *dx)
{
    size_t i;
    const struct verdict *v = job->verdict;
    for (i = 0; i < dx->findings.nr; i++) {
        const struct finding *c = &dx->findings.v[i];
        size_t k;
        int about = !c->subject;
        if (c->severity < SEV_ERROR)
            continue;
        for (k = 0; v && k < v->n_codes && !about; k++)
            about = !strcmp(v->codes[k], c->code);
        if (about)
            finding_evidence(&job->findings, fd, NULL, "%s: %s", c->code, c->title);
    }
}

static void state_of(const struct ps_input *in, struct ps_job *job, struct arena *a)
{
    const struct ps_proc *p = in->proc;
    const struct diagnosis *dx = in->dx;
    const struct verdict *v = job->verdict;
    int gpu_dev = 0, ctl = 0, cuda_libs = 0, hidden = (findings_find(&dx->findings, "GD108") != NULL);
    struct findings *fl = &job->findings;
    struct finding *fd;
    size_t i;

    for (i = 0; i < job->n_devices; i++) {
        gpu_dev |= gpu_device(job->devices[i]);
        ctl |= !strcmp(job->devices[i], "/dev/nvidiactl");
    }
    for (i = 0; i < job->n_libs; i++)
        cuda_libs |= job->libs[i].mapped != NULL;

    if (job->driver_lib && gpu_dev) {
        job->state = PS_ON_GPU;
        for (i = 0; i < job->n_devices; i++)
            if (gpu_device(job->devices[i])) {
                job->why = arena_printf(a, "%s is mapped and %s is open", path_basename(job->driver_lib),
                                        job->devices[i]);
                break;
            }
        if (v && v->gpu == GPU_NO) {
            /* Reality against the verdict itself. */
            fd = findings_add(fl, "GD910", SEV_WARNING, "PID %ld is on the GPU, but the diagnosis of its "
                              "environment says %s cannot be: %s", p->pid, v->subject,
                              v->reason ? v->reason : "GPU NO");
            fd->subject = subject(job, a);
            cause_evidence(job, fd, dx);
            fixes_report_bug(fl, fd, "the job's environment and files did not change since it started, the "
                             "diagnosis is wrong", p->pid);
        }
        return;
    }
    if (hidden && (job->driver_lib || v || cuda_libs)) {
        const struct finding *h = findings_find(&dx->findings, "GD108");
        job->state = job->driver_lib || cuda_libs ? PS_CUDA_NO_DEVICE : PS_ON_CPU;
        job->nodev = PS_NODEV_HIDDEN;
        job->why = h->title;
        job->how_to_tell = "the variable is in the job's own environment (/proc/PID/environ): CUDA shows it no "
                           "device, whatever the machine has";
        fd = findings_add(fl, "GD903", SEV_ERROR, "PID %ld cannot use the GPU: %s", p->pid, h->title);
        fd->subject = subject(job, a);
        cause_evidence(job, fd, dx);
        fixes_advice(fl, fd, FIX_RANK_ENV, "Start the job without the variable (or with the GPUs it should use)");
        return;
    }
    if (job->driver_lib && ctl) {
        job->state = PS_CUDA_NO_DEVICE;
        job->nodev = PS_NODEV_NONE_VISIBLE;
        job->why = "CUDA is initialised (/dev/nvidiactl is open) but no GPU device file is open: the driver "
                   "shows the job no GPU";
        job->how_to_tell = "the job's /dev (a container's, or a cgroup's device list) may lack /dev/nvidiaN, or "
                           "the GPUs it may use are taken; the diagnosis of its root below says which device "
                           "files it has";
        fd = findings_add(fl, "GD901", SEV_ERROR, "PID %ld opened the NVIDIA driver but holds no GPU device",
                          p->pid);
        fd->subject = subject(job, a);
        for (i = 0; i < job->n_devices; i++)
            finding_evidence(fl, fd, "/proc/PID/fd", "open: %s", job->devices[i]);
        cause_evidence(job, fd, dx);
        fixes_advice(fl, fd, FIX_RANK_NEW_ENV, "Give the job the GPU: in a container start it with the GPUs (under "
                    "Kubernetes a nvidia.com/gpu limit), under Slurm request them");
        fixes_container_start(NULL, fl, fd, "In a container: start it with the GPUs", FIX_CTR_GPUS);
        fixes_run(NULL, fl, fd, FIX_TOOL_SLURM_GPU, NULL, NULL, NULL);
        return;
    }
    if (job->driver_lib || (v && v->gpu != GPU_NO) || (!v && cuda_libs)) {
        job->state = PS_CUDA_NO_DEVICE;
        job->nodev = PS_NODEV_NOT_INITIALISED;
        job->why = job->driver_lib ? "CUDA is loaded but not initialised: no NVIDIA device file is open"
                                   : v ? "the framework is loaded but has not loaded the CUDA driver yet"
                                       : "a CUDA library is loaded but the CUDA driver is not (yet)";
        job->how_to_tell = "CUDA opens /dev/nvidiactl and /dev/nvidiaN when the program first initialises it "
                           "(its framework's first GPU operation); until then nothing is open.  A job that has "
                           "already been computing for a while (see its CPU time) is computing on the CPU: run "
                           "`gpudoctor ps PID` again after its first GPU step";
        fd = findings_add(fl, "GD902", SEV_INFO, "PID %ld has not initialised CUDA yet: no NVIDIA device file is "
                          "open", p->pid);
        fd->subject = subject(job, a);
        return;
    }
    if (v) {
        job->state = PS_ON_CPU;
        job->why = arena_printf(a, "%s%s%s", v->subject, v->reason ? ": " : "", v->reason ? v->reason : "");
        fd = findings_add(fl, "GD903", SEV_ERROR, "PID %ld runs on the CPU: %s%s%s", p->pid, v->subject,
                          v->reason ? ": " : "", v->reason ? v->reason : "");
        fd->subject = subject(job, a);
        finding_evidence(fl, fd, "/proc/PID/maps", "no CUDA driver library (libcuda) mapped, no GPU device open");
        cause_evidence(job, fd, dx);
        fixes_advice(fl, fd, FIX_RANK_USER, "Fix what the diagnosis of its environment finds (below), then restart the "
                    "job");
        return;
    }
    job->state = PS_NO_FRAMEWORK;
    job->why = "no GPU framework or CUDA library is loaded";
}

void ps_judge(const struct ps_input *in, struct ps_job *job, struct arena *arena)
{
    const struct ps_proc *p = in->proc;
    struct pairing pr;
    size_t i;

    memset(job, 0, sizeof(*job));
    job->proc = p;
    job->compared_pid = -1;
    job->elapsed_s = job->cpu_s = -1;
    job->interpreter = in->interpreter;
    job->env_prefix = in->env_prefix;
    job->env_how = in->env_how;
    findings_init(&job->findings, arena);

    /* The NVIDIA device files it holds: descriptors, and mappings of them. */
    for (i = 0; i < p->n_fds; i++)
        add_device(job, arena, p->fds[i].target, NULL);
    for (i = 0; i < p->n_maps; i++)
        if (str_starts(p->maps[i].path, "/dev/nvidia") || !strcmp(p->maps[i].path, "/dev/dxg"))
            add_device(job, arena, p->maps[i].path, NULL);

    job->verdict = loaded_verdict(in);
    memset(&pr, 0, sizeof(pr));
    pr.in = in;
    pr.job = job;
    pr.a = arena;
    pr.need_used = arena_alloc(arena, job->verdict && job->verdict->n_needs ? job->verdict->n_needs : 1);
    compare_libs(&pr);

    state_of(in, job, arena);
    stub_finding(job, arena);
    lib_findings(in, job, arena);
    env_finding(in, job, arena);
    if (p->access == PROC_DENIED) {
        struct finding *fd = findings_add(&job->findings, "GD907", SEV_INFO, "PID %ld: the kernel refused its "
                                          "%s, so what it loaded is only partly known", p->pid,
                                          p->denied ? p->denied : "files");
        fd->subject = subject(job, arena);
    }
    findings_sort(&job->findings);
}

void ps_judge_unread(const struct ps_proc *p, struct ps_job *job, struct arena *arena)
{
    struct finding *fd;

    memset(job, 0, sizeof(*job));
    job->proc = p;
    job->compared_pid = -1;
    job->elapsed_s = job->cpu_s = -1;
    findings_init(&job->findings, arena);
    if (p->access == PROC_GONE || p->access == PROC_HIDDEN) {
        job->state = PS_GONE;
        job->why = p->access == PROC_HIDDEN
                       ? "/proc does not show it: it exited, or /proc's hidepid hides it from this user"
                       : "no such process (it has exited)";
        return;
    }
    job->state = PS_UNREADABLE;
    job->why = p->status.uid >= 0
                   ? arena_printf(arena, "it belongs to %s (uid %ld), and the kernel lets only that user or "
                                  "root read its %s", p->user ? p->user : "another user",
                                  p->status.uid, p->denied ? p->denied : "files")
                   : arena_printf(arena, "the kernel refused its %s", p->denied ? p->denied : "files");
    fd = findings_add(&job->findings, "GD907", SEV_INFO, "PID %ld belongs to %s (uid %ld): the kernel does not "
                      "let gpudoctor read its %s", p->pid, p->user ? p->user : "another user", p->status.uid,
                      p->denied ? p->denied : "files");
    fd->subject = subject(job, arena);
    finding_evidence(&job->findings, fd, NULL, "/proc/%ld/%s: permission denied", p->pid,
                     p->denied ? p->denied : "maps");
    fixes_run(NULL, &job->findings, fd, FIX_TOOL_PS_AS_ROOT, "Run ps as that user, or as root",
              arena_printf(job->findings.arena, "%ld", p->pid), NULL);
}

void ps_judge_probe(struct ps_job *job, const struct probe_result *pr, struct arena *arena)
{
    size_t i, n = 0;
    if (!pr || !pr->procs_asked)
        return;
    job->nvml_asked = 1;
    for (i = 0; i < pr->n_procs; i++)
        n += pr->procs[i].pid == (uint64_t)job->proc->pid;
    if (!n)
        return;
    job->nvml = arena_alloc(arena, n * sizeof(*job->nvml));
    for (i = 0; i < pr->n_procs; i++) {
        if (pr->procs[i].pid != (uint64_t)job->proc->pid)
            continue;
        job->nvml[job->n_nvml].gpu = pr->procs[i].dev;
        job->nvml[job->n_nvml].mem_bytes = pr->procs[i].mem;
        job->n_nvml++;
    }
    if (job->state != PS_ON_GPU) {
        /* The driver's own list outranks what /proc could show. */
        job->state = PS_ON_GPU;
        job->nodev = PS_NODEV_NONE;
        job->how_to_tell = NULL;
        job->why = arena_printf(arena, "the driver lists it on GPU %d (ps --probe)", job->nvml[0].gpu);
    }
}

/* ---- comparing two jobs ---------------------------------------------------------- */

static int same(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

static void diff(struct ps_job *job, struct arena *a, size_t *alloc, const char *what, const char *here,
                 const char *there)
{
    struct ps_diff *v;
    if (same(here, there))
        return;
    if (job->n_diffs >= *alloc) {
        size_t na = *alloc ? *alloc * 2 : 8;
        v = arena_alloc(a, na * sizeof(*v));
        if (job->n_diffs)
            memcpy(v, job->diffs, job->n_diffs * sizeof(*v));
        job->diffs = v;
        *alloc = na;
    }
    v = &job->diffs[job->n_diffs++];
    v->what = what;
    v->here = here;
    v->there = there;
}

static const char *mapped_role(const struct ps_job *job, const char *role)
{
    size_t i;
    for (i = 0; i < job->n_libs; i++)
        if (job->libs[i].mapped && job->libs[i].role && !strcmp(job->libs[i].role, role))
            return job->libs[i].mapped;
    return NULL;
}

static const char *gpu_devices(const struct ps_job *job, struct arena *a)
{
    struct strbuf sb = STRBUF_INIT;
    const char *r;
    size_t i;
    for (i = 0; i < job->n_devices; i++) {
        if (sb.len)
            strbuf_addch(&sb, ' ');
        strbuf_addstr(&sb, job->devices[i]);
    }
    r = sb.len ? arena_strdup(a, sb.buf) : NULL;
    strbuf_release(&sb);
    return r;
}

void ps_compare(struct ps_job *job, const struct ps_job *ref, struct arena *a)
{
    /* The variables that change what a job loads or sees. */
    static const char *const vars[] = {
        "CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONPATH",
        "PYTHONHOME", "PYTHONNOUSERSITE", "VIRTUAL_ENV", "CONDA_PREFIX", "CUDA_HOME", "JAX_PLATFORMS", "PATH",
    };
    static const char *const roles[] = { "driver", "framework", "cudart", "cudnn", "cublas", "nccl" };
    size_t alloc = 0, k;

    job->compared_pid = ref->proc->pid;
    job->diffs = NULL;
    job->n_diffs = 0;
    diff(job, a, &alloc, "interpreter", job->interpreter, ref->interpreter);
    diff(job, a, &alloc, "environment", job->env_prefix, ref->env_prefix);
    diff(job, a, &alloc, "framework", job->verdict ? job->verdict->subject : NULL,
         ref->verdict ? ref->verdict->subject : NULL);
    diff(job, a, &alloc, "root", job->proc->root, ref->proc->root);
    diff(job, a, &alloc, "container", job->proc->cgroup.container, ref->proc->cgroup.container);
    for (k = 0; k < sizeof(vars) / sizeof(vars[0]); k++)
        diff(job, a, &alloc, vars[k], ps_proc_env(job->proc, vars[k]), ps_proc_env(ref->proc, vars[k]));
    for (k = 0; k < sizeof(roles) / sizeof(roles[0]); k++)
        diff(job, a, &alloc, roles[k], mapped_role(job, roles[k]), mapped_role(ref, roles[k]));
    diff(job, a, &alloc, "devices", gpu_devices(job, a), gpu_devices(ref, a));
}

void ps_finding_hidepid(struct findings *fl, const char *hidepid, long gid)
{
    struct finding *fd = findings_add(fl, "GD908", SEV_INFO, "/proc is mounted with hidepid=%s: it shows this "
                                      "user's processes only, so other users' jobs are not listed", hidepid);
    finding_evidence(fl, fd, "/proc/self/mountinfo", "proc /proc ... hidepid=%s%s", hidepid,
                     gid >= 0 ? " gid=..." : "");
    fixes_run(NULL, fl, fd, FIX_TOOL_PS_AS_ROOT, "Run ps as root to see every job", NULL, NULL);
}
