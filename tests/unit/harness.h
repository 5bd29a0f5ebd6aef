/*
 * harness.h - the unit-test harness: a few macros, no dependencies.
 *
 * A test file defines `static void test_NAME(void)` functions and a main
 * that calls RUN(test_NAME) for each, then `return harness_done();`.  CHECK
 * records a failure and goes on; the runner (tests/run.sh) counts one PASS or
 * FAIL line per test function.
 *
 *     static void test_add(void) { CHECK(1 + 1 == 2); CHECK_STR("a", "a"); }
 *     int main(void) { RUN(test_add); return harness_done(); }
 */
#ifndef GD_TEST_HARNESS_H
#define GD_TEST_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int harness_failed_now;
static int harness_failed_tests;

#define CHECK(cond)                                                           \
    do {                                                                      \
        if (!(cond)) {                                                        \
            printf("  %s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
            harness_failed_now = 1;                                           \
        }                                                                     \
    } while (0)

#define CHECK_INT(a, b)                                                       \
    do {                                                                      \
        long long ha_ = (long long)(a), hb_ = (long long)(b);                 \
        if (ha_ != hb_) {                                                     \
            printf("  %s:%d: %s == %lld, expected %lld\n", __FILE__,          \
                   __LINE__, #a, ha_, hb_);                                   \
            harness_failed_now = 1;                                           \
        }                                                                     \
    } while (0)

#define CHECK_STR(a, b)                                                       \
    do {                                                                      \
        const char *ha_ = (a), *hb_ = (b);                                    \
        if (!ha_ || !hb_ ? ha_ != hb_ : strcmp(ha_, hb_) != 0) {              \
            printf("  %s:%d: %s == \"%s\", expected \"%s\"\n", __FILE__,      \
                   __LINE__, #a, ha_ ? ha_ : "(null)", hb_ ? hb_ : "(null)"); \
            harness_failed_now = 1;                                           \
        }                                                                     \
    } while (0)

#define RUN(fn)                                                               \
    do {                                                                      \
        harness_failed_now = 0;                                               \
        fn();                                                                 \
        printf("%s %s\n", harness_failed_now ? "FAIL" : "PASS", #fn);         \
        if (harness_failed_now)                                               \
            harness_failed_tests++;                                           \
        fflush(stdout);                                                       \
    } while (0)

/*
 * The whole file at path (a fixture the test made), malloc'd, its size in
 * *len; NULL when it cannot be opened or memory runs out.  The caller frees.
 */
static inline unsigned char *harness_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL, *grown;
    size_t cap = 0, n = 0, got;

    if (!f)
        return NULL;
    do {
        if (n == cap) {
            cap = cap ? cap * 2 : 4096;
            if (!(grown = realloc(buf, cap))) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = grown;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    fclose(f);
    *len = n;
    return buf;
}

/* Little-endian stores for tests that write binary fixtures (ELF, modules). */
static inline void harness_le16(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
}
static inline void harness_le32(unsigned char *p, unsigned long v)
{
    harness_le16(p, (unsigned)(v & 0xffffu));
    harness_le16(p + 2, (unsigned)((v >> 16) & 0xffffu));
}
static inline void harness_le64(unsigned char *p, unsigned long long v)
{
    harness_le32(p, (unsigned long)(v & 0xffffffffu));
    harness_le32(p + 4, (unsigned long)(v >> 32));
}

static inline int harness_done(void)
{
    return harness_failed_tests ? 1 : 0;
}

#endif
