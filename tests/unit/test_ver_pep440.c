/* test_ver_pep440.c - PEP 440 ordering, table-driven, with the boundary cases. */
#include <string.h>

#include "harness.h"
#include "kb/ver_pep440.h"

struct cmp_case {
    const char *a, *b;
    int want;   /* sign of ver_cmp_pep440(a, b) */
};

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

static const struct cmp_case cases[] = {
    { "2.10.0", "2.9.1", 1 },            /* numeric, not lexical */
    { "2.1", "2.1.0", 0 },               /* trailing zeros do not count */
    { "2.1.0.0", "2.1", 0 },
    { "2.16.0rc1", "2.16.0", -1 },
    { "2.16.0rc1", "2.16.0rc2", -1 },
    { "2.16.0b1", "2.16.0rc1", -1 },
    { "2.16.0a1", "2.16.0b1", -1 },
    { "2.16.0.dev0", "2.16.0a1", -1 },   /* dev of the final sorts before its pre-releases */
    { "2.16.0a1.dev1", "2.16.0a1", -1 },
    { "2.15.0", "2.15.0.post1", -1 },
    { "2.15.0.post1", "2.15.1", -1 },
    { "1.0.post1.dev3", "1.0.post1", -1 },
    { "1.0.post1.dev3", "1.0", 1 },
    { "1.0-1", "1.0.post1", 0 },         /* implicit post-release */
    { "1.0rc", "1.0rc0", 0 },            /* implicit 0 */
    { "1.0c1", "1.0rc1", 0 },            /* c is rc */
    { "1.0alpha1", "1.0a1", 0 },
    { "1.0-preview.2", "1.0rc2", 0 },
    { "1.0.RC1", "1.0rc1", 0 },          /* case-insensitive, separators */
    { "v2.1.0", "2.1.0", 0 },
    { "1!1.0", "2.0", 1 },               /* epochs win */
    { "0!3.0", "3.0", 0 },
    { "2.1.0+cu121", "2.1.0", 1 },       /* a local label sorts after the public version */
    { "2.1.0+cu121", "2.1.1", -1 },
    { "2.1.0+cu118", "2.1.0+cu121", -1 },
    { "2.1.0+cpu", "2.1.0+cu121", -1 },
    { "1.0+1", "1.0+abc", 1 },           /* numeric local segments beat words */
    { "1.0+abc.5", "1.0+abc.10", -1 },
    { "1.0+abc", "1.0+abc.1", -1 },
    { "1.0+ABC", "1.0+abc", 0 },
    { "2.8.0a0+rocmsdk20250901", "2.8.0", -1 },
    { "2.10.0a0+gite67e3d9", "2.10.0", -1 },
    { "0.4.30", "0.4.4", 1 },
    { "not a version", "0.0.1", -1 },    /* junk sorts first */
    { "1.0.", "1.0", -1 },
    { "", "0", -1 },
    { "1.0", "1.0", 0 },
    { "1..0", "1.0", -1 },
};

static void test_cmp_table(void)
{
    size_t i;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        int got = sign(ver_cmp_pep440(cases[i].a, cases[i].b));
        int rev = sign(ver_cmp_pep440(cases[i].b, cases[i].a));
        if (got != cases[i].want || rev != -cases[i].want)
            printf("  case %zu: '%s' vs '%s' gave %d/%d, expected %d\n", i, cases[i].a,
                   cases[i].b, got, rev, cases[i].want);
        CHECK(got == cases[i].want && rev == -cases[i].want);
    }
}

static void test_local_split(void)
{
    CHECK_STR(ver_pep440_local("2.1.0+cu121"), "cu121");
    CHECK_STR(ver_pep440_local("2.5.1+rocm6.2.4"), "rocm6.2.4");
    CHECK(ver_pep440_local("2.1.0") == NULL);
    CHECK(ver_pep440_local("2.1.0+") == NULL);
    CHECK(ver_pep440_local(NULL) == NULL);
    CHECK_INT((long)ver_pep440_public_len("2.1.0+cu121"), 5);
    CHECK_INT((long)ver_pep440_public_len("2.1.0+"), 5);
    CHECK_INT((long)ver_pep440_public_len("0.4.30"), 6);
    CHECK_INT((long)ver_pep440_public_len(NULL), 0);
}

static void test_parse_parts(void)
{
    struct ver_pep440 v;

    CHECK_INT(ver_pep440_parse("2.1.0+cu121", &v), 0);
    CHECK_INT((long long)v.nrelease, 3);
    CHECK_INT((long long)v.local_len, 5);
    CHECK(!strncmp(v.local, "cu121", v.local_len));
    CHECK_INT(ver_pep440_parse("2.5.2.post117", &v), 0);
    CHECK_INT(v.has_post, 1);
    CHECK_INT((long long)v.post, 117);
    CHECK_INT(ver_pep440_parse("2.16.0rc1", &v), 0);
    CHECK_INT(v.pre_kind, 'c');
    CHECK_INT((long long)v.pre, 1);
    CHECK_INT(ver_pep440_parse("1.0.dev", &v), 0);
    CHECK_INT(v.has_dev, 1);
    CHECK_INT(ver_pep440_parse("1.0+", &v), -1);
    CHECK_INT(ver_pep440_parse("1.0+a..b", &v), -1);
    CHECK_INT(ver_pep440_parse("1.2.3.4.5.6.7.8.9", &v), -1);   /* more components than we keep */
    CHECK_INT(ver_pep440_parse("99999999999999999999", &v), -1);
    CHECK_INT(ver_pep440_parse(NULL, &v), -1);
    CHECK_INT(ver_cmp_pep440(NULL, "1.0"), -1);
    CHECK_INT(ver_cmp_pep440(NULL, NULL), 0);
}

int main(void)
{
    RUN(test_cmp_table);
    RUN(test_parse_parts);
    RUN(test_local_split);
    return harness_done();
}
