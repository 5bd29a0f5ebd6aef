/*
 * commands.h - the subcommand table.
 *
 * Each subcommand lives in src/cli/cmd_NAME.c: its function
 *     int cmd_NAME(int argc, char **argv);
 * which receives argv starting at the subcommand's own name (argv[0]) and
 * returns an enum gd_exit, and its command-line table, a struct cmd_spec
 * NAME_spec (cli/optparse.h: synopsis, description, options, operands,
 * exit statuses), from which the parser, --help, the man page and the
 * completions all come.  To add a subcommand: write cmd_NAME.c, declare
 * both below, add a row to commands[] in commands.c.
 */
#ifndef GD_COMMANDS_H
#define GD_COMMANDS_H

#include <stddef.h>

#include "cli/optparse.h"

extern const struct command commands[];

/** `gpudoctor` itself: its synopsis, description, -h and -V, and check's exit statuses. */
extern const struct cmd_spec main_spec;
/** Said after the exit statuses in `gpudoctor --help` and gpudoctor(1). */
extern const char main_exits_note[];

/** The command called name in commands[], or NULL. */
const struct command *command_find(const char *name);
/** The command called name in table (name NULL ends it), or NULL. */
const struct command *command_in(const struct command *table, const char *name);
/**
 * "; did you mean 'check'?" when a name in table is near typed, else "",
 * into buf (returned).
 */
const char *command_suggest(const struct command *table, const char *typed, char *buf, size_t size);
/** Every subcommand's name (an opt_values_fn, for `help SUBCOMMAND`). */
void command_names(opt_put_fn *put, void *ctx);

int cmd_check(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_fleet(int argc, char **argv);
int cmd_help(int argc, char **argv);
int cmd_probe(int argc, char **argv);
int cmd_ps(int argc, char **argv);
int cmd_matrix(int argc, char **argv);
int cmd_kb(int argc, char **argv);
int cmd_plan(int argc, char **argv);
int cmd_which(int argc, char **argv);

extern const struct cmd_spec check_spec, explain_spec, fleet_spec, help_spec, kb_spec, matrix_spec,
    plan_spec, probe_spec, ps_spec, which_spec;
/** check's exit statuses (gpudoctor with no subcommand is check). */
extern const struct exit_doc check_exits[];

#endif
