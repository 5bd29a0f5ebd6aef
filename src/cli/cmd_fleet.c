/*
 * cmd_fleet.c - `gpudoctor fleet report|slurm|node`: many machines' check
 * reports merged into one cluster view (docs/fleet.md).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "cli/version.h"
#include "compat/compat.h"
#include "compat/spawn.h"
#include "fleet/fleet.h"
#include "fleet/fleet_input.h"
#include "fleet/hostlist.h"
#include "fleet/slurm.h"
#include "report/fleet.h"
#include "util/alloc.h"
#include "util/banned.h"

/* ---- the command line ---- */

/* --per-node is one option of fleet report and fleet slurm (`fleet --help`
 * lists both tables): the same offset in both argument records. */
struct slurm_args {
    int per_node;
    long nodes, timeout;
    const char *nodelist, *partition, *gpudoctor, *srun;
};

struct report_args {
    int per_node;
    int name_from_file;
    const char *expect;
};
_Static_assert(offsetof(struct slurm_args, per_node) == offsetof(struct report_args, per_node),
               "--per-node parses one way in fleet's tables");

#define PER_NODE_HELP                                                                              \
    "add the per-node table (each node's state, versions and verdicts; always with --prometheus); " \
    "spooled to a temporary file, so memory stays bounded"

static const struct opt_def fleet_output_rows[] = {
    { .name = "json", .kind = OPT_FLAG, .off = offsetof(struct options, format), .ival = FMT_JSON,
      .flags = OPT_IN_OPTIONS, .help = "one JSON document (schema gpudoctor-fleet/1, docs/json.md)" },
    { .name = "markdown", .kind = OPT_FLAG, .off = offsetof(struct options, format), .ival = FMT_MARKDOWN,
      .flags = OPT_IN_OPTIONS, .help = "Markdown, for pasting into an issue" },
    { .name = "prometheus", .kind = OPT_FLAG, .off = offsetof(struct options, format),
      .ival = FMT_PROMETHEUS, .flags = OPT_IN_OPTIONS,
      .help = "metrics in the Prometheus text format, for node_exporter's textfile collector "
              "(docs/fleet.md)" },
    OPTIONS_ROW_OUTPUT,
    OPTIONS_ROW_COLOR,
    OPTIONS_ROW_NO_COLOR,
    OPTIONS_ROW_HELP,
    OPT_END
};
static const struct opt_def fleet_report_rows[] = {
    { .name = "name-from-file", .kind = OPT_FLAG, .off = offsetof(struct report_args, name_from_file),
      .ival = 1,
      .help = "name each file's node after the file, not its host.hostname (for reports gathered as "
              "NODE.json)" },
    { .name = "expect", .kind = OPT_STRING, .off = offsetof(struct report_args, expect), .metavar = "LIST",
      .help = "the nodes that should have sent a report (hostlist notation); each one that did not is "
              "unreachable" },
    { .name = "per-node", .kind = OPT_FLAG, .off = offsetof(struct report_args, per_node), .ival = 1,
      .help = PER_NODE_HELP },
    OPT_END
};
#define SOFF(field) offsetof(struct slurm_args, field)
static const struct opt_def fleet_slurm_rows[] = {
    { .name = "nodes", .short_name = 'N', .kind = OPT_LONG, .off = SOFF(nodes), .min = 1, .max = 100000,
      .metavar = "N", .help = "run on N nodes" },
    { .name = "nodelist", .short_name = 'w', .kind = OPT_STRING, .off = SOFF(nodelist), .metavar = "LIST",
      .help = "run on these nodes (hostlist notation); any of them that sends no report is unreachable" },
    { .name = "partition", .short_name = 'p', .kind = OPT_STRING, .off = SOFF(partition), .metavar = "P",
      .help = "run in partition P" },
    { .name = "timeout", .kind = OPT_LONG, .off = SOFF(timeout), .min = 1, .max = 86400, .metavar = "S",
      .help = "give up on nodes that have not answered after S seconds (default 120)" },
    { .name = "gpudoctor", .kind = OPT_STRING, .off = SOFF(gpudoctor), .metavar = "PATH", .arg = ARG_FILE,
      .help = "the gpudoctor the nodes run (default: this one; it must exist at that path on every node)" },
    { .name = "srun", .kind = OPT_STRING, .off = SOFF(srun), .metavar = "PATH", .arg = ARG_FILE,
      .help = "the srun to run (default: srun on PATH)" },
    { .name = "per-node", .kind = OPT_FLAG, .off = SOFF(per_node), .ival = 1, .help = PER_NODE_HELP },
    OPT_END
};
static const struct opt_group fleet_output = { "Options of fleet report and fleet slurm", NULL,
                                               fleet_output_rows, 0 };
static const struct opt_group fleet_report_group = { "Options of fleet report", NULL, fleet_report_rows, 0 };
static const struct opt_group fleet_slurm_group = { "Options of fleet slurm", NULL, fleet_slurm_rows, 0 };
static const struct opt_group *const report_groups[] = { &fleet_report_group, &fleet_output, NULL };
static const struct opt_group *const slurm_groups[] = { &fleet_slurm_group, &fleet_output, NULL };
static const struct opt_group *const fleet_groups[] = { &fleet_output, &fleet_report_group,
                                                        &fleet_slurm_group, NULL };
static const struct opt_operand report_operands[] = { { "FILE|DIR|-", NULL, ARG_FILE },
                                                      { NULL, NULL, ARG_WORD } };

static const struct cmd_spec fleet_report_spec = { NULL, NULL, report_groups, report_operands,
                                                   OPT_MAX_OPERANDS, 0, NULL, NULL, NULL, NULL };
static const struct cmd_spec fleet_slurm_spec = { NULL, NULL, slurm_groups, NULL, 0, 1,
                                                  "srun options go after --", NULL, NULL, NULL };

static int fleet_report(int argc, char **argv);
static int fleet_slurm(int argc, char **argv);
static int fleet_node(int argc, char **argv);

static const struct command fleet_subs[] = {
    { "report", fleet_report, "merge check --json reports", &fleet_report_spec },
    { "slurm", fleet_slurm, "run check on Slurm nodes and merge what comes back", &fleet_slurm_spec },
    { "node", fleet_node, "what runs on each node: a header line, then its check report", &check_spec },
    { NULL, NULL, NULL, NULL }
};

static const char *const fleet_synopsis[] = {
    "gpudoctor fleet report [options] FILE|DIR|-...",
    "gpudoctor fleet slurm [--nodes N | --nodelist LIST | --partition P] [--timeout S] [options] "
    "[-- SRUN-OPTIONS...]",
    "gpudoctor fleet node [CHECK-OPTIONS...]",
    NULL
};
static const struct help_block fleet_about[] = {
    { NULL, "Answer \"which nodes will not give my job a GPU, and why\" for a cluster.  `fleet report` "
            "merges `gpudoctor check --json` reports: files, every file of a directory, or a stream on "
            "standard input (one report per line, or reports one after another).  It reads one report "
            "at a time, in bounded memory.  The view: nodes by state (every framework uses the GPU / "
            "some do not / unreachable), nodes grouped by shared problem (same finding code and title) "
            "in Slurm hostlist notation (node[03-07,12]) with the fix, and drift tables (driver, CUDA "
            "toolkits, cuDNN, framework versions: nodes that differ from the majority).  A broken, "
            "empty or foreign report is named and counted, never dropped, and the node it stands for "
            "is unreachable." },
    { NULL, "`fleet slurm` runs `srun --ntasks-per-node=1 --label ... gpudoctor fleet node check "
            "--json` (this binary, or --gpudoctor PATH) and merges what comes back; a node whose task "
            "fails or does not finish within --timeout is reported unreachable with the reason.  "
            "`fleet node` is what runs on each node: a header line naming it (SLURMD_NODENAME), then "
            "its check report (it takes check's options)." },
    { NULL, NULL }
};
static const struct exit_doc fleet_exits[] = {
    { GD_EXIT_OK, "every node uses the GPU and every input was a report" },
    { GD_EXIT_FINDINGS, "a node is failing or unreachable, or an input was refused" },
    { GD_EXIT_USAGE, "usage error or unreadable input" },
    { GD_EXIT_FAILURE, "srun could not run or gathered nothing, or the output could not be written" },
    { -1, NULL }
};

const struct cmd_spec fleet_spec = { fleet_synopsis, fleet_about, fleet_groups, NULL, 0, 0, NULL,
                                     fleet_exits, fleet_subs, NULL };

/* The per-node table is kept when it is asked for, and for --prometheus,
 * whose samples are per node: before the first report is merged. */
static int keep_nodes(struct fleet *fl, const struct options *o, int per_node)
{
    struct gd_err err;
    err_init(&err);
    if ((per_node || o->format == FMT_PROMETHEUS) && fleet_keep_nodes(fl, &err) < 0) {
        fprintf(stderr, "gpudoctor fleet: %s\n", err.msg);
        return -1;
    }
    return 0;
}

/* Render fl; the exit status: 0 all well, 1 a problem, 3 unwritable output. */
static int render(struct fleet *fl, const struct options *o, const char *origin, int per_node)
{
    struct fleet_report_input in;
    struct gd_err err;
    FILE *fp = stdout;
    int color, rc, r = 0;

    err_init(&err);
    if (fleet_finish(fl, &err) < 0) {
        fprintf(stderr, "gpudoctor fleet: %s\n", err.msg);
        return GD_EXIT_FAILURE;
    }
    rc = fleet_has_problems(fl) ? GD_EXIT_FINDINGS : GD_EXIT_OK;
    if (o->output && !(fp = fopen(o->output, "w"))) {
        perror(o->output);
        fprintf(stderr, "gpudoctor fleet: cannot write '%s'\n", o->output);
        return GD_EXIT_FAILURE;
    }
    color = options_use_color(o->color, 1, !o->output);
    in.fleet = fl;
    in.gd_version = GD_VERSION;
    in.origin = origin;
    in.exit_status = rc;
    in.nodes = per_node || o->format == FMT_PROMETHEUS;
    switch (o->format) {
    case FMT_JSON: r = report_fleet_json(fp, &in, &err); break;
    case FMT_MARKDOWN: r = report_fleet_markdown(fp, &in, &err); break;
    case FMT_PROMETHEUS: r = report_fleet_prometheus(fp, &in, &err); break;
    default: r = report_fleet_text(fp, &in, color, &err); break;
    }
    if (r < 0) {
        fprintf(stderr, "gpudoctor fleet: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
    }
    if (fp != stdout) {
        int bad = ferror(fp);
        if (fclose(fp) != 0 || bad) {
            fprintf(stderr, "gpudoctor fleet: cannot write '%s'\n", o->output);
            return GD_EXIT_FAILURE;
        }
    }
    return rc;
}

static int expect_check(const char *name, void *arg)
{
    (void)name;
    (void)arg;
    return 0;
}

static int expect_one(const char *name, void *arg)
{
    fleet_add_unreachable(arg, name, "no report among the inputs");
    return 0;
}

static int fleet_report(int argc, char **argv)
{
    struct options o;
    struct report_args ra = { 0 };
    struct fleet fl;
    struct gd_err err;
    size_t i;
    int rc;

    options_init(&o);
    if (cmd_parse("fleet", &fleet_report_spec, &o, &ra, argc, argv, &rc) < 0) {
        options_release(&o);
        return rc;
    }
    if (!o.operands.n) {
        options_release(&o);
        return usage_error("fleet", "fleet report needs FILE, DIR or - (standard input)");
    }
    if (ra.expect) {
        /* Checked before anything is read: a bad list is a usage error. */
        err_init(&err);
        if (hostlist_expand(ra.expect, expect_check, NULL, &err) < 0) {
            options_release(&o);
            return usage_error("fleet", "--expect: %s", err.msg);
        }
    }
    fleet_init(&fl);
    if (keep_nodes(&fl, &o, ra.per_node) < 0) {
        fleet_release(&fl);
        options_release(&o);
        return GD_EXIT_FAILURE;
    }
    for (i = 0; i < o.operands.n; i++) {
        err_init(&err);
        if (fleet_read_path(&fl, o.operands.v[i].arg, ra.name_from_file, &err) < 0) {
            fprintf(stderr, "gpudoctor fleet: %s\n", err.msg);
            fleet_release(&fl);
            options_release(&o);
            return GD_EXIT_USAGE;
        }
    }
    if (ra.expect) {
        /* Every expected node without a report is unreachable, by name. */
        err_init(&err);
        hostlist_expand(ra.expect, expect_one, &fl, &err);
    }
    rc = render(&fl, &o, "reports", ra.per_node);
    fleet_release(&fl);
    options_release(&o);
    return rc;
}

static int fleet_slurm(int argc, char **argv)
{
    struct options o;
    struct slurm_args sa;
    struct slurm_opts so;
    struct fleet fl;
    struct gd_err err;
    char self[4096], nodes[32];
    int rc;

    options_init(&o);
    memset(&sa, 0, sizeof(sa));
    sa.timeout = 120;
    if (cmd_parse("fleet", &fleet_slurm_spec, &o, &sa, argc, argv, &rc) < 0) {
        options_release(&o);
        return rc;
    }
    memset(&so, 0, sizeof(so));
    so.timeout_s = (int)sa.timeout;
    so.nodelist = sa.nodelist;
    so.partition = sa.partition;
    so.gpudoctor = sa.gpudoctor;
    so.srun = sa.srun;
    if (sa.nodes) {
        snprintf(nodes, sizeof(nodes), "%ld", sa.nodes);
        so.nodes = nodes;
    }
    if (o.rest < argc) {
        so.extra = argv + o.rest;
        so.n_extra = argc - o.rest;
    }
    if (!so.gpudoctor) {
        if (compat_self_exe(self, sizeof(self)) < 0) {
            fprintf(stderr, "gpudoctor fleet: cannot find this program's own path; use --gpudoctor PATH\n");
            options_release(&o);
            return GD_EXIT_FAILURE;
        }
        so.gpudoctor = self;
    }
    fleet_init(&fl);
    if (keep_nodes(&fl, &o, sa.per_node) < 0) {
        fleet_release(&fl);
        options_release(&o);
        return GD_EXIT_FAILURE;
    }
    err_init(&err);
    if (slurm_gather(&fl, &so, &err) < 0) {
        fprintf(stderr, "gpudoctor fleet: %s\n", err.msg);
        fleet_release(&fl);
        options_release(&o);
        return err.code == GD_ERR_USAGE ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
    }
    rc = render(&fl, &o, "slurm", sa.per_node);
    fleet_release(&fl);
    options_release(&o);
    return rc;
}

/*
 * On a node, under srun: one header line naming the node, then the check
 * report.  The header is how `fleet slurm` tells the reports apart.
 */
static int fleet_node(int argc, char **argv)
{
    const char *node = getenv("SLURMD_NODENAME");
    const char *list = getenv("SLURM_STEP_NODELIST");
    char host[256];
    char *check = (char *)(uintptr_t)"check";

    if (!node || !*node)
        node = compat_hostname(host, sizeof(host)) == 0 ? host : "unknown";
    if (!list || !*list)
        list = getenv("SLURM_JOB_NODELIST");
    printf("%snode=%s", SLURM_HEADER, node);
    if (list && *list && !strchr(list, ' '))
        printf(" nodelist=%s", list);
    printf("\n");
    fflush(stdout);
    if (argc >= 2 && !strcmp(argv[1], "check")) {
        argc--;
        argv++;
    }
    argv[0] = check;
    return cmd_check(argc, argv);
}

int cmd_fleet(int argc, char **argv)
{
    const struct command *c;
    const struct opt_def *o;

    if (argc < 2) {
        print_command_usage(stderr, command_find("fleet"));
        return GD_EXIT_USAGE;
    }
    if (argv[1][0] == '-') {
        o = argv[1][1] == '-' ? optparse_find(&fleet_spec, argv[1] + 2, strlen(argv[1] + 2), 0)
                              : argv[1][1] && !argv[1][2] ? optparse_find(&fleet_spec, NULL, 0, argv[1][1])
                                                          : NULL;
        if (o && o->kind == OPT_HELP_ROW) {
            print_command_usage(stdout, command_find("fleet"));
            return GD_EXIT_OK;
        }
        return usage_error("fleet", "'%s' goes after the fleet command: fleet report, slurm or node", argv[1]);
    }
    c = command_in(fleet_subs, argv[1]);
    if (!c)
        return usage_unknown_command("fleet", fleet_subs, argv[1]);
    return c->run(argc - 1, argv + 1);
}
