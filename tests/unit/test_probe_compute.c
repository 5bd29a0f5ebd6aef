/*
 * test_probe_compute.c - `probe --compute` and `--import` without a child:
 * the compute stream (round trip, every prefix, malformed shapes, a refused
 * PTX variant followed by an accepted one), the kernel log's NVRM lines and
 * Xid numbers, the findings on crafted results, the kernel's expression, and
 * the --import answer parser and comparison.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "probe/compute.h"
#include "probe/import.h"
#include "probe/probe_abi.h"
#include "probe/probewire.h"

static struct probe_compute *fresh(void)
{
    struct probe_compute *pc = malloc(sizeof(*pc));
    probe_compute_init(pc);
    return pc;
}

static void done(struct probe_compute *pc)
{
    probe_compute_release(pc);
    free(pc);
}

/* GPU 0: sm_30 refused (218), sm_50 accepted, then every step; GPU 1 hangs in sync. */
static void stream(struct strbuf *sb, int end)
{
    strbuf_add(sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    probewire_put(sb, PW_BEGIN, PF_CC_LIB, -1);
    probewire_put(sb, PW_LOADED, PF_CC_LIB, -1);
    probewire_put(sb, PW_BEGIN, PF_CC_INIT, -1);
    probewire_put_int(sb, PW_RC, PF_CC_INIT, -1, 0);
    probewire_put_int(sb, PW_RC, PF_CC_COUNT, -1, 0);
    probewire_put_int(sb, PW_INT, PF_CC_COUNT, -1, 2);
    probewire_put_int(sb, PW_RC, PF_CC_DEVICE, 0, 0);
    probewire_put_str(sb, PW_STR, PF_CC_UUID, 0, "fa4e0000-0000-0000-0000-000000000000");
    probewire_put_str(sb, PW_STR, PF_CC_NAME, 0, "GPU A");
    probewire_put_int(sb, PW_INT, PF_CC_CC, 0, (8 << 16) | 6);
    probewire_put_int(sb, PW_INT, PF_CC_HTOD, 0, 1024);
    probewire_put_int(sb, PW_TIME, PF_CC_HTOD, 0, 2000);
    probewire_put_int(sb, PW_RC, PF_CC_HTOD, 0, 0);
    probewire_put_int(sb, PW_INT, PF_CC_JIT_TARGET, 0, (30 << 16) | (3 << 8) | 2);
    probewire_put(sb, PW_BEGIN, PF_CC_MODULE, 0);
    probewire_put_str(sb, PW_STR, PF_CC_JIT_ERROR, 0, "target too low");
    probewire_put_int(sb, PW_RC, PF_CC_MODULE, 0, CU_ERROR_INVALID_PTX);
    probewire_put_str(sb, PW_STR, PF_CC_ERROR_NAME, 0, "CUDA_ERROR_INVALID_PTX");
    probewire_put_int(sb, PW_INT, PF_CC_JIT_TARGET, 0, (50 << 16) | (4 << 8) | 0);
    probewire_put(sb, PW_BEGIN, PF_CC_MODULE, 0);
    probewire_put_str(sb, PW_STR, PF_CC_JIT_INFO, 0, "0 bytes spill");
    probewire_put_int(sb, PW_TIME, PF_CC_MODULE, 0, 250000);
    probewire_put_int(sb, PW_RC, PF_CC_MODULE, 0, 0);
    probewire_put_int(sb, PW_TIME, PF_CC_SYNC, 0, 5000);
    probewire_put_int(sb, PW_RC, PF_CC_SYNC, 0, 0);
    probewire_put_int(sb, PW_TIME, PF_CC_DTOH, 0, 1000);
    probewire_put_int(sb, PW_INT, PF_CC_VERIFY, 0, 0);
    probewire_put_int(sb, PW_RC, PF_CC_FREE, 0, 1);   /* cleanup: never the device's failure */
    probewire_put_int(sb, PW_RC, PF_CC_DEVICE, 1, 0);
    probewire_put(sb, PW_BEGIN, PF_CC_SYNC, 1);
    if (end)
        probewire_put(sb, PW_END, PF_NONE, -1);
}

static void test_compute_wire(void)
{
    struct strbuf sb = STRBUF_INIT;
    struct probe_compute *pc = fresh();
    struct gd_err err;
    err_init(&err);
    stream(&sb, 1);
    CHECK_INT(probewire_parse_compute((const uint8_t *)sb.buf, sb.len, pc, &err), 0);
    CHECK(pc->complete);
    CHECK_INT(pc->init_rc, 0);
    CHECK_INT(pc->count, 2);
    CHECK_INT((long long)pc->n_devs, 2);
    CHECK_STR(pc->devs[0].name, "GPU A");
    CHECK_INT(pc->devs[0].cc_major, 8);
    CHECK_INT((long long)pc->devs[0].n_jit, 2);
    CHECK_INT(pc->devs[0].jit[0].sm, 30);
    CHECK_STR(pc->devs[0].jit[0].isa, "3.2");
    CHECK_INT(pc->devs[0].jit[0].rc, CU_ERROR_INVALID_PTX);
    CHECK_STR(pc->devs[0].jit[0].error_log, "target too low");
    CHECK_STR(pc->devs[0].jit[1].info_log, "0 bytes spill");
    CHECK_INT((long long)pc->devs[0].jit[1].wall_ns, 250000);
    CHECK_INT(pc->devs[0].used_sm, 50);
    /* The refused variant is not the failure once a later one loads. */
    CHECK_INT(pc->devs[0].failed_fn, 0);
    CHECK_STR(pc->devs[0].error_name, "");
    CHECK_INT(pc->devs[0].wrong, 0);
    CHECK_INT((long long)pc->devs[0].kernel_ns, 5000);
    CHECK_INT(pc->in_flight_fn, PF_CC_SYNC);
    CHECK_INT(pc->in_flight_dev, 1);
    done(pc);
    strbuf_release(&sb);
}

static void test_compute_prefixes(void)
{
    struct strbuf sb = STRBUF_INIT;
    size_t n;
    stream(&sb, 1);
    for (n = 0; n < sb.len; n++) {
        struct probe_compute *pc = fresh();
        struct gd_err err;
        err_init(&err);
        CHECK_INT(probewire_parse_compute((const uint8_t *)sb.buf, n, pc, &err), 0);
        CHECK(!pc->complete);
        done(pc);
    }
    strbuf_release(&sb);
}

static void test_compute_malformed(void)
{
    struct strbuf sb = STRBUF_INIT;
    struct probe_compute *pc = fresh();
    struct gd_err err;
    int i;
    err_init(&err);
    strbuf_add(&sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    for (i = 0; i <= PROBE_COMPUTE_MAX_JIT; i++)
        probewire_put_int(&sb, PW_INT, PF_CC_JIT_TARGET, 0, 50 << 16);
    CHECK_INT(probewire_parse_compute((const uint8_t *)sb.buf, sb.len, pc, &err), -1);
    CHECK_INT((long long)pc->devs[0].n_jit, PROBE_COMPUTE_MAX_JIT);
    done(pc);
    /* A device index out of range. */
    strbuf_reset(&sb);
    strbuf_add(&sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    probewire_put_int(&sb, PW_RC, PF_CC_DEVICE, 70, 0);
    pc = fresh();
    CHECK_INT(probewire_parse_compute((const uint8_t *)sb.buf, sb.len, pc, &err), -1);
    CHECK_INT((long long)pc->n_devs, 0);
    done(pc);
    /* Driver-probe records are not the compute child's: skipped. */
    strbuf_reset(&sb);
    strbuf_add(&sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    probewire_put_int(&sb, PW_RC, PF_CU_INIT, -1, 0);
    probewire_put(&sb, PW_END, PF_NONE, -1);
    pc = fresh();
    CHECK_INT(probewire_parse_compute((const uint8_t *)sb.buf, sb.len, pc, &err), 0);
    CHECK(pc->complete);
    CHECK(pc->init_rc == PROBE_RC_NONE);
    done(pc);
    strbuf_release(&sb);
}

struct lines {
    char v[8][128];
    int n;
};

static void keep(void *arg, const char *line, size_t n)
{
    struct lines *l = arg;
    if (l->n < 8) {
        memcpy(l->v[l->n], line, n < 127 ? n : 127);
        l->v[l->n][n < 127 ? n : 127] = '\0';
        l->n++;
    }
}

static void test_kmsg(void)
{
    static const char kmsg[] =
        "6,1234,5678901,-;usb 1-1: new device\n"
        "4,1235,5678902,-;NVRM: Xid (PCI:0000:2b:00): 79, pid=1234, GPU has fallen off the bus.\n"
        " SUBSYSTEM=pci\n"
        " DEVICE=+pci:0000:2b:00.0\n"
        "4,1236,5678903,c;NVRM: GPU at PCI:0000:2b:00: GPU-0b11d014-1685-04bd-26ed-5fc0bc1c44ae\n"
        "[  269.517039] NVRM: Xid (0000:01:00): 3, C 00000005\n"
        "4,1237,5678904,-;NVRM: Xid (PCI:0000:01:00): 48, pid='<unknown>', DBE";   /* cut: no newline */
    struct lines l;
    memset(&l, 0, sizeof(l));
    probe_kmsg_nvrm((const uint8_t *)kmsg, sizeof(kmsg) - 1, keep, &l);
    CHECK_INT(l.n, 4);
    CHECK_STR(l.v[0], "NVRM: Xid (PCI:0000:2b:00): 79, pid=1234, GPU has fallen off the bus.");
    CHECK_INT(probe_xid_of(l.v[0], strlen(l.v[0])), 79);
    CHECK_INT(probe_xid_of(l.v[1], strlen(l.v[1])), -1);   /* not an Xid line */
    CHECK_INT(probe_xid_of(l.v[2], strlen(l.v[2])), 3);
    CHECK_INT(probe_xid_of(l.v[3], strlen(l.v[3])), 48);
    CHECK(probe_xid_meaning(79) != NULL && strstr(probe_xid_meaning(79), "fallen off the bus"));
    CHECK(probe_xid_meaning(48) != NULL && strstr(probe_xid_meaning(48), "ECC"));
    CHECK(probe_xid_meaning(100000) == NULL);
    CHECK_INT(probe_xid_of("NVRM: Xid (PCI:0000", 19), -1);   /* cut inside the parenthesis */
    /* Every prefix stays inside the buffer. */
    {
        size_t n;
        for (n = 0; n < sizeof(kmsg) - 1; n++) {
            memset(&l, 0, sizeof(l));
            probe_kmsg_nvrm((const uint8_t *)kmsg, n, keep, &l);
            CHECK(l.n <= 4);
        }
    }
}

static void test_kernel(void)
{
    /* The host's check computes the kernel's expression mod 2^32. */
    CHECK(probe_compute_expected(0, 0, 0) == 0);
    CHECK(probe_compute_expected(1, 0, 0) == 2654435761u);
    CHECK(probe_compute_expected(1, 5, 1) == 5u);
    CHECK(probe_compute_expected(0xffffffffu, 1, 0) == (uint32_t)(0xffffffffu * 2654435761u + 1u));
    CHECK(probe_compute_input(0) != probe_compute_input(1));
    /* The build's PTX, when there is any, names its target and the entry. */
    if (probe_ptx_n_variants) {
        size_t i;
        for (i = 0; i < probe_ptx_n_variants; i++) {
            char target[32];
            snprintf(target, sizeof(target), ".target sm_%d", probe_ptx_variants[i].sm);
            CHECK(strstr(probe_ptx_variants[i].text, target) != NULL);
            CHECK(strstr(probe_ptx_variants[i].text, ".entry gd_probe_fill(") != NULL);
            if (i)
                CHECK(probe_ptx_variants[i].sm > probe_ptx_variants[i - 1].sm);
        }
    } else {
        CHECK(probe_ptx_missing[0] != '\0');
    }
}

static int has_code(const struct findings *fl, const char *code)
{
    size_t i;
    for (i = 0; i < fl->nr; i++)
        if (!strcmp(fl->v[i].code, code))
            return 1;
    return 0;
}

static void test_compute_findings(void)
{
    struct probe_compute *pc = fresh();
    struct arena a;
    struct findings fl;
    size_t i;
    int xid_seen = 0;
    arena_init(&a);
    findings_init(&fl, &a);
    pc->child_end = PROBE_CHILD_EXITED;
    pc->init_rc = 0;
    pc->n_devs = 3;
    pc->devs[0].present = 1;
    pc->devs[0].outcome = PC_FAILED;
    pc->devs[0].failed_fn = PF_CC_SYNC;
    pc->devs[0].failed_rc = CU_ERROR_ECC_UNCORRECTABLE;
    pc->devs[1].present = 1;
    pc->devs[1].outcome = PC_PASSED;
    pc->devs[2].present = 1;
    pc->devs[2].outcome = PC_FAILED;
    pc->devs[2].failed_fn = PF_CC_MODULE;
    pc->devs[2].failed_rc = CU_ERROR_UNSUPPORTED_PTX_VERSION;
    pc->devs[2].n_jit = 1;
    pc->devs[2].jit[0].rc = CU_ERROR_UNSUPPORTED_PTX_VERSION;
    pc->devs[2].jit[0].sm = 50;
    memcpy(pc->devs[2].jit[0].isa, "4.0", 4);
    pc->nvrm[pc->n_nvrm++] = "NVRM: Xid (PCI:0000:01:00): 48, pid=1, DBE (0x1) has been detected";
    probe_compute_findings(pc, &fl);
    CHECK_INT((long long)fl.nr, 2);
    CHECK(has_code(&fl, "GD520"));
    CHECK(has_code(&fl, "GD519"));
    for (i = 0; i < fl.v[0].n_evidence; i++)
        xid_seen |= strstr(fl.v[0].evidence[i].text, "Xid 48: double-bit ECC") != NULL;
    CHECK(xid_seen);
    findings_release(&fl);
    /* No kernel built in: one warning, nothing else. */
    done(pc);
    pc = fresh();
    pc->no_kernel = "clang not found";
    findings_init(&fl, &a);
    probe_compute_findings(pc, &fl);
    CHECK_INT((long long)fl.nr, 1);
    CHECK_STR(fl.v[0].code, "GD524");
    findings_release(&fl);
    done(pc);
    arena_release(&a);
    {
        static const char *const codes[] = { "GD518", "GD519", "GD520", "GD521", "GD522", "GD523",
                                             "GD524", "GD525", "GD526", "GD527", NULL };
        const char *const *c;
        for (c = codes; *c; c++) {
            const struct finding_code *fc = finding_code_find(*c);
            CHECK(fc != NULL);
            if (fc)
                CHECK(finding_kind_valid(fc->kind));
        }
    }
}

static void run_init(struct probe_import_run *ir)
{
    memset(ir, 0, sizeof(*ir));
    ir->framework = "torch";
    ir->subject = "torch 2.6.0 (/usr)";
    ir->net_isolated = -1;
    ir->import_ok = ir->gpu = -1;
    ir->device_count = -1;
}

#define ANSWER(s) ((const uint8_t *)(s)), (sizeof(s) - 1)

static void test_import_parse(void)
{
    static const char ok[] =
        "GDI1 net=1\n{\"gd_import\": 1, \"framework\": \"torch\", \"import_ok\": true, \"import_error\": null,"
        " \"version\": \"2.6.0\", \"gpu\": false, \"device_count\": 0, \"cuda\": null, \"cudnn\": null,"
        " \"question\": \"torch.cuda.is_available()\", \"details\": {\"get_arch_list\": \"\", \"x\": \"y\"},"
        " \"mapped\": [\"/usr/lib/x86_64-linux-gnu/libcudart.so.12.4.127\", \"relative.so\"]}";
    static const char fails[] =
        "GDI1 net=0 errno=1\n{\"gd_import\": 1, \"import_ok\": false, \"import_error\": "
        "\"ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory\", \"mapped\": []}";
    struct probe_import_run ir;
    struct arena a;
    size_t n;
    arena_init(&a);

    run_init(&ir);
    CHECK_INT(probe_import_parse(ANSWER(ok), &ir, &a), 0);
    CHECK(ir.run_error == NULL);
    CHECK_INT(ir.net_isolated, 1);
    CHECK_INT(ir.import_ok, 1);
    CHECK_INT(ir.gpu, 0);
    CHECK_INT(ir.device_count, 0);
    CHECK_STR(ir.version, "2.6.0");
    CHECK_STR(ir.details, "x=y");
    CHECK_INT((long long)ir.n_mapped, 1);   /* a relative path is not a mapped file */
    ir.predicted = GPU_NO;
    ir.n_libs = 1;
    ir.libs[0].library = "libcudart.so.12";
    ir.libs[0].predicted = "/usr/lib/x86_64-linux-gnu/libcudart.so.12.4.127";
    probe_import_compare(&ir, &a);
    CHECK_INT(ir.gpu_cmp, PI_AGREE);
    CHECK_INT(ir.libs[0].cmp, PI_AGREE);
    ir.libs[0].predicted = "/opt/cuda/lib64/libcudart.so.12.4.127";
    probe_import_compare(&ir, &a);
    CHECK_INT(ir.libs[0].cmp, PI_DISAGREE);
    ir.predicted = GPU_YES;
    probe_import_compare(&ir, &a);
    CHECK_INT(ir.gpu_cmp, PI_DISAGREE);
    ir.predicted = GPU_UNKNOWN;
    probe_import_compare(&ir, &a);
    CHECK_INT(ir.gpu_cmp, PI_NOT_COMPARED);

    run_init(&ir);
    CHECK_INT(probe_import_parse(ANSWER(fails), &ir, &a), 0);
    CHECK_INT(ir.net_isolated, 0);
    CHECK(ir.net_error && strstr(ir.net_error, "could not be isolated"));
    CHECK_INT(ir.import_ok, 0);
    ir.predicted = GPU_NO;
    ir.n_libs = 1;
    ir.libs[0].library = "libcudnn.so.9";
    ir.libs[0].predicted = NULL;   /* the model does not find it either */
    probe_import_compare(&ir, &a);
    CHECK_STR(ir.missing_lib, "libcudnn.so.9");
    CHECK_INT(ir.missing_cmp, PI_AGREE);
    CHECK_INT(ir.gpu_cmp, PI_AGREE);   /* a failed import is "no GPU" */
    ir.libs[0].predicted = "/usr/lib/x86_64-linux-gnu/libcudnn.so.9";
    probe_import_compare(&ir, &a);
    CHECK_INT(ir.missing_cmp, PI_DISAGREE);

    /* No header, no answer, not gpudoctor's JSON, every prefix. */
    run_init(&ir);
    CHECK_INT(probe_import_parse(ANSWER("Traceback"), &ir, &a), 0);
    CHECK(ir.run_error != NULL);
    run_init(&ir);
    CHECK_INT(probe_import_parse(ANSWER("GDI1 net=1\n"), &ir, &a), 0);
    CHECK(ir.run_error != NULL && strstr(ir.run_error, "no answer"));
    run_init(&ir);
    CHECK_INT(probe_import_parse(ANSWER("GDI1 net=1\n{\"gd_import\": 2}"), &ir, &a), 0);
    CHECK(ir.run_error != NULL);
    for (n = 0; n < sizeof(ok) - 1; n++) {
        run_init(&ir);
        CHECK_INT(probe_import_parse((const uint8_t *)ok, n, &ir, &a), 0);
        CHECK(ir.run_error != NULL);
    }
    arena_release(&a);
}

static void test_import_findings(void)
{
    struct probe_import pi;
    struct arena a;
    struct findings fl;
    probe_import_init(&pi);
    arena_init(&a);
    findings_init(&fl, &a);
    pi.runs = calloc(3, sizeof(*pi.runs));
    pi.n_runs = pi.alloc_runs = 3;
    run_init(&pi.runs[0]);
    pi.runs[0].gpu_cmp = PI_DISAGREE;
    pi.runs[0].predicted = GPU_NO;
    pi.runs[0].import_ok = 1;
    pi.runs[0].gpu = 1;
    pi.runs[0].question = "torch.cuda.is_available()";
    run_init(&pi.runs[1]);
    pi.runs[1].run_error = "no answer within 1 s";
    run_init(&pi.runs[2]);
    pi.runs[2].gpu_cmp = PI_AGREE;
    probe_import_findings(&pi, &fl);
    CHECK_INT((long long)fl.nr, 2);
    CHECK_STR(fl.v[0].code, "GD525");
    CHECK(strstr(fl.v[0].title, "check predicted no GPU, but torch.cuda.is_available() says a GPU is usable") != NULL);
    CHECK_STR(fl.v[0].fixes[0].command, "gpudoctor check --facts > gpudoctor-facts.json");
    CHECK_STR(fl.v[1].code, "GD527");
    findings_release(&fl);
    arena_release(&a);
    probe_import_release(&pi);
}

int main(void)
{
    RUN(test_compute_wire);
    RUN(test_compute_prefixes);
    RUN(test_compute_malformed);
    RUN(test_kmsg);
    RUN(test_kernel);
    RUN(test_compute_findings);
    RUN(test_import_parse);
    RUN(test_import_findings);
    return harness_done();
}
