/*
 * help.c - --help and `gpudoctor help CMD`, rendered from the command
 * tables (cli/optparse.h), and the usage-error line (main_help.h).
 *
 * The layout: the synopsis forms, the description, each option group under
 * its heading with the help of every option it parses (a shared row that
 * the subcommand's own rows replace is left out), then the subcommand's
 * exit statuses.  Text is wrapped here, at HELP_WIDTH columns, so a table
 * row holds a paragraph and never a line break.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "util/strbuf.h"
#include "util/banned.h"

#define TERM_MAX 17   /* a longer term is followed by its help on the same line */

static void pad(struct strbuf *sb, size_t n)
{
    while (n--)
        strbuf_addch(sb, ' ');
}

size_t help_wrap(struct strbuf *sb, const char *text, size_t col, size_t indent, int brackets)
{
    return help_wrap_at(sb, text, col, indent, brackets, HELP_WIDTH);
}

size_t help_wrap_at(struct strbuf *sb, const char *text, size_t col, size_t indent, int brackets,
                    size_t width)
{
    const char *p = text;
    int first = 1;

    while (p && *p) {
        size_t n = 0, gap = 0;
        int depth = 0;
        while (p[gap] == ' ')
            gap++;
        p += gap;
        if (!*p)
            break;
        while (p[n] && (p[n] != ' ' || depth > 0)) {
            if (brackets && p[n] == '[')
                depth++;
            else if (brackets && p[n] == ']' && depth)
                depth--;
            n++;
        }
        if (!first) {
            /* the text's own spacing ("it.  Then"), unless the line breaks */
            if (col + gap + n > width && col > indent) {
                strbuf_addch(sb, '\n');
                pad(sb, indent);
                col = indent;
            } else {
                pad(sb, gap);
                col += gap;
            }
        }
        strbuf_add(sb, p, n);
        col += n;
        p += n;
        first = 0;
    }
    return col;
}

void help_term(struct strbuf *sb, const struct opt_def *o)
{
    if (o->short_name)
        strbuf_addf(sb, "-%c%s", o->short_name, o->name ? ", " : "");
    if (o->name)
        strbuf_addf(sb, "--%s", o->name);
    if (o->metavar)
        strbuf_addf(sb, o->flags & OPT_OPTIONAL_ARG ? "[=%s]" : " %s", o->metavar);
}

size_t help_synopsis_indent(const char *form)
{
    size_t n = 0, i = 0;
    /* the command words ("gpudoctor fleet slurm "): continuation lines start after them */
    while (form[i]) {
        size_t j = i;
        while (form[j] >= 'a' && form[j] <= 'z')
            j++;
        if (j == i || (form[j] != ' ' && form[j]))
            break;
        i = form[j] ? j + 1 : j;
        n = i;
    }
    return n;
}

/* "  TERM    text", the text wrapped at the column 2 + w + 2. */
static void put_item(FILE *fp, const char *term, const char *text, size_t w)
{
    struct strbuf sb = STRBUF_INIT;
    size_t col = w + 4, tl = strlen(term);

    strbuf_addstr(&sb, "  ");
    strbuf_addstr(&sb, term);
    if (text && *text) {
        if (tl <= w)
            pad(&sb, w + 2 - tl);
        else
            strbuf_addstr(&sb, "  ");
        help_wrap(&sb, text, tl <= w ? col : tl + 4, col, 0);
    }
    strbuf_addch(&sb, '\n');
    fputs(sb.buf, fp);
    strbuf_release(&sb);
}

static size_t width_of(size_t have, size_t len)
{
    return len > TERM_MAX || len <= have ? have : len;
}

static void put_about(FILE *fp, const struct help_block *b)
{
    struct strbuf sb = STRBUF_INIT;
    int prev_para = 0;

    for (; b && (b->term || b->text); b++) {
        if (!b->term) {
            if (prev_para)
                fputc('\n', fp);
            strbuf_reset(&sb);
            help_wrap(&sb, b->text, 0, 0, 0);
            fprintf(fp, "%s\n", sb.buf);
            prev_para = 1;
        } else {
            const struct help_block *e;
            size_t w = 0;
            for (e = b; e->term; e++)
                w = width_of(w, strlen(e->term));
            for (; b->term; b++)
                put_item(fp, b->term, b->text, w);
            b--;
            prev_para = 0;
        }
    }
    strbuf_release(&sb);
}

static void put_group(FILE *fp, const struct cmd_spec *spec, const struct opt_group *g)
{
    struct strbuf sb = STRBUF_INIT;
    const struct opt_def *o;
    size_t w = 0, n = 0;

    for (o = g->rows; o->name || o->short_name; o++) {
        if (optparse_shadowed(spec, g, o))
            continue;
        strbuf_reset(&sb);
        help_term(&sb, o);
        w = width_of(w, sb.len);
        n++;
    }
    if (!n) {
        strbuf_release(&sb);
        return;   /* every row is another group's */
    }
    strbuf_reset(&sb);
    strbuf_addf(&sb, "%s:", g->heading);
    if (g->intro) {
        strbuf_addch(&sb, ' ');
        help_wrap(&sb, g->intro, sb.len, 0, 0);
        strbuf_addch(&sb, ':');
    }
    fprintf(fp, "\n%s\n", sb.buf);
    for (o = g->rows; o->name || o->short_name; o++) {
        if (optparse_shadowed(spec, g, o))
            continue;
        strbuf_reset(&sb);
        help_term(&sb, o);
        put_item(fp, sb.buf, o->help, w);
    }
    strbuf_release(&sb);
}

void help_print_exits(FILE *fp, const struct exit_doc *x)
{
    struct strbuf sb = STRBUF_INIT;
    fputs("Exit status:\n", fp);
    for (; x && x->meaning; x++) {
        strbuf_reset(&sb);
        strbuf_addf(&sb, "  %d  ", x->status);
        help_wrap(&sb, x->meaning, 5, 5, 0);
        fprintf(fp, "%s\n", sb.buf);
    }
    strbuf_release(&sb);
}

static void put_synopsis(FILE *fp, const char *const *forms)
{
    struct strbuf sb = STRBUF_INIT;
    size_t i;
    for (i = 0; forms[i]; i++) {
        strbuf_reset(&sb);
        strbuf_addstr(&sb, i ? "       " : "usage: ");
        help_wrap(&sb, forms[i], 7, 7 + help_synopsis_indent(forms[i]), 1);
        fprintf(fp, "%s\n", sb.buf);
    }
    strbuf_release(&sb);
}

void print_command_usage(FILE *fp, const struct command *c)
{
    const struct cmd_spec *s = c->spec;
    const struct opt_group *const *g;

    put_synopsis(fp, s->synopsis);
    fputc('\n', fp);
    put_about(fp, s->about);
    for (g = s->groups; g && *g; g++)
        put_group(fp, s, *g);
    if (s->exits) {
        fputc('\n', fp);
        help_print_exits(fp, s->exits);
    }
}

void print_main_usage(FILE *fp)
{
    const struct command *c;
    const struct opt_group *const *g;
    struct strbuf sb = STRBUF_INIT;

    put_synopsis(fp, main_spec.synopsis);
    fputc('\n', fp);
    put_about(fp, main_spec.about);
    fputs("\nSubcommands (default: check):\n", fp);
    for (c = commands; c->name; c++) {
        strbuf_reset(&sb);
        strbuf_addf(&sb, "  %-9s ", c->name);
        help_wrap(&sb, c->summary, 12, 12, 0);
        fprintf(fp, "%s\n", sb.buf);
    }
    fputc('\n', fp);
    put_item(fp, "gpudoctor help SUBCOMMAND", "show a subcommand's options and exit statuses", 25);
    for (g = main_spec.groups; g && *g; g++)
        put_group(fp, &main_spec, *g);
    fputc('\n', fp);
    help_print_exits(fp, main_spec.exits);
    strbuf_reset(&sb);
    help_wrap(&sb, main_exits_note, 0, 0, 0);
    fprintf(fp, "\n%s\n", sb.buf);
    strbuf_release(&sb);
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

int usage_unknown_command(const char *parent, const struct command *table, const char *name)
{
    char hint[256];
    command_suggest(table, name, hint, sizeof(hint));
    if (!parent) {
        fprintf(stderr, "gpudoctor: unknown subcommand '%s'%s\nsee 'gpudoctor --help'\n", name, hint);
        return GD_EXIT_USAGE;
    }
    return usage_error(parent, "unknown subcommand '%s'%s", name, hint);
}

int cmd_parse(const char *name, const struct cmd_spec *spec, struct options *o, void *own, int argc,
              char **argv, int *rc)
{
    struct gd_err err;

    err_init(&err);
    switch (optparse(spec, o, own, argc, argv, &err)) {
    case OPT_OK:
        return 0;
    case OPT_HELP:
        print_command_usage(stdout, command_find(name));
        *rc = GD_EXIT_OK;
        break;
    case OPT_BAD_USE:
        *rc = usage_error(name, "%s", err.msg);
        break;
    }
    return -1;
}
