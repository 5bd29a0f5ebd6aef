/*
 * pagesize.h - the kernel's base page size, from the text of two files.
 *
 * On AArch64 the kernel is built for 4, 16 or 64 KiB pages (Kconfig
 * ARM64_4K_PAGES / ARM64_16K_PAGES / ARM64_64K_PAGES, one of them; NVIDIA
 * Grace servers commonly run 64 KiB kernels), on ppc64 for 4 or 64 KiB
 * (PPC_4K_PAGES / PPC_64K_PAGES, and 16/256 KiB on 44x); x86-64 has 4 KiB
 * base pages only.  A wheel built for 4 KiB pages (its ELF segments aligned
 * to 4 KiB) cannot be mapped by a 64 KiB kernel, so the size is worth
 * stating.  Two sources, both plain text:
 *
 *  - a kernel build configuration, /boot/config-RELEASE as Debian, Ubuntu,
 *    RHEL and SUSE install it: the "CONFIG_<ARCH>_<N>K_PAGES=y" line;
 *  - /proc/PID/smaps: "KernelPageSize:  N kB" on every mapping (proc(5):
 *    "the page size used by the kernel to back the virtual memory area";
 *    huge-page mappings say more, so the smallest value counts).
 *
 * Pure parsers over a bounded buffer; nothing here reads a file or says
 * which source wins (scan/system.c does).
 */
#ifndef GD_SCAN_PAGESIZE_H
#define GD_SCAN_PAGESIZE_H

#include <stddef.h>
#include <stdint.h>

/**
 * The base page size a kernel configuration selects: a line
 * "CONFIG_ARM64_{4K,16K,64K}_PAGES=y" or "CONFIG_PPC_{4K,16K,64K,256K}_PAGES=y",
 * or "CONFIG_X86_64=y" (4 KiB).  Comment lines ("# ... is not set") do not
 * count.  Returns 1 and sets *kib, or 0 when buf names no page size (two
 * different sizes selected: 0 too).
 */
int pagesize_from_kconfig(const uint8_t *buf, size_t len, unsigned *kib);

/**
 * The smallest "KernelPageSize: N kB" of an smaps text (complete lines
 * only; a line cut by the end of buf is ignored).  Returns 1 and sets *kib
 * (N, 1..1048576), or 0 when there is none.
 */
int pagesize_from_smaps(const uint8_t *buf, size_t len, unsigned *kib);

#endif
