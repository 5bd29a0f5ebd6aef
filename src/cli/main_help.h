/* main_help.h - printing of usage texts (cli layer, which may print). */
#ifndef GD_MAIN_HELP_H
#define GD_MAIN_HELP_H

#include <stdio.h>

#include "cli/commands.h"
#include "util/err.h"

void print_main_usage(FILE *fp);
void print_command_usage(FILE *fp, const struct command *c);
/**
 * Report a usage error for subcommand cmd: "gpudoctor CMD: MESSAGE" and a
 * hint line, on stderr.  Returns GD_EXIT_USAGE.
 */
int usage_error(const char *cmd, const char *fmt, ...) GD_PRINTF(2, 3);

#endif
