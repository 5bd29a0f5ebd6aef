/*
 * node_runtime.c - the host's container runtime setup, where its files are
 * visible (a GPU machine, not inside a container): a container engine
 * (docker, podman), the NVIDIA Container Toolkit (its hook
 * nvidia-container-runtime-hook, which `docker run --gpus` needs on
 * dockerd's PATH, or its nvidia-ctk CLI), Docker's daemon.json runtimes,
 * and the NVIDIA CDI spec (/etc/cdi, /var/run/cdi: nvidia-ctk cdi generate)
 * with the driver version its libcuda host path was generated for.
 * Layouts: NVIDIA Container Toolkit sources (pkg/config/engine/docker,
 * container-device-interface spec-dirs.go).  About ten stats and two small
 * reads; nothing when there is no GPU or when run inside a container.
 */
#include "scan/scan.h"
#include "scan/nodeparse.h"

#include <string.h>

#include "util/text.h"
#include "util/banned.h"

#define CONFIG_MAX (1u * 1024 * 1024)

static const char *first_existing(struct scan_ctx *ctx, const char *const *paths)
{
    enum compat_ftype t;
    /* The type only: a listing of the directory read before (ctk's of the
     * PATH directories) answers without a system call. */
    for (; *paths; paths++)
        if (fs_stat_type(ctx->fs, *paths, &t, NULL) == 1 && t == COMPAT_FT_REG)
            return *paths;
    return NULL;
}

void scan_node_runtime(struct scan_ctx *ctx)
{
    static const char *const engines[] = { "/usr/bin/docker", "/usr/bin/dockerd", "/usr/bin/podman",
                                           "/usr/bin/containerd", NULL };
    static const char *const toolkit[] = { "/usr/bin/nvidia-container-runtime-hook", "/usr/bin/nvidia-ctk",
                                           "/usr/bin/nvidia-container-toolkit", NULL };
    static const char *const cdi_dirs[] = { "/etc/cdi", "/var/run/cdi", NULL };
    struct facts *f = ctx->facts;
    struct node_runtime *r = &f->node.runtime;
    struct strbuf sb = STRBUF_INIT;
    const char *const *d;

    if (f->system.container || f->system.wsl || !f->n_gpus)
        return;
    r->read = 1;
    r->engine = first_existing(ctx, engines);
    if (!r->engine)
        return; /* no container engine: nothing here gives containers a GPU */
    r->toolkit = first_existing(ctx, toolkit);
    if (scan_read_text(ctx, "/etc/docker/daemon.json", CONFIG_MAX, &sb) == 1) {
        r->docker_config = "/etc/docker/daemon.json";
        /* "runtimes": {"nvidia": {...}} (nvidia-ctk runtime configure) */
        r->docker_nvidia = mem_contains(sb.buf, sb.len, "\"runtimes\"") && mem_contains(sb.buf, sb.len, "\"nvidia\"");
    }
    for (d = cdi_dirs; *d && !r->cdi_spec; d++) {
        struct fs_dirlist list;
        struct gd_err err;
        size_t i;
        err_init(&err);
        if (fs_list_dir_filtered(ctx->fs, *d, 4096, fs_keep_prefix, (void *)"nvidia", &list, &err) == 1) {
            for (i = 0; i < list.nr && !r->cdi_spec; i++) {
                const char *p = facts_printf(f, "%s/%s", *d, list.ents[i].name);
                if (!str_ends(p, ".yaml") && !str_ends(p, ".json"))
                    continue;
                if (scan_read_text(ctx, p, CONFIG_MAX, &sb) == 1) {
                    r->cdi_spec = p;
                    r->cdi_driver = nodeparse_cdi_driver(sb.buf, sb.len, &f->arena);
                }
            }
        }
        fs_dirlist_release(&list);
    }
    strbuf_release(&sb);
}
