/*
 * win_driver.c - the NVIDIA driver on Windows, from files.
 *
 * The display driver installs nvcuda.dll (the CUDA driver API) and, with
 * DCH drivers, nvml.dll and nvidia-smi.exe into C:\Windows\System32 (older
 * drivers: nvml.dll under Program Files\NVIDIA Corporation\NVSMI).  Their
 * version resource carries Windows' numbering, 31.0.15.3833, which is
 * NVIDIA driver 538.33 (kb/ver_driver.h); that is the version recorded.
 * The DriverStore copies (FileRepository\nv*.inf_amd64_*\nvcuda64.dll) are
 * recorded too: a driver package present there but not in System32 is an
 * installation that did not finish.  No registry hive is read, so GPUs
 * stay unknown (struct facts: no PCI list).
 */
#include "scan/win_scan.h"

#include <string.h>

#include "kb/kb.h"
#include "kb/ver_driver.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/winpath.h"
#include "util/banned.h"

#define WIN_DIR_MAX 100000

static void add_lib(struct scan_ctx *ctx, const char *name, const char *path)
{
    struct facts *f = ctx->facts;
    struct driver_lib *dl;
    char ver[64], nv[64];

    if (!path || win_pe_version(ctx, path, ver, sizeof(ver), NULL) != 1)
        return;
    if (!ver[0]) {
        facts_warn(f, path, facts_printf(f, "'%s' has no version resource", path));
        return;
    }
    if (ver_driver_normalize(ver, nv, sizeof(nv)) < 0) {
        facts_warn(f, path, facts_printf(f, "'%s': file version %s is not a driver version", path, ver));
        return;
    }
    ALLOC_GROW(f->driver.libs, f->driver.n_libs + 1, f->driver.alloc_libs);
    dl = &f->driver.libs[f->driver.n_libs++];
    memset(dl, 0, sizeof(*dl));
    dl->name = name;
    dl->version = facts_str(f, nv);
    dl->path = path;
}

static void scan_driver_store(struct scan_ctx *ctx)
{
    const char *repo = win_find(ctx, "/Windows/System32/DriverStore/FileRepository");
    struct fs_dirlist dl;
    size_t i;

    if (!repo)
        return;
    if (fs_list_dir(ctx->fs, repo, WIN_DIR_MAX, &dl, NULL) != 1) {
        fs_dirlist_release(&dl);   /* -1 leaves the entries read so far */
        return;
    }
    for (i = 0; i < dl.nr; i++) {
        const char *n = dl.ents[i].name, *dir, *lib;
        /* nv_dispi.inf_amd64_<hash>, nvlti.inf_amd64_<hash>, ... */
        if ((n[0] | 0x20) != 'n' || (n[1] | 0x20) != 'v' || !strstr(n, ".inf_"))
            continue;
        dir = facts_printf(ctx->facts, "%s/%s", repo, n);
        if ((lib = win_find_in(ctx, dir, "nvcuda64.dll")) != NULL)
            add_lib(ctx, "nvcuda-driverstore", lib);
    }
    fs_dirlist_release(&dl);
}

void win_scan_driver(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    const char *ver, *cuda, *src, *nvml;

    add_lib(ctx, "nvcuda", win_find(ctx, "/Windows/System32/nvcuda.dll"));
    nvml = win_find(ctx, "/Windows/System32/nvml.dll");
    if (!nvml)
        nvml = win_find(ctx, "/Program Files/NVIDIA Corporation/NVSMI/nvml.dll");
    add_lib(ctx, "nvml", nvml);
    scan_driver_store(ctx);
    ver = facts_driver_version(f);
    if (ver && kb_driver_cuda_max(ctx->kb, ver, &cuda, &src) == 1) {
        f->driver.cuda_max = cuda;
        f->driver.cuda_max_source = src;
    }
}
