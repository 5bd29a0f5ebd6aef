/*
 * isa.h - the x86-64 ISA level (psABI x86-64-v2/v3/v4) glibc's ld.so
 * would find on a CPU, from which it chooses the glibc-hwcaps
 * subdirectories it searches, and the $PLATFORM override it applies.
 *
 * Two inputs, one rule set.  isa_from_cpuid decides from the processor's
 * own CPUID and XGETBV answers (compat_x86_cpuid: the machine gpudoctor
 * runs on), exactly as ld.so does at start-up.  isa_from_cpuinfo decides
 * from a /proc/cpuinfo text (an examined tree), whose flag names are the
 * Linux kernel's (arch/x86/include/asm/cpufeatures.h): the kernel has
 * already dropped the AVX and AVX-512 flags when it does not save their
 * register state, and it names LZCNT "abm" (CPUID 0x80000001:ECX bit 5,
 * the same bit on Intel and AMD).
 *
 * The rules (glibc 2.33 and later, as of glibc 2.41):
 *   - sysdeps/x86/get-isa-level.h: baseline = CMOV CX8 FPU FXSR MMX SSE
 *     SSE2; v2 = + CMPXCHG16B LAHF64_SAHF64 POPCNT SSE3 SSSE3 SSE4_1
 *     SSE4_2; v3 = + AVX AVX2 BMI1 BMI2 F16C FMA LZCNT MOVBE; v4 = +
 *     AVX512F AVX512BW AVX512CD AVX512DQ AVX512VL.  These are the x86-64
 *     psABI's micro-architecture levels (x86-64-ABI, "Micro-architecture
 *     levels"); glibc checks them as "usable" features:
 *   - sysdeps/x86/cpu-features.c update_active: AVX is usable only when
 *     OSXSAVE is set and XCR0 enables the XMM and YMM states (bits 1, 2);
 *     AVX2, FMA and F16C only when AVX is; AVX-512 only when XCR0 also
 *     enables the opmask, ZMM_Hi256 and Hi16_ZMM states (bits 5, 6, 7);
 *     init_cpu_features then drops the AVX family when XSAVE is not usable,
 *     reads leaves 1 and 0x80000001 only for the vendors it knows (Intel,
 *     AMD, Zhaoxin/Centaur, Hygon: any other vendor gets no level at all),
 *     and drops AVX/AVX2 on four Zhaoxin models.
 *   - sysdeps/x86_64/dl-hwcaps-subdirs.c: the active subdirectories are
 *     x86-64-v2 up to the level found, best first.
 *   - $PLATFORM (legacy hwcap subdirectories, glibc 2.26-2.36): on Intel
 *     only, "xeon_phi" with AVX512CD+ER+PF usable, else "haswell" with
 *     AVX2 FMA BMI1 BMI2 LZCNT MOVBE POPCNT usable.
 *
 * Not modelled: GLIBC_TUNABLES=glibc.cpu.hwcaps, which can mask features
 * in one process.  Pure functions, no I/O; they never fail.
 */
#ifndef GD_LOADER_ISA_H
#define GD_LOADER_ISA_H

#include <stddef.h>

#include "compat/compat.h"

struct isa_level {
    int level;             /* -1 unknown, 0 below the baseline, 1 baseline,
                              2, 3, 4: x86-64-v2, -v3, -v4 */
    const char *platform;  /* "haswell", "xeon_phi" (static strings), or NULL:
                              AT_PLATFORM stays "x86_64" */
};

/** Decide from CPUID/XGETBV words (never unknown). */
void isa_from_cpuid(const struct compat_x86_cpuid *c, struct isa_level *out);

/**
 * Decide from the text of a /proc/cpuinfo (buf, len; need not end in NUL),
 * using its first processor's "vendor_id", "cpu family", "model" and
 * "flags" lines.  Returns 1, or 0 with out->level -1 when it has no flags
 * line (not an x86 cpuinfo, or empty).
 */
int isa_from_cpuinfo(const char *buf, size_t len, struct isa_level *out);

/**
 * The glibc-hwcaps subdirectory names active at level, best first
 * ("x86-64-v4", "x86-64-v3", "x86-64-v2"), into names (room for 3).
 * Returns how many (0 below v2 or unknown).
 */
size_t isa_hwcaps_subdirs(int level, const char *names[3]);

/**
 * AArch64: whether the CPU a /proc/cpuinfo text (buf, len) describes has
 * the LSE atomics (its first "Features" line names "atomics", the kernel's
 * name for HWCAP_ATOMICS, arch/arm64/kernel/cpuinfo.c).  glibc 2.26-2.36
 * searches the legacy hwcap subdirectory "atomics" when it does:
 * sysdeps/unix/sysv/linux/aarch64/dl-procinfo.h defines HWCAP_IMPORTANT as
 * HWCAP_ATOMICS, the one AT_HWCAP bit elf/dl-hwcaps.c turns into a
 * subdirectory.  AArch64 defines no glibc-hwcaps subdirectory (glibc has
 * no sysdeps/aarch64/dl-hwcaps-subdirs.c; the generic one is empty).
 * Returns 1 yes, 0 no, -1 no Features line (not an AArch64 cpuinfo).
 */
int isa_aarch64_atomics(const char *buf, size_t len);

#endif
