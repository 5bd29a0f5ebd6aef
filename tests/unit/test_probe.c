/*
 * test_probe.c - the probe's wire protocol (encode, parse, every malformed
 * shape), the merge of NVML and CUDA views, and the findings rules, on
 * crafted results (no child process, no driver).
 */
#include <stdlib.h>
#include <string.h>

#include "diagnose/fixes.h"
#include "harness.h"
#include "probe/probe.h"
#include "probe/probewire.h"

static struct probe_result *fresh(void)
{
    struct probe_result *r = malloc(sizeof(*r));
    probe_result_init(r);
    return r;
}

static void done(struct probe_result *r)
{
    probe_result_release(r);
    free(r);
}

static void stream_healthy(struct strbuf *sb)
{
    strbuf_add(sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    probewire_put(sb, PW_LOADED, PF_LIB_NVML, -1);
    probewire_put(sb, PW_BEGIN, PF_NVML_INIT, -1);
    probewire_put_int(sb, PW_RC, PF_NVML_INIT, -1, 0);
    probewire_put_str(sb, PW_STR, PF_NVML_DRIVER_VERSION, -1, "550.54.15");
    probewire_put_int(sb, PW_INT, PF_NVML_COUNT, -1, 2);
    probewire_put_str(sb, PW_STR, PF_NVML_NAME, 0, "GPU A");
    probewire_put_str(sb, PW_STR, PF_NVML_PCI, 0, "00000000:01:00.0");
    probewire_put_int(sb, PW_INT, PF_NVML_CC, 0, (8 << 16) | 9);
    probewire_put_str(sb, PW_STR, PF_NVML_NAME, 1, "GPU B");
    probewire_put_str(sb, PW_STR, PF_NVML_PCI, 1, "00000000:02:00.0");
    probewire_put(sb, PW_LOADED, PF_LIB_CUDA, -1);
    probewire_put_int(sb, PW_INT, PF_CU_DRIVER_VERSION, -1, 12040);
    probewire_put(sb, PW_BEGIN, PF_CU_INIT, -1);
    probewire_put_int(sb, PW_TIME, PF_CU_INIT, -1, 1500000);
    probewire_put_int(sb, PW_RC, PF_CU_INIT, -1, 0);
    probewire_put_int(sb, PW_INT, PF_CU_COUNT, -1, 1);
    probewire_put_str(sb, PW_STR, PF_CU_NAME, 0, "GPU B");
    probewire_put_str(sb, PW_STR, PF_CU_PCI, 0, "0000:02:00.0");
    probewire_put_int(sb, PW_INT, PF_CU_TOTAL_MEM, 0, 1024);
    probewire_put(sb, PW_END, PF_NONE, -1);
}

static void test_wire_roundtrip(void)
{
    struct strbuf sb = STRBUF_INIT;
    struct probe_result *r = fresh();
    struct gd_err err;
    err_init(&err);
    stream_healthy(&sb);
    CHECK_INT(probewire_parse((const uint8_t *)sb.buf, sb.len, r, &err), 0);
    CHECK_INT(r->complete, 1);
    CHECK_INT(r->in_flight_fn, 0);
    CHECK_STR(r->driver_version, "550.54.15");
    CHECK_INT(r->nvml_count, 2);
    CHECK_INT(r->cu_count, 1);
    CHECK_INT(r->cu_driver_version, 12040);
    CHECK_INT((long long)r->cu_init_ns, 1500000);
    CHECK_INT(r->nvml_dev[0].cc_major, 8);
    CHECK_INT(r->nvml_dev[0].cc_minor, 9);
    CHECK_INT(r->cuda.state, PROBE_LIB_LOADED);
    CHECK_INT(probe_rc(r, PF_CU_INIT, -1), 0);
    CHECK(probe_rc(r, PF_CU_COUNT, -1) == PROBE_RC_NONE);
    probe_merge(r);
    CHECK_INT((long long)r->n_gpus, 2);
    CHECK_INT(r->gpus[0].cuda_index, -1);
    CHECK_INT(r->gpus[1].cuda_index, 0);
    CHECK_INT(r->gpus[1].nvml_index, 1);
    done(r);
    strbuf_release(&sb);
}

static void test_wire_truncated(void)
{
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    size_t cut;
    err_init(&err);
    stream_healthy(&sb);
    /* Every prefix parses (a child can die anywhere) and is never complete. */
    for (cut = 0; cut < sb.len; cut++) {
        struct probe_result *r = fresh();
        CHECK_INT(probewire_parse((const uint8_t *)sb.buf, cut, r, &err), 0);
        CHECK_INT(r->complete, 0);
        done(r);
    }
    strbuf_release(&sb);
}

static void test_wire_in_flight(void)
{
    struct strbuf sb = STRBUF_INIT;
    struct probe_result *r = fresh();
    struct gd_err err;
    err_init(&err);
    strbuf_add(&sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    probewire_put(&sb, PW_BEGIN, PF_LIB_CUDA, -1);
    probewire_put(&sb, PW_LOADED, PF_LIB_CUDA, -1);
    probewire_put(&sb, PW_BEGIN, PF_CU_INIT, -1);
    CHECK_INT(probewire_parse((const uint8_t *)sb.buf, sb.len, r, &err), 0);
    CHECK_INT(r->in_flight_fn, PF_CU_INIT);
    CHECK_STR(probe_fn_name(r->in_flight_fn), "cuInit");
    done(r);
    strbuf_release(&sb);
}

static int parse_bytes(const char *bytes, size_t len)
{
    struct probe_result *r = fresh();
    struct gd_err err;
    int rc;
    err_init(&err);
    rc = probewire_parse((const uint8_t *)bytes, len, r, &err);
    done(r);
    return rc;
}

static void test_wire_malformed(void)
{
    /* bad magic */
    CHECK_INT(parse_bytes("GDPW2\n", 6), -1);
    CHECK_INT(parse_bytes("XY", 2), -1);
    /* RC with a 4-byte payload */
    CHECK_INT(parse_bytes("GDPW1\n\x02\x22\xff\x04\x00" "abcd", 15), -1);
    /* BEGIN with a payload */
    CHECK_INT(parse_bytes("GDPW1\n\x01\x22\xff\x01\x00" "a", 12), -1);
    /* a string with a NUL */
    CHECK_INT(parse_bytes("GDPW1\n\x04\x03\xff\x02\x00" "a\0", 13), -1);
    /* device out of range */
    CHECK_INT(parse_bytes("GDPW1\n\x01\x22\x40\x00\x00", 11), -1);
    /* records after END */
    CHECK_INT(parse_bytes("GDPW1\n\x09\x00\xff\x00\x00\x09\x00\xff\x00\x00", 16), -1);
    /* unknown type and unknown fn are skipped */
    CHECK_INT(parse_bytes("GDPW1\n\x63\x22\xff\x01\x00" "a", 12), 0);
    CHECK_INT(parse_bytes("GDPW1\n\x02\x3f\xff\x08\x00" "12345678", 19), 0);
    /* empty */
    CHECK_INT(parse_bytes("", 0), 0);
}

static void test_wire_long_string_cut(void)
{
    struct strbuf sb = STRBUF_INIT;
    struct probe_result *r = fresh();
    struct gd_err err;
    char big[600];
    memset(big, 'x', sizeof(big) - 1);
    big[sizeof(big) - 1] = '\0';
    err_init(&err);
    strbuf_add(&sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    probewire_put_str(&sb, PW_STR, PF_CU_NAME, 3, big);
    CHECK_INT((long long)sb.len, PROBEWIRE_MAGIC_LEN + PROBEWIRE_HDR_LEN + PROBEWIRE_STR_MAX);
    CHECK_INT(probewire_parse((const uint8_t *)sb.buf, sb.len, r, &err), 0);
    CHECK_INT((long long)strlen(r->cu_dev[3].name), PROBE_STR_MAX - 1);
    done(r);
    strbuf_release(&sb);
}

static int has_code(const struct findings *fl, const char *code, enum severity sev)
{
    size_t i;
    for (i = 0; i < fl->nr; i++)
        if (!strcmp(fl->v[i].code, code) && fl->v[i].severity == sev)
            return 1;
    return 0;
}

static void add_call(struct probe_result *r, int fn, int64_t rc)
{
    r->calls[r->n_calls].fn = (uint8_t)fn;
    r->calls[r->n_calls].dev = -1;
    r->calls[r->n_calls].rc = rc;
    r->n_calls++;
}

static void test_rules(void)
{
    static const struct {
        int64_t cu_rc, nvml_rc;
        const char *cvd;
        int nvml_count;
        const char *code;
        enum severity sev;
    } cases[] = {
        { 100, 0, NULL, 0, "GD503", SEV_ERROR },
        { 100, 0, "", 2, "GD504", SEV_ERROR },
        { 100, 0, "7", 2, "GD504", SEV_ERROR },
        { 34, 0, NULL, 1, "GD502", SEV_ERROR },
        { 803, 0, NULL, 1, "GD505", SEV_ERROR },
        { 804, 0, NULL, 1, "GD506", SEV_ERROR },
        { 999, 0, NULL, 1, "GD507", SEV_ERROR },
        { 999, 18, NULL, 1, "GD508", SEV_ERROR },
        { 100, 9, NULL, 0, "GD509", SEV_ERROR },
        { 46, 0, NULL, 1, "GD514", SEV_ERROR },
    };
    size_t i;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct probe_result *r = fresh();
        struct arena a;
        struct findings fl;
        arena_init(&a);
        findings_init(&fl, &a);
        r->cuda.state = PROBE_LIB_LOADED;
        r->cuda.path = "/usr/lib/libcuda.so.1";
        r->child_end = PROBE_CHILD_EXITED;
        r->complete = 1;
        r->cuda_visible_devices = cases[i].cvd;
        r->nvml_count = cases[i].nvml_count;
        add_call(r, PF_NVML_INIT, cases[i].nvml_rc);
        add_call(r, PF_CU_INIT, cases[i].cu_rc);
        probe_findings(r, NULL, &fl);
        if (!has_code(&fl, cases[i].code, cases[i].sev))
            printf("  case %zu: no %s\n", i, cases[i].code);
        CHECK(has_code(&fl, cases[i].code, cases[i].sev));
        findings_release(&fl);
        arena_release(&a);
        done(r);
    }
}

static void test_rules_child(void)
{
    struct probe_result *r = fresh();
    struct arena a;
    struct findings fl;
    arena_init(&a);
    findings_init(&fl, &a);
    r->cuda.state = PROBE_LIB_SELECTED;
    r->child_end = PROBE_CHILD_TIMEOUT;
    r->in_flight_fn = PF_CU_INIT;
    probe_findings(r, NULL, &fl);
    CHECK(has_code(&fl, "GD511", SEV_ERROR));
    CHECK(strstr(fl.v[0].title, "cuInit") != NULL);
    findings_release(&fl);
    findings_init(&fl, &a);
    r->child_end = PROBE_CHILD_SIGNALED;
    r->child_code = 11;
    probe_findings(r, NULL, &fl);
    CHECK(has_code(&fl, "GD512", SEV_ERROR));
    findings_release(&fl);
    findings_init(&fl, &a);
    r->child_end = PROBE_CHILD_NOT_RUN;
    r->cuda.state = PROBE_LIB_NOT_FOUND;
    probe_findings(r, NULL, &fl);
    CHECK(has_code(&fl, "GD501", SEV_ERROR));
    CHECK_INT((long long)fl.nr, 1);
    findings_release(&fl);
    arena_release(&a);
    done(r);
}

/* GD501's fix follows the machine (diagnose/fixes.h): the distribution's
 * command, the Windows driver on WSL2 -- the same as check's. */
static void test_rules_no_driver_fixes(void)
{
    static const struct { const char *distro; int wsl; const char *want, *never; } cases[] = {
        { "debian", 0, "apt-get install linux-headers-amd64 nvidia-driver firmware-misc-nonfree", "ubuntu-drivers" },
        { "ubuntu", 0, "sudo ubuntu-drivers install", "firmware-misc-nonfree" },
        { "ubuntu", 2, "export LD_LIBRARY_PATH=/usr/lib/wsl/lib", "ubuntu-drivers" },
        { "fedora", 0, "dnf install akmod-nvidia", "apt-get" },
    };
    size_t i, j;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct probe_result *r = fresh();
        struct arena a;
        struct findings fl;
        struct fix_ctx fx;
        int want = 0, never = 0;
        arena_init(&a);
        findings_init(&fl, &a);
        fix_ctx_init(&fx, NULL, &a);
        fx.distro = cases[i].distro;
        fx.family = fix_family_of(cases[i].distro);
        fx.wsl = cases[i].wsl;
        r->child_end = PROBE_CHILD_NOT_RUN;
        r->cuda.state = PROBE_LIB_NOT_FOUND;
        probe_findings(r, &fx, &fl);
        CHECK(has_code(&fl, "GD501", SEV_ERROR));
        for (j = 0; fl.nr && j < fl.v[0].n_fixes; j++) {
            const char *c = fl.v[0].fixes[j].command ? fl.v[0].fixes[j].command : "";
            want |= strstr(c, cases[i].want) != NULL;
            never |= strstr(c, cases[i].never) != NULL || strstr(c, "modprobe") != NULL;
        }
        if (!want || never)
            printf("  case %zu (%s, wsl %d)\n", i, cases[i].distro, cases[i].wsl);
        CHECK(want && !never);
        findings_release(&fl);
        arena_release(&a);
        done(r);
    }
}

static void test_names(void)
{
    CHECK_STR(probe_cu_error_name(804), "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE");
    CHECK_STR(probe_cu_error_name(34), "CUDA_ERROR_STUB_LIBRARY");
    CHECK_STR(probe_nvml_error_name(18), "NVML_ERROR_LIB_RM_VERSION_MISMATCH");
    CHECK(probe_cu_error_name(12345) == NULL);
    CHECK_STR(probe_fn_name(PF_CU_TOTAL_MEM), "cuDeviceTotalMem_v2");
    CHECK_STR(probe_fn_name(200), "?");
    /* Every code the rules can raise is registered with a valid kind. */
    {
        static const char *const codes[] = { "GD501", "GD502", "GD503", "GD504", "GD505",
                                              "GD506", "GD507", "GD508", "GD509", "GD510",
                                              "GD511", "GD512", "GD513", "GD514", "GD515", NULL };
        const char *const *c;
        for (c = codes; *c; c++) {
            const struct finding_code *fc = finding_code_find(*c);
            CHECK(fc != NULL);
            if (fc)
                CHECK(finding_kind_valid(fc->kind));
        }
    }
}

/* ps --probe: NVML's compute processes, a pid record then its memory. */
static void test_wire_procs(void)
{
    struct probe_result *r = fresh();
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    int i;

    err_init(&err);
    strbuf_add(&sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    probewire_put_int(&sb, PW_INT, PF_NVML_PROC_MEM, 0, 99);   /* no pid before it: ignored */
    probewire_put(&sb, PW_BEGIN, PF_NVML_PROCS, 0);
    probewire_put_int(&sb, PW_RC, PF_NVML_PROCS, 0, 0);
    probewire_put_int(&sb, PW_INT, PF_NVML_PROC_PID, 0, 4242);
    probewire_put_int(&sb, PW_INT, PF_NVML_PROC_MEM, 0, 1 << 30);
    probewire_put_int(&sb, PW_INT, PF_NVML_PROC_PID, 0, 7);
    probewire_put_int(&sb, PW_INT, PF_NVML_PROC_MEM, 0, -1);
    probewire_put_int(&sb, PW_INT, PF_NVML_PROC_PID, 1, 8);
    probewire_put_int(&sb, PW_INT, PF_NVML_PROC_MEM, 0, 5);   /* another device's: not pid 8's */
    probewire_put(&sb, PW_END, PF_NONE, -1);
    CHECK_INT(probewire_parse((const uint8_t *)sb.buf, sb.len, r, &err), 0);
    CHECK_INT(r->procs_asked, 1);
    CHECK_INT(r->n_procs, 3);
    CHECK_INT(r->procs[0].pid, 4242);
    CHECK(r->procs[0].mem == (uint64_t)1 << 30);
    CHECK(r->procs[1].mem == UINT64_MAX);
    CHECK_INT(r->procs[2].dev, 1);
    CHECK(r->procs[2].mem == UINT64_MAX);
    CHECK_STR(probe_fn_name(PF_NVML_PROCS), "nvmlDeviceGetComputeRunningProcesses_v3");
    done(r);
    /* A refused question: nothing listed, and not "asked". */
    r = fresh();
    strbuf_reset(&sb);
    strbuf_add(&sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    probewire_put_int(&sb, PW_RC, PF_NVML_PROCS, 0, 4);
    probewire_put(&sb, PW_END, PF_NONE, -1);
    CHECK_INT(probewire_parse((const uint8_t *)sb.buf, sb.len, r, &err), 0);
    CHECK_INT(r->procs_asked, 0);
    done(r);
    /* More than it keeps: the rest is dropped, the stream still parses. */
    r = fresh();
    strbuf_reset(&sb);
    strbuf_add(&sb, PROBEWIRE_MAGIC, PROBEWIRE_MAGIC_LEN);
    for (i = 0; i < PROBE_MAX_PROCS + 10; i++)
        probewire_put_int(&sb, PW_INT, PF_NVML_PROC_PID, i % PROBE_MAX_DEVICES, i + 1);
    CHECK_INT(probewire_parse((const uint8_t *)sb.buf, sb.len, r, &err), 0);
    CHECK_INT(r->n_procs, PROBE_MAX_PROCS);
    done(r);
    strbuf_release(&sb);
}

int main(void)
{
    RUN(test_wire_procs);
    RUN(test_wire_roundtrip);
    RUN(test_wire_truncated);
    RUN(test_wire_in_flight);
    RUN(test_wire_malformed);
    RUN(test_wire_long_string_cut);
    RUN(test_rules);
    RUN(test_rules_child);
    RUN(test_rules_no_driver_fixes);
    RUN(test_names);
    return harness_done();
}
