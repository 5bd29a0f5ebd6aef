/* test_resolve_win.c - the Windows LoadLibrary rule set (RESOLVE_WINDOWS) over
 * a temporary C: drive holding minimal PE headers (the resolver reads only
 * headers).  The differential tests against Wine's real loader are
 * tests/cli/6NNN-windows-loadlib-*. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "loader/pe.h"
#include "loader/resolve.h"

static char root[256];

static void mkdirs(const char *p)
{
    char cmd[700];
    snprintf(cmd, sizeof(cmd), "mkdir -p \"$(dirname '%s')\"", p);
    if (system(cmd) != 0)
        exit(1);
}

/* A PE32+ image header for machine (0 = a text file, not PE). */
static void mkpe(const char *rel, unsigned machine)
{
    char p[512];
    unsigned char h[0x40 + 24 + 240];
    FILE *f;
    snprintf(p, sizeof(p), "%s%s", root, rel);
    mkdirs(p);
    f = fopen(p, "wb");
    if (!f)
        exit(1);
    if (!machine) {
        fputs("not a PE file\n", f);
        fclose(f);
        return;
    }
    memset(h, 0, sizeof(h));
    h[0] = 'M';
    h[1] = 'Z';
    h[0x3c] = 0x40;
    memcpy(h + 0x40, "PE\0\0", 4);
    h[0x44] = (unsigned char)(machine & 0xff);
    h[0x45] = (unsigned char)(machine >> 8);
    h[0x40 + 20] = 240;                 /* SizeOfOptionalHeader */
    h[0x40 + 23] = 0x20;                /* IMAGE_FILE_DLL */
    h[0x40 + 24] = 0x0b;                /* PE32+ */
    h[0x40 + 25] = 0x02;
    h[0x40 + 24 + 108] = 16;            /* NumberOfRvaAndSizes */
    fwrite(h, 1, sizeof(h), f);
    fclose(f);
}

struct fixture {
    struct fs fs;
    struct resolver r;
    struct resolve_config cfg;
    struct resolve_result res;
    struct resolve_request req;
};

static void setup(struct fixture *fx)
{
    struct gd_err err;
    memset(fx, 0, sizeof(*fx));
    fs_init(&fx->fs, root, &err);
    resolve_config_default(&fx->cfg);
    fx->cfg.flavour = RESOLVE_WINDOWS;
    fx->cfg.cwd = "/cwd";
    resolver_init(&fx->r, &fx->fs, &fx->cfg);
    fx->req.win_app_dir = "C:\\App";
}

static int run(struct fixture *fx, const char *name)
{
    struct gd_err err;
    /* A fresh fs and resolver: the tests add files between runs, and
     * util/fs remembers the directories it has resolved. */
    resolve_result_release(&fx->res);
    resolver_release(&fx->r);
    fs_release(&fx->fs);
    fs_init(&fx->fs, root, &err);
    resolver_init(&fx->r, &fx->fs, &fx->cfg);
    fx->req.name = name;
    return resolve_library(&fx->r, &fx->req, &fx->res, NULL);
}

static void teardown(struct fixture *fx)
{
    resolve_result_release(&fx->res);
    resolver_release(&fx->r);
    fs_release(&fx->fs);
}

static void test_paths(void)
{
    struct arena a;
    arena_init(&a);
    CHECK_STR(resolve_win_vpath(&a, "C:\\Program Files\\x", NULL), "/Program Files/x");
    CHECK_STR(resolve_win_vpath(&a, "c:/a/../b/", NULL), "/b");
    CHECK_STR(resolve_win_vpath(&a, "\\\\?\\C:\\a", NULL), "/a");
    CHECK_STR(resolve_win_vpath(&a, "d3\\x.dll", "/cwd"), "/cwd/d3/x.dll");
    CHECK(resolve_win_vpath(&a, "D:\\a", NULL) == NULL);
    CHECK(resolve_win_vpath(&a, "\\\\server\\share\\a", NULL) == NULL);
    CHECK_STR(resolve_win_display(&a, "/Windows/System32"), "C:\\Windows\\System32");
    arena_release(&a);
}

static void test_standard_order(void)
{
    struct fixture fx;
    setup(&fx);
    fx.req.win_path = "C:\\p32;C:\\P2";
    mkpe("/p32/cudart64_110.dll", PE_MACHINE_I386);
    mkpe("/p2/cudart64_110.dll", PE_MACHINE_AMD64);
    CHECK_INT(run(&fx, "CUDART64_110"), 1);
    CHECK_STR(fx.res.path, "/p2/cudart64_110.dll");
    CHECK_INT(fx.res.step, RSTEP_WIN_PATH);
    CHECK_INT(fx.res.attempts[fx.res.n_attempts - 2].outcome, ROUT_WRONG_MACHINE);
    /* The CWD before PATH, System32 before the CWD. */
    mkpe("/cwd/cudart64_110.dll", PE_MACHINE_AMD64);
    CHECK_INT(run(&fx, "cudart64_110.dll"), 1);
    CHECK_INT(fx.res.step, RSTEP_WIN_CWD);
    mkpe("/windows/system32/cudart64_110.dll", PE_MACHINE_AMD64);
    CHECK_INT(run(&fx, "cudart64_110.dll"), 1);
    CHECK_STR(fx.res.path, "/windows/system32/cudart64_110.dll");
    /* SetDllDirectory: after the app dir, before System32. */
    fx.req.win_set_dll_dir = "C:\\p2";
    CHECK_INT(run(&fx, "cudart64_110.dll"), 1);
    CHECK_INT(fx.res.step, RSTEP_WIN_SET_DLL_DIRECTORY);
    fx.req.win_set_dll_dir = NULL;
    mkpe("/App/cudart64_110.dll", PE_MACHINE_AMD64);
    CHECK_INT(run(&fx, "cudart64_110.dll"), 1);
    CHECK_INT(fx.res.step, RSTEP_WIN_APP_DIR);
    teardown(&fx);
}

static void test_errors(void)
{
    struct fixture fx;
    setup(&fx);
    fx.req.win_path = "C:\\e32;C:\\etxt;C:\\e2";
    mkpe("/e32/nvx.dll", PE_MACHINE_I386);
    CHECK_INT(run(&fx, "nvx.dll"), 0);
    CHECK_INT(fx.res.win_error, 193);
    mkpe("/etxt/nvx.dll", 0);
    mkpe("/e2/nvx.dll", PE_MACHINE_AMD64);
    CHECK_INT(run(&fx, "nvx.dll"), 0);
    CHECK_INT(fx.res.win_error, 193);
    CHECK_INT(fx.res.attempts[fx.res.n_attempts - 1].outcome, ROUT_INVALID);
    CHECK_INT(run(&fx, "nothere.dll"), 0);
    CHECK_INT(fx.res.win_error, 126);
    fx.req.win_flags = RESOLVE_WIN_SEARCH_DLL_LOAD_DIR;
    CHECK_INT(run(&fx, "nvx.dll"), 0);
    CHECK_INT(fx.res.win_error, 87);
    teardown(&fx);
}

static void test_search_flags(void)
{
    struct fixture fx;
    const char *dirs[] = { "C:\\u4", "C:\\u5" };
    struct resolve_object pyd = { "C:\\pyd\\ext.pyd", NULL };
    setup(&fx);
    fx.req.win_path = "C:\\f2";
    mkpe("/f2/fx.dll", PE_MACHINE_AMD64);
    mkpe("/u4/fx.dll", PE_MACHINE_AMD64);
    mkpe("/u5/fx.dll", PE_MACHINE_AMD64);
    fx.req.win_default_dirs = RESOLVE_WIN_SEARCH_DEFAULT_DIRS;
    CHECK_INT(run(&fx, "fx.dll"), 0);         /* PATH is not searched */
    fx.req.win_dll_dirs = dirs;
    fx.req.n_win_dll_dirs = 2;
    CHECK_INT(run(&fx, "fx.dll"), 1);
    CHECK_STR(fx.res.path, "/u5/fx.dll");     /* newest first */
    /* A Python extension's import: its own folder first. */
    fx.req.win_default_dirs = 0;
    fx.req.win_flags = RESOLVE_WIN_SEARCH_DEFAULT_DIRS | RESOLVE_WIN_SEARCH_DLL_LOAD_DIR;
    fx.req.chain = &pyd;
    fx.req.n_chain = 1;
    mkpe("/pyd/fx.dll", PE_MACHINE_AMD64);
    CHECK_INT(run(&fx, "fx.dll"), 1);
    CHECK_INT(fx.res.step, RSTEP_WIN_DLL_LOAD_DIR);
    /* Already loaded: the base name, any folder. */
    {
        const char *loaded[] = { "C:\\f2\\FX.DLL" };
        fx.req.loaded = loaded;
        fx.req.n_loaded = 1;
        CHECK_INT(run(&fx, "fx"), 1);
        CHECK_INT(fx.res.step, RSTEP_WIN_LOADED);
        CHECK_STR(fx.res.path, "/f2/FX.DLL");
        fx.req.loaded = NULL;
        fx.req.n_loaded = 0;
    }
    teardown(&fx);
}

int main(void)
{
    char cmd[600];
    snprintf(root, sizeof(root), "/tmp/gd-resolve-win-%ld", (long)getpid());
    snprintf(cmd, sizeof(cmd), "rm -rf '%s' && mkdir -p '%s'", root, root);
    if (system(cmd) != 0)
        return 1;
    RUN(test_paths);
    RUN(test_standard_order);
    RUN(test_errors);
    RUN(test_search_flags);
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
    if (system(cmd) != 0)
        return 1;
    return harness_done();
}
