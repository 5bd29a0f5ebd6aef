/* Unit tests for the foundation's rules on hand-built facts. */
#include <string.h>

#include "harness.h"
#include "diagnose/diagnose.h"
#include "util/alloc.h"

static void test_cuda_visible_count(void)
{
    CHECK_INT(cuda_visible_count(NULL, 2), 2);
    CHECK_INT(cuda_visible_count("", 2), 0);
    CHECK_INT(cuda_visible_count("-1", 2), 0);
    CHECK_INT(cuda_visible_count("0", 2), 1);
    CHECK_INT(cuda_visible_count("0,1", 2), 2);
    CHECK_INT(cuda_visible_count("0,-1,1", 2), 1);  /* stops at the invalid entry */
    CHECK_INT(cuda_visible_count("2", 2), 0);       /* no such device */
    CHECK_INT(cuda_visible_count("1,5", 2), 1);
    CHECK_INT(cuda_visible_count("GPU-8f3c", 2), -1);
    CHECK_INT(cuda_visible_count("3", -1), -1);
    CHECK_INT(cuda_visible_count("NoDevFiles", 1), 0);
    CHECK_INT(cuda_visible_count(" 0 ", 1), 1);
}

static int has_code(const struct diagnosis *dx, const char *code)
{
    size_t i;
    for (i = 0; i < dx->findings.nr; i++)
        if (!strcmp(dx->findings.v[i].code, code))
            return 1;
    return 0;
}

static void test_mismatch_rule(void)
{
    struct facts f;
    struct diagnosis dx;
    facts_init(&f);
    f.system.kernel = "6.1.0";
    f.pci_readable = 1;
    f.n_gpus = 1;
    f.gpus = xcalloc(1, sizeof(*f.gpus));
    f.alloc_gpus = 1;
    f.driver.kmod_version = "535.104.05";
    f.driver.kmod_source = "/proc/driver/nvidia/version";
    f.driver.libs = xcalloc(1, sizeof(*f.driver.libs));
    f.driver.alloc_libs = f.driver.n_libs = 1;
    f.driver.libs[0].name = "libcuda";
    f.driver.libs[0].version = "550.54.15";
    f.driver.libs[0].path = "/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15";
    diagnose_run(&f, NULL, NULL, &dx, &f.arena);
    CHECK(has_code(&dx, "GD103"));
    CHECK(!has_code(&dx, "GD101"));
    CHECK(!has_code(&dx, "GD102"));
    diagnosis_release(&dx);
    f.driver.libs[0].version = "535.104.05";
    diagnose_run(&f, NULL, NULL, &dx, &f.arena);
    CHECK(!has_code(&dx, "GD103"));
    diagnosis_release(&dx);
    facts_release(&f);
}

static void test_registry(void)
{
    const struct finding_code *c;
    int n = 0;
    for (c = finding_code_next(NULL); c; c = finding_code_next(c)) {
        n++;
        CHECK(finding_kind_valid(c->kind));
        CHECK(strlen(c->code) == 5 && !strncmp(c->code, "GD", 2));
        CHECK(finding_code_find(c->code) == c); /* no duplicates */
    }
    CHECK(n >= 28);
    CHECK(!finding_kind_valid("made_up"));
}

int main(void)
{
    RUN(test_cuda_visible_count);
    RUN(test_mismatch_rule);
    RUN(test_registry);
    return harness_done();
}
