/*
 * wsl.c - WSL2 seen from both sides: the Windows driver packages WSL maps
 * into the guest (/usr/lib/wsl/drivers/nv*.inf_amd64_*, the DriverStore's
 * FileRepository folders; through /mnt/c when that mapping is missing),
 * each one's version from its nvcuda64.dll's version resource (Windows'
 * numbering, 31.0.15.4601 = NVIDIA 546.01, kb/ver_driver.h), and whether
 * Windows' own copy of the WSL libraries (C:\Windows\System32\lxss\lib,
 * what /usr/lib/wsl/lib shows) holds libcuda.  The newest package is the
 * driver's version on WSL2, where no kernel module exists to say it.
 */
#include "scan/scan.h"
#include "scan/win_scan.h"

#include <string.h>

#include "kb/ver_driver.h"
#include "kb/ver_dotted.h"
#include "util/text.h"
#include "util/banned.h"

void scan_wsl_driver(struct scan_ctx *ctx)
{
    static const char *const stores[] = { "/usr/lib/wsl/drivers", "/mnt/c/Windows/System32/DriverStore/FileRepository",
                                          NULL };
    struct facts *f = ctx->facts;
    struct driver_facts *d = &f->driver;
    const char *const *s;
    struct compat_stat st;

    if (f->system.wsl != 2)
        return;
    for (s = stores; *s && !d->wsl_driver_version; s++) {
        struct fs_dirlist list;
        struct gd_err err;
        size_t i;
        err_init(&err);
        if (fs_list_dir_filtered(ctx->fs, *s, 100000, fs_keep_prefix, (void *)"nv", &list, &err) != 1) {
            fs_dirlist_release(&list);
            continue;
        }
        for (i = 0; i < list.nr; i++) {
            const char *n = list.ents[i].name, *dll;
            char ver[64], nv[64];
            if (!strstr(n, ".inf_amd64_"))
                continue;
            dll = win_find_in(ctx, facts_printf(f, "%s/%s", *s, n), "nvcuda64.dll");
            if (!dll || win_pe_version(ctx, dll, ver, sizeof(ver), NULL) != 1 || !ver[0] ||
                ver_driver_normalize(ver, nv, sizeof(nv)) < 0)
                continue;
            d->wsl_driver_packages++;
            if (!d->wsl_driver_version || ver_cmp_dotted(nv, d->wsl_driver_version) > 0) {
                d->wsl_driver_version = facts_str(f, nv);
                d->wsl_driver_source = dll;
            }
        }
        fs_dirlist_release(&list);
    }
    if (fs_stat(ctx->fs, "/mnt/c/Windows/System32/lxss/lib", &st, NULL) == 1 && st.type == COMPAT_FT_DIR)
        d->wsl_lxss_libcuda = win_find_in(ctx, "/mnt/c/Windows/System32/lxss/lib", "libcuda.so.1.1") ||
                              win_find_in(ctx, "/mnt/c/Windows/System32/lxss/lib", "libcuda.so") ? 1 : 0;
    else
        d->wsl_lxss_libcuda = -1;
}
