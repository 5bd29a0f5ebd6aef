/*
 * win_system.c - the Windows system: version and architecture from
 * System32\kernel32.dll (its PE machine and version resource; the registry
 * hives are not read), and PATH, split on ';' into ldenv.path as virtual
 * paths (entries on other drives are kept as written).
 */
#include "scan/win_scan.h"

#include <stdlib.h>
#include <string.h>

#include "loader/pe.h"
#include "util/banned.h"

static const char *arch_of(uint16_t machine)
{
    switch (machine) {
    case PE_MACHINE_AMD64: return "x86_64";
    case PE_MACHINE_ARM64: return "aarch64";
    case PE_MACHINE_I386: return "i686";
    default: return NULL;
    }
}

static void scan_version(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    const char *k32 = win_find(ctx, "/Windows/System32/kernel32.dll");
    char ver[64];
    uint16_t machine = 0;

    f->system.distro_id = "windows";
    f->system.distro_name = "Windows";
    if (!k32 || win_pe_version(ctx, k32, ver, sizeof(ver), &machine) != 1)
        return;
    f->system.arch = arch_of(machine);
    f->system.arch_source = k32;
    f->system.distro_source = k32;
    if (ver[0]) {
        f->system.distro_version = facts_str(f, ver);
        /* Build 22000 and later is Windows 11 (both say 10.0). */
        if (!strncmp(ver, "10.0.", 5))
            f->system.distro_name = strtoul(ver + 5, NULL, 10) >= 22000 ? "Windows 11" : "Windows 10";
    }
}

/* PATH as the examined process would search it: ';'-separated, entries
 * may be quoted, empty ones are skipped (LoadLibrary ignores them). */
static void scan_path(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    const char *path = win_env(ctx, "PATH"), *p, *semi;
    struct strbuf one = STRBUF_INIT;

    if (!path)
        return;
    for (p = path; *p; p = semi ? semi + 1 : p + strlen(p)) {
        const char *v;
        size_t n;
        semi = strchr(p, ';');
        n = semi ? (size_t)(semi - p) : strlen(p);
        if (n >= 2 && p[0] == '"' && p[n - 1] == '"') {
            p++;
            n -= 2;
        }
        strbuf_reset(&one);
        strbuf_add(&one, p, n);
        if (one.len) {
            v = win_map(ctx, one.buf);
            strlist_push(f, &f->ldenv.path, v ? v : facts_str(f, one.buf));
        }
        if (!semi)
            break;
    }
    strbuf_release(&one);
}

void win_scan_system(struct scan_ctx *ctx)
{
    ctx->facts->system.os = "windows";
    scan_version(ctx);
    scan_path(ctx);
}
