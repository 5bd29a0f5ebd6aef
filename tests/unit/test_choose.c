/*
 * test_choose.c - the one release chooser (diagnose/choose.h) and its two
 * adapters: plan_make and the fix engine's fix_choose must name the same
 * build for the same constraints, on a grid of machines for every framework
 * and on every machine of tests/rules; and what plan's semantics fixed
 * (issue 27, 30).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose/choose.h"
#include "diagnose/fixes.h"
#include "diagnose/fw.h"
#include "diagnose/plan.h"
#include "facts/facts_read.h"
#include "kb/kb.h"
#include "harness.h"

static struct kb *kb;

static int plan(struct plan *p, const char *fw, const char *version, const char *cuda, const char *driver,
                const char *gpu, const char *os, const char *python)
{
    struct plan_constraints c = { fw, version, cuda, driver, gpu, os, python, NULL, 0 };
    struct gd_err err;
    err_init(&err);
    plan_init(p);
    return plan_make(kb, &c, p, &err);
}

/* Do plan (constraints c) and the fix engine (x, python) name the same build?  1 yes. */
static int same(const struct plan_constraints *c, const struct fix_ctx *x, const char *python, char *why, size_t n)
{
    struct plan p;
    struct choice ch;
    struct gd_err err;
    int rp, rf, ok = 1;

    err_init(&err);
    plan_init(&p);
    rp = plan_make(kb, c, &p, &err);
    rf = fix_choose(x, c->framework, NULL, python, &ch);
    if (rp < 0) {
        snprintf(why, n, "plan: %.400s", err.msg);   /* the message may fill err.msg */
        ok = 0;
    } else if (rp == 1 && (rf != 1 || strcmp(p.version, ch.version) || strcmp(p.route, ch.route) ||
                           (p.variant ? !ch.variant || strcmp(p.variant, ch.variant) : ch.variant != NULL))) {
        snprintf(why, n, "plan %s %s %s, fix %s %s %s", p.version, p.variant ? p.variant : "-", p.route,
                 rf == 1 ? ch.version : "none", rf == 1 && ch.variant ? ch.variant : "-", rf == 1 ? ch.route : "");
        ok = 0;
    } else if (rp == 0 && rf == 1 && ch.driver_ok != 0) {
        /* the fix engine's choice runs on this driver: plan must have found it */
        snprintf(why, n, "plan none (%s), fix %s %s", p.why ? p.why : "?", ch.version, ch.variant ? ch.variant : "-");
        ok = 0;
    }
    plan_release(&p);
    return ok;
}

/* Every framework, on a grid of drivers, GPUs, OSes, Pythons and architectures. */
static void test_plan_equals_fix_grid(void)
{
    static const char *const drivers[] = { NULL, "470.82.01", "535.104.05", "550.54.14", "580.65.06" };
    static const char *const gpus[] = { NULL, "7.5", "9.0", "12.0" };
    static const char *const oses[] = { "linux", "windows", "wsl" };
    static const char *const pythons[] = { NULL, "3.8", "3.10", "3.12" };
    static const char *const arches[] = { "x86_64", "aarch64" };
    const struct fw_def *d;
    size_t f, i, j, k, l, m, n = 0, bad = 0;
    char why[512];

    for (f = 0; (d = fw_at(f)) != NULL; f++)
        for (i = 0; i < 5; i++)
            for (j = 0; j < 4; j++)
                for (k = 0; k < 3; k++)
                    for (l = 0; l < 4; l++)
                        for (m = 0; m < 2; m++) {
                            struct arena a;
                            struct fix_ctx x;
                            struct plan_constraints c = { d->name, NULL, NULL, drivers[i], gpus[j], oses[k],
                                                          pythons[l], m ? "aarch64" : NULL, 0 };
                            if (m && strcmp(oses[k], "linux"))
                                continue;
                            arena_init(&a);
                            fix_ctx_init(&x, kb, &a);
                            x.os = !strcmp(oses[k], "windows") ? "windows" : "linux";
                            x.wsl = !strcmp(oses[k], "wsl") ? 2 : 0;
                            x.driver = drivers[i];
                            x.gpu_cc = gpus[j];
                            x.arch = arches[m];
                            n++;
                            if (!same(&c, &x, pythons[l], why, sizeof(why)) && bad++ < 5)
                                printf("  %s driver %s gpu %s %s python %s %s: %s\n", d->name,
                                       drivers[i] ? drivers[i] : "-", gpus[j] ? gpus[j] : "-", oses[k],
                                       pythons[l] ? pythons[l] : "-", arches[m], why);
                            arena_release(&a);
                        }
    CHECK(n > 1000);
    CHECK_INT((int)bad, 0);
}

/* Every machine of tests/rules, for every framework and each environment's Python. */
static void test_plan_equals_fix_rules_machines(void)
{
    const char *tests = getenv("GD_TESTS");
    char dir[4096], path[4400], why[512];
    struct dirent *e;
    DIR *dp;
    size_t machines = 0, bad = 0;

    if (!tests) {
        printf("  (GD_TESTS unset: tests/rules not found, skipped)\n");
        return;
    }
    snprintf(dir, sizeof(dir), "%s/rules", tests);
    CHECK((dp = opendir(dir)) != NULL);
    while (dp && (e = readdir(dp)) != NULL) {
        size_t len = strlen(e->d_name), i, k;
        unsigned char *buf;
        struct facts f;
        struct gd_err err;
        struct arena a;
        struct fix_ctx x;
        const struct fw_def *d;
        if (len < 11 || strcmp(e->d_name + len - 11, ".facts.json"))
            continue;
        snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
        CHECK((buf = harness_slurp(path, &len)) != NULL);
        if (!buf)
            continue;
        facts_init(&f);
        err_init(&err);
        CHECK_INT(facts_json_read((const char *)buf, len, &f, &err), 0);
        arena_init(&a);
        fix_ctx_from_facts(&x, &f, kb, &a);
        machines++;
        for (k = 0; (d = fw_at(k)) != NULL; k++)
            for (i = 0; i <= f.n_pyenvs; i++) {
                const char *py = i < f.n_pyenvs ? f.pyenvs[i].python_version : NULL;
                struct plan_constraints c = { d->name, NULL, NULL, x.driver, x.gpu_cc,
                                              !strcmp(x.os, "windows") ? "windows" : x.wsl == 2 ? "wsl" : x.os,
                                              py, x.arch && !strcmp(x.arch, "aarch64") ? "aarch64" : NULL,
                                              f.tegra.present };
                if (!strcmp(x.os, "macos"))
                    continue;   /* plan --os macos is the Metal recipe, no CUDA build to compare */
                if (!same(&c, &x, py, why, sizeof(why)) && bad++ < 5)
                    printf("  %s %s python %s: %s\n", e->d_name, d->name, py ? py : "-", why);
            }
        arena_release(&a);
        facts_release(&f);
        free(buf);
    }
    if (dp)
        closedir(dp);
    CHECK(machines >= 10);
    CHECK_INT((int)bad, 0);
}

/* Issue 30: --cuda held to what each route takes (data/cuda_compat.kb). */
static void test_cuda_semantics(void)
{
    struct plan p;
    /* ORT's CUDA 12 builds take any 12.x, its CUDA 13 builds any 13.x */
    CHECK_INT(plan(&p, "onnxruntime", NULL, "12.4", NULL, NULL, NULL, NULL), 1);
    CHECK(!strncmp(p.cuda, "12", 2));
    plan_release(&p);
    CHECK_INT(plan(&p, "onnxruntime", NULL, "13.2", NULL, NULL, NULL, NULL), 1);
    CHECK(!strncmp(p.cuda, "13", 2));
    plan_release(&p);
    CHECK_INT(plan(&p, "onnxruntime", "1.18.1", "12.2", NULL, NULL, NULL, NULL), 1);
    CHECK_STR(p.version, "1.18.1");
    plan_release(&p);
    /* JAX's wheels: CUDA 12.1 or a newer 12.x */
    CHECK_INT(plan(&p, "jax", NULL, "12.4", NULL, NULL, NULL, NULL), 1);
    CHECK_STR(p.variant, "cuda12");
    plan_release(&p);
    CHECK_INT(plan(&p, "jax", NULL, "12.0", NULL, NULL, NULL, NULL), 1);
    CHECK(strcmp(p.cuda, "12.1") < 0);   /* only an older row starts below 12.1 */
    plan_release(&p);
    /* torch's wheels bring exactly their CUDA: --cuda 12.4 is cu124 */
    CHECK_INT(plan(&p, "torch", NULL, "12.4", NULL, NULL, NULL, NULL), 1);
    CHECK_STR(p.variant, "cu124");
    plan_release(&p);
    /* TensorFlow: no [and-cuda] release pins 12.4; the system's CUDA 12.4 serves one tested with 12.3 */
    CHECK_INT(plan(&p, "tensorflow", NULL, "12.4", NULL, NULL, NULL, NULL), 1);
    CHECK_STR(p.route, "system");
    CHECK(strcmp(p.cuda, "12.4") <= 0 && !strncmp(p.cuda, "12.", 3));
    plan_release(&p);
}

/* Issue 30: the Python range of the release asked for, not of the row's newest. */
static void test_python_of_the_release(void)
{
    struct plan p;
    CHECK_INT(plan(&p, "jax", "0.6.0", NULL, NULL, NULL, NULL, "3.10"), 1);
    CHECK_STR(p.version, "0.6.0");
    plan_release(&p);
    CHECK_INT(plan(&p, "jax", "0.8.0", NULL, NULL, NULL, NULL, "3.11"), 1);
    plan_release(&p);
    CHECK_INT(plan(&p, "onnxruntime", "1.22.0", NULL, NULL, NULL, NULL, "3.10"), 1);
    plan_release(&p);
    CHECK_INT(plan(&p, "jax", "0.4.9", NULL, NULL, NULL, NULL, "3.8"), 1);
    plan_release(&p);
    /* and a release that does not support it says so */
    CHECK_INT(plan(&p, "jax", "0.7.0", NULL, NULL, NULL, NULL, "3.10"), 0);
    CHECK(p.why && strstr(p.why, "has no wheels for Python 3.10"));
    plan_release(&p);
}

/* Every framework check judges plans: CuPy and Paddle too. */
static void test_cupy_paddle(void)
{
    struct plan p;
    CHECK_INT(plan(&p, "cupy", NULL, NULL, "550.54.14", NULL, NULL, "3.12"), 1);
    CHECK_STR(p.variant, "cupy-cuda12x");
    CHECK(strstr(p.pip, "cupy-cuda12x[ctk]==") != NULL);
    plan_release(&p);
    CHECK_INT(plan(&p, "cupy", NULL, NULL, "470.82.01", NULL, NULL, NULL), 1);
    CHECK_STR(p.variant, "cupy-cuda11x");
    plan_release(&p);
    /* Paddle 3.x: the variant's own index, the only one */
    CHECK_INT(plan(&p, "paddle", NULL, NULL, "550.54.14", NULL, NULL, NULL), 1);
    CHECK(p.index_url && strstr(p.index_url, "paddlepaddle.org.cn/packages/stable/cu"));
    CHECK(strstr(p.pip, " --index-url ") != NULL);
    plan_release(&p);
    /* Paddle 2.6's CUDA 12.0 build: the find-links page, pinned as 2.6.2.post120 */
    CHECK_INT(plan(&p, "paddlepaddle", "2.6", "12.0", NULL, NULL, NULL, NULL), 1);
    CHECK(strstr(p.pip, "\"paddlepaddle-gpu==2.6.2.post120\" -f ") != NULL);
    plan_release(&p);
}

/* One requirement on every route: TensorFlow before 2.18 needs numpy<2 (pkg_fact numpy_abi_major). */
static void test_numpy_pin(void)
{
    struct plan p;
    struct arena a;
    struct fix_ctx x;
    struct choice ch;
    CHECK_INT(plan(&p, "tensorflow", "2.15", NULL, NULL, NULL, NULL, NULL), 1);
    CHECK(strstr(p.pip, "\"numpy<2\"") != NULL && strstr(p.conda, "\"numpy<2\"") != NULL);
    CHECK(strstr(p.requirements, "\nnumpy<2") != NULL);
    plan_release(&p);
    CHECK_INT(plan(&p, "tensorflow", "2.18", NULL, NULL, NULL, NULL, NULL), 1);
    CHECK(strstr(p.pip, "numpy") == NULL);
    plan_release(&p);
    arena_init(&a);
    fix_ctx_init(&x, kb, &a);
    CHECK_INT(fix_choose(&x, "tensorflow", "2.15.0", "3.11", &ch), 1);
    CHECK_STR(ch.extra_reqs, "numpy<2");
    arena_release(&a);
}

/* Issue 29: onnxruntime-gpu brings the CUDA and cuDNN it loads where its release documents the extras. */
static void test_ort_brings_cuda(void)
{
    struct arena a;
    struct fix_ctx x;
    struct choice ch;
    arena_init(&a);
    fix_ctx_init(&x, kb, &a);
    x.driver = "550.54.14";
    CHECK_INT(fix_choose(&x, "onnxruntime", "1.22.0", NULL, &ch), 1);
    CHECK_STR(ch.package, "onnxruntime-gpu[cuda,cudnn]");
    CHECK_STR(ch.route, "pip");
    /* 1.18's CUDA 12 build on ORT's own feed: no extras there; the system's CUDA 12 and cuDNN 8 */
    CHECK_INT(fix_choose(&x, "onnxruntime", "1.18.0", NULL, &ch), 1);
    CHECK_STR(ch.package, "onnxruntime-gpu");
    CHECK_STR(ch.route, "system");
    arena_release(&a);
}

/* A GPU the build's CUDA no longer compiles for is named so, not "predates" (issue 30). */
static void test_dropped_arch(void)
{
    struct plan p;
    CHECK_INT(plan(&p, "onnxruntime", "1.22.0", NULL, NULL, "3.7", NULL, NULL), 0);
    CHECK(p.why && strstr(p.why, "dropped compute capability 3.7"));
    plan_release(&p);
}

int main(void)
{
    kb = kb_new_builtin();
    RUN(test_plan_equals_fix_grid);
    RUN(test_plan_equals_fix_rules_machines);
    RUN(test_cuda_semantics);
    RUN(test_python_of_the_release);
    RUN(test_cupy_paddle);
    RUN(test_numpy_pin);
    RUN(test_ort_brings_cuda);
    RUN(test_dropped_arch);
    kb_free(kb);
    return harness_done();
}
