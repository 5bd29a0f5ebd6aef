/*
 * kmod.c - the NVIDIA kernel module chain, from files: the kernel judged
 * (/proc/sys/kernel/osrelease, else the root's newest /lib/modules entry),
 * the installed kernels, the nvidia*.ko files under /lib/modules/KERNEL
 * (where DKMS, NVIDIA's installer and the distributions put them, and what
 * modules.dep lists) with their .modinfo and signature (scan/kmodinfo.h),
 * DKMS's records (/var/lib/dkms/MODULE/VERSION/KERNEL/ARCH, dkms's
 * module_status: built = .../module exists, installed = MODULE/kernel-
 * KERNEL-ARCH links there, a build/make.log left = a build that failed),
 * Secure Boot from efivarfs, and nouveau's blacklisting (modprobe.d(5): the
 * directories kmod reads, and the kernel command line).
 *
 * Read in full only where a driver is expected and its module is not
 * loaded (the "couldn't communicate with the NVIDIA driver" machine), with
 * the newest installed kernel's core module read as well (would rebooting
 * into it load?); on a machine whose module is loaded, only the newest
 * installed kernel's module files (does the next boot have one?).  Layouts: knowledge of the
 * kernel, kmod and dkms sources cited in docs/findings.md (GD12x).
 */
#include "scan/scan.h"
#include "scan/kmodinfo.h"
#include "scan/nodeparse.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

#define SMALL_FILE (64u * 1024)
#define MODULES_DEP_MAX (16u * 1024 * 1024)
#define MAX_CONF_FILES 256

/* The type only (fs_stat_type): the listings read before (/lib/modules,
 * DKMS's directories) answer most of these without a system call. */
static int is_dir(struct scan_ctx *ctx, const char *path)
{
    enum compat_ftype t;
    int r = fs_stat_type(ctx->fs, path, &t, NULL);
    return r == 1 ? t == COMPAT_FT_DIR : r == 0 ? 0 : -1;
}

static int exists(struct scan_ctx *ctx, const char *path)
{
    enum compat_ftype t;
    return fs_stat_type(ctx->fs, path, &t, NULL) == 1;
}

/* An NVIDIA module's file name: nvidia.ko, nvidia-uvm.ko.xz, Debian's
 * nvidia-current-drm.ko; not the in-tree nvidiafb or nvidia-wmi-ec-backlight.
 * Sets *stem_len. */
static int nvidia_file(const char *base, size_t *stem_len)
{
    const char *ko = strstr(base, ".ko");
    size_t n;
    if (!ko || (ko[3] && strcmp(ko + 3, ".xz") && strcmp(ko + 3, ".zst") && strcmp(ko + 3, ".gz")))
        return 0;
    n = (size_t)(ko - base);
    if (!(n == 6 || (n > 7 && base[6] == '-')) || strncmp(base, "nvidia", 6))
        return 0;
    if (n == 23 && !strncmp(base, "nvidia-wmi-ec-backlight", 23))
        return 0;
    *stem_len = n;
    return 1;
}

static struct kmod_file *add_file(struct scan_ctx *ctx, const char *kernel, const char *path)
{
    struct node_kmods *k = &ctx->facts->node.kmods;
    struct facts *f = ctx->facts;
    const char *base = path_basename(path);
    struct kmod_file *m;
    size_t i, sl = 0;

    for (i = 0; i < k->n_files; i++)
        if (!strcmp(k->files[i].path, path))
            return &k->files[i];
    if (!nvidia_file(base, &sl))
        return NULL;
    ALLOC_GROW(k->files, k->n_files + 1, k->alloc_files);
    m = &k->files[k->n_files++];
    memset(m, 0, sizeof(*m));
    m->path = facts_str(f, path);
    m->kernel = facts_str(f, kernel);
    m->stem = arena_strndup(&f->arena, base, sl);
    m->is_signed = -1;
    m->in_dep = -1;
    return m;
}

/* The directories where a module of the NVIDIA driver is installed (dkms's
 * override_dest_module_location: updates/dkms on Debian, Ubuntu, Arch,
 * extra on Fedora and RHEL, updates on SUSE; NVIDIA's installer:
 * kernel/drivers/video; NVIDIA's precompiled RPMs: extra/drivers/video/
 * nvidia; Ubuntu's signed packages: kernel/nvidia-NNN). */
static void find_files(struct scan_ctx *ctx, const char *kernel)
{
    static const char *const subdirs[] = { "updates/dkms", "updates", "extra", "extra/drivers/video/nvidia",
                                           "kernel/drivers/video", NULL };
    struct facts *f = ctx->facts;
    const char *const *sd;
    struct fs_dirlist list;
    struct gd_err err;
    size_t i;

    for (sd = subdirs; *sd; sd++) {
        const char *dir = facts_printf(f, "/lib/modules/%s/%s", kernel, *sd);
        err_init(&err);
        if (fs_list_dir_filtered(ctx->fs, dir, 100000, fs_keep_prefix, (void *)"nvidia", &list, &err) == 1)
            for (i = 0; i < list.nr; i++)
                add_file(ctx, kernel, facts_printf(f, "%s/%s", dir, list.ents[i].name));
        fs_dirlist_release(&list);
    }
    /* kernel/nvidia-535/nvidia.ko (Ubuntu's linux-modules-nvidia-*) */
    err_init(&err);
    if (fs_list_dir_filtered(ctx->fs, facts_printf(f, "/lib/modules/%s/kernel", kernel), 1000, fs_keep_prefix,
                             (void *)"nvidia", &list, &err) == 1) {
        for (i = 0; i < list.nr; i++) {
            struct fs_dirlist sub;
            const char *dir = facts_printf(f, "/lib/modules/%s/kernel/%s", kernel, list.ents[i].name);
            size_t j;
            if (fs_list_dir_filtered(ctx->fs, dir, 1000, fs_keep_prefix, (void *)"nvidia", &sub, &err) == 1)
                for (j = 0; j < sub.nr; j++)
                    add_file(ctx, kernel, facts_printf(f, "%s/%s", dir, sub.ents[j].name));
            fs_dirlist_release(&sub);
        }
    }
    fs_dirlist_release(&list);
}

/* modules.dep (kmod's man/modules.dep.5: "path: deps", paths relative to
 * /lib/modules/KERNEL): every NVIDIA module it lists, and whether the files
 * found on disk are in it (a module depmod has not seen: modprobe says
 * "not found"). */
static void read_dep(struct scan_ctx *ctx, const char *kernel)
{
    struct node_kmods *k = &ctx->facts->node.kmods;
    struct facts *f = ctx->facts;
    struct strbuf sb = STRBUF_INIT;
    const char *dep = facts_printf(f, "/lib/modules/%s/modules.dep", kernel), *line;
    size_t pos = 0, n, i;

    if (scan_read_text(ctx, dep, MODULES_DEP_MAX, &sb) != 1) {
        strbuf_release(&sb);
        return;
    }
    k->dep_read = 1;
    for (i = 0; i < k->n_files; i++)
        if (!strcmp(k->files[i].kernel, kernel))
            k->files[i].in_dep = 0;
    while (next_line(sb.buf, sb.len, &pos, &line, &n)) {
        const char *colon = memchr(line, ':', n), *base, *p;
        size_t pl, sl;
        struct kmod_file *m;
        if (!colon)
            continue;
        pl = (size_t)(colon - line);
        for (base = p = line; p < colon; p++)
            if (*p == '/')
                base = p + 1;
        if ((size_t)(colon - base) < 9 || strncmp(base, "nvidia", 6))
            continue;
        {
            const char *bn = arena_strndup(&f->arena, base, (size_t)(colon - base));
            if (!nvidia_file(bn, &sl))
                continue;
        }
        {
            const char *p2 = line[0] == '/' ? arena_strndup(&f->arena, line, pl)
                                            : facts_printf(f, "/lib/modules/%s/%.*s", kernel, (int)pl, line);
            size_t before = k->n_files;
            /* A stale entry (the file removed since depmod ran) is no module. */
            m = add_file(ctx, kernel, p2);
            if (m && k->n_files > before && !exists(ctx, p2)) {
                k->n_files--;
                continue;
            }
        }
        if (m)
            m->in_dep = 1;
    }
    strbuf_release(&sb);
}

static void read_modinfo(struct scan_ctx *ctx, struct kmod_file *m)
{
    struct facts *f = ctx->facts;
    struct kmodinfo mi;
    struct gd_err err;
    int r;

    memset(&mi, 0, sizeof(mi));
    err_init(&err);
    r = kmodinfo_read(ctx->fs, m->path, &f->arena, &mi, &err);
    if (r < 0) {
        /* A compressed module stays named as such when its stream is
         * broken or this build has no decoder for it. */
        m->compression = mi.compression;
        m->error = facts_str(f, err.msg);
        scan_warn(ctx, m->path, &err);
        return;
    }
    if (r == 0)
        return;
    m->compression = mi.compression;
    m->name = mi.name;
    m->version = mi.version;
    m->vermagic = mi.vermagic;
    m->license = mi.license;
    m->is_signed = mi.is_signed;
}

static void list_kernels(struct scan_ctx *ctx)
{
    struct node_kmods *k = &ctx->facts->node.kmods;
    struct facts *f = ctx->facts;
    struct fs_dirlist list;
    struct gd_err err;
    size_t i, j;

    err_init(&err);
    if (fs_list_dir(ctx->fs, "/lib/modules", 4096, &list, &err) == 1) {
        for (i = 0; i < list.nr; i++) {
            const char *n = list.ents[i].name;
            /* An installed kernel ships modules.order; a removed one can leave
             * only DKMS's updates/ behind. */
            if (!exists(ctx, facts_printf(f, "/lib/modules/%s/modules.order", n)))
                continue;
            ALLOC_GROW(k->kernels, k->n_kernels + 1, k->alloc_kernels);
            k->kernels[k->n_kernels++] = facts_str(f, n);
        }
    }
    fs_dirlist_release(&list);
    /* Version order (insertion sort: a machine has a handful). */
    for (i = 1; i < k->n_kernels; i++) {
        const char *t = k->kernels[i];
        for (j = i; j > 0 && nodeparse_kernel_cmp(k->kernels[j - 1], t) > 0; j--)
            k->kernels[j] = k->kernels[j - 1];
        k->kernels[j] = t;
    }
    if (k->n_kernels)
        k->newest = k->kernels[k->n_kernels - 1];
}

/* /var/lib/dkms/nvidia*: versions, their builds and what is installed. */
static void read_dkms(struct scan_ctx *ctx)
{
    struct node_kmods *k = &ctx->facts->node.kmods;
    struct facts *f = ctx->facts;
    struct fs_dirlist mods, vers, kers, arcs;
    struct gd_err err;
    size_t a, b, c, d;
    int rk;

    err_init(&err);
    if (fs_list_dir_filtered(ctx->fs, "/var/lib/dkms", 4096, fs_keep_prefix, (void *)"nvidia", &mods, &err) != 1) {
        fs_dirlist_release(&mods);
        return;
    }
    for (a = 0; a < mods.nr; a++) {
        const char *mdir = facts_printf(f, "/var/lib/dkms/%s", mods.ents[a].name);
        if (fs_list_dir(ctx->fs, mdir, 4096, &vers, &err) != 1) {
            fs_dirlist_release(&vers);
            continue;
        }
        for (b = 0; b < vers.nr; b++) {
            const char *v = vers.ents[b].name, *vdir;
            struct dkms_version *dv;
            if (str_starts(v, "kernel-") || !strcmp(v, "original_module"))
                continue;
            vdir = facts_printf(f, "%s/%s", mdir, v);
            if (is_dir(ctx, vdir) != 1)
                continue;
            ALLOC_GROW(k->dkms, k->n_dkms + 1, k->alloc_dkms);
            dv = &k->dkms[k->n_dkms++];
            memset(dv, 0, sizeof(*dv));
            dv->module = facts_str(f, mods.ents[a].name);
            dv->version = facts_str(f, v);
            dv->source_ok = is_dir(ctx, facts_printf(f, "%s/source", vdir));
            /* Listed first: a version without build/ answers the next
             * question from the listing. */
            rk = fs_list_dir(ctx->fs, vdir, 4096, &kers, &err);
            if (exists(ctx, facts_printf(f, "%s/build/make.log", vdir)))
                dv->failed_log = facts_printf(f, "%s/build/make.log", vdir);
            if (rk != 1) {
                fs_dirlist_release(&kers);
                continue;
            }
            for (c = 0; c < kers.nr; c++) {
                const char *kn = kers.ents[c].name, *kdir;
                if (!strcmp(kn, "source") || !strcmp(kn, "build") || !strcmp(kn, "log") || kn[0] == '.')
                    continue;
                kdir = facts_printf(f, "%s/%s", vdir, kn);
                if (fs_list_dir(ctx->fs, kdir, 64, &arcs, &err) != 1) {
                    fs_dirlist_release(&arcs);
                    continue;
                }
                for (d = 0; d < arcs.nr; d++) {
                    struct dkms_build *bd;
                    struct strbuf t = STRBUF_INIT;
                    const char *want;
                    if (arcs.ents[d].name[0] == '.')
                        continue; /* dkms's .tmp_ARCH_XXXXXX of a build under way */
                    ALLOC_GROW(k->builds, k->n_builds + 1, k->alloc_builds);
                    bd = &k->builds[k->n_builds++];
                    memset(bd, 0, sizeof(*bd));
                    bd->module = dv->module;
                    bd->version = dv->version;
                    bd->kernel = facts_str(f, kn);
                    bd->arch = facts_str(f, arcs.ents[d].name);
                    /* dkms HEAD's is_module_built: KERNEL/ARCH/module exists; 3.0.10
                     * (Debian 12) also wants the built files in it: a non-empty one
                     * satisfies both. */
                    {
                        struct fs_dirlist mf;
                        bd->built = fs_list_dir(ctx->fs, facts_printf(f, "%s/%s/module", kdir, bd->arch), 64, &mf,
                                                &err) == 1 && mf.nr > 0;
                        fs_dirlist_release(&mf);
                    }
                    /* dkms's _is_module_installed: readlink -f of MODULE/kernel-KERNEL-ARCH
                     * is VERSION/KERNEL/ARCH. */
                    if (fs_realpath(ctx->fs, facts_printf(f, "%s/kernel-%s-%s", mdir, kn, bd->arch), &t, &err) == 1) {
                        struct strbuf d2 = STRBUF_INIT;
                        want = facts_printf(f, "%s/%s", kdir, bd->arch);
                        bd->installed = fs_realpath(ctx->fs, want, &d2, &err) == 1 && !strcmp(t.buf, d2.buf);
                        strbuf_release(&d2);
                    }
                    strbuf_release(&t);
                }
                fs_dirlist_release(&arcs);
            }
            fs_dirlist_release(&kers);
        }
        fs_dirlist_release(&vers);
    }
    fs_dirlist_release(&mods);
}

/* efivarfs: 4 attribute bytes, then the value (docs.kernel.org efivarfs). */
static int efivar_byte(struct scan_ctx *ctx, const char *name)
{
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    int v = -1;
    err_init(&err);
    if (fs_read_head(ctx->fs, facts_printf(ctx->facts, "/sys/firmware/efi/efivars/%s", name), 64, &sb, &err) == 1 &&
        sb.len >= 5)
        v = (unsigned char)sb.buf[4];
    strbuf_release(&sb);
    return v;
}

/* The kernel's own decision (drivers/firmware/efi/libstub/secureboot.c):
 * SecureBoot missing or 0, or SetupMode 1: off; shim's MokSBStateRT 1
 * (validation disabled by the user): off; else on. */
static void read_secure_boot(struct scan_ctx *ctx)
{
    struct node_kmods *k = &ctx->facts->node.kmods;
    int sb, setup, moksb, efi = is_dir(ctx, "/sys/firmware/efi");

    if (efi == 0 && ctx->facts->system.kernel && exists(ctx, "/sys/firmware")) {
        k->secure_boot = 0;
        k->secure_boot_source = "/sys/firmware/efi absent: legacy BIOS boot";
        return;
    }
    if (efi != 1)
        return;
    sb = efivar_byte(ctx, "SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c");
    setup = efivar_byte(ctx, "SetupMode-8be4df61-93ca-11d2-aa0d-00e098032b8c");
    moksb = efivar_byte(ctx, "MokSBStateRT-605dab50-e046-4300-abb6-3dd810dd8b23");
    if (sb < 0 && !exists(ctx, "/sys/firmware/efi/efivars"))
        return; /* efivarfs not mounted: unknown */
    k->secure_boot_source = "/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c";
    k->secure_boot = sb == 1 && setup != 1 && moksb != 1;
}

/* modprobe.d(5): /etc, /run, /usr/local/lib, /usr/lib, /lib modprobe.d,
 * *.conf, an earlier directory's file hiding a later one of the same name;
 * and the command line (modprobe.blacklist= read by kmod, module_blacklist=
 * by the kernel, nouveau.modeset=0 by nouveau itself). */
static void read_blacklist(struct scan_ctx *ctx)
{
    static const char *const dirs[] = { "/etc/modprobe.d", "/run/modprobe.d", "/usr/local/lib/modprobe.d",
                                        "/usr/lib/modprobe.d", "/lib/modprobe.d", NULL };
    struct node_kmods *k = &ctx->facts->node.kmods;
    struct facts *f = ctx->facts;
    const char **seen = NULL;
    size_t n_seen = 0, alloc_seen = 0, i, j, nfiles = 0;
    struct strbuf sb = STRBUF_INIT;
    const char *const *d;
    const char *reals[8];
    size_t n_reals = 0;

    k->nouveau_blacklist_read = 1;
    if (scan_read_text(ctx, "/proc/cmdline", SMALL_FILE, &sb) == 1 && nodeparse_cmdline_blacklists_nouveau(sb.buf, sb.len))
        k->nouveau_blacklist = "/proc/cmdline";
    for (d = dirs; *d && !k->nouveau_blacklist; d++) {
        struct fs_dirlist list;
        struct strbuf real = STRBUF_INIT;
        struct gd_err err;
        err_init(&err);
        /* /lib is /usr/lib on merged-/usr systems: one directory, read once
         * (known by its canonical name, through the links fs remembers). */
        if (fs_realpath(ctx->fs, *d, &real, &err) != 1 || is_dir(ctx, real.buf) != 1) {
            strbuf_release(&real);
            continue;
        }
        for (i = 0; i < n_reals && strcmp(reals[i], real.buf); i++)
            ;
        if (i < n_reals) {
            strbuf_release(&real);
            continue;
        }
        if (n_reals < 8)
            reals[n_reals++] = facts_str(f, real.buf);
        strbuf_release(&real);
        if (fs_list_dir(ctx->fs, *d, 4096, &list, &err) != 1) {
            fs_dirlist_release(&list);
            continue;
        }
        for (i = 0; i < list.nr && !k->nouveau_blacklist && nfiles < MAX_CONF_FILES; i++) {
            const char *nm = list.ents[i].name;
            const char *p;
            if (!str_ends(nm, ".conf"))
                continue;
            for (j = 0; j < n_seen && strcmp(seen[j], nm); j++)
                ;
            if (j < n_seen)
                continue; /* hidden by the same name in an earlier directory */
            ALLOC_GROW(seen, n_seen + 1, alloc_seen);
            seen[n_seen++] = facts_str(f, nm);
            nfiles++;
            p = facts_printf(f, "%s/%s", *d, nm);
            if (scan_read_text(ctx, p, SMALL_FILE, &sb) == 1 && nodeparse_conf_blacklists_nouveau(sb.buf, sb.len))
                k->nouveau_blacklist = p;
        }
        fs_dirlist_release(&list);
    }
    free(seen);
    strbuf_release(&sb);
}

void scan_kmod(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct node_kmods *k = &f->node.kmods;
    size_t i;
    int full;

    if (f->system.wsl || f->tegra.present)
        return; /* WSL2 has no nvidia.ko; a Jetson's GPU driver is the L4T kernel's */
    full = !f->driver.kmod_version && (f->n_gpus || f->driver.n_libs || f->driver.nouveau_loaded);
    list_kernels(ctx);
    if (f->system.kernel && f->system.kernel_source && str_starts(f->system.kernel_source, "/proc/")) {
        k->running = f->system.kernel;
        k->running_source = f->system.kernel_source;
    } else if (k->newest) {
        k->running = k->newest;
        k->running_source = "newest in /lib/modules";
    }
    if (!k->running)
        return;
    if (full) {
        k->scanned = 1;
        k->running_dir = is_dir(ctx, facts_printf(f, "/lib/modules/%s", k->running));
        k->running_headers = is_dir(ctx, facts_printf(f, "/lib/modules/%s/build", k->running));
        if (k->running_dir == 1) {
            find_files(ctx, k->running);
            read_dep(ctx, k->running);
        }
        for (i = 0; i < k->n_files; i++)
            read_modinfo(ctx, &k->files[i]);
        read_dkms(ctx);
        read_secure_boot(ctx);
        read_blacklist(ctx);
    }
    if (k->newest && strcmp(k->newest, k->running)) {
        /* The next boot: its modules, and DKMS's records for it. */
        size_t before = k->n_files;
        k->newest_headers = is_dir(ctx, facts_printf(f, "/lib/modules/%s/build", k->newest));
        find_files(ctx, k->newest);
        /* Where the running kernel has no working module, rebooting into the
         * newest is a fix only if its core module would load there: its
         * vermagic and signature say so (the -uvm, -modeset, -drm and
         * -peermem parts follow the core and are not read). */
        if (full)
            for (i = before; i < k->n_files; i++)
                if (node_kmod_is_core(&k->files[i]))
                    read_modinfo(ctx, &k->files[i]);
        if (!full && f->driver.kmod_version)
            read_dkms(ctx);
    }
}
