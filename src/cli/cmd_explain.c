/*
 * cmd_explain.c - `gpudoctor explain [FILE|-]`: read a pasted log and say
 * what went wrong, why, and how to fix it.
 *
 * The log is a file on this machine (or standard input), not on the
 * examined machine, so it is read with compat_read in fixed chunks rather
 * than through the re-rooted fs (--root applies to --with-check only).
 * Memory stays bounded whatever the log's size (scan/logread.h).
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "cli/version.h"
#include "compat/compat.h"
#include "diagnose/diagnose.h"
#include "diagnose/explain_rules.h"
#include "kb/kb.h"
#include "report/explain.h"
#include "scan/logread.h"
#include "scan/logscan.h"
#include "scan/scan.h"
#include "util/banned.h"

#define CHUNK (64 * 1024)

static int read_log(const char *path, struct logread *lr, struct gd_err *err)
{
    static char buf[CHUNK];
    int fd = 0;
    long n;

    if (strcmp(path, "-")) {
        fd = compat_open_read(path);
        if (fd < 0)
            return err_set(err, "cannot open '%s'", path);
    }
    while ((n = compat_read(fd, buf, sizeof(buf))) > 0)
        logread_feed(lr, buf, (size_t)n);
    if (n < 0) {
        err_set(err, "cannot read '%s'", path);
        if (fd)
            compat_close(fd);
        return -1;
    }
    if (fd)
        compat_close(fd);
    logread_finish(lr);
    return 0;
}

struct explain_args {
    int with_check;
};

static const struct opt_def explain_rows[] = {
    { .name = "with-check", .kind = OPT_FLAG, .off = offsetof(struct explain_args, with_check), .ival = 1,
      .help = "also scan this machine (or --root DIR) and use its facts where the log is silent "
              "(driver version, OS, GPUs)" },
    { .name = "json", .kind = OPT_FLAG, .off = offsetof(struct options, format), .ival = FMT_JSON,
      .flags = OPT_IN_OPTIONS, .help = "write JSON (schema gpudoctor-explain/1, docs/json.md)" },
    { .name = "markdown", .kind = OPT_FLAG, .off = offsetof(struct options, format), .ival = FMT_MARKDOWN,
      .flags = OPT_IN_OPTIONS, .help = "the text report in a fenced block, for an issue" },
    OPT_END
};
static const struct opt_group explain_group = { "Options of explain", NULL, explain_rows, 0 };
static const struct opt_group *const explain_groups[] = { &explain_group, &options_shared, NULL };
static const struct opt_operand explain_operands[] = { { "FILE|-", NULL, ARG_FILE },
                                                       { NULL, NULL, ARG_WORD } };
static const char *const explain_synopsis[] = { "gpudoctor explain [FILE|-] [--with-check] [--json] [options]",
                                                NULL };
static const struct help_block explain_about[] = {
    { NULL, "Read a log (TensorFlow, PyTorch, JAX, ONNX Runtime, CuPy, nvidia-smi, nvcc, pip "
            "list/freeze/show, Python tracebacks) from FILE, or from standard input when FILE is '-' "
            "or omitted, and explain why the GPU was not used: the cause first, then the log lines "
            "that prove it (with their line numbers), then the fix, with the same finding codes and "
            "kinds as `check` (docs/findings.md).  Versions in the log are looked up in the knowledge "
            "base (cudart64_110.dll + TensorFlow 2.10 -> CUDA 11.2 and cuDNN 8.1).  Harmless noise "
            "(cuDNN/cuFFT/cuBLAS factory registration, NUMA, oneDNN, TF-TRT) is labelled harmless, "
            "never the cause.  Logs of any size stream in bounded memory." },
    { NULL, NULL }
};
static const struct exit_doc explain_exits[] = {
    { GD_EXIT_OK, "the log was read, whatever it shows (--strict changes nothing)" },
    { GD_EXIT_USAGE, "usage error, or a log that cannot be opened" },
    { GD_EXIT_FAILURE, "reading the log failed, or the output could not be written" },
    { -1, NULL }
};

/* more than one operand is explain's own message (two logs) */
const struct cmd_spec explain_spec = { explain_synopsis, explain_about, explain_groups, explain_operands,
                                       OPT_MAX_OPERANDS, 0, NULL, explain_exits, NULL, NULL };

int cmd_explain(int argc, char **argv)
{
    struct options o;
    struct explain_args ea = { 0 };
    struct run_ctx ctx;
    struct gd_err err;
    struct kb *kb = NULL;
    struct logread lr;
    struct facts machine, logf;
    struct findings fl;
    struct arena arena;
    struct explain_input in;
    struct explain_report rep;
    struct explain_result res;
    const char *path = NULL;
    int with_check, rc = GD_EXIT_OK, have_machine = 0;

    options_init(&o);
    err_init(&err);
    if (cmd_parse("explain", &explain_spec, &o, &ea, argc, argv, &rc) < 0) {
        options_release(&o);
        return rc;
    }
    with_check = ea.with_check;
    if (o.operands.n > 1) {
        rc = usage_error("explain", "only one log at a time (got '%s' and '%s')", o.operands.v[0].arg,
                         o.operands.v[1].arg);
        options_release(&o);
        return rc;
    }
    if (o.operands.n)
        path = o.operands.v[0].arg;
    if (o.format == FMT_FACTS) {
        options_release(&o);
        return usage_error("explain", "--facts is for check; use --json");
    }
    if (!path) {
        if (compat_isatty(0)) {
            options_release(&o);
            return usage_error("explain", "no log given: name a FILE, or pipe the log in ('-')");
        }
        path = "-";
    }

    if ((rc = options_open(&o, "explain", &ctx, &kb)) != 0) {
        options_release(&o);
        return rc;
    }

    logread_init(&lr);
    if (read_log(path, &lr, &err) < 0) {
        fprintf(stderr, "gpudoctor explain: %s\n", err.msg);
        logread_release(&lr);
        kb_free(kb);
        run_ctx_release(&ctx, NULL);
        options_release(&o);
        /* A log that cannot be opened is a bad argument; a failed read is not. */
        return err.errnum && strstr(err.msg, "cannot open") ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
    }

    facts_init(&machine);
    if (with_check) {
        struct scan_options so = { NULL, NULL, NULL, NULL, 0 };
        struct scan_ctx sc;
        sc.fs = &ctx.fs;
        sc.env = &ctx.env;
        sc.kb = kb;
        sc.opts = &so;
        sc.facts = &machine;
        scan_all(&sc);
        have_machine = 1;
    }

    /* The log as a machine: a partial facts for check's judges (scan/logscan.h). */
    facts_init(&logf);
    logread_name_errors(&lr, kb);
    logscan_facts(&lr.facts, kb, have_machine ? &machine : NULL, &logf);
    arena_init(&arena);
    findings_init(&fl, &arena);
    in.log = &lr.facts;
    in.facts = &logf;
    in.kb = kb;
    explain_rules(&in, &fl, &res);   /* ordered: the top hypothesis's finding first */

    rep.log = &lr.facts;
    rep.findings = &fl;
    rep.hypotheses = &res;
    rep.input = path;
    rep.os = res.os;
    rep.os_line = res.os_line;
    rep.machine = have_machine ? &machine : NULL;
    rep.gd_version = GD_VERSION;
    rep.kb_revision = kb_revision(kb);
    rep.shell = ctx.shell;
    switch (o.format) {
    case FMT_JSON:
        report_explain_json(ctx.out, &rep);
        break;
    case FMT_MARKDOWN:
        fputs("```text\n", ctx.out);
        report_explain_text(ctx.out, &rep, 0);
        fputs("```\n", ctx.out);
        break;
    default:
        report_explain_text(ctx.out, &rep, ctx.color);
        break;
    }

    findings_release(&fl);
    arena_release(&arena);
    facts_release(&logf);
    facts_release(&machine);
    logread_release(&lr);
    kb_free(kb);
    if (run_ctx_release(&ctx, &err) < 0) {
        fprintf(stderr, "gpudoctor explain: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
    }
    options_release(&o);
    return rc;
}
