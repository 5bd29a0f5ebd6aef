/* Unit tests for util/fs: re-rooted resolution, bounded reads, listing. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <errno.h>

#include "compat/compat.h"
#include "harness.h"
#include "util/fs.h"

static char tmpl[] = "/tmp/gd-fs-XXXXXX";
static char *root;

static void mkfile(const char *rel, const char *content)
{
    char p[512];
    FILE *fp;
    snprintf(p, sizeof(p), "%s/%s", root, rel);
    fp = fopen(p, "w");
    if (fp) {
        fputs(content, fp);
        fclose(fp);
    }
}

static void mkdirs(const char *rel)
{
    char p[512];
    snprintf(p, sizeof(p), "%s/%s", root, rel);
    mkdir(p, 0755);
}

static void mklink(const char *target, const char *rel)
{
    char p[512];
    snprintf(p, sizeof(p), "%s/%s", root, rel);
    if (symlink(target, p) != 0)
        perror("symlink");
}

static void setup(void)
{
    root = mkdtemp(tmpl);
    mkdirs("etc");
    mkdirs("usr");
    mkdirs("usr/local");
    mkdirs("usr/local/cuda-12.2");
    mkfile("usr/local/cuda-12.2/version.txt", "CUDA Version 12.2.0\n");
    mkfile("etc/passwd", "root-inside\n");
    mklink("/usr/local/cuda-12.2", "usr/local/cuda");      /* absolute, inside */
    mklink("../../../../../../etc/passwd", "usr/escape");  /* .. must stop at root */
    mklink("/etc/passwd", "usr/abs");                      /* absolute: the root's /etc */
    mklink("loop2", "usr/loop1");
    mklink("loop1", "usr/loop2");
    mklink("/nonexistent", "usr/dangling");
}

static void test_resolve_inside_root(void)
{
    struct fs fs;
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    CHECK_INT(fs_init(&fs, root, &err), 0);
    CHECK_INT(fs_realpath(&fs, "/usr/local/cuda", &sb, &err), 1);
    CHECK_STR(sb.buf, "/usr/local/cuda-12.2");
    CHECK_INT(fs_realpath(&fs, "/usr/local/cuda/../cuda-12.2/version.txt", &sb, &err), 1);
    CHECK_STR(sb.buf, "/usr/local/cuda-12.2/version.txt");
    strbuf_reset(&sb);
    CHECK_INT(fs_read_file(&fs, "/usr/local/cuda/version.txt", 100, &sb, &err), 1);
    CHECK_STR(sb.buf, "CUDA Version 12.2.0\n");
    strbuf_release(&sb);
    fs_release(&fs);
}

static void test_no_escape(void)
{
    struct fs fs;
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    fs_init(&fs, root, &err);
    CHECK_INT(fs_read_file(&fs, "/usr/escape", 100, &sb, &err), 1);
    CHECK_STR(sb.buf, "root-inside\n");
    strbuf_reset(&sb);
    CHECK_INT(fs_read_file(&fs, "/usr/abs", 100, &sb, &err), 1);
    CHECK_STR(sb.buf, "root-inside\n");
    strbuf_reset(&sb);
    CHECK_INT(fs_read_file(&fs, "/../../../../etc/passwd", 100, &sb, &err), 1);
    CHECK_STR(sb.buf, "root-inside\n");
    strbuf_release(&sb);
    fs_release(&fs);
}

static void test_loops_and_dangling(void)
{
    struct fs fs;
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    struct compat_stat st;
    fs_init(&fs, root, &err);
    err_init(&err);
    CHECK_INT(fs_stat(&fs, "/usr/loop1", &st, &err), -1);
    CHECK(strstr(err.msg, "Too many levels") != NULL);
    CHECK_INT(fs_stat(&fs, "/usr/dangling", &st, &err), 0);
    CHECK_INT(fs_lstat(&fs, "/usr/dangling", &st, &err), 1);
    CHECK_INT(st.type, COMPAT_FT_LNK);
    CHECK_INT(fs_readlink(&fs, "/usr/dangling", &sb, &err), 1);
    CHECK_STR(sb.buf, "/nonexistent");
    CHECK_INT(fs_stat(&fs, "/usr/local/cuda-12.2/version.txt/x", &st, &err), 0);
    strbuf_release(&sb);
    fs_release(&fs);
}

static void test_limits(void)
{
    struct fs fs;
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    fs_init(&fs, root, &err);
    err_init(&err);
    CHECK_INT(fs_read_file(&fs, "/usr/local/cuda/version.txt", 5, &sb, &err), -1);
    CHECK_INT(err.code, GD_ERR_LIMIT);
    CHECK_INT((long)sb.len, 0);
    CHECK_INT(fs_read_head(&fs, "/usr/local/cuda/version.txt", 4, &sb, &err), 1);
    CHECK_STR(sb.buf, "CUDA");
    strbuf_reset(&sb);
    CHECK_INT(fs_read_file(&fs, "/usr", 100, &sb, &err), -1);
    CHECK_INT(fs_read_file(&fs, "/nope", 100, &sb, &err), 0);
    strbuf_release(&sb);
    fs_release(&fs);
}

static void test_list_dir_sorted(void)
{
    struct fs fs;
    struct fs_dirlist l;
    struct gd_err err;
    fs_init(&fs, root, &err);
    CHECK_INT(fs_list_dir(&fs, "/usr", 100, &l, &err), 1);
    CHECK_INT((long)l.nr, 6);
    if (l.nr == 6) {
        CHECK_STR(l.ents[0].name, "abs");
        CHECK_STR(l.ents[5].name, "loop2");
    }
    fs_dirlist_release(&l);
    CHECK_INT(fs_list_dir(&fs, "/usr", 2, &l, &err), -1);
    CHECK_INT(err.code, GD_ERR_LIMIT);
    fs_dirlist_release(&l);
    CHECK_INT(fs_list_dir(&fs, "/missing", 2, &l, &err), 0);
    fs_dirlist_release(&l);
    fs_release(&fs);
}

static void test_path_helpers(void)
{
    struct strbuf sb = STRBUF_INIT;
    path_join(&sb, "/usr/", "/lib");
    CHECK_STR(sb.buf, "/usr/lib");
    path_normalize(&sb, "/a//b/./c/../../d/");
    CHECK_STR(sb.buf, "/a/d");
    path_normalize(&sb, "/../..");
    CHECK_STR(sb.buf, "/");
    path_dirname(&sb, "/usr/lib/x.so");
    CHECK_STR(sb.buf, "/usr/lib");
    path_dirname(&sb, "/x");
    CHECK_STR(sb.buf, "/");
    CHECK_STR(path_basename("/usr/lib/x.so"), "x.so");
    strbuf_release(&sb);
}

/* The directory cache must give what a fresh walk gives, however a path
 * reaches a directory: through a link, "..", a file in the middle, twice. */
static void test_dir_cache(void)
{
    struct fs fs;
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    struct compat_stat st;
    int pass;
    fs_init(&fs, root, &err);
    for (pass = 0; pass < 2; pass++) {
        CHECK_INT(fs_realpath(&fs, "/usr/local/cuda/version.txt", &sb, &err), 1);
        CHECK_STR(sb.buf, "/usr/local/cuda-12.2/version.txt");
        CHECK_INT(fs_realpath(&fs, "/usr/local/cuda/..", &sb, &err), 1);
        CHECK_STR(sb.buf, "/usr/local");
        CHECK_INT(fs_realpath(&fs, "/usr/local/cuda/../cuda/version.txt", &sb, &err), 1);
        CHECK_STR(sb.buf, "/usr/local/cuda-12.2/version.txt");
        CHECK_INT(fs_stat(&fs, "/usr/local/cuda/version.txt/x", &st, &err), 0);
        CHECK_INT(fs_stat(&fs, "/usr/nothere/x", &st, &err), 0);
        CHECK_INT(fs_stat(&fs, "/usr/dangling/x", &st, &err), 0);
        CHECK_INT(fs_stat(&fs, "/usr/loop1/x", &st, &err), -1);
    }
    CHECK(fs.cache != NULL);
    strbuf_release(&sb);
    fs_release(&fs);
    CHECK(fs.cache == NULL);
}

/* A directory over its caller's limit is read once: asking again gives the
 * same refusal and the same partial list, reading nothing (work counted by
 * fs's counters, never by time); a larger limit reads it again, once. */
static void test_listing_remembered(void)
{
    struct fs fs;
    struct fs_dirlist a, b;
    struct gd_err err;
    uint64_t reads, ents;
    size_t i;
    mkdirs("many");
    for (i = 0; i < 10; i++) {
        char n[32];
        snprintf(n, sizeof(n), "many/f%zu", i);
        mkfile(n, "x");
    }
    fs_init(&fs, root, &err);
    err_init(&err);
    CHECK_INT(fs_list_dir(&fs, "/many", 5, &a, &err), -1);
    CHECK_INT(err.code, GD_ERR_LIMIT);
    CHECK_INT(a.nr, 5);
    reads = fs.nread;
    ents = fs.ndirent;
    err_init(&err);
    CHECK_INT(fs_list_dir(&fs, "/many", 5, &b, &err), -1);
    CHECK_INT(err.code, GD_ERR_LIMIT);
    CHECK_STR(err.msg, "cannot list '/many': more than 5 entries");
    CHECK_INT(b.nr, 5);
    for (i = 0; i < a.nr && i < b.nr; i++)
        CHECK_STR(a.ents[i].name, b.ents[i].name);
    CHECK(fs.nread == reads && fs.ndirent == ents);
    fs_dirlist_release(&b);
    CHECK_INT(fs_list_dir(&fs, "/many", 3, &b, &err), -1);   /* a smaller limit: no read either */
    CHECK_INT(b.nr, 3);
    CHECK(fs.nread == reads && fs.ndirent == ents);
    fs_dirlist_release(&b);
    CHECK_INT(fs_list_dir(&fs, "/many", 100, &b, &err), 1);  /* larger: read again, complete */
    CHECK_INT(b.nr, 10);
    CHECK(fs.nread == reads + 1 && fs.ndirent == ents + 10);
    fs_dirlist_release(&b);
    CHECK_INT(fs_list_dir(&fs, "/many", 100, &b, &err), 1);
    CHECK(fs.nread == reads + 1 && fs.ndirent == ents + 10);
    fs_dirlist_release(&b);
    fs_dirlist_release(&a);
    fs_release(&fs);

    /* The borrowed, sorted view (winpath's lookups): over the limit once,
     * refused from memory after that. */
    {
        const struct fs_dirent *const *v;
        size_t n;
        fs_init(&fs, root, &err);
        err_init(&err);
        CHECK_INT(fs_list_dir_sorted(&fs, "/many", 4, &v, &n, &err), -1);
        CHECK_INT(err.code, GD_ERR_LIMIT);
        CHECK(n == 0 && v == NULL);
        reads = fs.nread;
        ents = fs.ndirent;
        for (i = 0; i < 50; i++)
            CHECK_INT(fs_list_dir_sorted(&fs, "/many", 4, &v, &n, &err), -1);
        CHECK(fs.nread == reads && fs.ndirent == ents);
        CHECK_INT(fs_list_dir_sorted(&fs, "/many", 10, &v, &n, &err), 1);
        CHECK_INT(n, 10);
        for (i = 1; i < n; i++)
            CHECK(strcmp(v[i - 1]->name, v[i]->name) < 0);
        CHECK_INT(fs_list_dir_sorted(&fs, "/many", 9, &v, &n, &err), -1);   /* 10 > 9, from memory */
        CHECK(fs.nread == reads + 1);
        fs_release(&fs);
    }
}

/* A listing answers "does it exist" for the names it lacks, and for what
 * lies below a name that is not a directory; a name it has is asked. */
static void test_absent_from_listing(void)
{
    struct fs fs;
    struct fs_dirlist l;
    struct fs_file f;
    struct compat_stat st;
    struct gd_err err;
    uint64_t stats;
    mkdirs("ls");
    mkdirs("ls/sub");
    mkfile("ls/a", "a");
    fs_init(&fs, root, &err);
    CHECK_INT(fs_list_dir(&fs, "/ls", 100, &l, &err), 1);
    fs_dirlist_release(&l);
    stats = fs.nstat;
    CHECK_INT(fs_stat(&fs, "/ls/zzz", &st, &err), 0);
    CHECK_INT(fs_lstat(&fs, "/ls/zzz", &st, &err), 0);
    CHECK_INT(fs_open(&fs, "/ls/zzz/deeper", &f, &err), 0);
    CHECK_INT(fs_list_dir(&fs, "/ls/nodir", 100, &l, &err), 0);
    CHECK_INT(fs_stat(&fs, "/ls/a/x", &st, &err), 0);      /* below a regular file */
    CHECK(fs.nstat == stats);
    CHECK_INT(fs_stat(&fs, "/ls/a", &st, &err), 1);        /* listed: asked */
    CHECK_INT(fs_stat(&fs, "/ls/sub/x", &st, &err), 0);    /* below a directory: asked */
    CHECK(fs.nstat == stats + 2);
    CHECK_INT(fs_stat(&fs, "/ls/./zzz", &st, &err), 0);    /* "/ls/zzz": known */
    CHECK_INT(fs_open(&fs, "/ls//zzz/", &f, &err), 0);
    CHECK(fs.nstat == stats + 2);
    fs_release(&fs);
}

/* A ".." out of a directory a listing names as a directory (not a link)
 * is taken lexically for "does it exist" (the loader's
 * $ORIGIN/../../nvidia/cublas/lib from torch/lib); out of a link, or of
 * what no listing names, the question is asked. */
static void test_absent_through_alias(void);

static void test_absent_through_dotdot(void)
{
    struct fs fs;
    struct fs_dirlist l;
    struct fs_file f;
    struct compat_stat st;
    struct gd_err err;
    uint64_t stats;
    mkdirs("dd");
    mkdirs("dd/torch");
    mkdirs("dd/torch/lib");
    mkdirs("dd/nvidia");
    mkdirs("dd/nvidia/lib");
    mkfile("dd/nvidia/lib/libcudart.so.12", "x");
    mklink("torch/lib", "dd/tl");
    fs_init(&fs, root, &err);
    CHECK_INT(fs_list_dir(&fs, "/", 100, &l, &err), 1);
    fs_dirlist_release(&l);
    CHECK_INT(fs_list_dir(&fs, "/dd", 100, &l, &err), 1);
    fs_dirlist_release(&l);
    CHECK_INT(fs_list_dir(&fs, "/dd/torch", 100, &l, &err), 1);
    fs_dirlist_release(&l);
    CHECK_INT(fs_list_dir(&fs, "/dd/nvidia/lib", 100, &l, &err), 1);
    fs_dirlist_release(&l);
    stats = fs.nstat;
    CHECK_INT(fs_open(&fs, "/dd/torch/lib/../../nvidia/lib/glibc-hwcaps/x86-64-v3/libcudart.so.12", &f, &err), 0);
    CHECK_INT(fs_stat(&fs, "/dd/torch/lib/../../nvidia/lib/libcublas.so.12", &st, &err), 0);
    CHECK_INT(fs_stat(&fs, "/dd/torch/../../../dd/zzz", &st, &err), 0);   /* above "/" is "/" */
    CHECK(fs.nstat == stats);
    /* Present: asked, and found. */
    CHECK_INT(fs_open(&fs, "/dd/torch/lib/../../nvidia/lib/libcudart.so.12", &f, &err), 1);
    fs_close(&f);
    CHECK(fs.nstat == stats + 1);
    /* Out of a link: /dd/tl/.. is /dd/torch, where nvidia is absent, but
     * only the system call may say so. */
    CHECK_INT(fs_stat(&fs, "/dd/tl/../nvidia/lib/libcudart.so.12", &st, &err), 0);
    CHECK(fs.nstat == stats + 2);
    /* Out of a directory no listing names (/dd/nvidia/lib's parent is not listed). */
    CHECK_INT(fs_stat(&fs, "/dd/nvidia/lib/../zzz", &st, &err), 0);
    CHECK(fs.nstat == stats + 3);
    fs_release(&fs);
}

/* A directory reached through a link (merged /usr's /lib): once the walk
 * resolved it, the listing of its resolved path answers below it too. */
static void test_absent_through_alias(void)
{
    struct fs fs;
    struct fs_dirlist l;
    struct compat_stat st;
    struct strbuf real = STRBUF_INIT;
    struct gd_err err;
    uint64_t stats;
    mkdirs("al");
    mkdirs("al/real");
    mkfile("al/real/a", "a");
    mklink("real", "al/ln");
    fs_init(&fs, root, &err);
    CHECK_INT(fs_list_dir(&fs, "/al/real", 100, &l, &err), 1);
    fs_dirlist_release(&l);
    stats = fs.nstat;
    CHECK_INT(fs_stat(&fs, "/al/ln/zzz", &st, &err), 0);   /* not resolved yet: asked */
    CHECK(fs.nstat == stats + 1);
    CHECK_INT(fs_realpath(&fs, "/al/ln/a", &real, &err), 1);
    CHECK_STR(real.buf, "/al/real/a");
    stats = fs.nstat;
    CHECK_INT(fs_stat(&fs, "/al/ln/yyy", &st, &err), 0);
    CHECK_INT(fs_stat(&fs, "/al/ln/a", &st, &err), 1);     /* present: asked */
    CHECK(fs.nstat == stats + 1);
    strbuf_release(&real);
    fs_release(&fs);
}

/* The loader model's hint: the first miss below a search directory lists
 * it, and the hwcaps subdirectories the next names are tried in cost no
 * system call. */
static void test_expect_lookups(void)
{
    static const char *const cand[] = {
        "/ls/glibc-hwcaps/x86-64-v3/libq.so.1", "/ls/glibc-hwcaps/x86-64-v2/libq.so.1",
        "/ls/tls/x86_64/libq.so.1", "/ls/x86_64/libq.so.1", "/ls/libq.so.1",
    };
    struct fs fs;
    struct fs_file f;
    struct gd_err err;
    uint64_t stats, reads;
    size_t i;
    fs_init(&fs, root, &err);
    fs_expect_lookups(&fs, "/ls");
    CHECK_INT(fs_open(&fs, cand[0], &f, &err), 0);
    stats = fs.nstat;
    reads = fs.nread;
    for (i = 1; i < sizeof(cand) / sizeof(cand[0]); i++)
        CHECK_INT(fs_open(&fs, cand[i], &f, &err), 0);
    CHECK(fs.nstat == stats && fs.nread == reads);
    CHECK_INT(fs_open(&fs, "/ls/a", &f, &err), 1);
    fs_close(&f);
    fs_release(&fs);
}

static void test_bad_root(void)
{
    struct fs fs;
    struct gd_err err;
    char p[512];
    CHECK_INT(fs_init(&fs, "/definitely/not/here", &err), -1);
    snprintf(p, sizeof(p), "%s/etc/passwd", root);
    CHECK_INT(fs_init(&fs, p, &err), -1);
    CHECK(strstr(err.msg, "not a directory") != NULL);
}

/*
 * Without /proc a handle cannot be reopened: compat_open_in_root_as opens
 * the path again only if its last component is still the regular file
 * checked.  A FIFO or another file swapped in is left unopened (-2).
 */
static void test_open_as_checked(void)
{
    struct compat_stat st, st2;
    char p[512], q[512];
    int rootfd, h, fd;
    mkdirs("swap");
    mkfile("swap/file", "one\n");
    mkfile("swap/other", "two\n");
    rootfd = compat_open_root(root);
    CHECK(rootfd >= 0);
    h = compat_open_in_root(rootfd, "swap/file", 0);
    CHECK(h >= 0);
    CHECK_INT(compat_fstat(h, &st), 0);
    compat_close(h);
    /* The same file: opened, and it is the same inode. */
    fd = compat_open_in_root_as(rootfd, "/swap/file", &st);
    CHECK(fd >= 0);
    CHECK_INT(compat_fstat(fd, &st2), 0);
    CHECK(st2.ino == st.ino);
    compat_close(fd);
    /* Another regular file in its place: ESTALE, unopened. */
    snprintf(p, sizeof(p), "%s/swap/other", root);
    snprintf(q, sizeof(q), "%s/swap/file", root);
    CHECK_INT(rename(p, q), 0);
    CHECK_INT(compat_open_in_root_as(rootfd, "swap/file", &st), -2);
    /* A FIFO in its place: ENXIO, never opened. */
    unlink(q);
    CHECK_INT(mkfifo(q, 0600), 0);
    CHECK_INT(compat_open_in_root_as(rootfd, "swap/file", &st), -2);
    /* A link to the FIFO: followed, and refused the same way. */
    unlink(q);
    snprintf(p, sizeof(p), "%s/swap/fifo", root);
    CHECK_INT(mkfifo(p, 0600), 0);
    CHECK_INT(symlink("fifo", q), 0);
    CHECK_INT(compat_open_in_root_as(rootfd, "swap/file", &st), -2);
    compat_close(rootfd);
}

int main(void)
{
    char cmd[600];
    setup();
    RUN(test_resolve_inside_root);
    RUN(test_no_escape);
    RUN(test_loops_and_dangling);
    RUN(test_limits);
    RUN(test_list_dir_sorted);
    RUN(test_path_helpers);
    RUN(test_dir_cache);
    RUN(test_listing_remembered);
    RUN(test_absent_from_listing);
    RUN(test_absent_through_dotdot);
    RUN(test_absent_through_alias);
    RUN(test_expect_lookups);
    RUN(test_bad_root);
    RUN(test_open_as_checked);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
    if (system(cmd) != 0)
        return 1;
    return harness_done();
}
