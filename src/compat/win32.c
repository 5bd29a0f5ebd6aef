/*
 * win32.c - Windows (MinGW-w64) implementation of compat.h.
 *
 * Paths cross this boundary as UTF-8 and are converted to UTF-16 for the
 * wide Win32 APIs, so any file name Windows can hold can be examined.  Paths
 * handed back (realpath, getcwd) use '/' as the separator, which every Win32
 * API accepts, so util/fs can join and split them exactly as on POSIX.
 *
 * Differences from POSIX that callers see (documented in docs/windows.md):
 *  - identity is (volume serial number, file index) from
 *    GetFileInformationByHandle, the Windows equivalent of (st_dev, st_ino);
 *  - symbolic links and junctions are followed by the operating system:
 *    lstat reports the target and readlink fails with EINVAL, so util/fs
 *    never sees a link (with host root, the kernel resolves paths anyway);
 *  - permission bits are synthesised (0444, 0644 or 0755 for directories),
 *    uid and gid are 0;
 *  - compat_child_run is unsupported (ENOSYS): the probe's child would have
 *    to be gpudoctor.exe started again with CreateProcess, not written yet;
 *    `gpudoctor probe` therefore fails with that error instead of faking a
 *    result.
 *  - compat/spawn.h (`fleet slurm`'s srun runner): compat_spawn and the
 *    child functions fail with ENOSYS ("unsupported on Windows"), there is
 *    no srun there; compat_self_exe is GetModuleFileNameW.
 * Built only by `make windows` (mk/windows.mk); the Linux build excludes it.
 */
#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compat/compat.h"
#include "compat/spawn.h"
#include "util/alloc.h"
#include "util/banned.h"

/* ---- UTF-8 <-> UTF-16 ------------------------------------------------- */

/* A heap UTF-16 copy of a UTF-8 string, or NULL with errno (EILSEQ for
 * invalid UTF-8, ENOENT for an empty path). */
static wchar_t *wide_dup(const char *s)
{
    int n;
    wchar_t *w;
    if (!s || !*s) {
        errno = ENOENT;
        return NULL;
    }
    n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, NULL, 0);
    if (n <= 0) {
        errno = EILSEQ;
        return NULL;
    }
    w = xmalloc((size_t)n * sizeof(*w));
    if (MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, w, n) != n) {
        free(w);
        errno = EILSEQ;
        return NULL;
    }
    return w;
}

/* Convert w (NUL-terminated) to UTF-8 into buf; -1 ENAMETOOLONG if it does
 * not fit.  Unpaired surrogates become U+FFFD (WideCharToMultiByte). */
static int utf8_into(const wchar_t *w, char *buf, size_t size)
{
    int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, NULL, 0, NULL, NULL);
    if (n <= 0 || (size_t)n > size || size > INT_MAX) {
        errno = ENAMETOOLONG;
        return -1;
    }
    if (WideCharToMultiByte(CP_UTF8, 0, w, -1, buf, (int)size, NULL, NULL) != n) {
        errno = EILSEQ;
        return -1;
    }
    return 0;
}

static char *utf8_dup(const wchar_t *w)
{
    int n = WideCharToMultiByte(CP_UTF8, 0, w, -1, NULL, 0, NULL, NULL);
    char *s;
    if (n <= 0)
        return xstrdup("");
    s = xmalloc((size_t)n);
    if (WideCharToMultiByte(CP_UTF8, 0, w, -1, s, n, NULL, NULL) != n)
        s[0] = '\0';
    return s;
}

static void slashes_forward(char *s)
{
    for (; *s; s++)
        if (*s == '\\')
            *s = '/';
}

/* GetLastError() -> errno, for the codes callers distinguish. */
static int errno_of(DWORD e)
{
    switch (e) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_NAME:
    case ERROR_BAD_NETPATH:
    case ERROR_BAD_PATHNAME:
    case ERROR_INVALID_DRIVE:
        return ENOENT;
    case ERROR_DIRECTORY:
        return ENOTDIR;
    case ERROR_ACCESS_DENIED:
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
        return EACCES;
    case ERROR_FILENAME_EXCED_RANGE:
        return ENAMETOOLONG;
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY:
        return ENOMEM;
    case ERROR_CANT_RESOLVE_FILENAME:
        return ELOOP;
    default:
        return EIO;
    }
}

static int fail_last(void)
{
    errno = errno_of(GetLastError());
    return -1;
}

/* ---- stdout in binary mode -------------------------------------------- */

/* msvcrt turns "\n" into "\r\n" on text-mode streams; gpudoctor's output
 * (JSON, reports compared byte for byte by the tests) is UTF-8 with "\n".
 * The console is told to expect UTF-8.  Runs before main. */
__attribute__((constructor)) static void win32_stdio_init(void)
{
    (void)_setmode(_fileno(stdout), _O_BINARY);
    (void)_setmode(_fileno(stderr), _O_BINARY);
    (void)SetConsoleOutputCP(CP_UTF8);
}

/* ---- file identity ---------------------------------------------------- */

static int64_t unix_time_of(FILETIME ft)
{
    uint64_t t = ((uint64_t)ft.dwHighDateTime << 32) | ft.dwLowDateTime;
    /* 100 ns ticks since 1601-01-01 -> seconds since 1970-01-01 */
    return (int64_t)(t / 10000000u) - INT64_C(11644473600);
}

static int fill_from_handle(HANDLE h, struct compat_stat *st)
{
    BY_HANDLE_FILE_INFORMATION fi;
    DWORD ft;
    if (!GetFileInformationByHandle(h, &fi))
        return fail_last();
    memset(st, 0, sizeof(*st));
    st->dev = fi.dwVolumeSerialNumber;
    st->ino = ((uint64_t)fi.nFileIndexHigh << 32) | fi.nFileIndexLow;
    ft = GetFileType(h);
    if (fi.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) {
        st->type = COMPAT_FT_DIR;
        st->mode = 0755;
    } else if (ft == FILE_TYPE_CHAR) {
        st->type = COMPAT_FT_CHR;
        st->mode = 0666;
    } else if (ft == FILE_TYPE_DISK) {
        st->type = COMPAT_FT_REG;
        st->mode = (fi.dwFileAttributes & FILE_ATTRIBUTE_READONLY) ? 0444 : 0644;
    } else {
        st->type = COMPAT_FT_OTHER;
    }
    st->size = ((uint64_t)fi.nFileSizeHigh << 32) | fi.nFileSizeLow;
    st->mtime = unix_time_of(fi.ftLastWriteTime);
    return 0;
}

int compat_stat(const char *path, struct compat_stat *st)
{
    wchar_t *w = wide_dup(path);
    HANDLE h;
    int r;
    if (!w)
        return -1;
    /* BACKUP_SEMANTICS lets CreateFileW open directories; no access rights
     * are asked for, so a file we may not read still has an identity. */
    h = CreateFileW(w, 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                    OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
    free(w);
    if (h == INVALID_HANDLE_VALUE)
        return fail_last();
    r = fill_from_handle(h, st);
    CloseHandle(h);
    return r;
}

int compat_lstat(const char *path, struct compat_stat *st)
{
    /* Links are followed by Windows itself (see the header comment). */
    return compat_stat(path, st);
}

int compat_fstat(int fd, struct compat_stat *st)
{
    intptr_t h = _get_osfhandle(fd);
    if (h == -1) {
        errno = EBADF;
        return -1;
    }
    return fill_from_handle((HANDLE)h, st);
}

int compat_readlink(const char *path, char *buf, size_t size)
{
    (void)path;
    (void)buf;
    (void)size;
    errno = EINVAL;
    return -1;
}

char *compat_win32_realpath(const char *path, char *resolved)
{
    wchar_t *w = wide_dup(path);
    wchar_t out[32768];
    HANDLE h;
    DWORD n;
    const wchar_t *p = out;
    if (!w)
        return NULL;
    h = CreateFileW(w, 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                    OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
    free(w);
    if (h == INVALID_HANDLE_VALUE) {
        fail_last();
        return NULL;
    }
    n = GetFinalPathNameByHandleW(h, out, (DWORD)(sizeof(out) / sizeof(out[0])),
                                  FILE_NAME_NORMALIZED | VOLUME_NAME_DOS);
    CloseHandle(h);
    if (n == 0 || n >= sizeof(out) / sizeof(out[0])) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    /* "\\?\C:\x" -> "C:\x"; "\\?\UNC\srv\share" -> "\\srv\share" */
    if (!wcsncmp(out, L"\\\\?\\UNC\\", 8)) {
        out[6] = L'\\';
        p = out + 6;
    } else if (!wcsncmp(out, L"\\\\?\\", 4)) {
        p = out + 4;
    }
    if (utf8_into(p, resolved, 4096) < 0)
        return NULL;
    slashes_forward(resolved);
    return resolved;
}

/* ---- reading files ---------------------------------------------------- */

FILE *compat_open_output(const char *path, int *created)
{
    *created = 0;
    return fopen(path, "w");      /* truncated at once here: no O_EXCL dance on Windows yet */
}

int compat_close_output(FILE *fp, const char *path, int created)
{
    int bad = ferror(fp) != 0;
    (void)path, (void)created;
    return fclose(fp) != 0 || bad ? -1 : 0;
}

int compat_fd_blocking(int fd)
{
    (void)fd;
    return 0;     /* files opened here never are non-blocking */
}

int compat_open_read(const char *path)
{
    wchar_t *w = wide_dup(path);
    int fd;
    if (!w)
        return -1;
    fd = _wopen(w, _O_RDONLY | _O_BINARY | _O_NOINHERIT);
    free(w);
    return fd;
}

long compat_read(int fd, void *buf, size_t len)
{
    unsigned n = len > INT_MAX ? INT_MAX : (unsigned)len;
    return (long)_read(fd, buf, n);
}

long compat_pread(int fd, void *buf, size_t len, uint64_t off)
{
    /* Not atomic like pread(2); gpudoctor reads each file from one thread. */
    if (off > INT64_MAX || _lseeki64(fd, (__int64)off, SEEK_SET) < 0)
        return -1;
    return compat_read(fd, buf, len);
}

void compat_close(int fd)
{
    if (fd >= 0)
        _close(fd);
}

int compat_access(const char *path, int mode)
{
    wchar_t *w = wide_dup(path);
    int m = 0, r;
    if (!w)
        return -1;
    /* Windows has no execute bit: X_OK means "exists" (_waccess rejects 1). */
    if (mode & COMPAT_R_OK)
        m |= 4;
    if (mode & COMPAT_W_OK)
        m |= 2;
    r = _waccess(w, m);
    free(w);
    return r;
}

/* ---- directories ------------------------------------------------------ */

struct compat_dir {
    HANDLE h;
    WIN32_FIND_DATAW fd;
    int pending;               /* fd holds an entry not returned yet */
    char name[MAX_PATH * 4];   /* UTF-8 of cFileName (at most MAX_PATH units) */
};

/* Opening inside a tree by handle (compat.h): Windows has no openat, so
 * util/fs opens by name there (ENOSYS from compat_open_root). */
int compat_open_root(const char *path)
{
    (void)path;
    errno = ENOSYS;
    return -1;
}

int compat_open_in_root(int rootfd, const char *rel, unsigned flags)
{
    (void)rootfd, (void)rel, (void)flags;
    errno = ENOSYS;
    return -1;
}

int compat_open_in_root_as(int rootfd, const char *rel, const struct compat_stat *expect)
{
    (void)rootfd, (void)rel, (void)expect;
    errno = ENOSYS;
    return -1;
}

void compat_set_no_openat2(int on)
{
    (void)on;
}

void compat_rooted_opens(unsigned long *by_openat2, unsigned long *by_walk)
{
    *by_openat2 = *by_walk = 0;
}

void compat_set_no_proc_fd(int on)
{
    (void)on;
}

int compat_readlinkat(int fd, const char *name, char *buf, size_t size)
{
    (void)fd, (void)name, (void)buf, (void)size;
    errno = ENOSYS;
    return -1;
}

int compat_reopen_read(int fd)
{
    (void)fd;
    errno = ENOSYS;
    return -1;
}

int compat_access_fd(int fd, int mode)
{
    (void)fd, (void)mode;
    errno = ENOSYS;
    return -1;
}

struct compat_dir *compat_opendir_fd(int fd)
{
    compat_close(fd);
    errno = ENOSYS;
    return NULL;
}

struct compat_dir *compat_opendir(const char *path)
{
    size_t n = strlen(path);
    char *pat = xmalloc(n + 3);
    struct compat_dir *d;
    wchar_t *w;
    memcpy(pat, path, n);
    if (n && path[n - 1] != '/' && path[n - 1] != '\\')
        pat[n++] = '/';
    pat[n++] = '*';
    pat[n] = '\0';
    w = wide_dup(pat);
    free(pat);
    if (!w)
        return NULL;
    d = xcalloc(1, sizeof(*d));
    d->h = FindFirstFileExW(w, FindExInfoBasic, &d->fd, FindExSearchNameMatch, NULL, 0);
    free(w);
    if (d->h == INVALID_HANDLE_VALUE) {
        DWORD e = GetLastError();
        free(d);
        /* An empty directory still lists "." on NTFS; FILE_NOT_FOUND here
         * means the directory itself is missing. */
        errno = e == ERROR_DIRECTORY ? ENOTDIR : errno_of(e);
        return NULL;
    }
    d->pending = 1;
    return d;
}

int compat_readdir(struct compat_dir *d, const char **name, enum compat_ftype *type)
{
    for (;;) {
        if (!d->pending) {
            if (!FindNextFileW(d->h, &d->fd)) {
                if (GetLastError() == ERROR_NO_MORE_FILES)
                    return 0;
                return fail_last();
            }
        }
        d->pending = 0;
        if (!wcscmp(d->fd.cFileName, L".") || !wcscmp(d->fd.cFileName, L".."))
            continue;
        if (utf8_into(d->fd.cFileName, d->name, sizeof(d->name)) < 0)
            continue;
        *name = d->name;
        if (d->fd.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)
            *type = COMPAT_FT_UNKNOWN;     /* followed by stat, as on POSIX */
        else if (d->fd.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY)
            *type = COMPAT_FT_DIR;
        else
            *type = COMPAT_FT_REG;
        return 1;
    }
}

void compat_closedir(struct compat_dir *d)
{
    if (!d)
        return;
    FindClose(d->h);
    free(d);
}

/* ---- environment ------------------------------------------------------ */

static char **env_cache;

static void env_cache_free(void)
{
    size_t i;
    if (!env_cache)
        return;
    for (i = 0; env_cache[i]; i++)
        free(env_cache[i]);
    free(env_cache);
    env_cache = NULL;
}

char **compat_environ(void)
{
    wchar_t *block, *p;
    size_t n = 0, i = 0;
    if (env_cache)
        return env_cache;
    block = GetEnvironmentStringsW();
    if (!block) {
        env_cache = xcalloc(1, sizeof(*env_cache));
        return env_cache;
    }
    for (p = block; *p; p += wcslen(p) + 1)
        n++;
    env_cache = xcalloc(n + 1, sizeof(*env_cache));
    for (p = block; *p; p += wcslen(p) + 1) {
        /* "=C:=C:\dir" entries are cmd.exe's per-drive directories, not variables */
        if (*p == L'=')
            continue;
        env_cache[i++] = utf8_dup(p);
    }
    FreeEnvironmentStringsW(block);
    return env_cache;
}

int compat_setenv(const char *name, const char *value)
{
    wchar_t *wn = wide_dup(name), *wv = NULL;
    int ok;
    if (!wn)
        return -1;
    if (value && *value && !(wv = wide_dup(value))) {
        free(wn);
        return -1;
    }
    /* Windows cannot hold an empty variable: "" unsets it, as _putenv does. */
    ok = SetEnvironmentVariableW(wn, wv) && _wputenv_s(wn, wv ? wv : L"") == 0;
    free(wn);
    free(wv);
    env_cache_free();
    if (!ok) {
        errno = EINVAL;
        return -1;
    }
    return 0;
}

/* ---- host ------------------------------------------------------------- */

int compat_isatty(int fd)
{
    return _isatty(fd) ? 1 : 0;
}

int compat_term_columns(int fd)
{
    CONSOLE_SCREEN_BUFFER_INFO info;
    HANDLE h;
    if (!_isatty(fd))
        return 0;
    h = (HANDLE)_get_osfhandle(fd);
    if (h == INVALID_HANDLE_VALUE || !GetConsoleScreenBufferInfo(h, &info))
        return 0;
    return info.srWindow.Right - info.srWindow.Left + 1;
}

int compat_native_windows(void)
{
    return 1;
}

int compat_host_machine(char *buf, size_t size)
{
    SYSTEM_INFO si;
    const char *m;
    GetNativeSystemInfo(&si);
    switch (si.wProcessorArchitecture) {
    case PROCESSOR_ARCHITECTURE_AMD64: m = "x86_64"; break;
    case PROCESSOR_ARCHITECTURE_ARM64: m = "aarch64"; break;
    case PROCESSOR_ARCHITECTURE_INTEL: m = "i686"; break;
    default: m = "unknown"; break;
    }
    if (strlen(m) >= size) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(buf, m, strlen(m) + 1);
    return 0;
}

int compat_getcwd(char *buf, size_t size)
{
    wchar_t w[32768];
    DWORD n = GetCurrentDirectoryW((DWORD)(sizeof(w) / sizeof(w[0])), w);
    if (n == 0 || n >= sizeof(w) / sizeof(w[0]))
        return fail_last();
    if (utf8_into(w, buf, size) < 0)
        return -1;
    slashes_forward(buf);
    return 0;
}

uint32_t compat_geteuid(void)
{
    return 0;   /* no POSIX ids; device-node permission checks do not apply */
}

int compat_linux(void)
{
    return 0;
}

long compat_clock_ticks(void)
{
    return 100;   /* no /proc; the value is never used */
}

uint64_t compat_now_ns(void)
{
    LARGE_INTEGER c, f;
    QueryPerformanceCounter(&c);
    QueryPerformanceFrequency(&f);
    return (uint64_t)c.QuadPart / (uint64_t)f.QuadPart * 1000000000u +
           (uint64_t)c.QuadPart % (uint64_t)f.QuadPart * 1000000000u / (uint64_t)f.QuadPart;
}

int compat_hostname(char *buf, size_t size)
{
    wchar_t w[256];
    DWORD n = (DWORD)(sizeof(w) / sizeof(w[0]));
    if (!GetComputerNameExW(ComputerNameDnsHostname, w, &n))
        return fail_last();
    return utf8_into(w, buf, size);
}

int compat_today_utc(char *buf, size_t size)
{
    SYSTEMTIME st;
    GetSystemTime(&st);
    if (size < 11)
        return -1;
    snprintf(buf, size, "%04u-%02u-%02u", (unsigned)st.wYear, (unsigned)st.wMonth, (unsigned)st.wDay);
    return 0;
}

const char *compat_native_os(void)
{
    return "windows";
}

/* "C:/": the drive of the Windows folder (%SystemDrive%, which a process's
 * environment can lose or fake, is not asked). */
int compat_system_root(char *buf, size_t size)
{
    wchar_t w[MAX_PATH + 1];
    UINT n = GetSystemWindowsDirectoryW(w, MAX_PATH + 1);
    if (n < 2 || n > MAX_PATH || w[1] != L':')
        return fail_last();
    if (size < 4) {
        errno = ENAMETOOLONG;
        return -1;
    }
    buf[0] = (char)(w[0] < 0x80 ? w[0] : 'C');
    buf[1] = ':';
    buf[2] = '/';
    buf[3] = '\0';
    return 0;
}

int compat_fs_folds_case(void)
{
    return 1;
}

int compat_names_exact(void)
{
    return 0;
}

/* FindFirstFileW without wildcards finds the entry itself, named as stored
 * (a drive root has no entry: -1). */
int compat_disk_name(const char *path, char *buf, size_t size)
{
    wchar_t *w;
    WIN32_FIND_DATAW fd;
    HANDLE h;
    if (strpbrk(path, "*?")) {
        errno = EINVAL;
        return -1;
    }
    w = wide_dup(path);
    if (!w)
        return -1;
    h = FindFirstFileW(w, &fd);
    free(w);
    if (h == INVALID_HANDLE_VALUE)
        return fail_last();
    FindClose(h);
    return utf8_into(fd.cFileName, buf, size);
}

/* ---- code loading and children (probe only) -------------------------- */

void *compat_dl_open(const char *path, char *errbuf, size_t errsize)
{
    wchar_t *w = wide_dup(path);
    HMODULE h;
    DWORD e;
    if (!w) {
        if (errbuf && errsize)
            snprintf(errbuf, errsize, "invalid UTF-8 in path");
        return NULL;
    }
    /* A full path: its own dependencies are searched from its folder first. */
    h = LoadLibraryExW(w, NULL, LOAD_WITH_ALTERED_SEARCH_PATH);
    e = GetLastError();
    free(w);
    if (!h && errbuf && errsize)
        snprintf(errbuf, errsize, "LoadLibraryExW failed: error %lu", (unsigned long)e);
    return (void *)h;
}

void *compat_dl_sym(void *handle, const char *name)
{
    FARPROC f;
    void *p;
    if (!handle)
        return NULL;
    f = GetProcAddress((HMODULE)handle, name);
    memcpy(&p, &f, sizeof(p));
    return p;
}

void compat_dl_close(void *handle)
{
    if (handle)
        FreeLibrary((HMODULE)handle);
}

int compat_write_all(int fd, const void *buf, size_t len)
{
    const char *p = buf;
    while (len) {
        unsigned chunk = len > 65536 ? 65536u : (unsigned)len;
        int n = _write(fd, p, chunk);
        if (n < 0)
            return -1;
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

int compat_can_dlopen(void)
{
    return 1;
}

void compat_tune_malloc(void)
{
}

int compat_child_exec(int wfd, const char *const *args, size_t nargs)
{
    (void)wfd;
    (void)args;
    (void)nargs;
    return 126;   /* no fork, hence no child to exec from (compat_child_run: ENOSYS) */
}

int compat_child_run(int (*fn)(int wfd, const char *const *args, size_t nargs),
                     const char *const *args, size_t nargs, unsigned timeout_ms, unsigned flags,
                     unsigned char *buf, size_t cap, struct compat_child_result *res,
                     const struct compat_child_tick *tick)
{
    (void)fn;
    (void)args;
    (void)nargs;
    (void)timeout_ms;
    (void)flags;
    (void)buf;
    (void)cap;
    (void)tick;
    memset(res, 0, sizeof(*res));
    /* Unsupported on Windows: no fork; see the header comment. */
    errno = ENOSYS;
    return -1;
}

const char *compat_signal_name(int sig)
{
    switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGILL: return "SIGILL";
    case SIGFPE: return "SIGFPE";
    case SIGABRT: return "SIGABRT";
    case SIGTERM: return "SIGTERM";
    case SIGINT: return "SIGINT";
    default: return NULL;
    }
}

/* ---- compat/spawn.h: unsupported on Windows --------------------------- */

/* `fleet slurm` starts srun; Windows has no Slurm client, so these fail
 * with ENOSYS instead of pretending that a child ran. */
int compat_spawn(struct compat_child *c, char *const argv[])
{
    (void)argv;
    c->pid = 0;
    c->out_fd = -1;
    c->err_fd = -1;
    errno = ENOSYS;
    return -1;
}

int compat_child_pump(struct compat_child *c, int timeout_ms,
                      void (*on_data)(int stream, const char *buf, size_t len, void *arg),
                      void *arg)
{
    (void)c;
    (void)timeout_ms;
    (void)on_data;
    (void)arg;
    errno = ENOSYS;
    return -1;
}

int compat_child_kill(struct compat_child *c, int hard)
{
    (void)c;
    (void)hard;
    errno = ENOSYS;
    return -1;
}

int compat_child_wait(struct compat_child *c, int *status, int timeout_ms)
{
    (void)timeout_ms;
    (void)c;
    if (status)
        *status = 0;
    errno = ENOSYS;
    return -1;
}

int compat_child_done(struct compat_child *c, int *status)
{
    (void)c;
    (void)status;
    /* "exited": callers then call compat_child_wait, which fails. */
    return 1;
}

int compat_self_exe(char *buf, size_t size)
{
    wchar_t w[32768];
    DWORD n = GetModuleFileNameW(NULL, w, (DWORD)(sizeof(w) / sizeof(w[0])));
    if (n == 0 || n >= sizeof(w) / sizeof(w[0]))
        return fail_last();
    if (utf8_into(w, buf, size) < 0)
        return -1;
    slashes_forward(buf);
    return 0;
}
#endif
