/*
 * main_help.h - --help, `gpudoctor help CMD` and usage errors (cli/help.c),
 * all rendered from the command tables (cli/optparse.h, cli/commands.h).
 * The cli layer may print.
 */
#ifndef GD_MAIN_HELP_H
#define GD_MAIN_HELP_H

#include <stdio.h>

#include "cli/commands.h"
#include "cli/options.h"
#include "util/err.h"
#include "util/strbuf.h"

#define HELP_WIDTH 80   /* --help lines are at most this long */

/** `gpudoctor --help`: the synopsis, the subcommands, the options and check's exit statuses. */
void print_main_usage(FILE *fp);
/** `gpudoctor CMD --help`: synopsis, description, option groups, exit statuses of c. */
void print_command_usage(FILE *fp, const struct command *c);
/**
 * Report a usage error for subcommand cmd: "gpudoctor CMD: MESSAGE" and a
 * hint line, on stderr.  Returns GD_EXIT_USAGE.
 */
int usage_error(const char *cmd, const char *fmt, ...) GD_PRINTF(2, 3);
/**
 * Report an unknown subcommand name of table (parent NULL: gpudoctor's own
 * subcommands; else "fleet"'s), with the nearest names when some are near.
 * Returns GD_EXIT_USAGE.
 */
int usage_unknown_command(const char *parent, const struct command *table, const char *name);

/**
 * optparse() subcommand name's command line by spec (into o and own), and
 * do what the result asks: on -h/--help print name's help (*rc 0), on a
 * usage error say so (*rc GD_EXIT_USAGE).  0 to go on, -1 when the
 * subcommand returns *rc; either way o and own are the caller's to release.
 */
int cmd_parse(const char *name, const struct cmd_spec *spec, struct options *o, void *own, int argc,
              char **argv, int *rc);

/* ---- the pieces, shared with the man pages (help_gen.c) ---- */

/**
 * Append text to sb word by word, starting at column col: a word that
 * would pass HELP_WIDTH starts a new line indented by indent.  With
 * brackets, a space inside [...] does not break ("[--db PATH]").  Returns
 * the column after the last word.
 */
size_t help_wrap(struct strbuf *sb, const char *text, size_t col, size_t indent, int brackets);
/** help_wrap, at width columns instead of HELP_WIDTH. */
size_t help_wrap_at(struct strbuf *sb, const char *text, size_t col, size_t indent, int brackets,
                    size_t width);
/** An option as help shows it: "-o, --output FILE", "--color[=WHEN]". */
void help_term(struct strbuf *sb, const struct opt_def *o);
/** The length of a synopsis form's command words ("gpudoctor fleet slurm "). */
size_t help_synopsis_indent(const char *form);
/** "Exit status:" and one "  N  meaning" line (wrapped) per status. */
void help_print_exits(FILE *fp, const struct exit_doc *x);

#endif
