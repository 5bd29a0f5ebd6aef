/*
 * rules_container.c - check --image: does the container start with its
 * GPUs on that host, and what stands in the way (GD8xx,
 * codes_image.c).  The facts come from image/ctk.c's model of the NVIDIA
 * Container Toolkit; the framework judges then see the container as a
 * machine, and rules_container_fold() makes the start's root cause the
 * one error that machine-level symptoms (no driver, no device node) are
 * evidence of.
 */
#include "diagnose/diagnose.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fixes.h"
#include "diagnose/fixes_container.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kb/kb.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

static int has_cap(const struct container_facts *c, const char *cap)
{
    const char *p = c->capabilities;
    size_t n = strlen(cap);
    while (p && *p) {
        if (!strncmp(p, cap, n) && (p[n] == ',' || !p[n]))
            return 1;
        p = strchr(p, ',');
        if (p)
            p++;
    }
    return 0;
}

static const struct ctk_requirement *failed_req(const struct container_facts *c)
{
    size_t i;
    for (i = 0; i < c->n_reqs; i++)
        if (c->reqs[i].result == 0)
            return &c->reqs[i];
    return NULL;
}

static void host_evidence(const struct facts *f, struct findings *out, struct finding *fd)
{
    const struct container_facts *c = &f->container;
    finding_evidence(out, fd, NULL, "image %s%s%s, judged against %s%s%s%s", c->ref,
                     c->manifest_digest ? " " : "", c->manifest_digest ? c->manifest_digest : "", c->host,
                     c->host_name ? " (" : "", c->host_name ? c->host_name : "", c->host_name ? ")" : "");
}

static void rule_no_runtime(const struct facts *f, struct findings *out)
{
    const struct container_facts *c = &f->container;
    const struct ctk_facts *k = &f->ctk;
    struct finding *fd;
    size_t i;

    if (c->runtime_path)
        return;
    if (!k->scanned) {
        fd = findings_add(out, "GD809", SEV_INFO, "the host's NVIDIA Container Toolkit is not in its facts: "
                          "whether the container gets a GPU is unknown");
        host_evidence(f, out, fd);
        fixes_run(NULL, out, fd, FIX_TOOL_FACTS_TO_FILE, "On the node: record its facts with this gpudoctor, then "
                  "judge the image against them", "node.json", NULL);
        return;
    }
    fd = findings_add(out, "GD801", SEV_ERROR, "the host has no NVIDIA Container Toolkit: a container started "
                      "there gets no GPU");
    host_evidence(f, out, fd);
    finding_evidence(out, fd, "/usr/bin/nvidia-container-runtime-hook", k->cli ? "absent (nvidia-container-cli is "
                     "there)" : "absent, and so is nvidia-container-cli");
    if (!k->n_cdi)
        finding_evidence(out, fd, "/etc/cdi", "no CDI spec (nor in /var/run/cdi)");
    for (i = 0; i < k->n_cdi; i++)
        finding_evidence(out, fd, k->cdi[i].path, "%s", k->cdi[i].problem ? k->cdi[i].problem
                         : k->cdi[i].kind ? arena_printf(out->arena, "kind %s, %zu device(s)", k->cdi[i].kind,
                                                         k->cdi[i].n_devices)
                                          : "no kind");
    finding_evidence(out, fd, NULL, "docker run --gpus all fails: could not select device driver \"\" with "
                     "capabilities: [[gpu]]");
    fixes_ctk_install(f, out, fd);
}

static void rule_refused(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const struct container_facts *c = &f->container;
    const struct ctk_requirement *r = failed_req(c);
    struct finding *fd;

    if (!c->refused)
        return;
    if (r && str_starts(c->refused, "requirement error")) {
        const char *host_cuda = NULL, *src = NULL, *need = NULL;
        char want[64] = "";
        if (f->driver.kmod_version)
            kb_driver_cuda_max(kb, f->driver.kmod_version, &host_cuda, &src);
        /* The CUDA the requirement names, for the driver it needs. */
        if (r->failed && str_starts(r->failed, "cuda>="))
            snprintf(want, sizeof(want), "%s", r->failed + 6);
        if (want[0])
            kb_cuda_min_driver(kb, want, "linux", &need, &src);
        fd = findings_add(out, "GD802", SEV_ERROR,
                          "the NVIDIA runtime refuses to start the container: %s=%s is not met by the host's "
                          "driver %s%s%s%s", r->var, r->expr, f->driver.kmod_version ? f->driver.kmod_version : "",
                          host_cuda ? " (CUDA " : "", host_cuda ? host_cuda : "", host_cuda ? ")" : "");
        host_evidence(f, out, fd);
        finding_evidence(out, fd, NULL, "%s=%s in the image's environment; %s fails", r->var, r->expr,
                         r->failed ? r->failed : "it");
        if (f->driver.kmod_source)
            finding_evidence(out, fd, f->driver.kmod_source, "host driver %s", f->driver.kmod_version);
        finding_evidence(out, fd, NULL, "nvidia-container-cli: %s", c->refused);
        {
            struct fix_ctx fx;
            fix_ctx_from_facts(&fx, f, kb, out->arena);
            fixes_driver_upgrade(&fx, out, fd, need, want[0] ? arena_printf(out->arena, "the image requires "
                                                                            "CUDA %s", want) : NULL);
        }
        fixes_image_base(out, fd, host_cuda);
        if (c->n_compat_libs)
            fixes_advice(out, fd, FIX_RANK_NONE, "The image carries CUDA forward-compatibility libraries: on a "
                         "data-centre GPU, NVIDIA_DISABLE_REQUIRE=1 lets it start and use them (not on GeForce or "
                         "TITAN: CUDA error 804)");
        return;
    }
    if (str_starts(c->refused, "initialization error")) {
        struct fix_ctx fx;
        fd = findings_add(out, "GD805", SEV_ERROR, "the NVIDIA runtime cannot use the host's driver: %s",
                          c->refused);
        host_evidence(f, out, fd);
        finding_evidence(out, fd, f->driver.kmod_source ? f->driver.kmod_source : "/proc/driver/nvidia/version",
                         "%s", f->driver.kmod_version ? arena_printf(out->arena, "kernel module %s",
                                                                    f->driver.kmod_version)
                                                      : "absent: the nvidia module is not loaded on the host");
        fix_ctx_from_facts(&fx, f, kb, out->arena);
        if (strstr(c->refused, "mismatch"))
            fixes_run(&fx, out, fd, FIX_TOOL_REBOOT, "On the host: reboot, so that the kernel module and the "
                      "user-space driver are the same version", NULL, NULL);
        else
            fixes_driver_install(&fx, out, fd);
        return;
    }
    fd = findings_add(out, "GD804", SEV_ERROR, "the NVIDIA runtime fails to start the container: %s", c->refused);
    host_evidence(f, out, fd);
    if (c->caps_source)
        finding_evidence(out, fd, NULL, "%s", c->caps_source);
    if (c->visible_source)
        finding_evidence(out, fd, NULL, "%s", c->visible_source);
    if (strstr(c->refused, "unsupported capabilities"))
        fixes_image_env(out, fd, "NVIDIA_DRIVER_CAPABILITIES", "compute,utility",
                        "Name only capabilities the toolkit knows (compute, compat32, graphics, utility, video, "
                        "display, ngx, or all)");
    else if (strstr(c->refused, "unknown device"))
        fixes_container_start(NULL, out, fd, "Request GPUs that exist on the host (nvidia-smi -L lists them there)",
                              FIX_CTR_GPUS_IMAGE);
    else if (strstr(c->refused, "--runtime=nvidia"))
        fixes_container_start(NULL, out, fd, "The host's toolkit runs in CDI/CSV mode: start the container through "
                              "the NVIDIA runtime", FIX_CTR_RUNTIME_NVIDIA);
}

static void rule_started(const struct facts *f, struct findings *out)
{
    const struct container_facts *c = &f->container;
    struct finding *fd;
    size_t i;

    if (!c->runtime_path || c->refused || c->gpu_container != 1)
        return;
    if (!has_cap(c, "compute") && !has_cap(c, "video")) {
        fd = findings_add(out, "GD803", SEV_ERROR, "NVIDIA_DRIVER_CAPABILITIES grants %s but not compute: the "
                          "runtime mounts no libcuda, so CUDA finds no driver", *c->capabilities ? c->capabilities
                                                                                                   : "nothing");
        host_evidence(f, out, fd);
        finding_evidence(out, fd, NULL, "%s", c->caps_source);
        fixes_image_env(out, fd, "NVIDIA_DRIVER_CAPABILITIES", "compute,utility",
                        "Grant compute (and utility, for nvidia-smi)");
    }
    if (c->compat_used == 1 && c->compat_gpu_ok != 1) {
        fd = findings_add(out, "GD806", c->compat_gpu_ok == 0 ? SEV_ERROR : SEV_WARNING,
                          c->compat_gpu_ok == 0
                              ? "the image's forward-compatibility libcuda %s is used, but this GPU does not "
                                "support CUDA forward compatibility: CUDA fails with error 804"
                              : "the image's forward-compatibility libcuda %s is used: it works on data-centre "
                                "GPUs only, and this GPU's kind cannot be told from its name",
                          c->compat_version ? c->compat_version : "");
        host_evidence(f, out, fd);
        for (i = 0; i < c->n_compat_libs; i++)
            finding_evidence(out, fd, c->compat_libs[i], "in the image (/usr/local/cuda/compat)");
        finding_evidence(out, fd, NULL, "cuda-compat-mode %s: %s", c->compat_mode, c->compat_reason);
        for (i = 0; i < f->n_gpus; i++)
            finding_evidence(out, fd, f->gpus[i].name_source, "GPU %s", f->gpus[i].name ? f->gpus[i].name : "?");
        fixes_image_drop_compat(out, fd);
        fixes_advice(out, fd, FIX_RANK_DRIVER, "Or on the host: upgrade the driver to one that runs this CUDA natively");
    }
    if (c->image_driver) {
        int loaded = 0;
        for (i = 0; i < f->driver.n_libs; i++)
            if (f->driver.libs[i].loaded && !f->driver.libs[i].origin &&
                !strcmp(f->driver.libs[i].path, c->image_driver))
                loaded = 1;
        fd = findings_add(out, "GD807", loaded ? SEV_ERROR : SEV_WARNING,
                          loaded ? "the image ships its own NVIDIA driver library %s, which a program loads "
                                   "instead of the host's: it must match the host's kernel module"
                                 : "the image ships its own NVIDIA driver library %s (the host's is mounted and "
                                   "used; the image's copy can only get in the way)",
                          c->image_driver);
        host_evidence(f, out, fd);
        finding_evidence(out, fd, c->image_driver, "in the image");
        if (f->driver.kmod_version)
            finding_evidence(out, fd, f->driver.kmod_source, "host kernel module %s", f->driver.kmod_version);
        fixes_image_no_driver(out, fd);
    }
    if (c->started == -1) {
        fd = findings_add(out, "GD809", SEV_INFO, "whether the NVIDIA runtime starts this container on this host "
                          "cannot be told from the facts");
        host_evidence(f, out, fd);
        for (i = 0; i < c->n_reqs; i++)
            if (c->reqs[i].result < 0)
                finding_evidence(out, fd, NULL, "%s=%s: %s cannot be evaluated (the GPU's NVML brand is not "
                                 "read from files)", c->reqs[i].var, c->reqs[i].expr,
                                 c->reqs[i].unknown ? c->reqs[i].unknown : "a term");
        fixes_run(NULL, out, fd, FIX_TOOL_SMI_BRAND, NULL, NULL, NULL);
    }
}

/* Engines on the host that know nothing of the NVIDIA runtime. */
static void rule_wiring(const struct facts *f, struct findings *out)
{
    const struct container_facts *c = &f->container;
    const struct ctk_facts *k = &f->ctk;
    struct finding *fd;

    if (!c->runtime_path || !k->containerd_config || k->containerd_runtime == 1 || k->containerd_cdi == 1)
        return;
    fd = findings_add(out, "GD808", SEV_WARNING, "containerd on the host is not configured with the NVIDIA "
                      "runtime: Kubernetes pods there get no GPU (docker run --gpus still works)");
    host_evidence(f, out, fd);
    finding_evidence(out, fd, k->containerd_config, "no runtime with BinaryName nvidia-container-runtime, CDI "
                     "not enabled");
    fixes_ctk_configure(f, out, fd, "containerd");
}

void rules_container(const struct facts *f, const struct kb *kb, struct findings *out)
{
    if (!f->container.present)
        return;
    rule_no_runtime(f, out);
    rule_refused(f, kb, out);
    rule_started(f, out);
    rule_wiring(f, out);
}

/* A machine finding that a container-level cause explains. */
static int symptom(const char *code)
{
    static const char *const s[] = { "GD101", "GD102", "GD103", "GD105", "GD111", "GD114", "GD117", "GD132", NULL };
    size_t i;
    for (i = 0; s[i]; i++)
        if (!strcmp(code, s[i]))
            return 1;
    return 0;
}

void rules_container_fold(const struct facts *f, struct diagnosis *dx, struct arena *a)
{
    const struct container_facts *c = &f->container;
    struct findings *fl = &dx->findings;
    struct finding *root = NULL;
    size_t i, j, n;
    int blocked;

    if (!c->present)
        return;
    fixes_container_sides(fl);
    for (i = 0; i < fl->nr && !root; i++)
        if (fl->v[i].severity == SEV_ERROR &&
            (str_starts(fl->v[i].code, "GD80") || !strcmp(fl->v[i].code, "GD108")))
            root = &fl->v[i];
    if (!root)
        return;
    /* The start's cause is the one error; the machine's symptoms are its evidence. */
    for (i = 0, n = 0; i < fl->nr; i++) {
        struct finding *fd = &fl->v[i];
        if (fd != root && !fd->subject && symptom(fd->code)) {
            finding_evidence(fl, root, NULL, "in the container: %s (%s)", fd->title, fd->code);
            free(fd->evidence);
            free(fd->fixes);
            continue;
        }
        if (root == fd)
            root = &fl->v[n];
        if (n != i)
            fl->v[n] = *fd;
        n++;
    }
    fl->nr = n;
    blocked = !c->runtime_path || c->started == 0 || c->gpu_container == 0 ||
              (!has_cap(c, "compute") && !has_cap(c, "video")) || (c->compat_used == 1 && c->compat_gpu_ok == 0);
    if (!blocked)
        return;
    for (i = 0; i < dx->n_verdicts; i++) {
        struct verdict *v = &dx->verdicts[i];
        int seen = 0;
        v->gpu = GPU_NO;
        v->reason = arena_printf(a, "in the container: %s (%s)", root->title, root->code);
        for (j = 0; j < v->n_codes; j++)
            seen |= !strcmp(v->codes[j], root->code);
        if (!seen) {
            ALLOC_GROW(v->codes, v->n_codes + 1, v->alloc_codes);
            v->codes[v->n_codes++] = root->code;
        }
    }
}
