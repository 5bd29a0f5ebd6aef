#include "harness.h"
#include "scan/pyspec.h"
#include "util/banned.h"

static void test_table(void)
{
    static const struct { const char *v, *spec; int want; } rows[] = {
        { "12.1.105", "==12.1.105", 1 },
        { "12.1.105", "==12.1.106", 0 },
        { "2.1.0+cu121", "==2.1.0", 1 },        /* local ignored without one in spec */
        { "2.1.0+cu121", "==2.1.0+cpu", 0 },
        { "9.1.0.70", ">=9.1,<10", 1 },
        { "10.0", ">=9.1,<10", 0 },
        { "9.0.0.312", ">=9.1,<10", 0 },
        { "12.4.127", "~=12.0", 1 },
        { "13.0.1", "~=12.0", 0 },
        { "2.1.3", "==2.1.*", 1 },
        { "2.2", "==2.1.*", 0 },
        { "2.2", "!=2.1.*", 1 },
        { "0.4.30", "<=0.4.31,>=0.4.31", 0 },
        { "0.4.31", "<=0.4.31,>=0.4.31", 1 },
        { "1.0", "", 1 },
        { "1.0", NULL, 1 },
        { "1.0", "@ https://x", -1 },
        { "not a version", "==1.0", -1 },
        { "1.0", "==", -1 },
        { "1.0", "===1.0", 1 },
        { "2.16.0rc1", ">=2.16.0", 0 },
        { "2.10.0", ">2.9.1", 1 },
        { "1.0", "~=1", -1 },
    };
    size_t i;
    for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
        int got = pyspec_match(rows[i].v, rows[i].spec);
        if (got != rows[i].want)
            printf("  row %zu: %s %s -> %d\n", i, rows[i].v, rows[i].spec ? rows[i].spec : "(null)", got);
        CHECK_INT(got, rows[i].want);
    }
}

int main(void)
{
    RUN(test_table);
    return harness_done();
}
