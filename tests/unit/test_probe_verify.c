/*
 * test_probe_verify.c - --verify-libs without a child: the plan (load
 * order, de-duplication, unresolved needs last), its wire records (round
 * trip, every truncation, malformed shapes), its findings; and folding the
 * probe's GPUs into the scan's facts (by PCI bus id; added when the scan saw
 * none).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "diagnose/diagnose.h"
#include "facts/facts.h"
#include "probe/probe.h"
#include "probe/probewire.h"
#include "probe/verify.h"
#include "util/alloc.h"

static struct need needs_torch[] = {
    { "cudnn", "libcudnn.so.9", "/v/nvidia/cudnn/lib/libcudnn.so.9", "runpath", "9.1.0", NULL, NULL, 0 },
    { "cublas", "libcublas.so.12", "/v/nvidia/cublas/lib/libcublas.so.12", "runpath", NULL, NULL, NULL, 0 },
    { "cudart", "libcudart.so.12", "/v/nvidia/cuda_runtime/lib/libcudart.so.12", "runpath", NULL, NULL, NULL, 0 },
    { "nccl", "libnccl.so.2", NULL, NULL, NULL, NULL, NULL, 0 },
    { "cublaslt", "libcublasLt.so.12", "/v/nvidia/cublas/lib/libcublasLt.so.12", "runpath", NULL, NULL, NULL, 0 },
    { "cudart", "libcudart.so.12", "/v/nvidia/cuda_runtime/lib/libcudart.so.12", "runpath", NULL, NULL, NULL, 0 },
};

static void one_verdict(struct diagnosis *dx, struct verdict *vd)
{
    memset(dx, 0, sizeof(*dx));
    memset(vd, 0, sizeof(*vd));
    vd->subject = "torch 2.4.0 (/v)";
    vd->gpu = GPU_YES;
    vd->needs = needs_torch;
    vd->n_needs = sizeof(needs_torch) / sizeof(needs_torch[0]);
    dx->verdicts = vd;
    dx->n_verdicts = 1;
}

static void test_plan_order(void)
{
    struct diagnosis dx;
    struct verdict vd;
    struct probe_verify v;
    const struct probe_verify_install *vi;
    one_verdict(&dx, &vd);
    probe_verify_init(&v);
    probe_verify_plan(&v, &dx);
    CHECK_INT((long)v.n_installs, 1);
    vi = &v.installs[0];
    /* runtime, cuBLASLt, cuBLAS, cuDNN; the duplicate runtime once; NCCL
     * (no file) last and not loaded. */
    CHECK_INT((long)vi->n_load, 4);
    CHECK_INT((long)vi->n_libs, 5);
    CHECK_STR(vi->libs[0].library, "libcudart.so.12");
    CHECK_STR(vi->libs[1].library, "libcublasLt.so.12");
    CHECK_STR(vi->libs[2].library, "libcublas.so.12");
    CHECK_STR(vi->libs[3].library, "libcudnn.so.9");
    CHECK_STR(vi->libs[4].library, "libnccl.so.2");
    CHECK_INT(vi->libs[4].state, PROBE_LIB_NOT_FOUND);
    CHECK_INT(vi->libs[0].state, PROBE_LIB_SELECTED);
    CHECK(vi->libs[4].path == NULL);
    CHECK(probe_verify_rank("cudart") < probe_verify_rank("cudnn"));
    CHECK(probe_verify_rank("nvjitlink") < probe_verify_rank("cusolver"));
    CHECK_INT(probe_verify_rank("unknown"), probe_verify_rank(NULL));
    probe_verify_release(&v);
    CHECK_INT((long)v.n_installs, 0);
    CHECK(v.installs == NULL);
}

static void stream(struct strbuf *sb)
{
    strbuf_add(sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    probewire_put(sb, PW_BEGIN, PF_VERIFY_LIB, 0);
    probewire_put(sb, PW_LOADED, PF_VERIFY_LIB, 0);
    probewire_put(sb, PW_BEGIN, PF_VERIFY_LIB, 1);
    probewire_put_str(sb, PW_DLERROR, PF_VERIFY_LIB, 1, "libcublasLt.so.12: file too short");
    probewire_put(sb, PW_BEGIN, PF_VERIFY_LIB, 2);
    probewire_put(sb, PW_LOADED, PF_VERIFY_LIB, 2);
    probewire_put(sb, PW_BEGIN, PF_VERIFY_LIB, 3);
    probewire_put(sb, PW_LOADED, PF_VERIFY_LIB, 3);
    probewire_put(sb, PW_END, PF_NONE, -1);
}

static void reset_states(struct probe_verify_install *vi)
{
    size_t i;
    for (i = 0; i < vi->n_load; i++) {
        vi->libs[i].state = PROBE_LIB_SELECTED;
        vi->libs[i].error = NULL;
    }
    vi->in_flight = -1;
    vi->complete = 0;
}

static void test_wire(void)
{
    struct diagnosis dx;
    struct verdict vd;
    struct probe_verify v;
    struct probe_verify_install *vi;
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    struct arena fa;
    struct findings fl;
    size_t n;

    one_verdict(&dx, &vd);
    probe_verify_init(&v);
    probe_verify_plan(&v, &dx);
    vi = &v.installs[0];
    stream(&sb);
    err_init(&err);
    CHECK_INT(probewire_parse_verify((const uint8_t *)sb.buf, sb.len, vi, &v.arena, &err), 0);
    CHECK_INT(vi->complete, 1);
    CHECK_INT(vi->in_flight, -1);
    CHECK_INT(vi->libs[0].state, PROBE_LIB_LOADED);
    CHECK_INT(vi->libs[1].state, PROBE_LIB_LOAD_FAILED);
    CHECK_STR(vi->libs[1].error, "libcublasLt.so.12: file too short");
    CHECK_INT(vi->libs[4].state, PROBE_LIB_NOT_FOUND);

    /* The finding carries the dlerror text. */
    vi->child_end = PROBE_CHILD_EXITED;
    arena_init(&fa);
    findings_init(&fl, &fa);
    probe_verify_findings(&v, &fl);
    CHECK_INT((long)fl.nr, 1);
    CHECK_STR(fl.v[0].code, "GD516");
    CHECK_STR(fl.v[0].kind, "broken_install");
    CHECK_STR(fl.v[0].subject, "torch 2.4.0 (/v)");
    CHECK(strstr(fl.v[0].title, "file too short") != NULL);
    CHECK(fl.v[0].n_evidence >= 1 && strstr(fl.v[0].evidence[0].text, "file too short") != NULL);
    findings_release(&fl);

    /* A crash while loading index 2: pinned on it, the rest not reached. */
    reset_states(vi);
    n = 0;
    {
        struct strbuf cut = STRBUF_INIT;
        strbuf_add(&cut, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
        probewire_put(&cut, PW_BEGIN, PF_VERIFY_LIB, 0);
        probewire_put(&cut, PW_LOADED, PF_VERIFY_LIB, 0);
        probewire_put(&cut, PW_BEGIN, PF_VERIFY_LIB, 1);
        CHECK_INT(probewire_parse_verify((const uint8_t *)cut.buf, cut.len, vi, &v.arena, &err), 0);
        CHECK_INT(vi->in_flight, 1);
        CHECK_INT(vi->complete, 0);
        CHECK_INT(vi->libs[2].state, PROBE_LIB_SELECTED);
        vi->child_end = PROBE_CHILD_SIGNALED;
        vi->child_code = 11;
        findings_init(&fl, &fa);
        probe_verify_findings(&v, &fl);
        CHECK_INT((long)fl.nr, 1);
        CHECK_STR(fl.v[0].code, "GD517");
        CHECK(strstr(fl.v[0].title, "libcublasLt.so.12 crashed") != NULL);
        findings_release(&fl);
        strbuf_release(&cut);
    }

    /* Every prefix parses (truncated, never malformed) and stays in bounds. */
    for (n = 0; n <= sb.len; n++) {
        reset_states(vi);
        err_init(&err);
        CHECK_INT(probewire_parse_verify((const uint8_t *)sb.buf, n, vi, &v.arena, &err), 0);
        CHECK_INT(vi->complete, n == sb.len);
    }
    arena_release(&fa);
    strbuf_release(&sb);
    probe_verify_release(&v);
}

static void test_wire_malformed(void)
{
    struct diagnosis dx;
    struct verdict vd;
    struct probe_verify v;
    struct probe_verify_install *vi;
    struct gd_err err;
    int k;

    one_verdict(&dx, &vd);
    probe_verify_init(&v);
    probe_verify_plan(&v, &dx);
    vi = &v.installs[0];
    for (k = 0; k < 5; k++) {
        struct strbuf sb = STRBUF_INIT;
        strbuf_add(&sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
        switch (k) {
        case 0: /* the NCCL slot has no file: index 4 is out of range */
            probewire_put(&sb, PW_LOADED, PF_VERIFY_LIB, 4);
            break;
        case 1: /* the system is not a library */
            probewire_put(&sb, PW_LOADED, PF_VERIFY_LIB, -1);
            break;
        case 2: /* two outcomes for one library */
            probewire_put(&sb, PW_LOADED, PF_VERIFY_LIB, 0);
            probewire_put_str(&sb, PW_DLERROR, PF_VERIFY_LIB, 0, "x");
            break;
        case 3: /* after END */
            probewire_put(&sb, PW_END, PF_NONE, -1);
            probewire_put(&sb, PW_LOADED, PF_VERIFY_LIB, 0);
            break;
        default: /* a payload on LOADED */
            probewire_put_str(&sb, PW_LOADED, PF_VERIFY_LIB, 0, "x");
            break;
        }
        reset_states(vi);
        err_init(&err);
        CHECK_INT(probewire_parse_verify((const uint8_t *)sb.buf, sb.len, vi, &v.arena, &err), -1);
        strbuf_release(&sb);
    }
    {
        /* A probe record (another fn) is skipped, as from a newer child. */
        struct strbuf sb = STRBUF_INIT;
        strbuf_add(&sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
        probewire_put_int(&sb, PW_RC, PF_CU_INIT, -1, 0);
        probewire_put(&sb, PW_END, PF_NONE, -1);
        reset_states(vi);
        CHECK_INT(probewire_parse_verify((const uint8_t *)sb.buf, sb.len, vi, &v.arena, &err), 0);
        CHECK_INT(vi->complete, 1);
        strbuf_release(&sb);
    }
    probe_verify_release(&v);
}

static struct probe_result *result_with(const char *cu_bus, int major, int minor)
{
    struct probe_result *r = malloc(sizeof(*r));
    probe_result_init(r);
    r->nvml_count = 0;
    r->cu_count = 1;
    r->cu_dev[0].present = 1;
    snprintf(r->cu_dev[0].name, sizeof(r->cu_dev[0].name), "NVIDIA Future GPU");
    snprintf(r->cu_dev[0].pci_bus_id, sizeof(r->cu_dev[0].pci_bus_id), "%s", cu_bus);
    r->cu_dev[0].cc_major = major;
    r->cu_dev[0].cc_minor = minor;
    probe_merge(r);
    return r;
}

static void test_fold(void)
{
    struct probe_result *r = result_with("0000:41:00.0", 9, 0);
    struct facts f;
    struct gpu *g;

    /* Matched by bus id (another spelling of the domain). */
    facts_init(&f);
    ALLOC_GROW(f.gpus, f.n_gpus + 2, f.alloc_gpus);
    memset(f.gpus, 0, 2 * sizeof(*f.gpus));
    f.gpus[0].pci_slot = "0000:01:00.0";
    f.gpus[0].compute_capability = "8.9";
    f.gpus[0].cc_source = "table";
    f.gpus[1].pci_slot = "00000000:41:00.0";
    f.n_gpus = 2;
    CHECK_INT((long)probe_fold_facts(r, &f), 1);
    CHECK_INT((long)f.n_gpus, 2);
    CHECK_STR(f.gpus[0].compute_capability, "8.9");
    CHECK_STR(f.gpus[1].compute_capability, "9.0");
    CHECK_STR(f.gpus[1].cc_source, "probe (cuDeviceGetAttribute)");
    CHECK_STR(f.gpus[1].name, "NVIDIA Future GPU");
    facts_release(&f);

    /* The scan saw GPUs, none of them this one: nothing is added. */
    facts_init(&f);
    ALLOC_GROW(f.gpus, f.n_gpus + 1, f.alloc_gpus);
    memset(f.gpus, 0, sizeof(*f.gpus));
    f.gpus[0].pci_slot = "0000:01:00.0";
    f.n_gpus = 1;
    CHECK_INT((long)probe_fold_facts(r, &f), 0);
    CHECK_INT((long)f.n_gpus, 1);
    CHECK(f.gpus[0].compute_capability == NULL);
    facts_release(&f);

    /* The scan saw none (WSL2): the driver's GPU is added. */
    facts_init(&f);
    CHECK_INT((long)probe_fold_facts(r, &f), 1);
    CHECK_INT((long)f.n_gpus, 1);
    g = &f.gpus[0];
    CHECK_STR(g->pci_slot, "0000:41:00.0");
    CHECK_INT((long)g->vendor, 0x10de);
    CHECK_STR(g->compute_capability, "9.0");
    facts_release(&f);
    probe_result_release(r);
    free(r);

    /* No compute capability answered: nothing to fold. */
    r = result_with("0000:41:00.0", -1, -1);
    facts_init(&f);
    CHECK_INT((long)probe_fold_facts(r, &f), 0);
    CHECK_INT((long)f.n_gpus, 0);
    facts_release(&f);
    probe_result_release(r);
    free(r);
}

int main(void)
{
    RUN(test_plan_order);
    RUN(test_wire);
    RUN(test_wire_malformed);
    RUN(test_fold);
    return harness_done();
}
