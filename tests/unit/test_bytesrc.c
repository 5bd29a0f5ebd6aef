/* Unit tests for loader/bytesrc: bounds of memory and file sources, and the
 * *_read wrapper's answers (absent file, parsed, failed with its prefix). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "loader/bytesrc.h"

static char tmpl[] = "/tmp/gd-bytesrc-XXXXXX";
static char *root;

static void test_mem_bounds(void)
{
    static const uint8_t data[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    struct bytesrc s;
    struct gd_err err = { 0 };
    uint8_t buf[8] = { 0 };
    bytesrc_mem(&s, data, sizeof(data));
    CHECK_INT(bytesrc_read(&s, 6, buf, 2, &err), 0);
    CHECK_INT(buf[0], 7);
    CHECK_INT(buf[1], 8);
    CHECK_INT(bytesrc_read(&s, 8, buf, 0, &err), 0);            /* empty read at the end */
    CHECK_INT(bytesrc_read(&s, 7, buf, 2, &err), -1);           /* one byte past */
    CHECK(strstr(err.msg, "past the end") != NULL);
    CHECK_INT(bytesrc_read(&s, 9, buf, 0, NULL), -1);           /* offset past, err NULL */
    CHECK_INT(bytesrc_read(&s, UINT64_MAX, buf, 1, NULL), -1);  /* no wrap-around */
    CHECK_INT(bytesrc_read(&s, 1, buf, SIZE_MAX, NULL), -1);
}

/* A parse that reads the first 4 bytes and fails on "BAD!". */
static int parse4(const struct bytesrc *s, struct arena *arena, void *out, struct gd_err *err)
{
    (void)arena;
    if (bytesrc_read(s, 0, out, 4, err) < 0)
        return -1;
    if (!memcmp(out, "BAD!", 4))
        return err_setx(err, GD_ERR_FORMAT, "bad magic");
    return 0;
}

static void test_read_file(void)
{
    struct fs fs;
    struct gd_err err = { 0 };
    char out[5] = { 0 }, p[512];
    FILE *fp;

    snprintf(p, sizeof(p), "%s/good", root);
    fp = fopen(p, "w");
    if (fp) { fputs("GOOD and more", fp); fclose(fp); }
    snprintf(p, sizeof(p), "%s/bad", root);
    fp = fopen(p, "w");
    if (fp) { fputs("BAD!", fp); fclose(fp); }
    snprintf(p, sizeof(p), "%s/short", root);
    fp = fopen(p, "w");
    if (fp) { fputs("AB", fp); fclose(fp); }

    CHECK_INT(fs_init(&fs, root, &err), 0);
    CHECK_INT(bytesrc_read_file(&fs, "/good", "TEST", parse4, NULL, out, &err), 1);
    CHECK_STR(out, "GOOD");
    CHECK_INT(bytesrc_read_file(&fs, "/absent", "TEST", parse4, NULL, out, &err), 0);
    CHECK_INT(bytesrc_read_file(&fs, "/bad", "TEST", parse4, NULL, out, &err), -1);
    CHECK_STR(err.msg, "cannot read TEST file '/bad': bad magic");
    CHECK_INT(bytesrc_read_file(&fs, "/short", "TEST", parse4, NULL, out, &err), -1);
    CHECK(strstr(err.msg, "cannot read TEST file '/short': offset 0 + 4 is past the end") != NULL);
    CHECK_INT(bytesrc_read_file(&fs, "/bad", "TEST", parse4, NULL, out, NULL), -1);
    fs_release(&fs);
}

/* A file source reads in windows and answers exactly what memory would:
 * the same bytes for every range, the same refusals past the end, and far
 * fewer reads than ranges asked; a file that shrank after it was opened
 * fails the read that reaches the lost part, as fs_pread does. */
static void test_windows(void)
{
    enum { SIZE = 100000 };
    static uint8_t data[SIZE];
    struct fs fs;
    struct fs_file f;
    struct bytesrc mem, file;
    struct bytesrc_cache cache;
    struct gd_err err = { 0 };
    uint8_t a[3000], b[3000];
    uint32_t x = 12345;
    char p[512];
    FILE *fp;
    size_t i, asked = 0;

    for (i = 0; i < SIZE; i++) {
        x = x * 1103515245u + 12345u;
        data[i] = (uint8_t)(x >> 16);
    }
    snprintf(p, sizeof(p), "%s/blob", root);
    fp = fopen(p, "w");
    if (fp) {
        fwrite(data, 1, SIZE, fp);
        fclose(fp);
    }
    CHECK_INT(fs_init(&fs, root, &err), 0);
    CHECK_INT(fs_open(&fs, "/blob", &f, &err), 1);
    bytesrc_mem(&mem, data, SIZE);
    bytesrc_file(&file, &f, &cache);
    /* Headers, then strings nearby, then a far table, as a reader asks. */
    for (i = 0; i < 400; i++) {
        uint64_t off;
        size_t len;
        x = x * 1103515245u + 12345u;
        off = (i % 4 == 3) ? 60000 + (x >> 8) % 40000 : (x >> 8) % 20000;
        len = 1 + (x >> 4) % sizeof(a);
        CHECK_INT(bytesrc_read(&file, off, a, len, NULL), bytesrc_read(&mem, off, b, len, NULL));
        if (off + len <= SIZE)
            CHECK(!memcmp(a, b, len));
        asked++;
    }
    CHECK(cache.nreads < asked / 4);
    CHECK_INT(bytesrc_read(&file, SIZE - 1, a, 2, &err), -1);
    CHECK(strstr(err.msg, "past the end") != NULL);
    bytesrc_want(&file, 90000, 5000);                 /* a hint, then reads inside it: no new read */
    i = (size_t)cache.nreads;
    CHECK_INT(bytesrc_read(&file, 91000, a, 100, NULL), 0);
    CHECK(!memcmp(a, data + 91000, 100));
    CHECK_INT(cache.nreads, i);
    bytesrc_release(&file);
    /* Shrunk after the open: the window cannot be read whole, and the
     * read that needs the lost bytes fails as an exact fs_pread would. */
    bytesrc_file(&file, &f, &cache);
    CHECK_INT(truncate(p, 50000), 0);
    CHECK_INT(bytesrc_read(&file, 100, a, 100, NULL), 0);
    CHECK(!memcmp(a, data + 100, 100));
    CHECK_INT(bytesrc_read(&file, 49990, a, 100, &err), -1);
    CHECK(strstr(err.msg, "shrank") != NULL);
    bytesrc_release(&file);
    fs_close(&f);
    fs_release(&fs);
}

int main(void)
{
    char cmd[600];
    root = mkdtemp(tmpl);
    if (!root)
        return 1;
    RUN(test_mem_bounds);
    RUN(test_read_file);
    RUN(test_windows);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
    if (system(cmd) != 0)
        perror("rm");
    return harness_done();
}
