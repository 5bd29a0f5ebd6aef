/*
 * test_pagesize.c - the kernel page size from a kernel configuration and
 * from smaps (scan/pagesize.c).
 */
#include <string.h>

#include "harness.h"
#include "scan/pagesize.h"
#include "util/banned.h"

static int kconfig(const char *s, unsigned *kib)
{
    return pagesize_from_kconfig((const uint8_t *)s, strlen(s), kib);
}

static int smaps(const char *s, unsigned *kib)
{
    return pagesize_from_smaps((const uint8_t *)s, strlen(s), kib);
}

static void test_kconfig(void)
{
    unsigned k = 0;
    /* Ubuntu's linux-nvidia-64k and RHEL's aarch64 kernels */
    CHECK_INT(kconfig("CONFIG_ARM64=y\n# CONFIG_ARM64_4K_PAGES is not set\n# CONFIG_ARM64_16K_PAGES is not set\n"
                      "CONFIG_ARM64_64K_PAGES=y\nCONFIG_ARM64_VA_BITS_52=y\n", &k), 1);
    CHECK_INT(k, 64);
    CHECK_INT(kconfig("CONFIG_ARM64_4K_PAGES=y\n# CONFIG_ARM64_64K_PAGES is not set\n", &k), 1);
    CHECK_INT(k, 4);
    CHECK_INT(kconfig("CONFIG_ARM64_16K_PAGES=y", &k), 1);   /* no final newline */
    CHECK_INT(k, 16);
    CHECK_INT(kconfig("CONFIG_PPC_64K_PAGES=y\r\n", &k), 1);
    CHECK_INT(k, 64);
    CHECK_INT(kconfig("CONFIG_X86_64=y\nCONFIG_X86=y\n", &k), 1);
    CHECK_INT(k, 4);
    /* not selected, commented out, prefixed or suffixed: nothing */
    k = 7;
    CHECK_INT(kconfig("# CONFIG_ARM64_64K_PAGES is not set\n", &k), 0);
    CHECK_INT(kconfig("CONFIG_ARM64_64K_PAGES=n\n", &k), 0);
    CHECK_INT(kconfig("XCONFIG_ARM64_64K_PAGES=y\n", &k), 0);
    CHECK_INT(kconfig("CONFIG_ARM64_64K_PAGES=yes\n", &k), 0);
    CHECK_INT(kconfig(" CONFIG_ARM64_64K_PAGES=y\n", &k), 0);
    CHECK_INT(kconfig("", &k), 0);
    /* two sizes at once: no answer */
    CHECK_INT(kconfig("CONFIG_ARM64_4K_PAGES=y\nCONFIG_ARM64_64K_PAGES=y\n", &k), 0);
    CHECK_INT(k, 7);
    /* the same size twice is one statement */
    CHECK_INT(kconfig("CONFIG_ARM64_64K_PAGES=y\nCONFIG_ARM64_64K_PAGES=y\n", &k), 1);
    CHECK_INT(k, 64);
    /* a NUL inside the buffer is just a byte */
    CHECK_INT(pagesize_from_kconfig((const uint8_t *)"CONFIG_ARM64_64K_PAGES=y\0\n", 26, &k), 0);
}

static void test_smaps(void)
{
    unsigned k = 0;
    const char *one = "aaaab1f40000-aaaab1f50000 r-xp 00000000 fe:01 1234 /usr/bin/cat\n"
                      "Size:                 64 kB\n"
                      "KernelPageSize:       64 kB\n"
                      "MMUPageSize:          64 kB\n";
    CHECK_INT(smaps(one, &k), 1);
    CHECK_INT(k, 64);
    /* a hugetlb mapping first: the smallest counts */
    CHECK_INT(smaps("KernelPageSize:     2048 kB\nKernelPageSize:        4 kB\n", &k), 1);
    CHECK_INT(k, 4);
    k = 9;
    /* a last line cut by the buffer's end is not read */
    CHECK_INT(smaps("KernelPageSize:        4 kB", &k), 0);
    CHECK_INT(smaps("KernelPageSize:        4 kB\n", &k), 1);
    CHECK_INT(k, 4);
    k = 9;
    CHECK_INT(smaps("KernelPageSize:          kB\n", &k), 0);
    CHECK_INT(smaps("KernelPageSize:        0 kB\n", &k), 0);
    CHECK_INT(smaps("KernelPageSize:        4 MB\n", &k), 0);
    CHECK_INT(smaps("KernelPageSize:  123456789 kB\n", &k), 0);
    CHECK_INT(smaps("KernelPageSize:  2097152 kB\n", &k), 0);
    CHECK_INT(smaps("MMUPageSize:          64 kB\n", &k), 0);
    CHECK_INT(smaps("", &k), 0);
    CHECK_INT(k, 9);
}

int main(void)
{
    RUN(test_kconfig);
    RUN(test_smaps);
    return harness_done();
}
