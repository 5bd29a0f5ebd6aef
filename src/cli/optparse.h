/*
 * optparse.h - the command-line tables and the one parser that reads them.
 *
 * Every subcommand describes its command line once, as data (struct
 * cmd_spec): the forms of its synopsis, its description, its options in
 * groups (one struct opt_def row per option: long and short name, what it
 * stores and where, its argument's name and kind, the words it accepts or
 * offers, its help), its operands and its exit statuses with their
 * meanings.  Everything else is derived from that one description:
 *
 *   - parsing: optparse() below (no I/O, never prints);
 *   - --help and `gpudoctor help CMD`: cli/help.c;
 *   - the man pages and the bash/zsh/fish completions: cli/help_gen.c.
 *
 * Nothing reads help text back, so --help, the man page, the completions
 * and the parser cannot disagree about an option.
 *
 * Storage.  optparse() fills two structs: the struct options every
 * examining subcommand shares (cli/options.h), and the subcommand's own
 * (its "own" struct, any layout).  A row stores into the field at `off`
 * bytes from the start of its own struct, or, with OPT_IN_OPTIONS, of the
 * struct options (every shared row, and a subcommand's own rows for a
 * shared field: plan's --os, explain's --json).  The kind says the field's
 * type:
 *
 *   OPT_FLAG    int            = ival
 *   OPT_STRING  const char *   = the argument (borrowed from argv)
 *   OPT_LONG    long           = the argument, a decimal in [min, max]
 *   OPT_LIST    struct opt_list: the argument appended, with ival as the
 *               item's kind (repeatable; --env and --env-file share one
 *               list, so their order is kept)
 *   OPT_ALIAS   nothing itself: the option `same_as` names ("--no-color"
 *               is "--color=never")
 *   OPT_HELP_ROW  nothing: optparse returns OPT_HELP (-h, --help)
 *
 * Given twice, a non-list option keeps the last value.
 *
 * Grammar: `--name VALUE`, `--name=VALUE`, `-x VALUE`; an optional argument
 * (OPT_OPTIONAL_ARG) only as `--name=VALUE`.  A lone "-" is an operand, and
 * "--" ends the options: what follows is operands, or, with
 * rest_after_dashdash, left to the caller (fleet slurm's srun options).
 * Options and operands mix in any order.
 *
 * To add an option: a row in the subcommand's table (and the field it
 * stores into).  docs/architecture.md, "How to add...".
 */
#ifndef GD_OPTPARSE_H
#define GD_OPTPARSE_H

#include <stddef.h>

#include "util/err.h"

enum opt_result {
    OPT_OK = 0,    /* parsed: the struct holds the options, operands in o.operands */
    OPT_BAD_USE,   /* an unknown option, a bad or missing argument, too many operands (err) */
    OPT_HELP       /* -h / --help was given (nothing after it was parsed) */
};

enum opt_kind { OPT_FLAG, OPT_STRING, OPT_LONG, OPT_LIST, OPT_ALIAS, OPT_HELP_ROW };

/* What an argument is, for the shell completions (words come from choices
 * or values when a row has them). */
enum opt_arg { ARG_WORD = 0, ARG_FILE, ARG_DIR };

/* flags of a row */
#define OPT_OPTIONAL_ARG 1u   /* --name or --name=VALUE; without a value, dflt */
#define OPT_IN_OPTIONS 2u     /* off is in the struct options, not the subcommand's own struct */

struct opt_item {
    int kind;          /* the row's ival */
    const char *arg;   /* borrowed from argv */
};

/* A repeatable option's values, in command-line order (freed by optparse_release). */
struct opt_list {
    struct opt_item *v;
    size_t n, alloc;
};

/* A visitor over words, and a set of words given by one. */
typedef void opt_put_fn(void *ctx, const char *word);
typedef void opt_values_fn(opt_put_fn *put, void *ctx);

struct opt_def {
    const char *name;              /* long name without "--" ("root"), or NULL */
    char short_name;               /* 'o' for -o, or 0 */
    enum opt_kind kind;
    size_t off;                    /* the field, from the start of the subcommand's struct */
    int ival;                      /* OPT_FLAG: the value stored; OPT_LIST: the items' kind */
    long min, max;                 /* OPT_LONG: the accepted range */
    const char *metavar;           /* the argument's name ("DIR"); NULL for a flag */
    enum opt_arg arg;              /* what the argument is (completion) */
    const char *const *choices;    /* the only values accepted, NULL-terminated, or NULL */
    opt_values_fn *values;         /* values offered by completion (not enforced), or NULL */
    int (*valid)(const char *arg); /* 1 when arg is acceptable ("needs METAVAR"), or NULL */
    const char *dflt;              /* OPT_OPTIONAL_ARG: the value of a bare --name */
    const char *same_as;           /* OPT_ALIAS: "--color=never" */
    unsigned flags;
    const char *help;              /* one paragraph, unwrapped */
};

/* A row ends a table when it has neither name nor short name. */
#define OPT_END { .name = NULL }

/* flags of a group */
#define OG_SHARED 1u   /* the shared options: a row an earlier group of the same spec
                          also names is that group's (not parsed or shown here) */

struct opt_group {
    const char *heading;           /* "Options of check" (no colon) */
    const char *intro;             /* a sentence after the heading, or NULL */
    const struct opt_def *rows;    /* ends with OPT_END */
    unsigned flags;
};

struct opt_operand {
    const char *metavar;           /* "TABLE"; NULL ends the list */
    opt_values_fn *values;         /* words offered by completion, or NULL */
    enum opt_arg arg;
};

/* One exit status and what it means for this subcommand; ends with { -1, NULL }. */
struct exit_doc {
    int status;                    /* an enum gd_exit (cli/exit.h) */
    const char *meaning;
};

/* A block of a description: a paragraph (term NULL) or a "TERM  text" item;
 * ends with { NULL, NULL }. */
struct help_block {
    const char *term;
    const char *text;
};

struct command;

struct cmd_spec {
    const char *const *synopsis;            /* forms ("gpudoctor which NAME ..."), NULL-terminated */
    const struct help_block *about;         /* the description */
    const struct opt_group *const *groups;  /* NULL-terminated */
    const struct opt_operand *operands;     /* in order; the last repeats up to max_operands */
    size_t max_operands;
    int rest_after_dashdash;                /* "--" ends parsing: what follows is the caller's */
    const char *unknown_hint;               /* said after "unknown option 'X'", or NULL */
    const struct exit_doc *exits;           /* NULL for a nested spec documented by its parent */
    const struct command *subs;             /* nested subcommands (fleet's), name NULL ends; or NULL */
};

/* A subcommand: gpudoctor NAME, or a nested one (fleet report). */
struct command {
    const char *name;
    int (*run)(int argc, char **argv);     /* argv[0] is the subcommand's name */
    const char *summary;                   /* one line for the command list */
    const struct cmd_spec *spec;
};

#define OPT_MAX_OPERANDS ((size_t)-1)

struct options;

/**
 * Parse argv[1..argc-1] by spec into o (options_init'ed) and own (the
 * subcommand's struct, initialised by the caller, or NULL when no row
 * stores there): defaults stay where no option is given.  Operands are
 * appended to o->operands; with rest_after_dashdash, o->rest is the argv
 * index after "--" (argc without one).
 *
 * OPT_BAD_USE fills err with one line in the house style, a suggestion
 * included where one is near ("unknown option '--josn'; did you mean
 * '--json'?").  Whatever the result, o and own may hold values and lists:
 * options_release(o) frees o's, optparse_release(spec, own) own's.
 */
enum opt_result optparse(const struct cmd_spec *spec, struct options *o, void *own, int argc,
                         char **argv, struct gd_err *err);

/** Free every list that spec's rows keep in own (not in the struct options); they are left empty. */
void optparse_release(const struct cmd_spec *spec, void *own);

/**
 * The row that parses --name (short_name 0) or -x (name NULL) in spec, or
 * NULL: the first row of that name, skipping OG_SHARED rows an earlier
 * group names (the rule optparse follows).
 */
const struct opt_def *optparse_find(const struct cmd_spec *spec, const char *name, size_t len,
                                    char short_name);

/**
 * 1 when row, in group g of spec, is hidden by a row of an earlier group
 * with the same long name (g is OG_SHARED), else 0.
 */
int optparse_shadowed(const struct cmd_spec *spec, const struct opt_group *g,
                      const struct opt_def *row);

/** Whether a row takes an argument (a metavar), mandatory or optional. */
int opt_takes_arg(const struct opt_def *o);

/* ---- did you mean ---- */

#define SUGGEST_MAX 3

/* The words nearest to a typed one (edit distance, or a prefix of it). */
struct suggest {
    const char *typed;
    size_t len;
    size_t best;                       /* the best distance so far */
    const char *words[SUGGEST_MAX];    /* borrowed */
    size_t n;
};

/** Start looking for the words nearest to typed[0..len). */
void suggest_init(struct suggest *s, const char *typed, size_t len);
/** Consider word (an opt_put_fn: ctx is the struct suggest). */
void suggest_add(void *ctx, const char *word);
/**
 * "; did you mean 'W'?" (or "'A' or 'B'"), each word after prefix ("--"
 * for options), into buf; "" when nothing is near.  Returns buf.
 */
const char *suggest_text(const struct suggest *s, const char *prefix, char *buf, size_t size);

/**
 * The optimal-string-alignment edit distance between a[0..an) and b:
 * insertions, deletions, substitutions and swaps of neighbours cost 1.
 * Words longer than 64 bytes are compared by their first 64.
 */
size_t optparse_distance(const char *a, size_t an, const char *b);

#endif
