/*
 * cmd_check.c - `gpudoctor [check]`: scan, diagnose, report.
 */
#include <stddef.h>
#include <stdlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "compat/compat.h"
#include "cli/examine.h"
#include "cli/exit.h"
#include "cli/image_check.h"
#include "cli/image_fleet.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "cli/version.h"
#include "facts/facts_read.h"
#include "diagnose/diagnose.h"
#include "diagnose/fixes.h"
#include "diagnose/lookup.h"
#include "diagnose/whatif.h"
#include "kb/kb.h"
#include "loader/resolve.h"
#include "probe/probe.h"
#include "probe/verify.h"
#include "report/image_fleet.h"
#include "report/report.h"
#include "report/whatif.h"
#include "scan/scan.h"
#include "util/banned.h"

static int exit_status_for(const struct findings *fl, int strict)
{
    int m = findings_max_severity(fl);
    if (m >= SEV_ERROR || (strict && m >= SEV_WARNING))
        return GD_EXIT_FINDINGS;
    return GD_EXIT_OK;
}

/* --image REF --host-facts FLEET: the image read once, judged on every node group. */
static int check_image_fleet(struct run_ctx *ctx, struct kb *kb, const char *image, struct image_fleet *fl,
                             const struct options *o, int quiet)
{
    struct image_check ic;
    struct gd_err err;
    int rc;

    err_init(&err);
    memset(&ic, 0, sizeof(ic));
    if (fl->n_groups &&
        image_check_read(&ic, image, fl->groups[0]->host->system.arch, &err) < 0) {
        fprintf(stderr, "gpudoctor check: --image: %s\n", err.msg);
        image_check_release(&ic);
        return err.code == GD_ERR_NOTFOUND || err.code == GD_ERR_USAGE ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
    }
    rc = image_fleet_judge(fl, &ic, ctx, kb, o->strict);
    if (!quiet) {
        if (o->format == FMT_JSON)
            report_image_fleet_json(ctx->out, fl, rc, GD_VERSION, kb_revision(kb));
        else
            report_image_fleet_text(ctx->out, fl, rc, ctx->color, ctx->shell);
    }
    image_check_release(&ic);
    return rc;
}

struct check_args {
    struct scan_options so;   /* --python, --prefix, --cwd (os comes from --os) */
    const char *from_facts;
    const char *image, *host_facts;   /* --image REF, --host-facts FILE */
    int probe, verify;
    int verbose, quiet;       /* -v / --verbose, -q / --quiet (the text report) */
    struct opt_list sets;             /* --set KEY=VALUE (diagnose/whatif.h) */
};

#define OFF(field) offsetof(struct check_args, field)

static const struct opt_def check_rows[] = {
    { .name = "python", .kind = OPT_STRING, .off = OFF(so.python), .metavar = "PATH", .arg = ARG_FILE,
      .help = "examine only the environment of this interpreter" },
    { .name = "prefix", .kind = OPT_STRING, .off = OFF(so.prefix), .metavar = "DIR", .arg = ARG_DIR,
      .help = "examine only the Python environment at DIR" },
    { .name = "cwd", .kind = OPT_STRING, .off = OFF(so.cwd), .metavar = "DIR", .arg = ARG_DIR,
      .help = "the working directory whose .python-version pyenv reads (default: the current one; "
              "with --root, /)" },
    { .name = "probe", .kind = OPT_FLAG, .off = OFF(probe), .ival = 1,
      .help = "also load the NVIDIA driver (in a child process, as 'gpudoctor probe' does) and fold "
              "its answers in: the driver's compute capabilities (and its GPUs when the PCI bus "
              "shows none) replace the table look-ups; not with --root" },
    { .name = "verify-libs", .kind = OPT_FLAG, .off = OFF(verify), .ival = 1,
      .help = "with --probe: also LOAD, in a child process per framework install, each library "
              "file the loader model predicts, and report dlerror (GD516).  Off by default: it "
              "runs the libraries' constructors" },
    { .name = "from-facts", .kind = OPT_STRING, .off = OFF(from_facts), .metavar = "FILE", .arg = ARG_FILE,
      .help = "judge the facts a `check --facts` wrote (FILE, or '-' for standard input) instead of "
              "scanning: nothing is read from any disk but FILE, so a maintainer reproduces a "
              "reporter's verdict; not with --root, --env, --env-file, --clear-env, --os, --python, "
              "--prefix or --probe (the facts already hold them)" },
    { .name = "image", .kind = OPT_STRING, .off = OFF(image), .metavar = "REF", .arg = ARG_FILE,
      .help = "judge a container image, read from its files without running it, against this machine "
              "(or --root HOST, or --host-facts): REF is an OCI layout directory, an OCI archive, a "
              "docker/podman save tar, or oci:DIR[:NAME], oci-archive:FILE[:NAME], "
              "docker-archive:FILE[:NAME], containers-storage:NAME, docker-daemon:NAME (Docker's store, read "
              "from its files); the NVIDIA Container Toolkit's start "
              "is modelled and --env sets the container's environment (docs/image.md)" },
    { .name = "set", .kind = OPT_LIST, .off = OFF(sets), .metavar = "KEY=VALUE",
      .help = "what if: edit the facts (driver=580.65.06, cuda=12.8, gpu=H100, os=ubuntu-24.04, "
              "pkg:ENV:torch=2.14.0+cu132, or any member's JSON path: system.arch=aarch64), judge them "
              "again and print what changes: verdicts that flip, findings new, gone or changed "
              "(repeatable; docs/whatif.md); the exit status is the edited facts'" },
    { .name = "host-facts", .kind = OPT_STRING, .off = OFF(host_facts), .metavar = "FILE", .arg = ARG_FILE,
      .help = "with --image: judge it against the node whose `check --facts` FILE holds; a directory "
              "of such files, or a file (or -) holding several (JSON lines), judges it on every node "
              "group, one verdict and fix per group (docs/image.md)" },
    { .name = "verbose", .short_name = 'v', .kind = OPT_FLAG, .off = OFF(verbose), .ival = 1,
      .help = "the whole text report: the system, driver, CUDA, cuDNN and Python sections, each "
              "finding's evidence and every fix, and the checklist (without it: the verdicts, the "
              "next step and one line per finding; --json and --markdown always have everything)" },
    { .name = "quiet", .short_name = 'q', .kind = OPT_FLAG, .off = OFF(quiet), .ival = 1,
      .help = "print no report, for scripts: only the exit status answers (errors still go to "
              "standard error)" },
    OPT_END
};
static const struct opt_conflict check_conflicts[] = {
    { "quiet", "verbose", "--quiet prints no report" },
    { "quiet", "json", "--quiet prints no report" },
    { "quiet", "markdown", "--quiet prints no report" },
    { "quiet", "facts", "--quiet prints no report" },
    { "quiet", "output", "--quiet prints no report" },
    { "verbose", "json", "the JSON report always has everything" },
    { "verbose", "markdown", "the Markdown report always has everything" },
    { "verbose", "facts", "--facts writes the facts, not a report" },
    { NULL, NULL, NULL }
};
static const struct opt_group check_group = { "Options of check", NULL, check_rows, 0 };
static const struct opt_group *const check_groups[] = { &check_group, &options_shared, NULL };
static const char *const check_synopsis[] = { "gpudoctor [check] [options]", NULL };
static const struct help_block check_about[] = {
    { NULL, "Scan the machine (or --root DIR) by reading files only: the NVIDIA driver, GPUs, CUDA "
            "toolkits, cuDNN, the loader's search path and every Python environment, and report what "
            "stands between each framework and the GPU, with evidence and the commands that fix "
            "it.  Nothing on the examined machine is executed or loaded." },
    { NULL, NULL }
};
const struct exit_doc check_exits[] = {
    { GD_EXIT_OK, "no error-severity finding" },
    { GD_EXIT_FINDINGS, "at least one error finding (with --strict: or a warning)" },
    { GD_EXIT_USAGE, "usage error" },
    { GD_EXIT_FAILURE, "gpudoctor itself could not run" },
    { -1, NULL }
};

const struct cmd_spec check_spec = { check_synopsis, check_about, check_groups, NULL, 0, 0, NULL,
                                     check_exits, NULL, check_conflicts };

int cmd_check(int argc, char **argv)
{
    struct options o;
    struct check_args ca;
    struct scan_options so;
    struct run_ctx ctx;
    struct gd_err err;
    struct kb *kb = NULL;
    struct facts facts;
    struct diagnosis dx;
    struct resolve_config rcfg;
    struct resolver resolver;
    struct lookup lk;
    struct probe_result pr;
    struct probe_verify pv;
    const char *from_facts, *image, *host_facts;
    struct image_check ic;
    struct facts host;
    int rc, probe, verify, fleet_done = 0, host_read = 0;

    options_init(&o);
    err_init(&err);
    memset(&ca, 0, sizeof(ca));
    if (cmd_parse("check", &check_spec, &o, &ca, argc, argv, &rc) < 0) {
        optparse_release(&check_spec, &ca);
        options_release(&o);
        return rc;
    }
    so = ca.so;
    from_facts = ca.from_facts;
    image = ca.image;
    host_facts = ca.host_facts;
    probe = ca.probe;
    verify = ca.verify;

    if (probe && o.root) {
        optparse_release(&check_spec, &ca);
        options_release(&o);
        return usage_error("check", "--probe loads this machine's driver and cannot examine --root");
    }
    if (from_facts && (o.root || o.clear_env || o.env_changes.n || o.os || so.python || so.prefix || so.cwd || probe)) {
        optparse_release(&check_spec, &ca);
        options_release(&o);
        return usage_error("check", "--from-facts judges recorded facts: --root, --env, --env-file, "
                           "--clear-env, --os, --python, --prefix and --probe do not apply");
    }
    if (host_facts && !image) {
        optparse_release(&check_spec, &ca);
        options_release(&o);
        return usage_error("check", "--host-facts names the node an --image is judged against");
    }
    if (image && (from_facts || probe || o.clear_env || o.os || so.python || so.prefix || so.cwd ||
                  (host_facts && o.root))) {
        optparse_release(&check_spec, &ca);
        options_release(&o);
        return usage_error("check", "--image reads the image and judges it against this machine, --root HOST "
                           "or --host-facts FILE: --from-facts, --probe, --clear-env, --os, --python, "
                           "--prefix and --cwd do not apply (--env sets the container's environment)");
    }
    if (image)
        o.clear_env = 1;   /* --env / --env-file are the container's (image_check.h) */
    if (ca.sets.n && (image || probe || o.format == FMT_FACTS)) {
        optparse_release(&check_spec, &ca);
        options_release(&o);
        return usage_error("check", "--set edits the facts of a scan or of --from-facts: not with --image, "
                           "--probe or --facts");
    }
    if (verify && !probe) {
        optparse_release(&check_spec, &ca);
        options_release(&o);
        return usage_error("check", "--verify-libs loads libraries and needs --probe");
    }
    /* --os windows reads the tree as C:\; this machine's own / is not
     * one unless gpudoctor runs on Windows (it would find no nvcuda.dll and
     * advise installing the Windows driver on a Linux machine). */
    if (o.os && !strcmp(o.os, "windows") && !o.root &&
        !(compat_native_os() && !strcmp(compat_native_os(), "windows"))) {
        options_release(&o);
        return usage_error("check", "--os windows examines a Windows tree: give its drive with --root DIR "
                           "(a mounted C:\\ or a copy of it); this machine is not Windows");
    }
    /* --os windows: the Windows observers; gpudoctor.exe examines Windows
     * unless told otherwise (compat_native_os). */
    so.os = o.os ? o.os : compat_native_os();
    /* Bench hook (scan.h): mark each scan step for strace. */
    so.mark_steps = getenv("GPUDOCTOR_BENCH_STEPS") != NULL;
    if ((rc = options_open(&o, "check", &ctx, &kb)) != 0) {
        optparse_release(&check_spec, &ca);
        options_release(&o);
        return rc;
    }
    if ((rc = examine_check_named_env(&ctx, &so, "check")) != 0) {
        kb_free(kb);
        run_ctx_release(&ctx, NULL);
        optparse_release(&check_spec, &ca);
        options_release(&o);
        return rc;
    }

    facts_init(&facts);
    facts_init(&host);
    memset(&ic, 0, sizeof(ic));
    if (image) {
        /* The host: a node's recorded facts, or this machine (--root HOST),
         * scanned with an empty environment (--env is the container's). */
        struct scan_options hso = { NULL, NULL, "linux", NULL, 0 };
        const char *label = host_facts ? host_facts : o.root ? o.root : "this machine";
        struct env cenv = ctx.env;
        resolve_config_default(&rcfg);
        resolver_init(&resolver, &ctx.fs, &rcfg);
        if (host_facts) {
            /* Several nodes' facts (a directory, a stream): one verdict per node group. */
            struct image_fleet fl;
            if (image_fleet_read(&fl, host_facts, &err) < 0) {
                fprintf(stderr, "gpudoctor check: --host-facts: %s\n", err.msg);
                image_fleet_release(&fl);
                rc = GD_EXIT_USAGE;
                goto image_fail;
            }
            if (!image_fleet_is_single(&fl)) {
                if (o.format == FMT_MARKDOWN || o.format == FMT_FACTS) {
                    image_fleet_release(&fl);
                    rc = usage_error("check", "--host-facts with several nodes reports in text or --json "
                                     "(one verdict per node group), not --markdown or --facts");
                    goto image_fail;
                }
                rc = check_image_fleet(&ctx, kb, image, &fl, &o, ca.quiet);
                image_fleet_release(&fl);
                fleet_done = 1;   /* the report is written: image_fail checks the output */
                goto image_fail;
            }
            if (fl.n_groups == 1) {
                /* One node: its facts, as read (stdin cannot be read twice).
                 * A facts struct moves with its arena. */
                facts_release(&host);
                host = *fl.groups[0]->host;
                free(fl.groups[0]->host);
                fl.groups[0]->host = NULL;
                host_read = 1;
            }
            image_fleet_release(&fl);
        }
        if (host_facts && !host_read && examine_read_facts(host_facts, &host, &err) < 0) {
            fprintf(stderr, "gpudoctor check: --host-facts: %s\n", err.msg);
            rc = err.code == GD_ERR_SYS && strstr(err.msg, "cannot open") ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
            goto image_fail;
        }
        if (!host_facts) {
            struct resolve_config hrcfg;
            struct resolver hres;
            env_init(&ctx.env);
            examine_scan(&ctx, kb, &hso, &hrcfg, &hres, &host);
            resolver_release(&hres);
            env_release(&ctx.env);
            ctx.env = cenv;
        }
        if (image_check_open(&ic, &ctx, kb, image, &host, label, &facts, &err) < 0) {
            fprintf(stderr, "gpudoctor check: --image: %s\n", err.msg);
            rc = err.code == GD_ERR_NOTFOUND || err.code == GD_ERR_USAGE ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
            goto image_fail;
        }
    } else if (from_facts) {
        /* No scan and no loader model: the facts and the loader's answers
         * recorded in them are everything the diagnosis gets. */
        resolve_config_default(&rcfg);
        resolver_init(&resolver, &ctx.fs, &rcfg);
        if (examine_read_facts(from_facts, &facts, &err) < 0) {
            fprintf(stderr, "gpudoctor check: --from-facts: %s\n", err.msg);
            resolver_release(&resolver);
            facts_release(&facts);
            kb_free(kb);
            run_ctx_release(&ctx, NULL);
            optparse_release(&check_spec, &ca);
            options_release(&o);
            return err.code == GD_ERR_SYS && strstr(err.msg, "cannot open") ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
        }
    } else {
        examine_scan(&ctx, kb, &so, &rcfg, &resolver, &facts);
    }
    probe_result_init(&pr);
    probe_verify_init(&pv);
    if (probe) {
        /* The one part of check that loads code: the driver, in a child.
         * It runs before the diagnosis so that the driver's real compute
         * capabilities (and its GPUs, where the PCI bus shows none) replace
         * the table look-ups in the rules. */
        if (probe_run(&pr, &ctx.fs, &ctx.env, PROBE_DEFAULT_TIMEOUT_MS, &err) < 0)
            fprintf(stderr, "gpudoctor check: probe: %s\n", err.msg);
        probe_fold_facts(&pr, &facts);
    }
    /* --image: the loader model of the image's tree answers. */
    lookup_init(&lk, from_facts ? NULL : image ? &ic.resolver : &resolver, &facts);
    diagnose_run(&facts, kb, &lk, &dx, &facts.arena);
    if (probe) {
        struct fix_ctx fx;
        fix_ctx_from_facts(&fx, &facts, kb, &facts.arena);
        probe_findings(&pr, &fx, &dx.findings);
        if (verify) {
            /* Load each install's predicted libraries, in children. */
            if (probe_verify_run(&pv, &dx, &ctx.fs, PROBE_DEFAULT_TIMEOUT_MS, &err) < 0)
                fprintf(stderr, "gpudoctor check: --verify-libs: %s\n", err.msg);
            probe_verify_findings(&pv, &dx.findings);
            pr.verify = &pv;
        }
        findings_sort(&dx.findings);
    }
    rc = exit_status_for(&dx.findings, o.strict);

    if (ca.sets.n) {
        /* What if: edit the facts, judge them again, and say what changed. */
        struct whatif w;
        struct diagnosis dx2;
        size_t k;
        whatif_begin(&w, &facts, &dx, rc);
        for (k = 0; k < ca.sets.n; k++)
            if (whatif_apply(&w, &facts, kb, ca.sets.v[k].arg, &err) < 0) {
                fprintf(stderr, "gpudoctor check: --set: %s\n", err.msg);
                rc = GD_EXIT_USAGE;
                break;
            }
        if (k == ca.sets.n) {
            diagnose_run(&facts, kb, &lk, &dx2, &facts.arena);
            rc = exit_status_for(&dx2.findings, o.strict);
            whatif_finish(&w, &facts, &dx2, rc);
            if (o.format == FMT_JSON)
                report_whatif_json(ctx.out, &w);
            else
                report_whatif_text(ctx.out, &w);
            diagnosis_release(&dx2);
        }
        whatif_release(&w);
        goto done;
    }

    {
        struct report_input in;
        in.facts = &facts;
        in.dx = &dx;
        in.exit_status = rc;
        in.gd_version = GD_VERSION;
        in.kb_revision = kb_revision(kb);
        in.root = image ? NULL : o.root;   /* --image: the machine reported is the container */
        in.probe = probe ? &pr : NULL;
        in.shell = ctx.shell;
        in.verbose = ca.verbose;
        if (ca.quiet)
            ;   /* --quiet: the exit status is the answer */
        else switch (o.format) {
        case FMT_JSON: report_json(ctx.out, &in); break;
        case FMT_MARKDOWN: report_markdown(ctx.out, &in); break;
        case FMT_FACTS: report_facts(ctx.out, &facts, GD_VERSION); break;
        default: report_text(ctx.out, &in, ctx.color); break;
        }
    }

done:
    if (getenv("GPUDOCTOR_DEBUG_FS")) {
        /* Debug counters (util/fs.h, compat.h): the work asked of the system. */
        unsigned long o2, wk;
        compat_rooted_opens(&o2, &wk);
        fprintf(stderr, "gpudoctor: fs: %llu stats and opens, %llu files and directories opened, %llu entries read; "
                        "rooted opens: %lu by openat2, %lu by the component walk\n",
                (unsigned long long)ctx.fs.nstat, (unsigned long long)ctx.fs.nread,
                (unsigned long long)ctx.fs.ndirent, o2, wk);
    }
    diagnosis_release(&dx);
    probe_verify_release(&pv);
    probe_result_release(&pr);
    resolver_release(&resolver);
    image_check_release(&ic);
    facts_release(&facts);
    facts_release(&host);
    kb_free(kb);
    if (run_ctx_release(&ctx, &err) < 0) {
        fprintf(stderr, "gpudoctor check: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
    }
    optparse_release(&check_spec, &ca);
    options_release(&o);
    return rc;

image_fail:
    resolver_release(&resolver);
    image_check_release(&ic);
    facts_release(&facts);
    facts_release(&host);
    kb_free(kb);
    if (fleet_done && run_ctx_release(&ctx, &err) < 0) {
        fprintf(stderr, "gpudoctor check: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
    } else if (!fleet_done) {
        run_ctx_release(&ctx, NULL);
    }
    optparse_release(&check_spec, &ca);
    options_release(&o);
    return rc;
}
