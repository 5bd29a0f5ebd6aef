/*
 * cpuid_x86.c - compat_x86_cpuid (compat.h): the processor's own answer to
 * CPUID and the OS's XSAVE state, read the way glibc's ld.so reads them
 * (sysdeps/x86/cpu-features.c: __cpuid (0), get_common_indices for leaves 1
 * and 7, get_extended_indices for 0x80000000/0x80000001, and update_active,
 * which calls xgetbv with ECX = 0 only when CPUID.1:ECX.OSXSAVE is set).
 * The same file builds for Linux, macOS and MinGW; any other CPU gets ENOSYS.
 */
#include "compat/compat.h"

#include <errno.h>
#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define GD_HAVE_CPUID 1
#include <cpuid.h>
#endif

#include "util/banned.h"

#ifdef GD_HAVE_CPUID
#define BIT_OSXSAVE (1u << 27)   /* CPUID.1:ECX bit 27 */

static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    /* The opcode bytes of xgetbv, for assemblers that predate it. */
    __asm__ volatile(".byte 0x0f, 0x01, 0xd0" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

int compat_x86_cpuid(struct compat_x86_cpuid *out)
{
    unsigned a, b, c, d;

    memset(out, 0, sizeof(*out));
    /* __get_cpuid_max checks that CPUID exists at all (i386) and returns
     * leaf 0's EAX. */
    if (__get_cpuid_max(0, NULL) == 0) {
        errno = ENOSYS;
        return -1;
    }
    __cpuid(0, a, b, c, d);
    out->max_leaf = a;
    out->vendor_ebx = b;
    out->vendor_ecx = c;
    out->vendor_edx = d;
    if (out->max_leaf >= 1) {
        __cpuid(1, a, b, c, d);
        out->l1_eax = a;
        out->l1_ecx = c;
        out->l1_edx = d;
    }
    if (out->max_leaf >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        out->l7_ebx = b;
        out->l7_ecx = c;
        out->l7_edx = d;
    }
    __cpuid(0x80000000u, a, b, c, d);
    out->ext_max = a;
    if (out->ext_max >= 0x80000001u) {
        __cpuid(0x80000001u, a, b, c, d);
        out->e1_ecx = c;
        out->e1_edx = d;
    }
    if (out->l1_ecx & BIT_OSXSAVE)
        out->xcr0 = xgetbv0();
    return 0;
}

#else

int compat_x86_cpuid(struct compat_x86_cpuid *out)
{
    memset(out, 0, sizeof(*out));
    errno = ENOSYS;
    return -1;
}

#endif
