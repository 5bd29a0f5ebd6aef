/*
 * help_gen.c - man pages and completion scripts read back from the --help
 * texts (see help_gen.h for the line grammar).
 *
 * The help text is produced by the very functions --help uses
 * (print_main_usage, print_command_usage) into a temporary file and read
 * back, so there is no second copy of any option or sentence.
 */
#include "cli/help_gen.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/main_help.h"
#include "cli/version.h"
#include "diagnose/fw.h"
#include "diagnose/plan.h"
#include "kb/kb.h"
#include "kb/kbdata.h"
#include "util/banned.h"

#define HELP_MAX 65536   /* the longest usage text is under 5 KiB */
#define OPTS_MAX 96

/* The help text of c (NULL: the top-level usage) as --help prints it. */
static int help_text(const struct command *c, char *buf, size_t size)
{
    FILE *t = tmpfile();
    size_t n;
    if (!t)
        return -1;
    if (c)
        print_command_usage(t, c);
    else
        print_main_usage(t);
    rewind(t);
    n = fread(buf, 1, size - 1, t);
    buf[n] = '\0';
    if (ferror(t) || n == size - 1) {
        fclose(t);
        return -1;
    }
    fclose(t);
    return 0;
}

/* ---- lines ---- */

struct line {
    const char *s;   /* first non-blank character */
    size_t n;        /* length from s, trailing blanks dropped */
    size_t indent;
    int blank;
};

/* The line starting at *p; advances *p past it.  0 at the end. */
static int line_next(const char **p, struct line *l)
{
    const char *s = *p, *e;
    if (!*s)
        return 0;
    e = strchr(s, '\n');
    if (!e)
        e = s + strlen(s);
    *p = *e ? e + 1 : e;
    l->indent = 0;
    while (s + l->indent < e && s[l->indent] == ' ')
        l->indent++;
    l->s = s + l->indent;
    l->n = (size_t)(e - l->s);
    while (l->n && (l->s[l->n - 1] == ' ' || l->s[l->n - 1] == '\r'))
        l->n--;
    l->blank = l->n == 0;
    return 1;
}

/* Split an item line "TERM  description" (or "TERM: description"). */
static void item_split(const struct line *l, size_t *term_n, const char **desc, size_t *desc_n)
{
    size_t i;
    *desc = NULL;
    *desc_n = 0;
    for (i = 0; i + 1 < l->n; i++)
        if (l->s[i] == ' ' && l->s[i + 1] == ' ')
            break;
    if (i + 1 >= l->n) {
        for (i = 0; i + 1 < l->n; i++)
            if (l->s[i] == ':' && l->s[i + 1] == ' ')
                break;
        if (i + 1 >= l->n) {
            *term_n = l->n;
            return;
        }
        *term_n = i;
        i++;
    } else {
        *term_n = i;
    }
    while (i < l->n && l->s[i] == ' ')
        i++;
    *desc = l->s + i;
    *desc_n = l->n - i;
}

/* ---- roff ---- */

static int opt_start(const char *s, size_t i, size_t n)
{
    return s[i] == '-' && i + 1 < n && (isalpha((unsigned char)s[i + 1]) || s[i + 1] == '-') &&
           (i == 0 || strchr(" [(|,/=-\"'`", s[i - 1]));
}

/* Text for roff: backslashes escaped, an option's hyphens made minus
 * signs (\-, so it can be searched and pasted), a leading control
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

static void roff_upper(FILE *fp, const char *s)
{
    for (; *s; s++) {
        if (*s == '-')
            fputs("\\-", fp);
        else
            fputc(toupper((unsigned char)*s), fp);
    }
}

/* Render help text h (after its "usage:" block) as roff paragraphs. */
static void roff_body(FILE *fp, const char *h)
{
    struct line l, nx;
    const char *p = h, *q, *d;
    size_t tn, dn;
    enum { FRESH, PROSE, ITEM } st = FRESH;
    int after_heading = 1, prev_blank = 1, in_synopsis = 0;

    while (line_next(&p, &l)) {
        if (l.blank) {
            prev_blank = 1;
            in_synopsis = 0;
            if (st == PROSE)
                st = FRESH;
            continue;
        }
        if (l.indent == 0 && l.n > 7 && !strncmp(l.s, "usage: ", 7)) {
            /* the synopsis, rendered by the caller */
            in_synopsis = 1;
            continue;
        }
        if (in_synopsis)
            continue;
        q = p;
        if (!line_next(&q, &nx))
            nx.blank = 1, nx.indent = 0;
        if (l.indent == 0 && prev_blank && l.s[l.n - 1] == ':' && !nx.blank && nx.indent >= 2) {
            if (l.n == 12 && !strncmp(l.s, "Exit status:", 12)) {
                fputs(".SH EXIT STATUS\n", fp);
            } else {
                fputs(".SS \"", fp);
                roff_text(fp, l.s, l.n - 1);
                fputs("\"\n", fp);
            }
            st = FRESH;
            after_heading = 1;
            prev_blank = 0;
            continue;
        }
        if (l.indent == 2) {
            item_split(&l, &tn, &d, &dn);
            fputs(".TP\n\\fB", fp);
            roff_text(fp, l.s, tn);
            fputs("\\fR\n", fp);
            if (d) {
                roff_text(fp, d, dn);
                fputc('\n', fp);
            } else {
                fputs("\\&\n", fp);
            }
            st = ITEM;
        } else if (l.indent > 2 && st == ITEM && !prev_blank) {
            roff_text(fp, l.s, l.n);
            fputc('\n', fp);
        } else {
            if (st != PROSE && !after_heading)
                fputs(".PP\n", fp);
            roff_text(fp, l.s, l.n);
            fputc('\n', fp);
            st = PROSE;
        }
        after_heading = 0;
        prev_blank = 0;
    }
}

/* SYNOPSIS from the "usage:" block: one line per form. */
static void roff_synopsis(FILE *fp, const char *h)
{
    struct line l;
    const char *p = h;
    int in = 0;
    fputs(".SH SYNOPSIS\n.nf\n", fp);
    while (line_next(&p, &l)) {
        if (!in) {
            if (l.indent == 0 && l.n > 7 && !strncmp(l.s, "usage: ", 7)) {
                in = 1;
                roff_text(fp, l.s + 7, l.n - 7);
                fputc('\n', fp);
            }
            continue;
        }
        if (l.blank)
            break;
        if (l.n < 10 || strncmp(l.s, "gpudoctor ", 10))
            fputs("    ", fp);
        roff_text(fp, l.s, l.n);
        fputc('\n', fp);
    }
    fputs(".fi\n", fp);
}

int help_gen_man(FILE *fp, const char *name)
{
    static char h[HELP_MAX];
    const struct command *c = NULL, *k;

    if (name) {
        c = command_find(name);
        if (!c)
            return -1;
    }
    if (help_text(c, h, sizeof(h)) < 0)
        return -1;
    fputs(".\\\" Generated by `gpudoctor help --man` from the --help text; do not edit.\n", fp);
    fputs(".TH ", fp);
    roff_upper(fp, c ? "gpudoctor-" : "gpudoctor");
    if (c)
        roff_upper(fp, c->name);
    /* Dated by the knowledge base's revision: the page changes with the
     * program it describes, and a rebuild gives the same bytes. */
    fprintf(fp, " 1 \"%s\" \"gpudoctor " GD_VERSION "\" \"User Commands\"\n.SH NAME\n",
            kb_builtin_revision());
    if (c)
        fprintf(fp, "gpudoctor\\-%s \\- ", c->name), roff_text(fp, c->summary, strlen(c->summary));
    else
        fputs("gpudoctor \\- tell why a deep\\-learning framework does not use the NVIDIA GPU", fp);
    fputc('\n', fp);
    roff_synopsis(fp, h);
    fputs(".SH DESCRIPTION\n", fp);
    roff_body(fp, h);
    fputs(".SH SEE ALSO\n", fp);
    if (c) {
        fputs(".BR gpudoctor (1)\n", fp);
    } else {
        int first = 1;
        for (k = commands; k->name; k++) {
            if (!strcmp(k->name, "help"))
                continue;
            fprintf(fp, "%s.BR gpudoctor\\-%s (1)", first ? "" : ",\n", k->name);
            first = 0;
        }
        fputc('\n', fp);
    }
    fputs(".PP\nThe documents under docs/ in the gpudoctor sources (installed in\n"
          "share/doc/gpudoctor): findings.md lists every finding code, json.md the\n"
          "JSON schemas.\n", fp);
    return 0;
}

/* ---- options ---- */

enum arg_kind { ARG_NONE, ARG_WORD, ARG_FILE, ARG_DIR };

struct opt {
    char name[40];
    char arg[40];              /* the placeholder, "" for none */
    enum arg_kind kind;
    char desc[96];             /* the first line of its description */
};

struct optset {
    struct opt o[OPTS_MAX];
    size_t n;
};

static int is_placeholder(const char *s, size_t n)
{
    size_t i;
    int bar = 0, upper = 0;
    if (n && s[0] == '[')
        return 0;   /* an optional argument ("--man [SUBCOMMAND]"): the option stands alone */
    for (i = 0; i < n; i++) {
        if (s[i] == '|')
            bar = 1;
        else if (isupper((unsigned char)s[i]))
            upper = 1;
        else if (islower((unsigned char)s[i]))
            continue;
        else if (!strchr("0123456789=.-_[]", s[i]))
            return 0;
    }
    /* DIR, FILE, NAME=VALUE, X[.Y], glibc|musl; not an English word */
    for (i = 0; upper && !bar && i < n; i++)
        if (islower((unsigned char)s[i]))
            return 0;
    return bar || upper;
}

static enum arg_kind arg_kind_of(const char *a)
{
    if (!*a)
        return ARG_NONE;
    if (!strcmp(a, "DIR"))
        return ARG_DIR;
    if (!strcmp(a, "FILE") || !strcmp(a, "PATH") || !strcmp(a, "EXE") || !strcmp(a, "DLL") ||
        !strcmp(a, "PYD") || !strncmp(a, "FILE|", 5))
        return ARG_FILE;
    return ARG_WORD;
}

static void copy_n(char *dst, size_t size, const char *s, size_t n)
{
    if (n >= size)
        n = size - 1;
    memcpy(dst, s, n);
    dst[n] = '\0';
}

static struct opt *optset_add(struct optset *os, const char *name, size_t n)
{
    size_t i;
    char tmp[40];
    copy_n(tmp, sizeof(tmp), name, n);
    for (i = 0; i < os->n; i++)
        if (!strcmp(os->o[i].name, tmp))
            return &os->o[i];   /* named again: fill in what is missing */
    if (os->n == OPTS_MAX)
        return NULL;
    memset(&os->o[os->n], 0, sizeof(os->o[0]));
    memcpy(os->o[os->n].name, tmp, sizeof(tmp));
    return &os->o[os->n++];
}

/* The options named in the item terms of help text h. */
static void options_of(const char *h, struct optset *os)
{
    struct line l;
    const char *p = h, *d;
    size_t tn, dn, i, j, k, nterm;
    struct opt *term[16];
    int in_synopsis = 0;

    os->n = 0;
    while (line_next(&p, &l)) {
        if (l.indent == 0 && l.n > 7 && !strncmp(l.s, "usage: ", 7))
            in_synopsis = 1;
        if (l.blank)
            in_synopsis = 0;
        if (in_synopsis || l.indent != 2)
            continue;
        item_split(&l, &tn, &d, &dn);
        nterm = 0;
        for (i = 0; i < tn; i++) {
            struct opt *o;
            if (!opt_start(l.s, i, tn))
                continue;
            for (j = i; j < tn && (isalnum((unsigned char)l.s[j]) || l.s[j] == '-'); j++)
                ;
            o = optset_add(os, l.s + i, j - i);
            if (o) {
                if (d && !o->desc[0]) {
                    for (k = 0; k < dn && d[k] != '\n'; k++)
                        ;
                    copy_n(o->desc, sizeof(o->desc), d, k);
                }
                if (j + 1 < tn && l.s[j] == ' ' && !o->arg[0]) {
                    for (k = j + 1; k < tn && l.s[k] != ' ' && l.s[k] != ','; k++)
                        ;
                    if (is_placeholder(l.s + j + 1, k - j - 1))
                        copy_n(o->arg, sizeof(o->arg), l.s + j + 1, k - j - 1);
                }
                o->kind = arg_kind_of(o->arg);
                if (nterm < sizeof(term) / sizeof(term[0]))
                    term[nterm++] = o;
            }
            i = j;
        }
        /* "-o, --output FILE": -o takes FILE too */
        for (k = nterm; k-- > 1;)
            if (!term[k - 1]->arg[0] && term[k - 1]->name[1] != '-' && term[k]->arg[0]) {
                memcpy(term[k - 1]->arg, term[k]->arg, sizeof(term[k]->arg));
                term[k - 1]->kind = term[k]->kind;
            }
    }
}

/* ---- names for arguments ---- */

static void put_frameworks(FILE *fp, const char *sep)
{
    const struct fw_def *d;
    const char *const *a;
    size_t i;
    const char *s = "";
    for (i = 0; (d = fw_at(i)) != NULL; i++) {   /* every framework module plans */
        fprintf(fp, "%s%s", s, d->name), s = sep;
        for (a = d->aliases; a && *a; a++)
            fprintf(fp, "%s%s", s, *a);
    }
}

/* Names written so far by put_name (each once). */
struct names {
    const char *v[256];
    size_t n;
};

static void put_name(FILE *fp, struct names *nm, const char *sep, const char *name)
{
    size_t i;
    for (i = 0; i < nm->n; i++)
        if (!strcmp(nm->v[i], name))
            return;
    if (nm->n < sizeof(nm->v) / sizeof(nm->v[0]))
        nm->v[nm->n++] = name;
    fprintf(fp, "%s%s", nm->n > 1 ? sep : "", name);
}

/* Every name `matrix TABLE` resolves: its own list, the framework names
 * and aliases that have a table, the kb's table names. */
static void put_tables(FILE *fp, const char *sep)
{
    static struct names nm;
    const struct fw_def *d;
    const struct kb_schema *k;
    const char *const *a;
    const char *t;
    size_t i;
    nm.n = 0;
    for (i = 0; (t = cmd_matrix_table_at(i)) != NULL; i++)
        put_name(fp, &nm, sep, t);
    for (i = 0; (d = fw_at(i)) != NULL; i++)
        if (d->table) {
            put_name(fp, &nm, sep, d->name);
            for (a = d->aliases; a && *a; a++)
                put_name(fp, &nm, sep, *a);
        }
    for (k = kb_schemas; k->name; k++)
        put_name(fp, &nm, sep, k->name);
}

/* ---- completion scripts ---- */

static const char *const shells[] = { "bash", "zsh", "fish" };

/* Words of a placeholder with choices ("glibc|musl"), space separated. */
static void choices(FILE *fp, const char *arg, const char *sep)
{
    for (; *arg; arg++)
        if (*arg == '|')
            fputs(sep, fp);
        else
            fputc(*arg, fp);
}

static int has_choices(const struct opt *o)
{
    return o->kind == ARG_WORD && strchr(o->arg, '|') && !isupper((unsigned char)o->arg[0]);
}

/* case $prev in ... esac: what follows an option that takes an argument. */
static void bash_case(FILE *fp, const struct optset *os)
{
    static const char *const kinds[] = { "", "COMPREPLY=()", "COMPREPLY=($(compgen -f -- \"$cur\"))",
                                         "COMPREPLY=($(compgen -d -- \"$cur\"))" };
    size_t i;
    int k, any;
    fputs("        case $prev in\n", fp);
    for (i = 0; i < os->n; i++) {
        const struct opt *o = &os->o[i];
        if (!strcmp(o->name, "--framework")) {
            fputs("            --framework) COMPREPLY=($(compgen -W '", fp);
            put_frameworks(fp, " ");
            fputs("' -- \"$cur\")); return ;;\n", fp);
        } else if (has_choices(o)) {
            fprintf(fp, "            %s) COMPREPLY=($(compgen -W '", o->name);
            choices(fp, o->arg, " ");
            fputs("' -- \"$cur\")); return ;;\n", fp);
        }
    }
    for (k = ARG_WORD; k <= ARG_DIR; k++) {
        any = 0;
        for (i = 0; i < os->n; i++) {
            const struct opt *o = &os->o[i];
            if ((int)o->kind != k || !strcmp(o->name, "--framework") || has_choices(o))
                continue;
            fprintf(fp, "%s%s", any ? "|" : "            ", o->name);
            any = 1;
        }
        if (any)
            fprintf(fp, ") %s; return ;;\n", kinds[k]);
    }
    fputs("        esac\n", fp);
}

static void words(FILE *fp, const struct optset *os)
{
    size_t i;
    for (i = 0; i < os->n; i++)
        fprintf(fp, "%s%s", i ? " " : "", os->o[i].name);
}

/* fish and zsh descriptions, inside single quotes: ' and \ escaped for
 * fish; ' closed and reopened for zsh (where \ is literal). */
static void quoted_desc(FILE *fp, const char *s, int zsh)
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

static void gen_bash(FILE *fp, const struct optset *sets, const struct optset *mainset)
{
    const struct command *c;
    size_t n, i;
    fputs("# bash completion for gpudoctor.  Generated by `gpudoctor help --completion bash`\n"
          "# from the --help texts; do not edit.\n"
          "_gpudoctor() {\n"
          "    local cur prev cmd\n"
          "    cur=${COMP_WORDS[COMP_CWORD]}\n"
          "    prev=${COMP_WORDS[COMP_CWORD-1]}\n"
          "    cmd=check\n"
          "    case ${COMP_WORDS[1]} in\n"
          "        -*|'') ;;\n"
          "        *) [ \"$COMP_CWORD\" -gt 1 ] && cmd=${COMP_WORDS[1]} ;;\n"
          "    esac\n"
          "    if [ \"$COMP_CWORD\" -eq 1 ] && [[ $cur != -* ]]; then\n"
          "        COMPREPLY=($(compgen -W '", fp);
    for (c = commands, n = 0; c->name; c++, n++)
        fprintf(fp, "%s%s", n ? " " : "", c->name);
    fputs("' -- \"$cur\"))\n"
          "        return\n"
          "    fi\n"
          "    case $cmd in\n", fp);
    for (c = commands, n = 0; c->name; c++, n++) {
        fprintf(fp, "    %s)\n", c->name);
        bash_case(fp, &sets[n]);
        if (!strcmp(c->name, "matrix")) {
            fputs("        if [ \"$COMP_CWORD\" -eq 2 ] && [[ $cur != -* ]]; then\n"
                  "            COMPREPLY=($(compgen -W '", fp);
            put_tables(fp, " ");
            fputs("' -- \"$cur\")); return\n        fi\n", fp);
        }
        if (!strcmp(c->name, "help")) {
            fputs("        COMPREPLY=($(compgen -W '", fp);
            for (i = 0; commands[i].name; i++)
                fprintf(fp, "%s%s", i ? " " : "", commands[i].name);
            fputs("' -- \"$cur\")) ;;\n", fp);
            continue;
        }
        fputs("        COMPREPLY=($(compgen -W '", fp);
        words(fp, &sets[n]);
        if (!strcmp(c->name, "check")) {
            fputs(" ", fp);
            words(fp, mainset);
        }
        fputs("' -- \"$cur\")) ;;\n", fp);
    }
    fputs("    esac\n"
          "}\n"
          "complete -F _gpudoctor gpudoctor\n", fp);
}

static void gen_zsh(FILE *fp, const struct optset *sets, const struct optset *mainset)
{
    const struct command *c;
    size_t n, i;
    fputs("#compdef gpudoctor\n"
          "# zsh completion for gpudoctor.  Generated by `gpudoctor help --completion zsh`\n"
          "# from the --help texts; do not edit.\n"
          "_gpudoctor() {\n"
          "    local cmd=check\n"
          "    local -a items\n"
          "    if (( CURRENT == 2 )) && [[ $PREFIX != -* ]]; then\n"
          "        items=(\n", fp);
    for (c = commands; c->name; c++) {
        fprintf(fp, "            '%s:", c->name);
        quoted_desc(fp, c->summary, 1);
        fputs("'\n", fp);
    }
    fputs("        )\n"
          "        _describe subcommand items\n"
          "        return\n"
          "    fi\n"
          "    [[ $words[2] != -* ]] && cmd=$words[2]\n"
          "    case $cmd in\n", fp);
    for (c = commands, n = 0; c->name; c++, n++) {
        const struct optset *os = &sets[n];
        fprintf(fp, "    %s)\n        case $words[CURRENT-1] in\n", c->name);
        for (i = 0; i < os->n; i++) {
            const struct opt *o = &os->o[i];
            if (o->kind == ARG_NONE)
                continue;
            fprintf(fp, "            %s) ", o->name);
            if (!strcmp(o->name, "--framework")) {
                fputs("compadd -- ", fp);
                put_frameworks(fp, " ");
            } else if (has_choices(o)) {
                fputs("compadd -- ", fp);
                choices(fp, o->arg, " ");
            } else if (o->kind == ARG_DIR) {
                fputs("_files -/", fp);
            } else if (o->kind == ARG_FILE) {
                fputs("_files", fp);
            } else {
                fputs(":", fp);
            }
            fputs("; return ;;\n", fp);
        }
        fputs("        esac\n", fp);
        if (!strcmp(c->name, "matrix")) {
            fputs("        if (( CURRENT == 3 )) && [[ $PREFIX != -* ]]; then\n"
                  "            compadd -- ", fp);
            put_tables(fp, " ");
            fputs("\n            return\n        fi\n", fp);
        }
        if (!strcmp(c->name, "help")) {
            fputs("        compadd --", fp);
            for (i = 0; commands[i].name; i++)
                fprintf(fp, " %s", commands[i].name);
            fputs("\n        ;;\n", fp);
            continue;
        }
        fputs("        items=(\n", fp);
        for (i = 0; i < os->n; i++) {
            fprintf(fp, "            '%s:", os->o[i].name);
            quoted_desc(fp, os->o[i].desc, 1);
            fputs("'\n", fp);
        }
        for (i = 0; !strcmp(c->name, "check") && i < mainset->n; i++)
            fprintf(fp, "            '%s'\n", mainset->o[i].name);
        fputs("        )\n        _describe option items\n        ;;\n", fp);
    }
    fputs("    esac\n"
          "}\n"
          "_gpudoctor \"$@\"\n", fp);
}

static void fish_opt(FILE *fp, const char *cond, const struct opt *o)
{
    fprintf(fp, "complete -c gpudoctor -n '%s'", cond);
    if (o->name[1] == '-')
        fprintf(fp, " -l %s", o->name + 2);
    else
        fprintf(fp, " -s %s", o->name + 1);
    if (!strcmp(o->name, "--framework")) {
        fputs(" -x -a '", fp);
        put_frameworks(fp, " ");
        fputc('\'', fp);
    } else if (has_choices(o)) {
        fputs(" -x -a '", fp);
        choices(fp, o->arg, " ");
        fputc('\'', fp);
    } else if (o->kind == ARG_DIR) {
        fputs(" -x -a '(__fish_complete_directories)'", fp);
    } else if (o->kind == ARG_FILE) {
        fputs(" -r -F", fp);
    } else if (o->kind == ARG_WORD) {
        fputs(" -x", fp);
    }
    if (o->desc[0]) {
        fputs(" -d '", fp);
        quoted_desc(fp, o->desc, 0);
        fputc('\'', fp);
    }
    fputc('\n', fp);
}

static void gen_fish(FILE *fp, const struct optset *sets, const struct optset *mainset)
{
    const struct command *c;
    size_t n, i;
    char cond[64];
    fputs("# fish completion for gpudoctor.  Generated by `gpudoctor help --completion fish`\n"
          "# from the --help texts; do not edit.\n"
          "complete -c gpudoctor -f\n", fp);
    for (c = commands; c->name; c++) {
        fprintf(fp, "complete -c gpudoctor -n '__fish_use_subcommand' -a %s -d '", c->name);
        quoted_desc(fp, c->summary, 0);
        fputs("'\n", fp);
    }
    for (i = 0; i < mainset->n; i++)
        fish_opt(fp, "__fish_use_subcommand", &mainset->o[i]);
    for (c = commands, n = 0; c->name; c++, n++) {
        snprintf(cond, sizeof(cond), "__fish_seen_subcommand_from %s", c->name);
        for (i = 0; i < sets[n].n; i++) {
            fish_opt(fp, cond, &sets[n].o[i]);
            /* `gpudoctor [options]` is `gpudoctor check [options]` */
            if (!strcmp(c->name, "check"))
                fish_opt(fp, "__fish_use_subcommand", &sets[n].o[i]);
        }
        if (!strcmp(c->name, "matrix")) {
            fprintf(fp, "complete -c gpudoctor -n '%s' -a '", cond);
            put_tables(fp, " ");
            fputs("'\n", fp);
        }
        if (!strcmp(c->name, "help")) {
            fprintf(fp, "complete -c gpudoctor -n '%s' -a '", cond);
            for (i = 0; commands[i].name; i++)
                fprintf(fp, "%s%s", i ? " " : "", commands[i].name);
            fputs("'\n", fp);
        }
    }
}

int help_gen_completion(FILE *fp, const char *shell)
{
    static char h[HELP_MAX];
    static struct optset sets[16], mainset;
    const struct command *c;
    size_t n, i;

    for (i = 0; i < sizeof(shells) / sizeof(shells[0]); i++)
        if (!strcmp(shell, shells[i]))
            break;
    if (i == sizeof(shells) / sizeof(shells[0]))
        return -1;
    if (help_text(NULL, h, sizeof(h)) < 0)
        return -1;
    options_of(h, &mainset);
    for (c = commands, n = 0; c->name; c++, n++) {
        if (n == sizeof(sets) / sizeof(sets[0]) || help_text(c, h, sizeof(h)) < 0)
            return -1;
        options_of(h, &sets[n]);
    }
    if (i == 0)
        gen_bash(fp, sets, &mainset);
    else if (i == 1)
        gen_zsh(fp, sets, &mainset);
    else
        gen_fish(fp, sets, &mainset);
    return 0;
}
