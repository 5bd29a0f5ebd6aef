/*
 * compat.h - the only place where the operating system shows through.
 *
 * Everything platform-specific that gpudoctor needs (file identity, directory
 * listing, symbolic links, reading files, the process environment, terminals,
 * the host's own uname) is behind these functions, implemented once for POSIX
 * (compat/posix.c) and once for Windows (compat/win32.c, MinGW).  Callers
 * above util/fs.c must not use them directly for paths on the examined
 * machine: fs.h applies --root.
 *
 * Return conventions: 0 success, -1 failure with errno set (so callers can
 * err_set()).  No function here prints or allocates except where it says so.
 */
#ifndef GD_COMPAT_H
#define GD_COMPAT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

enum compat_ftype {
    COMPAT_FT_UNKNOWN = 0,
    COMPAT_FT_REG,
    COMPAT_FT_DIR,
    COMPAT_FT_LNK,
    COMPAT_FT_CHR,
    COMPAT_FT_OTHER
};

struct compat_stat {
    uint64_t dev, ino;       /* identity, for de-duplication and loops */
    enum compat_ftype type;
    uint64_t size;
    uint32_t mode;           /* permission bits */
    uint32_t uid, gid;
    uint64_t rdev;
    int64_t mtime;
};

int compat_stat(const char *path, struct compat_stat *st);
int compat_lstat(const char *path, struct compat_stat *st);
/** readlink into buf (NUL-terminated); -1 with ENAMETOOLONG if it does not fit. */
int compat_readlink(const char *path, char *buf, size_t size);
/** Open for reading (no controlling tty, close-on-exec, no atime update if allowed). */
int compat_open_read(const char *path);
/**
 * Make reads of fd wait for data (clear O_NONBLOCK, which compat_open_read
 * sets so that a FIFO in a scanned tree cannot block a scan): for an input
 * the user named, such as `fleet report <(kubectl logs ...)`.  0 or -1.
 */
int compat_fd_blocking(int fd);

/**
 * Open path for writing a report without truncating it yet, so that a run
 * that fails before its report leaves an existing file as it was (POSIX:
 * O_CREAT | O_EXCL first, *created then 1; else the file as it is, 0).
 * NULL with errno.  Finish with compat_close_output.
 */
FILE *compat_open_output(const char *path, int *created);
/**
 * Close fp from compat_open_output: a regular file is cut to what was
 * written (the rest of an older, longer file goes); a file it created and
 * wrote nothing to is removed again.  0, or -1 with errno when the close,
 * the cut or a write before it failed.
 */
int compat_close_output(FILE *fp, const char *path, int created);
/** Bounded read; returns bytes read, 0 at EOF, -1 on error (EINTR retried). */
long compat_read(int fd, void *buf, size_t len);
long compat_pread(int fd, void *buf, size_t len, uint64_t off);
int compat_fstat(int fd, struct compat_stat *st);
void compat_close(int fd);
/** access(2): mode is a mix of COMPAT_R_OK / COMPAT_W_OK / COMPAT_X_OK. */
#define COMPAT_R_OK 4
#define COMPAT_W_OK 2
#define COMPAT_X_OK 1
int compat_access(const char *path, int mode);

/*
 * Opening inside a directory tree without ever leaving it (util/fs under
 * --root).  A tree being examined may change while it is read (an image
 * being unpacked, a hostile tree): resolving a path first and opening it
 * by name afterwards would let a symlink swapped in between lead outside.
 * These open relative to a directory handle and resolve every component
 * themselves, so what is opened is always inside the tree.
 */
#define COMPAT_IR_NOFOLLOW 1u   /* a symlink as the last component is not followed */
#define COMPAT_IR_DIR 2u        /* want a directory, opened for listing (compat_opendir_fd) */
#define COMPAT_IR_READ 4u       /* want a file opened for reading (O_NONBLOCK, O_NOCTTY) */
/** A handle on directory path, to pass as rootfd.  -1 with errno. */
int compat_open_root(const char *path);
/**
 * Open rel (a relative path) below the directory rootfd as if rootfd were
 * "/": absolute symlinks restart at rootfd, ".." stops at it, more than 40
 * links is ELOOP.  Without COMPAT_IR_DIR / COMPAT_IR_READ the result is a
 * handle that reads nothing and opened no device (Linux O_PATH): use it
 * with compat_fstat, compat_readlinkat(fd, "") and compat_reopen_read.
 * Linux: openat2(2) with RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS; where
 * the kernel lacks it (before 5.6, or a seccomp filter says ENOSYS/EPERM),
 * or after compat_set_no_openat2(1), the same done one component at a time
 * with openat(O_NOFOLLOW) and readlinkat.  Returns an fd, or -1 with errno
 * (ENOENT, ENOTDIR, ELOOP, EACCES...; ENOSYS where none of this exists:
 * then util/fs opens by name).
 */
int compat_open_in_root(int rootfd, const char *rel, unsigned flags);
/**
 * Open rel under rootfd for reading as compat_open_in_root(COMPAT_IR_READ)
 * does, but only if the last component is the regular file expect names
 * (its dev and ino): the walk (never openat2) stats that component from
 * its parent's handle and opens it one system call later, from the same
 * handle; anything else there (not a regular file, or another file) is
 * left unopened and the result is -2.  For callers that cannot reopen a
 * handle (compat_reopen_read fails without /proc): the window in which a
 * swapped name gets opened is that one call.  fd, -2, or -1 with errno
 * (win32: ENOSYS).
 */
int compat_open_in_root_as(int rootfd, const char *rel, const struct compat_stat *expect);
/** Tests only (GPUDOCTOR_TEST_NO_OPENAT2): use the component walk even where openat2 exists. */
void compat_set_no_openat2(int on);
/**
 * Debug counters (GPUDOCTOR_DEBUG_FS): how many compat_open_in_root and
 * compat_open_in_root_as calls of this process the kernel resolved with
 * openat2 (answered or refused), and how many the component walk did (no
 * openat2 here, a seccomp filter's ENOSYS/EPERM, the test hook, or
 * compat_open_in_root_as, which always walks).  Zeros on Windows.
 */
void compat_rooted_opens(unsigned long *by_openat2, unsigned long *by_walk);
/** readlinkat(2); name "" reads the link a compat_open_in_root NOFOLLOW handle is. */
int compat_readlinkat(int fd, const char *name, char *buf, size_t size);
/**
 * Open for reading the regular file that handle fd (compat_open_in_root)
 * refers to, the same inode whatever happened to its name (Linux: through
 * /proc/self/fd).  -1 with errno when it cannot (no /proc): callers then
 * open the path again and compare identities.
 */
int compat_reopen_read(int fd);
/** Tests only (GPUDOCTOR_TEST_NO_PROC_FD): compat_reopen_read fails as it does without /proc. */
void compat_set_no_proc_fd(int on);
/** access(2) on the file handle fd refers to. */
int compat_access_fd(int fd, int mode);

/* Directory listing: one entry at a time; name is valid until the next call. */
struct compat_dir;
struct compat_dir *compat_opendir(const char *path);
/** 1 and fills *name and *type, 0 at the end, -1 on error. Skips "." and "..". */
int compat_readdir(struct compat_dir *d, const char **name, enum compat_ftype *type);
void compat_closedir(struct compat_dir *d);
/** List the directory fd (from compat_open_in_root with COMPAT_IR_DIR); takes fd, even on failure. */
struct compat_dir *compat_opendir_fd(int fd);

/** The process environment as a NULL-terminated "K=V" array (borrowed). */
char **compat_environ(void);
/** 1 if fd is a terminal. */
int compat_isatty(int fd);
/** The width in columns of the terminal on fd, or 0 (not a terminal, unknown). */
int compat_term_columns(int fd);
/** 1 on native Windows (the reader's default shell is PowerShell there). */
int compat_native_windows(void);
/** The running kernel's machine name (e.g. "x86_64"), into buf. */
int compat_host_machine(char *buf, size_t size);
/** The current working directory, into buf. */
int compat_getcwd(char *buf, size_t size);
/** The effective user and groups (for device node permission checks). */
uint32_t compat_geteuid(void);
/** Clock ticks per second of /proc's times (sysconf(_SC_CLK_TCK)); 100 where there is none. */
long compat_clock_ticks(void);
/** Monotonic clock in nanoseconds (for benchmarks and probe timing). */
uint64_t compat_now_ns(void);
/** The host's name, into buf. */
int compat_hostname(char *buf, size_t size);
/** Today's date in UTC, "YYYY-MM-DD", into buf (at least 11 bytes): 0, or -1. */
int compat_today_utc(char *buf, size_t size);

/**
 * The --os of the machine gpudoctor runs on, when it examines itself (no
 * --os given): "windows" in gpudoctor.exe, NULL on POSIX (the Linux
 * observers, the default everywhere else).
 */
const char *compat_native_os(void);
/** 1 when gpudoctor runs on Linux (its /proc is what `ps` reads), else 0. */
int compat_linux(void);
/**
 * The host directory that is this machine's "/" for util/fs when no --root
 * is given, into buf: "/" on POSIX; on Windows the root of the system drive
 * ("C:/", from GetSystemWindowsDirectoryW), so the virtual path
 * /Windows/System32 is C:\Windows\System32 whatever the current drive is
 * (under Wine a process started from a Unix folder has Z: current).
 */
int compat_system_root(char *buf, size_t size);
/**
 * 1 when names that differ only in letter case are one file on this host's
 * file systems (Windows), 0 on POSIX.  Then a successful stat says nothing
 * about the case on disk, and compat_disk_name must be asked.
 */
int compat_fs_folds_case(void);
/**
 * 1 when a name is found in a directory only by an entry spelled byte for
 * byte the same (Linux), so a directory's listing answers "does dir/NAME
 * exist" without asking for NAME itself; 0 where a file system may fold
 * case or normalise Unicode (Windows, and macOS: APFS and HFS+ by default).
 */
int compat_names_exact(void);
/**
 * The name of path's last component as stored on disk (its letter case),
 * into buf.  Windows: FindFirstFileW on the path (no wildcards).  POSIX:
 * the last component as given.  0, or -1 with errno.
 */
int compat_disk_name(const char *path, char *buf, size_t size);

/*
 * The x86 CPU this process runs on, as the processor itself reports it
 * (CPUID) and as the operating system enabled it (XGETBV: which register
 * states the OS saves).  This is what glibc's ld.so reads at start-up to
 * choose the glibc-hwcaps subdirectories (sysdeps/x86/cpu-features.c,
 * init_cpu_features and update_active); loader/isa.c turns it into an ISA
 * level with glibc's rules.  Implemented once for every OS in
 * compat/cpuid_x86.c (GCC/Clang <cpuid.h>).
 */
struct compat_x86_cpuid {
    uint32_t max_leaf;                 /* CPUID(0).EAX: highest basic leaf */
    uint32_t vendor_ebx, vendor_ecx, vendor_edx;  /* CPUID(0): "Genu" "ntel" "ineI" */
    uint32_t l1_eax, l1_ecx, l1_edx;   /* CPUID(1): family/model, feature bits */
    uint32_t l7_ebx, l7_ecx, l7_edx;   /* CPUID(7, 0); 0 when max_leaf < 7 */
    uint32_t ext_max;                  /* CPUID(0x80000000).EAX */
    uint32_t e1_ecx, e1_edx;           /* CPUID(0x80000001); 0 when ext_max is lower */
    uint64_t xcr0;                     /* XGETBV(0) when CPUID.1:ECX.OSXSAVE, else 0 */
};
/**
 * Fill out from CPUID and XGETBV on this CPU.  0, or -1 with errno ENOSYS
 * on a host that is not x86 (or a compiler without <cpuid.h>): then the
 * caller knows nothing about the CPU and must say so.
 */
int compat_x86_cpuid(struct compat_x86_cpuid *out);

#ifdef _WIN32
/**
 * realpath(3) for MinGW, which has none: the final path of an existing file
 * (links and junctions resolved by Windows, "\\?\" stripped, '/' as the
 * separator, e.g. "C:/Windows").  resolved must hold 4096 bytes.  NULL with
 * errno on failure.  util/fs calls realpath for --root only.
 */
char *compat_win32_realpath(const char *path, char *resolved);
#define realpath(path, resolved) compat_win32_realpath((path), (resolved))
#endif


/* ------------------------------------------------------------------------
 * Loading code and child processes.  Used by `gpudoctor probe` only, the one
 * mode that runs code from the machine (the NVIDIA driver's libraries), and
 * always in a child process so that a hanging or crashing driver cannot hang
 * or crash gpudoctor.  POSIX: compat/posix_child.c (dlopen, fork, pipe,
 * poll, waitpid, kill), kept apart from posix.c because nothing else may
 * load code.  Windows: compat/win32.c.  See docs/probe.md.
 *
 * The child primitive is "run this function in a fresh process with these
 * string arguments, give it a pipe to write to, and capture what it writes
 * within a deadline".  POSIX forks and calls fn directly.  Windows has no
 * fork: it will start gpudoctor itself again (CreateProcess with a hidden
 * argument naming fn's registered name, args on the command line), so fn may
 * depend on nothing but args: no pointers into the parent's memory, no open
 * files other than wfd.  Until then it fails with ENOSYS there.
 * ------------------------------------------------------------------------ */

/**
 * Load the shared library at path (a full path: no search) with immediate
 * binding and local symbols (dlopen RTLD_NOW|RTLD_LOCAL; LoadLibraryExW
 * later).  Runs the library's constructors.  NULL on failure, with the
 * loader's own message (dlerror) copied, truncated, into errbuf.
 */
void *compat_dl_open(const char *path, char *errbuf, size_t errsize);
/** The address of symbol name in handle, or NULL when it is not exported. */
void *compat_dl_sym(void *handle, const char *name);
/** Unload a handle from compat_dl_open (NULL-safe). */
void compat_dl_close(void *handle);

/** Set (value non-NULL) or unset (value NULL) a variable of this process. */
int compat_setenv(const char *name, const char *value);

/** Write all len bytes to fd (EINTR retried).  0, or -1 with errno. */
int compat_write_all(int fd, const void *buf, size_t len);

/** How a child run ended. */
enum compat_child_end {
    COMPAT_CHILD_EXITED = 0,   /* it returned or exited: code is the status */
    COMPAT_CHILD_SIGNALED,     /* killed by a signal (a crash): code is the signal */
    COMPAT_CHILD_TIMEOUT,      /* the deadline passed: it was killed */
    COMPAT_CHILD_OVERFLOW      /* it wrote more than the buffer holds: killed */
};

/* Whether the child's guard (see compat_child_run) was installed. */
enum compat_guard {
    COMPAT_GUARD_UNKNOWN = 0,  /* the child said nothing (it died at once) */
    COMPAT_GUARD_ON,           /* signals to gpudoctor, ptrace and process_vm_* are refused */
    COMPAT_GUARD_UNSUPPORTED,  /* not this system or architecture (no seccomp filter) */
    COMPAT_GUARD_REFUSED,      /* the kernel refused the filter: guard_errno says why */
    COMPAT_GUARD_NOT_WANTED    /* it needs no_new_privs, which the caller did not allow */
};

struct compat_child_result {
    enum compat_child_end end;
    int code;                  /* exit status or signal number */
    uint64_t elapsed_ns;       /* from start to the end of the wait */
    size_t len;                /* bytes captured into the caller's buffer */
    int unreaped;              /* killed but not reaped within the grace time
                                  (a process stuck in the kernel); left behind */
    enum compat_guard guard;
    int guard_errno;
};

/* compat_child_run flags */
#define COMPAT_CHILD_NNP 1u        /* the guard may set no_new_privs (setuid programs the
                                      child runs then gain no privilege) */

/**
 * While compat_child_run waits: fn(arg, buf, len, elapsed_ns) about once a
 * second, with what the child has written so far (borrowed, len bytes).
 */
struct compat_child_tick {
    void (*fn)(void *arg, const unsigned char *buf, size_t len, uint64_t elapsed_ns);
    void *arg;
};

/**
 * Run fn(wfd, args, nargs) in a child process and capture what it writes to
 * wfd into buf (at most cap bytes), waiting at most timeout_ms in all.
 * The run ends when the child exits (it is reaped then), not when the pipe
 * reaches end of file: a process the child left behind (a driver's helper
 * that daemonised, holding the pipe) does not keep it waiting.  What is in
 * the pipe when the child has exited is read without blocking.  tick, when
 * not NULL, is called while waiting (see struct compat_child_tick).
 *
 * The child starts in a session and process group of its own (setsid: no
 * controlling terminal, no job-control signals, and it cannot join this
 * process's group), with standard input, output and error on the null
 * device (a library that prints cannot disturb the report), the crash
 * signals (SEGV, BUS, ILL, FPE, ABRT, TRAP, SYS) reset to their default
 * action so that a crash ends it with that signal even in a sanitizer
 * build, and (Linux) a parent-death signal.  While it runs this process is
 * not dumpable (no same-user ptrace or /proc/PID/mem of it without
 * CAP_SYS_PTRACE), and the child, before fn, drops CAP_SYS_PTRACE when it
 * has it and installs the guard (Linux x86-64 and AArch64): a seccomp
 * filter, inherited by everything it starts, that refuses with EPERM every
 * signal to this process, to its process group and to all processes
 * (kill -1), ptrace and process_vm_readv/writev.  The filter needs
 * CAP_SYS_ADMIN or no_new_privs; the latter only with COMPAT_CHILD_NNP in
 * flags.  res->guard says what happened.  fn's return value is the child's
 * exit status; the child never returns to the caller's code, and never runs
 * atexit handlers.  Every wait is bounded by the deadline: on it (or on
 * overflow) the child's process group is killed and reaped for up to a
 * short grace time, then left.
 *
 * Returns 0 with res filled (whatever happened to the child), or -1 with
 * errno when the child could not be started (pipe or fork failed).
 */
int compat_child_run(int (*fn)(int wfd, const char *const *args, size_t nargs),
                     const char *const *args, size_t nargs, unsigned timeout_ms, unsigned flags,
                     unsigned char *buf, size_t cap, struct compat_child_result *res,
                     const struct compat_child_tick *tick);

/**
 * 1 when this program can load shared libraries itself (compat_dl_open),
 * 0 when it cannot: the static build (`make static`, GD_STATIC), whose
 * libc (musl, linked in) has no dynamic loader to give it.  Then the probe
 * starts its helper program instead (probe/helper.h).
 */
int compat_can_dlopen(void);

/**
 * Tune the C library's allocator for a short run, once, before the first
 * allocation that matters (main).  glibc: the heap grows 2 MiB past each
 * request (M_TOP_PAD; 128 KiB by default), so a check's heap, a few MB,
 * grows in two or three brk(2) calls instead of a dozen; pages are mapped
 * when first touched, so the resident size does not change.  Elsewhere
 * (musl, macOS, MinGW's msvcrt) it does nothing.  Never fails.
 */
void compat_tune_malloc(void);

/* The descriptor a program started by compat_child_exec writes its records to. */
#define COMPAT_EXEC_WIRE_FD 3

/**
 * A child function for compat_child_run that runs another program: args[0]
 * is its path, args[0..nargs-1] its argv (nargs at most 64).  The result
 * pipe is moved to COMPAT_EXEC_WIRE_FD first (standard input, output and
 * error stay on the null device).  Returns only when the program cannot be
 * started: 127 (ENOENT: no such file, or its ELF interpreter is missing) or
 * 126 (any other reason), having written nothing to the pipe.
 */
int compat_child_exec(int wfd, const char *const *args, size_t nargs);

/** A signal's name ("SIGSEGV"), or NULL when unknown. */
const char *compat_signal_name(int sig);

/* ---- probe --compute and --import (compat/posix_probe.c) -----------------
 * The few more platform calls the compute and import children need, kept
 * apart from compat_child_run's file.  Windows: unsupported (win32_probe.c). */

/**
 * Arm (ms > 0) or disarm (0) a one-shot timer that ends this process with
 * SIGALRM after ms: a child's bound on one step.  0, or -1 with errno
 * (ENOSYS where there is no such timer).
 */
int compat_step_timer(unsigned ms);

/** SIGALRM's number, for telling compat_step_timer's end from a crash; -1 where none. */
int compat_step_timer_signal(void);

/**
 * Open the kernel log (Linux /dev/kmsg) for reading from its current end,
 * without blocking: what is logged from now on.  fd, or -1 with errno
 * (EACCES/EPERM: kernel.dmesg_restrict; ENOENT; ENOSYS elsewhere).
 */
int compat_kmsg_open(void);

/**
 * Read what the kernel logged since compat_kmsg_open, up to cap bytes, one
 * record per line as the kernel writes them ("PRI,SEQ,TS,FLAGS;TEXT\n");
 * records that do not fit are left.  Returns the bytes read (0: nothing).
 */
size_t compat_kmsg_read(int fd, unsigned char *buf, size_t cap);

/**
 * Put this process in a network namespace of its own (no interface but a
 * down loopback): unshare(CLONE_NEWNET), or, without the privilege for it,
 * a user namespace mapping this user and group to themselves with a network
 * namespace.  1 isolated; 0 not (errno says why: EPERM, EINVAL, ENOSYS).
 */
int compat_isolate_network(void);

/**
 * In a compat_child_run child: move wfd to COMPAT_EXEC_WIRE_FD and execute
 * path with argv and exactly the environment envp (both NULL-terminated).
 * Returns only when it cannot be started: 127 (ENOENT) or 126.
 */
int compat_child_execve(int wfd, const char *path, char *const argv[], char *const envp[]);

#endif
