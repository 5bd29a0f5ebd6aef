/*
 * test_optparse.c - cli/optparse.h: the table-driven parser, did-you-mean,
 * and the truth of every subcommand's table (commands.h).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "cli/commands.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/options.h"

struct own {
    int flag;
    const char *name;
    long n;
    struct opt_list items;
    const char *mode;
};

static const char *const modes[] = { "fast", "slow", NULL };

static int no_spaces(const char *s)
{
    return *s && !strchr(s, ' ');
}

static const struct opt_def own_rows[] = {
    { .name = "flag", .short_name = 'f', .kind = OPT_FLAG, .off = offsetof(struct own, flag), .ival = 7,
      .help = "a flag" },
    { .name = "name", .short_name = 'n', .kind = OPT_STRING, .off = offsetof(struct own, name),
      .metavar = "NAME", .valid = no_spaces, .help = "a name" },
    { .name = "count", .kind = OPT_LONG, .off = offsetof(struct own, n), .min = 1, .max = 10,
      .metavar = "N", .help = "a count" },
    { .name = "item", .kind = OPT_LIST, .off = offsetof(struct own, items), .ival = 3, .metavar = "X",
      .help = "an item (repeatable)" },
    { .name = "mode", .kind = OPT_STRING, .off = offsetof(struct own, mode), .metavar = "M",
      .choices = modes, .dflt = "fast", .flags = OPT_OPTIONAL_ARG, .help = "fast or slow" },
    { .name = "slow", .kind = OPT_ALIAS, .same_as = "--mode=slow", .help = "--mode=slow" },
    { .name = "json", .kind = OPT_FLAG, .off = offsetof(struct options, format), .ival = FMT_MARKDOWN,
      .flags = OPT_IN_OPTIONS, .help = "replaces the shared --json" },
    OPT_END
};
static const struct opt_group own_group = { "Options of t", NULL, own_rows, 0 };
static const struct opt_group *const groups[] = { &own_group, &options_shared, NULL };
static const struct opt_operand ops[] = { { "A", NULL, ARG_WORD }, { NULL, NULL, ARG_WORD } };
static const struct cmd_spec spec = { NULL, NULL, groups, ops, 2, 0, NULL, NULL, NULL, NULL };
static const struct cmd_spec spec_rest = { NULL, NULL, groups, NULL, 0, 1, "extra options go after --",
                                           NULL, NULL, NULL };

static struct options o;
static struct own w;
static struct gd_err err;

static enum opt_result run(const struct cmd_spec *s, const char *const *args)
{
    static char *argv[32];
    int argc = 0;
    optparse_release(s, &w);
    options_release(&o);
    memset(&w, 0, sizeof(w));
    err_init(&err);
    argv[argc++] = (char *)(uintptr_t) "t";
    for (; *args; args++)
        argv[argc++] = (char *)(uintptr_t)*args;
    return optparse(s, &o, &w, argc, argv, &err);
}

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static void test_kinds(void)
{
    CHECK_INT(run(&spec, ARGS("--flag", "--name", "a", "--count=3", "--item", "x", "--item=y", "op")), OPT_OK);
    CHECK_INT(w.flag, 7);
    CHECK_STR(w.name, "a");
    CHECK_INT(w.n, 3);
    CHECK_INT(w.items.n, 2);
    CHECK_STR(w.items.v[1].arg, "y");
    CHECK_INT(w.items.v[0].kind, 3);
    CHECK_INT(o.operands.n, 1);
    CHECK_STR(o.operands.v[0].arg, "op");
    /* short names, = forms, the last value wins */
    CHECK_INT(run(&spec, ARGS("-f", "-n", "b", "--name=c", "-o", "out", "--root=/r")), OPT_OK);
    CHECK_STR(w.name, "c");
    CHECK_STR(o.output, "out");
    CHECK_STR(o.root, "/r");
    /* shared rows store into the struct options, --env and --env-file in order */
    CHECK_INT(run(&spec, ARGS("--env", "A=1", "--env-file", "f", "--env=B=2", "--clear-env")), OPT_OK);
    CHECK_INT(o.env_changes.n, 3);
    CHECK_INT(o.env_changes.v[1].kind, OPT_ENV_FILE);
    CHECK_STR(o.env_changes.v[2].arg, "B=2");
    CHECK_INT(o.clear_env, 1);
    /* an own row with a shared name replaces the shared one */
    CHECK_INT(run(&spec, ARGS("--json")), OPT_OK);
    CHECK_INT(o.format, FMT_MARKDOWN);
    CHECK_INT(run(&spec, ARGS("--facts")), OPT_OK);
    CHECK_INT(o.format, FMT_FACTS);
}

static void test_optional_and_alias(void)
{
    CHECK_INT(run(&spec, ARGS("--mode")), OPT_OK);
    CHECK_STR(w.mode, "fast");
    CHECK_INT(run(&spec, ARGS("--mode=slow")), OPT_OK);
    CHECK_STR(w.mode, "slow");
    /* an optional argument is only ever attached: "slow" is an operand */
    CHECK_INT(run(&spec, ARGS("--mode", "slow")), OPT_OK);
    CHECK_STR(w.mode, "fast");
    CHECK_INT(o.operands.n, 1);
    CHECK_INT(run(&spec, ARGS("--slow")), OPT_OK);
    CHECK_STR(w.mode, "slow");
    CHECK_INT(run(&spec, ARGS("--slow=x")), OPT_BAD_USE);
    CHECK_STR(err.msg, "option '--slow' takes no argument");
    /* the shared --color / --no-color */
    CHECK_INT(run(&spec, ARGS("--color")), OPT_OK);
    CHECK_STR(o.color, "always");
    CHECK_INT(run(&spec, ARGS("--color=auto", "--no-color")), OPT_OK);
    CHECK_STR(o.color, "never");
    CHECK_INT(run(&spec, ARGS("--color=bright")), OPT_BAD_USE);
    CHECK_STR(err.msg, "option '--color' takes auto, always or never, not 'bright'");
}

static void test_errors(void)
{
    CHECK_INT(run(&spec, ARGS("--bogus")), OPT_BAD_USE);
    CHECK_STR(err.msg, "unknown option '--bogus'");
    CHECK_INT(err.code, GD_ERR_USAGE);
    CHECK_INT(run(&spec, ARGS("--nmae", "x")), OPT_BAD_USE);
    CHECK_STR(err.msg, "unknown option '--nmae'; did you mean '--name'?");
    CHECK_INT(run(&spec, ARGS("-json")), OPT_BAD_USE);
    CHECK_STR(err.msg, "unknown option '-json'; did you mean '--json'?");
    CHECK_INT(run(&spec, ARGS("-x")), OPT_BAD_USE);
    CHECK_STR(err.msg, "unknown option '-x'");
    CHECK_INT(run(&spec, ARGS("-fn")), OPT_BAD_USE);   /* no grouping of short options */
    CHECK_INT(run(&spec, ARGS("--name")), OPT_BAD_USE);
    CHECK_STR(err.msg, "option '--name' needs an argument");
    CHECK_INT(run(&spec, ARGS("-n")), OPT_BAD_USE);
    CHECK_STR(err.msg, "option '-n' needs an argument");
    CHECK_INT(run(&spec, ARGS("--name", "a b")), OPT_BAD_USE);
    CHECK_STR(err.msg, "option '--name' needs NAME, not 'a b'");
    CHECK_INT(run(&spec, ARGS("--root", "")), OPT_BAD_USE);
    CHECK_STR(err.msg, "option '--root' needs DIR, not an empty string");
    CHECK_INT(run(&spec, ARGS("--env", "NOEQUALS")), OPT_BAD_USE);
    CHECK_STR(err.msg, "option '--env' needs NAME=VALUE, not 'NOEQUALS'");
    CHECK_INT(run(&spec, ARGS("--flag=1")), OPT_BAD_USE);
    CHECK_STR(err.msg, "option '--flag' takes no argument");
    CHECK_INT(run(&spec, ARGS("--count", "11")), OPT_BAD_USE);
    CHECK_STR(err.msg, "option '--count' takes a whole number from 1 to 10, not '11'");
    CHECK_INT(run(&spec, ARGS("--count", "2x")), OPT_BAD_USE);
    CHECK_INT(run(&spec, ARGS("--count", "")), OPT_BAD_USE);
    CHECK_INT(run(&spec, ARGS("--os", "Linux")), OPT_BAD_USE);
    CHECK_STR(err.msg, "option '--os' takes linux, windows, wsl or macos, not 'Linux'; did you mean 'linux'?");
    CHECK_INT(run(&spec, ARGS("a", "b", "c")), OPT_BAD_USE);
    CHECK_STR(err.msg, "unexpected argument 'c'");
    CHECK_INT(run(&spec_rest, ARGS("--nmae")), OPT_BAD_USE);
    CHECK_STR(err.msg, "unknown option '--nmae' (extra options go after --); did you mean '--name'?");
}

static void test_help_and_operands(void)
{
    CHECK_INT(run(&spec, ARGS("--flag", "-h", "--bogus")), OPT_HELP);
    CHECK_INT(run(&spec, ARGS("--help")), OPT_HELP);
    /* "-" is an operand; after "--" everything is */
    CHECK_INT(run(&spec, ARGS("-", "--", "--flag")), OPT_OK);
    CHECK_INT(o.operands.n, 2);
    CHECK_STR(o.operands.v[1].arg, "--flag");
    CHECK_INT(w.flag, 0);
    /* rest_after_dashdash: what follows "--" is the caller's */
    CHECK_INT(run(&spec_rest, ARGS("--flag", "--", "-x", "y")), OPT_OK);
    CHECK_INT(o.rest, 3);
    CHECK_INT(w.flag, 7);
    CHECK_INT(run(&spec_rest, ARGS("--flag")), OPT_OK);
    CHECK_INT(o.rest, 2);
    CHECK_INT(run(&spec_rest, ARGS("op")), OPT_BAD_USE);
    optparse_release(&spec, &w);
    options_release(&o);
    CHECK(w.items.v == NULL && o.operands.v == NULL && o.env_changes.v == NULL);
}

static void test_distance(void)
{
    CHECK_INT(optparse_distance("kitten", 6, "sitting"), 3);
    CHECK_INT(optparse_distance("chekc", 5, "check"), 1);
    CHECK_INT(optparse_distance("", 0, "abc"), 3);
    CHECK_INT(optparse_distance("abc", 3, "abc"), 0);
    CHECK_INT(optparse_distance("ca", 2, "abc"), 3);   /* OSA: no edit of a swapped pair */
    CHECK_INT(optparse_distance("json", 2, "json"), 2);   /* only the first an bytes count */
}

static const char *guess(const char *typed, const char *const *words)
{
    static char buf[256];
    struct suggest s;
    suggest_init(&s, typed, strlen(typed));
    for (; *words; words++)
        suggest_add(&s, *words);
    return suggest_text(&s, "", buf, sizeof(buf));
}

static void test_suggest(void)
{
    static const char *const cmds[] = { "check", "explain", "fleet", "help", "matrix", "plan", "probe",
                                        "which", NULL };
    CHECK_STR(guess("chekc", cmds), "; did you mean 'check'?");
    CHECK_STR(guess("pl", cmds), "; did you mean 'plan'?");
    CHECK_STR(guess("prob", cmds), "; did you mean 'probe'?");
    CHECK_STR(guess("frobnicate", cmds), "");
    CHECK_STR(guess("x", cmds), "");
    CHECK_STR(guess("", cmds), "");
    /* ties: every one of the nearest */
    CHECK_STR(guess("plobe", cmds), "; did you mean 'probe'?");
    CHECK_STR(guess("helx", ((const char *const[]){ "help", "hela", "helo", "helm", NULL })),
              "; did you mean 'help', 'hela' or 'helo'?");
    CHECK_STR(guess("colr", ((const char *const[]){ "color", "no-color", NULL })), "; did you mean 'color'?");
}

/* ---- every table gpudoctor has ---- */

static void check_rows(const char *who, const struct cmd_spec *s)
{
    const struct opt_group *const *g;
    const struct opt_def *r, *first;
    size_t i;

    for (g = s->groups; g && *g; g++) {
        CHECK((*g)->heading && *(*g)->heading);
        for (r = (*g)->rows; r->name || r->short_name; r++) {
            int takes = r->kind == OPT_STRING || r->kind == OPT_LONG || r->kind == OPT_LIST;
            if (!r->help || !*r->help || (takes != (r->metavar != NULL))) {
                printf("  %s: --%s: help or metavar wrong\n", who, r->name ? r->name : "");
                harness_failed_now = 1;
            }
            CHECK(r->kind != OPT_LONG || r->min <= r->max);
            CHECK(!r->choices || r->kind == OPT_STRING);
            if (r->flags & OPT_OPTIONAL_ARG) {
                CHECK(r->dflt != NULL);
                for (i = 0; r->choices && r->choices[i] && strcmp(r->choices[i], r->dflt); i++)
                    ;
                CHECK(!r->choices || r->choices[i]);
            }
            /* every accepted word is documented */
            for (i = 0; r->choices && r->choices[i]; i++)
                if (!strstr(r->help, r->choices[i]) && !strstr(r->metavar, r->choices[i])) {
                    printf("  %s: --%s: '%s' is not in its help\n", who, r->name, r->choices[i]);
                    harness_failed_now = 1;
                }
            if (r->kind == OPT_ALIAS) {
                const char *t = r->same_as + 2, *eq = strchr(t, '=');
                const struct opt_def *to = optparse_find(s, t, eq ? (size_t)(eq - t) : strlen(t), 0);
                CHECK(to != NULL && to->kind != OPT_ALIAS);
                for (i = 0; to && eq && to->choices && to->choices[i] && strcmp(to->choices[i], eq + 1); i++)
                    ;
                CHECK(!to || !eq || !to->choices || to->choices[i]);
            }
            /* a name documented twice (which's per-OS rows) parses one way */
            first = r->name ? optparse_find(s, r->name, strlen(r->name), 0) : optparse_find(s, NULL, 0, r->short_name);
            if (first != r && !optparse_shadowed(s, *g, r)) {
                CHECK(first->kind == r->kind && first->off == r->off && first->flags == r->flags &&
                      first->arg == r->arg);
            }
        }
    }
}

static void check_exit_docs(const char *who, const struct exit_doc *x)
{
    int prev = -1, has0 = 0, has2 = 0;
    for (; x->meaning; x++) {
        if (x->status <= prev || x->status < GD_EXIT_OK || x->status > GD_EXIT_FAILURE) {
            printf("  %s: exit status %d out of order or unknown\n", who, x->status);
            harness_failed_now = 1;
        }
        has0 |= x->status == GD_EXIT_OK;
        has2 |= x->status == GD_EXIT_USAGE;
        prev = x->status;
    }
    if (!has0 || !has2) {
        printf("  %s: exit statuses lack 0 or 2\n", who);
        harness_failed_now = 1;
    }
}

/* --help of c: every option it parses named, no line past HELP_WIDTH. */
static void check_help(const struct command *c)
{
    FILE *t = tmpfile();
    char line[512];
    const struct opt_group *const *g;
    const struct opt_def *r;
    static char text[65536];
    size_t n;

    if (!t) {
        CHECK(t != NULL);
        return;
    }
    print_command_usage(t, c);
    rewind(t);
    n = fread(text, 1, sizeof(text) - 1, t);
    text[n] = '\0';
    rewind(t);
    while (fgets(line, sizeof(line), t))
        if (strlen(line) > HELP_WIDTH + 1) {
            printf("  %s: a --help line is %zu long: %s", c->name, strlen(line) - 1, line);
            harness_failed_now = 1;
        }
    fclose(t);
    for (g = c->spec->groups; g && *g; g++)
        for (r = (*g)->rows; r->name || r->short_name; r++) {
            char want[64];
            if (r->name)
                snprintf(want, sizeof(want), "--%s", r->name);
            else
                snprintf(want, sizeof(want), "-%c", r->short_name);
            if (!strstr(text, want)) {
                printf("  %s: --help lacks %s\n", c->name, want);
                harness_failed_now = 1;
            }
        }
    CHECK(strstr(text, "Exit status:") != NULL);
}

static void test_every_table(void)
{
    const struct command *c, *s;
    check_rows("gpudoctor", &main_spec);
    check_exit_docs("gpudoctor", main_spec.exits);
    for (c = commands; c->name; c++) {
        CHECK(c->run && c->summary && c->spec && c->spec->synopsis && c->spec->synopsis[0] &&
              c->spec->about && c->spec->exits);
        check_rows(c->name, c->spec);
        check_exit_docs(c->name, c->spec->exits);
        check_help(c);
        for (s = c->spec->subs; s && s->name; s++) {
            CHECK(s->run && s->summary && s->spec);
            check_rows(s->name, s->spec);
        }
    }
    /* explain never exits 1 (it judges a log, not this machine) */
    for (c = commands; c->name; c++)
        if (!strcmp(c->name, "explain")) {
            const struct exit_doc *x;
            for (x = c->spec->exits; x->meaning; x++)
                CHECK(x->status != GD_EXIT_FINDINGS);
        }
}

int main(void)
{
    options_init(&o);
    RUN(test_kinds);
    RUN(test_optional_and_alias);
    RUN(test_errors);
    RUN(test_help_and_operands);
    RUN(test_distance);
    RUN(test_suggest);
    RUN(test_every_table);
    return harness_done();
}
