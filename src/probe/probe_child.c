/*
 * probe_child.c - what runs in the probe's child process: load the driver's
 * libraries by full path, ask them, and stream each answer (probewire.h).
 *
 * Every record is written as soon as it is known, and a BEGIN record goes
 * out before each driver call, so that the parent can say in which call a
 * driver hung or crashed.  NVML goes first: it names the driver version and
 * the device count even when the CUDA driver API then fails.  The child uses
 * no stdio; its exit status is 0 (it returns after END).
 *
 * The --verify-libs child (probe_verify_child_main, verify.h) is here too:
 * this file is the children's code, which the static build's helper program
 * (src/helper/probe_helper.c, probe/helper.h) is built from.
 */
#include "probe/probe.h"

#include <string.h>

#include "compat/compat.h"
#include "probe/probe_abi.h"
#include "probe/probewire.h"
#include "probe/verify.h"
#include "util/strbuf.h"
#include "util/banned.h"

struct child {
    int fd;
    struct strbuf sb;
    int want_procs;   /* "+procs": list each GPU's compute processes */
};

/* Send what is buffered now: a crash in the next call must not lose it. */
static void flush(struct child *c)
{
    if (c->sb.len)
        compat_write_all(c->fd, c->sb.buf, c->sb.len);
    strbuf_reset(&c->sb);
}

static void begin(struct child *c, int fn, int dev)
{
    probewire_put(&c->sb, PW_BEGIN, fn, dev);
    flush(c);
}

static void rc_of(struct child *c, int fn, int dev, int rc)
{
    probewire_put_int(&c->sb, PW_RC, fn, dev, rc);
}

/* Look up a symbol, trying versioned names in order; NOSYM if none. */
static void *sym(struct child *c, void *h, int fn, const char *name, const char *fallback)
{
    void *p = compat_dl_sym(h, name);
    if (!p && fallback)
        p = compat_dl_sym(h, fallback);
    if (!p)
        probewire_put(&c->sb, PW_NOSYM, fn, -1);
    return p;
}

/* Cut a C string the driver wrote at its NUL (it may not write one). */
static void terminate(char *buf, size_t size)
{
    buf[size - 1] = '\0';
}

static void *load(struct child *c, const char *path, int fn)
{
    char msg[512];
    void *h;
    if (!path || !*path)
        return NULL;
    begin(c, fn, -1);
    h = compat_dl_open(path, msg, sizeof(msg));
    if (h)
        probewire_put(&c->sb, PW_LOADED, fn, -1);
    else
        probewire_put_str(&c->sb, PW_DLERROR, fn, -1, msg);
    flush(c);
    return h;
}

/* The compute processes NVML lists on one GPU: PROC_PID then PROC_MEM per
 * process (v2 is v3's layout; the unversioned symbol fills the v1 struct). */
static void nvml_procs(struct child *c, void *dev, int d, nvml_procs_fn fn, int v1)
{
    struct nvml_process_info info[PROBE_MAX_PROCS_PER_DEV];
    struct nvml_process_info_v1 info1[PROBE_MAX_PROCS_PER_DEV];
    unsigned n = PROBE_MAX_PROCS_PER_DEV, i;
    int rc;

    memset(info, 0, sizeof(info));
    memset(info1, 0, sizeof(info1));
    begin(c, PF_NVML_PROCS, d);
    rc = fn(dev, &n, v1 ? (void *)info1 : (void *)info);
    rc_of(c, PF_NVML_PROCS, d, rc);
    if (rc != NVML_OK)
        return;
    if (n > PROBE_MAX_PROCS_PER_DEV)
        n = PROBE_MAX_PROCS_PER_DEV;
    for (i = 0; i < n; i++) {
        unsigned long long mem = v1 ? info1[i].used_gpu_memory : info[i].used_gpu_memory;
        probewire_put_int(&c->sb, PW_INT, PF_NVML_PROC_PID, d, v1 ? info1[i].pid : info[i].pid);
        probewire_put_int(&c->sb, PW_INT, PF_NVML_PROC_MEM, d, mem > (unsigned long long)INT64_MAX ? -1 : (int64_t)mem);
    }
}

static void probe_nvml(struct child *c, const char *path)
{
    void *h = load(c, path, PF_LIB_NVML);
    nvml_void_fn init, shutdown;
    nvml_str_fn drv;
    nvml_int_out_fn cudaver;
    nvml_count_fn count;
    nvml_handle_fn handle;
    nvml_dev_str_fn name, uuid;
    nvml_cc_fn cc;
    nvml_mem_fn mem;
    nvml_pci_fn pci;
    nvml_error_string_fn errstr;
    nvml_procs_fn procs = NULL;
    int procs_v1 = 0;
    unsigned n = 0, i;
    uint64_t t0;
    int rc;

    if (!h)
        return;
    init = (nvml_void_fn)sym(c, h, PF_NVML_INIT, "nvmlInit_v2", "nvmlInit");
    shutdown = (nvml_void_fn)sym(c, h, PF_NVML_SHUTDOWN, "nvmlShutdown", NULL);
    drv = (nvml_str_fn)sym(c, h, PF_NVML_DRIVER_VERSION, "nvmlSystemGetDriverVersion", NULL);
    cudaver = (nvml_int_out_fn)sym(c, h, PF_NVML_CUDA_VERSION, "nvmlSystemGetCudaDriverVersion_v2",
                                   "nvmlSystemGetCudaDriverVersion");
    count = (nvml_count_fn)sym(c, h, PF_NVML_COUNT, "nvmlDeviceGetCount_v2", "nvmlDeviceGetCount");
    handle = (nvml_handle_fn)sym(c, h, PF_NVML_HANDLE, "nvmlDeviceGetHandleByIndex_v2",
                                 "nvmlDeviceGetHandleByIndex");
    name = (nvml_dev_str_fn)sym(c, h, PF_NVML_NAME, "nvmlDeviceGetName", NULL);
    cc = (nvml_cc_fn)sym(c, h, PF_NVML_CC, "nvmlDeviceGetCudaComputeCapability", NULL);
    mem = (nvml_mem_fn)sym(c, h, PF_NVML_MEMORY, "nvmlDeviceGetMemoryInfo", NULL);
    uuid = (nvml_dev_str_fn)sym(c, h, PF_NVML_UUID, "nvmlDeviceGetUUID", NULL);
    pci = (nvml_pci_fn)sym(c, h, PF_NVML_PCI, "nvmlDeviceGetPciInfo_v3", NULL);
    errstr = (nvml_error_string_fn)compat_dl_sym(h, "nvmlErrorString");
    if (c->want_procs) {
        procs = (nvml_procs_fn)compat_dl_sym(h, "nvmlDeviceGetComputeRunningProcesses_v3");
        if (!procs)
            procs = (nvml_procs_fn)compat_dl_sym(h, "nvmlDeviceGetComputeRunningProcesses_v2");
        if (!procs && (procs = (nvml_procs_fn)compat_dl_sym(h, "nvmlDeviceGetComputeRunningProcesses")) != NULL)
            procs_v1 = 1;
        /* An optional question: a driver without it is not "missing" anything. */
    }
    flush(c);
    if (!init)
        return;

    begin(c, PF_NVML_INIT, -1);
    t0 = compat_now_ns();
    rc = init();
    probewire_put_int(&c->sb, PW_TIME, PF_NVML_INIT, -1, (int64_t)(compat_now_ns() - t0));
    rc_of(c, PF_NVML_INIT, -1, rc);
    if (rc != NVML_OK) {
        const char *s = errstr ? errstr(rc) : NULL;
        if (s)
            probewire_put_str(&c->sb, PW_STR, PF_NVML_INIT_ERROR, -1, s);
        flush(c);
        return;
    }
    if (drv) {
        char buf[NVML_DRIVER_VERSION_SIZE];
        memset(buf, 0, sizeof(buf));
        begin(c, PF_NVML_DRIVER_VERSION, -1);
        rc = drv(buf, sizeof(buf));
        rc_of(c, PF_NVML_DRIVER_VERSION, -1, rc);
        terminate(buf, sizeof(buf));
        if (rc == NVML_OK && buf[0])
            probewire_put_str(&c->sb, PW_STR, PF_NVML_DRIVER_VERSION, -1, buf);
    }
    if (cudaver) {
        int v = 0;
        begin(c, PF_NVML_CUDA_VERSION, -1);
        rc = cudaver(&v);
        rc_of(c, PF_NVML_CUDA_VERSION, -1, rc);
        if (rc == NVML_OK)
            probewire_put_int(&c->sb, PW_INT, PF_NVML_CUDA_VERSION, -1, v);
    }
    if (count) {
        begin(c, PF_NVML_COUNT, -1);
        rc = count(&n);
        rc_of(c, PF_NVML_COUNT, -1, rc);
        if (rc != NVML_OK)
            n = 0;
        else
            probewire_put_int(&c->sb, PW_INT, PF_NVML_COUNT, -1, n);
    }
    if (n > PROBE_MAX_DEVICES)
        n = PROBE_MAX_DEVICES;
    for (i = 0; handle && i < n; i++) {
        int d = (int)i;
        void *dev = NULL;
        begin(c, PF_NVML_HANDLE, d);
        rc = handle(i, &dev);
        rc_of(c, PF_NVML_HANDLE, d, rc);
        if (rc != NVML_OK)
            continue;
        probewire_put_int(&c->sb, PW_INT, PF_NVML_HANDLE, d, 1);
        if (name) {
            char buf[NVML_NAME_SIZE];
            memset(buf, 0, sizeof(buf));
            begin(c, PF_NVML_NAME, d);
            rc = name(dev, buf, sizeof(buf));
            rc_of(c, PF_NVML_NAME, d, rc);
            terminate(buf, sizeof(buf));
            if (rc == NVML_OK && buf[0])
                probewire_put_str(&c->sb, PW_STR, PF_NVML_NAME, d, buf);
        }
        if (cc) {
            int ma = -1, mi = -1;
            begin(c, PF_NVML_CC, d);
            rc = cc(dev, &ma, &mi);
            rc_of(c, PF_NVML_CC, d, rc);
            if (rc == NVML_OK && ma >= 0 && ma < 0x7fff && mi >= 0 && mi < 0xffff)
                probewire_put_int(&c->sb, PW_INT, PF_NVML_CC, d, ((int64_t)ma << 16) | mi);
        }
        if (mem) {
            struct nvml_memory m;
            memset(&m, 0, sizeof(m));
            begin(c, PF_NVML_MEMORY, d);
            rc = mem(dev, &m);
            rc_of(c, PF_NVML_MEMORY, d, rc);
            if (rc == NVML_OK && m.total <= INT64_MAX)
                probewire_put_int(&c->sb, PW_INT, PF_NVML_MEMORY, d, (int64_t)m.total);
        }
        if (uuid) {
            char buf[NVML_UUID_SIZE];
            memset(buf, 0, sizeof(buf));
            begin(c, PF_NVML_UUID, d);
            rc = uuid(dev, buf, sizeof(buf));
            rc_of(c, PF_NVML_UUID, d, rc);
            terminate(buf, sizeof(buf));
            if (rc == NVML_OK && buf[0])
                probewire_put_str(&c->sb, PW_STR, PF_NVML_UUID, d, buf);
        }
        if (pci) {
            struct nvml_pci_info info;
            memset(&info, 0, sizeof(info));
            begin(c, PF_NVML_PCI, d);
            rc = pci(dev, &info);
            rc_of(c, PF_NVML_PCI, d, rc);
            terminate(info.bus_id, sizeof(info.bus_id));
            if (rc == NVML_OK && info.bus_id[0])
                probewire_put_str(&c->sb, PW_STR, PF_NVML_PCI, d, info.bus_id);
        }
        if (procs)
            nvml_procs(c, dev, d, procs, procs_v1);
        flush(c);
    }
    if (shutdown) {
        begin(c, PF_NVML_SHUTDOWN, -1);
        rc = shutdown();
        rc_of(c, PF_NVML_SHUTDOWN, -1, rc);
    }
    flush(c);
}

static void probe_cuda(struct child *c, const char *path)
{
    void *h = load(c, path, PF_LIB_CUDA);
    cu_init_fn init;
    cu_int_out_fn version, count;
    cu_device_get_fn get;
    cu_device_str_fn name, pci;
    cu_device_attr_fn attr;
    cu_total_mem_fn mem;
    cu_error_name_fn errname;
    int n = 0, i, rc, v;
    uint64_t t0;

    if (!h)
        return;
    version = (cu_int_out_fn)sym(c, h, PF_CU_DRIVER_VERSION, "cuDriverGetVersion", NULL);
    init = (cu_init_fn)sym(c, h, PF_CU_INIT, "cuInit", NULL);
    count = (cu_int_out_fn)sym(c, h, PF_CU_COUNT, "cuDeviceGetCount", NULL);
    get = (cu_device_get_fn)sym(c, h, PF_CU_GET, "cuDeviceGet", NULL);
    name = (cu_device_str_fn)sym(c, h, PF_CU_NAME, "cuDeviceGetName", NULL);
    attr = (cu_device_attr_fn)sym(c, h, PF_CU_CC_MAJOR, "cuDeviceGetAttribute", NULL);
    mem = (cu_total_mem_fn)sym(c, h, PF_CU_TOTAL_MEM, "cuDeviceTotalMem_v2", NULL);
    pci = (cu_device_str_fn)sym(c, h, PF_CU_PCI, "cuDeviceGetPCIBusId", NULL);
    errname = (cu_error_name_fn)compat_dl_sym(h, "cuGetErrorName");
    flush(c);

    /* cuDriverGetVersion works without cuInit: the driver's CUDA ceiling
     * even when initialisation then fails. */
    if (version) {
        v = 0;
        begin(c, PF_CU_DRIVER_VERSION, -1);
        rc = version(&v);
        rc_of(c, PF_CU_DRIVER_VERSION, -1, rc);
        if (rc == CU_SUCCESS)
            probewire_put_int(&c->sb, PW_INT, PF_CU_DRIVER_VERSION, -1, v);
    }
    if (!init) {
        flush(c);
        return;
    }
    begin(c, PF_CU_INIT, -1);
    t0 = compat_now_ns();
    rc = init(0);
    probewire_put_int(&c->sb, PW_TIME, PF_CU_INIT, -1, (int64_t)(compat_now_ns() - t0));
    rc_of(c, PF_CU_INIT, -1, rc);
    if (rc != CU_SUCCESS) {
        const char *s = NULL;
        if (errname && errname(rc, &s) == CU_SUCCESS && s)
            probewire_put_str(&c->sb, PW_STR, PF_CU_INIT_ERROR, -1, s);
        flush(c);
        return;
    }
    if (count) {
        begin(c, PF_CU_COUNT, -1);
        rc = count(&n);
        rc_of(c, PF_CU_COUNT, -1, rc);
        if (rc != CU_SUCCESS || n < 0)
            n = 0;
        else
            probewire_put_int(&c->sb, PW_INT, PF_CU_COUNT, -1, n);
    }
    if (n > PROBE_MAX_DEVICES)
        n = PROBE_MAX_DEVICES;
    for (i = 0; get && i < n; i++) {
        int dev = -1;
        begin(c, PF_CU_GET, i);
        rc = get(&dev, i);
        rc_of(c, PF_CU_GET, i, rc);
        if (rc != CU_SUCCESS)
            continue;
        probewire_put_int(&c->sb, PW_INT, PF_CU_GET, i, 1);
        if (name) {
            char buf[256];
            memset(buf, 0, sizeof(buf));
            begin(c, PF_CU_NAME, i);
            rc = name(buf, (int)sizeof(buf), dev);
            rc_of(c, PF_CU_NAME, i, rc);
            terminate(buf, sizeof(buf));
            if (rc == CU_SUCCESS && buf[0])
                probewire_put_str(&c->sb, PW_STR, PF_CU_NAME, i, buf);
        }
        if (attr) {
            v = -1;
            begin(c, PF_CU_CC_MAJOR, i);
            rc = attr(&v, CU_ATTR_COMPUTE_CAPABILITY_MAJOR, dev);
            rc_of(c, PF_CU_CC_MAJOR, i, rc);
            if (rc == CU_SUCCESS)
                probewire_put_int(&c->sb, PW_INT, PF_CU_CC_MAJOR, i, v);
            v = -1;
            begin(c, PF_CU_CC_MINOR, i);
            rc = attr(&v, CU_ATTR_COMPUTE_CAPABILITY_MINOR, dev);
            rc_of(c, PF_CU_CC_MINOR, i, rc);
            if (rc == CU_SUCCESS)
                probewire_put_int(&c->sb, PW_INT, PF_CU_CC_MINOR, i, v);
        }
        if (mem) {
            size_t bytes = 0;
            begin(c, PF_CU_TOTAL_MEM, i);
            rc = mem(&bytes, dev);
            rc_of(c, PF_CU_TOTAL_MEM, i, rc);
            if (rc == CU_SUCCESS && (uint64_t)bytes <= INT64_MAX)
                probewire_put_int(&c->sb, PW_INT, PF_CU_TOTAL_MEM, i, (int64_t)bytes);
        }
        if (pci) {
            char buf[64];
            memset(buf, 0, sizeof(buf));
            begin(c, PF_CU_PCI, i);
            rc = pci(buf, (int)sizeof(buf), dev);
            rc_of(c, PF_CU_PCI, i, rc);
            terminate(buf, sizeof(buf));
            if (rc == CU_SUCCESS && buf[0])
                probewire_put_str(&c->sb, PW_STR, PF_CU_PCI, i, buf);
        }
        flush(c);
    }
    flush(c);
}

int probe_child_main(int wfd, const char *const *args, size_t nargs)
{
    struct child c;
    size_t i;

    c.fd = wfd;
    c.want_procs = 0;
    strbuf_init(&c.sb);
    /* The examined environment's device selection, set before any driver
     * code runs (the driver reads it once, in cuInit). */
    for (i = 2; i < nargs; i++) {
        const char *eq = strchr(args[i], '=');
        if (!strcmp(args[i], "+procs")) {
            c.want_procs = 1;
            continue;
        }
        char name[64];
        size_t n = eq ? (size_t)(eq - args[i]) : strlen(args[i]);
        if (n == 0 || n >= sizeof(name))
            continue;
        memcpy(name, args[i], n);
        name[n] = '\0';
        compat_setenv(name, eq ? eq + 1 : NULL);
    }
    strbuf_add(&c.sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    flush(&c);
    if (nargs > 0)
        probe_nvml(&c, args[0]);
    if (nargs > 1)
        probe_cuda(&c, args[1]);
    probewire_put(&c.sb, PW_END, PF_NONE, -1);
    flush(&c);
    strbuf_release(&c.sb);
    return 0;
}

/* ---- the --verify-libs child (probe/verify.h) ----------------------------- */

int probe_verify_child_main(int wfd, const char *const *args, size_t nargs)
{
    struct strbuf sb = STRBUF_INIT;
    size_t i;

    strbuf_add(&sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    for (i = 0; i < nargs && i < PROBE_VERIFY_MAX; i++) {
        char msg[512];
        void *h;
        /* BEGIN goes out first: a constructor that crashes or hangs is
         * pinned on its library. */
        probewire_put(&sb, PW_BEGIN, PF_VERIFY_LIB, (int)i);
        compat_write_all(wfd, sb.buf, sb.len);
        strbuf_reset(&sb);
        h = compat_dl_open(args[i], msg, sizeof(msg));
        if (h)
            probewire_put(&sb, PW_LOADED, PF_VERIFY_LIB, (int)i);
        else
            probewire_put_str(&sb, PW_DLERROR, PF_VERIFY_LIB, (int)i, msg);
        /* Handles stay open: later libraries may need them, as in the
         * framework's process, and the child exits without unloading. */
    }
    probewire_put(&sb, PW_END, PF_NONE, -1);
    compat_write_all(wfd, sb.buf, sb.len);
    strbuf_release(&sb);
    return 0;
}
