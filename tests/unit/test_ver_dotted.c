/* test_ver_dotted.c - CUDA/cuDNN dotted versions and their other spellings. */
#include <string.h>

#include "harness.h"
#include "kb/ver_dotted.h"
#include "util/arena.h"

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

static void test_cmp(void)
{
    static const struct { const char *a, *b; int want; } c[] = {
        { "11.10", "11.9", 1 },  { "12", "12.0", 0 },     { "12.0.0", "12", 0 },
        { "12.2", "12.2.140", -1 }, { "9.19.0", "9.3.0", 1 }, { "535.104.05", "535.104.5", 0 },
        { "x", "0", -1 },        { "x", "y", 0 },         { "12.2 (Update 2)", "12.2", 0 },
        { "1.2.", "1.2", 0 },    { "99999999999999999999", "1", 1 },
    };
    size_t i;
    for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
        int got = sign(ver_cmp_dotted(c[i].a, c[i].b));
        if (got != c[i].want)
            printf("  case %zu: %s vs %s = %d\n", i, c[i].a, c[i].b, got);
        CHECK(got == c[i].want);
    }
    CHECK_INT(ver_cmp_dotted_n("12.2.140", "12.2", 2), 0);
    CHECK_INT(sign(ver_cmp_dotted_n("12.3.1", "12.2.9", 2)), 1);
    CHECK_INT(sign(ver_cmp_dotted(NULL, "1")), -1);
    CHECK_INT(ver_major("12.6"), 12);
    CHECK_INT(ver_major("x"), -1);
}

static void test_cuda_normalize(void)
{
    static const struct { const char *in, *want; } c[] = {
        { "11.2", "11.2" },         { "12.6.20241114", "12.6" }, { "12.2.140", "12.2" },
        { "12060", "12.6" },        { "11080", "11.8" },         { "13000", "13.0" },
        { "110", "11.0" },          { "64_110", "11.0" },        { "102", "10.2" },
        { "12", "12" },             { "64_12", "12" },           { "9.0", "9.0" },
    };
    static const char *const bad[] = { "", "x", "0.1", "1234567", "12.345", "064", NULL };
    char out[16];
    size_t i;

    for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
        CHECK_INT(ver_cuda_normalize(c[i].in, out, sizeof(out)), 0);
        CHECK_STR(out, c[i].want);
    }
    for (i = 0; bad[i]; i++) {
        if (ver_cuda_normalize(bad[i], out, sizeof(out)) != -1)
            printf("  '%s' accepted as '%s'\n", bad[i], out);
        CHECK_STR(out, "");
    }
    CHECK_INT(ver_cuda_normalize("12.6", out, 3), -1);   /* does not fit */
    CHECK_INT(ver_cuda_normalize(NULL, out, sizeof(out)), -1);
}

static void test_cudnn_normalize(void)
{
    static const struct { const char *in, *want; } c[] = {
        { "8907", "8.9.7" },   { "91900", "9.19.0" }, { "90100", "9.1.0" },
        { "7605", "7.6.5" },   { "8.9.7.29", "8.9.7.29" }, { "9", "9" },
    };
    char out[24];
    size_t i;
    for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
        CHECK_INT(ver_cudnn_normalize(c[i].in, out, sizeof(out)), 0);
        CHECK_STR(out, c[i].want);
    }
    CHECK_INT(ver_cudnn_normalize("x", out, sizeof(out)), -1);
    CHECK_INT(ver_cudnn_normalize("1234567", out, sizeof(out)), -1);
}

static void test_dotted_prefix(void)
{
    struct arena a;
    arena_init(&a);
    CHECK_STR(ver_dotted_prefix(&a, "12.1.105", 2), "12.1");
    CHECK_STR(ver_dotted_prefix(&a, "12.1.105", 1), "12");
    CHECK_STR(ver_dotted_prefix(&a, "12.1", 2), "12.1");
    CHECK_STR(ver_dotted_prefix(&a, "8", 2), "8");
    CHECK_STR(ver_dotted_prefix(&a, "8", 1), "8");
    CHECK_STR(ver_dotted_prefix(&a, "2.15.0.post1", 3), "2.15.0");
    CHECK(ver_dotted_prefix(&a, NULL, 2) == NULL);
    arena_release(&a);
}

int main(void)
{
    RUN(test_cmp);
    RUN(test_cuda_normalize);
    RUN(test_cudnn_normalize);
    RUN(test_dotted_prefix);
    return harness_done();
}
