/*
 * mac_system.c - scan_macos, the release, Apple Silicon or Intel, PATH.
 *
 * The release: System/Library/CoreServices/SystemVersion.plist, the file
 * `sw_vers` reads (ProductName, ProductVersion, ProductBuildVersion).
 *
 * Apple Silicon or Intel, from files only, strongest evidence first:
 *   - a release before macOS 11 is Intel: Apple silicon Macs started with
 *     macOS Big Sur 11;
 *   - Homebrew's prefix /opt/homebrew: its installer picks it on Apple
 *     Silicon and /usr/local on Intel (docs.brew.sh/Installation);
 *   - Rosetta 2 installed (/Library/Apple/usr/libexec/oah, where its runtime
 *     lives): Rosetta 2 translates Intel code on Apple silicon only
 *     (support.apple.com/en-us/102527);
 *   - an interpreter with only an arm64 slice: it runs on Apple Silicon only.
 * The system's own binaries cannot tell: /usr/lib/dyld and the programs in /bin are
 * universal (x86_64 and arm64e) on both since macOS 11.  Nothing else
 * found: unknown.
 */
#include "scan/mac_scan.h"

#include <stdlib.h>
#include <string.h>

#include "scan/plist.h"
#include "util/banned.h"

#define SYSVER "/System/Library/CoreServices/SystemVersion.plist"
#define ROSETTA "/Library/Apple/usr/libexec/oah"

int scan_is_macos(const struct scan_ctx *ctx)
{
    return ctx->opts && ctx->opts->os && !strcmp(ctx->opts->os, "macos");
}

void mac_homes(struct scan_ctx *ctx, struct strlist *out)
{
    struct fs_dirlist dl;
    struct gd_err err;
    struct strbuf p = STRBUF_INIT;
    size_t i;
    err_init(&err);
    if (fs_list_dir(ctx->fs, "/Users", 64, &dl, &err) < 0)
        return;
    for (i = 0; i < dl.nr; i++) {
        if (dl.ents[i].name[0] == '.' || !strcmp(dl.ents[i].name, "Shared"))
            continue;
        path_join(&p, "/Users", dl.ents[i].name);
        strlist_push(ctx->facts, out, p.buf);
    }
    fs_dirlist_release(&dl);
    strbuf_release(&p);
}

static int is_dir(struct scan_ctx *ctx, const char *vpath)
{
    struct compat_stat st;
    struct gd_err err;
    err_init(&err);
    return fs_stat(ctx->fs, vpath, &st, &err) == 1 && st.type == COMPAT_FT_DIR;
}

static void scan_version(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct strbuf text = STRBUF_INIT;
    struct arena a;
    struct plist_dict d;
    struct gd_err err;

    f->system.distro_id = "macos";
    f->system.distro_name = "macOS";
    if (scan_read_text(ctx, SYSVER, MAC_PLIST_LIMIT, &text) != 1) {
        strbuf_release(&text);
        return;
    }
    arena_init(&a);
    err_init(&err);
    if (plist_parse((const uint8_t *)text.buf, text.len, &a, &d, &err) < 0) {
        facts_warn(f, SYSVER, facts_printf(f, "cannot read '%s': %s", SYSVER, err.msg));
    } else {
        const char *v = plist_get(&d, "ProductVersion");
        const char *n = plist_get(&d, "ProductName");
        f->macos.version = facts_str(f, v);
        f->macos.build = facts_str(f, plist_get(&d, "ProductBuildVersion"));
        f->macos.product = facts_str(f, n);
        f->macos.version_source = SYSVER;
        f->system.distro_version = f->macos.version;
        f->system.distro_source = SYSVER;
        if (v)
            f->system.distro_name = facts_printf(f, "%s %s", n ? n : "macOS", v);
        if (d.warning)
            facts_warn(f, SYSVER, d.warning);
    }
    arena_release(&a);
    strbuf_release(&text);
}

/* PATH: ':'-separated, as on Linux; empty entries mean the current
 * directory to a shell, which a file scan cannot follow: skipped. */
static void scan_path(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    const char *path = env_get(ctx->env, "PATH"), *p, *colon;
    for (p = path; p && *p; p = colon ? colon + 1 : p + strlen(p)) {
        size_t n;
        colon = strchr(p, ':');
        n = colon ? (size_t)(colon - p) : strlen(p);
        if (n)
            strlist_push(f, &f->ldenv.path, facts_printf(f, "%.*s", (int)n, p));
        if (!colon)
            break;
    }
}

void mac_scan_system(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    f->system.os = "macos";
    scan_version(ctx);
    f->macos.rosetta = is_dir(ctx, ROSETTA);
    if (f->macos.rosetta)
        f->macos.rosetta_source = ROSETTA;
    scan_path(ctx);
}

static void set_cpu(struct facts *f, const char *cpu, const char *why, const char *src)
{
    f->macos.cpu = cpu;
    f->macos.cpu_evidence = facts_str(f, why);
    f->macos.cpu_source = src;
    f->system.arch = cpu;
    f->system.arch_source = src;
}

void mac_scan_cpu(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    size_t i;
    if (f->macos.version && strtoul(f->macos.version, NULL, 10) == 10) {
        set_cpu(f, "x86_64", facts_printf(f, "macOS %s predates Apple Silicon (macOS 11 and later)",
                                          f->macos.version), f->macos.version_source);
        return;
    }
    if (is_dir(ctx, "/opt/homebrew/bin")) {
        set_cpu(f, "arm64", "Homebrew's Apple Silicon prefix /opt/homebrew is installed", "/opt/homebrew");
        return;
    }
    if (f->macos.rosetta == 1) {
        set_cpu(f, "arm64", "Rosetta 2 (which runs Intel code on Apple Silicon) is installed", ROSETTA);
        return;
    }
    for (i = 0; i < f->macos.n_bins; i++) {
        const struct mac_binary *b = &f->macos.bins[i];
        if (!strcmp(b->role, "interpreter") && b->archs &&
            (!strcmp(b->archs, "arm64") || !strcmp(b->archs, "arm64e"))) {
            set_cpu(f, "arm64", facts_printf(f, "the interpreter %s has only an arm64 slice", b->path),
                    b->real ? b->real : b->path);
            return;
        }
    }
}

void scan_macos(struct scan_ctx *ctx)
{
    mac_scan_system(ctx);
    scan_python(ctx);
    mac_scan_binaries(ctx);
    mac_scan_cpu(ctx);
}
