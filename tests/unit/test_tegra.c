/*
 * test_tegra.c - the Jetson parsers (scan/tegra.h): /etc/nv_tegra_release
 * and the device tree's compatible list.
 */
#include <string.h>

#include "harness.h"
#include "scan/tegra.h"

static void test_release(void)
{
    struct tegra_release r;
    const char *r35 = "# R35 (release), REVISION: 4.1, GCID: 33958178, BOARD: t186ref, EABI: aarch64, "
                      "DATE: Tue Aug  1 19:57:35 UTC 2023\n# KERNEL_VARIANT: oot\n";
    const char *r36 = "# R36 (release), REVISION: 3.0, GCID: 36923193, BOARD: generic, EABI: aarch64, "
                      "DATE: Fri Jul 19 23:24:25 UTC 2024\n";
    const char *r32 = "# R32 (release), REVISION: 7.1, GCID: 29818004, BOARD: t210ref, EABI: aarch64, "
                      "DATE: Sat Feb 19 17:05:08 UTC 2022";
    CHECK_INT(tegra_parse_release(r35, strlen(r35), &r), 1);
    CHECK_INT((int)r.major, 35);
    CHECK_STR(r.revision, "4.1");
    CHECK_STR(r.board, "t186ref");
    CHECK_INT(tegra_parse_release(r36, strlen(r36), &r), 1);
    CHECK_INT((int)r.major, 36);
    CHECK_STR(r.revision, "3.0");
    CHECK_STR(r.board, "generic");
    CHECK_INT(tegra_parse_release(r32, strlen(r32), &r), 1);   /* no newline at the end */
    CHECK_STR(r.revision, "7.1");
    CHECK_STR(r.board, "t210ref");
    /* Not a release line: refused, never half-read. */
    CHECK_INT(tegra_parse_release("", 0, &r), 0);
    CHECK_INT(tegra_parse_release("# R35 (release), GCID: 1", 24, &r), 0);
    CHECK_INT(tegra_parse_release("# R35 (release), REVISION: x.1, BOARD: a", 40, &r), 0);
    CHECK_INT(tegra_parse_release("# Rx (release), REVISION: 4.1", 29, &r), 0);
    CHECK_INT(tegra_parse_release("R35, REVISION: 4.1", 18, &r), 1);
    CHECK_STR(r.board, "");
    /* REVISION on the second line only does not count. */
    CHECK_INT(tegra_parse_release("# R35 (release)\nREVISION: 4.1", 29, &r), 0);
    /* A revision too long for its field. */
    CHECK_INT(tegra_parse_release("# R35 (release), REVISION: 1.2.3.4.5.6.7.8.9", 44, &r), 0);
}

static void test_compatible(void)
{
    static const char orin[] = "nvidia,p3737-0000+p3701-0000\0nvidia,p3701-0000\0nvidia,tegra234\0";
    static const char nano[] = "nvidia,p3450-0000\0nvidia,tegra210\0";
    static const char pc[] = "qemu,virt\0arm,armv8\0";
    static const char nonum[] = "nvidia,tegra\0nvidia,tegra23x\0";
    char soc[16];
    CHECK_INT(tegra_parse_compatible(orin, sizeof(orin) - 1, soc, sizeof(soc)), 1);
    CHECK_STR(soc, "tegra234");
    CHECK_INT(tegra_parse_compatible(nano, sizeof(nano) - 1, soc, sizeof(soc)), 1);
    CHECK_STR(soc, "tegra210");
    CHECK_INT(tegra_parse_compatible(pc, sizeof(pc) - 1, soc, sizeof(soc)), 0);
    CHECK_INT(tegra_parse_compatible(nonum, sizeof(nonum) - 1, soc, sizeof(soc)), 0);
    /* No final NUL (a truncated read): the last entry still counts. */
    CHECK_INT(tegra_parse_compatible("nvidia,tegra194", 15, soc, sizeof(soc)), 1);
    CHECK_STR(soc, "tegra194");
    CHECK_INT(tegra_parse_compatible("nvidia,tegra194", 15, soc, 4), 0);
    CHECK_INT(tegra_parse_compatible("", 0, soc, sizeof(soc)), 0);
}

int main(void)
{
    RUN(test_release);
    RUN(test_compatible);
    return harness_done();
}
