/*
 * rules_env.c - environment variables that hide GPUs, and scan problems.
 */
#include "diagnose/diagnose.h"
#include "diagnose/fixes.h"
#include "diagnose/fixes_intent.h"

#include <stdlib.h>
#include <string.h>

#include "util/text.h"
#include "util/banned.h"

/*
 * CUDA_VISIBLE_DEVICES is a comma-separated list of indices or UUIDs
 * ("GPU-…", "MIG-…"); "the list ends at the first invalid entry: devices
 * named after it are not visible" (CUDA C Programming Guide, "CUDA
 * Environment Variables").  So "" and "-1" hide every device, "0,-1,1"
 * leaves device 0 only.  Indices at or beyond the device count are invalid.
 */
long cuda_visible_count(const char *value, long n_gpus)
{
    const char *p = value;
    long count = 0;
    int unknown = 0;

    if (!value)
        return n_gpus;
    for (;;) {
        size_t n = strcspn(p, ",");
        const char *s = p;
        size_t k = n;
        trim(&s, &k);
        if (k == 0)
            break;
        if (strspn(s, "0123456789") == k) {
            char buf[32];
            long idx;
            if (k >= sizeof(buf))
                break;
            memcpy(buf, s, k);
            buf[k] = '\0';
            idx = strtol(buf, NULL, 10);
            if (n_gpus >= 0 && idx >= n_gpus)
                break;
            if (n_gpus < 0)
                unknown = 1;
            count++;
        } else if ((k > 4 && !memcmp(s, "GPU-", 4)) || (k > 4 && !memcmp(s, "MIG-", 4))) {
            /* A UUID: valid only if it names a device; without the
             * driver's list we cannot tell. */
            unknown = 1;
            count++;
        } else {
            break;
        }
        if (!p[n])
            break;
        p += n + 1;
    }
    if (count == 0)
        return 0;
    return unknown ? -1 : count;
}

static void rule_cuda_visible(const struct facts *f, struct findings *out)
{
    const char *v = facts_env(f, "CUDA_VISIBLE_DEVICES");
    long n_gpus = f->n_gpus ? (long)f->n_gpus : -1;
    long vis;
    struct finding *fd;

    if (!v)
        return;
    vis = cuda_visible_count(v, n_gpus);
    if (vis != 0)
        return;
    fd = findings_add(out, "GD108", SEV_ERROR, "CUDA_VISIBLE_DEVICES=%s hides every GPU", v);
    finding_evidence(out, fd, NULL, "CUDA_VISIBLE_DEVICES=\"%s\" in the environment", v);
    if (f->n_gpus)
        finding_evidence(out, fd, "/sys/bus/pci/devices", "%zu NVIDIA GPU(s) present", f->n_gpus);
    fixes_visible_devices(NULL, out, fd);
}

static void rule_nvidia_visible(const struct facts *f, struct findings *out)
{
    const char *v = facts_env(f, "NVIDIA_VISIBLE_DEVICES");
    struct finding *fd;
    if (!v || (strcmp(v, "void") && strcmp(v, "none") && *v))
        return;
    fd = findings_add(out, "GD108", SEV_ERROR,
                      "NVIDIA_VISIBLE_DEVICES=%s: the container runtime gives this container no GPU", v);
    finding_evidence(out, fd, NULL, "NVIDIA_VISIBLE_DEVICES=\"%s\"", v);
    if (f->system.container)
        finding_evidence(out, fd, NULL, "running in a container (%s)", f->system.container_evidence);
    fixes_container_start(NULL, out, fd, "Start the container with GPUs", FIX_CTR_GPUS);
    fixes_advice(out, fd, FIX_RANK_NEW_ENV, "In Kubernetes, request nvidia.com/gpu in the pod's resources.limits");
}

void rules_env(const struct facts *f, struct findings *out)
{
    rule_cuda_visible(f, out);
    rule_nvidia_visible(f, out);
}

void rules_scan(const struct facts *f, struct findings *out)
{
    struct finding *fd;
    size_t i;
    if (!f->n_warnings)
        return;
    fd = findings_add(out, "GD001", SEV_INFO, "%zu file(s) could not be read or parsed; "
                      "the scan went on without them", f->n_warnings);
    for (i = 0; i < f->n_warnings; i++)
        finding_evidence(out, fd, f->warnings[i].path, "%s", f->warnings[i].reason);
}
