/*
 * exit.h - gpudoctor's exit statuses, one enum for every subcommand.
 * Documented in `gpudoctor --help` (cli/main_help.h); never renumbered.
 */
#ifndef GD_EXIT_H
#define GD_EXIT_H

enum gd_exit {
    GD_EXIT_OK = 0,        /* no error-severity finding (explain: it ran) */
    GD_EXIT_FINDINGS = 1,  /* at least one error finding (or warning with --strict) */
    GD_EXIT_USAGE = 2,     /* bad command line */
    GD_EXIT_FAILURE = 3    /* gpudoctor itself could not run (unwritable output, ...) */
};

#endif
