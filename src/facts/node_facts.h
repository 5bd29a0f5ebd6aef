/*
 * node_facts.h - the node itself, beyond the driver's version: who may
 * open the device nodes (the examined user, /etc/passwd and /etc/group, the
 * cgroup's device rules), the kernel module chain on disk (the running
 * kernel, the nvidia*.ko files and their .modinfo, DKMS, Secure Boot,
 * nouveau's blacklisting), and the scheduler and container around the
 * process.  Filled by scan/node_access.c and scan/kmod*.c; written by
 * facts_json_node.c (the "node" object of --facts and --json,
 * docs/json.md), read back by facts_read.c.
 *
 * Strings belong to the facts arena; arrays are freed by
 * node_facts_release (called from facts_release).  Unknown stays unknown:
 * a tri-state is -1, a string NULL.
 */
#ifndef GD_NODE_FACTS_H
#define GD_NODE_FACTS_H

#include <stddef.h>

/* The user whose access to the GPU is judged. */
struct node_user {
    const char *name;            /* SUDO_USER, else USER, else LOGNAME; NULL: unknown */
    const char *name_source;     /* "env:SUDO_USER", "env:USER", "env:LOGNAME" */
    int uid, gid;                /* from /etc/passwd; -1: the user is not in it (LDAP, sssd...) */
    const char **groups;         /* every group of the user by /etc/group: the primary group
                                    (by gid) and each group whose member list names the user */
    size_t n_groups, alloc_groups;
    int groups_known;            /* 1: /etc/group was read */
    const char *accounts_unasked; /* why /etc/passwd and /etc/group were not read (every
                                     existing node is read-write for owner, group and
                                     others: who the user is decides nothing), or NULL */
};

/* The cgroup the process runs in, for its device rules. */
struct node_cgroup {
    const char *version;         /* "v1", "v2", or NULL: /proc/self/cgroup not read */
    const char *path;            /* the devices controller's cgroup (v1) or the unified one (v2) */
    const char *list_source;     /* v1: the devices.list read, or NULL: not readable */
    const char **allow;          /* v1: its lines ("c 195:* rwm", "a *:* rwm") */
    size_t n_allow, alloc_allow;
    const char *note;            /* what cannot be seen, e.g. v2's eBPF device programs */
};

/* An NVIDIA kernel module file under /lib/modules/KERNEL. */
struct kmod_file {
    const char *path;            /* "/lib/modules/6.1.0-40-amd64/updates/dkms/nvidia-current.ko" */
    const char *kernel;          /* the KERNEL directory it is under */
    const char *stem;            /* the file name without .ko[.xz|.zst|.gz]: "nvidia-current" */
    const char *compression;     /* "xz", "zstd", "gzip" (contents not read), or NULL */
    const char *name;            /* .modinfo name= ("nvidia", "nvidia_uvm"), NULL unknown */
    const char *version;         /* .modinfo version= (the driver's), NULL unknown */
    const char *vermagic;        /* .modinfo vermagic=, NULL unknown */
    const char *license;         /* .modinfo license=, NULL unknown */
    int is_signed;               /* the signature trailer ends the file: 1, 0, -1 unknown */
    int in_dep;                  /* modules.dep lists it: 1, 0 (depmod not run since), -1 unknown */
    const char *error;           /* why it could not be read, or NULL */
};

/* One DKMS build record: /var/lib/dkms/MODULE/VERSION/KERNEL/ARCH. */
struct dkms_build {
    const char *module, *version, *kernel, *arch;
    int built;                   /* KERNEL/ARCH/module/ exists */
    int installed;               /* MODULE/kernel-KERNEL-ARCH links to it */
};

/* One DKMS module version: /var/lib/dkms/MODULE/VERSION. */
struct dkms_version {
    const char *module, *version;
    int source_ok;               /* its "source" link leads to a directory (dkms "added"); -1 unknown */
    const char *failed_log;      /* VERSION/build/make.log: a build that did not finish */
};

struct node_kmods {
    const char *running;         /* the kernel release judged: /proc/sys/kernel/osrelease, else the
                                    root's newest /lib/modules entry */
    const char *running_source;  /* "/proc/sys/kernel/osrelease" or "newest in /lib/modules" */
    const char **kernels;        /* /lib/modules entries with a kernel/ or modules.order (installed
                                    kernels), in version order, oldest first */
    size_t n_kernels, alloc_kernels;
    int running_dir;             /* /lib/modules/RUNNING exists: 1, 0, -1 unknown */
    int running_headers;         /* /lib/modules/RUNNING/build leads to a directory (headers for
                                    DKMS): 1, 0, -1 unknown */
    const char *newest;          /* the newest installed kernel, or NULL */
    int newest_headers;          /* as running_headers, for newest */
    int dep_read;                /* RUNNING's modules.dep was read */
    struct kmod_file *files;
    size_t n_files, alloc_files;
    struct dkms_version *dkms;
    size_t n_dkms, alloc_dkms;
    struct dkms_build *builds;
    size_t n_builds, alloc_builds;
    int secure_boot;             /* efivars SecureBoot=1, SetupMode=0 and shim validation not
                                    disabled (MokSBStateRT): 1; 0 off or legacy BIOS; -1 unknown */
    const char *secure_boot_source;
    const char *nouveau_blacklist;  /* the modprobe.d file (or /proc/cmdline) that blacklists
                                       nouveau, or NULL */
    int nouveau_blacklist_read;  /* the modprobe.d directories were read */
    int scanned;                 /* the chain was read (only where a driver is expected and the
                                    nvidia module is not loaded, or to check the next boot) */
};

/* The host's container runtime setup, where the files are visible (not in
 * a container): NVIDIA Container Toolkit, Docker's runtimes, CDI specs. */
struct node_runtime {
    int read;                    /* looked for (a GPU and no container) */
    const char *engine;          /* a container engine's binary (/usr/bin/docker, /usr/bin/podman),
                                    or NULL: none */
    const char *toolkit;         /* the toolkit's hook or CLI (/usr/bin/nvidia-container-runtime-hook,
                                    /usr/bin/nvidia-ctk), or NULL: not installed */
    const char *docker_config;   /* /etc/docker/daemon.json when it exists */
    int docker_nvidia;           /* it names an "nvidia" runtime: 1, 0, -1 unknown */
    const char *cdi_spec;        /* an NVIDIA CDI spec (/etc/cdi/nvidia.yaml, /var/run/cdi/...), or NULL */
    const char *cdi_driver;      /* the driver version its libcuda.so.X.Y.Z host path names, or NULL */
};

struct node_facts {
    struct node_user user;
    struct node_cgroup cgroup;
    int uvm_major;               /* nvidia-uvm's character major from /proc/devices; -1 unknown */
    int file_mode, file_gid;     /* the driver's NVreg_DeviceFileMode / DeviceFileGID from
                                    /proc/driver/nvidia/params; -1 unknown */
    struct node_kmods kmods;     /* scan/kmod.c */
    struct node_runtime runtime; /* scan/node_runtime.c */
};

/**
 * Is m the nvidia core module (nvidia.ko: Debian's nvidia-current, a
 * flavour's nvidia-tesla-535), not one of its parts (-uvm, -modeset, -drm,
 * -peermem)?  By its .modinfo name= when it was read, else by its file stem.
 */
int node_kmod_is_core(const struct kmod_file *m);

/**
 * Does the v1 device list allow type ('c') major:minor for access ("rw")?
 * 1 yes, 0 no, -1 unknown (no list).  Pure over the recorded lines.
 */
int node_cgroup_allows(const struct node_cgroup *cg, char type, unsigned major, unsigned minor,
                       const char *access);

#endif
