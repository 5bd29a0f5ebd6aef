/*
 * probewire.c - encode and parse the probe child's stream (probewire.h).
 */
#include "probe/probewire.h"

#include <stdio.h>
#include <string.h>

#include "probe/compute.h"
#include "probe/verify.h"
#include "util/arena.h"
#include "util/banned.h"

static void put_hdr(struct strbuf *out, int type, int fn, int dev, size_t len)
{
    unsigned char h[PROBEWIRE_HDR_LEN];
    h[0] = (unsigned char)type;
    h[1] = (unsigned char)fn;
    h[2] = (unsigned char)(dev < 0 ? PROBEWIRE_SYSTEM : dev);
    h[3] = (unsigned char)(len & 0xff);
    h[4] = (unsigned char)((len >> 8) & 0xff);
    strbuf_add(out, h, sizeof(h));
}

void probewire_put(struct strbuf *out, int type, int fn, int dev)
{
    put_hdr(out, type, fn, dev, 0);
}

void probewire_put_int(struct strbuf *out, int type, int fn, int dev, int64_t v)
{
    unsigned char b[8];
    uint64_t u = (uint64_t)v;
    int i;
    for (i = 0; i < 8; i++)
        b[i] = (unsigned char)((u >> (8 * i)) & 0xff);
    put_hdr(out, type, fn, dev, sizeof(b));
    strbuf_add(out, b, sizeof(b));
}

void probewire_put_str(struct strbuf *out, int type, int fn, int dev, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (!n) {
        s = "?";
        n = 1;
    }
    if (n > PROBEWIRE_STR_MAX)
        n = PROBEWIRE_STR_MAX;
    put_hdr(out, type, fn, dev, n);
    strbuf_add(out, s, n);
}

static int64_t get_i64(const uint8_t *p)
{
    uint64_t u = 0;
    int i;
    for (i = 7; i >= 0; i--)
        u = (u << 8) | p[i];
    return (int64_t)u;
}

static void copy_str(char *dst, size_t size, const uint8_t *p, size_t n)
{
    if (n >= size)
        n = size - 1;
    memcpy(dst, p, n);
    dst[n] = '\0';
}

static int known_fn(int fn)
{
    return (fn >= PF_LIB_NVML && fn <= PF_NVML_PROC_MEM) ||
           (fn >= PF_LIB_CUDA && fn <= PF_CU_INIT_ERROR);
}

static struct probe_dev *dev_of(struct probe_result *r, int fn, int dev)
{
    if (dev < 0 || dev >= PROBE_MAX_DEVICES)
        return NULL;
    if (fn < PF_LIB_CUDA)
        return &r->nvml_dev[dev];
    return &r->cu_dev[dev];
}

static void apply_int(struct probe_result *r, int fn, int dev, int64_t v)
{
    struct probe_dev *d = dev_of(r, fn, dev);
    switch (fn) {
    case PF_NVML_CUDA_VERSION:
        if (dev < 0 && v > 0 && v < 1000000)
            r->nvml_cuda_version = (int)v;
        break;
    case PF_CU_DRIVER_VERSION:
        if (dev < 0 && v > 0 && v < 1000000)
            r->cu_driver_version = (int)v;
        break;
    case PF_NVML_COUNT:
        if (dev < 0 && v >= 0 && v <= 1000000)
            r->nvml_count = (int)v;
        break;
    case PF_CU_COUNT:
        if (dev < 0 && v >= 0 && v <= 1000000)
            r->cu_count = (int)v;
        break;
    case PF_NVML_CC:
        if (d && v >= 0 && v <= 0x7fffffff) {
            d->present = 1;
            d->cc_major = (int)(v >> 16);
            d->cc_minor = (int)(v & 0xffff);
        }
        break;
    case PF_CU_CC_MAJOR:
    case PF_CU_CC_MINOR:
        if (d && v >= 0 && v < 1000) {
            d->present = 1;
            if (fn == PF_CU_CC_MAJOR)
                d->cc_major = (int)v;
            else
                d->cc_minor = (int)v;
        }
        break;
    case PF_NVML_MEMORY:
    case PF_CU_TOTAL_MEM:
        if (d && v > 0) {
            d->present = 1;
            d->mem_total = (uint64_t)v;
        }
        break;
    case PF_NVML_HANDLE:
    case PF_CU_GET:
        if (d)
            d->present = 1;
        break;
    case PF_NVML_PROC_PID:
        /* One process per record; its memory follows in a PROC_MEM record. */
        if (dev >= 0 && v >= 0 && r->n_procs < PROBE_MAX_PROCS) {
            r->procs[r->n_procs].dev = dev;
            r->procs[r->n_procs].pid = (uint64_t)v;
            r->procs[r->n_procs].mem = UINT64_MAX;
            r->n_procs++;
        }
        break;
    case PF_NVML_PROC_MEM:
        if (r->n_procs && r->procs[r->n_procs - 1].dev == dev && v >= 0)
            r->procs[r->n_procs - 1].mem = (uint64_t)v;
        break;
    default:
        break;
    }
}

static void apply_str(struct probe_result *r, int fn, int dev, const uint8_t *p, size_t n)
{
    struct probe_dev *d = dev_of(r, fn, dev);
    switch (fn) {
    case PF_NVML_DRIVER_VERSION:
        copy_str(r->driver_version, sizeof(r->driver_version), p, n);
        break;
    case PF_CU_INIT_ERROR:
        copy_str(r->cu_init_error, sizeof(r->cu_init_error), p, n);
        break;
    case PF_NVML_INIT_ERROR:
        copy_str(r->nvml_init_error, sizeof(r->nvml_init_error), p, n);
        break;
    case PF_NVML_NAME:
    case PF_CU_NAME:
        if (d) {
            d->present = 1;
            copy_str(d->name, sizeof(d->name), p, n);
        }
        break;
    case PF_NVML_UUID:
        if (d) {
            d->present = 1;
            copy_str(d->uuid, sizeof(d->uuid), p, n);
        }
        break;
    case PF_NVML_PCI:
    case PF_CU_PCI:
        if (d) {
            d->present = 1;
            copy_str(d->pci_bus_id, sizeof(d->pci_bus_id), p, n);
        }
        break;
    default:
        break;
    }
}

static struct probe_lib *lib_of(struct probe_result *r, int fn)
{
    if (fn == PF_LIB_NVML)
        return &r->nvml;
    if (fn == PF_LIB_CUDA)
        return &r->cuda;
    return NULL;
}

/* One record of a stream, its payload still in the buffer. */
struct rec {
    int type, fn, dev;
    size_t n;
    const uint8_t *p;
};

static int check_magic(const uint8_t *buf, size_t len, struct gd_err *err)
{
    if (len > PROBEWIRE_MAX_BYTES)
        return err_setx(err, GD_ERR_LIMIT, "probe output of %zu bytes exceeds %u", len,
                        PROBEWIRE_MAX_BYTES);
    if (len < PROBEWIRE_MAGIC_LEN) {
        /* Nothing, or a cut magic: the child died before writing anything. */
        if (len && memcmp(buf, PROBEWIRE_MAGIC, len) != 0)
            return err_setx(err, GD_ERR_FORMAT, "probe output does not start with the magic");
        return 0;
    }
    if (memcmp(buf, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN) != 0)
        return err_setx(err, GD_ERR_FORMAT, "probe output does not start with the magic");
    return 1;
}

/*
 * The framing both streams share: the next record at *off whose type and fn
 * the reader knows (known(fn); END needs no fn), with its payload size
 * checked for its type.  1: a record in *rc; 0: the stream ends here (at
 * its end, or cut inside a record: truncated); -1: malformed (err).
 */
static int next_record(const uint8_t *buf, size_t len, size_t *off, int complete,
                       int (*known)(int), struct rec *rc, struct gd_err *err)
{
    while (*off < len) {
        size_t n;
        if (len - *off < PROBEWIRE_HDR_LEN)
            return 0;   /* truncated inside a header */
        rc->type = buf[*off];
        rc->fn = buf[*off + 1];
        rc->dev = buf[*off + 2] == PROBEWIRE_SYSTEM ? -1 : buf[*off + 2];
        n = (size_t)buf[*off + 3] | ((size_t)buf[*off + 4] << 8);
        if (len - *off - PROBEWIRE_HDR_LEN < n)
            return 0;   /* truncated inside a payload */
        rc->n = n;
        rc->p = buf + *off + PROBEWIRE_HDR_LEN;
        *off += PROBEWIRE_HDR_LEN + n;
        if (complete)
            return err_setx(err, GD_ERR_FORMAT, "probe output continues after its end record");
        if (rc->type < PW_BEGIN || rc->type > PW_END || (rc->type != PW_END && !known(rc->fn)))
            continue;   /* from a newer child: skip */
        if (rc->dev >= PROBE_MAX_DEVICES)
            return err_setx(err, GD_ERR_FORMAT, "probe record for device %d out of range", rc->dev);
        switch (rc->type) {
        case PW_BEGIN:
        case PW_LOADED:
        case PW_NOSYM:
        case PW_END:
            if (n != 0)
                return err_setx(err, GD_ERR_FORMAT, "probe record type %d has a payload", rc->type);
            break;
        case PW_RC:
        case PW_INT:
        case PW_TIME:
            if (n != 8)
                return err_setx(err, GD_ERR_FORMAT, "probe record type %d has %zu bytes, not 8",
                                rc->type, n);
            break;
        default:
            if (n == 0 || n > PROBEWIRE_STR_MAX || memchr(rc->p, '\0', n))
                return err_setx(err, GD_ERR_FORMAT, "probe string record is malformed");
            break;
        }
        return 1;
    }
    return 0;
}

int probewire_parse(const uint8_t *buf, size_t len, struct probe_result *r, struct gd_err *err)
{
    size_t off = PROBEWIRE_MAGIC_LEN;
    struct rec rc;
    int m, got;

    r->complete = 0;
    if ((m = check_magic(buf, len, err)) <= 0)
        return m;
    while ((got = next_record(buf, len, &off, r->complete, known_fn, &rc, err)) == 1) {
        int type = rc.type, fn = rc.fn, dev = rc.dev;
        size_t n = rc.n;
        const uint8_t *p = rc.p;
        switch (type) {
        case PW_BEGIN:
            r->in_flight_fn = fn;
            r->in_flight_dev = dev;
            break;
        case PW_RC:
            if (r->n_calls >= PROBE_MAX_CALLS)
                return err_setx(err, GD_ERR_LIMIT, "probe output has more than %d calls",
                                PROBE_MAX_CALLS);
            r->calls[r->n_calls].fn = (uint8_t)fn;
            r->calls[r->n_calls].dev = (int16_t)dev;
            r->calls[r->n_calls].rc = get_i64(p);
            r->n_calls++;
            if (fn == PF_NVML_PROCS && get_i64(p) == 0)
                r->procs_asked = 1;
            if (r->in_flight_fn == fn && r->in_flight_dev == dev)
                r->in_flight_fn = 0;
            break;
        case PW_INT:
            apply_int(r, fn, dev, get_i64(p));
            break;
        case PW_TIME: {
            int64_t ns = get_i64(p);
            if (ns < 0)
                ns = 0;
            if (fn == PF_CU_INIT)
                r->cu_init_ns = (uint64_t)ns;
            else if (fn == PF_NVML_INIT)
                r->nvml_init_ns = (uint64_t)ns;
            break;
        }
        case PW_STR:
            apply_str(r, fn, dev, p, n);
            break;
        case PW_LOADED:
        case PW_DLERROR: {
            struct probe_lib *l = lib_of(r, fn);
            if (!l)
                break;
            if (type == PW_LOADED) {
                l->state = PROBE_LIB_LOADED;
            } else {
                l->state = PROBE_LIB_LOAD_FAILED;
                l->error = arena_strndup(&r->arena, (const char *)p, n);
            }
            if (r->in_flight_fn == fn)
                r->in_flight_fn = 0;
            break;
        }
        case PW_NOSYM: {
            struct probe_lib *l = lib_of(r, fn < PF_LIB_CUDA ? PF_LIB_NVML : PF_LIB_CUDA);
            if (l && !l->missing_fn)
                l->missing_fn = fn;
            break;
        }
        case PW_END:
            r->complete = 1;
            break;
        default:
            break;
        }
    }
    return got < 0 ? -1 : 0;
}

/* ---- --verify-libs ------------------------------------------------------ */

static int known_verify_fn(int fn)
{
    return fn == PF_VERIFY_LIB;
}

int probewire_parse_verify(const uint8_t *buf, size_t len, struct probe_verify_install *vi,
                           struct arena *a, struct gd_err *err)
{
    size_t off = PROBEWIRE_MAGIC_LEN;
    struct rec rc;
    int m, got;

    vi->complete = 0;
    if ((m = check_magic(buf, len, err)) <= 0)
        return m;
    while ((got = next_record(buf, len, &off, vi->complete, known_verify_fn, &rc, err)) == 1) {
        struct probe_verify_lib *l;
        if (rc.type == PW_END) {
            vi->complete = 1;
            continue;
        }
        if (rc.type != PW_BEGIN && rc.type != PW_LOADED && rc.type != PW_DLERROR)
            continue;   /* nothing else is said about a library */
        if (rc.dev < 0 || (size_t)rc.dev >= vi->n_load)
            return err_setx(err, GD_ERR_FORMAT, "verify record for library %d out of range", rc.dev);
        l = &vi->libs[rc.dev];
        if (rc.type == PW_BEGIN) {
            vi->in_flight = rc.dev;
            continue;
        }
        if (l->state != PROBE_LIB_SELECTED)
            return err_setx(err, GD_ERR_FORMAT, "verify record for library %d repeated", rc.dev);
        if (rc.type == PW_LOADED) {
            l->state = PROBE_LIB_LOADED;
        } else {
            l->state = PROBE_LIB_LOAD_FAILED;
            l->error = arena_strndup(a, (const char *)rc.p, rc.n);
        }
        if (vi->in_flight == rc.dev)
            vi->in_flight = -1;
    }
    return got < 0 ? -1 : 0;
}

/* ---- --compute ----------------------------------------------------------- */

static int known_compute_fn(int fn)
{
    return fn >= PF_CC_LIB && fn <= PF_CC_LAST_;
}

/* Append a STR piece to a log kept in the arena, up to PROBE_COMPUTE_LOG_MAX. */
static const char *log_append(struct arena *a, const char *old, const uint8_t *p, size_t n)
{
    size_t ol = old ? strlen(old) : 0;
    char *s;
    if (ol >= PROBE_COMPUTE_LOG_MAX)
        return old;
    if (n > PROBE_COMPUTE_LOG_MAX - ol)
        n = PROBE_COMPUTE_LOG_MAX - ol;
    s = arena_alloc(a, ol + n + 1);
    if (ol)
        memcpy(s, old, ol);
    memcpy(s + ol, p, n);
    s[ol + n] = '\0';
    return s;
}

/* 1 when this rc is now the device's failure (its names follow it). */
static int compute_rc(struct probe_compute *pc, struct probe_compute_dev *d, int fn, int64_t rc)
{
    if (fn == PF_CC_INIT) {
        pc->init_rc = rc;
        return 0;
    }
    if (!d)
        return 0;
    if (fn == PF_CC_MODULE && d->n_jit) {
        struct probe_compute_jit *j = &d->jit[d->n_jit - 1];
        j->rc = rc;
        if (rc == 0)
            d->used_sm = j->sm;
    }
    /* The first failing step is the device's failure; a refused PTX
     * variant is one only if no later variant loads (the outcome is
     * decided at the end). */
    if (rc != 0 && fn != PF_CC_UNLOAD && fn != PF_CC_FREE && fn != PF_CC_RELEASE &&
        (!d->failed_fn || (fn == PF_CC_MODULE && d->failed_fn == PF_CC_MODULE))) {
        d->failed_fn = fn;
        d->failed_rc = rc;
        d->error_name[0] = d->error_text[0] = '\0';
        return 1;
    }
    if (rc == 0 && fn == PF_CC_MODULE && d->failed_fn == PF_CC_MODULE) {
        d->failed_fn = 0;   /* a lower variant was refused, this one loads */
        d->failed_rc = PROBE_RC_NONE;
        d->error_name[0] = d->error_text[0] = '\0';
    }
    return 0;
}

int probewire_parse_compute(const uint8_t *buf, size_t len, struct probe_compute *pc,
                            struct gd_err *err)
{
    size_t off = PROBEWIRE_MAGIC_LEN;
    struct rec rc;
    int m, got, named = -2;   /* the device whose failure the next names belong to */

    pc->complete = 0;
    if ((m = check_magic(buf, len, err)) <= 0)
        return m;
    while ((got = next_record(buf, len, &off, pc->complete, known_compute_fn, &rc, err)) == 1) {
        struct probe_compute_dev *d = NULL;
        int64_t v = (rc.type == PW_RC || rc.type == PW_INT || rc.type == PW_TIME) ? get_i64(rc.p) : 0;
        if (rc.type == PW_END) {
            pc->complete = 1;
            continue;
        }
        if (rc.dev >= 0) {
            d = &pc->devs[rc.dev];
            if (!d->present) {
                d->present = 1;
                if ((size_t)rc.dev + 1 > pc->n_devs)
                    pc->n_devs = (size_t)rc.dev + 1;
            }
        }
        switch (rc.type) {
        case PW_BEGIN:
            pc->in_flight_fn = rc.fn;
            pc->in_flight_dev = rc.dev;
            break;
        case PW_RC:
            if (pc->in_flight_fn == rc.fn && pc->in_flight_dev == rc.dev)
                pc->in_flight_fn = 0;
            named = compute_rc(pc, d, rc.fn, v) ? rc.dev : -2;
            break;
        case PW_INT:
            if (rc.fn == PF_CC_COUNT && rc.dev < 0 && v >= 0 && v <= 1000000)
                pc->count = (int)v;
            if (!d)
                break;
            switch (rc.fn) {
            case PF_CC_CC:
                if (v >= 0 && v <= 0x7fffffff) {
                    d->cc_major = (int)(v >> 16);
                    d->cc_minor = (int)(v & 0xffff);
                }
                break;
            case PF_CC_HTOD:
                if (v > 0)
                    d->bytes = (uint64_t)v;
                break;
            case PF_CC_JIT_TARGET: {
                struct probe_compute_jit *j;
                if (d->n_jit >= PROBE_COMPUTE_MAX_JIT)
                    return err_setx(err, GD_ERR_FORMAT, "more than %d JIT attempts for device %d",
                                    PROBE_COMPUTE_MAX_JIT, rc.dev);
                if (v < 0 || v > 0x7fffffff)
                    return err_setx(err, GD_ERR_FORMAT, "JIT target record out of range");
                j = &d->jit[d->n_jit++];
                memset(j, 0, sizeof(*j));
                j->sm = (int)(v >> 16);
                snprintf(j->isa, sizeof(j->isa), "%d.%d", (int)((v >> 8) & 0xff), (int)(v & 0xff));
                j->rc = PROBE_RC_NONE;
                break;
            }
            case PF_CC_VERIFY:
                if (v >= 0)
                    d->wrong = v;
                break;
            case PF_CC_BAD:
                d->bad_index = (int64_t)((uint64_t)v >> 32);
                d->bad_value = (uint32_t)((uint64_t)v & 0xffffffffu);
                break;
            default:
                break;
            }
            break;
        case PW_TIME:
            if (!d || v < 0)
                break;
            if (rc.fn == PF_CC_HTOD)
                d->htod_ns = (uint64_t)v;
            else if (rc.fn == PF_CC_DTOH)
                d->dtoh_ns = (uint64_t)v;
            else if (rc.fn == PF_CC_SYNC)
                d->kernel_ns = (uint64_t)v;
            else if (rc.fn == PF_CC_MODULE && d->n_jit)
                d->jit[d->n_jit - 1].wall_ns = (uint64_t)v;
            break;
        case PW_STR:
            if (!d)
                break;
            switch (rc.fn) {
            case PF_CC_UUID:
                copy_str(d->uuid, sizeof(d->uuid), rc.p, rc.n);
                break;
            case PF_CC_NAME:
                copy_str(d->name, sizeof(d->name), rc.p, rc.n);
                break;
            case PF_CC_ERROR_NAME:
                if (named == rc.dev)
                    copy_str(d->error_name, sizeof(d->error_name), rc.p, rc.n);
                break;
            case PF_CC_ERROR_TEXT:
                if (named == rc.dev)
                    copy_str(d->error_text, sizeof(d->error_text), rc.p, rc.n);
                break;
            case PF_CC_JIT_ERROR:
            case PF_CC_JIT_INFO:
                if (d->n_jit) {
                    struct probe_compute_jit *j = &d->jit[d->n_jit - 1];
                    if (rc.fn == PF_CC_JIT_ERROR)
                        j->error_log = log_append(&pc->arena, j->error_log, rc.p, rc.n);
                    else
                        j->info_log = log_append(&pc->arena, j->info_log, rc.p, rc.n);
                }
                break;
            default:
                break;
            }
            break;
        case PW_DLERROR:
            if (rc.fn == PF_CC_LIB && !pc->skipped)
                pc->skipped = arena_strndup(&pc->arena, (const char *)rc.p, rc.n);
            if (pc->in_flight_fn == rc.fn)
                pc->in_flight_fn = 0;
            break;
        case PW_LOADED:
            if (pc->in_flight_fn == rc.fn)
                pc->in_flight_fn = 0;
            break;
        default:
            break;
        }
    }
    return got < 0 ? -1 : 0;
}
