/* test_resolve.c - the glibc and musl search orders over a temporary root
 * holding minimal shared objects (a header, a PT_LOAD and a PT_DYNAMIC: what glibc checks before it maps).  The
 * differential tests against the real dlopen are tests/cli/1xxx-loader-*. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "loader/resolve.h"

static char root[256];

/* A shared object as glibc's loader accepts it (elf/dl-load.c): the header,
 * a PT_LOAD over the whole file and a PT_DYNAMIC holding one DT_NULL. */
static void put(unsigned char *b, size_t off, uint64_t v, int n)
{
    int i;
    for (i = 0; i < n; i++)
        b[off + (size_t)i] = (unsigned char)(v >> (8 * i));
}

static void mkelf(const char *rel, int cls, int machine)
{
    char p[512], cmd[700];
    unsigned char h[256];
    size_t ent = cls == 2 ? 56 : 32, dyn = 64 + 2 * ent, size = dyn + 16;
    FILE *f;
    snprintf(p, sizeof(p), "%s%s", root, rel);
    snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", p);
    if (system(cmd) != 0)
        return;
    memset(h, 0, sizeof(h));
    memcpy(h, "\177ELF", 4);
    h[4] = (unsigned char)cls;
    h[5] = 1;
    h[6] = 1;
    h[16] = 3;                       /* ET_DYN */
    h[18] = (unsigned char)machine;
    h[20] = 1;
    if (cls == 2) {
        put(h, 32, 64, 8);           /* e_phoff */
        h[54] = 56;                  /* e_phentsize */
        h[56] = 2;                   /* e_phnum */
        put(h, 64, 1, 4);            /* PT_LOAD: offset 0, vaddr 0 */
        put(h, 64 + 32, size, 8);    /* p_filesz */
        put(h, 64 + 40, size, 8);    /* p_memsz */
        put(h, 64 + 56, 2, 4);       /* PT_DYNAMIC */
        put(h, 64 + 56 + 8, dyn, 8);
        put(h, 64 + 56 + 16, dyn, 8);
        put(h, 64 + 56 + 32, 16, 8);
        put(h, 64 + 56 + 40, 16, 8);
    } else {
        put(h, 28, 64, 4);
        h[42] = 32;
        h[44] = 2;
        put(h, 64, 1, 4);
        put(h, 64 + 16, size, 4);
        put(h, 64 + 20, size, 4);
        put(h, 64 + 32, 2, 4);
        put(h, 64 + 32 + 4, dyn, 4);
        put(h, 64 + 32 + 8, dyn, 4);
        put(h, 64 + 32 + 16, 8, 4);
        put(h, 64 + 32 + 20, 8, 4);
    }
    f = fopen(p, "wb");
    if (!f)
        return;
    fwrite(h, 1, size, f);
    fclose(f);
}

static void mktext(const char *rel, const char *text)
{
    char p[512], cmd[700];
    FILE *f;
    snprintf(p, sizeof(p), "%s%s", root, rel);
    snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", p);
    if (system(cmd) != 0)
        return;
    f = fopen(p, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

struct fixture {
    struct fs fs;
    struct resolver r;
    struct resolve_config cfg;
    struct resolve_result res;
};

static void setup(struct fixture *fx, int musl)
{
    struct gd_err err;
    memset(fx, 0, sizeof(*fx));
    fs_init(&fx->fs, root, &err);
    resolve_config_default(&fx->cfg);
    fx->cfg.hwcaps[0] = "x86-64-v3";
    fx->cfg.hwcaps[1] = "x86-64-v2";
    fx->cfg.n_hwcaps = 2;
    if (musl) {
        fx->cfg.flavour = RESOLVE_MUSL;
    }
    resolver_init(&fx->r, &fx->fs, &fx->cfg);
}

static void teardown(struct fixture *fx)
{
    resolve_result_release(&fx->res);
    resolver_release(&fx->r);
    fs_release(&fx->fs);
}

static int run(struct fixture *fx, const char *name, const struct resolve_object *chain, size_t n,
               const char *llp)
{
    struct resolve_request req;
    memset(&req, 0, sizeof(req));
    req.name = name;
    req.chain = chain;
    req.n_chain = n;
    req.ld_library_path = llp;
    resolve_result_release(&fx->res);
    return resolve_library(&fx->r, &req, &fx->res, NULL);
}

static void test_llp_skips_wrong_class_and_machine(void)
{
    struct fixture fx;
    mkelf("/a/liba.so.1", 1, 3);
    mkelf("/b/liba.so.1", 2, 183);
    mkelf("/c/liba.so.1", 2, 62);
    setup(&fx, 0);
    CHECK_INT(run(&fx, "liba.so.1", NULL, 0, "/a:/b;/c"), 1);
    CHECK_STR(fx.res.path, "/c/liba.so.1");
    CHECK_INT(fx.res.step, RSTEP_LD_LIBRARY_PATH);
    /* 3 dirs x (2 hwcaps + dir) */
    CHECK_INT(fx.res.n_attempts, 9);
    CHECK_STR(fx.res.attempts[0].path, "/a/glibc-hwcaps/x86-64-v3/liba.so.1");
    CHECK_INT(fx.res.attempts[2].outcome, ROUT_WRONG_CLASS);
    CHECK_INT(fx.res.attempts[5].outcome, ROUT_WRONG_MACHINE);
    teardown(&fx);
}

static void test_rpath_runpath(void)
{
    struct fixture fx;
    struct elf_info a, b;
    struct resolve_object chain[2];
    mkelf("/rp/libr.so", 2, 62);
    mkelf("/run/libr.so", 2, 62);
    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    b.rpath = "/rp";
    chain[0].path = "/x/liba.so";
    chain[0].elf = &a;
    chain[1].path = "/y/libb.so";
    chain[1].elf = &b;
    setup(&fx, 0);
    /* a has no RUNPATH: the loader's loader's RPATH applies. */
    CHECK_INT(run(&fx, "libr.so", chain, 2, NULL), 1);
    CHECK_STR(fx.res.path, "/rp/libr.so");
    CHECK_INT(fx.res.step, RSTEP_RPATH);
    CHECK_STR(fx.res.from, "/y/libb.so");
    /* a has RUNPATH: no RPATH at all, and RUNPATH after LD_LIBRARY_PATH. */
    a.runpath = "/run";
    CHECK_INT(run(&fx, "libr.so", chain, 2, "/rp"), 1);
    CHECK_STR(fx.res.path, "/rp/libr.so");
    CHECK_INT(fx.res.step, RSTEP_LD_LIBRARY_PATH);
    CHECK_INT(run(&fx, "libr.so", chain, 2, NULL), 1);
    CHECK_STR(fx.res.path, "/run/libr.so");
    CHECK_INT(fx.res.step, RSTEP_RUNPATH);
    /* RUNPATH is not inherited. */
    a.runpath = NULL;
    b.rpath = NULL;
    b.runpath = "/run";
    CHECK_INT(run(&fx, "libr.so", chain, 2, NULL), 0);
    teardown(&fx);
}

static void test_origin_and_hwcaps(void)
{
    struct fixture fx;
    struct elf_info a;
    struct resolve_object chain[1];
    mkelf("/app/lib/libo.so", 2, 62);
    mkelf("/app/bin/tool", 2, 62);   /* $ORIGIN/.. needs the directory to exist */
    mkelf("/app/lib/glibc-hwcaps/x86-64-v2/libo.so", 2, 62);
    memset(&a, 0, sizeof(a));
    a.runpath = "${ORIGIN}/../lib:$ORIGINX";
    chain[0].path = "/app/bin/tool";
    chain[0].elf = &a;
    setup(&fx, 0);
    CHECK_INT(run(&fx, "libo.so", chain, 1, NULL), 1);
    CHECK_STR(fx.res.path, "/app/bin/../lib/glibc-hwcaps/x86-64-v2/libo.so");
    teardown(&fx);
}

static void test_nodeflib_and_default(void)
{
    struct fixture fx;
    struct elf_info a;
    struct resolve_object chain[1];
    mkelf("/usr/lib/libd.so.3", 2, 62);
    memset(&a, 0, sizeof(a));
    chain[0].path = "/x/liba.so";
    chain[0].elf = &a;
    setup(&fx, 0);
    CHECK_INT(run(&fx, "libd.so.3", chain, 1, NULL), 1);
    CHECK_STR(fx.res.path, "/usr/lib/libd.so.3");
    CHECK_INT(fx.res.step, RSTEP_DEFAULT);
    a.flags_1 = ELF_DF_1_NODEFLIB;
    CHECK_INT(run(&fx, "libd.so.3", chain, 1, NULL), 0);
    CHECK(strstr(fx.res.error, "cannot open shared object file") != NULL);
    teardown(&fx);
}

static void test_invalid_is_fatal(void)
{
    struct fixture fx;
    mktext("/a/libbad.so", "/* GNU ld script */ INPUT(libbad.so.1) -- not ELF, and long enough to be read as a header\n");
    mkelf("/b/libbad.so", 2, 62);
    setup(&fx, 0);
    CHECK_INT(run(&fx, "libbad.so", NULL, 0, "/a:/b"), 0);
    CHECK(strstr(fx.res.error, "invalid ELF header") != NULL);
    CHECK_INT(run(&fx, "/b/libbad.so", NULL, 0, NULL), 1);
    CHECK_INT(fx.res.step, RSTEP_PATH);
    teardown(&fx);
}

static void test_loaded_and_only_wrong_class(void)
{
    struct fixture fx;
    struct resolve_request req;
    const char *loaded[] = { "libq.so.1" };
    mkelf("/q/libq32.so", 1, 3);
    setup(&fx, 0);
    memset(&req, 0, sizeof(req));
    req.name = "libq.so.1";
    req.loaded = loaded;
    req.n_loaded = 1;
    CHECK_INT(resolve_library(&fx.r, &req, &fx.res, NULL), 1);
    CHECK_INT(fx.res.step, RSTEP_LOADED);
    CHECK_INT(run(&fx, "libq32.so", NULL, 0, "/q"), 0);
    CHECK(strstr(fx.res.error, "wrong ELF class: ELFCLASS32") != NULL);
    teardown(&fx);
}

static void test_musl_order(void)
{
    struct fixture fx;
    struct elf_info a;
    struct resolve_object chain[1];
    mkelf("/m/rp/libm1.so", 2, 62);
    mkelf("/m/llp/libm1.so", 2, 62);
    mkelf("/m/sys/libm2.so", 2, 62);
    mktext("/etc/ld-musl-x86_64.path", "/m/sys\n");
    memset(&a, 0, sizeof(a));
    a.runpath = "/m/rp";
    chain[0].path = "/x/liba.so";
    chain[0].elf = &a;
    setup(&fx, 1);
    /* musl: LD_LIBRARY_PATH before RUNPATH */
    CHECK_INT(run(&fx, "libm1.so", chain, 1, "/m/llp"), 1);
    CHECK_STR(fx.res.path, "/m/llp/libm1.so");
    CHECK_INT(run(&fx, "libm1.so", chain, 1, NULL), 1);
    CHECK_STR(fx.res.path, "/m/rp/libm1.so");
    CHECK_INT(run(&fx, "libm2.so", chain, 1, NULL), 1);
    CHECK_INT(fx.res.step, RSTEP_MUSL_PATH);
    teardown(&fx);
}

int main(void)
{
    char cmd[600];
    snprintf(root, sizeof(root), "/tmp/gd-resolve-%ld", (long)getpid());
    snprintf(cmd, sizeof(cmd), "rm -rf '%s' && mkdir -p '%s'", root, root);
    if (system(cmd) != 0)
        return 1;
    RUN(test_llp_skips_wrong_class_and_machine);
    RUN(test_rpath_runpath);
    RUN(test_origin_and_hwcaps);
    RUN(test_nodeflib_and_default);
    RUN(test_invalid_is_fatal);
    RUN(test_loaded_and_only_wrong_class);
    RUN(test_musl_order);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
    if (system(cmd) != 0)
        return 1;
    return harness_done();
}
