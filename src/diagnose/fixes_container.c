/*
 * fixes_container.c - host and image fixes for check --image
 * (fixes_container.h; sources there).
 */
#include "diagnose/fixes_container.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "diagnose/fixes.h"
#include "diagnose/fixes_intent.h"
#include "util/strbuf.h"
#include "util/banned.h"

#define CTK_GUIDE "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html"

static enum fix_family host_family(const struct facts *f)
{
    return fix_family_of(f->container.host_distro);
}

const char *fixes_ctk_route(enum fix_family fam)
{
    switch (fam) {
    case FIX_FAMILY_DEBIAN:
    case FIX_FAMILY_UBUNTU:
        return "curl -fsSL https://nvidia.github.io/libnvidia-container/gpgkey | sudo gpg --dearmor -o "
               "/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg\n"
               "curl -s -L https://nvidia.github.io/libnvidia-container/stable/deb/nvidia-container-toolkit.list | "
               "sed 's#deb https://#deb [signed-by=/usr/share/keyrings/nvidia-container-toolkit-keyring.gpg] "
               "https://#g' | sudo tee /etc/apt/sources.list.d/nvidia-container-toolkit.list\n"
               "sudo apt-get update\n"
               "sudo apt-get install -y nvidia-container-toolkit";
    case FIX_FAMILY_FEDORA:
    case FIX_FAMILY_RHEL:
        return "curl -s -L https://nvidia.github.io/libnvidia-container/stable/rpm/nvidia-container-toolkit.repo | "
               "sudo tee /etc/yum.repos.d/nvidia-container-toolkit.repo\n"
               "sudo dnf install -y nvidia-container-toolkit";
    case FIX_FAMILY_SUSE:
        return "sudo zypper ar https://nvidia.github.io/libnvidia-container/stable/rpm/nvidia-container-toolkit.repo\n"
               "sudo zypper --gpg-auto-import-keys install -y nvidia-container-toolkit";
    default:
        return NULL;
    }
}

void fixes_ctk_install(const struct facts *f, struct findings *fl, struct finding *fd)
{
    const char *route = fixes_ctk_route(host_family(f));
    if (route)
        finding_fix(fl, fd, "sh", "On the host: add NVIDIA's container toolkit repository and install the toolkit",
                    "%s", route);
    else
        finding_fix(fl, fd, NULL, "On the host: install the NVIDIA Container Toolkit (NVIDIA's install guide: "
                    CTK_GUIDE ")", NULL);
    fixes_ctk_configure(f, fl, fd, "docker");
}

void fixes_ctk_configure(const struct facts *f, struct findings *fl, struct finding *fd, const char *engine)
{
    (void)f;
    if (!strcmp(engine, "containerd"))
        finding_fix(fl, fd, "sh", "On the host: register the NVIDIA runtime with containerd (Kubernetes) and "
                    "restart it", "sudo nvidia-ctk runtime configure --runtime=containerd\n"
                    "sudo systemctl restart containerd");
    else if (!strcmp(engine, "crio"))
        finding_fix(fl, fd, "sh", "On the host: register the NVIDIA runtime with CRI-O and restart it",
                    "sudo nvidia-ctk runtime configure --runtime=crio\nsudo systemctl restart crio");
    else
        finding_fix(fl, fd, "sh", "On the host: register the NVIDIA runtime with Docker, restart it, and start "
                    "the container with the GPUs", "sudo nvidia-ctk runtime configure --runtime=docker\n"
                    "sudo systemctl restart docker\n"
                    "docker run --gpus all IMAGE");
}

void fixes_ctk_default_runtime(struct findings *fl, struct finding *fd)
{
    size_t from = fd->n_fixes;
    finding_fix(fl, fd, "sh", "On each GPU node using containerd (most Kubernetes nodes): make the NVIDIA runtime "
                "containerd's default and restart it", "sudo nvidia-ctk runtime configure --runtime=containerd "
                "--set-as-default\nsudo systemctl restart containerd");
    finding_fix(fl, fd, "sh", "Or, on nodes whose engine is Docker: make it Docker's default runtime",
                "sudo nvidia-ctk runtime configure --runtime=docker --set-as-default\nsudo systemctl restart docker");
    finding_fix(fl, fd, NULL, "Then restart the NVIDIA device plugin's pod on those nodes, so that it finds the "
                "GPUs and advertises nvidia.com/gpu", NULL);
    fixes_rank(fd, from, FIX_RANK_SYSTEM);
}

void fixes_image_no_driver(struct findings *fl, struct finding *fd)
{
    fixes_advice(fl, fd, FIX_RANK_NEW_ENV, "In the image: do not install the NVIDIA driver (libcuda1, "
                 "nvidia-driver, libnvidia-compute-*): the runtime mounts the host's");
}

void fixes_image_env(struct findings *fl, struct finding *fd, const char *name, const char *value,
                     const char *why)
{
    finding_fix(fl, fd, NULL, why, NULL);
    finding_fix(fl, fd, "sh", "In the image: add this line to the Dockerfile, then rebuild", "ENV %s=%s", name,
                value);
    finding_fix(fl, fd, "sh", "Or at run time, without a rebuild", "docker run --gpus all -e %s=%s IMAGE", name,
                value);
}

void fixes_image_base(struct findings *fl, struct finding *fd, const char *cuda_max)
{
    if (cuda_max)
        finding_fix(fl, fd, NULL,
                    arena_printf(fl->arena, "In the image: rebuild it FROM a base made for CUDA %s or older (the "
                                 "host driver's ceiling), e.g. an nvidia/cuda tag of that CUDA release, with "
                                 "framework wheels built for it", cuda_max),
                    NULL);
    else
        finding_fix(fl, fd, NULL, "In the image: rebuild it FROM a base made for an older CUDA release", NULL);
}

void fixes_image_drop_compat(struct findings *fl, struct finding *fd)
{
    finding_fix(fl, fd, "sh", "In the image: remove the forward-compatibility package (cuda-compat-*), or its "
                "files, in the Dockerfile, then rebuild", "RUN rm -rf /usr/local/cuda/compat");
}

static int mentions_host(const char *t)
{
    const char *p;
    for (p = t; p && *p; p++)
        if (!strncasecmp(p, "host", 4))
            return 1;
    return 0;
}

/* The Dockerfile form of a shell command: NULL when it has none. */
static const char *dockerfile(struct arena *a, const char *cmd)
{
    struct strbuf sb = STRBUF_INIT;
    const char *c, *nl, *r;
    for (c = cmd; c && *c; c = nl ? nl + 1 : NULL) {
        size_t n;
        nl = strchr(c, '\n');
        n = nl ? (size_t)(nl - c) : strlen(c);
        if (n > 6 && !strncmp(c, "unset ", 6)) {
            strbuf_release(&sb);
            return NULL;
        }
        if (sb.len)
            strbuf_addch(&sb, '\n');
        if (n > 7 && !strncmp(c, "export ", 7))
            strbuf_addf(&sb, "ENV %.*s", (int)(n - 7), c + 7);
        else
            strbuf_addf(&sb, "RUN %.*s", (int)n, c);
    }
    r = arena_strdup(a, sb.buf);
    strbuf_release(&sb);
    return r;
}

void fixes_container_sides(struct findings *fl)
{
    size_t i, j, n;
    for (i = 0; i < fl->nr; i++) {
        struct finding *fd = &fl->v[i];
        if (!strncmp(fd->code, "GD8", 3))
            continue;
        for (j = 0, n = 0; j < fd->n_fixes; j++) {
            struct fix x = fd->fixes[j];
            /* The host's side, and how the container is started: not the image's. */
            if (mentions_host(x.title) || (x.command && !strncmp(x.command, "docker ", 7)) ||
                strstr(x.title, "Kubernetes") || strstr(x.title, "the container")) {
                fd->fixes[n++] = x;
                continue;
            }
            if (x.shell && strcmp(x.shell, "sh"))
                continue;   /* fish, PowerShell, cmd: the Dockerfile line is written once */
            if (x.command) {
                const char *d = dockerfile(fl->arena, x.command);
                if (d) {
                    x.title = arena_printf(fl->arena, "In the image: %s (a Dockerfile line; rebuild the image "
                                           "after)", x.title);
                    x.command = d;
                } else {
                    x.title = arena_printf(fl->arena, "In the image: %s -- drop the ENV line that sets it from "
                                           "the Dockerfile (and check the base image's), then rebuild", x.title);
                    x.command = NULL;
                    x.shell = NULL;
                }
            } else {
                x.title = arena_printf(fl->arena, "In the image: %s", x.title);
            }
            x.group = 0;
            fd->fixes[n++] = x;
        }
        fd->n_fixes = n;
    }
}
