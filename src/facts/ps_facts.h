/*
 * ps_facts.h - what the kernel says about one running process: the files it
 * mapped, the descriptors it holds, its environment (the variables that
 * matter only), its command line, owner, namespaces and cgroup.  Filled by
 * scan/proc.c from /proc/PID (its pure parsers are scan/procfs.h); judged by
 * diagnose/ps.h for `gpudoctor ps`.
 *
 * This is not part of struct facts (facts.h): a process is not the machine.
 * `ps` builds, for each process, the facts of the machine as that process
 * sees it (its environment variables, its interpreter's environment, its
 * root) with the ordinary scan, and judges both together.
 *
 * Every string and array here lives in the arena the observer was given
 * (one ps run's); nothing is freed separately.  Unknown stays unknown: NULL
 * strings, -1 numbers.
 */
#ifndef GD_PS_FACTS_H
#define GD_PS_FACTS_H

#include <stddef.h>
#include <stdint.h>

#include "facts/facts.h"

/* One file mapped into the process (/proc/PID/maps), each file once. */
struct proc_map {
    const char *path;            /* as the kernel wrote it, " (deleted)" removed; in the
                                    process's mount namespace (scan/proc.c makes it a path
                                    inside the process's root) */
    int deleted;                 /* the kernel marked it " (deleted)": replaced or removed
                                    since it was mapped */
    unsigned dev_major, dev_minor;
    uint64_t inode;
    int exec;                    /* some mapping of it is executable */
    const char *soname;          /* its ELF DT_SONAME, read for the CUDA family's libraries
                                    only (proc_read_sonames), else NULL */
};

/* The parts of /proc/PID/status ps uses. */
struct proc_status {
    const char *name;            /* Name: (the kernel's comm, escaped by the kernel) */
    long ppid;                   /* PPid:, -1 unknown */
    long uid, euid;              /* Uid: real and effective, -1 unknown */
    long gid;                    /* Gid: real, -1 unknown */
    long nspid;                  /* the last NSpid: value, its pid in its own pid namespace,
                                    -1 unknown */
    int nspid_levels;            /* how many pid namespaces NSpid: lists (1: the reader's) */
    int threads;                 /* Threads:, -1 unknown */
};

/* The parts of /proc/PID/stat ps uses. */
struct proc_stat {
    char state;                  /* 'R', 'S', 'D', 'Z', ...; 0 unknown */
    uint64_t utime, stime;       /* CPU time, clock ticks */
    uint64_t starttime;          /* start after boot, clock ticks */
    int valid;                   /* 1: the fields above were read */
};

/* What the process's cgroup path says about who runs it. */
struct proc_cgroup {
    const char *path;            /* the unified (v2) path, else the first v1 path */
    const char *container;       /* "docker", "podman", "kubernetes", "containerd",
                                    "cri-o", "lxc", or NULL */
    const char *container_id;    /* the id the path names, or NULL */
    const char *slurm_job;       /* "123" from .../job_123/..., or NULL */
    const char *slurm_step;      /* "0", "batch", "extern", or NULL */
};

/* A descriptor ps kept: a GPU device file (the others are only counted). */
struct proc_fd {
    int fd;
    const char *target;          /* "/dev/nvidia0" */
};

enum proc_access {
    PROC_READ = 0,               /* every file below was read (or is absent by nature) */
    PROC_DENIED,                 /* the kernel refused maps/environ/fd (another user's process,
                                    or one that is not dumpable) */
    PROC_GONE,                   /* it exited while being read, or never existed */
    PROC_HIDDEN                  /* /proc does not show it (hidepid, another pid namespace) */
};

struct ps_proc {
    long pid;
    enum proc_access access;
    const char *denied;          /* PROC_DENIED: the first file refused ("maps") */
    struct proc_status status;
    struct proc_stat stat;
    const char *user;            /* the owner's name (/etc/passwd), or NULL */
    const char **argv;           /* the command line, at most PS_ARGV_MAX words */
    size_t n_argv;
    size_t argv_total;           /* words in the command line (n_argv or more) */
    const char *exe;             /* the executable, a path in the process's root, or NULL */
    int exe_deleted;
    const char *cwd;             /* its working directory, in its root, or NULL */
    const char *root;            /* readlink /proc/PID/root as this reader sees it */
    int other_mnt_ns;            /* 1: another mount namespace than gpudoctor's; 0 the same;
                                    -1 unknown */
    uint64_t mnt_ns;             /* its mount namespace's inode number, 0 unknown */
    struct proc_cgroup cgroup;
    struct env_fact *env;        /* the variables that matter (scan/proc.h), in environ order */
    size_t n_env;
    size_t env_total;            /* variables in its environment, kept or not */
    struct proc_map *maps;       /* mapped files */
    size_t n_maps;
    int maps_truncated;          /* maps was larger than the observer reads */
    struct proc_fd *fds;         /* GPU device files among its descriptors */
    size_t n_fds;
    size_t fds_total;            /* descriptors it holds */
    int fds_truncated;           /* more descriptors than the observer reads */
    const char *role;            /* "jupyter kernel", "torchrun worker", "slurm step",
                                    "ray worker", ... or NULL */
    const char **notes;          /* files that could not be read, and why */
    size_t n_notes;
};

/** The value of variable name in p's environment (the kept ones), or NULL. */
const char *ps_proc_env(const struct ps_proc *p, const char *name);

#endif
