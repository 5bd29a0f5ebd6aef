/*
 * options.h - the options every examining subcommand shares, and what a run
 * builds from them.
 *
 * The shared options (--root, --env, --env-file, --clear-env, --os, --json,
 * --markdown, --facts, --strict, --redact, --db, -o/--output,
 * --color[=WHEN], --no-color, --all-shells, -h/--help) are one group of
 * rows, options_shared, that a subcommand's spec (cli/optparse.h) lists
 * after its own groups; optparse() fills a struct options from them.  A
 * subcommand that documents one of them its own way (plan's --os, explain's
 * --json) gives it a row of its own, which takes its place.
 * options_setup() then turns the options into the things a run needs: the
 * re-rooted fs, the environment the examined process would see, the output
 * stream, whether to colour.
 *
 * This is also the one place that reads NO_COLOR (options_use_color).
 * Parsing never prints: errors come back in err and the caller returns
 * GD_EXIT_USAGE.
 */
#ifndef GD_OPTIONS_H
#define GD_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "cli/optparse.h"
#include "util/env.h"
#include "util/err.h"
#include "util/fs.h"

enum out_format { FMT_TEXT = 0, FMT_JSON, FMT_MARKDOWN, FMT_FACTS, FMT_PROMETHEUS };

/* the kinds of the items of options.env_changes */
enum { OPT_ENV_SET = 0, OPT_ENV_FILE = 1 };

struct options {
    const char *root;            /* NULL: this machine */
    int clear_env;
    struct opt_list env_changes; /* --env NAME=VALUE (OPT_ENV_SET) and --env-file FILE
                                    (OPT_ENV_FILE), in command-line order */
    int format;                  /* enum out_format */
    int strict;
    const char *color;           /* --color=WHEN: "auto", "always", "never"; NULL: auto */
    const char *db;              /* --db DIR_OR_FILE */
    const char *output;          /* --output FILE */
    const char *os;              /* --os linux|windows|wsl|macos */
    int all_shells;              /* --all-shells */
    int redact;                  /* --redact: report/redact.h on the output */
    struct opt_list operands;    /* optparse: the arguments that are not options */
    int rest;                    /* optparse, rest_after_dashdash: argv index after "--" */
};

/** The shared options (ends with OPT_END), and the group that lists them. */
extern const struct opt_def options_shared_rows[];
extern const struct opt_group options_shared;

/* Rows some subcommands reuse in groups of their own (fleet). */
#define OPTIONS_ROW_OUTPUT                                                                     \
    { .name = "output", .short_name = 'o', .kind = OPT_STRING, .off = offsetof(struct options, output), \
      .metavar = "FILE", .arg = ARG_FILE, .flags = OPT_IN_OPTIONS,                             \
      .help = "write the report to FILE instead of standard output" }
#define OPTIONS_ROW_COLOR                                                                      \
    { .name = "color", .kind = OPT_STRING, .off = offsetof(struct options, color), .metavar = "WHEN", \
      .choices = options_color_words, .dflt = "always", .flags = OPT_OPTIONAL_ARG | OPT_IN_OPTIONS, \
      .help = "colour the text: always, never or auto (the default: on a terminal, and never "   \
              "when NO_COLOR is set); --color alone is --color=always" }
#define OPTIONS_ROW_NO_COLOR                                                                   \
    { .name = "no-color", .kind = OPT_ALIAS, .same_as = "--color=never", .help = "the same as --color=never" }
#define OPTIONS_ROW_HELP { .name = "help", .short_name = 'h', .kind = OPT_HELP_ROW, .help = "show this help" }

extern const char *const options_color_words[];

void options_init(struct options *o);
/** Free what optparse put in o (its lists); o is left as options_init made it. */
void options_release(struct options *o);

/* What a run needs, built from the options. */
struct run_ctx {
    struct fs fs;
    struct env env;
    FILE *out;          /* stdout or the --output file */
    int color;          /* resolved: 1 only on a terminal without NO_COLOR */
    const char *shell;  /* the reader's shell for fixes ("sh", "fish", "powershell", "cmd"),
                           from gpudoctor's own $SHELL (PowerShell on native Windows);
                           NULL with --all-shells */
    FILE *redact_to;    /* --redact: out is a temporary file, rewritten into
                         * this stream by run_ctx_release; else NULL */
};

/**
 * Build fs (from --root), env (process env, then --clear-env, --env and
 * --env-file in command-line order) and out.  -1 with err on an unusable
 * root, unreadable env file or unwritable output (err->code says which:
 * GD_ERR_USAGE for the first two).
 */
int options_setup(const struct options *o, struct run_ctx *ctx, struct gd_err *err);
/**
 * Whether to colour: when (--color's word) "always" or "never" decides;
 * "auto" or NULL means only when auto_ok (the output is text), to_stdout
 * (the output is standard output), stdout is a terminal and NO_COLOR is
 * unset or empty (no-color.org).  The one place NO_COLOR is read.
 */
int options_use_color(const char *when, int auto_ok, int to_stdout);

struct kb;
/**
 * options_setup, then the knowledge base (--db, or the built-in tables),
 * printing "gpudoctor CMD: ..." for either failure (this is the cli layer).
 * 0 with ctx and *kb ready, or the exit status to return (ctx released,
 * the caller still releases o): GD_EXIT_USAGE for a bad root, env file or
 * --db, GD_EXIT_FAILURE for an unwritable output.
 */
int options_open(const struct options *o, const char *cmd, struct run_ctx *ctx, struct kb **kb);

/**
 * Close the output; -1 if any write to it failed.  With --redact, first
 * write the report kept in the temporary file to the real output with home
 * directories, user and host names and the machine-id replaced
 * (report/redact.h; the names come from the examined environment and
 * machine: $HOME, $USER, $LOGNAME, /etc/hostname, /etc/machine-id).
 */
int run_ctx_release(struct run_ctx *ctx, struct gd_err *err);

#endif
