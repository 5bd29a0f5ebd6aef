/* test_plan.c - diagnose/plan.c over the built-in knowledge base. */
#include <string.h>

#include "diagnose/plan.h"
#include "kb/kb.h"
#include "harness.h"

static struct kb *kb;

static int run(struct plan_constraints *c, struct plan *p)
{
    struct gd_err err;
    err_init(&err);
    plan_init(p);
    return plan_make(kb, c, p, &err);
}

/* Issue 18: TensorFlow's own documented minimum (525.60.13 for its CUDA 12
 * builds), not CUDA 12.5's release driver 555.42.02, decides -- so driver 535
 * gets the newest release (this test asked for 2.15.0 / 535.54.03 before). */
static void test_tf_driver_535(void)
{
    struct plan_constraints c = { "tensorflow", NULL, NULL, "535.104.05", NULL, NULL, NULL, NULL, 0 };
    struct plan p;
    CHECK_INT(run(&c, &p), 1);
    CHECK_STR(p.version, "2.21.0");
    CHECK_STR(p.cuda, "12.5");
    CHECK_STR(p.min_driver, "525.60.13");
    CHECK_STR(p.driver_rule, "TensorFlow");
    CHECK(p.n_rejects == 0);
    plan_release(&p);
    CHECK(p.notes == NULL && p.n_notes == 0 && p.version == NULL);
    /* Older than TensorFlow's floor: no CUDA 12 release; 2.14 (CUDA 11.8, 450.80.02). */
    c.driver = "520.61.05";
    CHECK_INT(run(&c, &p), 1);
    CHECK_STR(p.version, "2.14.0");
    CHECK_STR(p.min_driver, "450.80.02");
    CHECK(p.n_rejects > 0 && strstr(p.rejects[0].text, "TensorFlow's own documented minimum") != NULL);
    plan_release(&p);
    /* An H100 runs 2.18+ only from compute_90 PTX: CUDA 12.5's own driver. */
    c.driver = "535.104.05";
    c.gpu = "H100";
    CHECK_INT(run(&c, &p), 1);
    CHECK_STR(p.version, "2.15.0");
    CHECK_STR(p.min_driver, "535.54.03");
    CHECK_STR(p.driver_rule, "PTX JIT");
    plan_release(&p);
    /* Native Windows 2.10: no TensorFlow-documented floor, the toolkit's. */
    c.driver = NULL;
    c.gpu = NULL;
    c.os = "windows";
    CHECK_INT(run(&c, &p), 1);
    CHECK_STR(p.version, "2.10.0");
    CHECK_STR(p.min_driver, "460.82");
    CHECK_STR(p.driver_rule, "toolkit");
    plan_release(&p);
}

static void test_tf_windows_python(void)
{
    struct plan_constraints c = { "tensorflow", NULL, NULL, NULL, NULL, "windows", "3.11", NULL, 0 };
    struct plan p;
    /* 2.10 is the last Windows GPU build and its range stops at 3.10. */
    CHECK_INT(run(&c, &p), 0);
    CHECK(p.why != NULL);
    plan_release(&p);
    c.python = "3.10";
    CHECK_INT(run(&c, &p), 1);
    CHECK_STR(p.version, "2.10.0");
    CHECK_STR(p.cudnn, "8.1");
    plan_release(&p);
}

static void test_torch(void)
{
    struct plan_constraints c = { "torch", NULL, NULL, "470.82.01", NULL, NULL, NULL, NULL, 0 };
    struct plan p;
    CHECK_INT(run(&c, &p), 1);
    CHECK(p.variant && !strncmp(p.variant, "cu11", 4));
    plan_release(&p);
    c.driver = NULL;
    c.version = "2.7.0+cu118";
    c.gpu = "12.0";
    CHECK_INT(run(&c, &p), 0);   /* cu118 has no sm_120 */
    CHECK_STR(p.rejects[0].topic, "gpu");
    plan_release(&p);
    c.version = "2.7.0+cu128";
    CHECK_INT(run(&c, &p), 1);
    /* Named interpreter, quoted requirement (issue 16: no bare pip). */
    CHECK_STR(p.pip, "python3 -m pip install \"torch==2.7.0\" --index-url https://download.pytorch.org/whl/cu128");
    plan_release(&p);
}

static void test_bad_input(void)
{
    struct plan_constraints c = { "jax", NULL, NULL, NULL, "no such gpu", NULL, NULL, NULL, 0 };
    struct plan p;
    CHECK_INT(run(&c, &p), -1);
    plan_release(&p);
    c.gpu = NULL;
    c.os = "beos";
    CHECK_INT(run(&c, &p), -1);
    plan_release(&p);
    c.os = NULL;
    c.cuda = "twelve";
    CHECK_INT(run(&c, &p), -1);
    plan_release(&p);
}

int main(void)
{
    kb = kb_new_builtin();
    RUN(test_tf_driver_535);
    RUN(test_tf_windows_python);
    RUN(test_torch);
    RUN(test_bad_input);
    kb_free(kb);
    return harness_done();
}
