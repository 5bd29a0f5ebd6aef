/* test_modules.c - module files (Lua and Tcl) and the module observer. */
#include <stdlib.h>
#include <string.h>

#include "facts/facts.h"
#include "facts/module_facts.h"
#include "harness.h"
#include "scan/modules.h"
#include "scan/scan.h"
#include "util/env.h"
#include "util/fs.h"
#include "util/json_writer.h"

static int parse(const char *text, const char *name, struct modulefile_info *mi)
{
    return modulefile_parse(text, strlen(text), name, mi);
}

static void test_lua(void)
{
    struct modulefile_info mi;
    CHECK_INT(parse("-- comment\nlocal root = \"/opt/cuda-11.8.0\"\nsetenv(\"CUDA_HOME\", \"/opt/cuda-11.8.0\")\n"
                    "prepend_path(\"LD_LIBRARY_PATH\", \"/opt/cuda-11.8.0/lib64\")\n", "11.8.lua", &mi), 1);
    CHECK_INT(mi.syntax, MODULEFILE_LUA);
    CHECK_STR(mi.prefix, "/opt/cuda-11.8.0");
    CHECK_STR(mi.libdir, "/opt/cuda-11.8.0/lib64");
    CHECK_STR(mi.version, "11.8.0");                         /* from the prefix */
    /* Computed values are left out, not guessed; local version is read. */
    CHECK_INT(parse("local version = \"12.2.2\"\nlocal base = \"/x/cuda-\" .. version\nsetenv(\"CUDA_ROOT\", base)\n"
                    "prepend_path(\"LD_LIBRARY_PATH\", pathJoin(base, \"lib64\"))\n", NULL, &mi), 1);
    CHECK_INT(mi.syntax, MODULEFILE_LUA);
    CHECK_STR(mi.version, "12.2.2");
    CHECK_STR(mi.prefix, "");
    CHECK_STR(mi.libdir, "");
    CHECK_INT(parse("setenv('CUDNN_ROOT', '/opt/cudnn-8.9.7')  -- trailing\n", "x.lua", &mi), 1);
    CHECK_STR(mi.prefix, "/opt/cudnn-8.9.7");
    CHECK_STR(mi.version, "8.9.7");
    CHECK_INT(parse("setenv(\"CUDA_HOME\", \"/a\\\"b\")\n", "x.lua", &mi), 1);   /* escapes: left out */
    CHECK_STR(mi.prefix, "");
}

static void test_tcl(void)
{
    struct modulefile_info mi;
    CHECK_INT(parse("#%Module1.0\nset root /usr/local/cuda-11.2\nsetenv CUDA_HOME $root\n"
                    "prepend-path LD_LIBRARY_PATH /usr/local/cuda-11.2/lib64:/other\n", "11.2", &mi), 1);
    CHECK_INT(mi.syntax, MODULEFILE_TCL);
    CHECK_STR(mi.prefix, "/usr/local/cuda-11.2");           /* $root: computed; the root var is used */
    CHECK_STR(mi.libdir, "/usr/local/cuda-11.2/lib64");
    CHECK_STR(mi.version, "11.2");
    CHECK_INT(parse("#%Module\nset version 2.18.1\nsetenv NCCL_HOME {/opt/nccl/2.18.1}\n"
                    "prepend-path --delim=: LD_LIBRARY_PATH \"/opt/nccl/lib\"\n", NULL, &mi), 1);
    CHECK_STR(mi.version, "2.18.1");
    CHECK_STR(mi.prefix, "/opt/nccl/2.18.1");
    CHECK_STR(mi.libdir, "/opt/nccl/lib");
    /* Not a module file at all. */
    CHECK_INT(parse("hello world\n\x01\x02", NULL, &mi), 0);
    CHECK_INT(parse("", NULL, &mi), 0);
    CHECK_INT(parse("#%Module\n", NULL, &mi), 1);
}

static void test_observer(void)
{
    const char *t = getenv("GD_TESTS");
    struct strbuf root = STRBUF_INIT, js = STRBUF_INIT;
    struct fs fs;
    struct env env;
    struct facts f;
    struct scan_ctx ctx;
    struct module_facts m;
    struct gd_err err;
    struct jw jw;
    const struct module_file *mf;

    if (!t) {
        printf("  GD_TESTS not set\n");
        harness_failed_now = 1;
        return;
    }
    strbuf_addf(&root, "%s/fixtures/modules", t);
    CHECK_INT(fs_init(&fs, root.buf, &err), 0);
    env_init(&env);
    env_set(&env, "MODULEPATH", "/lmod:/nonexistent:/tcl");
    facts_init(&f);
    memset(&ctx, 0, sizeof(ctx));
    ctx.fs = &fs;
    ctx.env = &env;
    ctx.facts = &f;
    scan_modules_into(&ctx, &m);
    CHECK_STR(m.modulepath, "/lmod:/tcl");
    CHECK_STR(m.modulepath_source, "env:MODULEPATH");
    CHECK_INT(m.n_files, 6);
    if (m.n_files == 6) {
        CHECK_STR(m.files[0].name, "cuda/11.8");
        CHECK_STR(m.files[0].version, "11.8");
        CHECK_STR(m.files[0].version_source, "file name");
        CHECK_STR(m.files[0].syntax, "lua");
        CHECK_STR(m.files[0].prefix, "/opt/nvidia/cuda-11.8.0");
        CHECK_STR(m.files[1].name, "cuda/12.2");
        CHECK_STR(m.files[2].package, "cudnn");
        CHECK_STR(m.files[2].name, "cudnn/8.9.7-cuda11");
        CHECK_STR(m.files[3].name, "CUDA-Toolkit/default-build");
        CHECK_STR(m.files[3].version, "12.4.1");
        CHECK_STR(m.files[3].version_source, "contents");
        CHECK_STR(m.files[4].name, "cuda/11.2");
        CHECK_STR(m.files[4].syntax, "tcl");
        CHECK_STR(m.files[5].package, "nccl");
    }
    mf = module_facts_find(&m, "cuda", "11");
    CHECK(mf && !strcmp(mf->name, "cuda/11.8"));            /* the highest 11.x */
    mf = module_facts_find(&m, "cuda", "12.4");
    CHECK(mf && !strcmp(mf->name, "CUDA-Toolkit/default-build"));
    CHECK(module_facts_find(&m, "cuda", "1") == NULL);       /* 1 is not 11 */
    CHECK(module_facts_find(&m, "cudnn", "9") == NULL);
    jw_init(&jw, &js, 0);
    facts_json_modules(&jw, &m);
    CHECK(strstr(js.buf, "\"name\":\"cuda/11.2\"") != NULL);

    /* No MODULEPATH and none of the usual directories: nothing, no error. */
    module_facts_release(&m);
    env_unset(&env, "MODULEPATH");
    scan_modules_into(&ctx, &m);
    CHECK(m.modulepath == NULL);
    CHECK_INT(m.n_files, 0);
    module_facts_release(&m);
    facts_release(&f);
    env_release(&env);
    fs_release(&fs);
    strbuf_release(&root);
    strbuf_release(&js);
}

int main(void)
{
    RUN(test_lua);
    RUN(test_tcl);
    RUN(test_observer);
    return harness_done();
}
