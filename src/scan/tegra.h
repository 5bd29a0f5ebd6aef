/*
 * tegra.h - a Jetson (NVIDIA's Linux for Tegra, L4T): which L4T release,
 * which SoC and board, and where its CUDA driver library is.
 *
 * A Jetson's GPU is part of the SoC: there is no PCI device, no
 * /proc/driver/nvidia, and libcuda.so.1 comes from the nvidia-l4t-cuda
 * package in /usr/lib/aarch64-linux-gnu/tegra (named by
 * /etc/ld.so.conf.d/nvidia-tegra.conf), not from a desktop driver.  The
 * observer reads:
 *
 *   /etc/nv_tegra_release   "# R35 (release), REVISION: 4.1, GCID: ..., BOARD:
 *                           t186ref, EABI: aarch64, DATE: ..." (L4T 35.4.1);
 *                           NVIDIA's Jetson Linux Developer Guide, "Quick
 *                           Start": `cat /etc/nv_tegra_release`
 *   dpkg's nvidia-l4t-core  its version, "35.4.1-20230801124926" (the L4T
 *                           release, then the build date)
 *   /proc/device-tree/compatible  NUL-separated, most specific first, the SoC
 *                           last: "nvidia,p3737-0000+p3701-0000\0nvidia,p3701-0000\0
 *                           nvidia,tegra234\0" (Linux
 *                           Documentation/devicetree/bindings/arm/tegra.yaml)
 *   /proc/device-tree/model "NVIDIA Jetson AGX Orin Developer Kit\0": its GPU's
 *                           compute capability from the kb's gpu_name table
 *
 * From the knowledge base (data/jetpack.kb): the JetPack of that L4T
 * release and the CUDA it ships (none when the table lacks the release: no
 * nearest row is guessed), and, when the model names no gpu_name row, the
 * SoC's integrated GPU and compute capability (tegra_soc).
 *
 * The parsers are pure and bounded; scan_tegra never fails (an unreadable
 * file is a warning, a missing one is simply not a Jetson's).
 */
#ifndef GD_SCAN_TEGRA_H
#define GD_SCAN_TEGRA_H

#include <stddef.h>

#include "scan/scan.h"

struct tegra_release {
    unsigned major;          /* 35 (from "R35") */
    char revision[16];       /* "4.1" */
    char board[32];          /* "t186ref", or "" */
};

/**
 * Parse the first line of /etc/nv_tegra_release (buf, len; need not end in
 * NUL).  Returns 1 and fills out, or 0 when the line is not one ("# R<n>
 * (...), REVISION: <x.y>" is required; BOARD is optional).
 */
int tegra_parse_release(const char *buf, size_t len, struct tegra_release *out);

/**
 * The SoC of a device tree "compatible" property (buf, len: NUL-separated
 * strings): the first "nvidia,tegra<digits>" entry's part after the comma
 * ("tegra234") into out (size outsz).  Returns 1, or 0 when there is none
 * (or it does not fit).
 */
int tegra_parse_compatible(const char *buf, size_t len, char *out, size_t outsz);

/** After scan_dpkg and scan_driver: fill ctx->facts->tegra. */
void scan_tegra(struct scan_ctx *ctx);

#endif
