/*
 * help_gen.h - manual pages and shell completions generated from the
 * command tables.
 *
 * The same tables that parse the command line and print --help
 * (cli/optparse.h: every subcommand's struct cmd_spec, commands[] and
 * main_spec in cli/commands.h) are written here in other forms, so a man
 * page or a completion cannot say something the parser does not do:
 *
 *   - a man page (roff, man(7) macros): NAME from the summary, SYNOPSIS from
 *     the synopsis forms, DESCRIPTION from the description blocks, OPTIONS
 *     with one subsection per option group, EXIT STATUS from the
 *     subcommand's own exit statuses;
 *   - completion scripts for bash, zsh and fish: the subcommands (and
 *     fleet's), every option a subcommand parses, what its argument is
 *     (a file, a directory, one of its choices, the words its values
 *     function gives: matrix's tables from the knowledge base and the
 *     framework registry, plan's frameworks from the registry) and the
 *     words of the first operand.
 *
 * Invoked as `gpudoctor help --man [SUBCOMMAND]` and
 * `gpudoctor help --completion bash|zsh|fish` (mk/install.mk runs them at
 * build time).  The cli layer may print; these write to fp only.
 */
#ifndef GD_HELP_GEN_H
#define GD_HELP_GEN_H

#include <stdio.h>

struct command;

/** Write the man page of c (NULL: gpudoctor(1), with the command list) to fp. */
void help_gen_man(FILE *fp, const struct command *c);

/**
 * Write the completion script for shell ("bash", "zsh" or "fish") to fp.
 * Returns 0, or -1 for another shell.
 */
int help_gen_completion(FILE *fp, const char *shell);

#endif
