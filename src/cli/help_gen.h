/*
 * help_gen.h - manual pages and shell completions generated from the
 * --help texts.
 *
 * The usage strings in commands.c (with common_options_help and
 * exit_status_help appended by print_command_usage) are the one source of
 * every subcommand's options.  This module reads them back as the user sees
 * them and writes them in other forms, so the man pages and completions
 * cannot say something --help does not:
 *
 *   - a man page (roff, man(7) macros): the "usage:" block becomes SYNOPSIS,
 *     prose becomes paragraphs, a two-space-indented "TERM  description"
 *     line becomes a tagged paragraph, a line "Heading:" after a blank line
 *     becomes a subsection ("Exit status:" the EXIT STATUS section);
 *   - the options of a subcommand: every -x / --long token in the term of
 *     such an indented line, with the word after it when that word is a
 *     placeholder (DIR, FILE, glibc|musl, ...);
 *   - completion scripts for bash, zsh and fish from those options, the
 *     subcommand table, the names `matrix` accepts and the framework names
 *     `plan --framework` accepts.
 *
 * Invoked as `gpudoctor help --man [SUBCOMMAND]` and
 * `gpudoctor help --completion bash|zsh|fish` (mk/doc.mk runs them at
 * build time).  The cli layer may print; these write to fp only.
 */
#ifndef GD_HELP_GEN_H
#define GD_HELP_GEN_H

#include <stdio.h>

/**
 * Write the man page of subcommand name (NULL: gpudoctor(1), the command
 * list) to fp.  Returns 0, or -1 when name is no subcommand or a temporary
 * file for the help text could not be made.
 */
int help_gen_man(FILE *fp, const char *name);

/**
 * Write the completion script for shell ("bash", "zsh" or "fish") to fp.
 * Returns 0, or -1 for an unknown shell or when the help texts could not be
 * read back.
 */
int help_gen_completion(FILE *fp, const char *shell);

#endif
