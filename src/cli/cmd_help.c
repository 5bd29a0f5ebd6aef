/*
 * cmd_help.c - `gpudoctor help [SUBCOMMAND]`, `help --man [SUBCOMMAND]`,
 * `help --completion SHELL`: the command tables as help, man pages and
 * completion scripts (cli/help.c, cli/help_gen.c).
 */
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit.h"
#include "cli/help_gen.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "util/banned.h"

struct help_args {
    int man;
    const char *completion;
};

static const char *const shells[] = { "bash", "zsh", "fish", NULL };

static const struct opt_def help_rows[] = {
    { .name = "man", .kind = OPT_FLAG, .off = offsetof(struct help_args, man), .ival = 1,
      .help = "the manual page, in roff: gpudoctor(1), or gpudoctor-SUBCOMMAND(1)" },
    { .name = "completion", .kind = OPT_STRING, .off = offsetof(struct help_args, completion),
      .metavar = "bash|zsh|fish", .choices = shells, .help = "the completion script for that shell" },
    OPTIONS_ROW_HELP,
    OPT_END
};
static const struct opt_group help_group = { "Options of help", NULL, help_rows, 0 };
static const struct opt_group *const help_groups[] = { &help_group, NULL };
static const struct opt_operand help_operands[] = { { "SUBCOMMAND", command_names, ARG_WORD },
                                                    { NULL, NULL, ARG_WORD } };
static const char *const help_synopsis[] = {
    "gpudoctor help [SUBCOMMAND]",
    "gpudoctor help --man [SUBCOMMAND]",
    "gpudoctor help --completion bash|zsh|fish",
    NULL
};
static const struct help_block help_about[] = {
    { NULL, "Show the help of gpudoctor or of one subcommand, or the same description in other "
            "forms (the build installs these): a manual page, a shell's completion script." },
    { NULL, NULL }
};
static const struct exit_doc help_exits[] = {
    { GD_EXIT_OK, "printed" },
    { GD_EXIT_USAGE, "usage error (an unknown subcommand or shell included)" },
    { GD_EXIT_FAILURE, "standard output could not be written" },
    { -1, NULL }
};

const struct cmd_spec help_spec = { help_synopsis, help_about, help_groups, help_operands, 1, 0, NULL,
                                    help_exits, NULL };

/* The subcommand named, or NULL after a usage error (*rc set). */
static const struct command *named(const char *name, int *rc)
{
    const struct command *c = command_find(name);
    if (!c)
        *rc = usage_unknown_command(NULL, commands, name);
    return c;
}

int cmd_help(int argc, char **argv)
{
    struct options o;
    struct help_args h = { 0, NULL };
    const struct command *c = NULL;
    const char *name;
    int rc = GD_EXIT_OK;

    options_init(&o);
    if (cmd_parse("help", &help_spec, &o, &h, argc, argv, &rc) < 0) {
        options_release(&o);
        return rc;
    }
    name = o.operands.n ? o.operands.v[0].arg : NULL;
    if (h.man && h.completion)
        rc = usage_error("help", "--man and --completion cannot be combined");
    else if (h.completion && name)
        rc = usage_error("help", "--completion writes the script for every subcommand: no SUBCOMMAND");
    else if (name && !(c = named(name, &rc)))
        ;
    else if (h.man)
        help_gen_man(stdout, c);
    else if (h.completion)
        help_gen_completion(stdout, h.completion);
    else if (c)
        print_command_usage(stdout, c);
    else
        print_main_usage(stdout);
    options_release(&o);
    return rc;
}
