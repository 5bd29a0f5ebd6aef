/*
 * help_gen.c - man pages and completion scripts from the command tables
 * (help_gen.h).
 */
#include "cli/help_gen.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/main_help.h"
#include "cli/version.h"
#include "kb/kb.h"
#include "util/strbuf.h"
#include "util/banned.h"

/* ---- roff ---- */

static int opt_start(const char *s, size_t i, size_t n)
{
    return s[i] == '-' && i + 1 < n && (isalpha((unsigned char)s[i + 1]) || s[i + 1] == '-') &&
           (i == 0 || strchr(" [(|,/=-\"'`", s[i - 1]));
}

/* Text for roff: backslashes escaped, the hyphens of an option written as
 * minus signs (\-, so it can be searched and pasted), a leading control
 * character neutralised. */
static void roff_text(FILE *fp, const char *s, size_t n)
{
    size_t i;
    int in_opt = 0;
    if (n && (s[0] == '.' || s[0] == '\''))
        fputs("\\&", fp);
    for (i = 0; i < n; i++) {
        if (s[i] == '-' && (in_opt || opt_start(s, i, n))) {
            in_opt = 1;
            fputs("\\-", fp);
            continue;
        }
        if (!isalnum((unsigned char)s[i]) && s[i] != '-')
            in_opt = 0;
        if (s[i] == '\\')
            fputs("\\e", fp);
        else
            fputc(s[i], fp);
    }
}

static void roff_str(FILE *fp, const char *s)
{
    roff_text(fp, s, strlen(s));
}

/* A name as typed: every hyphen a minus sign. */
static void roff_name(FILE *fp, const char *s, int upper)
{
    for (; *s; s++) {
        if (*s == '-')
            fputs("\\-", fp);
        else if (*s == '\\')
            fputs("\\e", fp);
        else
            fputc(upper ? toupper((unsigned char)*s) : *s, fp);
    }
}

/* "\fB\-o\fR, \fB\-\-output\fR \fIFILE\fR" */
static void roff_term(FILE *fp, const struct opt_def *o)
{
    if (o->short_name)
        fprintf(fp, "\\fB\\-%c\\fR%s", o->short_name, o->name ? ", " : "");
    if (o->name) {
        fputs("\\fB\\-\\-", fp);
        roff_name(fp, o->name, 0);
        fputs("\\fR", fp);
    }
    if (o->metavar) {
        fputs(o->flags & OPT_OPTIONAL_ARG ? "[=\\fI" : " \\fI", fp);
        roff_name(fp, o->metavar, 0);
        fputs(o->flags & OPT_OPTIONAL_ARG ? "\\fR]" : "\\fR", fp);
    }
}

static void roff_synopsis(FILE *fp, const char *const *forms)
{
    struct strbuf sb = STRBUF_INIT;
    const char *p, *e;
    size_t i;

    fputs(".SH SYNOPSIS\n.nf\n", fp);
    for (i = 0; forms && forms[i]; i++) {
        strbuf_reset(&sb);
        /* man(1) indents the section by 7 columns */
        help_wrap_at(&sb, forms[i], 0, help_synopsis_indent(forms[i]), 1, HELP_WIDTH - 7);
        for (p = sb.buf; *p; p = *e ? e + 1 : e) {
            e = strchr(p, '\n');
            if (!e)
                e = p + strlen(p);
            roff_text(fp, p, (size_t)(e - p));
            fputc('\n', fp);
        }
    }
    fputs(".fi\n", fp);
    strbuf_release(&sb);
}

/* The description: a paragraph after another block starts with .PP (not
 * right after a heading, where man(7) needs none). */
static void roff_about(FILE *fp, const struct help_block *b)
{
    int first = 1;
    for (; b && (b->term || b->text); b++) {
        if (b->term) {
            fputs(".TP\n\\fB", fp);
            roff_str(fp, b->term);
            fputs("\\fR\n", fp);
            if (b->text)
                roff_str(fp, b->text);
            else
                fputs("\\&", fp);
        } else {
            if (!first)
                fputs(".PP\n", fp);
            roff_str(fp, b->text);
        }
        fputc('\n', fp);
        first = 0;
    }
}

static void roff_groups(FILE *fp, const struct cmd_spec *s)
{
    const struct opt_group *const *g;
    const struct opt_def *o;
    int any = 0;

    for (g = s->groups; g && *g; g++) {
        int shown = 0;
        for (o = (*g)->rows; o->name || o->short_name; o++) {
            if (optparse_shadowed(s, *g, o))
                continue;
            if (!any)
                fputs(".SH OPTIONS\n", fp);
            if (!shown) {
                fputs(".SS \"", fp);
                roff_str(fp, (*g)->heading);
                fputs("\"\n", fp);
                if ((*g)->intro) {
                    roff_str(fp, (*g)->intro);
                    fputs(":\n", fp);
                }
            }
            fputs(".TP\n", fp);
            roff_term(fp, o);
            fputc('\n', fp);
            roff_str(fp, o->help);
            fputc('\n', fp);
            any = shown = 1;
        }
    }
}

static void roff_exits(FILE *fp, const struct exit_doc *x, const char *note)
{
    fputs(".SH EXIT STATUS\n", fp);
    for (; x && x->meaning; x++) {
        fprintf(fp, ".TP\n\\fB%d\\fR\n", x->status);
        roff_str(fp, x->meaning);
        fputc('\n', fp);
    }
    if (note) {
        fputs(".PP\n", fp);
        roff_str(fp, note);
        fputc('\n', fp);
    }
}

void help_gen_man(FILE *fp, const struct command *c)
{
    const struct cmd_spec *s = c ? c->spec : &main_spec;
    const struct command *k;
    int first = 1;

    fputs(".\\\" Generated by `gpudoctor help --man` from gpudoctor's command tables (src/cli); "
          "do not edit.\n", fp);
    fputs(".TH GPUDOCTOR", fp);
    if (c) {
        fputs("\\-", fp);
        roff_name(fp, c->name, 1);
    }
    /* Dated by the knowledge base's revision: the page changes with the
     * program it describes, and a rebuild gives the same bytes. */
    fprintf(fp, " 1 \"%s\" \"gpudoctor " GD_VERSION "\" \"User Commands\"\n.SH NAME\n",
            kb_builtin_revision());
    if (c) {
        fputs("gpudoctor\\-", fp);
        roff_name(fp, c->name, 0);
        fputs(" \\- ", fp);
        roff_str(fp, c->summary);
    } else {
        fputs("gpudoctor \\- tell why a deep\\-learning framework does not use the NVIDIA GPU", fp);
    }
    fputc('\n', fp);
    roff_synopsis(fp, s->synopsis);
    fputs(".SH DESCRIPTION\n", fp);
    roff_about(fp, s->about);
    if (!c) {
        fputs(".SS \"Subcommands (default: check)\"\n", fp);
        for (k = commands; k->name; k++) {
            fputs(".TP\n\\fB", fp);
            roff_name(fp, k->name, 0);
            fputs("\\fR\n", fp);
            roff_str(fp, k->summary);
            fputc('\n', fp);
        }
        fputs(".PP\n\\fBgpudoctor help\\fR \\fISUBCOMMAND\\fR shows a subcommand's options and exit "
              "statuses; each has its page, gpudoctor\\-\\fISUBCOMMAND\\fR(1).\n", fp);
    }
    roff_groups(fp, s);
    roff_exits(fp, s->exits, c ? NULL : main_exits_note);
    fputs(".SH SEE ALSO\n", fp);
    if (c) {
        fputs(".BR gpudoctor (1)\n", fp);
    } else {
        for (k = commands; k->name; k++) {
            if (!strcmp(k->name, "help"))
                continue;
            fputs(first ? ".BR gpudoctor\\-" : ",\n.BR gpudoctor\\-", fp);
            roff_name(fp, k->name, 0);
            fputs(" (1)", fp);
            first = 0;
        }
        fputc('\n', fp);
    }
    fputs(".PP\nThe documents under docs/ in the gpudoctor sources (installed in\n"
          "share/doc/gpudoctor): findings.md lists every finding code, json.md the\n"
          "JSON schemas.\n", fp);
}

/* ---- what completes what ---- */

/* Words, each once (the values functions may give a name twice). */
struct words {
    const char *v[512];
    size_t n;
};

static void words_put(void *ctx, const char *w)
{
    struct words *ws = ctx;
    size_t i;
    for (i = 0; i < ws->n; i++)
        if (!strcmp(ws->v[i], w))
            return;
    if (ws->n < sizeof(ws->v) / sizeof(ws->v[0]))
        ws->v[ws->n++] = w;
}

static void words_print(FILE *fp, const struct words *ws)
{
    size_t i;
    for (i = 0; i < ws->n; i++)
        fprintf(fp, "%s%s", i ? " " : "", ws->v[i]);
}

/* The completion words of an option's argument: its choices or values. */
static int arg_words(const struct opt_def *o, struct words *ws)
{
    size_t i;
    ws->n = 0;
    for (i = 0; o->choices && o->choices[i]; i++)
        words_put(ws, o->choices[i]);
    if (o->values)
        o->values(words_put, ws);
    return ws->n > 0;
}

/* One thing a completion script completes after: `gpudoctor` alone (its
 * options are check's and main_spec's), a subcommand, or a nested one
 * ("fleet/report"). */
struct entry {
    char key[48];
    const struct cmd_spec *spec, *also;
    const struct command *subs;
};

#define ENTRIES_MAX 32

static size_t entries(struct entry *e)
{
    const struct command *c, *s;
    size_t n = 0;

    snprintf(e[n].key, sizeof(e[n].key), "gpudoctor");
    e[n].spec = &check_spec;
    e[n].also = &main_spec;
    e[n++].subs = NULL;
    for (c = commands; c->name && n < ENTRIES_MAX; c++) {
        snprintf(e[n].key, sizeof(e[n].key), "%s", c->name);
        e[n].spec = c->spec;
        e[n].also = NULL;
        e[n++].subs = c->spec->subs;
        for (s = c->spec->subs; s && s->name && n < ENTRIES_MAX; s++) {
            snprintf(e[n].key, sizeof(e[n].key), "%s/%s", c->name, s->name);
            e[n].spec = s->spec;
            e[n].also = NULL;
            e[n++].subs = NULL;
        }
    }
    return n;
}

/* Each option the entry parses, once (the row optparse would use). */
typedef void row_fn(FILE *fp, const struct opt_def *o, void *arg);

static const struct opt_def *find_row(const struct cmd_spec *s, const struct opt_def *o)
{
    return optparse_find(s, o->name, o->name ? strlen(o->name) : 0, o->name ? 0 : o->short_name);
}

/* Each row spec parses, once (the row optparse would use), but none that
 * skip also parses. */
static void each_spec_row(FILE *fp, const struct cmd_spec *s, const struct cmd_spec *skip, row_fn *fn,
                          void *arg)
{
    const struct opt_group *const *g;
    const struct opt_def *o;
    for (g = s ? s->groups : NULL; g && *g; g++)
        for (o = (*g)->rows; o->name || o->short_name; o++)
            if (find_row(s, o) == o && !(skip && find_row(skip, o)))
                fn(fp, o, arg);
}

static void each_row(FILE *fp, const struct entry *e, row_fn *fn, void *arg)
{
    if (!e->subs)
        each_spec_row(fp, e->spec, NULL, fn, arg);
    each_spec_row(fp, e->also, e->subs ? NULL : e->spec, fn, arg);
}

/* A short description: the help up to its first '(' or ';', at most ~60 columns. */
static void short_desc(struct strbuf *sb, const char *help)
{
    size_t n = strcspn(help, "(;");
    strbuf_reset(sb);
    while (n && help[n - 1] == ' ')
        n--;
    if (n > 60) {
        size_t k = 60;
        while (k && help[k] != ' ')
            k--;
        n = k ? k : 60;
    }
    strbuf_add(sb, help, n);
}

/* fish and zsh descriptions, inside single quotes: ' and \ escaped for
 * fish; ' closed and reopened for zsh (where \ is literal). */
static void quoted(FILE *fp, const char *s, int zsh)
{
    for (; *s; s++) {
        if (*s == '\'')
            fputs(zsh ? "'\\''" : "\\'", fp);
        else if (*s == '\\' && !zsh)
            fputs("\\\\", fp);
        else
            fputc(*s, fp);
    }
}

static void put_names(FILE *fp, const struct opt_def *o, const char *sep)
{
    if (o->short_name)
        fprintf(fp, "-%c%s", o->short_name, o->name ? sep : "");
    if (o->name)
        fprintf(fp, "--%s", o->name);
}

/* the words of the first operand (or of the nested subcommands) */
static int operand_words(const struct entry *e, struct words *ws)
{
    const struct command *s;
    ws->n = 0;
    for (s = e->subs; s && s->name; s++)
        words_put(ws, s->name);
    if (!e->subs && e->spec->operands && e->spec->operands[0].metavar && e->spec->operands[0].values)
        e->spec->operands[0].values(words_put, ws);
    return ws->n > 0;
}

static int file_operands(const struct entry *e)
{
    return !e->subs && e->spec->operands && e->spec->operands[0].metavar &&
           e->spec->operands[0].arg == ARG_FILE;
}

/* ---- bash and zsh: `case $prev in` ---- */

/* How a shell completes an option's argument. */
struct syntax {
    const char *words, *words_end;   /* around the words of choices or values */
    const char *dir, *file, *other;
};

static const struct syntax bash_syntax = { ") COMPREPLY=($(compgen -W '", "' -- \"$cur\"))",
                                           ") COMPREPLY=($(compgen -d -- \"$cur\"))",
                                           ") COMPREPLY=($(compgen -f -- \"$cur\"))", ") COMPREPLY=()" };
static const struct syntax zsh_syntax = { ") compadd -- ", "", ") _files -/", ") _files", ") :" };

/* "--os) ...; return ;;": what follows an option with a (mandatory) argument. */
static void case_prev(FILE *fp, const struct opt_def *o, void *arg)
{
    const struct syntax *sy = arg;
    struct words ws;
    if (!o->metavar || (o->flags & OPT_OPTIONAL_ARG))
        return;
    fputs("            ", fp);
    put_names(fp, o, "|");
    if (arg_words(o, &ws)) {
        fputs(sy->words, fp);
        words_print(fp, &ws);
        fputs(sy->words_end, fp);
    } else {
        fputs(o->arg == ARG_DIR ? sy->dir : o->arg == ARG_FILE ? sy->file : sy->other, fp);
    }
    fputs("; return ;;\n", fp);
}

/* ---- bash ---- */

static void bash_word(FILE *fp, const struct opt_def *o, void *arg)
{
    int *first = arg;
    fputs(*first ? "" : " ", fp);
    put_names(fp, o, " ");
    *first = 0;
}

static void gen_bash(FILE *fp)
{
    struct entry e[ENTRIES_MAX];
    struct words ws;
    const struct command *c;
    size_t n = entries(e), i;
    int first;

    fputs("# bash completion for gpudoctor.  Generated by `gpudoctor help --completion bash`\n"
          "# from gpudoctor's command tables; do not edit.\n"
          "_gpudoctor() {\n"
          "    local cur prev cmd=gpudoctor i=1\n"
          "    cur=${COMP_WORDS[COMP_CWORD]}\n"
          "    prev=${COMP_WORDS[COMP_CWORD-1]}\n"
          "    case ${COMP_WORDS[1]} in\n"
          "        -*|'') ;;\n"
          "        *) if [ \"$COMP_CWORD\" -gt 1 ]; then cmd=${COMP_WORDS[1]}; i=2; fi ;;\n"
          "    esac\n"
          "    if [ \"$COMP_CWORD\" -eq 1 ] && [[ $cur != -* ]]; then\n"
          "        COMPREPLY=($(compgen -W '", fp);
    for (c = commands; c->name; c++)
        fprintf(fp, "%s%s", c == commands ? "" : " ", c->name);
    fputs("' -- \"$cur\"))\n"
          "        return\n"
          "    fi\n"
          "    case $cmd in\n", fp);
    for (c = commands; c->name; c++)
        if (c->spec->subs)
            fprintf(fp, "    %s)\n"
                        "        [ \"$COMP_CWORD\" -gt 2 ] && { cmd=%s/${COMP_WORDS[2]}; i=3; } ;;\n",
                    c->name, c->name);
    fputs("    esac\n"
          "    case $cmd in\n", fp);
    for (i = 0; i < n; i++) {
        fprintf(fp, "    %s)\n        case $prev in\n", e[i].key);
        each_row(fp, &e[i], case_prev, (void *)(uintptr_t)&bash_syntax);
        fputs("        esac\n", fp);
        if (operand_words(&e[i], &ws)) {
            fputs("        if [ \"$COMP_CWORD\" -eq $i ] && [[ $cur != -* ]]; then\n"
                  "            COMPREPLY=($(compgen -W '", fp);
            words_print(fp, &ws);
            fputs("' -- \"$cur\")); return\n        fi\n", fp);
        }
        if (file_operands(&e[i]))
            fputs("        [[ $cur != -* ]] && { COMPREPLY=($(compgen -f -- \"$cur\")); return; }\n", fp);
        fputs("        COMPREPLY=($(compgen -W '", fp);
        first = 1;
        each_row(fp, &e[i], bash_word, &first);
        fputs("' -- \"$cur\")) ;;\n", fp);
    }
    fputs("    esac\n"
          "}\n"
          "complete -F _gpudoctor gpudoctor\n", fp);
}

/* ---- zsh ---- */

static void zsh_item(FILE *fp, const struct opt_def *o, void *arg)
{
    struct strbuf *sb = arg;
    short_desc(sb, o->help);
    if (o->short_name) {
        fprintf(fp, "            '-%c:", o->short_name);
        quoted(fp, sb->buf, 1);
        fputs("'\n", fp);
    }
    if (o->name) {
        fprintf(fp, "            '--%s:", o->name);
        quoted(fp, sb->buf, 1);
        fputs("'\n", fp);
    }
}

static void zsh_commands(FILE *fp, const struct command *c)
{
    for (; c->name; c++) {
        fprintf(fp, "            '%s:", c->name);
        quoted(fp, c->summary, 1);
        fputs("'\n", fp);
    }
}

static void gen_zsh(FILE *fp)
{
    struct entry e[ENTRIES_MAX];
    struct strbuf sb = STRBUF_INIT;
    struct words ws;
    const struct command *c;
    size_t n = entries(e), i;

    fputs("#compdef gpudoctor\n"
          "# zsh completion for gpudoctor.  Generated by `gpudoctor help --completion zsh`\n"
          "# from gpudoctor's command tables; do not edit.\n"
          "_gpudoctor() {\n"
          "    local cmd=gpudoctor i=2\n"
          "    local -a items\n"
          "    if (( CURRENT == 2 )) && [[ $PREFIX != -* ]]; then\n"
          "        items=(\n", fp);
    zsh_commands(fp, commands);
    fputs("        )\n"
          "        _describe subcommand items\n"
          "        return\n"
          "    fi\n"
          "    if [[ $words[2] != -* ]]; then cmd=$words[2]; i=3; fi\n"
          "    case $cmd in\n", fp);
    for (c = commands; c->name; c++) {
        if (!c->spec->subs)
            continue;
        fprintf(fp, "    %s)\n        if (( CURRENT == 3 )); then\n            items=(\n", c->name);
        zsh_commands(fp, c->spec->subs);
        fprintf(fp, "            )\n            _describe subcommand items\n            return\n"
                    "        fi\n        cmd=%s/$words[3]; i=4 ;;\n", c->name);
    }
    fputs("    esac\n"
          "    case $cmd in\n", fp);
    for (i = 0; i < n; i++) {
        if (e[i].subs)
            continue;
        fprintf(fp, "    %s)\n        case $words[CURRENT-1] in\n", e[i].key);
        each_row(fp, &e[i], case_prev, (void *)(uintptr_t)&zsh_syntax);
        fputs("        esac\n", fp);
        if (operand_words(&e[i], &ws)) {
            fputs("        if (( CURRENT == i )) && [[ $PREFIX != -* ]]; then\n"
                  "            compadd -- ", fp);
            words_print(fp, &ws);
            fputs("\n            return\n        fi\n", fp);
        }
        if (file_operands(&e[i]))
            fputs("        [[ $PREFIX != -* ]] && { _files; return; }\n", fp);
        fputs("        items=(\n", fp);
        each_row(fp, &e[i], zsh_item, &sb);
        fputs("        )\n        _describe option items\n        ;;\n", fp);
    }
    fputs("    esac\n"
          "}\n"
          "_gpudoctor \"$@\"\n", fp);
    strbuf_release(&sb);
}

/* ---- fish ---- */

struct fish_ctx {
    const char *cond;
    struct strbuf desc;
};

static void fish_opt(FILE *fp, const struct opt_def *o, void *arg)
{
    struct fish_ctx *f = arg;
    struct words ws;

    fprintf(fp, "complete -c gpudoctor -n '%s'", f->cond);
    if (o->short_name)
        fprintf(fp, " -s %c", o->short_name);
    if (o->name)
        fprintf(fp, " -l %s", o->name);
    if (!o->metavar || (o->flags & OPT_OPTIONAL_ARG))
        ;
    else if (arg_words(o, &ws)) {
        fputs(" -x -a '", fp);
        words_print(fp, &ws);
        fputc('\'', fp);
    } else if (o->arg == ARG_DIR) {
        fputs(" -x -a '(__fish_complete_directories)'", fp);
    } else if (o->arg == ARG_FILE) {
        fputs(" -r -F", fp);
    } else {
        fputs(" -x", fp);
    }
    short_desc(&f->desc, o->help);
    fputs(" -d '", fp);
    quoted(fp, f->desc.buf, 0);
    fputs("'\n", fp);
}

static void fish_commands(FILE *fp, const char *cond, const struct command *c)
{
    for (; c->name; c++) {
        fprintf(fp, "complete -c gpudoctor -n '%s' -a %s -d '", cond, c->name);
        quoted(fp, c->summary, 0);
        fputs("'\n", fp);
    }
}

static void gen_fish(FILE *fp)
{
    struct entry e[ENTRIES_MAX];
    struct fish_ctx f;
    struct words ws;
    const struct command *s;
    char cond[256];
    size_t n = entries(e), i;

    strbuf_init(&f.desc);
    fputs("# fish completion for gpudoctor.  Generated by `gpudoctor help --completion fish`\n"
          "# from gpudoctor's command tables; do not edit.\n"
          "complete -c gpudoctor -f\n", fp);
    fish_commands(fp, "__fish_use_subcommand", commands);
    for (i = 0; i < n; i++) {
        const char *slash = strchr(e[i].key, '/');
        if (i == 0)
            snprintf(cond, sizeof(cond), "__fish_use_subcommand");
        else if (slash)
            snprintf(cond, sizeof(cond), "__fish_seen_subcommand_from %.*s; and __fish_seen_subcommand_from %.47s",
                     (int)(slash - e[i].key), e[i].key, slash + 1);
        else
            snprintf(cond, sizeof(cond), "__fish_seen_subcommand_from %.47s", e[i].key);
        if (e[i].subs) {
            size_t k = strlen(cond);
            snprintf(cond + k, sizeof(cond) - k, "; and not __fish_seen_subcommand_from");
            for (s = e[i].subs; s->name; s++) {
                k = strlen(cond);
                snprintf(cond + k, sizeof(cond) - k, " %s", s->name);
            }
            fish_commands(fp, cond, e[i].subs);
            continue;
        }
        f.cond = cond;
        each_row(fp, &e[i], fish_opt, &f);
        if (operand_words(&e[i], &ws)) {
            fprintf(fp, "complete -c gpudoctor -n '%s' -a '", cond);
            words_print(fp, &ws);
            fputs("'\n", fp);
        }
        if (file_operands(&e[i]))
            fprintf(fp, "complete -c gpudoctor -n '%s' -F\n", cond);
    }
    strbuf_release(&f.desc);
}

int help_gen_completion(FILE *fp, const char *shell)
{
    if (!strcmp(shell, "bash"))
        gen_bash(fp);
    else if (!strcmp(shell, "zsh"))
        gen_zsh(fp);
    else if (!strcmp(shell, "fish"))
        gen_fish(fp);
    else
        return -1;
    return 0;
}
