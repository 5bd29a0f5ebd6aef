/* test_isa.c - the x86-64 ISA level glibc finds, from CPUID words and from
 * /proc/cpuinfo texts (loader/isa.h). */
#include <string.h>

#include "harness.h"
#include "loader/isa.h"

#define EDX_BASE ((1u << 0) | (1u << 8) | (1u << 15) | (1u << 23) | (1u << 24) | (1u << 25) | (1u << 26))
#define ECX_V2 ((1u << 0) | (1u << 9) | (1u << 13) | (1u << 19) | (1u << 20) | (1u << 23))
#define ECX_V3 ((1u << 12) | (1u << 22) | (1u << 26) | (1u << 27) | (1u << 28) | (1u << 29))
#define EBX7_V3 ((1u << 3) | (1u << 5) | (1u << 8))
#define EBX7_V4 ((1u << 16) | (1u << 17) | (1u << 28) | (1u << 30) | (1u << 31))
#define E1_V2 (1u << 0)
#define E1_LZCNT (1u << 5)

static void vendor(struct compat_x86_cpuid *c, const char *v)
{
    /* "GenuineIntel" is EBX "Genu", EDX "ineI", ECX "ntel", little-endian. */
    memcpy(&c->vendor_ebx, v, 4);
    memcpy(&c->vendor_edx, v + 4, 4);
    memcpy(&c->vendor_ecx, v + 8, 4);
}

/* A Zen 4-like CPU: everything up to v4, the OS saving all AVX-512 state. */
static void zen4(struct compat_x86_cpuid *c)
{
    memset(c, 0, sizeof(*c));
    vendor(c, "AuthenticAMD");
    c->max_leaf = 0x10;
    c->l1_eax = 0x00a10f11;          /* family 0xf + 0x0a = 0x19 */
    c->l1_edx = EDX_BASE;
    c->l1_ecx = ECX_V2 | ECX_V3;
    c->l7_ebx = EBX7_V3 | EBX7_V4;
    c->ext_max = 0x80000028u;
    c->e1_ecx = E1_V2 | E1_LZCNT;
    c->xcr0 = 0xe7;
}

static int level(const struct compat_x86_cpuid *c, const char **platform)
{
    struct isa_level l;
    isa_from_cpuid(c, &l);
    if (platform)
        *platform = l.platform;
    return l.level;
}

static void test_cpuid_levels(void)
{
    struct compat_x86_cpuid c;
    const char *pl;

    zen4(&c);
    CHECK_INT(level(&c, &pl), 4);
    CHECK(pl == NULL);                  /* AMD: no platform override */
    /* The OS does not save the ZMM states: AVX-512 is not usable. */
    c.xcr0 = 0x7;
    CHECK_INT(level(&c, NULL), 3);
    /* Only the opmask state missing is enough. */
    c.xcr0 = 0xc7;
    CHECK_INT(level(&c, NULL), 3);
    /* No YMM state: no AVX, so neither v3 nor v4. */
    c.xcr0 = 0x3;
    CHECK_INT(level(&c, NULL), 2);
    /* OSXSAVE clear: XGETBV is not asked, AVX is not usable. */
    zen4(&c);
    c.l1_ecx &= ~(1u << 27);
    CHECK_INT(level(&c, NULL), 2);
    /* XSAVE clear (with OSXSAVE set, as a hypervisor might): glibc drops AVX. */
    zen4(&c);
    c.l1_ecx &= ~(1u << 26);
    CHECK_INT(level(&c, NULL), 2);
    /* No LZCNT (CPUID 0x80000001:ECX bit 5): v2. */
    zen4(&c);
    c.e1_ecx &= ~E1_LZCNT;
    CHECK_INT(level(&c, NULL), 2);
    /* Extended leaves not reported: no LAHF64 either, so baseline only. */
    zen4(&c);
    c.ext_max = 0x80000000u;
    c.e1_ecx = 0;
    CHECK_INT(level(&c, NULL), 1);
    /* Leaf 7 above max_leaf is ignored even if the words hold garbage. */
    zen4(&c);
    c.max_leaf = 6;
    CHECK_INT(level(&c, NULL), 2);
    /* One AVX-512 feature missing: v3. */
    zen4(&c);
    c.l7_ebx &= ~(1u << 31);            /* AVX512VL */
    CHECK_INT(level(&c, NULL), 3);
    /* Without SSE2 not even the baseline. */
    zen4(&c);
    c.l1_edx &= ~(1u << 26);
    CHECK_INT(level(&c, NULL), 0);
    /* A vendor glibc does not know: it reads no leaf 1, so no level. */
    zen4(&c);
    vendor(&c, "VirtualCPU!!");
    CHECK_INT(level(&c, NULL), 0);
    /* Hygon is known. */
    vendor(&c, "HygonGenuine");
    CHECK_INT(level(&c, NULL), 4);
}

static void test_cpuid_intel_platform(void)
{
    struct compat_x86_cpuid c;
    const char *pl;

    zen4(&c);
    vendor(&c, "GenuineIntel");
    c.l1_eax = 0x000306c3;             /* Haswell */
    c.l7_ebx = EBX7_V3;
    CHECK_INT(level(&c, &pl), 3);
    CHECK_STR(pl, "haswell");
    /* Skylake-SP: v4, and still "haswell" (no AVX512ER). */
    c.l7_ebx = EBX7_V3 | EBX7_V4;
    CHECK_INT(level(&c, &pl), 4);
    CHECK_STR(pl, "haswell");
    /* Knights Landing: AVX512F CD ER PF, no BW DQ VL: v3 and xeon_phi. */
    c.l7_ebx = EBX7_V3 | (1u << 16) | (1u << 26) | (1u << 27) | (1u << 28);
    CHECK_INT(level(&c, &pl), 3);
    CHECK_STR(pl, "xeon_phi");
    /* ...unless the OS does not save the ZMM state. */
    c.xcr0 = 0x7;
    CHECK_INT(level(&c, &pl), 3);
    CHECK_STR(pl, "haswell");
    /* Nehalem: v2, no override. */
    c.l1_ecx = ECX_V2;
    c.l7_ebx = 0;
    CHECK_INT(level(&c, &pl), 2);
    CHECK(pl == NULL);
}

static void test_cpuid_zhaoxin(void)
{
    struct compat_x86_cpuid c;
    zen4(&c);
    c.l7_ebx = EBX7_V3;
    vendor(&c, "CentaurHauls");
    c.l1_eax = 0x000007b0;             /* family 7, model 0x0b: kept */
    CHECK_INT(level(&c, NULL), 3);
    c.l1_eax = 0x000307b0;             /* family 7, model 0x3b (Lujiazui): AVX dropped */
    CHECK_INT(level(&c, NULL), 2);
    vendor(&c, "  Shanghai  ");
    c.l1_eax = 0x000106f0;             /* family 6, model 0x1f: kept */
    CHECK_INT(level(&c, NULL), 3);
    c.l1_eax = 0x000006f0;             /* family 6, model 0x0f: AVX dropped */
    CHECK_INT(level(&c, NULL), 2);
}

#define FLAGS_V2 "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush mmx fxsr sse sse2 " \
                 "ht syscall nx lm pni ssse3 cx16 sse4_1 sse4_2 popcnt lahf_lm"
#define FLAGS_V3 FLAGS_V2 " fma movbe xsave avx f16c abm bmi1 avx2 bmi2"
#define FLAGS_V4 FLAGS_V3 " avx512f avx512dq avx512cd avx512bw avx512vl"

static int cpuinfo_level(const char *text, const char **platform)
{
    struct isa_level l;
    int rc = isa_from_cpuinfo(text, strlen(text), &l);
    if (platform)
        *platform = l.platform;
    return rc == 1 ? l.level : -2;
}

static void test_cpuinfo(void)
{
    const char *pl;
    CHECK_INT(cpuinfo_level("processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 17\n"
                            "model name\t: AMD EPYC\nflags\t\t: " FLAGS_V4 "\n\n", &pl), 4);
    CHECK(pl == NULL);
    CHECK_INT(cpuinfo_level("vendor_id\t: AuthenticAMD\nflags\t\t: " FLAGS_V3 "\n", NULL), 3);
    CHECK_INT(cpuinfo_level("vendor_id\t: AuthenticAMD\nflags\t\t: " FLAGS_V2 "\n", NULL), 2);
    /* The kernel names LZCNT "abm": a flags line without it is not v3. */
    CHECK_INT(cpuinfo_level("vendor_id\t: AuthenticAMD\nflags\t\t: " FLAGS_V2
                            " fma movbe xsave avx f16c bmi1 avx2 bmi2 avx512f avx512dq avx512cd avx512bw avx512vl\n", NULL), 2);
    /* "avx512f" must not count as "avx", nor "sse4_2" as "sse". */
    CHECK_INT(cpuinfo_level("vendor_id\t: AuthenticAMD\nflags\t\t: " FLAGS_V2
                            " fma movbe xsave avx512f f16c abm bmi1 avx2 bmi2\n", NULL), 2);
    CHECK_INT(cpuinfo_level("vendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 60\nflags\t\t: " FLAGS_V3 "\n", &pl), 3);
    CHECK_STR(pl, "haswell");
    CHECK_INT(cpuinfo_level("vendor_id\t: GenuineIntel\nflags\t\t: " FLAGS_V3 " avx512f avx512cd avx512er avx512pf\n", &pl), 3);
    CHECK_STR(pl, "xeon_phi");
    /* Zhaoxin family 7 model 59 (0x3b): glibc drops AVX. */
    CHECK_INT(cpuinfo_level("vendor_id\t:   Shanghai  \ncpu family\t: 7\nmodel\t\t: 59\nflags\t\t: " FLAGS_V3 "\n", NULL), 2);
    CHECK_INT(cpuinfo_level("vendor_id\t: CentaurHauls\ncpu family\t: 7\nmodel\t\t: 91\nflags\t\t: " FLAGS_V3 "\n", NULL), 3);
    /* An unknown vendor: glibc reads no feature leaf. */
    CHECK_INT(cpuinfo_level("vendor_id\t: VirtualCPU!!\nflags\t\t: " FLAGS_V3 "\n", NULL), 0);
    /* Only the first processor counts; no final newline is fine. */
    CHECK_INT(cpuinfo_level("vendor_id\t: AuthenticAMD\nflags\t\t: " FLAGS_V2 "\n\n"
                            "vendor_id\t: AuthenticAMD\nflags\t\t: " FLAGS_V4, NULL), 2);
    CHECK_INT(cpuinfo_level("vendor_id\t: AuthenticAMD\nflags\t\t: " FLAGS_V3, NULL), 3);
    /* Not an x86 cpuinfo (aarch64 has "Features"), or empty: unknown. */
    CHECK_INT(cpuinfo_level("processor\t: 0\nFeatures\t: fp asimd evtstrm\n", NULL), -2);
    CHECK_INT(cpuinfo_level("", NULL), -2);
    /* "flagsX" is not "flags". */
    CHECK_INT(cpuinfo_level("vendor_id\t: AuthenticAMD\nflagsX\t: " FLAGS_V3 "\n", NULL), -2);
}

static void test_subdirs(void)
{
    const char *n[3];
    CHECK_INT(isa_hwcaps_subdirs(4, n), 3);
    CHECK_STR(n[0], "x86-64-v4");
    CHECK_STR(n[2], "x86-64-v2");
    CHECK_INT(isa_hwcaps_subdirs(3, n), 2);
    CHECK_STR(n[0], "x86-64-v3");
    CHECK_INT(isa_hwcaps_subdirs(2, n), 1);
    CHECK_INT(isa_hwcaps_subdirs(1, n), 0);
    CHECK_INT(isa_hwcaps_subdirs(-1, n), 0);
}

/* AArch64 /proc/cpuinfo: LSE atomics from the first processor's Features. */
static void test_aarch64_atomics(void)
{
    /* Neoverse N1 (Graviton2), as the kernel prints it. */
    const char *n1 = "processor\t: 0\nBogoMIPS\t: 243.75\n"
                     "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid\n"
                     "CPU implementer\t: 0x41\nCPU part\t: 0xd0c\n\nprocessor\t: 1\n";
    /* Cortex-A57 (Jetson Nano, TX1): ARMv8.0, no atomics. */
    const char *a57 = "processor\t: 0\nmodel name\t: ARMv8 Processor rev 1 (v8l)\n"
                      "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32\n\n"
                      "processor\t: 1\nFeatures\t: fp asimd atomics\n";
    const char *x86 = "processor\t: 0\nvendor_id\t: GenuineIntel\nflags\t\t: fpu sse2 atomics\n";
    CHECK_INT(isa_aarch64_atomics(n1, strlen(n1)), 1);
    CHECK_INT(isa_aarch64_atomics(a57, strlen(a57)), 0);    /* only the first block counts */
    CHECK_INT(isa_aarch64_atomics(x86, strlen(x86)), -1);
    CHECK_INT(isa_aarch64_atomics("", 0), -1);
    CHECK_INT(isa_aarch64_atomics("Features\t: atomicsx", 20), 0);
}

int main(void)
{
    RUN(test_cpuid_levels);
    RUN(test_cpuid_intel_platform);
    RUN(test_cpuid_zhaoxin);
    RUN(test_cpuinfo);
    RUN(test_subdirs);
    RUN(test_aarch64_atomics);
    return harness_done();
}
