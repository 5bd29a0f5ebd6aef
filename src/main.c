/*
 * main.c - gpudoctor's entry point: pick the subcommand, run it, make sure
 * standard output really got written.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/version.h"
#include "kb/kb.h"
#include "util/banned.h"

static int print_version(void)
{
    printf("gpudoctor %s\n", GD_VERSION);
    printf("knowledge base %s\n", kb_builtin_revision());
    return GD_EXIT_OK;
}

int main(int argc, char **argv)
{
    const struct command *c;
    int rc;

    if (argc >= 2 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V"))) {
        rc = print_version();
    } else if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        print_main_usage(stdout);
        rc = GD_EXIT_OK;
    } else if (argc < 2 || argv[1][0] == '-') {
        /* No subcommand: `gpudoctor [options]` is `gpudoctor check [options]`. */
        char *check = (char *)(uintptr_t)"check";
        argv[0] = check;
        rc = cmd_check(argc, argv);
    } else if ((c = command_find(argv[1])) != NULL) {
        rc = c->run(argc - 1, argv + 1);
    } else {
        fprintf(stderr, "gpudoctor: unknown subcommand '%s'\n", argv[1]);
        fprintf(stderr, "see 'gpudoctor --help'\n");
        rc = GD_EXIT_USAGE;
    }
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "gpudoctor: cannot write to standard output\n");
        return GD_EXIT_FAILURE;
    }
    if (fclose(stdout) != 0) {
        fprintf(stderr, "gpudoctor: cannot write to standard output\n");
        return GD_EXIT_FAILURE;
    }
    return rc;
}
