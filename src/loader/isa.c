/* isa.c - see isa.h for the rules and their sources. */
#include "loader/isa.h"

#include <string.h>

#include "util/banned.h"

/* The features glibc's level and platform checks look at, as one mask. */
enum {
    F_CMOV = 1u << 0, F_CX8 = 1u << 1, F_FPU = 1u << 2, F_FXSR = 1u << 3,
    F_MMX = 1u << 4, F_SSE = 1u << 5, F_SSE2 = 1u << 6,
    F_CX16 = 1u << 7, F_LAHF = 1u << 8, F_POPCNT = 1u << 9, F_SSE3 = 1u << 10,
    F_SSSE3 = 1u << 11, F_SSE41 = 1u << 12, F_SSE42 = 1u << 13,
    F_AVX = 1u << 14, F_AVX2 = 1u << 15, F_BMI1 = 1u << 16, F_BMI2 = 1u << 17,
    F_F16C = 1u << 18, F_FMA = 1u << 19, F_LZCNT = 1u << 20, F_MOVBE = 1u << 21,
    F_AVX512F = 1u << 22, F_AVX512BW = 1u << 23, F_AVX512CD = 1u << 24,
    F_AVX512DQ = 1u << 25, F_AVX512VL = 1u << 26, F_AVX512ER = 1u << 27,
    F_AVX512PF = 1u << 28
};

#define BASELINE (F_CMOV | F_CX8 | F_FPU | F_FXSR | F_MMX | F_SSE | F_SSE2)
#define V2 (F_CX16 | F_LAHF | F_POPCNT | F_SSE3 | F_SSSE3 | F_SSE41 | F_SSE42)
#define V3 (F_AVX | F_AVX2 | F_BMI1 | F_BMI2 | F_F16C | F_FMA | F_LZCNT | F_MOVBE)
#define V4 (F_AVX512F | F_AVX512BW | F_AVX512CD | F_AVX512DQ | F_AVX512VL)
#define HASWELL (F_AVX2 | F_FMA | F_BMI1 | F_BMI2 | F_LZCNT | F_MOVBE | F_POPCNT)
#define AVX_FAMILY (F_AVX | F_AVX2 | F_FMA | F_F16C | F_AVX512F | F_AVX512BW | F_AVX512CD | \
                    F_AVX512DQ | F_AVX512VL | F_AVX512ER | F_AVX512PF)

enum vendor { V_OTHER = 0, V_INTEL, V_AMD, V_ZHAOXIN, V_HYGON };

/* get_isa_level (sysdeps/x86/get-isa-level.h) and the Intel platform
 * override (init_cpu_features, sysdeps/x86/cpu-features.c). */
static void decide(unsigned f, enum vendor v, unsigned family, unsigned model,
                   struct isa_level *out)
{
    /* Older Zhaoxin processors: glibc unsets AVX and AVX2. */
    if (v == V_ZHAOXIN && ((family == 6 && (model == 0x0f || model == 0x19)) ||
                           (family == 7 && (model == 0x1b || model == 0x3b))))
        f &= ~(unsigned)(F_AVX | F_AVX2);
    out->level = 0;
    if ((f & BASELINE) == BASELINE) {
        out->level = 1;
        if ((f & V2) == V2) {
            out->level = 2;
            if ((f & V3) == V3) {
                out->level = 3;
                if ((f & V4) == V4)
                    out->level = 4;
            }
        }
    }
    out->platform = NULL;
    if (v == V_INTEL) {
        if ((f & (F_AVX512CD | F_AVX512ER | F_AVX512PF)) == (F_AVX512CD | F_AVX512ER | F_AVX512PF))
            out->platform = "xeon_phi";
        else if ((f & HASWELL) == HASWELL)
            out->platform = "haswell";
    }
}

static int bit(uint32_t word, unsigned n)
{
    return (word >> n) & 1u;
}

void isa_from_cpuid(const struct compat_x86_cpuid *c, struct isa_level *out)
{
    enum vendor v = V_OTHER;
    unsigned f = 0, family, model, ext_model;
    uint32_t l1c = c->l1_ecx, l1d = c->l1_edx, l7b = c->l7_ebx, e1c = c->e1_ecx;
    int osxsave, xmm_ymm, zmm;

    /* "GenuineIntel", "AuthenticAMD", "CentaurHauls", "  Shanghai  ",
     * "HygonGenuine" as CPUID(0) EBX, ECX, EDX. */
    if (c->vendor_ebx == 0x756e6547 && c->vendor_ecx == 0x6c65746e && c->vendor_edx == 0x49656e69)
        v = V_INTEL;
    else if (c->vendor_ebx == 0x68747541 && c->vendor_ecx == 0x444d4163 && c->vendor_edx == 0x69746e65)
        v = V_AMD;
    else if ((c->vendor_ebx == 0x746e6543 && c->vendor_ecx == 0x736c7561 && c->vendor_edx == 0x48727561) ||
             (c->vendor_ebx == 0x68532020 && c->vendor_ecx == 0x20206961 && c->vendor_edx == 0x68676e61))
        v = V_ZHAOXIN;
    else if (c->vendor_ebx == 0x6f677948 && c->vendor_ecx == 0x656e6975 && c->vendor_edx == 0x6e65476e)
        v = V_HYGON;
    /* Another vendor: glibc reads neither leaf 1 nor 0x80000001. */
    if (v == V_OTHER)
        l1c = l1d = e1c = 0;
    if (c->max_leaf < 7)
        l7b = 0;

    /* Leaf 1 EDX / ECX, leaf 7 EBX, leaf 0x80000001 ECX (Intel SDM vol. 2A,
     * CPUID; glibc sysdeps/x86/include/cpu-features.h). */
    if (bit(l1d, 0)) f |= F_FPU;
    if (bit(l1d, 8)) f |= F_CX8;
    if (bit(l1d, 15)) f |= F_CMOV;
    if (bit(l1d, 23)) f |= F_MMX;
    if (bit(l1d, 24)) f |= F_FXSR;
    if (bit(l1d, 25)) f |= F_SSE;
    if (bit(l1d, 26)) f |= F_SSE2;
    if (bit(l1c, 0)) f |= F_SSE3;
    if (bit(l1c, 9)) f |= F_SSSE3;
    if (bit(l1c, 13)) f |= F_CX16;
    if (bit(l1c, 19)) f |= F_SSE41;
    if (bit(l1c, 20)) f |= F_SSE42;
    if (bit(l1c, 22)) f |= F_MOVBE;
    if (bit(l1c, 23)) f |= F_POPCNT;
    if (bit(l7b, 3)) f |= F_BMI1;
    if (bit(l7b, 8)) f |= F_BMI2;
    if (bit(e1c, 0)) f |= F_LAHF;
    if (bit(e1c, 5)) f |= F_LZCNT;

    /* The OS must save the registers: XGETBV(0) is valid with OSXSAVE. */
    osxsave = bit(l1c, 27);
    xmm_ymm = osxsave && (c->xcr0 & 0x6u) == 0x6u;
    zmm = xmm_ymm && (c->xcr0 & 0xe0u) == 0xe0u;
    if (xmm_ymm && bit(l1c, 28)) {
        f |= F_AVX;
        if (bit(l7b, 5)) f |= F_AVX2;
        if (bit(l1c, 12)) f |= F_FMA;
        if (bit(l1c, 29)) f |= F_F16C;
    }
    if (zmm && bit(l7b, 16)) {
        f |= F_AVX512F;
        if (bit(l7b, 17)) f |= F_AVX512DQ;
        if (bit(l7b, 26)) f |= F_AVX512PF;
        if (bit(l7b, 27)) f |= F_AVX512ER;
        if (bit(l7b, 28)) f |= F_AVX512CD;
        if (bit(l7b, 30)) f |= F_AVX512BW;
        if (bit(l7b, 31)) f |= F_AVX512VL;
    }
    /* XSAVE (CPUID.1:ECX bit 26) not usable: glibc drops the AVX family. */
    if (!osxsave || !bit(l1c, 26))
        f &= ~(unsigned)AVX_FAMILY;

    family = (c->l1_eax >> 8) & 0x0f;
    model = (c->l1_eax >> 4) & 0x0f;
    ext_model = (c->l1_eax >> 12) & 0xf0;
    if (family == 0x0f) {
        family += (c->l1_eax >> 20) & 0xff;
        model += ext_model;
    }
    if (v == V_ZHAOXIN)
        model += ext_model;
    decide(f, v, family, model, out);
}

/* The value of the first "key<spaces/tabs>: value" line in [p, end), or NULL. */
static const char *field(const char *p, const char *end, const char *key, size_t *vlen)
{
    size_t klen = strlen(key);
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *eol = nl ? nl : end;
        if ((size_t)(eol - p) > klen && !memcmp(p, key, klen) &&
            (p[klen] == ' ' || p[klen] == '\t' || p[klen] == ':')) {
            const char *q = p + klen;
            while (q < eol && (*q == ' ' || *q == '\t'))
                q++;
            if (q < eol && *q == ':') {
                q++;
                while (q < eol && (*q == ' ' || *q == '\t'))
                    q++;
                *vlen = (size_t)(eol - q);
                return q;
            }
        }
        p = eol + (nl ? 1 : 0);
    }
    return NULL;
}

static int has_word(const char *s, size_t len, const char *w)
{
    size_t n = strlen(w), i = 0;
    while (i < len) {
        size_t j;
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        j = i;
        while (j < len && s[j] != ' ' && s[j] != '\t')
            j++;
        if (j - i == n && !memcmp(s + i, w, n))
            return 1;
        i = j;
    }
    return 0;
}

static unsigned dec(const char *s, size_t len)
{
    unsigned v = 0;
    size_t i;
    for (i = 0; i < len && s[i] >= '0' && s[i] <= '9' && v < 100000u; i++)
        v = v * 10u + (unsigned)(s[i] - '0');
    return v;
}

int isa_from_cpuinfo(const char *buf, size_t len, struct isa_level *out)
{
    /* Kernel flag names (arch/x86/include/asm/cpufeatures.h): "pni" is SSE3,
     * "lahf_lm" LAHF/SAHF in 64-bit mode, "cx16" CMPXCHG16B, "abm" LZCNT. */
    static const struct { const char *name; unsigned f; } names[] = {
        { "cmov", F_CMOV }, { "cx8", F_CX8 }, { "fpu", F_FPU }, { "fxsr", F_FXSR },
        { "mmx", F_MMX }, { "sse", F_SSE }, { "sse2", F_SSE2 },
        { "cx16", F_CX16 }, { "lahf_lm", F_LAHF }, { "popcnt", F_POPCNT }, { "pni", F_SSE3 },
        { "ssse3", F_SSSE3 }, { "sse4_1", F_SSE41 }, { "sse4_2", F_SSE42 },
        { "avx", F_AVX }, { "avx2", F_AVX2 }, { "bmi1", F_BMI1 }, { "bmi2", F_BMI2 },
        { "f16c", F_F16C }, { "fma", F_FMA }, { "abm", F_LZCNT }, { "movbe", F_MOVBE },
        { "avx512f", F_AVX512F }, { "avx512bw", F_AVX512BW }, { "avx512cd", F_AVX512CD },
        { "avx512dq", F_AVX512DQ }, { "avx512vl", F_AVX512VL }, { "avx512er", F_AVX512ER },
        { "avx512pf", F_AVX512PF },
    };
    const char *end = buf + len, *p, *flags, *vend, *fam, *mod;
    size_t flen, vlen = 0, famlen = 0, modlen = 0, i;
    enum vendor v = V_OTHER;
    unsigned f = 0;

    out->level = -1;
    out->platform = NULL;
    /* The first processor's block: up to the first empty line. */
    for (p = buf; p < end; p++) {
        if (*p == '\n' && p + 1 < end && p[1] == '\n') {
            end = p + 1;
            break;
        }
    }
    flags = field(buf, end, "flags", &flen);
    if (!flags)
        return 0;
    vend = field(buf, end, "vendor_id", &vlen);
    if (vend && vlen == 12 && !memcmp(vend, "GenuineIntel", 12))
        v = V_INTEL;
    else if (vend && vlen == 12 && !memcmp(vend, "AuthenticAMD", 12))
        v = V_AMD;
    else if (vend && ((vlen == 12 && !memcmp(vend, "CentaurHauls", 12)) ||
                      (vlen >= 8 && !memcmp(vend, "Shanghai", 8))))
        v = V_ZHAOXIN;   /* "  Shanghai  ": field() skips the leading spaces */
    else if (vend && vlen == 12 && !memcmp(vend, "HygonGenuine", 12))
        v = V_HYGON;
    for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (has_word(flags, flen, names[i].name))
            f |= names[i].f;
    if (v == V_OTHER)
        f = 0;
    fam = field(buf, end, "cpu family", &famlen);
    mod = field(buf, end, "model", &modlen);
    decide(f, v, fam ? dec(fam, famlen) : 0, mod ? dec(mod, modlen) : 0, out);
    return 1;
}

size_t isa_hwcaps_subdirs(int level, const char *names[3])
{
    size_t n = 0;
    if (level >= 4)
        names[n++] = "x86-64-v4";
    if (level >= 3)
        names[n++] = "x86-64-v3";
    if (level >= 2)
        names[n++] = "x86-64-v2";
    return n;
}

int isa_aarch64_atomics(const char *buf, size_t len)
{
    const char *end = buf + len, *p, *feat;
    size_t flen;

    for (p = buf; p < end; p++) {
        if (*p == '\n' && p + 1 < end && p[1] == '\n') {
            end = p + 1;
            break;
        }
    }
    feat = field(buf, end, "Features", &flen);
    if (!feat)
        return -1;
    return has_word(feat, flen, "atomics");
}
