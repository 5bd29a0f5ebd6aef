/*
 * test_ps.c - diagnose/ps.c, the ps judge, on crafted jobs: each state, the
 * pairing of mapped libraries with the model's prediction, the findings,
 * the comparison of two jobs and the driver's process list.  No process
 * and no disk: the proc facts and the diagnosis are built here, and the
 * loader model is absent (every look-up unknown).
 */
#include <stdlib.h>
#include <string.h>

#include "diagnose/ps.h"
#include "harness.h"
#include "probe/probe.h"

#define SITE "/env/lib/python3.11/site-packages"

struct world {
    struct arena a;
    struct facts f;
    struct python_env env;
    struct framework_build fw;
    struct need needs[2];
    struct verdict v;
    struct diagnosis dx;
    struct env_fact vars[2];
    struct proc_map maps[8];
    struct proc_fd fds[4];
    struct ps_proc p;
    struct ps_input in;
    struct ps_job job;
};

static void setup(struct world *w)
{
    memset(w, 0, sizeof(*w));
    arena_init(&w->a);
    facts_init(&w->f);
    w->f.driver.libcuda_resolved = "/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15";
    w->f.driver.libcuda_step = "cache";
    w->env.prefix = "/env";
    w->fw.name = "torch";
    w->fw.version = "2.4.0+cu124";
    w->fw.location = SITE "/torch";
    w->fw.cuda_library = SITE "/torch/lib/libtorch_cuda.so";
    w->needs[0].role = "cudart";
    w->needs[0].library = "libcudart.so.12";
    w->needs[0].resolved_path = SITE "/nvidia/cuda_runtime/lib/libcudart.so.12";
    w->needs[0].step = "runpath";
    w->needs[1].role = "cudnn";
    w->needs[1].library = "libcudnn.so.9";
    w->needs[1].resolved_path = SITE "/nvidia/cudnn/lib/libcudnn.so.9";
    w->needs[1].step = "runpath";
    w->v.env = &w->env;
    w->v.fw = &w->fw;
    w->v.subject = "torch 2.4.0+cu124 (/env)";
    w->v.gpu = GPU_YES;
    w->v.needs = w->needs;
    w->v.n_needs = 2;
    w->dx.verdicts = &w->v;
    w->dx.n_verdicts = 1;
    findings_init(&w->dx.findings, &w->a);
    w->p.pid = 4242;
    w->p.access = PROC_READ;
    w->p.status.uid = 1000;
    w->p.maps = w->maps;
    w->p.fds = w->fds;
    w->maps[w->p.n_maps++].path = "/env/bin/python3.11";
    w->maps[w->p.n_maps++].path = SITE "/torch/lib/libtorch_cuda.so";
    w->maps[w->p.n_maps++].path = SITE "/nvidia/cuda_runtime/lib/libcudart.so.12";
    w->in.proc = &w->p;
    w->in.facts = &w->f;
    w->in.dx = &w->dx;
    w->in.lk = NULL;
    w->in.env_prefix = "/env";
    w->in.env_how = "the site-packages it mapped";
}

static void with_driver(struct world *w)
{
    w->maps[w->p.n_maps++].path = "/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15";
}

static void fd(struct world *w, const char *dev)
{
    w->fds[w->p.n_fds].fd = 3 + (int)w->p.n_fds;
    w->fds[w->p.n_fds++].target = dev;
}

static void judge(struct world *w)
{
    ps_judge(&w->in, &w->job, &w->a);
}

static void teardown(struct world *w)
{
    findings_release(&w->job.findings);
    findings_release(&w->dx.findings);
    w->f.env = NULL;
    w->f.n_env = 0;
    facts_release(&w->f);
    arena_release(&w->a);
}

static const struct ps_lib *lib(const struct ps_job *j, const char *role)
{
    size_t i;
    for (i = 0; i < j->n_libs; i++)
        if (j->libs[i].role && !strcmp(j->libs[i].role, role))
            return &j->libs[i];
    return NULL;
}

static int has(const struct ps_job *j, const char *code, enum severity sev)
{
    size_t i;
    for (i = 0; i < j->findings.nr; i++)
        if (!strcmp(j->findings.v[i].code, code) && j->findings.v[i].severity == sev)
            return 1;
    return 0;
}

static void test_on_gpu(void)
{
    struct world w;
    setup(&w);
    with_driver(&w);
    fd(&w, "/dev/nvidiactl");
    fd(&w, "/dev/nvidia0");
    judge(&w);
    CHECK_INT(w.job.state, PS_ON_GPU);
    CHECK_STR(w.job.why, "libcuda.so.550.54.15 is mapped and /dev/nvidia0 is open");
    CHECK(w.job.verdict == &w.v);
    CHECK_INT(w.job.n_devices, 2);
    CHECK_INT(lib(&w.job, "framework")->match, PS_AGREE);
    CHECK_INT(lib(&w.job, "cudart")->match, PS_AGREE);
    CHECK_STR(lib(&w.job, "cudart")->name, "libcudart.so.12");
    CHECK_INT(lib(&w.job, "driver")->match, PS_AGREE);
    CHECK_STR(lib(&w.job, "driver")->step, "cache");
    /* cuDNN is loaded lazily: predicted, not mapped -- not a disagreement. */
    CHECK_INT(lib(&w.job, "cudnn")->match, PS_NOT_MAPPED);
    CHECK(lib(&w.job, "cudnn")->mapped == NULL);
    CHECK_INT(w.job.findings.nr, 0);
    CHECK(ps_job_ok(&w.job));
    /* On the GPU although the verdict says it cannot be: reality wins, and says so. */
    w.v.gpu = GPU_NO;
    w.v.reason = "the driver is too old";
    findings_release(&w.job.findings);
    judge(&w);
    CHECK_INT(w.job.state, PS_ON_GPU);
    CHECK(has(&w.job, "GD910", SEV_WARNING));
    teardown(&w);
}

static void test_hidden(void)
{
    struct world w;
    setup(&w);
    with_driver(&w);
    fd(&w, "/dev/nvidiactl");
    findings_add(&w.dx.findings, "GD108", SEV_ERROR, "CUDA_VISIBLE_DEVICES=-1 hides every GPU");
    judge(&w);
    CHECK_INT(w.job.state, PS_CUDA_NO_DEVICE);
    CHECK_INT(w.job.nodev, PS_NODEV_HIDDEN);
    CHECK_STR(w.job.why, "CUDA_VISIBLE_DEVICES=-1 hides every GPU");
    CHECK(has(&w.job, "GD903", SEV_ERROR));
    CHECK_STR(w.job.findings.v[0].evidence[0].text, "GD108: CUDA_VISIBLE_DEVICES=-1 hides every GPU");
    CHECK(!ps_job_ok(&w.job));
    teardown(&w);
}

static void test_none_visible(void)
{
    struct world w;
    setup(&w);
    with_driver(&w);
    fd(&w, "/dev/nvidiactl");
    fd(&w, "/dev/nvidia-uvm");
    judge(&w);
    CHECK_INT(w.job.state, PS_CUDA_NO_DEVICE);
    CHECK_INT(w.job.nodev, PS_NODEV_NONE_VISIBLE);
    CHECK(has(&w.job, "GD901", SEV_ERROR));
    CHECK(w.job.how_to_tell != NULL);
    teardown(&w);
}

static void test_not_initialised(void)
{
    struct world w;
    setup(&w);
    judge(&w);
    CHECK_INT(w.job.state, PS_CUDA_NO_DEVICE);
    CHECK_INT(w.job.nodev, PS_NODEV_NOT_INITIALISED);
    CHECK(has(&w.job, "GD902", SEV_INFO));
    CHECK(w.job.driver_lib == NULL);
    teardown(&w);
}

static void test_on_cpu(void)
{
    struct world w;
    setup(&w);
    w.v.gpu = GPU_NO;
    w.v.reason = "libcudnn.so.9 not found";
    w.p.n_maps = 2;   /* python and libtorch_cuda: the runtime never loaded */
    {
        struct finding *c = findings_add(&w.dx.findings, "GD202", SEV_ERROR, "libcudnn.so.9 is not found");
        c->subject = w.v.subject;
        w.v.codes = (const char **)arena_alloc(&w.a, sizeof(char *));
        w.v.codes[0] = "GD202";
        w.v.n_codes = 1;
    }
    judge(&w);
    CHECK_INT(w.job.state, PS_ON_CPU);
    CHECK_STR(w.job.why, "torch 2.4.0+cu124 (/env): libcudnn.so.9 not found");
    CHECK(has(&w.job, "GD903", SEV_ERROR));
    CHECK_STR(w.job.findings.v[0].evidence[1].text, "GD202: libcudnn.so.9 is not found");
    teardown(&w);
}

static void test_no_framework(void)
{
    struct world w;
    setup(&w);
    w.p.n_maps = 1;
    judge(&w);
    CHECK_INT(w.job.state, PS_NO_FRAMEWORK);
    CHECK(w.job.verdict == NULL);
    CHECK_INT(w.job.n_libs, 0);
    CHECK(ps_job_ok(&w.job));
    teardown(&w);
}

static void test_disagree_and_deleted(void)
{
    struct world w;
    setup(&w);
    with_driver(&w);
    fd(&w, "/dev/nvidia0");
    /* cuDNN from the system, ahead of the venv's wheel; the runtime replaced on disk. */
    w.maps[w.p.n_maps++].path = "/usr/lib/x86_64-linux-gnu/libcudnn.so.9.0.0";
    w.maps[2].deleted = 1;
    judge(&w);
    CHECK_INT(w.job.state, PS_ON_GPU);
    CHECK_INT(lib(&w.job, "cudnn")->match, PS_DISAGREE);
    CHECK_STR(lib(&w.job, "cudnn")->predicted, SITE "/nvidia/cudnn/lib/libcudnn.so.9");
    CHECK_STR(lib(&w.job, "cudnn")->name, "libcudnn.so.9");
    CHECK(has(&w.job, "GD904", SEV_WARNING));
    CHECK(has(&w.job, "GD905", SEV_WARNING));
    CHECK_INT(lib(&w.job, "cudart")->deleted, 1);
    teardown(&w);
}

static void test_unknown_model_and_stub(void)
{
    struct world w;
    setup(&w);
    w.maps[w.p.n_maps].path = "/opt/fft/libcufft.so.11";
    w.maps[w.p.n_maps++].soname = "libcufft.so.11";
    w.maps[w.p.n_maps++].path = "/usr/local/cuda/lib64/stubs/libcuda.so";
    fd(&w, "/dev/nvidiactl");
    judge(&w);
    /* No loader model here: asked, it cannot answer -- unknown, not a finding. */
    CHECK_INT(lib(&w.job, "cufft")->match, PS_MATCH_UNKNOWN);
    CHECK_INT(lib(&w.job, "driver")->match, PS_DISAGREE);
    CHECK(has(&w.job, "GD909", SEV_ERROR));
    teardown(&w);
}

static void test_wrong_environment(void)
{
    struct world w;
    setup(&w);
    w.vars[0].name = "VIRTUAL_ENV";
    w.vars[0].value = "/srv/gpu";
    w.f.env = w.vars;
    w.f.n_env = 1;
    judge(&w);
    CHECK(has(&w.job, "GD906", SEV_WARNING));
    w.vars[0].value = "/env";
    findings_release(&w.job.findings);
    judge(&w);
    CHECK(!has(&w.job, "GD906", SEV_WARNING));
    teardown(&w);
}

static void test_compare(void)
{
    struct world g, c;
    size_t i;
    int env = 0, dev = 0, llp = 0;
    setup(&g);
    with_driver(&g);
    fd(&g, "/dev/nvidia0");
    g.vars[0].name = "LD_LIBRARY_PATH";
    g.vars[0].value = "/usr/local/cuda/lib64";
    g.p.env = g.vars;
    g.p.n_env = 1;
    judge(&g);
    setup(&c);
    c.p.pid = 5151;
    c.in.env_prefix = "/usr";
    judge(&c);
    ps_compare(&c.job, &g.job, &c.a);
    CHECK_INT(c.job.compared_pid, 4242);
    for (i = 0; i < c.job.n_diffs; i++) {
        const struct ps_diff *d = &c.job.diffs[i];
        if (!strcmp(d->what, "environment")) {
            env = 1;
            CHECK_STR(d->here, "/usr");
            CHECK_STR(d->there, "/env");
        }
        dev |= !strcmp(d->what, "devices") && !d->here;
        llp |= !strcmp(d->what, "LD_LIBRARY_PATH") && !d->here && !strcmp(d->there, "/usr/local/cuda/lib64");
        CHECK(strcmp(d->what, "framework"));   /* the same build: no difference */
    }
    CHECK(env && dev && llp);
    teardown(&c);
    teardown(&g);
}

static void test_probe_and_unread(void)
{
    struct world w;
    struct probe_result *pr = malloc(sizeof(*pr));
    probe_result_init(pr);
    setup(&w);
    judge(&w);
    CHECK_INT(w.job.state, PS_CUDA_NO_DEVICE);
    ps_judge_probe(&w.job, pr, &w.a);   /* not asked: nothing */
    CHECK_INT(w.job.nvml_asked, 0);
    pr->procs_asked = 1;
    pr->procs[0].dev = 1;
    pr->procs[0].pid = 4242;
    pr->procs[0].mem = 512u << 20;
    pr->procs[1].dev = 0;
    pr->procs[1].pid = 9;
    pr->n_procs = 2;
    ps_judge_probe(&w.job, pr, &w.a);
    CHECK_INT(w.job.state, PS_ON_GPU);
    CHECK_INT(w.job.n_nvml, 1);
    CHECK_INT(w.job.nvml[0].gpu, 1);
    CHECK_STR(w.job.why, "the driver lists it on GPU 1 (ps --probe)");
    findings_release(&w.job.findings);

    w.p.access = PROC_DENIED;
    w.p.denied = "maps";
    w.p.user = "alice";
    ps_judge_unread(&w.p, &w.job, &w.a);
    CHECK_INT(w.job.state, PS_UNREADABLE);
    CHECK(has(&w.job, "GD907", SEV_INFO));
    CHECK_STR(w.job.findings.v[0].fixes[0].command, "sudo gpudoctor ps 4242");
    findings_release(&w.job.findings);
    w.p.access = PROC_HIDDEN;
    ps_judge_unread(&w.p, &w.job, &w.a);
    CHECK_INT(w.job.state, PS_GONE);
    CHECK_INT(w.job.findings.nr, 0);
    probe_result_release(pr);
    free(pr);
    teardown(&w);
}

static void test_names(void)
{
    CHECK_STR(ps_state_name(PS_ON_GPU), "gpu");
    CHECK_STR(ps_state_name(PS_CUDA_NO_DEVICE), "cuda_no_device");
    CHECK_STR(ps_nodev_name(PS_NODEV_NOT_INITIALISED), "not_initialised");
    CHECK(ps_nodev_name(PS_NODEV_NONE) == NULL);
    CHECK_STR(ps_match_name(PS_NOT_MAPPED), "not_mapped");
    CHECK(finding_code_find("GD904") && !strcmp(finding_code_find("GD904")->kind, "prediction_mismatch"));
    CHECK(finding_kind_valid("prediction_mismatch"));
}

int main(void)
{
    RUN(test_on_gpu);
    RUN(test_hidden);
    RUN(test_none_visible);
    RUN(test_not_initialised);
    RUN(test_on_cpu);
    RUN(test_no_framework);
    RUN(test_disagree_and_deleted);
    RUN(test_unknown_model_and_stub);
    RUN(test_wrong_environment);
    RUN(test_compare);
    RUN(test_probe_and_unread);
    RUN(test_names);
    return harness_done();
}
