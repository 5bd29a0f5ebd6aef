/*
 * facts.h - everything the scan observed, as one plain structure.
 *
 * This is the boundary between observing (scan/) and judging (diagnose/):
 * observers fill it, rules read it, `--facts` writes it as JSON
 * (facts_json.c).  It holds no behaviour and no pointers into parser
 * buffers: every string is owned by facts->arena (freed once by
 * facts_release), every array is grown with ALLOC_GROW and freed by
 * facts_release.  A field that could not be observed is NULL (strings) or
 * -1 (tri-state ints): unknown stays unknown.
 *
 * Every observed value that a verdict may cite carries the file it came from
 * (`*_source`), so findings can name their evidence.
 *
 * Each struct here (and in the part headers included below) has a field
 * table in facts_fields.c -- JSON key, kind, offsetof -- that writes it
 * (--facts, check --json), reads it back (--from-facts), frees it
 * (facts_release) and documents it (docs/json.md); see facts_fields.h.  A
 * new member goes into its table too, or into the table's FJ_SKIP list
 * when it is scan-only: tests/unit/test_facts_fields.c accounts for every
 * byte of every struct and round-trips every field.
 */
#ifndef GD_FACTS_H
#define GD_FACTS_H

#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"

/* A problem met while scanning: costs one warning, never the scan. */
struct fact_warning {
    const char *path;    /* the file or directory, or NULL */
    const char *reason;  /* "cannot read '...': Permission denied" */
};

/* One "what was seen, where" record, shared by several fact kinds. */
struct fact_evidence {
    const char *what;    /* "version.json says 11.8.89", "libcudart.so.11.0 soname" */
    const char *path;    /* the file it came from, or NULL */
};

struct sys_facts {
    const char *os;              /* "linux", "windows" (--os windows, scan/win_*.c) or
                                    "macos" (--os macos, scan/mac_*.c) */
    const char *distro_id;       /* os-release ID, e.g. "debian" */
    const char *distro_name;     /* PRETTY_NAME */
    const char *distro_version;  /* VERSION_ID */
    const char *distro_source;
    const char *arch;            /* "x86_64", "aarch64", ... */
    const char *arch_source;
    const char *kernel;          /* kernel release */
    const char *kernel_source;
    unsigned page_size_kib;      /* the kernel's base page size (4, 16, 64 KiB); 0 unknown */
    const char *page_size_source; /* the file it was read from */
    const char *proc_state;      /* NULL: /proc was read; "empty": a /proc directory with no
                                    process information (a container image's mount point);
                                    "absent": no /proc at all */
    const char *libc;            /* "glibc", "musl" or NULL */
    const char *libc_version;
    const char *libc_source;
    const char *multiarch;       /* "x86_64-linux-gnu" when that layout exists */
    int wsl;                     /* 0 no, 1 WSL1, 2 WSL2 */
    const char *wsl_evidence;
    const char *container;       /* NULL, "docker", "podman", "kubernetes", "lxc", "container" */
    const char *container_evidence;
    const char *hostname;
    const char *machine_id;
};

/* A user-space driver library found by its versioned file name. */
struct driver_lib {
    const char *name;      /* "libcuda", "libnvidia-ml" */
    const char *version;   /* "535.104.05" */
    const char *path;      /* the versioned file */
    const char *via;       /* the loader's name that reaches it through symlinks
                              (/usr/lib/x86_64-linux-gnu/libcuda.so.1 -> /etc/alternatives/...
                              -> nvidia/current/libcuda.so.550.163.01), or NULL when the
                              file was found by listing its directory */
    int loaded;            /* 1: this is the file dlopen of its soname ("libcuda.so.1",
                              "libnvidia-ml.so.1", ...) gets, by the loader model */
    const char *not_loadable; /* the examined process's loader would skip this file, and why
                              ("wrong_class: ELFCLASS32" for Debian's libcuda1:i386 on an
                              x86_64 machine); NULL: it would load it, or not checked */
    const char *origin;    /* NULL: a file of the examined tree; check --image: "host" (the
                              container runtime mounts the host's file at path) or "compat"
                              (the image's CUDA forward-compatibility library, meant to be
                              newer than the kernel module) */
};

struct dev_node {
    const char *path;      /* "/dev/nvidiactl" */
    int exists, readable, writable;  /* readable / writable: by this process (access(2)) */
    int is_char;           /* a character device (a fixture's plain file: 0) */
    unsigned major, minor; /* its device number when is_char, else the driver's numbers for its
                              name (nv-chardev-numbers.h: nvidiaN 195:N, nvidiactl 195:255;
                              nvidia-uvm: /proc/devices), 0:0 when unknown */
    unsigned mode, uid, gid;  /* permission bits and owner (valid when exists) */
    const char *group;     /* gid's name in /etc/group, or NULL */
    int user_access;       /* the examined user (node facts) may open it read-write by its mode,
                              owner and the user's groups: 1, 0, or -1 unknown */
    int cgroup_access;     /* the cgroup v1 device list allows "rw" on it: 1, 0, -1 unknown */
};

struct driver_facts {
    const char *kmod_version;       /* loaded kernel module, "535.104.05" */
    const char *kmod_flavor;        /* "proprietary", "open", or NULL */
    const char *kmod_source;        /* /proc/driver/nvidia/version or /sys/module/nvidia/version;
                                       in a partial facts without kmod_version: where the
                                       log shows the module is not loaded */
    int nouveau_loaded;
    const char *nouveau_evidence;
    const char *nouveau_unasked;    /* why nouveau was not asked (it can hold no GPU), or NULL */
    struct driver_lib *libs;
    size_t n_libs, alloc_libs;
    struct dev_node *nodes;
    size_t n_nodes, alloc_nodes;
    int dev_listed;                 /* /dev could be listed (so an absent node is absent) */
    const char *wsl_libcuda;        /* /usr/lib/wsl/lib/libcuda.so.1 when present */
    const char *wsl_driver_version; /* WSL2: the newest Windows driver package WSL maps in
                                       (its nvcuda64.dll's version, NVIDIA's numbering), or NULL */
    const char *wsl_driver_source;  /* that nvcuda64.dll */
    unsigned wsl_driver_packages;   /* NVIDIA driver packages seen in the DriverStore mapping */
    int wsl_lxss_libcuda;           /* Windows' C:\Windows\System32\lxss\lib (through /mnt/c) holds
                                       libcuda: 1, 0, -1 not visible */
    const char **stubs;             /* toolkit stub libcuda.so files on a loader path */
    size_t n_stubs, alloc_stubs;
    const char *libcuda_resolved;   /* what dlopen("libcuda.so.1") from a program gets, or NULL */
    const char *libcuda_step;       /* how the loader found it ("cache", "ld_library_path", ...) */
    int loader_asked;               /* 1: the loader model was asked for every driver library's
                                       soname, so libcuda_resolved NULL means "not found" (0: not
                                       asked, e.g. no loader model: unknown) */
    const char *cuda_max;           /* the highest CUDA the driver supports ("12.2"), via kb */
    const char *cuda_max_source;
};

struct gpu {
    const char *pci_slot;        /* "0000:01:00.0" */
    unsigned vendor, device;     /* 0x10de, 0x2684 */
    unsigned subsys_vendor, subsys_device;
    unsigned pci_class;          /* 0x030000 VGA, 0x030200 3D */
    const char *name;            /* "NVIDIA GeForce RTX 4090" or NULL */
    const char *name_source;     /* file or "pci.ids" */
    const char *compute_capability; /* "8.9" or NULL */
    const char *cc_source;
    const char *uuid;            /* from /proc/driver/nvidia/gpus/.../information */
    int minor;                   /* its "Device Minor" there: the N of /dev/nvidiaN; -1 unknown */
    const char *bound_driver;    /* the kernel driver bound to it (sysfs "driver" link: "nvidia",
                                    "nouveau", "vfio-pci"), or NULL: none, or not seen */
};

struct cuda_install {
    const char *path;            /* canonical directory (virtual path) */
    const char *version;         /* best version, e.g. "11.8.89" or "12.2" */
    const char *version_source;  /* the file that gave it */
    const char *provenance;      /* "usr_local", "opt", "env:CUDA_HOME", "nvcc_on_path",
                                    "distro", "conda", "pip" */
    const char **aliases;        /* other paths that lead here ("/usr/local/cuda") */
    size_t n_aliases, alloc_aliases;
    struct fact_evidence *evidence; /* every version source seen */
    size_t n_evidence, alloc_evidence;
    const char *libdir;          /* directory holding libcudart, if found */
    const char *cudart_soname;   /* "libcudart.so.11.0" */
    uint64_t dev, ino;
};

struct cudnn_install {
    const char *path;            /* directory of the library or header */
    const char *version;         /* "8.9.7" */
    const char *version_source;
    const char *provenance;      /* "system", "toolkit", "pip", "conda" */
    const char *libdir;
    const char *cuda_major;      /* for pip nvidia-cudnn-cu12: "12" */
    struct fact_evidence *evidence;
    size_t n_evidence, alloc_evidence;
};

struct strlist {
    const char **v;
    size_t nr, alloc;
};

struct loader_env {
    struct strlist ld_library_path;  /* LD_LIBRARY_PATH split, in order */
    struct strlist path;             /* PATH split, in order */
    struct strlist ldconf_dirs;      /* /etc/ld.so.conf (with includes), in order */
    const char *ldconf_source;
};

/* A package in dpkg's database (scan/dpkg.c keeps only the GPU-related ones). */
struct dpkg_pkg {
    const char *name;            /* "nvidia-cudnn" */
    const char *version;         /* "9.0.0.312~cuda12" */
    const char *arch;            /* "amd64", "all", or NULL */
    const char *source;          /* Source field, or NULL */
    const char *want, *flag, *state; /* Status: "install" "ok" "half-configured"; NULL if absent */
    const char **dangling;       /* shared libraries its file list names that lead to no file
                                    (nvidia-cudnn's libcudnn.so.9 before its download: a link
                                    to a missing file, or removed by ldconfig) */
    size_t n_dangling, alloc_dangling;
};

struct dpkg_facts {
    const char *status_source;   /* "/var/lib/dpkg/status" when it was read, else NULL */
    struct dpkg_pkg *pkgs;
    size_t n_pkgs, alloc_pkgs;
};

/*
 * The CUDA library files in one directory where a library may be installed
 * although the loader does not look there (a toolkit's lib or bin, a cuDNN
 * folder, a pip wheel's lib, torch's DLL folders): scan/fwfiles.c lists
 * them so that the diagnosis can say "installed but off the path" or "only
 * another version is installed" without listing directories itself.
 */
struct lib_dir {
    const char *dir;             /* as the facts name it (virtual path) */
    const char *real;            /* the directory as found on disk (its on-disk case on
                                    Windows), or NULL: it could not be listed */
    const char **names;          /* library files in it (lib*.so*, *.dll), sorted */
    size_t n_names, alloc_names;
};

/*
 * One answer of the loader model that the diagnosis asked for: which file a
 * library name resolves to from a given object in the examined process's
 * environment (or a path's canonical form).  `check` records them as it
 * asks, `--facts` writes them, and `check --from-facts` answers from them
 * instead of reading the disk (diagnose/lookup.h).
 */
struct lib_answer {
    const char *query;           /* the question, a canonical string (lookup.c); in a log's
                                    facts also "any<TAB>NAME" (LIB_ANSWER_ANY): what the
                                    loader answered when the program asked for NAME, from
                                    whichever object and path (the log does not say) */
    const char *path;            /* the file, or NULL: not found */
    const char *step;            /* how it was found ("runpath", "cache", "path", ...) */
    const char *stale;           /* not found, but an ld.so.conf directory that the cache
                                    does not list holds it (ldconfig not rerun), or NULL */
};

/* The query prefix of an answer a log records by library name only (struct lib_answer). */
#define LIB_ANSWER_ANY "any\t"

struct env_fact {
    const char *name, *value;        /* only variables that matter to GPUs */
};

/* Python environments: filled by scan/pyenv (see python_facts.h). */
#include "facts/python_facts.h"
/* Environment modules (Lmod, Tcl): filled by scan/modules.c. */
#include "facts/module_facts.h"
/* What python/pip/Jupyter kernels run: filled by scan/pyresolve.c, scan/jupyter.c. */
#include "facts/interp_facts.h"
/* macOS: release, Apple Silicon or Intel, Mach-O files (check --os macos). */
#include "facts/macos_facts.h"
/* The node: device access, the kernel module chain, scheduler and container (scan/node*.c, kmod*.c). */
#include "facts/node_facts.h"
/* The NVIDIA Container Toolkit (scan/ctk.c) and check --image's container (image/ctk.c). */
#include "facts/container_facts.h"

/*
 * A Jetson (L4T, "Linux for Tegra"): scan/tegra.c.  The GPU is integrated in
 * the SoC, so it is not on the PCI bus; the device tree names the SoC and
 * the board, and L4T's own files name the release.  All NULL / 0 when the
 * machine shows none of it (facts.tegra.present 0).
 */
struct tegra_facts {
    int present;                 /* any of the evidence below was found */
    const char *l4t;             /* "35.4.1": /etc/nv_tegra_release's R35 + REVISION 4.1,
                                    else nvidia-l4t-core's version up to its '-' */
    const char *l4t_source;      /* "/etc/nv_tegra_release" or "dpkg:nvidia-l4t-core" */
    const char *l4t_board;       /* nv_tegra_release BOARD ("t186ref", "generic") */
    const char *l4t_core;        /* dpkg's nvidia-l4t-core version, as written */
    const char *soc;             /* "tegra234": the nvidia,tegraNNN entry of the device
                                    tree's compatible list */
    const char *model;           /* /proc/device-tree/model ("NVIDIA Jetson AGX Orin
                                    Developer Kit") */
    const char *gpu_name;        /* the knowledge base's name for the model
                                    ("Jetson AGX Orin"), or NULL */
    const char *gpu_cc;          /* its compute capability ("8.7"), or NULL */
    const char *gpu_source;      /* the kb row's source */
    const char *libcuda;         /* /usr/lib/aarch64-linux-gnu/tegra/libcuda.so.1 when it
                                    exists (nvidia-l4t-cuda), else NULL */
    int libcuda_on_path;         /* the loader model's libcuda.so.1 is that one */
    const char *jetpack;         /* the JetPack of l4t from the kb's jetpack table ("5.1.2"),
                                    NULL when the release is not in it (unknown, never guessed) */
    const char *jetpack_cuda;    /* the CUDA that JetPack ships ("11.4"), NULL when unknown */
    const char *jetpack_source;  /* that kb row's source ("unverified: ..." when it is) */
    const char *gpu_from;        /* "model" (gpu_name matched the board's model) or "soc"
                                    (the kb's tegra_soc row for soc), NULL without gpu_cc */
};

struct facts {
    struct arena arena;
    struct sys_facts system;
    struct driver_facts driver;
    struct gpu *gpus;
    size_t n_gpus, alloc_gpus;
    int pci_readable;           /* /sys/bus/pci/devices could be listed */
    struct cuda_install *cuda;
    size_t n_cuda, alloc_cuda;
    struct cudnn_install *cudnn;
    size_t n_cudnn, alloc_cudnn;
    struct loader_env ldenv;
    struct env_fact *env;
    size_t n_env, alloc_env;
    struct python_env *pyenvs;
    size_t n_pyenvs, alloc_pyenvs;
    struct module_facts modules;
    struct dpkg_facts dpkg;
    struct interp_facts interp;
    struct fact_warning *warnings;
    size_t n_warnings, alloc_warnings;
    struct lib_dir *libdirs;     /* scan/fwfiles.c */
    size_t n_libdirs, alloc_libdirs;
    struct lib_answer *answers;  /* the loader model's answers to the diagnosis */
    size_t n_answers, alloc_answers;
    struct tegra_facts tegra;    /* scan/tegra.c (Jetson) */
    struct macos_facts macos;    /* scan/mac_*.c; empty elsewhere */
    struct node_facts node;      /* scan/node_access.c, scan/kmod*.c */
    /*
     * NULL: the facts of a scan (or its --facts replay): what could be read
     * was read, so an empty field means absent.  "log": a partial facts that
     * explain built from a log (scan/logscan.h): a field the log does not
     * show is unknown, not absent, and the rules decide only from what is
     * there.  Where a log shows an absence, the field that records it says
     * so (driver.kmod_source without kmod_version: the kernel module is not
     * loaded; driver.loader_asked with no libcuda_resolved: dlopen found no libcuda).
     * Not part of --facts (check's facts are never partial).
     */
    const char *partial;
    struct ctk_facts ctk;        /* scan/ctk.c: the NVIDIA Container Toolkit on this machine */
    struct container_facts container; /* check --image only (image/ctk.c) */
};

/** Empty facts; never fails. */
void facts_init(struct facts *f);
/** Free everything; f is empty afterwards. */
void facts_release(struct facts *f);

/** Record a scan warning (strings copied into the arena). */
void facts_warn(struct facts *f, const char *path, const char *reason);
/** Copy s into the arena (NULL stays NULL). */
const char *facts_str(struct facts *f, const char *s);
const char *facts_printf(struct facts *f, const char *fmt, ...) GD_PRINTF(2, 3);
void strlist_push(struct facts *f, struct strlist *l, const char *s);
/** Add evidence to an evidence array. */
void facts_evidence(struct facts *f, struct fact_evidence **v, size_t *n, size_t *alloc,
                    const char *path, const char *what);

/** The driver version to report: the user-space library's, else the kernel module's. */
const char *facts_driver_version(const struct facts *f);
/** The value of an environment variable recorded in f->env, or NULL. */
const char *facts_env(const struct facts *f, const char *name);

/*
 * The source of a value a log showed (a partial facts, facts.partial):
 * "log:" then the line number, as scan/logscan.c writes it; a path under it
 * ("log:12/libcublas.so.10") names a file the line shows.
 */
#define FACTS_LOG_SOURCE "log:"
/** The log line a source names ("log:12", "log:12/x" -> 12), or 0 when src is not a log's. */
long facts_log_line(const char *src);

/** The listing of dir (compared exactly, or by Windows' case rule when ci), or NULL. */
const struct lib_dir *facts_libdir(const struct facts *f, const char *dir, int ci);

#endif
