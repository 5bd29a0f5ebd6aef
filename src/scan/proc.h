/*
 * proc.h - observe running processes through /proc: the observer behind
 * `gpudoctor ps` (facts/ps_facts.h is what it fills).
 *
 * Every read goes through util/fs with a limit per file (the maps of a
 * large job fit in PROC_MAPS_MAX; a longer one is cut and flagged), and is
 * parsed by scan/procfs.h.  Nothing here signals, traces or reads the
 * memory of a process: only the files the kernel publishes for it (status,
 * stat, cmdline, environ, maps, fd/, exe, cwd, root, ns/mnt, ns/pid,
 * cgroup).  A file the kernel refuses (another user's process, a process
 * that is not dumpable) makes the process PROC_DENIED with what could be
 * read, never an error for the run; one that vanished makes it PROC_GONE.
 *
 * Paths the kernel gives for another process (maps, exe, cwd, descriptor
 * targets) are made paths inside that process's root: for a chroot in
 * gpudoctor's mount namespace the kernel writes them from gpudoctor's root
 * (/srv/root/usr/lib/x.so), so the root's prefix is removed; for another
 * mount namespace (a container seen from the host) they are already written
 * from that namespace's root.
 *
 * Only the environment variables proc_env_kept() names are read into the
 * facts; the values of all others are never copied out of the parser.
 */
#ifndef GD_SCAN_PROC_H
#define GD_SCAN_PROC_H

#include <stddef.h>
#include <stdint.h>

#include "facts/ps_facts.h"
#include "util/arena.h"
#include "util/err.h"
#include "util/fs.h"
#include "util/strbuf.h"

#define PROC_MAPS_MAX (16u << 20)     /* bytes of /proc/PID/maps read */
#define PROC_MAP_FILES_MAX 65536u     /* distinct mapped files kept */
#define PROC_ENVIRON_MAX (4u << 20)
#define PROC_CMDLINE_MAX (256u << 10)
#define PROC_SMALL_MAX (64u << 10)    /* status, stat, cgroup */
#define PROC_FDS_MAX 8192u            /* descriptors whose targets are read */
#define PS_ARGV_MAX 64u               /* command-line words kept */
#define PS_ARG_LEN_MAX 4096u          /* bytes kept of each */

struct proc_reader {
    struct fs *fs;               /* borrowed: this machine, root "/" (where /proc is) */
    struct arena *a;             /* borrowed: everything observed goes here */
    uint64_t self_mnt_ns;        /* gpudoctor's own mount namespace, 0 unknown */
    long self_uid;               /* gpudoctor's effective uid */
    long clock_ticks;            /* of /proc's times */
    uint64_t uptime_centis;      /* /proc/uptime when the reader started, 0 unknown */
    const char *hidepid;         /* /proc's hidepid= value, or NULL (procfs_proc_mount) */
    long hidepid_gid;            /* its gid=, or -1 */
    int proc_mounted;            /* /proc/self/mountinfo shows proc at /proc */
    struct strbuf passwd;        /* /etc/passwd, read once when a name is first needed */
    int passwd_read;
    struct strbuf buf;           /* scratch */
};

/** Set up r over fs (root "/") and arena a; reads /proc/self (namespace, mount, uptime). */
void proc_reader_init(struct proc_reader *r, struct fs *fs, struct arena *a);
void proc_reader_release(struct proc_reader *r);

/**
 * Every process /proc lists, ascending, into *pids (malloc'd, the caller
 * frees).  0, or -1 with err when /proc cannot be listed.
 */
int proc_list(struct proc_reader *r, long **pids, size_t *n, struct gd_err *err);

/**
 * Does the process look like a Python or framework job: its command line's
 * first word is a Python interpreter (python*, pypy*, ipython*), a
 * launcher (torchrun, accelerate, deepspeed, jupyter*), or a Ray worker's
 * title (ray::...)?  Reads only /proc/PID/cmdline (readable for every
 * user's processes unless /proc hides them).  1 yes, 0 no or gone.
 */
int proc_is_job(struct proc_reader *r, long pid);

/**
 * Read everything ps uses about pid into p (zeroed first).  Never fails:
 * p->access says how much could be read, p->notes what could not.
 */
void proc_observe(struct proc_reader *r, long pid, struct ps_proc *p);

/**
 * The variables worth reading from a process's environment: those the scan
 * uses (LD_LIBRARY_PATH, PATH, VIRTUAL_ENV, CONDA_PREFIX, PYTHONPATH, HOME,
 * CUDA_VISIBLE_DEVICES, NVIDIA_VISIBLE_DEVICES, CUDA_HOME, ...; the list is
 * in proc.c) and those that say who started the job (SLURM_*, LOCAL_RANK,
 * RANK, WORLD_SIZE, TORCHELASTIC_RUN_ID, JPY_PARENT_PID).  name is n bytes.
 */
int proc_env_kept(const char *name, size_t n);

/**
 * The path inside the process's root for a path the kernel gave for it
 * (see above), in a; root is p->root.  NULL stays NULL.
 */
const char *proc_in_root(struct arena *a, const char *root, const char *path);

/** The kernel's short name of pid (/proc/PID/comm), in r->a, or NULL. */
const char *proc_comm(struct proc_reader *r, long pid);

/* The sonames read so far on one root, so that jobs sharing a root read each
 * library once (proc_read_sonames).  Zero it to start; free with
 * proc_sonames_release.  Strings are in the reader's arena. */
struct proc_soname {
    const char *path;
    const char *name;              /* NULL: the file has none, or could not be read */
};
struct proc_sonames {
    struct proc_soname *v;
    size_t n, alloc;
};
void proc_sonames_release(struct proc_sonames *c);

/**
 * The DT_SONAME of every mapped file of the CUDA family (names starting
 * libcu, libnv, libnccl: the runtime, cuDNN, cuBLAS, ..., NVRTC, the
 * driver), read from the file on fs, the process's root (loader/elf.h: the
 * headers only), or from cache (filled as files are read; NULL: none).
 * Deleted files are not read.  Fills maps[].soname.
 */
void proc_read_sonames(struct fs *fs, struct arena *a, struct proc_sonames *cache, struct ps_proc *p);

/**
 * The Python environment whose modules the process mapped: the prefix of
 * the site-packages (dist-packages) directory most of its mapped files
 * under one are in (PREFIX/lib/pythonX.Y/site-packages,
 * /usr/lib/python3/dist-packages -> /usr,
 * /usr/local/lib/pythonX.Y/dist-packages -> /usr/local), or NULL when it
 * mapped none, or they are the user site (~/.local/...).
 */
const char *proc_site_prefix(struct arena *a, const struct ps_proc *p);

/**
 * The interpreter the process runs, on fs (its root): argv[0] when it is a
 * file (absolute, relative to its cwd, or a bare name found on its own
 * PATH), else its executable.  *how says which ("argv[0]", "argv[0] on its
 * PATH", "its executable").  NULL when neither is known.
 */
const char *proc_interpreter(struct fs *fs, struct arena *a, const struct ps_proc *p, const char **how);

/** Seconds the process has run (from its stat and /proc/uptime), or -1 unknown. */
long proc_elapsed_s(const struct proc_reader *r, const struct ps_proc *p);
/** Seconds of CPU it has used, or -1 unknown. */
long proc_cpu_s(const struct proc_reader *r, const struct ps_proc *p);

#endif
