/*
 * options.h - the options every examining subcommand shares.
 *
 * Each subcommand walks its argv itself and hands each argument it does not
 * recognise to options_parse_common(), which knows --root, --env,
 * --env-file, --clear-env, --json, --markdown, --facts, --strict, --db,
 * --color/--no-color, --output, --os and --redact.  options_setup() then turns the
 * options into the things a run needs: the re-rooted fs, the environment
 * the examined process would see, the output stream.
 *
 * Parsing never prints: errors come back in err and the caller returns
 * GD_EXIT_USAGE.
 */
#ifndef GD_OPTIONS_H
#define GD_OPTIONS_H

#include <stdio.h>

#include "util/env.h"
#include "util/err.h"
#include "util/fs.h"

enum opt_result {
    OPT_OK = 0,        /* consumed (and *i advanced past any argument) */
    OPT_NOT_MINE,      /* not a common option: the subcommand decides */
    OPT_BAD_USE,       /* a common option with a bad or missing argument */
    OPT_HELP           /* -h / --help */
};

enum out_format { FMT_TEXT = 0, FMT_JSON, FMT_MARKDOWN, FMT_FACTS };

struct env_change {
    int kind;            /* 0: K=V, 1: env file path */
    const char *arg;     /* borrowed from argv */
};

struct options {
    const char *root;            /* NULL: this machine */
    int clear_env;
    struct env_change *env_changes;
    size_t n_env_changes, alloc_env_changes;
    enum out_format format;
    int strict;
    int color;                   /* -1 auto, 0 never, 1 always */
    const char *db;              /* --db DIR_OR_FILE */
    const char *output;          /* --output FILE */
    const char *os;              /* --os linux|windows|... */
    int all_shells;              /* --all-shells */
    int redact;                  /* --redact: report/redact.h on the output */
};

void options_init(struct options *o);
void options_release(struct options *o);

/**
 * Try argv[*i] as a common option.  On OPT_OK, *i points at the last
 * argument consumed (the caller's loop increments it).
 */
enum opt_result options_parse_common(struct options *o, int argc, char **argv, int *i,
                                     struct gd_err *err);

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
 * Whether automatic colour is on: output to stdout (to_stdout), stdout a
 * terminal, and NO_COLOR unset or empty.  The one place NO_COLOR is read.
 */
int options_auto_color(int to_stdout);

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

/** Parse a decimal int in [min, max]; -1 on anything else. */
int parse_int_arg(const char *s, long min, long max, long *out);

#endif
