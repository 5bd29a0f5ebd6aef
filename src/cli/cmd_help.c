/* `gpudoctor help [SUBCOMMAND]` and the top-level usage. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit.h"
#include "cli/help_gen.h"
#include "cli/main_help.h"
#include "util/banned.h"

void print_main_usage(FILE *fp)
{
    const struct command *c;
    fputs("usage: gpudoctor [SUBCOMMAND] [options]\n"
          "\n"
          "gpudoctor tells why a deep-learning framework does not use the NVIDIA GPU,\n"
          "by reading files only, and prints the commands that fix it.\n"
          "\n"
          "Subcommands (default: check):\n", fp);
    for (c = commands; c->name; c++)
        fprintf(fp, "  %-9s %s\n", c->name, c->summary);
    fputs("\n"
          "  gpudoctor help SUBCOMMAND   show a subcommand's options\n"
          "  gpudoctor --version         show the version and the knowledge-base revision\n"
          "\n", fp);
    fputs(exit_status_help, fp);
}

void print_command_usage(FILE *fp, const struct command *c)
{
    fputs(c->usage, fp);
    if (strcmp(c->name, "help")) {
        fputc('\n', fp);
        fputs(common_options_help, fp);
        fputc('\n', fp);
        fputs(exit_status_help, fp);
    }
}

int cmd_help(int argc, char **argv)
{
    const struct command *c;
    if (argc < 2) {
        print_main_usage(stdout);
        return GD_EXIT_OK;
    }
    if (!strcmp(argv[1], "--man")) {
        if (argc > 3)
            return usage_error("help", "--man takes at most one subcommand");
        if (argc == 3 && !command_find(argv[2]))
            return usage_error("help", "unknown subcommand '%s'", argv[2]);
        if (help_gen_man(stdout, argc == 3 ? argv[2] : NULL) < 0) {
            fprintf(stderr, "gpudoctor help: cannot read the help text back (tmpfile)\n");
            return GD_EXIT_FAILURE;
        }
        return GD_EXIT_OK;
    }
    if (!strcmp(argv[1], "--completion")) {
        if (argc != 3 || (strcmp(argv[2], "bash") && strcmp(argv[2], "zsh") && strcmp(argv[2], "fish")))
            return usage_error("help", "--completion needs one of bash, zsh, fish");
        if (help_gen_completion(stdout, argv[2]) < 0) {
            fprintf(stderr, "gpudoctor help: cannot read the help text back (tmpfile)\n");
            return GD_EXIT_FAILURE;
        }
        return GD_EXIT_OK;
    }
    c = command_find(argv[1]);
    if (!c) {
        fprintf(stderr, "gpudoctor: unknown subcommand '%s'\n", argv[1]);
        fprintf(stderr, "see 'gpudoctor --help'\n");
        return GD_EXIT_USAGE;
    }
    print_command_usage(stdout, c);
    return GD_EXIT_OK;
}

int usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "gpudoctor %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nsee 'gpudoctor help %s'\n", cmd);
    return GD_EXIT_USAGE;
}

