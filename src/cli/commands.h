/*
 * commands.h - the subcommand table.
 *
 * Each subcommand lives in src/cli/cmd_NAME.c and exports one function
 *     int cmd_NAME(int argc, char **argv);
 * which receives argv starting at the subcommand's own name (argv[0]) and
 * returns an enum gd_exit.  Its help text is a constant string here, so
 * `gpudoctor help NAME` and `gpudoctor NAME --help` agree.
 * To add a subcommand: write cmd_NAME.c, declare it below, add a row to
 * commands[] in commands.c.
 */
#ifndef GD_COMMANDS_H
#define GD_COMMANDS_H

#include <stddef.h>

struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;   /* one line for the command list */
    const char *usage;     /* the full --help text */
};

extern const struct command commands[];

/** The command called name, or NULL. */
const struct command *command_find(const char *name);

/** Help shared by every examining subcommand (appended to their usage). */
extern const char common_options_help[];
extern const char exit_status_help[];

int cmd_check(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_fleet(int argc, char **argv);
int cmd_help(int argc, char **argv);
int cmd_probe(int argc, char **argv);
int cmd_ps(int argc, char **argv);
int cmd_matrix(int argc, char **argv);
int cmd_plan(int argc, char **argv);
int cmd_which(int argc, char **argv);

/**
 * The i-th table name `gpudoctor matrix TABLE` accepts besides the kb's own
 * table names and the framework names (i from 0), or NULL after the last.
 * For the completion scripts (help_gen.h).
 */
const char *cmd_matrix_table_at(size_t i);

#endif
