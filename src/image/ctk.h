/*
 * ctk.h - what the NVIDIA Container Toolkit does when a container of this
 * image starts on that host, modelled from its source, and the machine
 * the container then is.
 *
 * The start is modelled as `docker run --gpus all IMAGE` (or a Kubernetes
 * pod with a GPU limit, whose device plugin sets NVIDIA_VISIBLE_DEVICES
 * the same way): the engine adds NVIDIA_VISIBLE_DEVICES=all to the image's
 * environment (moby daemon/devices_nvidia_linux.go), after which --env
 * settings apply (the caller builds that environment).  Then, in order:
 *
 *  - is there a runtime at all: the legacy path (nvidia-container-runtime-
 *    hook and nvidia-container-cli on the host; a config.toml mode other
 *    than auto/legacy makes the hook refuse: CTK cmd/nvidia-container-
 *    runtime-hook/hook_config.go assertModeIsLegacy), else a CDI spec for
 *    nvidia.com/gpu (CTK internal/info/auto.go);
 *  - the image's environment read as the hook reads it (CTK
 *    internal/config/image/cuda_image.go, capabilities.go, devices.go,
 *    cmd/nvidia-container-runtime-hook/container_config.go): a legacy
 *    image (CUDA_VERSION without NVIDIA_REQUIRE_CUDA), the visible devices
 *    (unset: not a GPU container, unless legacy: all; empty or "void": not
 *    one; "none": the driver without a GPU), the capabilities (unset or
 *    empty: utility,compute; legacy and unset: all; an unknown name makes
 *    the hook fail), the requirements (every NVIDIA_REQUIRE_* but _JETPACK,
 *    a legacy image's cuda>=MAJOR.MINOR, none with NVIDIA_DISABLE_REQUIRE
 *    or config disable-require);
 *  - nvidia-container-cli configure (libnvidia-container src/cli/
 *    configure.c): the driver must be loaded, the devices must exist
 *    (src/cli/common.c select_devices), each requirement is evaluated per
 *    selected GPU (image/ctk_dsl.h) and a failing one refuses the start
 *    with the CLI's message; then the driver files of each granted
 *    capability are mounted into /usr/lib/<triplet> when the image has
 *    /etc/debian_version, else /usr/lib64 (src/nvc_container.c), the
 *    binaries into /usr/bin, the device nodes, and ldconfig rebuilds the
 *    container's cache;
 *  - the image's /usr/local/cuda/compat/lib*.so.* (compute only,
 *    src/nvc_container.c find_library_paths): with cuda-compat-mode
 *    ldconfig (the toolkit's default from v1.18, CTK api/config/v1/
 *    runtime.go) or an older toolkit, used only when their major version
 *    is above the host driver's; with mount, whenever it differs and the
 *    compat library is the newer (ldconfig links libcuda.so.1 to the
 *    higher version in one directory); disabled: never
 *    (src/cli/compat_mode.c filter_by_major_version).  Forward
 *    compatibility works on data-centre GPUs only
 *    (https://docs.nvidia.com/deploy/cuda-compatibility/forward-compatibility.html):
 *    elsewhere CUDA fails with error 804.
 *
 * The result goes into cf->container, and cf (the image's own scan) is
 * turned into the container: the host's kernel, kernel module and GPUs
 * (the selected ones), the injected driver files in driver.libs (marked
 * as coming from the host), the device nodes, the libcuda.so.1 a program
 * in the container loads and the CUDA version it supports.  Unknown on the
 * host side stays unknown.
 */
#ifndef GD_IMAGE_CTK_H
#define GD_IMAGE_CTK_H

#include "facts/facts.h"
#include "loader/resolve.h"
#include "util/env.h"
#include "util/fs.h"

struct kb;

struct ctk_start {
    const struct facts *host;    /* the node (borrowed) */
    const struct env *env;       /* the container's environment (borrowed) */
    struct fs *img;              /* the image's tree */
    struct resolver *resolver;   /* its loader model */
    const struct kb *kb;
};

/** Model the start and turn cf (the image's scan) into the container.  Never fails. */
void ctk_model_start(const struct ctk_start *in, struct facts *cf);

/**
 * Does a GPU (by its name, from the kb or pci.ids) run CUDA forward
 * compatibility?  1 a data-centre GPU, 0 a GeForce or TITAN (never
 * supported), -1 cannot tell from the name (workstation RTX cards: only
 * "select NGC Server Ready SKUs").
 */
int ctk_gpu_forward_compat(const char *gpu_name);

#endif
