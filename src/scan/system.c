/*
 * system.c - the examined system: OS, distribution, architecture, kernel,
 * libc, WSL, container, identity.  All from files (os-release, /proc, the
 * program interpreter's file name), so it works on a --root tree too.
 */
#include "scan/scan.h"

#include <string.h>

#include "loader/resolve.h"
#include "scan/pagesize.h"
#include "util/fs.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

#define SMALL_FILE (64u * 1024)
#define KCONFIG_FILE (4u * 1024 * 1024) /* /boot/config-*: ~300 KB */

/* Value of KEY in an os-release text, unquoted, into the arena. */
static const char *osrel_get(struct facts *f, const struct strbuf *sb, const char *key)
{
    size_t pos = 0, n, kl = strlen(key);
    const char *line;
    while (next_line(sb->buf, sb->len, &pos, &line, &n)) {
        if (n > kl && !memcmp(line, key, kl) && line[kl] == '=') {
            const char *v = line + kl + 1;
            size_t vn = n - kl - 1;
            if (vn >= 2 && (v[0] == '"' || v[0] == '\'') && v[vn - 1] == v[0]) {
                v++;
                vn -= 2;
            }
            return arena_strndup(&f->arena, v, vn);
        }
    }
    return NULL;
}

static void scan_distro(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct strbuf sb = STRBUF_INIT;
    const char *src = "/etc/os-release";
    int r = scan_read_text(ctx, src, SMALL_FILE, &sb);
    if (r == 0) {
        src = "/usr/lib/os-release";
        r = scan_read_text(ctx, src, SMALL_FILE, &sb);
    }
    if (r == 1) {
        f->system.distro_id = osrel_get(f, &sb, "ID");
        f->system.distro_name = osrel_get(f, &sb, "PRETTY_NAME");
        f->system.distro_version = osrel_get(f, &sb, "VERSION_ID");
        f->system.distro_source = src;
    }
    strbuf_release(&sb);
}

static const char *first_line(struct facts *f, const struct strbuf *sb)
{
    const char *line;
    size_t pos = 0, n;
    if (!next_line(sb->buf, sb->len, &pos, &line, &n))
        return NULL;
    trim(&line, &n);
    return n ? arena_strndup(&f->arena, line, n) : NULL;
}

static void scan_kernel(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct strbuf sb = STRBUF_INIT;
    const char *procver = NULL;
    const char *wslenv;

    if (scan_read_text(ctx, "/proc/sys/kernel/osrelease", SMALL_FILE, &sb) == 1) {
        f->system.kernel = first_line(f, &sb);
        f->system.kernel_source = "/proc/sys/kernel/osrelease";
    }
    if (scan_read_text(ctx, "/proc/version", SMALL_FILE, &sb) == 1)
        procver = first_line(f, &sb);
    if (!f->system.kernel && procver && str_starts(procver, "Linux version ")) {
        const char *s = procver + 14;
        size_t n = strcspn(s, " ");
        f->system.kernel = arena_strndup(&f->arena, s, n);
        f->system.kernel_source = "/proc/version";
    }
    if (!f->system.kernel) {
        /* A container image has an empty /proc (a mount point); an unpacked
         * disk may have none.  Either way nothing about processes and the
         * kernel can be read, but they are different statements. */
        struct compat_stat st;
        f->system.proc_state = fs_stat(ctx->fs, "/proc", &st, NULL) == 1 && st.type == COMPAT_FT_DIR
                                   ? "empty" : "absent";
    }
    /* WSL: Microsoft's kernels name themselves.  WSL2 kernels are
     * "5.15.x-microsoft-standard-WSL2"; WSL1 reports "4.4.0-19041-Microsoft". */
    if (f->system.kernel && (strstr(f->system.kernel, "microsoft-standard") ||
                             strstr(f->system.kernel, "WSL2"))) {
        f->system.wsl = 2;
        f->system.wsl_evidence = facts_printf(f, "kernel release '%s' (%s)", f->system.kernel,
                                              f->system.kernel_source);
    } else if (f->system.kernel && strstr(f->system.kernel, "Microsoft")) {
        f->system.wsl = 1;
        f->system.wsl_evidence = facts_printf(f, "kernel release '%s' (%s)", f->system.kernel,
                                              f->system.kernel_source);
    } else if (procver && (strstr(procver, "microsoft") || strstr(procver, "Microsoft"))) {
        f->system.wsl = strstr(procver, "WSL2") || strstr(procver, "microsoft-standard") ? 2 : 1;
        f->system.wsl_evidence = "/proc/version names Microsoft";
    } else {
        struct compat_stat st;
        struct gd_err err;
        err_init(&err);
        if (fs_stat(ctx->fs, "/usr/lib/wsl/lib", &st, &err) == 1 && st.type == COMPAT_FT_DIR) {
            f->system.wsl = 2;
            f->system.wsl_evidence = "/usr/lib/wsl/lib exists";
        } else if ((wslenv = env_get(ctx->env, "WSL_DISTRO_NAME")) != NULL && *wslenv) {
            f->system.wsl = 2;
            f->system.wsl_evidence = facts_printf(f, "WSL_DISTRO_NAME=%s", wslenv);
        }
    }
    strbuf_release(&sb);
}

/*
 * The kernel's base page size (scan/pagesize.h): the running kernel's build
 * configuration as distributions install it (/boot/config-RELEASE), else
 * the kernel's own statement in /proc/self/smaps (with --root, the tree's
 * file; the first 64 KiB, whole lines).  Unknown stays 0.
 */
static void scan_page_size(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    unsigned kib;

    if (f->system.kernel && !strchr(f->system.kernel, '/')) {
        const char *p = facts_printf(f, "/boot/config-%s", f->system.kernel);
        if (scan_read_text(ctx, p, KCONFIG_FILE, &sb) == 1 &&
            pagesize_from_kconfig((const uint8_t *)sb.buf, sb.len, &kib) == 1) {
            f->system.page_size_kib = kib;
            f->system.page_size_source = p;
            goto out;
        }
    }
    err_init(&err);
    strbuf_reset(&sb);
    if (fs_read_head(ctx->fs, "/proc/self/smaps", SMALL_FILE, &sb, &err) == 1 &&
        pagesize_from_smaps((const uint8_t *)sb.buf, sb.len, &kib) == 1) {
        f->system.page_size_kib = kib;
        f->system.page_size_source = "/proc/self/smaps";
    }
out:
    strbuf_release(&sb);
}

static int exists(struct scan_ctx *ctx, const char *path)
{
    struct compat_stat st;
    return fs_lstat(ctx->fs, path, &st, NULL) == 1;
}

/*
 * The architecture and libc from the program interpreter that the
 * distribution installs: its name is fixed by each ABI (glibc's
 * ld-linux-x86-64.so.2, musl's ld-musl-ARCH.so.1).  For this machine the
 * running kernel's machine name is authoritative.
 */
static void scan_arch_libc(struct scan_ctx *ctx)
{
    static const struct {
        const char *path, *arch, *libc, *multiarch;
    } interps[] = {
        { "/lib64/ld-linux-x86-64.so.2", "x86_64", "glibc", "x86_64-linux-gnu" },
        { "/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2", "x86_64", "glibc", "x86_64-linux-gnu" },
        { "/lib/ld-linux-aarch64.so.1", "aarch64", "glibc", "aarch64-linux-gnu" },
        { "/lib/aarch64-linux-gnu/ld-linux-aarch64.so.1", "aarch64", "glibc", "aarch64-linux-gnu" },
        { "/lib64/ld64.so.2", "ppc64le", "glibc", "powerpc64le-linux-gnu" },
        { "/lib/ld-musl-x86_64.so.1", "x86_64", "musl", NULL },
        { "/lib/ld-musl-aarch64.so.1", "aarch64", "musl", NULL },
    };
    struct facts *f = ctx->facts;
    char machine[64];
    size_t i;

    if (ctx->fs->host_root && compat_host_machine(machine, sizeof(machine)) == 0) {
        f->system.arch = facts_str(f, machine);
        f->system.arch_source = "uname";
    }
    for (i = 0; i < sizeof(interps) / sizeof(interps[0]); i++) {
        if (!exists(ctx, interps[i].path))
            continue;
        if (f->system.arch && strcmp(f->system.arch, interps[i].arch))
            continue; /* a foreign interpreter (multi-arch install) */
        if (!f->system.arch) {
            f->system.arch = interps[i].arch;
            f->system.arch_source = interps[i].path;
        }
        f->system.libc = interps[i].libc;
        f->system.libc_source = interps[i].path;
        break;
    }
    if (f->system.arch) {
        static const struct { const char *arch, *triplet; } ma[] = {
            { "x86_64", "x86_64-linux-gnu" }, { "aarch64", "aarch64-linux-gnu" },
            { "ppc64le", "powerpc64le-linux-gnu" },
        };
        for (i = 0; i < sizeof(ma) / sizeof(ma[0]); i++) {
            struct strbuf p = STRBUF_INIT;
            if (strcmp(ma[i].arch, f->system.arch))
                continue;
            path_join(&p, "/usr/lib", ma[i].triplet);
            if (exists(ctx, p.buf))
                f->system.multiarch = ma[i].triplet;
            strbuf_release(&p);
        }
    }
}

static void scan_container(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct strbuf sb = STRBUF_INIT;
    const char *v;

    if (exists(ctx, "/.dockerenv")) {
        f->system.container = "docker";
        f->system.container_evidence = "/.dockerenv exists";
    } else if (exists(ctx, "/run/.containerenv")) {
        f->system.container = "podman";
        f->system.container_evidence = "/run/.containerenv exists";
    } else if ((v = env_get(ctx->env, "KUBERNETES_SERVICE_HOST")) != NULL) {
        f->system.container = "kubernetes";
        f->system.container_evidence = "KUBERNETES_SERVICE_HOST is set";
    } else if ((v = env_get(ctx->env, "container")) != NULL && *v) {
        f->system.container = facts_str(f, v);
        f->system.container_evidence = facts_printf(f, "container=%s", v);
    } else {
        struct gd_err err;
        err_init(&err);
        if (fs_read_head(ctx->fs, "/proc/1/cgroup", SMALL_FILE, &sb, &err) == 1) {
            static const struct { const char *needle, *name; } hints[] = {
                { "kubepods", "kubernetes" }, { "docker", "docker" },
                { "libpod", "podman" }, { "lxc", "lxc" }, { "containerd", "container" },
            };
            size_t i;
            for (i = 0; i < sizeof(hints) / sizeof(hints[0]); i++) {
                if (mem_contains(sb.buf, sb.len, hints[i].needle)) {
                    f->system.container = hints[i].name;
                    f->system.container_evidence =
                        facts_printf(f, "/proc/1/cgroup mentions '%s'", hints[i].needle);
                    break;
                }
            }
        }
    }
    strbuf_release(&sb);
}

static void scan_identity(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    char host[256];

    err_init(&err);
    if (ctx->fs->host_root && compat_hostname(host, sizeof(host)) == 0)
        f->system.hostname = facts_str(f, host);
    else if (fs_read_file(ctx->fs, "/etc/hostname", SMALL_FILE, &sb, &err) == 1)
        f->system.hostname = first_line(f, &sb);
    strbuf_reset(&sb);
    if (fs_read_file(ctx->fs, "/etc/machine-id", SMALL_FILE, &sb, &err) == 1)
        f->system.machine_id = first_line(f, &sb);
    strbuf_release(&sb);
}

void scan_system(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    f->system.os = "linux";
    scan_distro(ctx);
    scan_kernel(ctx);
    scan_page_size(ctx);
    scan_arch_libc(ctx);
    /* The loader model read glibc's version from the cache's generator
     * string or the libc file names. */
    if (ctx->resolver && ctx->resolver->cfg.flavour == RESOLVE_GLIBC && ctx->resolver->cfg.glibc_major) {
        f->system.libc_version = facts_printf(f, "%u.%u", ctx->resolver->cfg.glibc_major,
                                              ctx->resolver->cfg.glibc_minor);
        if (!f->system.libc)
            f->system.libc = "glibc";
    } else if (ctx->resolver && ctx->resolver->cfg.flavour == RESOLVE_MUSL && !f->system.libc) {
        f->system.libc = "musl";
    }
    scan_container(ctx);
    scan_identity(ctx);
}
