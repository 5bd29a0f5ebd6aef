/*
 * commands.c - the subcommand table and gpudoctor's own command line
 * (commands.h).  Each row's spec is in its cmd_NAME.c.
 */
#include "cli/commands.h"

#include <stddef.h>
#include <string.h>

#include "cli/exit.h"
#include "cli/options.h"
#include "util/banned.h"

const struct command commands[] = {
    { "check", cmd_check, "scan this machine and say whether each framework will use the GPU", &check_spec },
    { "explain", cmd_explain, "read a pasted log and say what went wrong, why, and how to fix it",
      &explain_spec },
    { "fleet", cmd_fleet, "merge many machines' check reports into one cluster view; run it on Slurm",
      &fleet_spec },
    { "help", cmd_help, "show help for gpudoctor or one subcommand", &help_spec },
    { "kb", cmd_kb, "how old the built-in knowledge base is, and how to feed it newer tables", &kb_spec },
    { "matrix", cmd_matrix, "print the compatibility tables gpudoctor knows, with sources", &matrix_spec },
    { "plan", cmd_plan, "choose a framework, CUDA, cuDNN, driver and image that work together", &plan_spec },
    { "probe", cmd_probe, "load the NVIDIA driver in a child process and ask it for its GPUs", &probe_spec },
    { "ps", cmd_ps, "is each running Python job on the GPU, and if not, why", &ps_spec },
    { "which", cmd_which, "trace how the dynamic loader would look for one library", &which_spec },
    { NULL, NULL, NULL, NULL }
};

/* main.c parses only these (argv[1]); any other option starts check. */
static const struct opt_def main_rows[] = {
    OPTIONS_ROW_HELP,
    { .name = "version", .short_name = 'V', .kind = OPT_FLAG, .off = 0, .ival = 1,
      .help = "show the version and the knowledge-base revision" },
    OPT_END
};
static const struct opt_group main_group = { "Options", NULL, main_rows, 0 };
static const struct opt_group *const main_groups[] = { &main_group, NULL };
static const char *const main_synopsis[] = { "gpudoctor [SUBCOMMAND] [options]", NULL };
static const struct help_block main_about[] = {
    { NULL, "gpudoctor tells why a deep-learning framework does not use the NVIDIA GPU, by reading "
            "files only, and prints the commands that fix it." },
    { NULL, NULL }
};

const struct cmd_spec main_spec = { main_synopsis, main_about, main_groups, NULL, 0, 0, NULL,
                                    check_exits, NULL, NULL };

const char main_exits_note[] =
    "These are check's, the default subcommand's; each subcommand's help lists its own.";

const struct command *command_in(const struct command *table, const char *name)
{
    const struct command *c;
    for (c = table; c->name; c++)
        if (!strcmp(c->name, name))
            return c;
    return NULL;
}

const struct command *command_find(const char *name)
{
    return command_in(commands, name);
}

const char *command_suggest(const struct command *table, const char *typed, char *buf, size_t size)
{
    const struct command *c;
    struct suggest s;
    suggest_init(&s, typed, strlen(typed));
    for (c = table; c->name; c++)
        suggest_add(&s, c->name);
    return suggest_text(&s, "", buf, size);
}

void command_names(opt_put_fn *put, void *ctx)
{
    const struct command *c;
    for (c = commands; c->name; c++)
        put(ctx, c->name);
}
