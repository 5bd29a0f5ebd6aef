/* test_ver_driver.c - NVIDIA driver versions, including Windows' numbering. */
#include "harness.h"
#include "kb/ver_driver.h"

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

static void test_cmp(void)
{
    static const struct { const char *a, *b; int want; } c[] = {
        { "535.104.05", "535.54.03", 1 },   /* numeric components */
        { "535.104.05", "535.104.5", 0 },
        { "525.60.13", "525.60.13", 0 },
        { "528.33", "527.41", 1 },
        { "580", "580.65.06", -1 },         /* a bare branch is below its builds... */
        { "580.0", "580", 0 },
        { "31.0.15.3833", "538.33", 0 },    /* Windows numbering */
        { "31.0.15.3758", "537.58", 0 },
        { "31.0.15.2841", "528.33", 1 },    /* 15 2841 -> 528.41 */
        { "30.0.14.7111", "471.11", 0 },
        { "32.0.15.6094", "560.94", 0 },
        { "banana", "1.0", -1 },
        { "535.104.05 (open)", "535.104.05", 0 },
    };
    size_t i;
    for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
        int got = sign(ver_cmp_driver(c[i].a, c[i].b));
        if (got != c[i].want)
            printf("  case %zu: %s vs %s = %d\n", i, c[i].a, c[i].b, got);
        CHECK(got == c[i].want);
    }
}

static void test_normalize(void)
{
    char out[32];
    CHECK_INT(ver_driver_normalize("31.0.15.3833", out, sizeof(out)), 0);
    CHECK_STR(out, "538.33");
    CHECK_INT(ver_driver_normalize("27.21.14.6089", out, sizeof(out)), 0);
    CHECK_STR(out, "460.89");
    CHECK_INT(ver_driver_normalize("31.0.15.0005", out, sizeof(out)), 0);
    CHECK_STR(out, "500.05");
    CHECK_INT(ver_driver_normalize("550.54.15", out, sizeof(out)), 0);
    CHECK_STR(out, "550.54.15");
    CHECK_INT(ver_driver_normalize("31.0.15.383", out, sizeof(out)), -1);   /* 3-digit last field */
    CHECK_INT(ver_driver_normalize("1.2.3.4.5", out, sizeof(out)), -1);
    CHECK_INT(ver_driver_normalize("", out, sizeof(out)), -1);
    CHECK_INT(ver_driver_branch("535.104.05"), 535);
    CHECK_INT(ver_driver_branch("31.0.15.3833"), 538);
    CHECK_INT(ver_driver_branch("x"), -1);
}

int main(void)
{
    RUN(test_cmp);
    RUN(test_normalize);
    return harness_done();
}
