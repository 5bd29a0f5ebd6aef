/*
 * rules_sched.c - the scheduler and the container around the process: a
 * Slurm job without GPUs, a container started without the NVIDIA runtime,
 * the host's container runtime setup (the NVIDIA Container Toolkit, a CDI
 * spec generated for another driver), and a loaded environment module whose
 * CUDA the framework would load instead of its own.
 */
#include "diagnose/diagnose.h"
#include "diagnose/fixes_node.h"

#include <string.h>

#include "facts/module_facts.h"
#include "kb/ver_dotted.h"
#include "util/fs.h"
#include "util/text.h"
#include "util/banned.h"

int node_container_without_runtime(const struct facts *f)
{
    size_t i;
    if (!f->system.container || !f->driver.loader_asked || f->driver.libcuda_resolved || f->tegra.present ||
        f->partial)
        return 0;   /* a log's facts (partial) do not list the device nodes */
    if (!f->driver.kmod_version && !f->n_gpus)
        return 0;
    for (i = 0; i < f->driver.n_nodes; i++)
        if (!strcmp(f->driver.nodes[i].path, "/dev/nvidiactl") && f->driver.nodes[i].exists)
            return 0;
    return 1;
}

/* A container that got neither the host's driver libraries nor its device
 * nodes: it was started without the NVIDIA runtime (no --gpus). */
static void rule_container(const struct facts *f, const struct kb *kb, struct findings *out)
{
    struct finding *fd;
    struct fix_ctx fx;
    if (!node_container_without_runtime(f))
        return;
    fd = findings_add(out, "GD132", SEV_ERROR, "this %s container was started without the NVIDIA runtime: it "
                      "has neither the host's driver libraries nor the GPU device nodes", f->system.container);
    finding_evidence(out, fd, NULL, "%s", f->system.container_evidence ? f->system.container_evidence
                                                                       : f->system.container);
    if (f->driver.kmod_version)
        finding_evidence(out, fd, f->driver.kmod_source, "the host's nvidia module %s is loaded",
                         f->driver.kmod_version);
    if (f->n_gpus)
        finding_evidence(out, fd, "/sys/bus/pci/devices", "%zu NVIDIA GPU(s) on the PCI bus", f->n_gpus);
    finding_evidence(out, fd, NULL, "dlopen(\"libcuda.so.1\") finds nothing (the runtime mounts the host's)");
    finding_evidence(out, fd, "/dev/nvidiactl", "absent (the runtime creates the device nodes)");
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    fixes_driver_install(&fx, out, fd);
}

/* SLURM_JOB_ID without any of the variables Slurm's gres plugin sets for
 * allocated GPUs (gres_common_gpu_set_env: SLURM_JOB_GPUS for the job,
 * SLURM_STEP_GPUS for a step, SLURM_GPUS_ON_NODE, CUDA_VISIBLE_DEVICES; all
 * unset when none is allocated).  A warning: without ConstrainDevices the
 * GPUs still open (shared with other jobs); GD117 is the error when the
 * cgroup's device list shows them denied. */
static void rule_slurm(const struct facts *f, const struct kb *kb, struct findings *out)
{
    static const char *const vars[] = { "SLURM_JOB_GPUS", "SLURM_STEP_GPUS", "SLURM_GPUS_ON_NODE",
                                        "CUDA_VISIBLE_DEVICES", NULL };
    const char *job = facts_env(f, "SLURM_JOB_ID");
    const char *const *v;
    struct finding *fd;
    struct fix_ctx fx;

    if (!job || (findings_find(out, "GD117") != NULL))
        return;
    for (v = vars; *v; v++)
        if (facts_env(f, *v))
            return;
    fd = findings_add(out, "GD130", SEV_WARNING, "Slurm job %s has no GPU allocated: Slurm set none of "
                      "SLURM_JOB_GPUS, SLURM_STEP_GPUS, CUDA_VISIBLE_DEVICES", job);
    finding_evidence(out, fd, NULL, "SLURM_JOB_ID=%s", job);
    if (f->node.cgroup.version && !strcmp(f->node.cgroup.version, "v2"))
        finding_evidence(out, fd, NULL, "cgroup v2: whether the job's device rules deny the GPUs is not visible "
                         "in files (Slurm's ConstrainDevices denies unallocated ones)");
    else if (!f->node.cgroup.list_source)
        finding_evidence(out, fd, NULL, "the job's device rules could not be read");
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    fixes_slurm_gpus(&fx, out, fd);
}

/* The host's own runtime setup, where its files are visible. */
static void rule_host_runtime(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const struct node_runtime *r = &f->node.runtime;
    const char *drv = f->driver.kmod_version ? f->driver.kmod_version : facts_driver_version(f);
    struct finding *fd;
    struct fix_ctx fx;

    if (!r->read)
        return;
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    if (r->engine && !r->toolkit && !r->cdi_spec) {
        fd = findings_add(out, "GD133", SEV_INFO, "containers started here get no GPU: %s is installed but the "
                          "NVIDIA Container Toolkit is not (\"could not select device driver \\\"\\\" with "
                          "capabilities: [[gpu]]\")", path_basename(r->engine));
        finding_evidence(out, fd, r->engine, "a container engine");
        finding_evidence(out, fd, "/usr/bin/nvidia-container-runtime-hook", "absent (what docker run --gpus needs)");
        fixes_toolkit_host(&fx, out, fd, r->engine);
    }
    if (r->cdi_spec && r->cdi_driver && drv && strcmp(r->cdi_driver, drv)) {
        fd = findings_add(out, "GD134", SEV_WARNING, "the CDI spec %s was generated for driver %s, the driver is "
                          "now %s: containers given GPUs through CDI fail to start", r->cdi_spec, r->cdi_driver, drv);
        finding_evidence(out, fd, r->cdi_spec, "host paths of libcuda.so.%s", r->cdi_driver);
        finding_evidence(out, fd, f->driver.kmod_source ? f->driver.kmod_source : NULL, "driver %s", drv);
        fixes_cdi_regenerate(&fx, out, fd, r->cdi_spec);
    }
}

void rules_sched(const struct facts *f, const struct kb *kb, struct findings *out)
{
    rule_container(f, kb, out);
    rule_slurm(f, kb, out);
    rule_host_runtime(f, kb, out);
}

/* "12.1.105" -> "12.1" */
static const char *fw_mm(struct arena *a, const char *v)
{
    const char *d = strchr(v, '.');
    return d && strchr(d + 1, '.') ? arena_strndup(a, v, (size_t)(strchr(d + 1, '.') - v)) : v;
}

/* The loaded module (_LMFILES_: the files, in load order) that sets dir, or NULL. */
static const struct module_file *module_for(const struct facts *f, const char *path)
{
    const char *lm = facts_env(f, "_LMFILES_");
    size_t i;
    if (!lm)
        return NULL;
    for (i = 0; i < f->modules.n_files; i++) {
        const struct module_file *m = &f->modules.files[i];
        const char *p = lm;
        size_t n = strlen(m->path);
        int loaded = 0;
        while (p && *p && !loaded) {
            const char *c = strchr(p, ':');
            size_t l = c ? (size_t)(c - p) : strlen(p);
            loaded = l == n && !memcmp(p, m->path, n);
            p = c ? c + 1 : NULL;
        }
        if (!loaded || strcmp(m->package, "cuda"))
            continue;
        if ((m->libdir && str_starts(path, m->libdir)) || (m->prefix && str_starts(path, m->prefix) &&
                                                           path[strlen(m->prefix)] == '/'))
            return m;
    }
    return NULL;
}

/*
 * After the frameworks' verdicts: a CUDA library a framework would load
 * from a loaded environment module's tree (module load puts it first on
 * LD_LIBRARY_PATH), when that module's CUDA is not the framework's.
 */
void rules_sched_modules(const struct facts *f, const struct kb *kb, struct diagnosis *dx)
{
    struct fix_ctx fx;
    size_t i, j;

    if (!facts_env(f, "_LMFILES_"))
        return;
    fix_ctx_from_facts(&fx, f, kb, dx->findings.arena);
    for (i = 0; i < dx->n_verdicts; i++) {
        const struct verdict *v = &dx->verdicts[i];
        const char *fwcuda = v->fw->cuda;
        for (j = 0; j < v->n_needs; j++) {
            const struct need *n = &v->needs[j];
            const struct module_file *m;
            const struct module_file *better;
            struct finding *fd;
            if (!n->resolved_path || !n->step || strcmp(n->step, "ld_library_path") ||
                (m = module_for(f, n->resolved_path)) == NULL)
                continue;
            /* The same soname from an older CUDA of that major lacks what the
             * build links (undefined symbols); a newer minor is compatible. */
            if (!fwcuda || !m->version ||
                ver_cmp_dotted(fw_mm(dx->findings.arena, m->version), fw_mm(dx->findings.arena, fwcuda)) >= 0)
                continue;
            fd = findings_add(&dx->findings, "GD131", SEV_WARNING, "%s loads %s from the loaded module %s (CUDA "
                              "%s), not the CUDA %s it was built for", v->subject, n->library, m->name,
                              m->version ? m->version : "?", fwcuda ? fwcuda : "?");
            fd->subject = v->subject;
            finding_evidence(&dx->findings, fd, m->path, "loaded (_LMFILES_); it puts %s first on LD_LIBRARY_PATH",
                             m->libdir ? m->libdir : m->prefix ? m->prefix : "its libraries");
            finding_evidence(&dx->findings, fd, n->resolved_path, "%s found through %s", n->library, n->step);
            better = fwcuda ? module_facts_find(&f->modules, "cuda", fwcuda) : NULL;
            fixes_module_swap(&fx, &dx->findings, fd, m->name, better && better != m ? better->name : NULL);
            break;
        }
    }
}
