/* test_winpath.c - Windows paths <-> virtual paths of the C: drive, and the
 * case-insensitive lookup on a tree in another case. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"
#include "util/winpath.h"

static void test_to_virtual(void)
{
    static const struct { const char *in, *out; int r; } c[] = {
        { "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.0\\bin\\",
          "/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.0/bin", 1 },
        { "c:/Users/u/./x/../y", "/Users/u/y", 1 },
        { "\\Windows\\System32", "/Windows/System32", 1 },
        { "C:\\", "/", 1 },
        { "/already/virtual", "/already/virtual", 1 },
        { "D:\\tools\\bin", "", 0 },
        { "\\\\server\\share\\x", "", 0 },
        { "C:relative", "", 0 },
        { "relative\\dir", "", 0 },
        { "", "", 0 },
    };
    struct strbuf sb = STRBUF_INIT;
    size_t i;
    for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
        CHECK_INT(winpath_to_virtual(c[i].in, &sb), c[i].r);
        CHECK_STR(sb.buf, c[i].out);
    }
    strbuf_release(&sb);
}

static void test_from_virtual(void)
{
    struct strbuf sb = STRBUF_INIT;
    winpath_from_virtual("/Program Files/NVIDIA", &sb);
    CHECK_STR(sb.buf, "C:\\Program Files\\NVIDIA");
    winpath_from_virtual("/", &sb);
    CHECK_STR(sb.buf, "C:\\");
    CHECK(winpath_name_eq("System32", "system32"));
    CHECK(!winpath_name_eq("System32", "System3"));
    strbuf_release(&sb);
}

static void test_resolve_ci(void)
{
    char tmpl[] = "/tmp/gd_winpath_XXXXXX";
    char *dir = mkdtemp(tmpl);
    char p[512];
    struct fs fs;
    struct gd_err err;
    struct strbuf out = STRBUF_INIT;
    FILE *fp;

    CHECK(dir != NULL);
    if (!dir)
        return;
    snprintf(p, sizeof(p), "%s/windows", dir);
    mkdir(p, 0755);
    snprintf(p, sizeof(p), "%s/windows/SYSTEM32", dir);
    mkdir(p, 0755);
    snprintf(p, sizeof(p), "%s/windows/SYSTEM32/NvCuda.DLL", dir);
    fp = fopen(p, "w");
    if (fp)
        fclose(fp);
    err_init(&err);
    CHECK_INT(fs_init(&fs, dir, &err), 0);
    CHECK_INT(winpath_resolve_ci(&fs, "/Windows/System32/nvcuda.dll", &out, &err), 1);
    CHECK_STR(out.buf, "/windows/SYSTEM32/NvCuda.DLL");
    CHECK_INT(winpath_resolve_ci(&fs, "/Windows/System32/nvml.dll", &out, &err), 0);
    CHECK_INT(winpath_child_ci(&fs, "/windows", "system32", &out, &err), 1);
    CHECK_STR(out.buf, "/windows/SYSTEM32");
    fs_release(&fs);
    remove(p);
    snprintf(p, sizeof(p), "%s/windows/SYSTEM32", dir);
    rmdir(p);
    snprintf(p, sizeof(p), "%s/windows", dir);
    rmdir(p);
    rmdir(dir);
    strbuf_release(&out);
}

/*
 * Issue 36: a folder of more than the 100,000 entries a lookup reads
 * (WINPATH_DIR_MAX) in a Windows tree was read again for every name looked
 * up in it (2.3 s of CPU).  Every lookup in a folder now answers from one
 * reading of it: here the second and later lookups read no entry (fs's
 * counters; no time is measured).  That a folder over the limit is refused
 * from memory too is test_fs's test_listing_remembered (fs_list_dir_sorted,
 * with a small limit: 100,001 files take seconds to create).
 */
static void test_folder_read_once(void)
{
    char tmpl[] = "/tmp/gd_winpath_once_XXXXXX";
    char *dir = mkdtemp(tmpl);
    char p[512], cmd[600];
    struct fs fs;
    struct gd_err err;
    struct strbuf out = STRBUF_INIT;
    uint64_t ents, reads;
    unsigned i;

    CHECK(dir != NULL);
    if (!dir)
        return;
    snprintf(p, sizeof(p), "%s/WinSxS", dir);
    mkdir(p, 0755);
    for (i = 0; i < 200; i++) {
        FILE *fp;
        snprintf(p, sizeof(p), "%s/WinSxS/F%u.DLL", dir, i);
        fp = fopen(p, "w");
        if (fp)
            fclose(fp);
    }
    err_init(&err);
    CHECK_INT(fs_init(&fs, dir, &err), 0);
    CHECK_INT(winpath_child_ci(&fs, "/WinSxS", "f7.dll", &out, &err), 1);
    CHECK_STR(out.buf, "/WinSxS/F7.DLL");
    ents = fs.ndirent;
    reads = fs.nread;
    CHECK(ents == 200);
    for (i = 0; i < 100; i++) {
        char n[32];
        snprintf(n, sizeof(n), "f%u.dll", 199 - i);
        CHECK_INT(winpath_child_ci(&fs, "/WinSxS", n, &out, &err), 1);
        CHECK_INT(winpath_child_ci(&fs, "/WinSxS", "nvml.dll", &out, &err), 0);
    }
    CHECK(fs.ndirent == ents && fs.nread == reads);
    fs_release(&fs);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
    CHECK_INT(system(cmd), 0);
    strbuf_release(&out);
}

int main(void)
{
    RUN(test_to_virtual);
    RUN(test_from_virtual);
    RUN(test_resolve_ci);
    RUN(test_folder_read_once);
    return harness_done();
}
