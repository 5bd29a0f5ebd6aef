/*
 * cmd_probe.c - `gpudoctor probe`: ask the NVIDIA driver itself, in a child
 * process with a timeout.  The one subcommand that loads code from the
 * machine; see docs/probe.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "cli/version.h"
#include "probe/probe.h"
#include "report/out.h"
#include "report/probe.h"
#include "util/alloc.h"
#include "util/banned.h"

#define MAX_TIMEOUT_S 600

static int parse_args(int argc, char **argv, struct options *o, unsigned *timeout_ms, int *rc)
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
            *timeout_ms = (unsigned)v * 1000u;
            continue;
        }
        if (!strcmp(a, "--verify-libs")) {
            *rc = usage_error("probe", "option '--verify-libs' is not implemented yet");
            return -1;
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
    return 0;
}

int cmd_probe(int argc, char **argv)
{
    struct options o;
    struct run_ctx ctx;
    struct gd_err err;
    struct probe_result *r;
    struct findings fl;
    struct arena fa;
    struct out out;
    unsigned timeout_ms = PROBE_DEFAULT_TIMEOUT_MS;
    int rc = GD_EXIT_OK, m;

    options_init(&o);
    err_init(&err);
    if (parse_args(argc, argv, &o, &timeout_ms, &rc) < 0) {
        options_release(&o);
        return rc;
    }
    if (options_setup(&o, &ctx, &err) < 0) {
        int usage = err.code == GD_ERR_USAGE;
        fprintf(stderr, "gpudoctor probe: %s\n", err.msg);
        run_ctx_release(&ctx, NULL);
        options_release(&o);
        return usage ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
    }
    out.fp = ctx.out;
    out.color = ctx.color;
    r = xmalloc(sizeof(*r));
    probe_result_init(r);
    arena_init(&fa);
    findings_init(&fl, &fa);

    probe_select(r, &ctx.fs, &ctx.env);
    /* Show what will be loaded before loading it. */
    if (o.format == FMT_TEXT)
        report_probe_libraries(&out, r);
    if (probe_execute(r, &ctx.fs, &ctx.env, timeout_ms, &err) < 0) {
        fprintf(stderr, "gpudoctor probe: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
        goto done;
    }
    probe_findings(r, &fl);
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
    probe_result_release(r);
    free(r);
    if (run_ctx_release(&ctx, &err) < 0) {
        fprintf(stderr, "gpudoctor probe: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
    }
    options_release(&o);
    return rc;
}
