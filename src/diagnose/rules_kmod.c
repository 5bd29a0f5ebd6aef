/*
 * rules_kmod.c - why the nvidia kernel module is not loaded, from the
 * files scan/kmod.c read (the "NVIDIA-SMI has failed because it couldn't
 * communicate with the NVIDIA driver" machine): the running kernel's
 * modules gone (upgraded since boot), DKMS without a build for this kernel
 * (its headers missing, its build failed), a module installed only for
 * another kernel, built for another kernel (vermagic), unknown to depmod,
 * unsigned under Secure Boot; and, on any machine, a next boot whose kernel
 * has no nvidia module.  Where the fix is to reboot into the newest kernel
 * (GD121, GD122), it is offered only if that kernel would load its module
 * (its vermagic names that kernel; signed when Secure Boot is on), else the
 * rebuild for the running kernel, with the reason as evidence.  Each cause
 * is one error finding of kind no_driver
 * (so GD101 is not raised beside it); commands come from the fix engine
 * (diagnose/fixes_node.c).
 */
#include "diagnose/diagnose.h"
#include "diagnose/fixes_node.h"

#include <string.h>

#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

static const struct kmod_file *core_for(const struct node_kmods *k, const char *kernel)
{
    size_t i;
    for (i = 0; i < k->n_files; i++)
        if (!strcmp(k->files[i].kernel, kernel) && node_kmod_is_core(&k->files[i]))
            return &k->files[i];
    return NULL;
}

/* The kernel release a vermagic names (its first word: "6.1.0-40-amd64 SMP
 * preempt mod_unload modversions"). */
static const char *vermagic_release(struct arena *arena, const char *vermagic)
{
    return arena_strndup(arena, vermagic, strcspn(vermagic, " "));
}

/* Would kernel load its core module m, as far as the files tell?  0 with
 * *why set when they say it would not (built for another kernel: the
 * kernel's "version magic ... should be ..."; unsigned under Secure Boot:
 * "Key was rejected by service"), 1 otherwise (unread fields do not count
 * against it). */
static int loads_on(const struct node_kmods *k, const struct kmod_file *m, const char *kernel,
                    struct arena *arena, const char **why)
{
    if (m->vermagic && strcmp(vermagic_release(arena, m->vermagic), kernel)) {
        *why = arena_printf(arena, "vermagic %s: built for kernel %s, not %s", m->vermagic,
                            vermagic_release(arena, m->vermagic), kernel);
        return 0;
    }
    if (k->secure_boot == 1 && m->is_signed == 0) {
        *why = arena_printf(arena, "not signed, and Secure Boot is on: kernel %s would refuse it", kernel);
        return 0;
    }
    return 1;
}

static const struct dkms_build *build_for(const struct node_kmods *k, const struct dkms_version *v,
                                          const char *kernel)
{
    size_t i;
    for (i = 0; i < k->n_builds; i++)
        if (!strcmp(k->builds[i].module, v->module) && !strcmp(k->builds[i].version, v->version) &&
            !strcmp(k->builds[i].kernel, kernel))
            return &k->builds[i];
    return NULL;
}

static void evidence_kernels(struct findings *out, struct finding *fd, const struct node_kmods *k)
{
    struct strbuf sb = STRBUF_INIT;
    size_t i;
    for (i = 0; i < k->n_kernels; i++)
        strbuf_addf(&sb, "%s%s", i ? ", " : "", k->kernels[i]);
    finding_evidence(out, fd, "/lib/modules", "installed kernels: %s", sb.len ? sb.buf : "none");
    strbuf_release(&sb);
}

/* DKMS has this version but no installed build for kernel: GD121 (or, for
 * the next boot, GD126).  1 when it said so. */
static int dkms_missing(const struct facts *f, const struct fix_ctx *fx, struct findings *out,
                        const char *kernel, int next_boot)
{
    const struct node_kmods *k = &f->node.kmods;
    size_t i;
    for (i = 0; i < k->n_dkms; i++) {
        const struct dkms_version *v = &k->dkms[i];
        const struct dkms_build *b = build_for(k, v, kernel), *nb;
        const struct kmod_file *nm;
        const char *why = NULL;
        int headers = next_boot ? k->newest_headers : k->running_headers;
        struct finding *fd;
        if (b && b->built && b->installed)
            continue;
        fd = findings_add(out, next_boot ? "GD126" : "GD121", next_boot ? SEV_WARNING : SEV_ERROR,
                          "%s: DKMS has %s %s but %s for kernel %s%s", next_boot ? "the next boot" : "no nvidia module",
                          v->module, v->version, b && b->built ? "has not installed it" : "has not built it", kernel,
                          headers == 0 ? " (its headers are not installed)"
                          : v->failed_log && !b ? " (its build failed)" : "");
        finding_evidence(out, fd, arena_printf(out->arena, "/var/lib/dkms/%s/%s", v->module, v->version),
                         "DKMS %s/%s: %s for %s", v->module, v->version,
                         !b ? "no build" : !b->built ? "no built module" : "built, not installed", kernel);
        if (headers == 0)
            finding_evidence(out, fd, arena_printf(out->arena, "/lib/modules/%s/build", kernel),
                             "absent or dangling: the kernel headers DKMS builds against");
        if (v->failed_log)
            finding_evidence(out, fd, v->failed_log, "the log of a build that did not finish");
        if (next_boot)
            finding_evidence(out, fd, k->running_source, "running kernel %s; %s is newer", k->running, kernel);
        evidence_kernels(out, fd, k);
        /* No headers for the running kernel, but the newest installed one
         * has this module built and installed (a machine upgraded and not
         * rebooted, or booted into an old kernel): rebooting into it is the
         * whole fix; the old kernel's headers may not even be in the archive. */
        nb = !next_boot && headers == 0 && k->newest && strcmp(k->newest, kernel) ? build_for(k, v, k->newest) : NULL;
        nm = nb && nb->built && nb->installed ? core_for(k, k->newest) : NULL;
        if (nm && !loads_on(k, nm, k->newest, out->arena, &why)) {
            finding_evidence(out, fd, nm->path, "%s", why);
            nm = NULL;
        }
        if (nm) {
            finding_evidence(out, fd, nm->path, "kernel %s has %s %s, built and installed by DKMS",
                             k->newest, v->module, v->version);
            fixes_kmod_reboot_into(fx, out, fd, k->newest);
        } else {
            fixes_dkms_build(fx, out, fd, v->module, v->version, kernel, headers == 0, v->failed_log);
        }
        return 1;
    }
    return 0;
}

const struct kmod_file *rules_kmod_core(const struct facts *f)
{
    const struct node_kmods *k = &f->node.kmods;
    if (!k->scanned || !k->running || f->driver.kmod_version)
        return NULL;
    return core_for(k, k->running);
}

int rules_kmod_explain(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const struct node_kmods *k = &f->node.kmods;
    const struct kmod_file *core, *other = NULL;
    const char *why = NULL;
    struct finding *fd;
    struct fix_ctx fx;
    size_t i;
    int reboot;

    if (!k->scanned || !k->running || f->driver.kmod_version)
        return 0;
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    if (!k->n_kernels && k->running_dir != 1)
        return 0; /* no /lib/modules at all (a container, a bare tree): nothing to read */
    if (k->running_dir == 0) {
        fd = findings_add(out, "GD120", SEV_ERROR, "the running kernel %s has no modules: it was removed or "
                          "upgraded since boot, so its nvidia module cannot load", k->running);
        finding_evidence(out, fd, k->running_source, "running kernel %s", k->running);
        finding_evidence(out, fd, arena_printf(out->arena, "/lib/modules/%s", k->running), "absent");
        evidence_kernels(out, fd, k);
        fixes_kmod_reboot_into(&fx, out, fd, k->newest);
        return 1;
    }
    core = core_for(k, k->running);
    if (!core) {
        if (dkms_missing(f, &fx, out, k->running, 0))
            return 1;
        for (i = 0; i < k->n_files && !other; i++)
            if (strcmp(k->files[i].kernel, k->running) && node_kmod_is_core(&k->files[i]))
                other = &k->files[i];
        if (!other)
            return 0; /* not built for any kernel: GD101 says it */
        fd = findings_add(out, "GD122", SEV_ERROR, "the nvidia module is installed for kernel %s, not for the "
                          "running kernel %s", other->kernel, k->running);
        finding_evidence(out, fd, other->path, "%s", other->version ? arena_printf(out->arena, "nvidia %s", other->version)
                                                                    : "the nvidia module");
        finding_evidence(out, fd, k->running_source, "running kernel %s", k->running);
        evidence_kernels(out, fd, k);
        /* Rebooting into the kernel that has the module is the fix only if
         * that kernel would load it. */
        reboot = k->newest && !strcmp(other->kernel, k->newest);
        if (reboot && !loads_on(k, other, k->newest, out->arena, &why)) {
            finding_evidence(out, fd, other->path, "%s", why);
            reboot = 0;
        }
        if (reboot)
            fixes_kmod_reboot_into(&fx, out, fd, k->newest);
        else
            fixes_kmod_rebuild(&fx, out, fd, k->running);
        return 1;
    }
    if (core->vermagic) {
        const char *rel = vermagic_release(out->arena, core->vermagic);
        if (strcmp(rel, k->running)) {
            fd = findings_add(out, "GD123", SEV_ERROR, "the nvidia module for kernel %s was built for kernel %s "
                              "(\"version magic '%s' should be '%s ...'\")", k->running, rel, core->vermagic, k->running);
            finding_evidence(out, fd, core->path, "vermagic %s", core->vermagic);
            finding_evidence(out, fd, k->running_source, "running kernel %s", k->running);
            fixes_kmod_rebuild(&fx, out, fd, k->running);
            return 1;
        }
    }
    if (core->in_dep == 0) {
        fd = findings_add(out, "GD125", SEV_ERROR, "the nvidia module for kernel %s is not in modules.dep: depmod "
                          "has not run since it was installed, so modprobe does not find it", k->running);
        finding_evidence(out, fd, core->path, "installed");
        finding_evidence(out, fd, arena_printf(out->arena, "/lib/modules/%s/modules.dep", k->running),
                         "does not list it");
        fixes_depmod(&fx, out, fd, k->running);
        return 1;
    }
    if (k->secure_boot == 1 && core->is_signed == 0) {
        fd = findings_add(out, "GD124", SEV_ERROR, "Secure Boot is on and the nvidia module is not signed: the "
                          "kernel refuses it (\"Key was rejected by service\")");
        finding_evidence(out, fd, k->secure_boot_source, "SecureBoot = 1, not in setup mode, shim validation on");
        finding_evidence(out, fd, core->path, "no \"~Module signature appended~\" trailer");
        {
            const struct dkms_version *dv = k->n_dkms ? &k->dkms[0] : NULL;
            fixes_secure_boot(&fx, out, fd, dv ? dv->module : NULL, dv ? dv->version : NULL, k->running);
        }
        return 1;
    }
    return 0;
}

void rules_kmod_next_boot(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const struct node_kmods *k = &f->node.kmods;
    struct fix_ctx fx;

    if (!k->newest || !k->running || !strcmp(k->newest, k->running) || core_for(k, k->newest))
        return;
    /* Only for a driver that comes from DKMS (its records say what the
     * next kernel lacks); and only once the running kernel's side is fine
     * or unknown (else the error finding above says what to do now). */
    if (!k->n_dkms || (k->scanned && !f->driver.kmod_version && core_for(k, k->running) == NULL))
        return;
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    dkms_missing(f, &fx, out, k->newest, 1);
}
