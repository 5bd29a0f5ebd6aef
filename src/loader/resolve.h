/*
 * resolve.h - which file would the dynamic loader load for a name, and why.
 *
 * The resolver answers "from this object, with this environment, which file
 * would dlopen("libcudnn.so.8") get, and if none, why" without loading
 * anything.  It returns the chosen file and every attempt in order: the
 * step (RPATH of X, LD_LIBRARY_PATH, RUNPATH of X, ld.so.cache, default
 * directories...), the path tried and what was there (found, absent, the
 * other ELF class or machine, unreadable, not a regular file, a broken file
 * that would make the real dlopen fail).
 *
 * Rule sets are chosen by resolve_config.flavour: glibc (resolve_glibc.c,
 * elf/dl-load.c _dl_map_object order), musl (resolve_musl.c,
 * ldso/dynlink.c load_library) and Windows (resolve_win.c, LoadLibraryExW:
 * the loaded-module list, KnownDLLs, the standard SafeDllSearchMode order,
 * SetDllDirectory, the LOAD_LIBRARY_SEARCH_* / AddDllDirectory order;
 * docs/windows.md) and macOS (resolve_macos.c, dyld: DYLD_LIBRARY_PATH,
 * the install name with @rpath / @loader_path / @executable_path,
 * DYLD_FALLBACK_LIBRARY_PATH; dyld(1), docs/macos.md).  Callers only see resolve_request / resolve_result; the
 * Windows fields of both are zero for the Linux rule sets.
 *
 * Windows paths: the examined machine's C: drive is the --root tree, so
 * "C:\Windows\System32" is the virtual path "/Windows/System32" (see
 * resolve_win_vpath).  Windows looks names up case-insensitively; the
 * Windows rule set does too (one directory listing per component that does
 * not match exactly), so "/Windows/System32" finds "/windows/system32".
 *
 * Machine-dependent facts are parameters in resolve_config, filled by
 * resolve_config_detect() from the examined machine and overridable:
 * the glibc version (hwcaps subdirectories since 2.33, legacy hwcap
 * subdirectories 2.26-2.36), the active glibc-hwcaps subdirectories (they
 * depend on the CPU's x86-64 ISA level, loader/isa.h: this machine's from
 * CPUID as ld.so reads it, an examined tree's from its /proc/cpuinfo, else
 * unknown), $PLATFORM (AT_PLATFORM, with glibc's "haswell"/"xeon_phi"
 * override on Intel), $LIB and the default
 * directories (Debian multiarch or upstream lib64), the ELF class and
 * machine the loader accepts.  Secure-execution mode cannot be observed by
 * reading files; it is a parameter (default off).
 *
 * Memory: the resolver owns an arena; every string in a result (paths,
 * messages) lives there until resolver_release.  Result arrays are owned by
 * the result (resolve_result_release).
 */
#ifndef GD_LOADER_RESOLVE_H
#define GD_LOADER_RESOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "loader/elf.h"
#include "loader/ldcache.h"
#include "loader/ldconf.h"
#include "util/arena.h"
#include "util/env.h"
#include "util/err.h"
#include "util/fs.h"

enum resolve_flavour {
    RESOLVE_GLIBC = 0,
    RESOLVE_MUSL,
    RESOLVE_WINDOWS,       /* LoadLibraryExW (resolve_win.c) */
    RESOLVE_MACOS          /* dyld (resolve_macos.c) */
};

enum resolve_step {
    RSTEP_LOADED = 0,      /* already loaded under that name or SONAME */
    RSTEP_PATH,            /* the name contains '/': opened as given */
    RSTEP_RPATH,           /* DT_RPATH of an object of the loading chain */
    RSTEP_LD_LIBRARY_PATH,
    RSTEP_RUNPATH,         /* DT_RUNPATH of the loading object */
    RSTEP_CACHE,           /* /etc/ld.so.cache */
    RSTEP_DEFAULT,         /* the loader's built-in directories */
    RSTEP_MUSL_PATH,       /* musl's /etc/ld-musl-ARCH.path (or its built-in) */
    /* Windows LoadLibrary (RESOLVE_WINDOWS); RSTEP_PATH is a full path. */
    RSTEP_WIN_LOADED,      /* a module of that base name is loaded (any directory) */
    RSTEP_WIN_KNOWNDLLS,   /* a KnownDLL: always the System32 copy */
    RSTEP_WIN_DLL_LOAD_DIR,/* LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR: the importing DLL's dir */
    RSTEP_WIN_ALTERED_DIR, /* LOAD_WITH_ALTERED_SEARCH_PATH: the importing DLL's dir */
    RSTEP_WIN_APP_DIR,     /* the directory of the process's .exe */
    RSTEP_WIN_DLL_DIRECTORY,     /* AddDllDirectory (os.add_dll_directory), newest first */
    RSTEP_WIN_SET_DLL_DIRECTORY, /* SetDllDirectory */
    RSTEP_WIN_SYSTEM32,
    RSTEP_WIN_SYSTEM,      /* the 16-bit system directory (Windows\System) */
    RSTEP_WIN_WINDOWS,     /* the Windows directory */
    RSTEP_WIN_CWD,         /* the current directory */
    RSTEP_WIN_PATH,        /* a PATH entry */
    /* macOS dyld (RESOLVE_MACOS); RSTEP_PATH is an absolute install name. */
    RSTEP_DYLD_LIBRARY_PATH,     /* DYLD_LIBRARY_PATH, with the leaf name */
    RSTEP_DYLD_RPATH,            /* @rpath/ through an LC_RPATH of the chain */
    RSTEP_DYLD_LOADER_PATH,      /* @loader_path/: the loading image's directory */
    RSTEP_DYLD_EXECUTABLE_PATH,  /* @executable_path/: the main executable's */
    RSTEP_DYLD_FALLBACK,         /* DYLD_FALLBACK_LIBRARY_PATH or its default, leaf name */
    RSTEP_DYLD_SHARED_CACHE      /* a system path not on disk: the dyld shared cache */
};

enum resolve_outcome {
    ROUT_FOUND = 0,        /* loadable: the search ends here */
    ROUT_ABSENT,           /* no such file (or a path component is not a directory) */
    ROUT_WRONG_CLASS,      /* ELF of the other class: skipped */
    ROUT_WRONG_MACHINE,    /* ELF for another machine: skipped */
    ROUT_UNREADABLE,       /* permission denied or another open error: skipped */
    ROUT_NOT_REGULAR,      /* a directory or device: glibc fails the dlopen here */
    ROUT_INVALID,          /* not loadable ELF (too short, bad magic, other byte
                              order, bad type): glibc fails the dlopen here */
    ROUT_SKIPPED           /* not tried: a NODEFLIB object refuses a cached
                              system path, or the cache has no entry; Windows:
                              the directory is unknown (CWD, app dir) */
};

/* LoadLibraryExW dwFlags the Windows rule set models (winbase.h values). */
#define RESOLVE_WIN_ALTERED_SEARCH_PATH 0x8u
#define RESOLVE_WIN_SEARCH_DLL_LOAD_DIR 0x100u
#define RESOLVE_WIN_SEARCH_APPLICATION_DIR 0x200u
#define RESOLVE_WIN_SEARCH_USER_DIRS 0x400u
#define RESOLVE_WIN_SEARCH_SYSTEM32 0x800u
#define RESOLVE_WIN_SEARCH_DEFAULT_DIRS 0x1000u  /* APPLICATION_DIR|USER_DIRS|SYSTEM32 */
#define RESOLVE_WIN_SEARCH_MASK 0x1f00u

/* GetLastError codes the Windows rule set predicts. */
#define RESOLVE_WIN_ERROR_INVALID_PARAMETER 87u
#define RESOLVE_WIN_ERROR_MOD_NOT_FOUND 126u
#define RESOLVE_WIN_ERROR_BAD_EXE_FORMAT 193u

struct resolve_config {
    enum resolve_flavour flavour;
    uint8_t elfclass;              /* ELF_CLASS64... the loader's class */
    uint16_t machine;              /* ELF_EM_X86_64... */
    unsigned glibc_major, glibc_minor;  /* 0.0: unknown, treated as >= 2.37 */
    const char *hwcaps[8];         /* active glibc-hwcaps subdirs, best first */
    size_t n_hwcaps;
    const char *hwcaps_source;     /* where hwcaps came from: "cpuid" (this machine's
                                      CPU), "/proc/cpuinfo" (the examined tree's),
                                      "unknown" (neither: none assumed), "--hwcaps"
                                      (given); NULL: not an x86-64 loader */
    const char *legacy[16];        /* legacy hwcap subdirs (2.26-2.36), in order */
    const char *legacy_hwcap;      /* the AT_HWCAP name in them: "x86_64" (x86-64),
                                      "atomics" (AArch64 with LSE atomics), or NULL */
    size_t n_legacy;
    const char *system_dirs[8];    /* default directories, in order, no trailing '/' */
    size_t n_system_dirs;
    const char *lib;               /* $LIB */
    const char *platform;          /* $PLATFORM */
    const char *cwd;               /* for relative directories and empty elements */
    int secure;                    /* AT_SECURE: LD_LIBRARY_PATH ignored, $ORIGIN limited */
    const char *cache_path;        /* "/etc/ld.so.cache" */
    const char *conf_path;         /* "/etc/ld.so.conf" */
    const char *musl_arch;         /* "x86_64" for /etc/ld-musl-x86_64.path */
    /* Windows (RESOLVE_WINDOWS).  cwd is the process's current directory
     * there (a virtual path; NULL: unknown, the step is skipped). */
    uint16_t pe_machine;           /* the process's IMAGE_FILE_MACHINE_*; 0: x64 */
    const char *win_dir;           /* the Windows directory; NULL: "/Windows" */
    int win_unsafe_search;         /* SafeDllSearchMode=0: the CWD right after the app dir */
    /* macOS (RESOLVE_MACOS): the process's CPU type (MACHO_CPU_*, loader/macho.h);
     * 0: the loading image's (arm64 when it has that slice). */
    uint32_t macho_cputype;
};

/* One object of the loading chain. */
struct resolve_object {
    const char *path;              /* as the loader opened it; $ORIGIN is its directory */
    const struct elf_info *elf;    /* its dynamic section; NULL = none known */
};

struct resolve_request {
    const char *name;              /* as passed to dlopen or written in DT_NEEDED */
    /* The loading chain: chain[0] is the object that asks (the dlopen caller,
     * or the object holding the DT_NEEDED); chain[i + 1] is the object that
     * loaded chain[i] through DT_NEEDED.  A dlopen'ed object has no loader,
     * so a chain ends there.  n_chain 0: the main program asks. */
    const struct resolve_object *chain;
    size_t n_chain;
    const struct resolve_object *main_obj;  /* the executable, or NULL if unknown */
    const char *ld_library_path;   /* as at process start; NULL: unset */
    /* 1: only the path is wanted (the driver scan's dlopen of libcuda.so.1):
     * a candidate's dynamic section is not read ahead from the open that
     * checks its header (resolve_elf reads it when asked). */
    int path_only;
    const char *const *loaded;     /* names and SONAMEs already loaded;
                                      Windows: the loaded modules' paths */
    size_t n_loaded;
    /* Windows (RESOLVE_WINDOWS): name is what LoadLibraryExW(name, NULL,
     * win_flags) gets, or, when n_chain > 0, an import of chain[0] (which
     * was loaded with win_flags).  Paths are Windows ("C:\x") or virtual. */
    const char *win_app_dir;       /* the .exe's directory (python.exe's); NULL: unknown */
    const char *win_path;          /* PATH, ';'-separated; NULL: unset */
    const char *const *win_dll_dirs;  /* AddDllDirectory calls, oldest first */
    size_t n_win_dll_dirs;
    const char *win_set_dll_dir;   /* SetDllDirectory's directory; NULL: not called */
    unsigned win_flags;            /* LoadLibraryExW dwFlags (RESOLVE_WIN_...) */
    unsigned win_default_dirs;     /* SetDefaultDllDirectories flags; 0: not called */
    /* macOS (RESOLVE_MACOS): name is an install name as written in
     * LC_LOAD_DYLIB ("@rpath/libtorch_cpu.dylib", "/usr/lib/libz.1.dylib") or
     * given to dlopen; chain[0] the image that loads it, chain[i + 1] its
     * loader (their LC_RPATHs, in that order, then the main executable's). */
    const char *mac_exe;           /* the main executable (@executable_path); NULL: unknown */
    const char *mac_dyld_library_path;          /* NULL: unset */
    const char *mac_dyld_fallback_library_path; /* NULL: unset (the default applies) */
};

struct resolve_attempt {
    enum resolve_step step;
    const char *path;              /* the file tried (arena) */
    enum resolve_outcome outcome;
    const char *from;              /* RPATH/RUNPATH: the object it came from; else NULL */
    const char *hwcaps;            /* the hwcaps or legacy subdir tried, or NULL */
    const char *detail;            /* e.g. "ELFCLASS32", "EM 183 (AArch64)", or NULL */
};

struct resolve_result {
    const char *path;              /* the chosen file, or NULL */
    enum resolve_step step;        /* how it was found (valid when path) */
    const char *from;              /* the object whose RPATH/RUNPATH found it */
    const char *error;             /* when not found: dlopen's message, glibc style */
    struct resolve_attempt *attempts;
    size_t n_attempts, alloc_attempts;
    /* Stale cache (glibc): a directory ldconfig scans holds the name but
     * the cache has no entry for it (ldconfig was not run), and the reverse,
     * a cache entry whose file is gone.  NULL when not the case. */
    const char *stale_uncached;    /* the file ldconfig would have listed */
    const char *stale_missing;     /* the cached path that does not exist */
    const char *suggest_dir;       /* not found: a directory that holds a loadable
                                      file of that name, or NULL */
    int secure_note;               /* LD_LIBRARY_PATH was ignored (secure mode) */
    /* glibc: the glibc-hwcaps subdirectories searched and where they came
     * from (resolve_config.hwcaps_source; NULL: not an x86-64 glibc
     * search).  Borrowed from the resolver, valid until resolver_release. */
    const char *const *hwcaps;
    size_t n_hwcaps;
    const char *hwcaps_source;
    int windows;                   /* the Windows rule set answered */
    int macos;                     /* the dyld rule set answered */
    unsigned win_error;            /* Windows, not found: GetLastError (126, 193, 87) */
};

struct resolver {
    struct fs *fs;                 /* borrowed */
    struct resolve_config cfg;
    struct arena arena;            /* owned: every string in results */
    int cache_state;               /* -2 not read yet, 1 loaded, 0 absent, -1 unusable */
    struct ldcache cache;
    const char *cache_error;
    int conf_state;                /* -2 not read yet, else as ldconf_load */
    struct ldconf conf;
    /* Directories where a missing library may sit off the loader path
     * (the lib dirs that exist one level below /usr/local and /opt), listed once on the first
     * miss: every later miss only stats name in each of them. */
    const char **suggest_dirs;     /* owned array of arena strings */
    size_t n_suggest_dirs, alloc_suggest_dirs;
    int suggest_listed;
    /* Every file examined, once per run (resolve.c): resolve_check_file's
     * verdict and, for a loadable one, its dynamic section, parsed from the
     * same open.  A scan reaches the same objects from many environments
     * and modules (libc, libstdc++, the driver); the tree is taken not to
     * change during a run, as util/fs does. */
    struct resolve_memo *memo;     /* owned hash table */
    size_t memo_n, memo_cap;
    int path_only;                 /* the request being resolved asked path_only */
};

/** Set cfg to neutral defaults: glibc, x86-64, Debian dirs, no hwcaps. */
void resolve_config_default(struct resolve_config *cfg);

/**
 * Fill cfg from the examined machine, never from the host: the ELF class,
 * machine and libc flavour of /bin/sh (its PT_INTERP names glibc's ld-linux
 * or musl's ld-musl-ARCH.so.1); without a readable /bin/sh, the program
 * interpreter installed at the path its ABI fixes (/lib64/ld-linux-x86-64.so.2,
 * /lib/ld-linux-aarch64.so.1, /lib/ld-musl-ARCH.so.1...: its own ELF header
 * when it is one, else its name); without one, the ABI the ld.so.cache
 * entries were written for (0x0a03: AArch64).  Then the
 * glibc version (from the cache's generator string or libc file names),
 * default dirs and $LIB (multiarch when /etc/debian_version and the
 * triplet directory exist), $PLATFORM and the active hwcaps from the
 * x86-64 ISA level (this machine: CPUID; an examined root: its
 * /proc/cpuinfo, else unknown and none; cfg->hwcaps_source says which);
 * AArch64 has no glibc-hwcaps subdirectory, and its legacy "atomics"
 * subdirectory (2.26-2.36) comes from /proc/cpuinfo's Features.  Strings go to
 * arena.  Never fails: what cannot be found keeps its default.
 */
void resolve_config_detect(struct fs *fs, struct arena *arena, struct resolve_config *cfg);

/** Set up r over fs (borrowed) with a copy of cfg.  Never fails. */
void resolver_init(struct resolver *r, struct fs *fs, const struct resolve_config *cfg);
void resolver_release(struct resolver *r);

/**
 * Read the object at vpath (ELF header and dynamic section) into out,
 * strings in r's arena: the convenience for callers that need an object's
 * DT_NEEDED / RPATH / RUNPATH.  1 / 0 absent / -1 (err).
 */
int resolve_object_read(struct resolver *r, const char *vpath, struct resolve_object *out,
                        struct elf_info *info, struct gd_err *err);

/**
 * elf_read of vpath through r's memory of the run: an object read (or
 * checked by resolve_check_file) before is not read again.  *info's
 * strings and arrays are in r's arena.  1 / 0 absent / -1 (err, the same
 * message each time).
 */
int resolve_elf(struct resolver *r, const char *vpath, struct elf_info *info, struct gd_err *err);

/**
 * Resolve req with r's rule set into out (initialised here; release with
 * resolve_result_release).  Returns 1 found, 0 not found (out->error says
 * why, as dlopen would), -1 on a usage error (empty name).  Unreadable
 * files and a bad cache are outcomes, not errors.
 */
int resolve_library(struct resolver *r, const struct resolve_request *req,
                    struct resolve_result *out, struct gd_err *err);

void resolve_result_release(struct resolve_result *res);

/**
 * Check the file at vpath as the ELF loader does before it maps a
 * candidate (glibc elf/dl-load.c open_verify): a regular, readable file
 * with a valid ELF header of r's class, byte order, machine and type.
 * ROUT_FOUND when it would load; otherwise the reason (ROUT_ABSENT,
 * ROUT_UNREADABLE, ROUT_NOT_REGULAR, ROUT_INVALID for an empty, truncated or
 * non-ELF file, ROUT_WRONG_CLASS, ROUT_WRONG_MACHINE) and *detail (r's arena
 * or static, NULL when there is nothing to add).  Every path a diagnosis
 * counts as "the library is there" goes through this, not through a stat.
 */
enum resolve_outcome resolve_check_file(struct resolver *r, const char *vpath,
                                        const char **detail);

/** Stable names for JSON: "rpath", "ld_library_path", "runpath", "cache", ... */
const char *resolve_step_name(enum resolve_step step);
/** Stable names for JSON: "found", "absent", "wrong_class", ... */
const char *resolve_outcome_name(enum resolve_outcome outcome);

/**
 * A Windows path on the examined machine as a virtual path (arena):
 * "C:\A\b" and "C:/A/b" -> "/A/b", "\A" (root of the current drive,
 * taken as C:) -> "/A", "\\?\C:\A" -> "/A"; a path that is already
 * virtual ("/A/b") is kept; a relative one ("A\b") is joined to cwd (a
 * virtual path; NULL: "/").  "." and ".." are resolved.  NULL for another
 * drive letter, a UNC path or a drive-relative "D:x": they are not on the
 * examined tree.
 */
const char *resolve_win_vpath(struct arena *arena, const char *winpath, const char *cwd);

/** A virtual path in Windows form (arena): "/A/b" -> "C:\A\b". */
const char *resolve_win_display(struct arena *arena, const char *vpath);

/** The cache, loaded on first use (NULL if absent or unusable). */
const struct ldcache *resolver_cache(struct resolver *r);

#endif
