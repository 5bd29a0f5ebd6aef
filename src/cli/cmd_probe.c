/*
 * cmd_probe.c - `gpudoctor probe`: ask the NVIDIA driver itself, in a child
 * process with a timeout.  The one subcommand that loads code from the
 * machine; see docs/probe.md.
 */
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
#include "probe/probe.h"
#include "probe/verify.h"
#include "report/out.h"
#include "report/probe.h"
#include "util/alloc.h"
#include "util/banned.h"

#define MAX_TIMEOUT_S 600

struct probe_args {
    unsigned timeout_ms;
    int verify;
    struct scan_options so;   /* --python / --prefix, for --verify-libs */
};

static int parse_args(int argc, char **argv, struct options *o, struct probe_args *pa, int *rc)
{
    struct gd_err err;
    int i;
    err_init(&err);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--timeout")) {
            long v;
            if (i + 1 >= argc) {
                *rc = usage_error("probe", "option '--timeout' needs an argument");
                return -1;
            }
            if (parse_int_arg(argv[++i], 1, MAX_TIMEOUT_S, &v) < 0) {
                *rc = usage_error("probe", "option '--timeout' takes whole seconds from 1 to %d, not '%s'",
                                  MAX_TIMEOUT_S, argv[i]);
                return -1;
            }
            pa->timeout_ms = (unsigned)v * 1000u;
            continue;
        }
        if (!strcmp(a, "--verify-libs")) {
            pa->verify = 1;
            continue;
        }
        if (!strcmp(a, "--python") || !strcmp(a, "--prefix")) {
            if (i + 1 >= argc) {
                *rc = usage_error("probe", "option '%s' needs an argument", a);
                return -1;
            }
            if (!strcmp(a, "--python"))
                pa->so.python = argv[++i];
            else
                pa->so.prefix = argv[++i];
            continue;
        }
        switch (options_parse_common(o, argc, argv, &i, &err)) {
        case OPT_OK:
            continue;
        case OPT_HELP:
            print_command_usage(stdout, command_find("probe"));
            *rc = GD_EXIT_OK;
            return -1;
        case OPT_BAD_USE:
            *rc = usage_error("probe", "%s", err.msg);
            return -1;
        case OPT_NOT_MINE:
            if (a[0] == '-' && a[1])
                *rc = usage_error("probe", "unknown option '%s'", a);
            else
                *rc = usage_error("probe", "unexpected argument '%s'", a);
            return -1;
        }
    }
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
    if ((pa->so.python || pa->so.prefix) && !pa->verify) {
        *rc = usage_error("probe", "'--python' and '--prefix' choose what --verify-libs judges");
        return -1;
    }
    return 0;
}

/*
 * --verify-libs: scan and diagnose as `check` does (with the driver's
 * answers folded in), then load each install's predicted libraries.
 */
static void verify_libs(struct run_ctx *ctx, struct kb *kb, const struct probe_args *pa,
                        struct probe_result *r, struct probe_verify *pv, struct findings *fl)
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
    if (probe_verify_run(pv, &dx, &ctx->fs, pa->timeout_ms, &err) < 0)
        fprintf(stderr, "gpudoctor probe: --verify-libs: %s\n", err.msg);
    probe_verify_findings(pv, fl);
    r->verify = pv;
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
    if (pa.verify) {
        /* The diagnosis needs the knowledge base too. */
        if ((rc = options_open(&o, "probe", &ctx, &kb)) != 0) {
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
    if (pa.verify)
        verify_libs(&ctx, kb, &pa, r, &pv, &fl);
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
