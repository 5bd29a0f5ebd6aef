/*
 * cmd_fleet.c - `gpudoctor fleet report|slurm|node`: many machines' check
 * reports merged into one cluster view (docs/fleet.md).
 */
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

enum fleet_fmt { FF_TEXT, FF_JSON, FF_MARKDOWN, FF_PROMETHEUS };

struct fleet_out {
    enum fleet_fmt fmt;
    const char *output;
    int color;          /* -1 auto */
    int nodes;          /* --per-node: the per-node table */
};

/* Output options shared by `fleet report` and `fleet slurm`: 1 consumed, 0 not mine. */
static int out_option(struct fleet_out *fo, int argc, char **argv, int *i, int *bad)
{
    const char *a = argv[*i];
    if (!strcmp(a, "--json"))
        fo->fmt = FF_JSON;
    else if (!strcmp(a, "--markdown"))
        fo->fmt = FF_MARKDOWN;
    else if (!strcmp(a, "--prometheus"))
        fo->fmt = FF_PROMETHEUS;
    else if (!strcmp(a, "--color"))
        fo->color = 1;
    else if (!strcmp(a, "--no-color"))
        fo->color = 0;
    else if (!strcmp(a, "--per-node"))
        fo->nodes = 1;
    else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
        if (*i + 1 >= argc) {
            *bad = 1;
            return 1;
        }
        fo->output = argv[++*i];
    } else
        return 0;
    return 1;
}

/* The per-node table is kept when it is asked for, and for --prometheus,
 * whose samples are per node: before the first report is merged. */
static int keep_nodes(struct fleet *fl, const struct fleet_out *fo)
{
    struct gd_err err;
    err_init(&err);
    if ((fo->nodes || fo->fmt == FF_PROMETHEUS) && fleet_keep_nodes(fl, &err) < 0) {
        fprintf(stderr, "gpudoctor fleet: %s\n", err.msg);
        return -1;
    }
    return 0;
}

/* Render fl; the exit status: 0 all well, 1 a problem, 3 unwritable output. */
static int render(struct fleet *fl, const struct fleet_out *fo, const char *origin)
{
    struct fleet_report_input in;
    struct gd_err err;
    FILE *fp = stdout;
    int color = fo->color, rc, r = 0;

    err_init(&err);
    if (fleet_finish(fl, &err) < 0) {
        fprintf(stderr, "gpudoctor fleet: %s\n", err.msg);
        return GD_EXIT_FAILURE;
    }
    rc = fleet_has_problems(fl) ? GD_EXIT_FINDINGS : GD_EXIT_OK;
    if (fo->output && !(fp = fopen(fo->output, "w"))) {
        perror(fo->output);
        fprintf(stderr, "gpudoctor fleet: cannot write '%s'\n", fo->output);
        return GD_EXIT_FAILURE;
    }
    if (color < 0)
        color = options_auto_color(!fo->output);
    in.fleet = fl;
    in.gd_version = GD_VERSION;
    in.origin = origin;
    in.exit_status = rc;
    in.nodes = fo->nodes || fo->fmt == FF_PROMETHEUS;
    switch (fo->fmt) {
    case FF_TEXT: r = report_fleet_text(fp, &in, color, &err); break;
    case FF_JSON: r = report_fleet_json(fp, &in, &err); break;
    case FF_MARKDOWN: r = report_fleet_markdown(fp, &in, &err); break;
    case FF_PROMETHEUS: r = report_fleet_prometheus(fp, &in, &err); break;
    }
    if (r < 0) {
        fprintf(stderr, "gpudoctor fleet: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
    }
    if (fp != stdout) {
        int bad = ferror(fp);
        if (fclose(fp) != 0 || bad) {
            fprintf(stderr, "gpudoctor fleet: cannot write '%s'\n", fo->output);
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

struct expect_arg {
    struct fleet *fl;
};

static int expect_one(const char *name, void *arg)
{
    struct expect_arg *e = arg;
    fleet_add_unreachable(e->fl, name, "no report among the inputs");
    return 0;
}

static int fleet_report(int argc, char **argv)
{
    struct fleet_out fo = { FF_TEXT, NULL, -1, 0 };
    const char *expect = NULL;
    struct fleet fl;
    struct gd_err err;
    const char **paths = xcalloc((size_t)argc + 1, sizeof(*paths));
    int i, n = 0, bad = 0, name_from_file = 0, rc;

    if (!paths)
        return GD_EXIT_FAILURE;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (out_option(&fo, argc, argv, &i, &bad)) {
            if (bad) {
                free(paths);
                return usage_error("fleet", "option '%s' needs an argument", a);
            }
        } else if (!strcmp(a, "--name-from-file")) {
            name_from_file = 1;
        } else if (!strcmp(a, "--expect")) {
            if (i + 1 >= argc) {
                free(paths);
                return usage_error("fleet", "option '%s' needs an argument", a);
            }
            expect = argv[++i];
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            free(paths);
            print_command_usage(stdout, command_find("fleet"));
            return GD_EXIT_OK;
        } else if (a[0] == '-' && a[1]) {
            free(paths);
            return usage_error("fleet", "unknown option '%s'", a);
        } else {
            paths[n++] = a;
        }
    }
    if (!n) {
        free(paths);
        return usage_error("fleet", "fleet report needs FILE, DIR or - (standard input)");
    }
    if (expect) {
        /* Checked before anything is read: a bad list is a usage error. */
        err_init(&err);
        if (hostlist_expand(expect, expect_check, NULL, &err) < 0) {
            free(paths);
            return usage_error("fleet", "--expect: %s", err.msg);
        }
    }
    fleet_init(&fl);
    if (keep_nodes(&fl, &fo) < 0) {
        fleet_release(&fl);
        free(paths);
        return GD_EXIT_FAILURE;
    }
    for (i = 0; i < n; i++) {
        err_init(&err);
        if (fleet_read_path(&fl, paths[i], name_from_file, &err) < 0) {
            fprintf(stderr, "gpudoctor fleet: %s\n", err.msg);
            fleet_release(&fl);
            free(paths);
            return GD_EXIT_USAGE;
        }
    }
    free(paths);
    if (expect) {
        /* Every expected node without a report is unreachable, by name. */
        struct expect_arg e = { &fl };
        err_init(&err);
        hostlist_expand(expect, expect_one, &e, &err);
    }
    rc = render(&fl, &fo, "reports");
    fleet_release(&fl);
    return rc;
}

static int fleet_slurm(int argc, char **argv)
{
    struct fleet_out fo = { FF_TEXT, NULL, -1, 0 };
    struct slurm_opts so;
    struct fleet fl;
    struct gd_err err;
    char self[4096];
    long t;
    int i, bad = 0, rc;

    memset(&so, 0, sizeof(so));
    so.timeout_s = 120;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **dst = NULL;
        if (!strcmp(a, "--")) {
            so.extra = argv + i + 1;
            so.n_extra = argc - i - 1;
            break;
        }
        if (out_option(&fo, argc, argv, &i, &bad)) {
            if (bad)
                return usage_error("fleet", "option '%s' needs an argument", a);
            continue;
        }
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            print_command_usage(stdout, command_find("fleet"));
            return GD_EXIT_OK;
        }
        if (!strcmp(a, "--nodes") || !strcmp(a, "-N"))
            dst = &so.nodes;
        else if (!strcmp(a, "--nodelist") || !strcmp(a, "-w"))
            dst = &so.nodelist;
        else if (!strcmp(a, "--partition") || !strcmp(a, "-p"))
            dst = &so.partition;
        else if (!strcmp(a, "--gpudoctor"))
            dst = &so.gpudoctor;
        else if (!strcmp(a, "--srun"))
            dst = &so.srun;
        else if (!strcmp(a, "--timeout")) {
            if (i + 1 >= argc || parse_int_arg(argv[i + 1], 1, 86400, &t) < 0)
                return usage_error("fleet", "--timeout needs a number of seconds (1-86400)");
            so.timeout_s = (int)t;
            i++;
            continue;
        } else
            return usage_error("fleet", "unknown option '%s' (srun options go after --)", a);
        if (i + 1 >= argc)
            return usage_error("fleet", "option '%s' needs an argument", a);
        *dst = argv[++i];
    }
    if (so.nodes && (parse_int_arg(so.nodes, 1, 100000, &t) < 0))
        return usage_error("fleet", "--nodes needs a node count");
    if (!so.gpudoctor) {
        if (compat_self_exe(self, sizeof(self)) < 0) {
            fprintf(stderr, "gpudoctor fleet: cannot find this program's own path; use --gpudoctor PATH\n");
            return GD_EXIT_FAILURE;
        }
        so.gpudoctor = self;
    }
    fleet_init(&fl);
    if (keep_nodes(&fl, &fo) < 0) {
        fleet_release(&fl);
        return GD_EXIT_FAILURE;
    }
    err_init(&err);
    if (slurm_gather(&fl, &so, &err) < 0) {
        fprintf(stderr, "gpudoctor fleet: %s\n", err.msg);
        fleet_release(&fl);
        return err.code == GD_ERR_USAGE ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
    }
    rc = render(&fl, &fo, "slurm");
    fleet_release(&fl);
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
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        print_command_usage(argc < 2 ? stderr : stdout, command_find("fleet"));
        return argc < 2 ? GD_EXIT_USAGE : GD_EXIT_OK;
    }
    if (!strcmp(argv[1], "report"))
        return fleet_report(argc - 1, argv + 1);
    if (!strcmp(argv[1], "slurm"))
        return fleet_slurm(argc - 1, argv + 1);
    if (!strcmp(argv[1], "node"))
        return fleet_node(argc - 1, argv + 1);
    return usage_error("fleet", "unknown fleet command '%s' (report, slurm or node)", argv[1]);
}
