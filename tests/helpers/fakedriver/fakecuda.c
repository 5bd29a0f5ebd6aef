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

static long fake_uuid_index(const char *p, char **end, int n);
static int fake_mig_selected[MAXDEV];   /* device I was chosen by its MIG- UUID */

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
            long v;
            int j, dup = 0;
            /* GPU-<uuid> and MIG-<uuid> entries (probe --compute's tests). */
            if (!strncmp(p, "GPU-", 4) || !strncmp(p, "MIG-", 4)) {
                v = fake_uuid_index(p, &end, n);
                if (v < 0)
                    break;
            } else {
                v = strtol(p, &end, 10);
            }
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
    case 2: *name = "CUDA_ERROR_OUT_OF_MEMORY"; return 0;
    case 214: *name = "CUDA_ERROR_ECC_UNCORRECTABLE"; return 0;
    case 218: *name = "CUDA_ERROR_INVALID_PTX"; return 0;
    case 222: *name = "CUDA_ERROR_UNSUPPORTED_PTX_VERSION"; return 0;
    case 500: *name = "CUDA_ERROR_NOT_FOUND"; return 0;
    case 700: *name = "CUDA_ERROR_ILLEGAL_ADDRESS"; return 0;
    case 719: *name = "CUDA_ERROR_LAUNCH_FAILED"; return 0;
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

/* ---- probe --compute ------------------------------------------------------
 *
 * The context, memory, module and launch entry points, computed on the CPU.
 * Device memory is host memory (a CUdeviceptr is its address).  The JIT
 * reads the PTX's ".version", ".target sm_NN" and ".entry NAME(" lines and
 * knows one kernel, gd_probe_fill (src/probe/kernel/gd_probe_fill.cu),
 * whose expression it computes at launch.  More GD_FAKE_DRIVER keys:
 *
 *     ptxmax=M.m     the newest PTX ISA the JIT knows (default 8.5): a newer
 *                    .version is CUDA_ERROR_UNSUPPORTED_PTX_VERSION (222) with
 *                    the real ptxas message ("ptxas application ptx input,
 *                    line N; fatal   : Unsupported .version 8.7; current
 *                    version is '8.4'")
 *     jitmin=NN      the lowest .target the JIT accepts (default 30): lower is
 *                    CUDA_ERROR_INVALID_PTX (218), a log line saying so
 *     jit=RC         cuModuleLoadDataEx fails with RC, log "fake JIT failure"
 *     ctx=RC alloc=RC htod=RC launch=RC sync=RC dtoh=RC
 *                    that call fails with RC (sync: the launch's error)
 *     wrong=K        element K of the result is wrong
 *     hang=FN, crash=FN for FN in cuDevicePrimaryCtxRetain, cuMemAlloc_v2,
 *                    cuMemcpyHtoD_v2, cuModuleLoadDataEx, cuLaunchKernel,
 *                    cuCtxSynchronize, cuMemcpyDtoH_v2
 *     uuidI=HEX32    device I's UUID bytes (default fa4e0000...0000000I, as
 *                    its NVML "GPU-" UUID)
 */
#include <stdint.h>

struct fake_module {
    char entry[64];
    int sm;
};
static struct fake_module fake_mod;
static int fake_pending_rc;

static int fail_of(const char *key)
{
    return (int)conf_int(key, 0);
}

int cuDeviceGetUuid_v2(unsigned char *u, int dev)
{
    char key[16], b[64], hex[40];
    size_t o = 0, q;
    int k;
    if (dev < 0 || dev >= MAXDEV)
        return 101;
    snprintf(key, sizeof(key), fake_mig_selected[dev] ? "mig%d" : "uuid%d", dev);
    memset(u, 0, 16);
    if (conf(key, b, sizeof(b))) {
        for (q = 0; b[q] && o < 32; q++)
            if (b[q] != '-')
                hex[o++] = b[q];
        hex[o] = '\0';
    }
    if (o == 32) {
        for (k = 0; k < 16; k++) {
            unsigned v = 0;
            sscanf(hex + 2 * k, "%2x", &v);
            u[k] = (unsigned char)v;
        }
        return 0;
    }
    u[0] = 0xfa;
    u[1] = 0x4e;
    u[15] = (unsigned char)dev;
    return 0;
}

/* The GPU's own UUID, also in MIG mode (cuda.h: the _v2 gives the instance's). */
int cuDeviceGetUuid(unsigned char *u, int dev)
{
    int mig = fake_mig_selected[dev], rc;
    fake_mig_selected[dev] = 0;
    rc = cuDeviceGetUuid_v2(u, dev);
    fake_mig_selected[dev] = mig;
    return rc;
}

int cuDevicePrimaryCtxRetain(void **ctx, int dev)
{
    misbehave("cuDevicePrimaryCtxRetain");
    if (fail_of("ctx"))
        return fail_of("ctx");
    *ctx = (void *)(uintptr_t)(0x1000 + dev);
    return 0;
}

int cuDevicePrimaryCtxRelease_v2(int dev)
{
    (void)dev;
    return 0;
}

int cuCtxSetCurrent(void *ctx)
{
    (void)ctx;
    return 0;
}

int cuMemAlloc_v2(uintptr_t *p, size_t bytes)
{
    void *m;
    misbehave("cuMemAlloc_v2");
    if (fail_of("alloc"))
        return fail_of("alloc");
    m = malloc(bytes);
    if (!m)
        return 2;
    *p = (uintptr_t)m;
    return 0;
}

int cuMemFree_v2(uintptr_t p)
{
    free((void *)p);
    return 0;
}

int cuMemcpyHtoD_v2(uintptr_t dst, const void *src, size_t bytes)
{
    misbehave("cuMemcpyHtoD_v2");
    if (fail_of("htod"))
        return fail_of("htod");
    memcpy((void *)dst, src, bytes);
    return 0;
}

int cuMemcpyDtoH_v2(void *dst, uintptr_t src, size_t bytes)
{
    misbehave("cuMemcpyDtoH_v2");
    if (fail_of("dtoh"))
        return fail_of("dtoh");
    memcpy(dst, (const void *)src, bytes);
    return 0;
}

/* Copy a message into a JIT log option's buffer (options 5/6 and 3/4). */
static void jit_log(unsigned n, const int *opts, void **vals, int buf_opt, const char *msg)
{
    unsigned i, j;
    for (i = 0; i < n; i++) {
        if (opts[i] != buf_opt)
            continue;
        for (j = 0; j < n; j++)
            if (opts[j] == buf_opt + 1) {
                size_t size = (size_t)(uintptr_t)vals[j];
                if (size) {
                    snprintf((char *)vals[i], size, "%s", msg);
                    vals[j] = (void *)(uintptr_t)(strlen(msg) + 1 < size ? strlen(msg) + 1 : size);
                }
            }
    }
}

int cuModuleLoadDataEx(void **mod, const void *image, unsigned n, int *opts, void **vals)
{
    const char *ptx = image, *p;
    char msg[256];
    int vma = 0, vmi = 0, line = 0, vline = 0, sm = 0;
    double have, max;
    unsigned i;
    misbehave("cuModuleLoadDataEx");
    memset(&fake_mod, 0, sizeof(fake_mod));
    for (p = ptx; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        line++;
        if (!strncmp(p, ".version", 8) && sscanf(p + 8, " %d.%d", &vma, &vmi) == 2)
            vline = line;
        else if (!strncmp(p, ".target", 7))
            sscanf(p + 7, " sm_%d", &sm);
        else if (strstr(p, ".entry ") && strstr(p, ".entry ") < (strchr(p, '\n') ? strchr(p, '\n') : p + strlen(p)))
            sscanf(strstr(p, ".entry ") + 7, "%63[A-Za-z0-9_]", fake_mod.entry);
    }
    for (i = 0; i < n; i++)
        if (opts[i] == 2) {
            float ms = 0.25f;
            memcpy(&vals[i], &ms, sizeof(ms));
        }
    {
        char b[16];
        max = conf("ptxmax", b, sizeof(b)) ? strtod(b, NULL) : 8.5;
    }
    have = vma + vmi / 10.0;
    if (!vline)
        return 218;
    if (have > max + 1e-9) {
        snprintf(msg, sizeof(msg), "ptxas application ptx input, line %d; fatal   : Unsupported .version %d.%d; "
                 "current version is '%.1f'", vline, vma, vmi, max);
        jit_log(n, opts, vals, 5, msg);
        return 222;
    }
    if (sm < conf_int("jitmin", 30)) {
        snprintf(msg, sizeof(msg), "fake JIT: .target sm_%d is below this JIT's lowest, sm_%ld", sm,
                 conf_int("jitmin", 30));
        jit_log(n, opts, vals, 5, msg);
        return 218;
    }
    if (fail_of("jit")) {
        jit_log(n, opts, vals, 5, "fake JIT failure");
        return fail_of("jit");
    }
    jit_log(n, opts, vals, 3, "fake JIT: 0 bytes spill stores, 0 bytes spill loads");
    fake_mod.sm = sm;
    *mod = &fake_mod;
    return 0;
}

int cuModuleGetFunction(void **fn, void *mod, const char *name)
{
    struct fake_module *m = mod;
    if (!m || strcmp(m->entry, name) || strcmp(name, "gd_probe_fill"))
        return 500;
    *fn = m;
    return 0;
}

int cuModuleUnload(void *mod)
{
    (void)mod;
    return 0;
}

int cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                   unsigned shared, void *stream, void **params, void **extra)
{
    const uint32_t *in;
    uint32_t *out, n, salt, i;
    (void)stream;
    (void)shared;
    (void)extra;
    misbehave("cuLaunchKernel");
    if (fail_of("launch"))
        return fail_of("launch");
    if (!fn || !params || gy != 1 || gz != 1 || by != 1 || bz != 1)
        return 1;
    in = (const uint32_t *)*(uintptr_t *)params[0];
    out = (uint32_t *)*(uintptr_t *)params[1];
    n = *(uint32_t *)params[2];
    salt = *(uint32_t *)params[3];
    if ((uint64_t)gx * bx < n)
        return 1;
    for (i = 0; i < n; i++)
        out[i] = (in[i] ^ salt) * 2654435761u + i;
    if (conf_int("wrong", -1) >= 0 && (uint32_t)conf_int("wrong", -1) < n)
        out[conf_int("wrong", -1)] ^= 0x10u;
    fake_pending_rc = fail_of("sync");
    return 0;
}

int cuCtxSynchronize(void)
{
    misbehave("cuCtxSynchronize");
    return fake_pending_rc;
}

int cuGetErrorString(int rc, const char **s)
{
    switch (rc) {
    case 214: *s = "uncorrectable ECC error encountered"; return 0;
    case 700: *s = "an illegal memory access was encountered"; return 0;
    case 222: *s = "the provided PTX was compiled with an unsupported toolchain."; return 0;
    case 2: *s = "out of memory"; return 0;
    default: *s = NULL; return 1;
    }
}

/* "GPU-fa4e0000-0000-0000-0000-00000000000I" (the fake NVML's UUID of
 * device I) or "MIG-<migI>" (migI=<the 36-character UUID> makes device I a
 * MIG-mode GPU with that compute instance): the device index, else -1.
 * cuDeviceGetUuid_v2 then returns the MIG instance's UUID for it. */
static long fake_uuid_index(const char *p, char **end, int n)
{
    const char *e = strchr(p, ',');
    size_t len = e ? (size_t)(e - p) : strlen(p);
    int i;
    *end = (char *)p + len;
    for (i = 0; i < n && i < MAXDEV; i++) {
        char want[80], key[16], b[64];
        if (!strncmp(p, "GPU-", 4)) {
            snprintf(want, sizeof(want), "GPU-fa4e0000-0000-0000-0000-%012d", i);
        } else {
            snprintf(key, sizeof(key), "mig%d", i);
            if (!conf(key, b, sizeof(b)))
                continue;
            snprintf(want, sizeof(want), "MIG-%s", b);
        }
        if (strlen(want) == len && !strncmp(p, want, len)) {
            if (!strncmp(p, "MIG-", 4))
                fake_mig_selected[i] = 1;
            return i;
        }
    }
    return -1;
}
