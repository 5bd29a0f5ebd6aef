/*
 * fixes_container.h - the fix engine's commands for check --image: the
 * host side (the NVIDIA Container Toolkit, the engines' wiring) and the
 * image side (a Dockerfile line, a rebuild on another base).
 *
 * Every fix says on which side it is run: titles begin "On the host" or
 * "In the image" (with the Dockerfile line to add, then a rebuild), so a
 * reader never runs an image fix on the node or the reverse.  Host
 * commands follow the host's distribution (facts.container.host_distro),
 * not the image's: NVIDIA's install guide,
 * https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html
 * ("With apt: Ubuntu, Debian": the libnvidia-container repository and
 * keyring, apt-get install nvidia-container-toolkit; "With dnf": the .repo
 * file, dnf install; "Configuring Docker / containerd / CRI-O": nvidia-ctk
 * runtime configure --runtime=..., then restart the engine; CDI: nvidia-ctk
 * cdi generate --output=/etc/cdi/nvidia.yaml).
 */
#ifndef GD_DIAGNOSE_FIXES_CONTAINER_H
#define GD_DIAGNOSE_FIXES_CONTAINER_H

#include "diagnose/finding.h"
#include "diagnose/fixes.h"
#include "facts/facts.h"

/**
 * NVIDIA's own route to the toolkit for a distribution family, as its
 * install guide gives it (above): the repository first -- the gpg key and
 * the list file for apt (Debian, Ubuntu), the .repo file for dnf (Fedora,
 * RHEL) and zypper (SUSE) -- then the install, one multi-line sh command.
 * Debian's archive does not ship the toolkit (bookworm and trixie main,
 * contrib, non-free, non-free-firmware: data/distro_pkg.kb vendor_repo), so
 * a bare apt-get install cannot work.  NULL for a family the guide does not
 * cover (Arch, unknown).  Returns a static string.
 */
const char *fixes_ctk_route(enum fix_family fam);
/** Install the toolkit on the host and register it with Docker. */
void fixes_ctk_install(const struct facts *f, struct findings *fl, struct finding *fd);
/** Register the toolkit with engine ("docker", "containerd", "crio") and restart it. */
void fixes_ctk_configure(const struct facts *f, struct findings *fl, struct finding *fd, const char *engine);
/**
 * Kubernetes GPU nodes whose device plugin offers no nvidia.com/gpu: the
 * NVIDIA runtime registered as the default of the node's engine (nvidia-ctk
 * runtime configure --set-as-default, the toolkit's nvidia-ctk README), for
 * containerd and for Docker, then the engine and the plugin restarted.
 */
void fixes_ctk_default_runtime(struct findings *fl, struct finding *fd);
/** An image that ships its own NVIDIA driver: do not install it in the image (the runtime mounts the host's). */
void fixes_image_no_driver(struct findings *fl, struct finding *fd);
/** The image side: set an environment variable in the Dockerfile (ENV) or at run time (docker run -e). */
void fixes_image_env(struct findings *fl, struct finding *fd, const char *name, const char *value,
                     const char *why);
/** The image side: rebuild FROM a base whose CUDA is at most cuda_max (advice: which tag exists is
 *  the base's registry's). */
void fixes_image_base(struct findings *fl, struct finding *fd, const char *cuda_max);
/** The image side: drop the CUDA forward-compatibility libraries from the image. */
void fixes_image_drop_compat(struct findings *fl, struct finding *fd);

/**
 * Put every other fix of a container's diagnosis on its side: the fix
 * engine's driver fixes already say "on the host"; the rest change what is
 * inside the container, so they become lines of the image's Dockerfile
 * (RUN for a command, ENV for an `export`; an `unset` becomes the advice to
 * drop the ENV line, as an empty value can mean something else, e.g.
 * CUDA_VISIBLE_DEVICES=""), titled "In the image", and their fish /
 * PowerShell / cmd twins are dropped (a Dockerfile has one syntax).  The
 * GD8xx findings are written sided already and are left as they are.
 */
void fixes_container_sides(struct findings *fl);

#endif
