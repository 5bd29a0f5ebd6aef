/*
 * gpus.c - NVIDIA GPUs from the PCI bus (sysfs), named by the driver's own
 * /proc/driver/nvidia/gpus/BUS/information when the module is loaded, else
 * by the PCI id tables of the knowledge base, with the compute capability
 * from the knowledge base.
 */
#include "scan/scan.h"
#include "scan/nodeparse.h"

#include <stdlib.h>
#include <string.h>

#include "kb/kb.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

#define SMALL_FILE (64u * 1024)
#define PCI_DIR "/sys/bus/pci/devices"
#define NVIDIA_VENDOR 0x10deu

/*
 * A PCI function's uevent (scan/nodeparse.h) says in one file what vendor,
 * device, class, subsystem_vendor, subsystem_device and the driver link
 * say one by one.  A tree whose uevent is absent or lacks PCI_ID or
 * PCI_CLASS is read file by file, and a line it lacks (no PCI_SUBSYS_ID,
 * no DRIVER) from its own file.
 */
static int read_uevent(struct scan_ctx *ctx, const char *dir, struct nodeparse_pci_uevent *u)
{
    struct strbuf p = STRBUF_INIT, sb = STRBUF_INIT;
    struct gd_err err;
    int r = 0;

    memset(u, 0, sizeof(*u));
    err_init(&err);
    path_join(&p, dir, "uevent");
    if (fs_read_head(ctx->fs, p.buf, 4096, &sb, &err) == 1)
        r = nodeparse_pci_uevent(sb.buf, sb.len, &ctx->facts->arena, u);
    strbuf_release(&p);
    strbuf_release(&sb);
    return r;
}

/* A hex number file such as sysfs "vendor" ("0x10de\n"): 1 and *out set. */
static int read_hex(struct scan_ctx *ctx, const char *dir, const char *name, unsigned *out)
{
    struct strbuf p = STRBUF_INIT, sb = STRBUF_INIT;
    struct gd_err err;
    char *end;
    unsigned long v;
    int ok = 0;

    err_init(&err);
    path_join(&p, dir, name);
    if (fs_read_head(ctx->fs, p.buf, 64, &sb, &err) == 1 && sb.len) {
        v = strtoul(sb.buf, &end, 16);
        if (end != sb.buf && v <= 0xffffffu) {
            *out = (unsigned)v;
            ok = 1;
        }
    }
    strbuf_release(&p);
    strbuf_release(&sb);
    return ok;
}

static void read_information(struct scan_ctx *ctx, struct gpu *g)
{
    struct facts *f = ctx->facts;
    struct strbuf p = STRBUF_INIT, sb = STRBUF_INIT;
    size_t pos = 0, n;
    const char *line;

    strbuf_addf(&p, "/proc/driver/nvidia/gpus/%s/information", g->pci_slot);
    if (scan_read_text(ctx, p.buf, SMALL_FILE, &sb) == 1) {
        while (next_line(sb.buf, sb.len, &pos, &line, &n)) {
            const char *colon = memchr(line, ':', n);
            const char *v;
            size_t vn, kn;
            if (!colon)
                continue;
            kn = (size_t)(colon - line);
            v = colon + 1;
            vn = n - kn - 1;
            trim(&v, &vn);
            if (kn == 5 && !memcmp(line, "Model", 5) && vn) {
                g->name = arena_strndup(&f->arena, v, vn);
                g->name_source = facts_str(f, p.buf);
            } else if (kn == 8 && !memcmp(line, "GPU UUID", 8) && vn) {
                g->uuid = arena_strndup(&f->arena, v, vn);
            } else if (kn == 12 && !memcmp(line, "Device Minor", 12) && vn && vn < 4 &&
                       strspn(v, "0123456789") >= vn) {
                /* nv-procfs.c: "Device Minor: \t %u", the N of /dev/nvidiaN */
                int m = 0;
                size_t k;
                for (k = 0; k < vn; k++)
                    m = m * 10 + (v[k] - '0');
                g->minor = m;
            }
        }
    }
    strbuf_release(&p);
    strbuf_release(&sb);
}

void scan_gpus(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct fs_dirlist list;
    struct gd_err err;
    size_t i;
    int r;

    err_init(&err);
    r = fs_list_dir(ctx->fs, PCI_DIR, 65536, &list, &err);
    if (r < 0)
        scan_warn(ctx, PCI_DIR, &err);
    f->pci_readable = r == 1;
    for (i = 0; i < list.nr; i++) {
        struct strbuf dir = STRBUF_INIT;
        unsigned vendor = 0, device = 0, cls = 0;
        struct nodeparse_pci_uevent u;
        struct gpu *g;
        const char *name, *cc, *src;
        int have_u;

        path_join(&dir, PCI_DIR, list.ents[i].name);
        have_u = read_uevent(ctx, dir.buf, &u);
        if (have_u) {
            vendor = u.vendor;
            device = u.device;
            cls = u.cls;
        }
        if (have_u ? vendor != NVIDIA_VENDOR || (cls >> 16) != 0x03
                   : !read_hex(ctx, dir.buf, "vendor", &vendor) || vendor != NVIDIA_VENDOR ||
                         !read_hex(ctx, dir.buf, "class", &cls) || (cls >> 16) != 0x03 ||
                         !read_hex(ctx, dir.buf, "device", &device)) {
            strbuf_release(&dir);
            continue;
        }
        ALLOC_GROW(f->gpus, f->n_gpus + 1, f->alloc_gpus);
        g = &f->gpus[f->n_gpus++];
        memset(g, 0, sizeof(*g));
        g->pci_slot = facts_str(f, list.ents[i].name);
        g->vendor = vendor;
        g->device = device;
        g->pci_class = cls;
        g->minor = -1;
        if (have_u && u.have_subsys) {
            g->subsys_vendor = u.subsys_vendor;
            g->subsys_device = u.subsys_device;
        } else {
            read_hex(ctx, dir.buf, "subsystem_vendor", &g->subsys_vendor);
            read_hex(ctx, dir.buf, "subsystem_device", &g->subsys_device);
        }
        read_information(ctx, g);
        if (have_u && u.driver) {
            g->bound_driver = u.driver;
        } else {
            /* The driver bound to the function: sysfs's "driver" link
             * (../../../bus/pci/drivers/nvidia); none when no driver holds it. */
            struct strbuf lk = STRBUF_INIT, t = STRBUF_INIT;
            path_join(&lk, dir.buf, "driver");
            if (fs_readlink(ctx->fs, lk.buf, &t, &err) == 1 && t.len)
                g->bound_driver = facts_str(f, path_basename(t.buf));
            strbuf_release(&lk);
            strbuf_release(&t);
        }
        if (kb_gpu_by_pci(ctx->kb, vendor, device, &name, &cc, &src) == 1) {
            if (!g->name && name) {
                g->name = name;
                g->name_source = src;
            }
            if (cc) {
                g->compute_capability = cc;
                g->cc_source = src;
            }
        }
        /* A device newer than the PCI id table: the driver's own name for
         * it still finds the compute capability. */
        if (!g->compute_capability && g->name &&
            kb_gpu_by_name(ctx->kb, str_starts(g->name, "NVIDIA ") ? g->name + 7 : g->name, &name, &cc,
                           &src) == 1 && cc) {
            g->compute_capability = cc;
            g->cc_source = src;
        }
        strbuf_release(&dir);
    }
    fs_dirlist_release(&list);
}
