/*
 * fakecuda.c - a fake NVIDIA driver for the probe tests: one shared library
 * exporting the CUDA driver API and NVML entry points `gpudoctor probe`
 * calls, installed in fixtures as libcuda.so.1 and libnvidia-ml.so.1.
 *
 * Built by mk/probe.mk as build/san/fakedriver/libfakecuda.so (plain, not
 * under a sanitizer: it stands for a foreign library).  Its answers come
 * from the environment variable GD_FAKE_DRIVER, read at every call:
 *
 *     key=value;key=value...
 *     devices=N          GPUs (default 2); 0 makes cuInit return 100
 *     nameI=TEXT         device I's name (default "Fake GPU I")
 *     ccI=M.m            compute capability (default 8.6)
 *     memI=MIB           memory in MiB (default 24576)
 *     driver=VERSION     nvmlSystemGetDriverVersion (default 550.54.15)
 *     cuda=N             cuDriverGetVersion (default 12040)
 *     cuinit=RC          cuInit's result (default 0)
 *     nvmlinit=RC        nvmlInit_v2's result (default 0)
 *     hang=FN            cuInit or nvmlInit never return
 *     crash=FN           cuInit or nvmlInit die with SIGSEGV
 *     procsI=PID:MIB,... the compute processes nvmlDeviceGetComputeRunningProcesses_v3
 *                        lists on device I (default none); MIB "-" is
 *                        NVML_VALUE_NOT_AVAILABLE
 *     procsrc=RC         its result instead (e.g. 4, NVML_ERROR_NO_PERMISSION)
 *     daemon=FN          cuInit or nvmlInit start a detached process (a new
 *                        session, as a daemonising helper does) that holds
 *                        every descriptor the caller had open, the probe's
 *                        result pipe included, and sleeps daemon_s seconds
 *                        (default 20); the call itself returns at once
 *
 * The evil kinds (tests/reliability/r020): FN attacks the process that
 * started it, and, where it can learn whether that worked, writes one line
 * per attempt to the file named by GD_FAKE_REPORT ("what rc errno"):
 *     stop_parent=FN     kill(getppid(), SIGSTOP), then returns
 *     kill_parent=FN     kill(getppid(), SIGKILL), then returns
 *     try_parent=FN      only asks: kill(ppid, 0), kill(-pgid(ppid), 0),
 *                        kill(-1, 0), ptrace(PTRACE_ATTACH, ppid),
 *                        pidfd_open(ppid), prlimit(ppid), process_vm_readv
 *     escape=FN          a grandchild in a new session outlives the call,
 *                        and after escape_ms (default 300) sends SIGSTOP to
 *                        the first parent; the call returns at once
 *     exit=FN            _exit(0) inside the call (no END record)
 *     flood=FN           writes 1 MiB of 0xff to every descriptor 3..63
 *     closefds=FN        closes every descriptor 3..1023, then never returns
 *     stopself=FN        raise(SIGSTOP)
 *     spin=FN            a busy loop that never returns
 *
 * cuInit honours CUDA_VISIBLE_DEVICES like the real driver does for
 * indices: a comma-separated list, read up to the first invalid entry; no
 * valid entry (also "" and "-1") means CUDA_ERROR_NO_DEVICE.  PCI bus ids are
 * 0000:0I:00.0 (CUDA) and 00000000:0I:00.0 (NVML), so probe can match them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#define MAXDEV 16

static int visible[MAXDEV];
static int n_visible = -1;

/* The value of key in GD_FAKE_DRIVER, copied into buf, or NULL. */
static const char *conf(const char *key, char *buf, size_t size)
{
    const char *s = getenv("GD_FAKE_DRIVER");
    size_t kl = strlen(key);
    while (s && *s) {
        const char *end = strchr(s, ';');
        size_t n = end ? (size_t)(end - s) : strlen(s);
        if (n > kl && !strncmp(s, key, kl) && s[kl] == '=') {
            size_t vl = n - kl - 1;
            if (vl >= size)
                vl = size - 1;
            memcpy(buf, s + kl + 1, vl);
            buf[vl] = '\0';
            return buf;
        }
        s = end ? end + 1 : NULL;
    }
    return NULL;
}

static long conf_int(const char *key, long def)
{
    char b[64];
    return conf(key, b, sizeof(b)) ? strtol(b, NULL, 10) : def;
}

static int devices(void)
{
    long n = conf_int("devices", 2);
    return n < 0 ? 0 : n > MAXDEV ? MAXDEV : (int)n;
}

static void report(const char *what, long rc, int err)
{
    const char *path = getenv("GD_FAKE_REPORT");
    FILE *f = path ? fopen(path, "a") : NULL;
    if (f) {
        fprintf(f, "%s %ld %d\n", what, rc, rc < 0 ? err : 0);
        fclose(f);
    }
}

static void try_parent(void)
{
    pid_t pp = getppid(), pg = getpgid(pp);
    struct rlimit rl;
    char byte;
    struct iovec local = { &byte, 1 }, remote = { &byte, 1 };
    long r;
    errno = 0;
    r = kill(pp, 0);
    report("kill-parent", r, errno);
    errno = 0;
    r = pg > 0 ? kill(-pg, 0) : -1;
    report("kill-parent-group", r, errno);
    errno = 0;
    r = kill(-1, 0);
    report("kill-all", r, errno);
    errno = 0;
    r = ptrace(PTRACE_ATTACH, pp, NULL, NULL);
    report("ptrace-parent", r, errno);
    if (r == 0)
        ptrace(PTRACE_DETACH, pp, NULL, NULL);
    errno = 0;
    r = syscall(434 /* pidfd_open */, pp, 0);
    report("pidfd-open-parent", r, errno);
    errno = 0;
    r = prlimit(pp, RLIMIT_NOFILE, NULL, &rl);
    report("prlimit-parent", r, errno);
    errno = 0;
    r = process_vm_readv(pp, &local, 1, &remote, 1, 0);
    report("process-vm-readv-parent", r, errno);
#ifdef __x86_64__
    errno = 0;
    r = syscall(0x40000000 | 62 /* x32 kill */, pp, 0);
    report("kill-parent-x32", r, errno);
#endif
}

static void misbehave(const char *fn)
{
    char b[64];
    if (conf("stop_parent", b, sizeof(b)) && !strcmp(b, fn)) {
        long r = kill(getppid(), SIGSTOP);
        report("sigstop-parent", r, errno);
    }
    if (conf("kill_parent", b, sizeof(b)) && !strcmp(b, fn)) {
        long r = kill(getppid(), SIGKILL);
        report("sigkill-parent", r, errno);
    }
    if (conf("try_parent", b, sizeof(b)) && !strcmp(b, fn))
        try_parent();
    if (conf("escape", b, sizeof(b)) && !strcmp(b, fn)) {
        pid_t first = getppid();
        if (fork() == 0) {
            if (fork() == 0) {
                long ms = conf_int("escape_ms", 300);
                setsid();
                report("escaped", (long)getpid(), 0);
                usleep((useconds_t)ms * 1000u);
                long r;
                r = kill(first, SIGSTOP);
                report("sigstop-first-parent", r, errno);
                _exit(0);
            }
            _exit(0);
        }
    }
    if (conf("exit", b, sizeof(b)) && !strcmp(b, fn))
        _exit(0);
    if (conf("flood", b, sizeof(b)) && !strcmp(b, fn)) {
        static unsigned char junk[65536];
        int fd, i;
        memset(junk, 0xff, sizeof(junk));
        signal(SIGPIPE, SIG_IGN);
        for (fd = 3; fd < 64; fd++)
            for (i = 0; i < 16; i++)
                if (write(fd, junk, sizeof(junk)) < 0)
                    break;
    }
    if (conf("closefds", b, sizeof(b)) && !strcmp(b, fn)) {
        int fd;
        for (fd = 3; fd < 1024; fd++)
            close(fd);
        for (;;)
            pause();
    }
    if (conf("stopself", b, sizeof(b)) && !strcmp(b, fn))
        raise(SIGSTOP);
    if (conf("spin", b, sizeof(b)) && !strcmp(b, fn)) {
        volatile unsigned long n = 0;
        for (;;)
            n++;
    }
    if (conf("hang", b, sizeof(b)) && !strcmp(b, fn))
        for (;;)
            pause();
    if (conf("crash", b, sizeof(b)) && !strcmp(b, fn))
        raise(SIGSEGV);
    if (conf("daemon", b, sizeof(b)) && !strcmp(b, fn)) {
        pid_t pid = fork();
        if (pid == 0) {
            unsigned left = (unsigned)conf_int("daemon_s", 20);
            setsid();
            while (left)
                left = sleep(left);
            _exit(0);
        }
    }
}

static void copy(char *dst, int len, const char *src)
{
    if (len <= 0)
        return;
    snprintf(dst, (size_t)len, "%s", src);
}

static void dev_name(int i, char *buf, int len)
{
    char key[16], b[128];
    snprintf(key, sizeof(key), "name%d", i);
    if (conf(key, b, sizeof(b)))
        copy(buf, len, b);
    else {
        snprintf(b, sizeof(b), "Fake GPU %d", i);
        copy(buf, len, b);
    }
}

static void dev_cc(int i, int *ma, int *mi)
{
    char key[16], b[32];
    snprintf(key, sizeof(key), "cc%d", i);
    *ma = 8;
    *mi = 6;
    if (conf(key, b, sizeof(b)))
        sscanf(b, "%d.%d", ma, mi);
}

static unsigned long long dev_mem(int i)
{
    char key[16];
    snprintf(key, sizeof(key), "mem%d", i);
    return (unsigned long long)conf_int(key, 24576) * 1024ull * 1024ull;
}

/* ---- CUDA driver API ---------------------------------------------------- */

int cuDriverGetVersion(int *v)
{
    *v = (int)conf_int("cuda", 12040);
    return 0;
}

int cuInit(unsigned flags)
{
    const char *cvd = getenv("CUDA_VISIBLE_DEVICES");
    int n = devices(), rc;
    (void)flags;
    misbehave("cuInit");
    rc = (int)conf_int("cuinit", 0);
    if (rc)
        return rc;
    n_visible = 0;
    if (!cvd) {
        for (n_visible = 0; n_visible < n; n_visible++)
            visible[n_visible] = n_visible;
    } else {
        const char *p = cvd;
        while (*p && n_visible < MAXDEV) {
            char *end;
            long v = strtol(p, &end, 10);
            int j, dup = 0;
            if (end == p || v < 0 || v >= n || (*end && *end != ','))
                break;
            for (j = 0; j < n_visible; j++)
                dup |= visible[j] == v;
            if (dup)
                break;
            visible[n_visible++] = (int)v;
            p = *end ? end + 1 : end;
        }
    }
    return n_visible ? 0 : 100;
}

int cuDeviceGetCount(int *count)
{
    if (n_visible < 0)
        return 3;
    *count = n_visible;
    return 0;
}

int cuDeviceGet(int *dev, int ordinal)
{
    if (n_visible < 0)
        return 3;
    if (ordinal < 0 || ordinal >= n_visible)
        return 101;
    *dev = visible[ordinal];
    return 0;
}

int cuDeviceGetName(char *name, int len, int dev)
{
    dev_name(dev, name, len);
    return 0;
}

int cuDeviceGetAttribute(int *pi, int attr, int dev)
{
    int ma, mi;
    dev_cc(dev, &ma, &mi);
    if (attr == 75)
        *pi = ma;
    else if (attr == 76)
        *pi = mi;
    else
        return 1;
    return 0;
}

int cuDeviceTotalMem_v2(size_t *bytes, int dev)
{
    *bytes = (size_t)dev_mem(dev);
    return 0;
}

int cuDeviceGetPCIBusId(char *buf, int len, int dev)
{
    char b[32];
    snprintf(b, sizeof(b), "0000:%02x:00.0", dev + 1);
    copy(buf, len, b);
    return 0;
}

int cuGetErrorName(int rc, const char **name)
{
    switch (rc) {
    case 0: *name = "CUDA_SUCCESS"; return 0;
    case 34: *name = "CUDA_ERROR_STUB_LIBRARY"; return 0;
    case 100: *name = "CUDA_ERROR_NO_DEVICE"; return 0;
    case 803: *name = "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"; return 0;
    case 804: *name = "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE"; return 0;
    case 999: *name = "CUDA_ERROR_UNKNOWN"; return 0;
    default: *name = NULL; return 1;
    }
}

/* ---- NVML ---------------------------------------------------------------- */

struct fake_pci {
    char legacy[16];
    unsigned domain, bus, device, id, subsys;
    char bus_id[32];
};

int nvmlInit_v2(void)
{
    misbehave("nvmlInit");
    return (int)conf_int("nvmlinit", 0);
}

int nvmlShutdown(void)
{
    return 0;
}

const char *nvmlErrorString(int rc)
{
    return rc == 18 ? "Driver/library version mismatch" : rc == 9 ? "Driver Not Loaded" : "Unknown Error";
}

int nvmlSystemGetDriverVersion(char *buf, unsigned len)
{
    char b[80];
    if (!conf("driver", b, sizeof(b)))
        snprintf(b, sizeof(b), "550.54.15");
    copy(buf, (int)len, b);
    return 0;
}

int nvmlSystemGetCudaDriverVersion_v2(int *v)
{
    *v = (int)conf_int("cuda", 12040);
    return 0;
}

int nvmlDeviceGetCount_v2(unsigned *count)
{
    *count = (unsigned)devices();
    return 0;
}

int nvmlDeviceGetHandleByIndex_v2(unsigned i, void **dev)
{
    if (i >= (unsigned)devices())
        return 2;
    *dev = (void *)(unsigned long)(i + 1);
    return 0;
}

static int idx(void *dev)
{
    return (int)(unsigned long)dev - 1;
}

int nvmlDeviceGetName(void *dev, char *buf, unsigned len)
{
    dev_name(idx(dev), buf, (int)len);
    return 0;
}

int nvmlDeviceGetCudaComputeCapability(void *dev, int *ma, int *mi)
{
    dev_cc(idx(dev), ma, mi);
    return 0;
}

int nvmlDeviceGetMemoryInfo(void *dev, unsigned long long *m)
{
    m[0] = dev_mem(idx(dev));
    m[1] = m[0];
    m[2] = 0;
    return 0;
}

int nvmlDeviceGetUUID(void *dev, char *buf, unsigned len)
{
    char b[96];
    snprintf(b, sizeof(b), "GPU-fa4e0000-0000-0000-0000-%012d", idx(dev));
    copy(buf, (int)len, b);
    return 0;
}

int nvmlDeviceGetPciInfo_v3(void *dev, struct fake_pci *p)
{
    memset(p, 0, sizeof(*p));
    p->bus = (unsigned)idx(dev) + 1;
    snprintf(p->legacy, sizeof(p->legacy), "0000:%02x:00.0", p->bus);
    snprintf(p->bus_id, sizeof(p->bus_id), "00000000:%02x:00.0", p->bus);
    return 0;
}

/* nvmlProcessInfo_t (v2 layout), as nvml.h declares it. */
struct fake_proc {
    unsigned pid;
    unsigned long long used;
    unsigned gi, ci;
};

int nvmlDeviceGetComputeRunningProcesses_v3(void *dev, unsigned *count, struct fake_proc *infos)
{
    char key[16], b[512];
    const char *p;
    unsigned n = 0;
    long rc = conf_int("procsrc", 0);
    if (rc)
        return (int)rc;
    snprintf(key, sizeof(key), "procs%d", idx(dev));
    p = conf(key, b, sizeof(b));
    while (p && *p) {
        char *end;
        unsigned long pid = strtoul(p, &end, 10);
        unsigned long long mib = ~0ull;
        if (*end != ':')
            break;
        p = end + 1;
        if (*p == '-')
            p++;
        else {
            mib = strtoull(p, &end, 10);
            p = end;
            mib = mib * 1024 * 1024;
        }
        if (n < *count) {
            infos[n].pid = (unsigned)pid;
            infos[n].used = mib;
            infos[n].gi = infos[n].ci = 0xffffffffu;
        }
        n++;
        if (*p != ',')
            break;
        p++;
    }
    if (n > *count) {
        *count = n;
        return 7;   /* NVML_ERROR_INSUFFICIENT_SIZE */
    }
    *count = n;
    return 0;
}
