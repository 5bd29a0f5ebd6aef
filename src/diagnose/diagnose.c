#include "diagnose/diagnose.h"

#include <stdlib.h>
#include <string.h>

#include "diagnose/rules_macos.h"
#include "kb/kb.h"
#include "util/alloc.h"
#include "util/banned.h"

const char *check_status_name(enum check_status s)
{
    switch (s) {
    case CHECK_PASSED: return "passed";
    case CHECK_FAILED: return "failed";
    case CHECK_NOT_APPLICABLE: return "not applicable";
    default: return "unknown";
    }
}

static void check(struct diagnosis *dx, struct arena *a, const char *step, enum check_status st,
                  const char *detail)
{
    ALLOC_GROW(dx->checklist, dx->n_checklist + 1, dx->alloc_checklist);
    dx->checklist[dx->n_checklist].step = step;
    dx->checklist[dx->n_checklist].status = st;
    dx->checklist[dx->n_checklist].detail = arena_strdup(a, detail);
    dx->n_checklist++;
}

static int has_kind(const struct findings *fl, const char *kind, enum severity min)
{
    size_t i;
    for (i = 0; i < fl->nr; i++)
        if (!strcmp(fl->v[i].kind, kind) && fl->v[i].severity >= min)
            return 1;
    return 0;
}

static int has_code(const struct verdict *v, const char *const *codes)
{
    size_t i;
    const char *const *c;
    for (i = 0; i < v->n_codes; i++)
        for (c = codes; *c; c++)
            if (!strcmp(v->codes[i], *c))
                return 1;
    return 0;
}

/* The steps a person walks by hand, per framework install.  drv_known: the
 * driver's version (so its CUDA ceiling) is known; arch_known: some GPU's
 * compute capability is.  A step nothing could check is unknown, not
 * passed. */
static void framework_checklist(struct diagnosis *dx, struct arena *a, const struct verdict *v,
                                int drv_known, int arch_known)
{
    static const char *const build[] = { "GD211", "GD212", "GD213", "GD214", NULL };
    static const char *const libs[] = { "GD201", "GD202", "GD203", "GD204", "GD205", "GD206", "GD207", NULL };
    static const char *const drv[] = { "GD208", NULL };
    static const char *const arch[] = { "GD209", NULL };
    const char *fw = v->subject;
    size_t i, found = 0;
    int cpu = has_code(v, build);

    for (i = 0; i < v->n_needs; i++)
        found += v->needs[i].resolved_path != NULL;
    check(dx, a, arena_printf(a, "%s: a GPU build", fw), cpu ? CHECK_FAILED : CHECK_PASSED,
          v->fw->cuda ? arena_printf(a, "built for CUDA %s%s%s", v->fw->cuda, v->fw->cudnn ? ", cuDNN " : "",
                                     v->fw->cudnn ? v->fw->cudnn : "") : "");
    if (cpu)
        return;
    /* Passed only when every library was found: a Windows install's missing
     * DLLs are GD6xx findings, not libs[], and "2 of 8 found" is no pass. */
    check(dx, a, arena_printf(a, "%s: its CUDA libraries on the loader path", fw),
          has_code(v, libs) ? CHECK_FAILED : !v->n_needs ? CHECK_UNKNOWN
          : found == v->n_needs ? CHECK_PASSED : v->gpu == GPU_NO ? CHECK_FAILED : CHECK_UNKNOWN,
          arena_printf(a, "%zu of %zu found", found, v->n_needs));
    check(dx, a, arena_printf(a, "%s: the driver supports its CUDA", fw),
          has_code(v, drv) ? CHECK_FAILED : v->gpu == GPU_UNKNOWN || !drv_known ? CHECK_UNKNOWN : CHECK_PASSED,
          drv_known ? "" : "the driver's version is not known");
    check(dx, a, arena_printf(a, "%s: the GPU's architecture is compiled in", fw),
          has_code(v, arch) ? CHECK_FAILED : v->gpu == GPU_UNKNOWN || !arch_known ? CHECK_UNKNOWN : CHECK_PASSED,
          arch_known ? "" : "no GPU's compute capability is known");
}

/* macOS: Apple's GPU through Metal; no NVIDIA steps. */
static void macos_checklist(const struct facts *f, struct diagnosis *dx, struct arena *a)
{
    const struct macos_facts *m = &f->macos;
    size_t i;
    check(dx, a, "macOS release", m->version ? CHECK_PASSED : CHECK_UNKNOWN,
          m->version ? arena_printf(a, "%s %s (%s)", m->product ? m->product : "macOS", m->version, m->version_source)
                     : "no readable SystemVersion.plist");
    check(dx, a, "Apple Silicon", !m->cpu ? CHECK_UNKNOWN : !strcmp(m->cpu, "arm64") ? CHECK_PASSED : CHECK_FAILED,
          m->cpu_evidence ? m->cpu_evidence : "the files do not tell");
    check(dx, a, "NVIDIA driver and CUDA", CHECK_NOT_APPLICABLE, "macOS has no CUDA; the GPU path is Metal");
    for (i = 0; i < dx->n_verdicts; i++) {
        const struct verdict *v = &dx->verdicts[i];
        check(dx, a, arena_printf(a, "%s: its Metal path", v->subject),
              v->gpu == GPU_YES ? CHECK_PASSED : v->gpu == GPU_NO ? CHECK_FAILED : CHECK_UNKNOWN,
              v->reason ? v->reason : "");
    }
}

/* The machine-level checklist; per-framework steps follow from the
 * verdicts. */
static void machine_checklist(const struct facts *f, struct diagnosis *dx, struct arena *a)
{
    const struct findings *fl = &dx->findings;
    const struct kmod_file *core;
    const char *drv = facts_driver_version(f);
    const char *cvd = facts_env(f, "CUDA_VISIBLE_DEVICES");
    size_t i, n_fw = 0;
    int arch_known = 0;

    if (rules_is_macos(f)) {
        macos_checklist(f, dx, a);
        return;
    }

    if (f->n_gpus)
        check(dx, a, "NVIDIA GPU present", CHECK_PASSED,
              arena_printf(a, "%zu on the PCI bus", f->n_gpus));
    else if (f->tegra.present && (f->tegra.soc || f->tegra.model))
        check(dx, a, "NVIDIA GPU present", CHECK_PASSED,
              arena_printf(a, "integrated in %s (Jetson; the device tree)",
                           f->tegra.model ? f->tegra.model : f->tegra.soc));
    else if (f->system.wsl == 2)
        check(dx, a, "NVIDIA GPU present", CHECK_UNKNOWN, "WSL2 shows no PCI devices; run 'gpudoctor probe'");
    else if (has_kind(fl, "no_gpu", SEV_ERROR))
        check(dx, a, "NVIDIA GPU present", CHECK_FAILED, "no NVIDIA device in /sys/bus/pci/devices");
    else
        check(dx, a, "NVIDIA GPU present", CHECK_UNKNOWN, "the PCI bus could not be read");

    if (has_kind(fl, "no_driver", SEV_ERROR) || has_kind(fl, "nouveau_loaded", SEV_ERROR))
        check(dx, a, "NVIDIA driver loaded", CHECK_FAILED, drv ? arena_printf(a, "%s installed, not loaded", drv) : "none found");
    else if (f->driver.kmod_version)
        check(dx, a, "NVIDIA driver loaded", CHECK_PASSED,
              arena_printf(a, "%s (%s)", f->driver.kmod_version, f->driver.kmod_source));
    else if (f->system.wsl == 2 && f->driver.wsl_libcuda)
        check(dx, a, "NVIDIA driver loaded", CHECK_PASSED, "the Windows driver, mapped into /usr/lib/wsl/lib");
    else if (f->tegra.present)
        /* A Jetson's GPU driver is the L4T kernel's nvgpu, not nvidia.ko:
         * whether it is loaded is not read here; its CUDA driver is a file. */
        check(dx, a, "NVIDIA driver loaded", f->tegra.libcuda ? CHECK_UNKNOWN : CHECK_FAILED,
              f->tegra.libcuda
                  ? arena_printf(a, "Jetson: L4T's nvgpu (not read here); CUDA driver %s%s", f->tegra.libcuda,
                                 f->tegra.libcuda_on_path ? "" : ", not on the loader path")
                  : "Jetson without L4T's CUDA driver (tegra/libcuda.so.1, package nvidia-l4t-cuda)");
    else
        check(dx, a, "NVIDIA driver loaded", drv ? CHECK_UNKNOWN : CHECK_FAILED,
              drv ? arena_printf(a, "user-space %s installed; the kernel side could not be read", drv) : "none found");

    /* The module not loaded: whether its file fits the running kernel (a
     * compressed module's .modinfo is read from inside its stream; unknown
     * when the stream is broken or this build has no decoder for it). */
    if ((core = rules_kmod_core(f)) != NULL) {
        const char *step = "the nvidia module is built for the running kernel";
        const char *rel = core->vermagic ? arena_strndup(a, core->vermagic, strcspn(core->vermagic, " ")) : NULL;
        if (findings_find(fl, "GD121") || findings_find(fl, "GD122") || findings_find(fl, "GD123"))
            check(dx, a, step, CHECK_FAILED, "see the findings");
        else if (rel)
            check(dx, a, step, strcmp(rel, f->node.kmods.running) ? CHECK_FAILED : CHECK_PASSED,
                  arena_printf(a, "%s: vermagic %s", core->path, rel));
        else
            check(dx, a, step, CHECK_UNKNOWN,
                  core->compression ? arena_printf(a, "%s is %s-compressed and its vermagic and signature were not read: %s",
                                                   core->path, core->compression,
                                                   core->error ? core->error : "no vermagic in its .modinfo")
                                    : arena_printf(a, "%s: no vermagic read%s%s", core->path,
                                                   core->error ? ": " : "", core->error ? core->error : ""));
    }

    if (has_kind(fl, "driver_library_mismatch", SEV_ERROR))
        check(dx, a, "driver libraries match the kernel module", CHECK_FAILED, "see the findings");
    else if (has_kind(fl, "driver_component_mismatch", SEV_WARNING))
        check(dx, a, "driver libraries match the kernel module", CHECK_FAILED,
              "libcuda matches; another component does not (see the findings)");
    else if (f->driver.kmod_version && f->driver.n_libs)
        check(dx, a, "driver libraries match the kernel module", CHECK_PASSED, f->driver.kmod_version);
    else
        check(dx, a, "driver libraries match the kernel module", CHECK_NOT_APPLICABLE, "");

    if (f->driver.cuda_max)
        check(dx, a, "driver's CUDA ceiling", CHECK_PASSED,
              arena_printf(a, "CUDA %s and older", f->driver.cuda_max));
    else
        check(dx, a, "driver's CUDA ceiling", drv ? CHECK_UNKNOWN : CHECK_NOT_APPLICABLE,
              drv ? arena_printf(a, "driver %s is not in the knowledge base", drv) : "");

    if (has_kind(fl, "env_hides_gpu", SEV_ERROR))
        check(dx, a, "GPU not hidden by the environment", CHECK_FAILED,
              cvd ? arena_printf(a, "CUDA_VISIBLE_DEVICES=%s", cvd) : "see the findings");
    else
        check(dx, a, "GPU not hidden by the environment", CHECK_PASSED,
              cvd ? arena_printf(a, "CUDA_VISIBLE_DEVICES=%s", cvd) : "CUDA_VISIBLE_DEVICES unset");

    if (has_kind(fl, "device_permissions", SEV_ERROR))
        check(dx, a, "device nodes accessible", CHECK_FAILED, "see the findings");
    else if (f->driver.kmod_version)
        check(dx, a, "device nodes accessible", CHECK_PASSED, "/dev/nvidiactl");
    else
        check(dx, a, "device nodes accessible", CHECK_NOT_APPLICABLE, "");

    if (f->n_cuda)
        check(dx, a, "CUDA toolkit or runtime installed", CHECK_PASSED,
              arena_printf(a, "%zu install(s); pip wheels bring their own", f->n_cuda));
    else
        check(dx, a, "CUDA toolkit or runtime installed", CHECK_UNKNOWN,
              "none found outside the frameworks (pip wheels can bring their own)");

    for (i = 0; i < f->n_pyenvs; i++)
        n_fw += f->pyenvs[i].n_frameworks;
    if (!n_fw)
        check(dx, a, "framework builds found", CHECK_NOT_APPLICABLE,
              "no deep-learning framework in any Python environment found");
    for (i = 0; i < f->n_gpus; i++)
        arch_known |= f->gpus[i].compute_capability != NULL;
    arch_known |= f->tegra.gpu_cc != NULL;
    for (i = 0; i < dx->n_verdicts; i++)
        framework_checklist(dx, a, &dx->verdicts[i], drv != NULL || f->driver.cuda_max != NULL, arch_known);
}

void diagnose_run(const struct facts *facts, const struct kb *kb, struct lookup *lk,
                  struct diagnosis *dx, struct arena *arena)
{
    memset(dx, 0, sizeof(*dx));
    findings_init(&dx->findings, arena);
    rules_scan(facts, &dx->findings);
    rules_driver(facts, kb, &dx->findings);
    rules_sched(facts, kb, &dx->findings);
    rules_env(facts, &dx->findings);
    rules_cuda(facts, &dx->findings);
    rules_dpkg(facts, kb, &dx->findings);
    rules_windows_machine(facts, kb, &dx->findings);
    rules_macos_machine(facts, &dx->findings);
    rules_container(facts, kb, &dx->findings);
    rules_frameworks(facts, kb, lk, dx, arena);
    rules_sched_modules(facts, kb, dx);
    rules_ext(facts, kb, lk, dx);
    rules_interp(facts, kb, dx, arena);
    rules_container_fold(facts, dx, arena);
    findings_sort(&dx->findings);
    machine_checklist(facts, dx, arena);
}

/* 1 when fd is one of the findings verdict vd names. */
static int about(const struct verdict *vd, const struct finding *fd)
{
    size_t i;
    if (!fd->subject || !vd->subject || strcmp(fd->subject, vd->subject))
        return 0;
    for (i = 0; i < vd->n_codes; i++)
        if (!strcmp(vd->codes[i], fd->code))
            return 1;
    return 0;
}

const struct finding *diagnosis_next_step(const struct diagnosis *dx, const struct verdict **v)
{
    const struct findings *fl = &dx->findings;
    const struct verdict *vno = NULL;
    size_t i;
    int sev;

    *v = NULL;
    for (i = 0; i < fl->nr; i++)
        if (fl->v[i].severity == SEV_ERROR && !fl->v[i].subject && fl->v[i].n_fixes)
            return &fl->v[i];
    for (i = 0; i < dx->n_verdicts && !vno; i++)
        if (dx->verdicts[i].gpu == GPU_NO)
            vno = &dx->verdicts[i];
    if (vno) {
        *v = vno;
        for (sev = SEV_ERROR; sev >= SEV_INFO; sev--)
            for (i = 0; i < fl->nr; i++)
                if ((int)fl->v[i].severity == sev && fl->v[i].n_fixes && about(vno, &fl->v[i]))
                    return &fl->v[i];
    }
    for (sev = SEV_ERROR; sev >= SEV_INFO; sev--)
        for (i = 0; i < fl->nr; i++)
            if ((int)fl->v[i].severity == sev && fl->v[i].n_fixes &&
                (sev != SEV_INFO || !strcmp(fl->v[i].code, "GD217")) && (!vno || !fl->v[i].subject))
                return &fl->v[i];
    return NULL;
}

const char *gpu_verdict_name(enum gpu_verdict v)
{
    return v == GPU_YES ? "yes" : v == GPU_NO ? "no" : "unknown";
}

void diagnosis_release(struct diagnosis *dx)
{
    size_t i;
    findings_release(&dx->findings);
    free(dx->checklist);
    for (i = 0; i < dx->n_verdicts; i++) {
        free(dx->verdicts[i].needs);
        free(dx->verdicts[i].codes);
    }
    free(dx->verdicts);
    memset(dx, 0, sizeof(*dx));
}
