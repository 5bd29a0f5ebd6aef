/*
 * main.c - gpudoctor's entry point: pick the subcommand, run it, make sure
 * standard output really got written.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#if defined(__linux__)
#include <sys/random.h>
#include <sys/types.h>
#endif

#include <jansson.h>

#include "cli/commands.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "cli/version.h"
#include "compat/compat.h"
#include "kb/kb.h"
#include "util/banned.h"

/* jansson seeds its hash function on its first use by opening and reading
 * /dev/urandom (three system calls); one getrandom(2) gives it the same
 * randomness.  Elsewhere, or when getrandom fails or gives 0 (jansson's
 * "seed yourself"), jansson seeds itself as before. */
static void seed_json(void)
{
#if defined(__linux__)
    uint32_t seed = 0;
    if (getrandom(&seed, sizeof(seed), GRND_NONBLOCK) == (ssize_t)sizeof(seed) && seed)
        json_object_seed(seed);
#endif
}

static int print_version(void)
{
    printf("gpudoctor %s\n", GD_VERSION);
    printf("knowledge base %s\n", kb_builtin_revision());
    return GD_EXIT_OK;
}

/* 1 when a names one of main_spec's options (--help, -V, ...). */
static int is_main_option(const char *a)
{
    if (a[1] == '-')
        return optparse_find(&main_spec, a + 2, strlen(a + 2), 0) != NULL;
    return a[1] && !a[2] && optparse_find(&main_spec, NULL, 0, a[1]) != NULL;
}

/* argv[1] is an option: gpudoctor's own (main_spec: --help, --version), or
 * the first of check's, as `gpudoctor [options]` is `gpudoctor check [options]`. */
static int top_option(int argc, char **argv)
{
    struct options o;
    struct gd_err err;
    int version = 0, rc;
    char *check = (char *)(uintptr_t)"check";

    if (!is_main_option(argv[1])) {
        argv[0] = check;
        return cmd_check(argc, argv);
    }
    options_init(&o);
    err_init(&err);
    /* All of argv: `--version --json` is an unknown option, not a --json ignored. */
    rc = optparse(&main_spec, &o, &version, argc, argv, &err);
    options_release(&o);
    if (rc == OPT_HELP) {
        print_main_usage(stdout);
        return GD_EXIT_OK;
    }
    if (rc != OPT_OK) {
        fprintf(stderr, "gpudoctor: %s\nsee 'gpudoctor --help'\n", err.msg);
        return GD_EXIT_USAGE;
    }
    return print_version();
}

int main(int argc, char **argv)
{
    const struct command *c;
    int rc;

    /* Before anything allocates: the heap then grows in two or three steps. */
    compat_tune_malloc();
    seed_json();
    if (argc >= 2 && argv[1][0] == '-') {
        rc = top_option(argc, argv);
    } else if (argc < 2) {
        /* No subcommand: `gpudoctor` is `gpudoctor check`. */
        char *check = (char *)(uintptr_t)"check";
        argv[0] = check;
        rc = cmd_check(argc, argv);
    } else if ((c = command_find(argv[1])) != NULL) {
        rc = c->run(argc - 1, argv + 1);
    } else {
        rc = usage_unknown_command(NULL, commands, argv[1]);
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
