/*
 * rules_driver.c - the driver and the GPU: is there one, is it loaded, do
 * its halves agree, can this user reach it, and is the WSL2 mapping intact.
 */
#include "diagnose/diagnose.h"
#include "diagnose/fixes.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fixes_node.h"

#include <string.h>

#include "kb/ver_dotted.h"
#include "util/fs.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

static int userspace_outside_wsl(const struct facts *f, const struct driver_lib **out)
{
    size_t i;
    for (i = 0; i < f->driver.n_libs; i++) {
        if (!str_starts(f->driver.libs[i].path, "/usr/lib/wsl/")) {
            *out = &f->driver.libs[i];
            return 1;
        }
    }
    return 0;
}

static void rule_no_gpu(const struct facts *f, struct findings *out)
{
    struct fix_ctx fx;
    struct finding *fd;
    if (f->n_gpus || !f->pci_readable || f->system.wsl || f->tegra.present)
        return; /* a Jetson's GPU is in the SoC, never on the PCI bus */
    fd = findings_add(out, "GD102", SEV_ERROR, "no NVIDIA GPU on this machine's PCI bus");
    finding_evidence(out, fd, "/sys/bus/pci/devices",
                     "no device with vendor 0x10de and a display class");
    fixes_advice(out, fd, FIX_RANK_NEW_ENV,
                 "If this is a cloud or VM instance, choose a GPU instance type or pass the GPU through");
    fix_ctx_from_facts(&fx, f, NULL, out->arena);
    fixes_container_start(&fx, out, fd, "In a container: start it with the GPU", FIX_CTR_GPUS);
}

/* The loader was asked for libcuda.so.1 and found none (a log: dlopen said so). */
static int libcuda_not_found(const struct facts *f)
{
    return f->driver.loader_asked && !f->driver.libcuda_resolved;
}

/*
 * A log's facts (facts.partial): the kernel side is known only where the
 * log shows it -- nvidia-smi or TensorFlow's diagnostics could not reach the
 * module (kmod_source without a version: the driver's tools are installed,
 * the module is not loaded) -- and the user-space side only where dlopen
 * found no libcuda.
 */
static void rule_no_driver_log(const struct facts *f, const struct kb *kb, struct findings *out)
{
    struct finding *fd;
    struct fix_ctx fx;
    if (f->driver.kmod_source) {
        fd = findings_add(out, "GD101", SEV_ERROR, "the NVIDIA driver's kernel module is not loaded");
        finding_evidence(out, fd, f->driver.kmod_source, "the driver's tools cannot reach the nvidia module");
        fixes_driver_load_module(NULL, out, fd);
    } else if (libcuda_not_found(f)) {
        fd = findings_add(out, "GD101", SEV_ERROR, "no NVIDIA driver is installed: dlopen finds no libcuda");
        finding_evidence(out, fd, NULL, "dlopen(\"libcuda.so.1\") found no library");
        fix_ctx_from_facts(&fx, f, kb, out->arena);
        fixes_driver_install(&fx, out, fd);
    }
}

static void rule_no_driver(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const char *drv = facts_driver_version(f);
    struct finding *fd;

    if (f->system.wsl || f->driver.kmod_version || f->driver.nouveau_loaded || f->tegra.present)
        return; /* a Jetson has no nvidia.ko: rule_tegra judges its driver */
    if (!f->n_gpus && f->pci_readable)
        return; /* no GPU: GD102 says it; a driver would not help */
    if (f->partial) {
        rule_no_driver_log(f, kb, out);
        return;
    }
    if (!f->system.kernel) {
        /* No /proc (a container image or disk examined offline): the
         * kernel side cannot be judged. */
        return;
    }
    if (rules_kmod_explain(f, kb, out))
        return; /* the module chain's files name the cause */
    if (drv) {
        fd = findings_add(out, "GD101", SEV_ERROR,
                          "the NVIDIA driver %s is installed but its kernel module is not loaded", drv);
        finding_evidence(out, fd, "/proc/driver/nvidia/version", "absent: the nvidia module is not loaded");
        finding_evidence(out, fd, f->driver.libs[0].path, "user-space driver %s", drv);
        fixes_driver_load_module(NULL, out, fd);
    } else {
        fd = findings_add(out, "GD101", SEV_ERROR, "no NVIDIA driver is installed");
        finding_evidence(out, fd, "/proc/driver/nvidia/version", "absent: the nvidia module is not loaded");
        finding_evidence(out, fd, NULL, "no libcuda.so.<version> in the system library directories");
        {
            /* The command for this distribution (or container) from the fix engine. */
            struct fix_ctx fx;
            fix_ctx_from_facts(&fx, f, kb, out->arena);
            fixes_driver_install(&fx, out, fd);
        }
    }
}

/* The file dlopen(soname of name) gets, by the loader model, or NULL. */
static const struct driver_lib *picked(const struct facts *f, const char *name)
{
    size_t i;
    for (i = 0; i < f->driver.n_libs; i++)
        if (f->driver.libs[i].loaded && !strcmp(f->driver.libs[i].name, name))
            return &f->driver.libs[i];
    return NULL;
}

/* A copy in an alternative's own directory (Debian: /usr/lib/<triplet>/
 * nvidia/current, nvidia/tesla-535): the loader reaches it only through
 * the selected alternative's links, so an unselected flavour is inert. */
static int alternative_copy(const struct driver_lib *dl)
{
    const char *p = strstr(dl->path, "/nvidia/");
    return p && strchr(p + 8, '/') && !strchr(strchr(p + 8, '/') + 1, '/');
}

/* libcuda from the CUDA forward-compatibility package (cuda-compat:
 * /usr/local/cuda-X.Y/compat), newer than the kernel module by design. */
static int forward_compat(const struct driver_lib *dl, const char *kmod)
{
    return strstr(dl->path, "/compat/") && ver_cmp_dotted(dl->version, kmod) > 0;
}

static void evidence_lib(struct findings *out, struct finding *fd, const struct driver_lib *dl)
{
    if (dl->via)
        finding_evidence(out, fd, dl->path, "%s %s, what dlopen(\"%s\") gets (through %s)", dl->name,
                         dl->version, arena_printf(out->arena, "%s.so.1", dl->name), dl->via);
    else
        finding_evidence(out, fd, dl->path, "%s %s%s", dl->name, dl->version,
                         dl->loaded ? ", what the loader gets" : "");
}

/*
 * The kernel module against the libcuda a program really loads (the loader
 * model's pick, through alternatives and links), not against every copy on
 * the disk: GD103.  A libcuda without a loader answer (no loader model):
 * every copy its loader could take.
 */
static void rule_mismatch(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const struct driver_lib *cuda = picked(f, "libcuda");
    struct finding *fd = NULL;
    struct fix_ctx fx;
    size_t i;

    fix_ctx_from_facts(&fx, f, kb, out->arena);
    if (f->driver.kmod_version) {
        for (i = 0; i < f->driver.n_libs; i++) {
            const struct driver_lib *dl = &f->driver.libs[i];
            /* check --image: the runtime puts a compat libcuda there by design;
             * rules_container.c (GD806) judges whether the GPU runs it. */
            if (strcmp(dl->name, "libcuda") || !strcmp(dl->version, f->driver.kmod_version) ||
                str_starts(dl->path, "/usr/lib/wsl/") || dl->not_loadable ||
                (dl->origin && !strcmp(dl->origin, "compat")))
                continue;
            if (f->driver.loader_asked ? dl != cuda : (cuda && dl != cuda))
                continue;
            if (forward_compat(dl, f->driver.kmod_version)) {
                int geforce = 0;
                size_t g;
                for (g = 0; g < f->n_gpus; g++)
                    geforce |= f->gpus[g].name && strstr(f->gpus[g].name, "GeForce") != NULL;
                fd = findings_add(out, "GD116", geforce ? SEV_ERROR : SEV_INFO,
                                  "libcuda %s comes from the CUDA forward-compatibility package over kernel "
                                  "module %s%s", dl->version, f->driver.kmod_version,
                                  geforce ? ": a GeForce GPU does not support forward compatibility "
                                            "(error 804)" : "");
                finding_evidence(out, fd, f->driver.kmod_source, "kernel module %s", f->driver.kmod_version);
                evidence_lib(out, fd, dl);
                finding_evidence(out, fd, NULL, "forward compatibility runs only on data-center GPUs (and "
                                 "select RTX professional boards), with a kernel module of a supported branch");
                if (geforce)
                    fixes_drop_loader_dir(&fx, out, fd, "Take the compat directory off the loader path (it is for "
                                          "data-center GPUs); the driver's own libcuda then serves its CUDA version",
                                          arena_strndup(out->arena, dl->path,
                                                        (size_t)(path_basename(dl->path) - dl->path) - 1));
                continue;
            }
            if (!fd) {
                fd = findings_add(out, "GD103", SEV_ERROR,
                                  "the loaded kernel module is %s but the user-space driver is %s "
                                  "(\"Driver/library version mismatch\")",
                                  f->driver.kmod_version, dl->version);
                finding_evidence(out, fd, f->driver.kmod_source, "kernel module %s", f->driver.kmod_version);
            }
            evidence_lib(out, fd, dl);
        }
        if (fd && !strcmp(fd->code, "GD103")) {
            const struct driver_lib *ml = picked(f, "libnvidia-ml");
            if (ml && strcmp(ml->version, f->driver.kmod_version))
                evidence_lib(out, fd, ml);
            fixes_kmod_reload(&fx, out, fd);
            return;
        }
    }
}

/*
 * The other components (NVML, the PTX JIT compiler, the CUDA debugger)
 * against the driver: the kernel module, else the libcuda the loader gets.
 * NVML refuses a kernel module of another version ("Failed to initialize
 * NVML: Driver/library version mismatch": nvidia-smi fails) while CUDA,
 * whose libcuda matches, works; libcuda loads the PTX JIT compiler of its
 * own version for PTX-only kernels.  GD115, unless GD103 already says the
 * driver itself is split.
 */
static void rule_components(const struct facts *f, const struct kb *kb, struct findings *out)
{
    static const struct { const char *name, *what, *works; } comps[] = {
        { "libnvidia-ml", "nvidia-smi and every NVML client (monitoring, the frameworks' device queries) "
          "fail: \"Failed to initialize NVML: Driver/library version mismatch\"",
          "CUDA itself (libcuda) matches and works" },
        { "libnvidia-ptxjitcompiler", "kernels that exist only as PTX fail to JIT-compile",
          "kernels compiled for the GPU's architecture run" },
        { "libcudadebugger", "cuda-gdb cannot debug GPU code", "running CUDA programs is not affected" },
    };
    const struct driver_lib *cuda = picked(f, "libcuda");
    const char *want = f->driver.kmod_version ? f->driver.kmod_version : cuda ? cuda->version : NULL;
    struct fix_ctx fx;
    size_t k;

    if (!want || (cuda && f->driver.kmod_version && strcmp(cuda->version, f->driver.kmod_version)))
        return; /* no reference, or GD103 */
    if (cuda && forward_compat(cuda, want))
        return;
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    for (k = 0; k < sizeof(comps) / sizeof(comps[0]); k++) {
        const struct driver_lib *dl = picked(f, comps[k].name);
        struct finding *fd;
        if (!dl || !strcmp(dl->version, want) || str_starts(dl->path, "/usr/lib/wsl/"))
            continue;
        fd = findings_add(out, "GD115", SEV_WARNING, "%s %s is not the driver's version %s: %s",
                          dl->name, dl->version, want, comps[k].what);
        if (f->driver.kmod_version)
            finding_evidence(out, fd, f->driver.kmod_source, "kernel module %s", f->driver.kmod_version);
        if (cuda)
            evidence_lib(out, fd, cuda);
        evidence_lib(out, fd, dl);
        finding_evidence(out, fd, NULL, "%s", comps[k].works);
        fixes_driver_component(&fx, out, fd, dl->name, dl->path, dl->version, want);
    }
}

/*
 * Two versions of one library that a program could get, side by side
 * (not an unselected alternative's copy, nor another ABI's): GD111.
 */
static void rule_two_versions(const struct facts *f, struct findings *out)
{
    size_t i, j;
    struct finding *fd;

    for (i = 0; i < f->driver.n_libs; i++) {
        for (j = i + 1; j < f->driver.n_libs; j++) {
            const struct driver_lib *a = &f->driver.libs[i], *b = &f->driver.libs[j];
            const struct driver_lib *pick = picked(f, a->name);
            if (strcmp(a->name, b->name) || !strcmp(a->version, b->version) || a->not_loadable ||
                b->not_loadable)
                continue;
            if (str_starts(a->path, "/usr/lib/wsl/") || str_starts(b->path, "/usr/lib/wsl/"))
                continue;
            if (pick && ((a != pick && alternative_copy(a)) || (b != pick && alternative_copy(b))))
                continue;
            if (f->driver.kmod_version && (forward_compat(a, f->driver.kmod_version) ||
                                           forward_compat(b, f->driver.kmod_version)))
                continue;
            if ((a->origin && !strcmp(a->origin, "compat")) || (b->origin && !strcmp(b->origin, "compat")))
                continue;
            fd = findings_add(out, "GD111", SEV_WARNING,
                              "two versions of the user-space driver are installed: %s and %s",
                              a->version, b->version);
            finding_evidence(out, fd, a->path, "%s %s", a->name, a->version);
            finding_evidence(out, fd, b->path, "%s %s", b->name, b->version);
            fixes_run(NULL, out, fd, FIX_TOOL_DPKG_OWNER, "Find which package owns each and remove the stale one",
                      a->path, b->path);
            return;
        }
    }
}

/*
 * A driver (kernel module or libraries) but no libcuda.so.1 the examined
 * process's loader can load: only another ABI's copy (Debian's
 * libcuda1:i386 on an x86_64 machine, skipped for its ELF class), or none
 * at all (a container started without the NVIDIA runtime sees the host's
 * module in /proc but no library).  CUDA cannot start: GD114.  Only when
 * the loader model was asked (not on a replay of facts without its answer).
 */
static void rule_no_libcuda(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const char *arch = f->system.arch ? f->system.arch : "this machine";
    struct finding *fd;
    struct fix_ctx fx;
    size_t i, n_other = 0, n_any = 0;

    if (!f->driver.loader_asked || f->driver.libcuda_resolved || f->system.wsl || f->tegra.present ||
        node_container_without_runtime(f))
        return; /* GD132 names the cause in a container started without the runtime */
    for (i = 0; i < f->driver.n_libs; i++) {
        n_any++;
        n_other += !strcmp(f->driver.libs[i].name, "libcuda") && f->driver.libs[i].not_loadable;
    }
    if (!n_any && !f->driver.kmod_version)
        return; /* no driver at all: GD101 */
    if (!f->driver.kmod_version && !n_other && !f->system.kernel)
        return;
    fd = findings_add(out, "GD114", SEV_ERROR, "dlopen(\"libcuda.so.1\") finds no CUDA driver library for %s%s",
                      arch, n_other ? ": only another ABI's copy is installed" : "");
    for (i = 0; i < f->driver.n_libs; i++) {
        const struct driver_lib *dl = &f->driver.libs[i];
        if (!strcmp(dl->name, "libcuda") && dl->not_loadable)
            finding_evidence(out, fd, dl->path, "libcuda %s, skipped by the %s loader (%s)", dl->version, arch,
                             dl->not_loadable);
        else if (dl->loaded)
            finding_evidence(out, fd, dl->path, "%s %s loads, but is not CUDA's driver library", dl->name,
                             dl->version);
    }
    if (f->driver.kmod_version)
        finding_evidence(out, fd, f->driver.kmod_source, "kernel module %s is loaded", f->driver.kmod_version);
    finding_evidence(out, fd, NULL, "the loader model searched LD_LIBRARY_PATH, /etc/ld.so.cache and the "
                     "default directories for libcuda.so.1 (gpudoctor which libcuda.so.1 shows each place)");
    if (f->system.container)
        finding_evidence(out, fd, NULL, "in a container (%s): the NVIDIA runtime injects the host's libcuda",
                         f->system.container_evidence ? f->system.container_evidence : f->system.container);
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    fixes_libcuda_abi(&fx, out, fd);
}

static void rule_nouveau(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const struct node_kmods *k = &f->node.kmods;
    struct finding *fd;
    struct fix_ctx fx;
    if (!f->driver.nouveau_loaded)
        return;
    fd = findings_add(out, "GD104", f->driver.kmod_version ? SEV_WARNING : SEV_ERROR,
                      "the nouveau driver is loaded; CUDA needs NVIDIA's driver");
    finding_evidence(out, fd, NULL, "%s", f->driver.nouveau_evidence);
    if (k->nouveau_blacklist)
        finding_evidence(out, fd, k->nouveau_blacklist, "blacklists nouveau, yet it is loaded");
    else if (k->nouveau_blacklist_read)
        finding_evidence(out, fd, "/etc/modprobe.d", "nothing blacklists nouveau (modprobe.d, the kernel command line)");
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    fixes_nouveau(&fx, out, fd, k->nouveau_blacklist);
}

/* v[0..n) joined with sep (arena). */
static const char *join(struct arena *a, const char *const *v, size_t n, const char *sep)
{
    struct strbuf sb = STRBUF_INIT;
    const char *r;
    size_t i;
    for (i = 0; i < n; i++)
        strbuf_addf(&sb, "%s%s", i ? sep : "", v[i]);
    r = arena_strdup(a, sb.len ? sb.buf : "");
    strbuf_release(&sb);
    return r;
}

static const struct dev_node *node_at(const struct facts *f, const char *path)
{
    size_t i;
    for (i = 0; i < f->driver.n_nodes; i++)
        if (!strcmp(f->driver.nodes[i].path, path))
            return &f->driver.nodes[i];
    return NULL;
}

/* "crw-rw----" for a node's type and permission bits. */
static const char *mode_string(struct arena *a, const struct dev_node *dn)
{
    static const char rwx[] = "rwxrwxrwx";
    char m[11];
    int i;
    m[0] = dn->is_char ? 'c' : '-';
    for (i = 0; i < 9; i++)
        m[1 + i] = (dn->mode >> (8 - i)) & 1u ? rwx[i] : '-';
    m[10] = '\0';
    return arena_strdup(a, m);
}

/* 1 when user may open dn read-write: the examined user's access by mode,
 * owner and groups where it is known, else this process's access(2). */
static int node_ok(const struct dev_node *dn)
{
    return dn->user_access >= 0 ? dn->user_access : dn->readable && dn->writable;
}

/*
 * The device nodes the loaded driver serves: /dev/nvidiactl, one
 * /dev/nvidiaN per GPU it drives (N its "Device Minor"; a GPU bound to
 * another driver, such as vfio-pci for a VM, has none), /dev/nvidia-uvm;
 * read-write for the examined user (its uid, gid and /etc/group groups
 * against each node's mode and owner); allowed by the cgroup's device list.
 */
static void rule_nodes(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const struct node_user *u = &f->node.user;
    struct finding *fd = NULL, *acc = NULL, *cg = NULL;
    const struct dev_node *ctl;
    struct fix_ctx fx;
    size_t i, n_nodes = 0, n_unknown = 0, n_known_present = 0;

    if (!f->driver.kmod_version || f->system.wsl || f->partial || node_container_without_runtime(f))
        return;   /* a log's facts (partial) do not list the device nodes */
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    for (i = 0; i < f->driver.n_nodes; i++) {
        const char *b = path_basename(f->driver.nodes[i].path);
        n_nodes += str_starts(b, "nvidia") && b[6] >= '0' && b[6] <= '9' && f->driver.nodes[i].exists;
    }
    ctl = node_at(f, "/dev/nvidiactl");
    if (ctl && !ctl->exists) {
        fd = findings_add(out, "GD105", SEV_ERROR, "the NVIDIA device nodes are missing: /dev/nvidiactl");
        finding_evidence(out, fd, ctl->path, "absent");
    }
    for (i = 0; i < f->n_gpus; i++) {
        const struct gpu *g = &f->gpus[i];
        const char *p;
        const struct dev_node *dn;
        if (g->bound_driver && strcmp(g->bound_driver, "nvidia"))
            continue; /* another driver holds it: GD104 for nouveau; vfio-pci gives it to a VM */
        if (g->minor < 0) {
            n_unknown++;
            continue;
        }
        p = arena_printf(out->arena, "/dev/nvidia%d", g->minor);
        dn = node_at(f, p);
        if (dn && dn->exists) {
            n_known_present++;
            continue;
        }
        if (!fd)
            fd = findings_add(out, "GD105", SEV_ERROR, "the NVIDIA device nodes are missing: %s", p);
        finding_evidence(out, fd, p, "absent: the device node of GPU %s (Device Minor %d)", g->pci_slot, g->minor);
    }
    if (n_unknown && n_nodes < n_known_present + n_unknown) {
        /* Minors not known (no /proc/driver/nvidia/gpus): by count. */
        const char *p = arena_printf(out->arena, "/dev/nvidia%zu", n_nodes);
        if (!fd)
            fd = findings_add(out, "GD105", SEV_ERROR, "the NVIDIA device nodes are missing: %s", p);
        finding_evidence(out, fd, "/sys/bus/pci/devices", "%zu NVIDIA GPU(s) on the PCI bus, %zu /dev/nvidiaN node(s)",
                         f->n_gpus, n_nodes);
    }
    if (fd) {
        finding_evidence(out, fd, f->driver.kmod_source, "the nvidia module %s is loaded", f->driver.kmod_version);
        fixes_device_nodes(&fx, out, fd, 0);
    }
    for (i = 0; i < f->driver.n_nodes; i++) {
        const struct dev_node *dn = &f->driver.nodes[i];
        if (!dn->exists) {
            if (!strcmp(dn->path, "/dev/nvidia-uvm")) {
                struct finding *w = findings_add(out, "GD105", SEV_WARNING, "/dev/nvidia-uvm does not exist yet");
                finding_evidence(out, w, dn->path, "absent");
                fixes_device_nodes(&fx, out, w, 1);
            }
            continue;
        }
        if (!node_ok(dn)) {
            int group_grants = ((dn->mode >> 3) & 6u) == 6u;
            if (!acc) {
                acc = findings_add(out, "GD105", SEV_ERROR, "the NVIDIA device nodes are not read/write for %s",
                                   u->name && dn->user_access >= 0 ? u->name : "this user");
                if (u->name && dn->user_access >= 0)
                    finding_evidence(out, acc, u->groups_known ? "/etc/group" : "/etc/passwd",
                                     "%s: uid %d, groups %s", u->name, u->uid,
                                     u->n_groups ? join(out->arena, u->groups, u->n_groups, ", ")
                                                 : "(none listed)");
                fixes_device_access(&fx, out, acc, u->name, group_grants && dn->group ? dn->group : NULL, dn->path);
            }
            finding_evidence(out, acc, dn->path, "%s %u:%s%s", mode_string(out->arena, dn), dn->uid,
                             dn->group ? dn->group : arena_printf(out->arena, "%u", dn->gid),
                             dn->user_access < 0 ? (!dn->readable ? ", not readable" : ", not writable") : "");
        }
        if (dn->cgroup_access == 0) {
            if (!cg) {
                cg = findings_add(out, "GD117", SEV_ERROR, "the cgroup's device rules deny the NVIDIA devices "
                                  "(%s, c %u:%u)", dn->path, dn->major, dn->minor);
                finding_evidence(out, cg, f->node.cgroup.list_source, "cgroup %s allows: %s", f->node.cgroup.path,
                                 f->node.cgroup.n_allow ? join(out->arena, f->node.cgroup.allow, f->node.cgroup.n_allow, "; ")
                                                        : "nothing");
                fixes_cgroup_devices(&fx, out, cg);
            } else {
                finding_evidence(out, cg, dn->path, "c %u:%u denied", dn->major, dn->minor);
            }
        }
    }
}

static void rule_stub(const struct facts *f, struct findings *out)
{
    struct finding *fd;
    size_t i;
    int chosen = f->driver.libcuda_resolved && strstr(f->driver.libcuda_resolved, "/stubs/");
    if (!f->driver.n_stubs && !chosen)
        return;
    /* An error when the loader model says dlopen("libcuda.so.1") gets the
     * stub; a warning when a stub only sits in a searched directory. */
    if (chosen) {
        fd = findings_add(out, "GD106", SEV_ERROR,
                          "dlopen(\"libcuda.so.1\") gets the CUDA toolkit's stub, not the driver "
                          "(CUDA_ERROR_STUB_LIBRARY)");
        finding_evidence(out, fd, f->driver.libcuda_resolved, "found through %s", f->driver.libcuda_step);
    } else {
        fd = findings_add(out, "GD106", SEV_WARNING,
                          "the CUDA toolkit's stub libcuda is in a directory the loader searches");
    }
    for (i = 0; i < f->driver.n_stubs; i++)
        finding_evidence(out, fd, f->driver.stubs[i], "link-time stub in a searched directory");
    fixes_stub_off_path(NULL, out, fd);
}

/* WSL2's GPU is the paravirtualised /dev/dxg (the WSL kernel's dxgkrnl);
 * without it every CUDA and NVML call fails: "GPU access blocked by the
 * operating system" (NVML_ERROR_OPERATING_SYSTEM, 17). */
static void wsl_dxg(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const struct dev_node *dxg = NULL;
    struct finding *fd;
    size_t i;
    for (i = 0; i < f->driver.n_nodes; i++)
        if (!strcmp(f->driver.nodes[i].path, "/dev/dxg"))
            dxg = &f->driver.nodes[i];
    if (!f->driver.dev_listed || !dxg || dxg->exists)
        return;
    fd = findings_add(out, "GD150", SEV_ERROR, "WSL2 without /dev/dxg: the WSL kernel offers no GPU (\"Failed to "
                      "initialize NVML: GPU access blocked by the operating system\")");
    finding_evidence(out, fd, "/dev/dxg", "absent: the WSL kernel's GPU paravirtualization (dxgkrnl)");
    finding_evidence(out, fd, f->system.kernel_source, "kernel %s", f->system.kernel ? f->system.kernel : "?");
    {
        struct fix_ctx fx;
        fix_ctx_from_facts(&fx, f, kb, out->arena);
        fixes_wsl_dxg(&fx, out, fd);
    }
}

static void rule_wsl(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const struct driver_lib *dl;
    struct finding *fd;
    struct fix_ctx fx;

    if (f->system.wsl != 2)
        return;
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    if (f->partial && !f->driver.wsl_libcuda && libcuda_not_found(f)) {
        /* a log: dlopen found no libcuda, which on WSL2 is the Windows driver's */
        fd = findings_add(out, "GD110", SEV_ERROR,
                          "WSL2, but dlopen finds no libcuda: the Windows driver's library in /usr/lib/wsl/lib is "
                          "missing or not on the loader's path");
        finding_evidence(out, fd, NULL, "dlopen(\"libcuda.so.1\") found no library");
        finding_evidence(out, fd, NULL, "WSL2: %s", f->system.wsl_evidence ? f->system.wsl_evidence : "?");
        fixes_libcuda_missing(&fx, out, fd);
    } else if (f->partial && f->driver.kmod_source && !f->driver.kmod_version) {
        /* a log: nvidia-smi (or TensorFlow's diagnostics) found no kernel module, which WSL2 never has: its
           GPU is the Windows driver's, through /dev/dxg and /usr/lib/wsl/lib (NVIDIA's CUDA on WSL User
           Guide); a Linux nvidia-smi inside WSL, a Windows driver without WSL support, or WSL 1 show this */
        fd = findings_add(out, "GD110", SEV_ERROR,
                          "WSL2, but the driver's tools cannot reach the GPU: WSL2 gets it only from the Windows "
                          "driver (no Linux kernel module), which is missing, too old for WSL, or shadowed");
        finding_evidence(out, fd, f->driver.kmod_source, "the driver's tools cannot reach the nvidia module");
        finding_evidence(out, fd, NULL, "WSL2: %s", f->system.wsl_evidence ? f->system.wsl_evidence : "?");
        fixes_driver_install(&fx, out, fd);
    } else if (!f->partial && !f->driver.wsl_libcuda) {
        fd = findings_add(out, "GD110", SEV_ERROR,
                          "WSL2, but the Windows driver's CUDA library is not mapped into /usr/lib/wsl/lib");
        finding_evidence(out, fd, "/usr/lib/wsl/lib/libcuda.so.1", "absent");
        finding_evidence(out, fd, NULL, "WSL2: %s", f->system.wsl_evidence);
        if (f->driver.wsl_driver_version)
            finding_evidence(out, fd, f->driver.wsl_driver_source, "the Windows driver %s is in the DriverStore",
                             f->driver.wsl_driver_version);
        if (f->driver.wsl_lxss_libcuda == 1) {
            finding_evidence(out, fd, "/mnt/c/Windows/System32/lxss/lib", "Windows has the WSL libraries: WSL "
                             "did not map them into this distribution");
            fixes_wsl_remount(&fx, out, fd);
        } else if (f->driver.wsl_lxss_libcuda == 0) {
            finding_evidence(out, fd, "/mnt/c/Windows/System32/lxss/lib", "holds no libcuda: the Windows driver "
                             "installed no WSL support");
        }
        fixes_driver_install(&fx, out, fd);
    }
    wsl_dxg(f, kb, out);
    if (f->driver.libcuda_resolved && !str_starts(f->driver.libcuda_resolved, "/usr/lib/wsl/")) {
        fd = findings_add(out, "GD107", SEV_ERROR,
                          "WSL2: dlopen(\"libcuda.so.1\") gets %s, not the Windows driver's library",
                          f->driver.libcuda_resolved);
        finding_evidence(out, fd, f->driver.libcuda_resolved, "found through %s", f->driver.libcuda_step);
        fixes_wsl_linux_driver(&fx, out, fd);
    } else if (userspace_outside_wsl(f, &dl)) {
        fd = findings_add(out, "GD107", SEV_ERROR,
                          "a Linux NVIDIA driver is installed inside WSL2 and can shadow the Windows driver");
        finding_evidence(out, fd, dl->path, "%s %s inside WSL2", dl->name, dl->version);
        if (!strcmp(dl->name, "libnvidia-ml"))
            finding_evidence(out, fd, NULL, "a Linux NVML under WSL2 fails with \"Failed to initialize NVML: GPU "
                             "access blocked by the operating system\"");
        if (f->driver.wsl_libcuda)
            finding_evidence(out, fd, f->driver.wsl_libcuda, "the Windows driver's library");
        fixes_wsl_linux_driver(&fx, out, fd);
    }
}

/* A Jetson whose /dev shows none of L4T's GPU nodes (nvmap, nvgpu's
 * nvhost-ctrl-gpu or /dev/nvgpu/): typically an L4T container started
 * without NVIDIA's runtime.  Only when /dev could be listed. */
static void rule_tegra_nodes(const struct facts *f, const struct kb *kb, struct findings *out)
{
    static const char *const names[] = { "/dev/nvmap", "/dev/nvhost-ctrl-gpu", "/dev/nvgpu" };
    struct finding *fd;
    struct fix_ctx fx;
    size_t i, k, seen = 0;

    if (!f->tegra.present || !f->driver.dev_listed)
        return;
    for (k = 0; k < 3; k++)
        for (i = 0; i < f->driver.n_nodes; i++)
            if (!strcmp(f->driver.nodes[i].path, names[k])) {
                if (f->driver.nodes[i].exists)
                    return;
                seen++;
            }
    if (seen < 3)
        return; /* not looked for */
    fd = findings_add(out, "GD105", SEV_ERROR, "this Jetson's GPU device nodes are missing: no /dev/nvmap, "
                      "/dev/nvhost-ctrl-gpu or /dev/nvgpu");
    for (k = 0; k < 3; k++)
        finding_evidence(out, fd, names[k], "absent");
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    fixes_device_nodes(&fx, out, fd, 0);
}

/* A Jetson (L4T): no nvidia.ko and no PCI device; the GPU driver is the L4T
 * kernel's and its CUDA driver is tegra/libcuda.so.1, which must be where
 * dlopen("libcuda.so.1") looks. */
static void rule_tegra(const struct facts *f, const struct kb *kb, struct findings *out)
{
    const struct tegra_facts *t = &f->tegra;
    const char *rel = t->l4t ? arena_printf(out->arena, "L4T %s", t->l4t) : "L4T, release unknown";
    struct finding *fd;
    struct fix_ctx fx;

    if (!t->present || (t->libcuda && t->libcuda_on_path))
        return;
    if (!t->libcuda) {
        fd = findings_add(out, "GD113", SEV_ERROR, "this Jetson (%s) has no CUDA driver: "
                          "/usr/lib/aarch64-linux-gnu/tegra/libcuda.so.1 is missing", rel);
        finding_evidence(out, fd, "/usr/lib/aarch64-linux-gnu/tegra/libcuda.so.1", "absent");
    } else {
        fd = findings_add(out, "GD113", SEV_ERROR, "this Jetson's CUDA driver %s is not on the loader's "
                          "path: dlopen(\"libcuda.so.1\") does not find it", t->libcuda);
        finding_evidence(out, fd, t->libcuda, "present (nvidia-l4t-cuda)");
        finding_evidence(out, fd, f->driver.libcuda_resolved ? f->driver.libcuda_resolved : NULL,
                         "%s", f->driver.libcuda_resolved ? "the loader model's libcuda.so.1 is this one"
                                                          : "the loader model finds no libcuda.so.1");
    }
    if (t->l4t_source)
        finding_evidence(out, fd, t->l4t_source, "Jetson, %s", rel);
    fix_ctx_from_facts(&fx, f, kb, out->arena);
    fixes_jetson_driver(&fx, out, fd, t);
}

void rules_driver(const struct facts *f, const struct kb *kb, struct findings *out)
{
    rule_no_gpu(f, out);
    rule_no_driver(f, kb, out);
    rule_no_libcuda(f, kb, out);
    rule_mismatch(f, kb, out);
    rule_components(f, kb, out);
    rule_two_versions(f, out);
    rule_nouveau(f, kb, out);
    rules_kmod_next_boot(f, kb, out);
    rule_nodes(f, kb, out);
    rule_stub(f, out);
    rule_wsl(f, kb, out);
    rule_tegra(f, kb, out);
    rule_tegra_nodes(f, kb, out);
}
