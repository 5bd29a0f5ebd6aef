/*
 * procfs.h - pure parsers for the /proc/PID files `gpudoctor ps` reads.
 *
 * Each takes the bytes of one file, as a bounded read returned them, and
 * fills plain data (facts/ps_facts.h) whose strings go into the caller's
 * arena.  None reads a file, none fails on hostile input: a malformed line
 * is skipped, a value that does not parse stays unknown, a buffer cut short
 * gives what its complete records say.  The formats are the kernel's own
 * (fs/proc/task_mmu.c show_map_vma, fs/proc/base.c proc_pid_cmdline_read
 * and environ_read, fs/proc/array.c proc_pid_status and do_task_stat,
 * kernel/cgroup/cgroup.c proc_cgroup_show, fs/proc_namespace.c
 * show_mountinfo; proc(5)).
 *
 * The environment parser is given the names to keep and never copies the
 * value of any other variable: the report cannot print what was never
 * stored.
 */
#ifndef GD_SCAN_PROCFS_H
#define GD_SCAN_PROCFS_H

#include <stddef.h>
#include <stdint.h>

#include "facts/ps_facts.h"
#include "util/arena.h"

/**
 * /proc/PID/maps: every file-backed mapping ("start-end perms offset
 * major:minor inode path"), each file once (the first line for it; exec set
 * when any of its lines is executable).  Lines without a path, or whose path
 * does not start with '/' ([heap], [vdso], anon_inode:...), are not files.
 * The kernel's " (deleted)" suffix is removed and recorded.  Paths are kept
 * as written (the kernel writes a newline in a name as \012).  A last line
 * without its newline was cut by the reader and is ignored.  At most
 * max_files files; *skipped counts malformed lines.  *out is in a (NULL when
 * there is none).
 */
void procfs_parse_maps(const uint8_t *buf, size_t len, struct arena *a, size_t max_files,
                       struct proc_map **out, size_t *n, size_t *skipped);

/** Which variables to keep: 1 for the name (n bytes, not NUL-terminated). */
typedef int procfs_keep_fn(const char *name, size_t n, void *arg);

/**
 * /proc/PID/environ: NUL-separated NAME=VALUE strings.  Only those keep
 * accepts are copied (name and value) into *out, in order; *total counts
 * every well-formed string seen.  A string without '=' or with an empty
 * name is not counted.
 */
void procfs_parse_environ(const uint8_t *buf, size_t len, procfs_keep_fn *keep, void *arg,
                          struct arena *a, struct env_fact **out, size_t *n, size_t *total);

/**
 * /proc/PID/cmdline: the argument words, NUL-separated (one trailing NUL).
 * A process that rewrote its command line as one string (setproctitle) is
 * one word.  At most max_words are copied, each cut at max_word_len bytes;
 * *total counts them all.  Empty (a kernel thread, a zombie): *n 0.
 */
void procfs_parse_cmdline(const uint8_t *buf, size_t len, struct arena *a, size_t max_words,
                          size_t max_word_len, const char ***out, size_t *n, size_t *total);

/** /proc/PID/status: Name, PPid, Uid, Gid, NSpid, Threads (others ignored; unknown stays -1). */
void procfs_parse_status(const uint8_t *buf, size_t len, struct arena *a, struct proc_status *st);

/**
 * /proc/PID/stat: state, utime, stime, starttime.  The comm field is
 * parenthesised and may itself hold spaces and ')': fields start after the
 * last ')'.  1 read (st->valid), 0 malformed.
 */
int procfs_parse_stat(const uint8_t *buf, size_t len, struct proc_stat *st);

/**
 * /proc/PID/cgroup: "hierarchy:controllers:path" lines.  The unified line
 * ("0::") wins, else the first v1 line.  Its path names the container
 * engine and id (docker-ID.scope, /docker/ID, libpod-ID.scope,
 * cri-containerd-ID.scope, crio-ID.scope, kubepods..., lxc.payload.NAME,
 * /lxc/NAME) and the Slurm job and step (job_N/step_S), when it does.
 */
void procfs_parse_cgroup(const uint8_t *buf, size_t len, struct arena *a, struct proc_cgroup *cg);

/** A namespace link's target ("mnt:[4026531841]") -> its inode.  1, or 0 malformed. */
int procfs_parse_ns(const char *link, uint64_t *ino);

/**
 * /proc/self/mountinfo: the proc file system mounted at "/proc" (the last
 * such line: the mount on top).  1 found,
 * with *hidepid its hidepid= value ("2", "invisible", "noaccess",
 * "ptraceable"; NULL when the option is absent or 0) and *gid its gid=
 * value (-1 absent); 0 when no such line.
 */
int procfs_proc_mount(const uint8_t *buf, size_t len, struct arena *a, const char **hidepid, long *gid);

/** /etc/passwd: the name of uid, 1 found, 0 not. */
int procfs_passwd_name(const uint8_t *buf, size_t len, long uid, struct arena *a, const char **name);

/** /proc/uptime: the first number, in hundredths of a second.  1, or 0 malformed. */
int procfs_parse_uptime(const uint8_t *buf, size_t len, uint64_t *centis);

#endif
