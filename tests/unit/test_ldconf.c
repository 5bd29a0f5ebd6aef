/* test_ldconf.c - ld.so.conf lines, include globs relative to the including
 * file, include loops, and musl's path file, over a temporary root. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "loader/ldconf.h"

static char root[256];

static void wfile(const char *rel, const char *text)
{
    char p[512], cmd[600];
    FILE *f;
    snprintf(p, sizeof(p), "%s%s", root, rel);
    snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", p);
    if (system(cmd) != 0)
        return;
    f = fopen(p, "w");
    if (!f)
        return;
    fputs(text, f);
    fclose(f);
}

static void test_parse_lines(void)
{
    static const char conf[] =
        "# comment\n"
        "   /opt/a/lib/   # trailing comment\n"
        "\n"
        "include  one.conf\ttwo/*.conf\n"
        "hwcap 0 nosegneg\n"
        "HWCAP 1 x\n"
        "/opt/b=libc6\n"
        "/opt/c\r\n"
        "/\n"
        "includex\n";
    struct arena a;
    struct ldconf_item *items = NULL;
    size_t n = 0, alloc = 0;
    arena_init(&a);
    ldconf_parse((const uint8_t *)conf, sizeof(conf) - 1, &a, &items, &n, &alloc);
    CHECK_INT(n, 6);
    if (n == 6) {
        CHECK_STR(items[0].text, "/opt/a/lib");
        CHECK_INT(items[0].line, 2);
        CHECK_INT(items[1].kind, LDCONF_INCLUDE);
        CHECK_STR(items[1].text, "one.conf");
        CHECK_STR(items[2].text, "two/*.conf");
        CHECK_STR(items[3].text, "/opt/b");
        CHECK_STR(items[4].text, "/opt/c");
        CHECK_STR(items[5].text, "includex");
    }
    free(items);
    arena_release(&a);
}

static void test_glob(void)
{
    CHECK(ldconf_glob_match("*.conf", "cuda.conf"));
    CHECK(!ldconf_glob_match("*.conf", ".hidden.conf"));
    CHECK(!ldconf_glob_match("*.conf", "cuda.conf~"));
    CHECK(ldconf_glob_match("lib?.so", "libz.so"));
    CHECK(ldconf_glob_match("[a-c]x", "bx"));
    CHECK(!ldconf_glob_match("[!a-c]x", "bx"));
    CHECK(ldconf_glob_match("a[x", "a[x"));
    CHECK(ldconf_glob_match("*", "anything"));
}

static void test_load_includes(void)
{
    struct fs fs;
    struct arena a;
    struct ldconf c;
    struct gd_err err;
    wfile("/etc/ld.so.conf", "include /etc/ld.so.conf.d/*.conf\n/last\n");
    wfile("/etc/ld.so.conf.d/b.conf", "/from-b\ninclude sub/x.conf\n");
    wfile("/etc/ld.so.conf.d/a.conf", "/from-a\n");
    wfile("/etc/ld.so.conf.d/sub/x.conf", "/from-x\n");
    wfile("/etc/ld.so.conf.d/c.conf.bak", "/not-me\n");
    CHECK_INT(fs_init(&fs, root, &err), 0);
    arena_init(&a);
    ldconf_init(&c);
    CHECK_INT(ldconf_load(&fs, "/etc/ld.so.conf", &a, &c, &err), 1);
    CHECK_INT(c.nr, 4);
    if (c.nr == 4) {
        CHECK_STR(c.dirs[0].path, "/from-a");
        CHECK_STR(c.dirs[1].path, "/from-b");
        CHECK_STR(c.dirs[2].path, "/from-x");
        CHECK_STR(c.dirs[3].path, "/last");
        CHECK_STR(c.dirs[2].file, "/etc/ld.so.conf.d/sub/x.conf");
    }
    ldconf_release(&c);
    arena_release(&a);
    fs_release(&fs);
}

static void test_include_loop(void)
{
    struct fs fs;
    struct arena a;
    struct ldconf c;
    struct gd_err err;
    wfile("/loop/ld.so.conf", "/d\ninclude ld.so.conf\n");
    CHECK_INT(fs_init(&fs, root, &err), 0);
    arena_init(&a);
    ldconf_init(&c);
    CHECK_INT(ldconf_load(&fs, "/loop/ld.so.conf", &a, &c, &err), 1);
    CHECK(c.nr >= 1 && c.nr <= LDCONF_MAX_DEPTH + 1);
    CHECK(c.n_warnings >= 1);
    ldconf_release(&c);
    arena_release(&a);
    fs_release(&fs);
}

static void test_musl(void)
{
    struct fs fs;
    struct arena a;
    struct ldconf c;
    struct gd_err err;
    CHECK_INT(fs_init(&fs, root, &err), 0);
    arena_init(&a);
    ldconf_init(&c);
    CHECK_INT(ldconf_load_musl(&fs, "x86_64", &a, &c, &err), 0);
    CHECK_INT(c.nr, 3);
    ldconf_release(&c);
    wfile("/etc/ld-musl-x86_64.path", "/opt/m1:/opt/m2\n\n/opt/m3\n");
    /* An fs answers for the tree as it first saw it (fs.h): a new one sees the file. */
    fs_release(&fs);
    CHECK_INT(fs_init(&fs, root, &err), 0);
    ldconf_init(&c);
    CHECK_INT(ldconf_load_musl(&fs, "x86_64", &a, &c, &err), 1);
    CHECK_INT(c.nr, 3);
    if (c.nr == 3)
        CHECK_STR(c.dirs[2].path, "/opt/m3");
    ldconf_release(&c);
    arena_release(&a);
    fs_release(&fs);
}

int main(void)
{
    char cmd[600];
    snprintf(root, sizeof(root), "/tmp/gd-ldconf-%ld", (long)getpid());
    snprintf(cmd, sizeof(cmd), "rm -rf '%s' && mkdir -p '%s'", root, root);
    if (system(cmd) != 0)
        return 1;
    RUN(test_parse_lines);
    RUN(test_glob);
    RUN(test_load_includes);
    RUN(test_include_loop);
    RUN(test_musl);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
    if (system(cmd) != 0)
        return 1;
    return harness_done();
}
