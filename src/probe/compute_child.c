/*
 * compute_child.c - what runs in `probe --compute`'s child process: load
 * libcuda by full path and, on every CUDA device, allocate, copy, JIT the
 * PTX, launch, synchronise, copy back and check (compute.h).
 *
 * Like the driver probe's child (probe_child.c), it streams a BEGIN record
 * before each driver call and everything it learns at once (probewire.h),
 * so the parent can name the step and the GPU of a hang or a crash.  Each
 * step is bounded by compat_step_timer: a step that does not return ends
 * the child with SIGALRM, which the parent reports as a hang in that step.
 * No stdio.  Also built into the static build's helper program
 * (src/helper/probe_helper.c, mode "compute").
 */
#include "probe/compute.h"

#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "probe/probe_abi.h"
#include "probe/probewire.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

struct cchild {
    int fd;
    struct strbuf sb;
    unsigned step_ms;
    cu_error_name_fn errname, errstr;
};

static void send(struct cchild *c)
{
    if (c->sb.len)
        compat_write_all(c->fd, c->sb.buf, c->sb.len);
    strbuf_reset(&c->sb);
}

/* BEGIN goes out before the call, and the step's timer is armed. */
static void step(struct cchild *c, int fn, int dev)
{
    probewire_put(&c->sb, PW_BEGIN, fn, dev);
    send(c);
    compat_step_timer(c->step_ms);
}

/* The call returned: disarm, record its rc; on failure, name it too. */
static int done(struct cchild *c, int fn, int dev, int rc)
{
    compat_step_timer(0);
    probewire_put_int(&c->sb, PW_RC, fn, dev, rc);
    if (rc != CU_SUCCESS) {
        const char *s = NULL;
        if (c->errname && c->errname(rc, &s) == CU_SUCCESS && s)
            probewire_put_str(&c->sb, PW_STR, PF_CC_ERROR_NAME, dev, s);
        s = NULL;
        if (c->errstr && c->errstr(rc, &s) == CU_SUCCESS && s)
            probewire_put_str(&c->sb, PW_STR, PF_CC_ERROR_TEXT, dev, s);
    }
    send(c);
    return rc;
}

static void put_time(struct cchild *c, int fn, int dev, uint64_t ns)
{
    probewire_put_int(&c->sb, PW_TIME, fn, dev, (int64_t)ns);
}

/* A JIT log in STR pieces (the wire's strings are at most 255 bytes). */
static void put_log(struct cchild *c, int fn, int dev, const char *log, size_t cap)
{
    size_t n = strnlen(log, cap), off = 0;
    while (n && (log[n - 1] == '\n' || log[n - 1] == ' '))
        n--;
    while (off < n) {
        char piece[PROBEWIRE_STR_MAX + 1];
        size_t k = n - off > PROBEWIRE_STR_MAX ? PROBEWIRE_STR_MAX : n - off;
        memcpy(piece, log + off, k);
        piece[k] = '\0';
        probewire_put_str(&c->sb, PW_STR, fn, dev, piece);
        off += k;
    }
}

uint32_t probe_compute_input(uint32_t i)
{
    return i * 0x9e3779b9u + 0x7f4a7c15u;
}

uint32_t probe_compute_expected(uint32_t in, uint32_t i, uint32_t salt)
{
    return (in ^ salt) * 2654435761u + i;
}

struct api {
    cu_init_fn init;
    cu_int_out_fn count;
    cu_device_get_fn get;
    cu_uuid_fn uuid;
    cu_device_str_fn name;
    cu_device_attr_fn attr;
    cu_ctx_retain_fn retain;
    cu_dev_fn release;
    cu_ptr_fn set, unload;
    cu_void_fn sync;
    cu_mem_alloc_fn alloc;
    cu_mem_free_fn free;
    cu_htod_fn htod;
    cu_dtoh_fn dtoh;
    cu_module_load_fn load;
    cu_module_fn_fn function;
    cu_launch_fn launch;
};

struct variant {
    int sm;
    const char *isa;    /* points into the argument, ':'-terminated */
    size_t isa_len;
    const char *ptx;
};

static int parse_variant(const char *arg, struct variant *v)
{
    const char *c1 = strchr(arg, ':'), *c2;
    char *end;
    long sm;
    if (!c1)
        return 0;
    c2 = strchr(c1 + 1, ':');
    if (!c2)
        return 0;
    sm = strtol(arg, &end, 10);
    if (end != c1 || sm <= 0 || sm > 0x7fff)
        return 0;
    v->sm = (int)sm;
    v->isa = c1 + 1;
    v->isa_len = (size_t)(c2 - c1 - 1);
    v->ptx = c2 + 1;
    return 1;
}

/* "4.0" -> 4 << 8 | 0 */
static int isa_code(const struct variant *v)
{
    unsigned ma = 0, mi = 0;
    size_t i = 0;
    while (i < v->isa_len && v->isa[i] >= '0' && v->isa[i] <= '9')
        ma = ma * 10 + (unsigned)(v->isa[i++] - '0');
    if (i < v->isa_len && v->isa[i] == '.')
        i++;
    while (i < v->isa_len && v->isa[i] >= '0' && v->isa[i] <= '9')
        mi = mi * 10 + (unsigned)(v->isa[i++] - '0');
    return (int)(((ma & 0xff) << 8) | (mi & 0xff));
}

/* The JIT refused this PTX (another variant may do). */
static int jit_refusal(int rc)
{
    return rc == CU_ERROR_INVALID_PTX || rc == CU_ERROR_UNSUPPORTED_PTX_VERSION ||
           rc == CU_ERROR_NO_BINARY_FOR_GPU || rc == CU_ERROR_INVALID_IMAGE;
}

/* Load the lowest variant the JIT accepts for a GPU of compute capability cc. */
static void *load_module(struct cchild *c, const struct api *a, int d, int cc,
                         const struct variant *vs, size_t nv)
{
    static char errlog[PROBE_COMPUTE_LOG_MAX], infolog[PROBE_COMPUTE_LOG_MAX];
    size_t i;
    for (i = 0; i < nv; i++) {
        int opts[5] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                        CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_WALL_TIME };
        void *vals[5];
        void *mod = NULL;
        float ms = 0;
        int rc;
        if (cc >= 0 && vs[i].sm > cc)
            continue;   /* a target above the GPU's: the JIT cannot use it */
        memset(errlog, 0, sizeof(errlog));
        memset(infolog, 0, sizeof(infolog));
        vals[0] = errlog;
        vals[1] = (void *)(uintptr_t)sizeof(errlog);
        vals[2] = infolog;
        vals[3] = (void *)(uintptr_t)sizeof(infolog);
        vals[4] = NULL;
        probewire_put_int(&c->sb, PW_INT, PF_CC_JIT_TARGET, d,
                          ((int64_t)vs[i].sm << 16) | isa_code(&vs[i]));
        step(c, PF_CC_MODULE, d);
        rc = a->load(&mod, vs[i].ptx, 5, opts, vals);
        compat_step_timer(0);
        /* CU_JIT_WALL_TIME comes back as a float in its value slot. */
        memcpy(&ms, &vals[4], sizeof(ms));
        if (ms > 0 && ms < 1e7f)
            put_time(c, PF_CC_MODULE, d, (uint64_t)((double)ms * 1e6));
        put_log(c, PF_CC_JIT_ERROR, d, errlog, sizeof(errlog));
        put_log(c, PF_CC_JIT_INFO, d, infolog, sizeof(infolog));
        if (done(c, PF_CC_MODULE, d, rc) == CU_SUCCESS)
            return mod;
        if (!jit_refusal(rc))
            return NULL;
    }
    return NULL;
}

/* One GPU, every step; cleanup for what was set up. */
static void one_device(struct cchild *c, const struct api *a, int i, uint32_t n, uint32_t salt,
                       const struct variant *vs, size_t nv, uint32_t *host_in, uint32_t *host_out)
{
    int dev = -1, ma = -1, mi = -1;
    void *ctx = NULL, *mod = NULL, *fn = NULL;
    uintptr_t din = 0, dout = 0;
    size_t bytes = (size_t)n * sizeof(uint32_t);
    uint64_t t0;

    step(c, PF_CC_DEVICE, i);
    if (done(c, PF_CC_DEVICE, i, a->get(&dev, i)) != CU_SUCCESS)
        return;
    if (a->uuid) {
        struct cu_uuid u;
        char hex[40];
        static const char digits[] = "0123456789abcdef";
        size_t k, o = 0;
        memset(&u, 0, sizeof(u));
        step(c, PF_CC_UUID, i);
        if (done(c, PF_CC_UUID, i, a->uuid(&u, dev)) == CU_SUCCESS) {
            for (k = 0; k < 16; k++) {
                if (k == 4 || k == 6 || k == 8 || k == 10)
                    hex[o++] = '-';
                hex[o++] = digits[u.bytes[k] >> 4];
                hex[o++] = digits[u.bytes[k] & 15];
            }
            hex[o] = '\0';
            probewire_put_str(&c->sb, PW_STR, PF_CC_UUID, i, hex);
        }
    }
    if (a->name) {
        char buf[256];
        memset(buf, 0, sizeof(buf));
        step(c, PF_CC_NAME, i);
        if (done(c, PF_CC_NAME, i, a->name(buf, (int)sizeof(buf) - 1, dev)) == CU_SUCCESS && buf[0])
            probewire_put_str(&c->sb, PW_STR, PF_CC_NAME, i, buf);
    }
    if (a->attr) {
        step(c, PF_CC_CC, i);
        if (done(c, PF_CC_CC, i, a->attr(&ma, CU_ATTR_COMPUTE_CAPABILITY_MAJOR, dev)) == CU_SUCCESS &&
            a->attr(&mi, CU_ATTR_COMPUTE_CAPABILITY_MINOR, dev) == CU_SUCCESS && ma >= 0 &&
            ma < 0x7fff && mi >= 0 && mi < 0xffff)
            probewire_put_int(&c->sb, PW_INT, PF_CC_CC, i, ((int64_t)ma << 16) | mi);
        else
            ma = mi = -1;
    }

    step(c, PF_CC_CTX, i);
    if (done(c, PF_CC_CTX, i, a->retain(&ctx, dev)) != CU_SUCCESS)
        return;
    step(c, PF_CC_SET, i);
    if (done(c, PF_CC_SET, i, a->set(ctx)) != CU_SUCCESS)
        goto release;
    step(c, PF_CC_ALLOC, i);
    if (done(c, PF_CC_ALLOC, i, a->alloc(&din, bytes)) != CU_SUCCESS)
        goto release;
    step(c, PF_CC_ALLOC, i);
    if (done(c, PF_CC_ALLOC, i, a->alloc(&dout, bytes)) != CU_SUCCESS)
        goto free;

    probewire_put_int(&c->sb, PW_INT, PF_CC_HTOD, i, (int64_t)bytes);
    step(c, PF_CC_HTOD, i);
    t0 = compat_now_ns();
    {
        int rc = a->htod(din, host_in, bytes);
        put_time(c, PF_CC_HTOD, i, compat_now_ns() - t0);
        if (done(c, PF_CC_HTOD, i, rc) != CU_SUCCESS)
            goto free;
    }
    mod = load_module(c, a, i, ma >= 0 ? ma * 10 + mi : -1, vs, nv);
    if (!mod)
        goto free;
    step(c, PF_CC_FUNCTION, i);
    if (done(c, PF_CC_FUNCTION, i, a->function(&fn, mod, "gd_probe_fill")) != CU_SUCCESS)
        goto unload;
    {
        void *params[4];
        uint32_t pn = n, ps = salt;
        int rc;
        params[0] = &din;
        params[1] = &dout;
        params[2] = &pn;
        params[3] = &ps;
        step(c, PF_CC_LAUNCH, i);
        t0 = compat_now_ns();
        if (done(c, PF_CC_LAUNCH, i,
                 a->launch(fn, (n + PROBE_COMPUTE_BLOCK - 1) / PROBE_COMPUTE_BLOCK, 1, 1,
                           PROBE_COMPUTE_BLOCK, 1, 1, 0, NULL, params, NULL)) != CU_SUCCESS)
            goto unload;
        step(c, PF_CC_SYNC, i);
        rc = a->sync();
        put_time(c, PF_CC_SYNC, i, compat_now_ns() - t0);
        if (done(c, PF_CC_SYNC, i, rc) != CU_SUCCESS)
            goto unload;
    }
    memset(host_out, 0, bytes);
    step(c, PF_CC_DTOH, i);
    t0 = compat_now_ns();
    {
        int rc = a->dtoh(host_out, dout, bytes);
        put_time(c, PF_CC_DTOH, i, compat_now_ns() - t0);
        if (done(c, PF_CC_DTOH, i, rc) != CU_SUCCESS)
            goto unload;
    }
    {
        uint32_t k;
        int64_t wrong = 0;
        for (k = 0; k < n; k++) {
            if (host_out[k] == probe_compute_expected(host_in[k], k, salt))
                continue;
            if (!wrong)
                probewire_put_int(&c->sb, PW_INT, PF_CC_BAD, i, ((int64_t)k << 32) | host_out[k]);
            wrong++;
        }
        probewire_put_int(&c->sb, PW_INT, PF_CC_VERIFY, i, wrong);
        send(c);
    }
unload:
    step(c, PF_CC_UNLOAD, i);
    done(c, PF_CC_UNLOAD, i, a->unload(mod));
free:
    if (dout) {
        step(c, PF_CC_FREE, i);
        done(c, PF_CC_FREE, i, a->free(dout));
    }
    if (din) {
        step(c, PF_CC_FREE, i);
        done(c, PF_CC_FREE, i, a->free(din));
    }
release:
    if (a->release) {
        step(c, PF_CC_RELEASE, i);
        done(c, PF_CC_RELEASE, i, a->release(dev));
    }
}

static void *need(struct cchild *c, void *h, const char *name, const char *fallback, int fn)
{
    void *p = compat_dl_sym(h, name);
    if (!p && fallback)
        p = compat_dl_sym(h, fallback);
    if (!p)
        probewire_put(&c->sb, PW_NOSYM, fn, -1);
    return p;
}

int probe_compute_child_main(int wfd, const char *const *args, size_t nargs)
{
    struct cchild c;
    struct api a;
    struct variant vs[PROBE_COMPUTE_MAX_JIT];
    size_t nv = 0, i;
    uint32_t n, salt, *host_in = NULL, *host_out = NULL;
    int count = 0, rc;
    char msg[512];
    void *h;

    memset(&c, 0, sizeof(c));
    memset(&a, 0, sizeof(a));
    c.fd = wfd;
    strbuf_init(&c.sb);
    strbuf_add(&c.sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    send(&c);
    if (nargs < 6)
        goto end;
    c.step_ms = (unsigned)strtoul(args[1], NULL, 10);
    n = (uint32_t)strtoul(args[2], NULL, 10);
    salt = (uint32_t)strtoul(args[3], NULL, 10);
    if (!n || n > 64u * 1024u * 1024u)
        goto end;
    for (i = 4; i < 6; i++) {
        const char *eq = strchr(args[i], '=');
        char name[64];
        size_t k = eq ? (size_t)(eq - args[i]) : strlen(args[i]);
        if (k == 0 || k >= sizeof(name))
            continue;
        memcpy(name, args[i], k);
        name[k] = '\0';
        compat_setenv(name, eq ? eq + 1 : NULL);
    }
    for (i = 6; i < nargs && nv < PROBE_COMPUTE_MAX_JIT; i++)
        if (parse_variant(args[i], &vs[nv]))
            nv++;

    step(&c, PF_CC_LIB, -1);
    h = compat_dl_open(args[0], msg, sizeof(msg));
    compat_step_timer(0);
    if (!h) {
        probewire_put_str(&c.sb, PW_DLERROR, PF_CC_LIB, -1, msg);
        goto end;
    }
    probewire_put(&c.sb, PW_LOADED, PF_CC_LIB, -1);
    a.init = (cu_init_fn)need(&c, h, "cuInit", NULL, PF_CC_INIT);
    a.count = (cu_int_out_fn)need(&c, h, "cuDeviceGetCount", NULL, PF_CC_COUNT);
    a.get = (cu_device_get_fn)need(&c, h, "cuDeviceGet", NULL, PF_CC_DEVICE);
    a.uuid = (cu_uuid_fn)compat_dl_sym(h, "cuDeviceGetUuid_v2");
    if (!a.uuid)
        a.uuid = (cu_uuid_fn)compat_dl_sym(h, "cuDeviceGetUuid");
    a.name = (cu_device_str_fn)compat_dl_sym(h, "cuDeviceGetName");
    a.attr = (cu_device_attr_fn)compat_dl_sym(h, "cuDeviceGetAttribute");
    a.retain = (cu_ctx_retain_fn)need(&c, h, "cuDevicePrimaryCtxRetain", NULL, PF_CC_CTX);
    a.release = (cu_dev_fn)need(&c, h, "cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease",
                                PF_CC_RELEASE);
    a.set = (cu_ptr_fn)need(&c, h, "cuCtxSetCurrent", NULL, PF_CC_SET);
    a.alloc = (cu_mem_alloc_fn)need(&c, h, "cuMemAlloc_v2", NULL, PF_CC_ALLOC);
    a.free = (cu_mem_free_fn)need(&c, h, "cuMemFree_v2", NULL, PF_CC_FREE);
    a.htod = (cu_htod_fn)need(&c, h, "cuMemcpyHtoD_v2", NULL, PF_CC_HTOD);
    a.dtoh = (cu_dtoh_fn)need(&c, h, "cuMemcpyDtoH_v2", NULL, PF_CC_DTOH);
    a.load = (cu_module_load_fn)need(&c, h, "cuModuleLoadDataEx", NULL, PF_CC_MODULE);
    a.function = (cu_module_fn_fn)need(&c, h, "cuModuleGetFunction", NULL, PF_CC_FUNCTION);
    a.unload = (cu_ptr_fn)need(&c, h, "cuModuleUnload", NULL, PF_CC_UNLOAD);
    a.launch = (cu_launch_fn)need(&c, h, "cuLaunchKernel", NULL, PF_CC_LAUNCH);
    a.sync = (cu_void_fn)need(&c, h, "cuCtxSynchronize", NULL, PF_CC_SYNC);
    c.errname = (cu_error_name_fn)compat_dl_sym(h, "cuGetErrorName");
    c.errstr = (cu_error_name_fn)compat_dl_sym(h, "cuGetErrorString");
    send(&c);
    if (!a.init || !a.count || !a.get || !a.retain || !a.set || !a.alloc || !a.free || !a.htod ||
        !a.dtoh || !a.load || !a.function || !a.unload || !a.launch || !a.sync)
        goto end;

    step(&c, PF_CC_INIT, -1);
    if (done(&c, PF_CC_INIT, -1, a.init(0)) != CU_SUCCESS)
        goto end;
    step(&c, PF_CC_COUNT, -1);
    rc = a.count(&count);
    if (done(&c, PF_CC_COUNT, -1, rc) != CU_SUCCESS || count < 0)
        goto end;
    probewire_put_int(&c.sb, PW_INT, PF_CC_COUNT, -1, count);
    send(&c);
    if (count > PROBE_MAX_DEVICES)
        count = PROBE_MAX_DEVICES;
    host_in = xmalloc((size_t)n * sizeof(uint32_t));
    host_out = xmalloc((size_t)n * sizeof(uint32_t));
    for (i = 0; i < n; i++)
        host_in[i] = probe_compute_input((uint32_t)i);
    for (i = 0; i < (size_t)count; i++)
        one_device(&c, &a, (int)i, n, salt, vs, nv, host_in, host_out);
end:
    probewire_put(&c.sb, PW_END, PF_NONE, -1);
    send(&c);
    free(host_in);
    free(host_out);
    strbuf_release(&c.sb);
    return 0;
}
