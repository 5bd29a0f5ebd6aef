/*
 * cmd_probe.c - `gpudoctor probe`: ask the NVIDIA driver itself, in a child
 * process with a timeout.  The one subcommand that loads code from the
 * machine; see docs/probe.md.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "compat/compat.h"
#include "cli/examine.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "cli/version.h"
#include "diagnose/diagnose.h"
#include "diagnose/fixes.h"
#include "scan/scan.h"
#include "diagnose/lookup.h"
#include "kb/kb.h"
#include "probe/compute.h"
#include "probe/import.h"
#include "probe/probe.h"
#include "probe/verify.h"
#include "report/out.h"
#include "report/probe.h"
#include "util/alloc.h"
#include "util/banned.h"

#define MAX_TIMEOUT_S 600

struct probe_args {
    unsigned timeout_ms;
    long timeout_s;
    int verify;
    int compute;
    int import;
    long import_timeout_s;
    struct scan_options so;   /* --python / --prefix, for --verify-libs and --import */
};

#define OFF(field) offsetof(struct probe_args, field)

static const struct opt_def probe_rows[] = {
    { .name = "timeout", .kind = OPT_LONG, .off = OFF(timeout_s), .min = 1, .max = MAX_TIMEOUT_S,
      .metavar = "SECONDS", .help = "give the driver this long in all (1-600, default 10); with --compute, "
                                    "also each step of the compute test" },
    { .name = "json", .kind = OPT_FLAG, .off = offsetof(struct options, format), .ival = FMT_JSON,
      .flags = OPT_IN_OPTIONS, .help = "write JSON (schema gpudoctor-probe/1, docs/json.md)" },
    { .name = "python", .kind = OPT_STRING, .off = OFF(so.python), .metavar = "PATH", .arg = ARG_FILE,
      .help = "with --verify-libs or --import: the environment of this interpreter is the one judged" },
    { .name = "prefix", .kind = OPT_STRING, .off = OFF(so.prefix), .metavar = "DIR", .arg = ARG_DIR,
      .help = "with --verify-libs or --import: the Python environment at DIR is the one judged" },
    { .name = "verify-libs", .kind = OPT_FLAG, .off = OFF(verify), .ival = 1,
      .help = "also scan and diagnose as `check` does, then load, in a child process per framework "
              "install, exactly the library files the loader model predicts (by full path, the CUDA "
              "runtime before cuDNN) and report each dlerror: a failure the model did not predict is "
              "GD516.  Off by default: it runs their constructors" },
    { .name = "compute", .kind = OPT_FLAG, .off = OFF(compute), .ival = 1,
      .help = "also run a tiny kernel on every visible GPU through the driver API (no framework): a "
              "context, 32 MiB copied each way (bandwidth), the kernel's PTX compiled by the driver's JIT "
              "(its log kept), launched, synchronised and every element checked; a failure, a hang, a "
              "wrong result or an Xid is a finding" },
    { .name = "import", .kind = OPT_FLAG, .off = OFF(import), .ival = 1,
      .help = "also scan as `check` does, then RUN each framework install's own Python interpreter "
              "(isolated: -I, the examined environment only, no network) to import the framework and ask "
              "it whether it uses the GPU and which CUDA libraries it loaded, and compare that with "
              "check's prediction: a disagreement is a finding.  Off by default: it runs the "
              "environment's code" },
    { .name = "import-timeout", .kind = OPT_LONG, .off = OFF(import_timeout_s), .min = 1, .max = MAX_TIMEOUT_S,
      .metavar = "SECONDS", .help = "with --import: give each interpreter this long (default 120)" },
    { .name = "root", .kind = OPT_STRING, .off = offsetof(struct options, root), .metavar = "DIR",
      .arg = ARG_DIR, .flags = OPT_IN_OPTIONS,
      .help = "refused: probe loads this machine's driver, never a tree's" },
    OPT_END
};
static const struct opt_group probe_group = { "Options of probe", NULL, probe_rows, 0 };
static const struct opt_group *const probe_groups[] = { &probe_group, &options_shared, NULL };
static const char *const probe_synopsis[] = { "gpudoctor probe [--timeout SECONDS] [--compute] [--import] [--verify-libs] "
                                              "[--json] [options]",
                                              NULL };
static const struct help_block probe_about[] = {
    { NULL, "Ask the NVIDIA driver itself which GPUs it can use: the one subcommand that LOADS CODE from "
            "this machine.  It finds libcuda.so.1 and libnvidia-ml.so.1 as the dynamic loader would "
            "(LD_LIBRARY_PATH from the environment, see --env), shows them, refuses a CUDA toolkit stub "
            "and any copy inside a Python environment, then loads them by full path in a child process "
            "(running their initialisation code) and asks for the driver version, the driver's CUDA "
            "version, every device (name, compute capability, memory, PCI bus id, UUID) and what "
            "CUDA_VISIBLE_DEVICES leaves visible.  A driver that hangs or crashes is killed at the "
            "timeout and reported." },
    { NULL, "The child has a session of its own and (Linux x86-64, AArch64) a seccomp guard: it cannot "
            "stop, kill, trace or read gpudoctor, nor signal its process group.  Not protected: the "
            "driver runs with your privileges (your files, the network, memory and CPU until the "
            "timeout), and a process it starts in a session of its own may outlive the probe; "
            "docs/probe.md says what is and is not protected." },
    { NULL, NULL }
};
static const struct exit_doc probe_exits[] = {
    { GD_EXIT_OK, "the driver answered and nothing is wrong" },
    { GD_EXIT_FINDINGS, "an error finding (no driver, no device, a hang, a crash, ...; with --strict: or "
                        "a warning)" },
    { GD_EXIT_USAGE, "usage error" },
    { GD_EXIT_FAILURE, "the probe could not run, or the output could not be written" },
    { -1, NULL }
};

const struct cmd_spec probe_spec = { probe_synopsis, probe_about, probe_groups, NULL, 0, 0, NULL,
                                     probe_exits, NULL, NULL };

static int parse_args(int argc, char **argv, struct options *o, struct probe_args *pa, int *rc)
{
    if (cmd_parse("probe", &probe_spec, o, pa, argc, argv, rc) < 0)
        return -1;
    if (pa->timeout_s)
        pa->timeout_ms = (unsigned)pa->timeout_s * 1000u;
    /* Loading code from another tree would run that tree's driver on this
     * kernel: meaningless, and unsafe.  docs/probe.md. */
    if (o->root) {
        *rc = usage_error("probe", "'--root' cannot be used: probe loads this machine's driver "
                                   "(use 'gpudoctor check --root DIR' to examine a tree)");
        return -1;
    }
    if (o->format == FMT_MARKDOWN || o->format == FMT_FACTS) {
        *rc = usage_error("probe", "probe writes text or --json only");
        return -1;
    }
    if ((pa->so.python || pa->so.prefix) && !pa->verify && !pa->import) {
        *rc = usage_error("probe", "'--python' and '--prefix' choose what --verify-libs or --import judges");
        return -1;
    }
    if (pa->import_timeout_s && !pa->import) {
        *rc = usage_error("probe", "'--import-timeout' needs --import");
        return -1;
    }
    return 0;
}

/*
 * --verify-libs and --import: scan and diagnose as `check` does (with the
 * driver's answers folded in), then load each install's predicted
 * libraries, and/or run each install's interpreter.
 */
static void judge_installs(struct run_ctx *ctx, struct kb *kb, const struct probe_args *pa,
                           struct probe_result *r, struct probe_verify *pv, struct probe_import *pi,
                           struct out *out, int text, struct findings *fl)
{
    struct facts facts;
    struct resolve_config rcfg;
    struct resolver resolver;
    struct lookup lk;
    struct diagnosis dx;
    struct gd_err err;

    err_init(&err);
    facts_init(&facts);
    examine_scan(ctx, kb, &pa->so, &rcfg, &resolver, &facts);
    probe_fold_facts(r, &facts);
    lookup_init(&lk, &resolver, &facts);
    diagnose_run(&facts, kb, &lk, &dx, &facts.arena);
    if (pa->verify) {
        if (probe_verify_run(pv, &dx, &ctx->fs, pa->timeout_ms, &err) < 0)
            fprintf(stderr, "gpudoctor probe: --verify-libs: %s\n", err.msg);
        probe_verify_findings(pv, fl);
        r->verify = pv;
    }
    if (pa->import) {
        probe_import_plan(pi, &dx, &ctx->fs);
        /* Say what will run before running it. */
        if (text)
            report_probe_import_intro(out, pi);
        if (probe_import_execute(pi, &ctx->env, &ctx->fs,
                                 pa->import_timeout_s ? (unsigned)pa->import_timeout_s * 1000u
                                                      : PROBE_IMPORT_DEFAULT_TIMEOUT_MS, &err) < 0)
            fprintf(stderr, "gpudoctor probe: --import: %s\n", err.msg);
        probe_import_findings(pi, fl);
        r->import = pi;
    }
    diagnosis_release(&dx);
    resolver_release(&resolver);
    facts_release(&facts);
}

/* The progress note goes to stderr, and only when it is a terminal. */
static void progress_note(void *arg, const char *call, unsigned waited_s, unsigned timeout_s)
{
    *(int *)arg = 1;
    report_probe_progress(stderr, call, waited_s, timeout_s);
}

int cmd_probe(int argc, char **argv)
{
    int noted = 0;
    struct options o;
    struct run_ctx ctx;
    struct gd_err err;
    struct probe_result *r;
    struct probe_verify pv;
    struct probe_compute *pc;
    struct probe_import pi;
    struct findings fl;
    struct arena fa;
    struct out out;
    struct kb *kb = NULL;
    struct probe_args pa;
    int rc = GD_EXIT_OK, m;

    options_init(&o);
    err_init(&err);
    memset(&pa, 0, sizeof(pa));
    pa.timeout_ms = PROBE_DEFAULT_TIMEOUT_MS;
    if (parse_args(argc, argv, &o, &pa, &rc) < 0) {
        options_release(&o);
        return rc;
    }
    if (pa.verify || pa.import) {
        /* The diagnosis needs the knowledge base too. */
        if ((rc = options_open(&o, "probe", &ctx, &kb)) != 0) {
            options_release(&o);
            return rc;
        }
        if ((rc = examine_check_named_env(&ctx, &pa.so, "probe")) != 0) {
            kb_free(kb);
            run_ctx_release(&ctx, NULL);
            options_release(&o);
            return rc;
        }
    } else if (options_setup(&o, &ctx, &err) < 0) {
        int usage = err.code == GD_ERR_USAGE;
        fprintf(stderr, "gpudoctor probe: %s\n", err.msg);
        run_ctx_release(&ctx, NULL);
        options_release(&o);
        return usage ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
    }
    memset(&out, 0, sizeof(out));
    out.fp = ctx.out;
    out.color = ctx.color;
    r = xmalloc(sizeof(*r));
    probe_result_init(r);
    probe_verify_init(&pv);
    pc = xmalloc(sizeof(*pc));
    probe_compute_init(pc);
    probe_import_init(&pi);
    arena_init(&fa);
    findings_init(&fl, &fa);

    probe_select(r, &ctx.fs, &ctx.env);
    /* Show what will be loaded before loading it. */
    if (o.format == FMT_TEXT)
        report_probe_libraries(&out, r);
    if (compat_isatty(2)) {
        r->progress.fn = progress_note;
        r->progress.arg = &noted;
    }
    m = probe_execute(r, &ctx.fs, &ctx.env, pa.timeout_ms, &err);
    if (noted)
        report_probe_progress_end(stderr);
    if (m < 0) {
        fprintf(stderr, "gpudoctor probe: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
        goto done;
    }
    {
        /* The machine as the fix engine needs it (distribution, WSL2,
         * container): the system observer only, files read, nothing run. */
        struct facts sys;
        struct scan_ctx sc;
        struct fix_ctx fx;
        facts_init(&sys);
        memset(&sc, 0, sizeof(sc));
        sc.fs = &ctx.fs;
        sc.env = &ctx.env;
        sc.kb = kb;
        sc.facts = &sys;
        scan_system(&sc);
        fix_ctx_from_facts(&fx, &sys, kb, &fa);
        fx.distro = fx.distro ? arena_strdup(&fa, fx.distro) : NULL;
        fx.container = fx.container ? arena_strdup(&fa, fx.container) : NULL;
        fx.arch = fx.arch ? arena_strdup(&fa, fx.arch) : NULL;
        fx.os = arena_strdup(&fa, fx.os);
        fx.driver = NULL;   /* the probe's own answer, not a file, says the driver's version */
        probe_findings(r, &fx, &fl);
        facts_release(&sys);
    }
    if (pa.compute) {
        if (probe_compute_run(pc, r, &ctx.fs, &ctx.env, pa.timeout_ms, &err) < 0)
            fprintf(stderr, "gpudoctor probe: --compute: %s\n", err.msg);
        probe_compute_findings(pc, &fl);
        r->compute = pc;
    }
    if (pa.verify || pa.import)
        judge_installs(&ctx, kb, &pa, r, &pv, &pi, &out, o.format == FMT_TEXT, &fl);
    findings_sort(&fl);
    m = findings_max_severity(&fl);
    rc = (m >= SEV_ERROR || (o.strict && m >= SEV_WARNING)) ? GD_EXIT_FINDINGS : GD_EXIT_OK;
    if (o.format == FMT_JSON) {
        struct strbuf sb = STRBUF_INIT;
        report_probe_json(&sb, r, &fl, GD_VERSION, rc);
        fputs(sb.buf, ctx.out);
        strbuf_release(&sb);
    } else {
        report_probe_text(&out, r, &fl);
    }
done:
    findings_release(&fl);
    arena_release(&fa);
    probe_verify_release(&pv);
    probe_compute_release(pc);
    free(pc);
    probe_import_release(&pi);
    probe_result_release(r);
    free(r);
    kb_free(kb);
    if (run_ctx_release(&ctx, &err) < 0) {
        fprintf(stderr, "gpudoctor probe: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
    }
    options_release(&o);
    return rc;
}
