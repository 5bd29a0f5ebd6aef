/*
 * test_image.c - check --image's readers: SHA-256, the layer applier
 * (OCI whiteouts, hard links, hostile archives, limits), the image
 * config, the NVIDIA_REQUIRE_* language, the TOML and CDI readers,
 * Docker's reference store keys and chain IDs.
 * Tar archives are written by a small writer below (ustar, with pax 'x'
 * records for long names) so that every header is exactly the one a case
 * wants; a build without libarchive skips the applier cases.
 */
#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compat/compat.h"
#include "compat/tarread.h"
#include "compat/wtree.h"
#include "image/apply.h"
#include "image/ctk.h"
#include "image/ctk_dsl.h"
#include "image/dockerstore.h"
#include "image/imgconfig.h"
#include "scan/cdi.h"
#include "scan/toml.h"
#include "util/sha256.h"
#include "util/strbuf.h"

/* ---- a tar writer ---- */

static void oct(char *dst, size_t n, unsigned long long v)
{
    char tmp[32];
    snprintf(tmp, sizeof(tmp), "%0*llo", (int)(n - 1), v);
    memcpy(dst, tmp, n - 1);
}

static void raw_header(struct strbuf *t, const char *name, char type, const char *link, size_t size, unsigned mode)
{
    char h[512];
    unsigned sum = 0;
    size_t i;
    memset(h, 0, sizeof(h));
    snprintf(h, 100, "%s", name);
    oct(h + 100, 8, mode);
    oct(h + 108, 8, 0);
    oct(h + 116, 8, 0);
    oct(h + 124, 12, size);
    oct(h + 136, 12, 0);
    memset(h + 148, ' ', 8);
    h[156] = type;
    if (link)
        snprintf(h + 157, 100, "%s", link);
    memcpy(h + 257, "ustar", 6);
    memcpy(h + 263, "00", 2);
    for (i = 0; i < 512; i++)
        sum += (unsigned char)h[i];
    snprintf(h + 148, 8, "%06o", sum);
    h[155] = ' ';
    strbuf_add(t, h, 512);
}

static void pad(struct strbuf *t)
{
    static const char z[512];
    if (t->len % 512)
        strbuf_add(t, z, 512 - t->len % 512);
}

static void pax_record(struct strbuf *r, const char *key, const char *val)
{
    size_t n = strlen(key) + strlen(val) + 3, len = n + 1;
    char tmp[32];
    for (;;) {
        snprintf(tmp, sizeof(tmp), "%zu", len);
        if (strlen(tmp) + n == len)
            break;
        len = strlen(tmp) + n;
    }
    strbuf_addf(r, "%zu %s=%s\n", len, key, val);
}

/* One entry; long names and links through a pax header, as Go writes them. */
static void entry(struct strbuf *t, const char *name, char type, const char *link, const char *data, size_t size,
                  unsigned mode)
{
    if (strlen(name) >= 100 || (link && strlen(link) >= 100)) {
        struct strbuf r = STRBUF_INIT;
        if (strlen(name) >= 100)
            pax_record(&r, "path", name);
        if (link && strlen(link) >= 100)
            pax_record(&r, "linkpath", link);
        raw_header(t, "PaxHeaders/x", 'x', NULL, r.len, 0644);
        strbuf_add(t, r.buf, r.len);
        pad(t);
        strbuf_release(&r);
    }
    raw_header(t, name, type, link, size, mode);
    if (size) {
        strbuf_add(t, data, size);
        pad(t);
    }
}

static void file(struct strbuf *t, const char *name, const char *data)
{
    entry(t, name, '0', NULL, data, strlen(data), 0644);
}

static void dir(struct strbuf *t, const char *name)
{
    entry(t, name, '5', NULL, NULL, 0, 0755);
}

static void end(struct strbuf *t)
{
    static const char z[1024];
    strbuf_add(t, z, sizeof(z));
}

/* ---- the tree ---- */

static char scratch[256];
static int rootfd = -1;

static void tree_new(void)
{
    snprintf(scratch, sizeof(scratch), "%s/gd-test-image.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(scratch)) {
        perror("mkdtemp");
        exit(2);
    }
    rootfd = open(scratch, O_RDONLY | O_DIRECTORY);
}

static void tree_free(void)
{
    close(rootfd);
    compat_wt_remove_tree(-1, scratch);
}

/* A new tree with an applier over it, and its end. */
static void begin(struct applier *ap, const struct apply_limits *lim, struct gd_err *err)
{
    tree_new();
    applier_init(ap, rootfd, lim);
    err_init(err);
}

static void finish(struct applier *ap)
{
    applier_release(ap);
    tree_free();
}

static int apply(struct applier *ap, struct strbuf *t, struct gd_err *err)
{
    struct tarread *tr = tarread_open_mem(t->buf, t->len, NULL, err);
    int rc;
    if (!tr)
        return -1;
    rc = applier_layer(ap, tr, err);
    tarread_close(tr);
    return rc;
}

/* "f" regular file with content, "d" directory, "l:target" symlink, "" absent. */
static void have(const char *path, const char *what)
{
    char p[512], buf[256];
    struct stat st;
    snprintf(p, sizeof(p), "%s/%s", scratch, path);
    if (!*what) {
        if (lstat(p, &st) == 0)
            printf("  %s exists, expected it absent\n", path), harness_failed_now = 1;
        return;
    }
    if (lstat(p, &st) < 0) {
        printf("  %s is absent\n", path);
        harness_failed_now = 1;
        return;
    }
    if (!strcmp(what, "d")) {
        CHECK(S_ISDIR(st.st_mode));
    } else if (!strncmp(what, "l:", 2)) {
        ssize_t n = readlink(p, buf, sizeof(buf) - 1);
        CHECK(S_ISLNK(st.st_mode));
        if (n >= 0) {
            buf[n] = '\0';
            CHECK_STR(buf, what + 2);
        }
    } else {
        int fd = open(p, O_RDONLY);
        ssize_t n = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;
        CHECK(S_ISREG(st.st_mode));
        if (fd >= 0)
            close(fd);
        buf[n > 0 ? n : 0] = '\0';
        CHECK_STR(buf, what);
    }
}

static int skip_no_archive(void)
{
    if (!tarread_supported()) {
        printf("  (this build has no libarchive: skipped)\n");
        return 1;
    }
    return 0;
}

static void test_sha256(void)
{
    char hex[SHA256_HEX_LEN + 1];
    struct sha256 s;
    unsigned char d[SHA256_LEN];
    int i;
    /* FIPS 180-4 examples (NIST CSRC "SHA256.pdf") */
    sha256_hex_of("abc", 3, hex);
    CHECK_STR(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    sha256_hex_of("", 0, hex);
    CHECK_STR(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    sha256_hex_of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, hex);
    CHECK_STR(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    /* a million 'a', fed in uneven pieces */
    sha256_init(&s);
    for (i = 0; i < 1000; i++) {
        char a[1000];
        memset(a, 'a', sizeof(a));
        sha256_update(&s, a, (size_t)(i % 3 ? 1000 : 999));
        if (!(i % 3))
            sha256_update(&s, "a", 1);
    }
    sha256_final(&s, d);
    sha256_hex(d, hex);
    CHECK_STR(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

static void test_path_clean(void)
{
    struct strbuf o = STRBUF_INIT;
    CHECK_INT(layer_path_clean("./usr//lib/./x", &o), 1);
    CHECK_STR(o.buf, "usr/lib/x");
    CHECK_INT(layer_path_clean("/etc/passwd", &o), 1);
    CHECK_STR(o.buf, "etc/passwd");
    CHECK_INT(layer_path_clean("a/b/../../c", &o), 1);
    CHECK_STR(o.buf, "c");
    CHECK_INT(layer_path_clean("a/../../c", &o), 0);
    CHECK_INT(layer_path_clean("..", &o), 0);
    CHECK_INT(layer_path_clean("./", &o), 1);
    CHECK_STR(o.buf, "");
    {
        char longc[300];
        memset(longc, 'x', 299);
        longc[299] = '\0';
        CHECK_INT(layer_path_clean(longc, &o), -1);
    }
    strbuf_release(&o);
}

static void test_whiteouts(void)
{
    struct strbuf l1 = STRBUF_INIT, l2 = STRBUF_INIT;
    struct apply_limits lim;
    struct applier ap;
    struct gd_err err;

    if (skip_no_archive())
        return;
    apply_limits_default(&lim);
    begin(&ap, &lim, &err);
    dir(&l1, "etc/");
    file(&l1, "etc/hello", "hello");
    file(&l1, "etc/keep", "keep");
    dir(&l1, "usr/local/cuda/compat/");
    file(&l1, "usr/local/cuda/compat/libcuda.so.1", "compat");
    dir(&l1, "opq/");
    file(&l1, "opq/old", "old");
    dir(&l1, "opq/sub/");
    file(&l1, "opq/sub/deep", "deep");
    file(&l1, "same/f", "lower");
    file(&l1, "replace", "file");
    dir(&l1, "todir/");
    file(&l1, "todir/x", "x");
    end(&l1);
    CHECK_INT(apply(&ap, &l1, &err), 0);

    /* A whiteout deletes a lower file and a lower subtree. */
    file(&l2, "etc/.wh.hello", "");
    file(&l2, "usr/local/cuda/.wh.compat", "");
    /* An opaque directory keeps this layer's entries, before or after it. */
    file(&l2, "opq/new1", "new1");
    file(&l2, "opq/.wh..wh..opq", "");
    file(&l2, "opq/new2", "new2");
    /* A whiteout never hides its own layer's entry. */
    file(&l2, "same/f", "upper");
    file(&l2, "same/.wh.f", "");
    /* Another type replaces; a directory meets a directory and merges. */
    dir(&l2, "replace/");
    file(&l2, "replace/in", "in");
    entry(&l2, "todir", '2', "/etc", NULL, 0, 0777);
    /* Hard links within the layer, and a reserved name that is ignored. */
    file(&l2, "h/a", "linked");
    entry(&l2, "h/b", '1', "h/a", NULL, 0, 0644);
    file(&l2, ".wh..wh.plnk", "");
    end(&l2);
    CHECK_INT(apply(&ap, &l2, &err), 0);
    if (err.msg[0])
        printf("  %s\n", err.msg);
    have("etc/hello", "");
    have("etc/.wh.hello", "");
    have("etc/keep", "keep");
    have("usr/local/cuda/compat", "");
    have("usr/local/cuda", "d");
    have("opq/old", "");
    have("opq/sub", "");
    have("opq/new1", "new1");
    have("opq/new2", "new2");
    have("opq/.wh..wh..opq", "");
    have("same/f", "upper");
    have("replace", "d");
    have("replace/in", "in");
    have("todir", "l:/etc");
    have("h/a", "linked");
    have("h/b", "linked");
    have(".wh..wh.plnk", "");
    {
        struct stat a, b;
        char p1[512], p2[512];
        snprintf(p1, sizeof(p1), "%s/h/a", scratch);
        snprintf(p2, sizeof(p2), "%s/h/b", scratch);
        CHECK(stat(p1, &a) == 0 && stat(p2, &b) == 0 && a.st_ino == b.st_ino);
    }
    CHECK_INT(ap.st.whiteouts, 5);
    CHECK_INT(ap.st.opaques, 1);
    CHECK_INT(ap.st.hardlinks, 1);
    finish(&ap);
    strbuf_release(&l1);
    strbuf_release(&l2);
}

/* A whiteout before its own layer's new entry: the lower one goes, the new one stays. */
static void test_whiteout_then_entry(void)
{
    struct strbuf l1 = STRBUF_INIT, l2 = STRBUF_INIT;
    struct apply_limits lim;
    struct applier ap;
    struct gd_err err;

    if (skip_no_archive())
        return;
    apply_limits_default(&lim);
    begin(&ap, &lim, &err);
    file(&l1, "d/a", "a");
    file(&l1, "d/b", "b");
    end(&l1);
    CHECK_INT(apply(&ap, &l1, &err), 0);
    file(&l2, ".wh.d", "");
    file(&l2, "d/c", "c");
    end(&l2);
    CHECK_INT(apply(&ap, &l2, &err), 0);
    have("d/a", "");
    have("d/b", "");
    have("d/c", "c");
    finish(&ap);
    strbuf_release(&l1);
    strbuf_release(&l2);
}

static void test_hostile(void)
{
    struct strbuf l = STRBUF_INIT;
    struct apply_limits lim;
    struct applier ap;
    struct gd_err err;
    char outside[600], mark[64];
    struct stat st;

    if (skip_no_archive())
        return;
    snprintf(mark, sizeof(mark), "gd-unit-pwned-%ld", (long)getpid());
    /* Escapes through "..", an absolute symlink and a relative one that climbs. */
    apply_limits_default(&lim);
    begin(&ap, &lim, &err);
    entry(&l, "up", '2', "../../../../../../tmp", NULL, 0, 0777);
    entry(&l, "abs", '2', "/tmp", NULL, 0, 0777);
    {
        char n1[128], n2[128];
        snprintf(n1, sizeof(n1), "up/%s", mark);
        snprintf(n2, sizeof(n2), "abs/%s", mark);
        file(&l, n1, "x");
        file(&l, n2, "y");
    }
    end(&l);
    CHECK_INT(apply(&ap, &l, &err), 0);
    snprintf(outside, sizeof(outside), "/tmp/%s", mark);
    CHECK(lstat(outside, &st) < 0 && errno == ENOENT);
    {
        char in[128];
        snprintf(in, sizeof(in), "tmp/%s", mark);
        have(in, "y");   /* both land in the tree's own /tmp, the later one wins */
    }
    finish(&ap);

    /* ".." out of the root refuses the image. */
    strbuf_reset(&l);
    begin(&ap, &lim, &err);
    file(&l, "../escape", "x");
    end(&l);
    CHECK_INT(apply(&ap, &l, &err), -1);
    CHECK_INT(err.code, GD_ERR_FORMAT);
    CHECK(strstr(err.msg, "points outside the image") != NULL);
    finish(&ap);

    /* A hard link to a file outside: refused; to a host file through a symlink: never made. */
    strbuf_reset(&l);
    begin(&ap, &lim, &err);
    entry(&l, "etcl", '2', "/etc", NULL, 0, 0777);
    entry(&l, "pw", '1', "etcl/passwd", NULL, 0, 0644);
    end(&l);
    CHECK_INT(apply(&ap, &l, &err), 0);
    have("pw", "");
    CHECK_INT(ap.total_warnings, 1);
    strbuf_reset(&l);
    entry(&l, "pw2", '1', "../../etc/passwd", NULL, 0, 0644);
    end(&l);
    CHECK_INT(apply(&ap, &l, &err), -1);
    CHECK(strstr(err.msg, "hard link") != NULL);
    finish(&ap);

    /* A long name (pax) is fine; an over-long component is refused. */
    strbuf_reset(&l);
    begin(&ap, &lim, &err);
    {
        char name[400];
        size_t i;
        for (i = 0; i < 360; i++)
            name[i] = (i % 50 == 49) ? '/' : 'n';
        name[360] = '\0';
        file(&l, name, "long");
        end(&l);
        CHECK_INT(apply(&ap, &l, &err), 0);
        have(name, "long");
    }
    strbuf_reset(&l);
    {
        char name[300];
        memset(name, 'c', 299);
        name[299] = '\0';
        file(&l, name, "x");
        end(&l);
        CHECK_INT(apply(&ap, &l, &err), -1);
        CHECK(strstr(err.msg, "too long") != NULL);
    }
    finish(&ap);
    strbuf_release(&l);
}

static void test_limits(void)
{
    struct strbuf l = STRBUF_INIT;
    struct apply_limits lim;
    struct applier ap;
    struct gd_err err;
    char big[5000];

    if (skip_no_archive())
        return;
    memset(big, 'z', sizeof(big) - 1);
    big[sizeof(big) - 1] = '\0';
    /* entries */
    apply_limits_default(&lim);
    lim.max_entries = 3;
    begin(&ap, &lim, &err);
    file(&l, "a", "1");
    file(&l, "b", "2");
    file(&l, "c", "3");
    file(&l, "d", "4");
    end(&l);
    CHECK_INT(apply(&ap, &l, &err), -1);
    CHECK_INT(err.code, GD_ERR_LIMIT);
    finish(&ap);
    /* bytes over all files, and one file's size */
    strbuf_reset(&l);
    apply_limits_default(&lim);
    lim.max_bytes = 8000;
    begin(&ap, &lim, &err);
    file(&l, "x", big);
    file(&l, "y", big);
    end(&l);
    CHECK_INT(apply(&ap, &l, &err), -1);
    CHECK_INT(err.code, GD_ERR_LIMIT);
    finish(&ap);
    strbuf_reset(&l);
    apply_limits_default(&lim);
    lim.max_file = 1000;
    begin(&ap, &lim, &err);
    file(&l, "x", big);
    end(&l);
    CHECK_INT(apply(&ap, &l, &err), -1);
    CHECK(strstr(err.msg, "larger than the limit") != NULL);
    finish(&ap);
    /* garbage is not a tar */
    {
        struct tarread *tr = tarread_open_mem("not a tar at all, not even close", 32, NULL, &err);
        struct tar_entry e;
        CHECK(!tr || tarread_next(tr, &e, &err) < 0);
        tarread_close(tr);
    }
    strbuf_release(&l);
}

static void test_config(void)
{
    static const char cfg[] =
        "{\"architecture\":\"amd64\",\"os\":\"linux\",\"config\":{\"Env\":[\"PATH=/usr/bin\","
        "\"NVIDIA_REQUIRE_CUDA=cuda\\u003e=12.8\",\"PATH=/opt/conda/bin:/usr/bin\"],"
        "\"Entrypoint\":[\"/bin/sh\",\"-c\"],\"Cmd\":[\"python3 train.py\"],\"WorkingDir\":\"/app\","
        "\"Labels\":{\"z\":\"1\",\"a\":\"2\"}},\"rootfs\":{\"type\":\"layers\",\"diff_ids\":[\"sha256:aa\"]}}";
    struct arena a;
    struct image_config c;
    struct gd_err err;
    arena_init(&a);
    err_init(&err);
    CHECK_INT(image_config_parse(cfg, strlen(cfg), &a, &c, &err), 0);
    CHECK_STR(c.architecture, "amd64");
    CHECK_STR(image_config_env(&c, "NVIDIA_REQUIRE_CUDA"), "cuda>=12.8");
    CHECK_STR(image_config_env(&c, "PATH"), "/opt/conda/bin:/usr/bin");
    CHECK_INT(c.n_entrypoint, 2);
    CHECK_STR(c.cmd[0], "python3 train.py");
    CHECK_STR(c.labels[0].key, "a");
    CHECK_INT(c.n_diff_ids, 1);
    CHECK_INT(image_config_parse("{\"config\":{\"Env\":\"PATH=x\"}}", 27, &a, &c, &err), -1);
    CHECK_INT(image_config_parse("[1,2]", 5, &a, &c, &err), -1);
    arena_release(&a);
}

static enum dsl_result ev(const char *e, const char *cuda, const char *drv, const char *arch, const char *brand,
                          char *buf)
{
    struct dsl_facts f = { cuda, drv, arch, brand, 0 };
    return ctk_dsl_eval(e, &f, buf, 128);
}

static void test_dsl(void)
{
    /* nvidia/cuda 12.4's value: the cuda term, then per-brand driver branches. */
    static const char req[] = "cuda>=12.4 brand=tesla,driver>=470,driver<471 brand=unknown,driver>=470,driver<471 "
                              "brand=nvidia,driver>=535,driver<536";
    char t[128], msg[300];
    CHECK_INT(ev("cuda>=12.4", "12.4", "550.54.15", "8.9", NULL, t), DSL_TRUE);
    CHECK_INT(ev("cuda>=12.4", "12.2", "535.104.05", "8.9", NULL, t), DSL_FALSE);
    CHECK_STR(t, "cuda>=12.4");
    /* driver 545: no branch group matches whatever the brand: refused */
    CHECK_INT(ev(req, "12.3", "545.23.08", "8.0", NULL, t), DSL_FALSE);
    /* driver 535: the brand=nvidia branch would pass, the brand is unknown */
    CHECK_INT(ev(req, "12.2", "535.104.05", "8.0", NULL, t), DSL_UNKNOWN);
    CHECK_STR(t, "brand=tesla");
    CHECK_INT(ev(req, "12.2", "535.104.05", "8.0", "Nvidia", t), DSL_TRUE);
    CHECK_INT(ev(req, "12.2", "535.104.05", "8.0", "GeForce", t), DSL_FALSE);
    /* versions: trailing zeros, case of the key, arch, invalid forms */
    CHECK_INT(ev("CUDA>=12.4.0", "12.4", NULL, NULL, NULL, t), DSL_TRUE);
    CHECK_INT(ev("arch>=7.0", "12.4", NULL, "6.1", NULL, t), DSL_FALSE);
    CHECK_INT(ev("driver<=535.104.05", "12.2", "535.104.05", NULL, NULL, t), DSL_TRUE);
    CHECK_INT(ev("cuda==12.4", "12.4", NULL, NULL, NULL, t), DSL_INVALID);
    CHECK_INT(ev("cuda>=12.x", "12.4", NULL, NULL, NULL, t), DSL_INVALID);
    CHECK_INT(ev("foo>=1", "12.4", NULL, NULL, NULL, t), DSL_INVALID);
    CHECK_INT(ev("brand>=tesla", "12.4", NULL, NULL, "Tesla", t), DSL_INVALID);
    CHECK_INT(ev("", "12.4", NULL, NULL, NULL, t), DSL_TRUE);
    CHECK_INT(ev("cuda>=12.4", NULL, NULL, NULL, NULL, t), DSL_UNKNOWN);
    {
        struct dsl_facts f = { "12.2", "535.1", NULL, NULL, 1 };
        CHECK_INT(ctk_dsl_eval("arch>=9.0,brand=tesla", &f, t, sizeof(t)), DSL_TRUE);
    }
    ctk_dsl_message(req, msg, sizeof(msg));
    CHECK_STR(msg, "unsatisfied condition: cuda>=12.4, please update your driver to a newer version, or use an "
                   "earlier cuda container");
    ctk_dsl_message("brand=tesla,driver>=470 cuda>=11", msg, sizeof(msg));
    CHECK_STR(msg, "unsatisfied condition: brand=tesla,driver>=470");
}

static void test_forward_compat(void)
{
    CHECK_INT(ctk_gpu_forward_compat("NVIDIA A100-SXM4-80GB"), 1);
    CHECK_INT(ctk_gpu_forward_compat("GA100 [A100 SXM4 40GB]"), 1);
    CHECK_INT(ctk_gpu_forward_compat("Tesla T4"), 1);
    CHECK_INT(ctk_gpu_forward_compat("NVIDIA H100 80GB HBM3"), 1);
    CHECK_INT(ctk_gpu_forward_compat("NVIDIA L4"), 1);
    CHECK_INT(ctk_gpu_forward_compat("NVIDIA GeForce RTX 4090"), 0);
    CHECK_INT(ctk_gpu_forward_compat("NVIDIA TITAN RTX"), 0);
    CHECK_INT(ctk_gpu_forward_compat("NVIDIA RTX A1000"), -1);
    CHECK_INT(ctk_gpu_forward_compat(NULL), -1);
}

struct kvs {
    struct strbuf sb;
};

static void collect_kv(const struct toml_kv *kv, void *arg)
{
    struct kvs *k = arg;
    size_t i;
    for (i = 0; i < kv->n_parts; i++)
        strbuf_addf(&k->sb, "%s%s", i ? "|" : "", kv->parts[i]);
    strbuf_addf(&k->sb, "=%s%s\n", kv->kind == TOML_STRING ? "s:" : kv->kind == TOML_BOOL ? "b:" : "", kv->value);
}

static void test_toml(void)
{
    /* The shape nvidia-ctk config and containerd's config dump write. */
    static const char doc[] =
        "#accept-nvidia-visible-devices-as-volume-mounts = false\n"
        "disable-require = false\n"
        "supported-driver-capabilities = \"compat32,compute,display,graphics,ngx,utility,video\"\n"
        "\n[nvidia-container-cli]\nenvironment = []\nldconfig = \"@/sbin/ldconfig.real\" # host's\n"
        "[nvidia-container-runtime]\nmode = \"auto\"\nruntimes = [\n  \"docker-runc\",\n  \"runc\",\n]\n"
        "[nvidia-container-runtime.modes.legacy]\ncuda-compat-mode = \"ldconfig\"\n"
        "[plugins.\"io.containerd.grpc.v1.cri\".containerd.runtimes.nvidia.options]\n"
        "  BinaryName = \"/usr/bin/nvidia-container-runtime\"\n"
        "  SystemdCgroup = true\n"
        "x = { a = 1,\n b = 2 }\n"
        "s = 'lit\\eral'\nq = \"a\\\"b\"\nd.e = 3\nbroken line\n";
    struct kvs k;
    strbuf_init(&k.sb);
    CHECK_INT(toml_scan(doc, strlen(doc), collect_kv, &k), 1);
    CHECK_STR(k.sb.buf, "disable-require=b:false\n"
                        "supported-driver-capabilities=s:compat32,compute,display,graphics,ngx,utility,video\n"
                        "nvidia-container-cli|ldconfig=s:@/sbin/ldconfig.real\n"
                        "nvidia-container-runtime|mode=s:auto\n"
                        "nvidia-container-runtime|modes|legacy|cuda-compat-mode=s:ldconfig\n"
                        "plugins|io.containerd.grpc.v1.cri|containerd|runtimes|nvidia|options|BinaryName="
                        "s:/usr/bin/nvidia-container-runtime\n"
                        "plugins|io.containerd.grpc.v1.cri|containerd|runtimes|nvidia|options|SystemdCgroup=b:true\n"
                        "plugins|io.containerd.grpc.v1.cri|containerd|runtimes|nvidia|options|s=s:lit\\eral\n"
                        "plugins|io.containerd.grpc.v1.cri|containerd|runtimes|nvidia|options|q=s:a\"b\n"
                        "plugins|io.containerd.grpc.v1.cri|containerd|runtimes|nvidia|options|d|e=3\n");
    strbuf_release(&k.sb);
}

static void test_cdi(void)
{
    /* As `nvidia-ctk cdi generate` writes it (abridged). */
    static const char yaml[] =
        "---\ncdiVersion: 0.5.0\ncontainerEdits:\n  deviceNodes:\n  - path: /dev/nvidiactl\n  mounts:\n"
        "  - containerPath: /usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15\n"
        "    hostPath: /usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15\n    options: [ro, nosuid, nodev, bind]\n"
        "devices:\n- containerEdits:\n    deviceNodes:\n    - path: /dev/nvidia0\n  name: \"0\"\n"
        "- containerEdits: {deviceNodes: [{path: /dev/nvidia0}]}\n  name: all\nkind: nvidia.com/gpu\n";
    static const char json[] = "{\"cdiVersion\":\"0.6.0\",\"kind\":\"nvidia.com/gpu\",\"devices\":[{\"name\":\"GPU-1\","
                               "\"containerEdits\":{}}],\"containerEdits\":{}}";
    struct arena a;
    struct cdi_doc d;
    struct gd_err err;
    arena_init(&a);
    err_init(&err);
    if (cdi_parse(yaml, strlen(yaml), &a, &d, &err) < 0 && err.code == GD_ERR_UNSUPPORTED) {
        printf("  (this build has no libyaml: skipped)\n");
        arena_release(&a);
        return;
    }
    CHECK_STR(d.kind, "nvidia.com/gpu");
    CHECK_STR(d.version, "0.5.0");
    CHECK_INT(d.n_devices, 2);
    CHECK_STR(d.devices[0], "0");
    CHECK_STR(d.devices[1], "all");
    CHECK_INT(d.n_mounts, 1);
    CHECK_STR(d.mounts[0].container, "/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15");
    CHECK_INT(cdi_parse(json, strlen(json), &a, &d, &err), 0);
    CHECK_STR(d.devices[0], "GPU-1");
    CHECK_INT(cdi_parse("kind: [unclosed", 15, &a, &d, &err), -1);
    CHECK_INT(cdi_parse("- a\n- b\n", 8, &a, &d, &err), -1);
    {
        struct strbuf deep = STRBUF_INIT;
        int i;
        for (i = 0; i < 200; i++)
            strbuf_addch(&deep, '[');
        CHECK_INT(cdi_parse(deep.buf, deep.len, &a, &d, &err), -1);
        strbuf_release(&deep);
    }
    arena_release(&a);
}

/* moby's reference store keys (refstore: FamiliarName / FamiliarString) and
 * chain IDs; the figures are those Debian 12's dockerd wrote (tests/cli/8605). */
static void test_dstore(void)
{
    struct strbuf repo = STRBUF_INIT, key = STRBUF_INIT, name = STRBUF_INIT, dg = STRBUF_INIT;
    struct gd_err err;
    char id[65], d[72];
    static const char *const keys[][3] = {
        { "ubuntu", "ubuntu", "ubuntu:latest" },
        { "docker.io/library/ubuntu:22.04", "ubuntu", "ubuntu:22.04" },
        { "docker.io/nvidia/cuda:12.4.1-base", "nvidia/cuda", "nvidia/cuda:12.4.1-base" },
        { "index.docker.io/library/python", "python", "python:latest" },
        { "localhost/t3:1", "localhost/t3", "localhost/t3:1" },
        { "registry:5000/a/b", "registry:5000/a/b", "registry:5000/a/b:latest" },
        { "nvcr.io/nvidia/pytorch:24.01-py3", "nvcr.io/nvidia/pytorch", "nvcr.io/nvidia/pytorch:24.01-py3" },
    };
    const char *repos = "{\"Repositories\":{\"localhost/t3\":{\"localhost/t3:1\":"
                        "\"sha256:6e533313a6bc04ac6feeb443de3b4c6c9a98eef6c7b7d1a3deb5f21dc6319f2a\","
                        "\"localhost/t3@sha256:1111111111111111111111111111111111111111111111111111111111111111\":"
                        "\"sha256:6e533313a6bc04ac6feeb443de3b4c6c9a98eef6c7b7d1a3deb5f21dc6319f2a\"},"
                        "\"bad\":{\"bad:latest\":\"sha256:xyz\"}}}";
    size_t i;

    for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        CHECK_INT(dstore_ref_key(keys[i][0], &repo, &key), 1);
        CHECK_STR(repo.buf, keys[i][1]);
        CHECK_STR(key.buf, keys[i][2]);
    }
    CHECK_INT(dstore_ref_key("a@sha256:1234", &repo, &key), 0);
    CHECK_INT(dstore_ref_key("", &repo, &key), 0);
    CHECK_INT(dstore_ref_key("a b", &repo, &key), 0);
    CHECK_INT(dstore_ref_key("x:", &repo, &key), 0);
    CHECK_INT(dstore_ref_key("../etc", &repo, &key), 1);   /* a key, never a path: looked up only */

    err_init(&err);
    CHECK_INT(dstore_repos_find(repos, strlen(repos), "localhost/t3", "localhost/t3:1", id, &err), 1);
    CHECK_STR(id, "6e533313a6bc04ac6feeb443de3b4c6c9a98eef6c7b7d1a3deb5f21dc6319f2a");
    CHECK_INT(dstore_repos_find(repos, strlen(repos), "localhost/t3", "localhost/t3:2", id, &err), 0);
    CHECK_INT(dstore_repos_find(repos, strlen(repos), "bad", "bad:latest", id, &err), -1);
    CHECK_INT(dstore_repos_find("[]", 2, "a", "a:latest", id, &err), -1);
    CHECK_INT(dstore_repos_find("{\"Repositories\"", 15, "a", "a:latest", id, &err), -1);
    CHECK_INT(dstore_repos_names(repos, strlen(repos), id, &name, &dg, &err), 0);
    CHECK_STR(name.buf, "localhost/t3:1");
    CHECK_STR(dg.buf, "sha256:1111111111111111111111111111111111111111111111111111111111111111");

    CHECK_INT(dstore_parse_digest(" sha256:b5e441de0c0f7f3cf0d5f519f8fb1a6d002528bb42649898121dc8c235f7811f\n", 73, d), 1);
    CHECK_INT(dstore_parse_digest("sha256:B5E4", 11, d), 0);
    CHECK_INT(dstore_parse_digest("sha512:b5e441de0c0f7f3cf0d5f519f8fb1a6d002528bb42649898121dc8c235f7811f", 71, d), 0);
    dstore_chain_id("sha256:b5e441de0c0f7f3cf0d5f519f8fb1a6d002528bb42649898121dc8c235f7811f",
                    "sha256:522ee43fa0b5fc8505189c0bc7d508dff310a69250688f723e6777284c30813d", d);
    CHECK_STR(d, "sha256:be68147cf475c33c13fc12525c529c703afa9b9bdb48083858a74b228a9cd6e0");
    strbuf_release(&repo);
    strbuf_release(&key);
    strbuf_release(&name);
    strbuf_release(&dg);
}

int main(void)
{
    RUN(test_sha256);
    RUN(test_path_clean);
    RUN(test_whiteouts);
    RUN(test_whiteout_then_entry);
    RUN(test_hostile);
    RUN(test_limits);
    RUN(test_config);
    RUN(test_dsl);
    RUN(test_forward_compat);
    RUN(test_toml);
    RUN(test_cdi);
    RUN(test_dstore);
    return harness_done();
}
