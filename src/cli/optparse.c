/*
 * optparse.c - the table-driven command-line parser (optparse.h).
 */
#include "cli/optparse.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/options.h"
#include "util/alloc.h"
#include "util/banned.h"

/* The field row o stores into. */
#define FIELD(common, own, o, type)                                                        \
    ((type *)(void *)((char *)((o)->flags & OPT_IN_OPTIONS ? (void *)(common) : (own)) + (o)->off))

int opt_takes_arg(const struct opt_def *o)
{
    return o->metavar != NULL;
}

const struct opt_def *optparse_find(const struct cmd_spec *spec, const char *name, size_t len,
                                    char short_name)
{
    const struct opt_group *const *g;
    const struct opt_def *o;

    for (g = spec->groups; g && *g; g++)
        for (o = (*g)->rows; o->name || o->short_name; o++) {
            if (short_name ? o->short_name == short_name
                           : o->name && strlen(o->name) == len && !strncmp(o->name, name, len))
                return o;
        }
    return NULL;
}

int optparse_shadowed(const struct cmd_spec *spec, const struct opt_group *g,
                      const struct opt_def *row)
{
    const struct opt_group *const *e;
    const struct opt_def *o;

    if (!(g->flags & OG_SHARED))
        return 0;
    for (e = spec->groups; e && *e && *e != g; e++)
        for (o = (*e)->rows; o->name || o->short_name; o++)
            if ((row->name && o->name && !strcmp(o->name, row->name)) ||
                (row->short_name && o->short_name == row->short_name))
                return 1;
    return 0;
}

/* ---- did you mean ---- */

#define DIST_MAX 64

size_t optparse_distance(const char *a, size_t an, const char *b)
{
    size_t rows[3][DIST_MAX + 1];
    size_t *p2 = rows[0], *p1 = rows[1], *cur = rows[2], *t;
    size_t bn = strlen(b), i, j;

    if (an > DIST_MAX)
        an = DIST_MAX;
    if (bn > DIST_MAX)
        bn = DIST_MAX;
    for (j = 0; j <= bn; j++)
        p1[j] = j;
    for (i = 1; i <= an; i++) {
        cur[0] = i;
        for (j = 1; j <= bn; j++) {
            size_t cost = a[i - 1] != b[j - 1], v = p1[j - 1] + cost;
            if (p1[j] + 1 < v)
                v = p1[j] + 1;
            if (cur[j - 1] + 1 < v)
                v = cur[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && p2[j - 2] + 1 < v)
                v = p2[j - 2] + 1;
            cur[j] = v;
        }
        t = p2, p2 = p1, p1 = cur, cur = t;
    }
    return p1[bn];
}

void suggest_init(struct suggest *s, const char *typed, size_t len)
{
    memset(s, 0, sizeof(*s));
    s->typed = typed;
    s->len = len;
    /* how far a word may be and still be what was meant */
    s->best = len < 2 ? 0 : len <= 4 ? 1 : len <= 8 ? 2 : 3;
}

void suggest_add(void *ctx, const char *word)
{
    struct suggest *s = ctx;
    size_t d, i;

    if (!s->n && !s->best)
        return;   /* too short to guess from */
    if (!word || !*word)
        return;
    d = optparse_distance(s->typed, s->len, word);
    /* a beginning of the word counts as near: "pl" for plan */
    if (d > 1 && strlen(word) > s->len && !strncmp(word, s->typed, s->len))
        d = 1;
    /* 0: the word itself, typed another way ("-json" for --json) */
    if (d > s->best)
        return;
    if (d < s->best || !s->n) {
        s->best = d;
        s->n = 0;
    }
    for (i = 0; i < s->n; i++)
        if (!strcmp(s->words[i], word))
            return;
    if (s->n < SUGGEST_MAX)
        s->words[s->n++] = word;
}

const char *suggest_text(const struct suggest *s, const char *prefix, char *buf, size_t size)
{
    size_t i, n = 0;
    int w;

    buf[0] = '\0';
    for (i = 0; i < s->n && n < size; i++) {
        w = snprintf(buf + n, size - n, "%s'%s%s'%s", i ? (i + 1 == s->n ? " or " : ", ") : "; did you mean ",
                     prefix, s->words[i], i + 1 == s->n ? "?" : "");
        if (w < 0)
            break;
        n += (size_t)w;
    }
    return buf;
}

/* ---- parsing ---- */

static void suggest_options(const struct cmd_spec *spec, struct suggest *s)
{
    const struct opt_group *const *g;
    const struct opt_def *o;
    for (g = spec->groups; g && *g; g++)
        for (o = (*g)->rows; o->name || o->short_name; o++)
            suggest_add(s, o->name);
}

static int unknown_option(const struct cmd_spec *spec, const char *arg, struct gd_err *err)
{
    struct suggest s;
    char hint[256];
    const char *name = arg, *eq;

    while (*name == '-')
        name++;
    eq = strchr(name, '=');
    suggest_init(&s, name, eq ? (size_t)(eq - name) : strlen(name));
    suggest_options(spec, &s);
    suggest_text(&s, "--", hint, sizeof(hint));
    if (spec->unknown_hint)
        return err_setx(err, GD_ERR_USAGE, "unknown option '%s' (%s)%s", arg, spec->unknown_hint, hint);
    return err_setx(err, GD_ERR_USAGE, "unknown option '%s'%s", arg, hint);
}

/* "linux, windows, wsl or macos" */
static void list_choices(const char *const *c, char *buf, size_t size)
{
    size_t n = 0, i;
    int w;
    buf[0] = '\0';
    for (i = 0; c[i] && n < size; i++) {
        w = snprintf(buf + n, size - n, "%s%s", i ? (c[i + 1] ? ", " : " or ") : "", c[i]);
        if (w < 0)
            break;
        n += (size_t)w;
    }
}

static int bad_choice(const struct opt_def *o, const char *shown, const char *val, struct gd_err *err)
{
    char all[256], hint[256];
    struct suggest s;
    size_t i;

    list_choices(o->choices, all, sizeof(all));
    suggest_init(&s, val, strlen(val));
    for (i = 0; o->choices[i]; i++)
        suggest_add(&s, o->choices[i]);
    suggest_text(&s, "", hint, sizeof(hint));
    return err_setx(err, GD_ERR_USAGE, "option '%s' takes %s, not '%s'%s", shown, all, val, hint);
}

/* Store val (NULL for a flag) into opts as row o says; shown names it in messages. */
static int store(struct options *common, void *own, const struct opt_def *o, const char *shown, const char *val,
                 struct gd_err *err)
{
    size_t i;

    if (val && o->choices) {
        for (i = 0; o->choices[i] && strcmp(o->choices[i], val); i++)
            ;
        if (!o->choices[i])
            return bad_choice(o, shown, val, err);
    }
    if (val && o->valid && !o->valid(val)) {
        if (!*val)
            return err_setx(err, GD_ERR_USAGE, "option '%s' needs %s, not an empty string", shown, o->metavar);
        return err_setx(err, GD_ERR_USAGE, "option '%s' needs %s, not '%s'", shown, o->metavar, val);
    }
    switch (o->kind) {
    case OPT_FLAG:
        *FIELD(common, own, o, int) = o->ival;
        break;
    case OPT_STRING:
        *FIELD(common, own, o, const char *) = val;
        break;
    case OPT_LONG: {
        char *end;
        long v;
        errno = 0;
        v = strtol(val, &end, 10);
        if (errno || end == val || *end || v < o->min || v > o->max)
            return err_setx(err, GD_ERR_USAGE, "option '%s' takes a whole number from %ld to %ld, not '%s'",
                            shown, o->min, o->max, val);
        *FIELD(common, own, o, long) = v;
        break;
    }
    case OPT_LIST: {
        struct opt_list *l = FIELD(common, own, o, struct opt_list);
        ALLOC_GROW(l->v, l->n + 1, l->alloc);
        l->v[l->n].kind = o->ival;
        l->v[l->n].arg = val;
        l->n++;
        break;
    }
    case OPT_ALIAS:
    case OPT_HELP_ROW:
        BUG("store() of an alias or help row");
    }
    return 0;
}

static int add_operand(const struct cmd_spec *spec, struct options *common, const char *a,
                       struct gd_err *err)
{
    if (common->operands.n >= spec->max_operands)
        return err_setx(err, GD_ERR_USAGE, "unexpected argument '%s'", a);
    ALLOC_GROW(common->operands.v, common->operands.n + 1, common->operands.alloc);
    common->operands.v[common->operands.n].kind = 0;
    common->operands.v[common->operands.n].arg = a;
    common->operands.n++;
    return 0;
}

enum opt_result optparse(const struct cmd_spec *spec, struct options *common, void *own, int argc,
                         char **argv, struct gd_err *err)
{
    int i, dashdash = 0;

    common->rest = argc;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *val = NULL, *eq = NULL;
        const struct opt_def *o;
        char shown[80];

        if (!dashdash && !strcmp(a, "--")) {
            if (spec->rest_after_dashdash) {
                common->rest = i + 1;
                break;
            }
            dashdash = 1;
            continue;
        }
        if (dashdash || a[0] != '-' || !a[1]) {
            if (add_operand(spec, common, a, err) < 0)
                return OPT_BAD_USE;
            continue;
        }
        if (a[1] == '-') {
            eq = strchr(a + 2, '=');
            o = optparse_find(spec, a + 2, eq ? (size_t)(eq - a - 2) : strlen(a + 2), 0);
            if (o)
                snprintf(shown, sizeof(shown), "--%s", o->name);
        } else {
            o = a[2] ? NULL : optparse_find(spec, NULL, 0, a[1]);
            if (o)
                snprintf(shown, sizeof(shown), "-%c", a[1]);
        }
        if (!o) {
            unknown_option(spec, a, err);
            return OPT_BAD_USE;
        }
        if (o->kind == OPT_HELP_ROW)
            return OPT_HELP;
        if (o->kind == OPT_ALIAS) {
            const char *t = o->same_as + 2, *teq = strchr(t, '=');
            const struct opt_def *to = optparse_find(spec, t, teq ? (size_t)(teq - t) : strlen(t), 0);
            if (eq) {
                err_setx(err, GD_ERR_USAGE, "option '%s' takes no argument", shown);
                return OPT_BAD_USE;
            }
            if (!to)
                BUG("alias '%s' of an option this spec lacks", o->same_as);
            if (store(common, own, to, shown, teq ? teq + 1 : NULL, err) < 0)
                return OPT_BAD_USE;
            continue;
        }
        if (!opt_takes_arg(o)) {
            if (eq) {
                err_setx(err, GD_ERR_USAGE, "option '%s' takes no argument", shown);
                return OPT_BAD_USE;
            }
        } else if (eq) {
            val = eq + 1;
        } else if (o->flags & OPT_OPTIONAL_ARG) {
            val = o->dflt;
        } else if (i + 1 < argc) {
            val = argv[++i];
        } else {
            err_setx(err, GD_ERR_USAGE, "option '%s' needs an argument", shown);
            return OPT_BAD_USE;
        }
        if (store(common, own, o, shown, val, err) < 0)
            return OPT_BAD_USE;
    }
    return OPT_OK;
}

void optparse_release(const struct cmd_spec *spec, void *own)
{
    const struct opt_group *const *g;
    const struct opt_def *o;

    for (g = spec->groups; g && *g; g++)
        for (o = (*g)->rows; o->name || o->short_name; o++)
            if (o->kind == OPT_LIST && !(o->flags & OPT_IN_OPTIONS)) {
                struct opt_list *l = FIELD(NULL, own, o, struct opt_list);
                free(l->v);
                memset(l, 0, sizeof(*l));
            }
}
