/*
 * md.c - Markdown escaping (see md.h for the rules and their sources:
 * CommonMark 0.31 sections 2.4 backslash escapes, 6.1 code spans, 4.5
 * fenced code blocks; GitHub Flavored Markdown 4.10 tables).
 */
#include "report/md.h"

#include <string.h>

#include "util/strbuf.h"
#include "util/banned.h"

static size_t longest_backtick_run(const char *s)
{
    size_t best = 0, run = 0;
    for (; s && *s; s++) {
        run = *s == '`' ? run + 1 : 0;
        if (run > best)
            best = run;
    }
    return best;
}

static int is_alnum(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

void md_text(struct out *o, const char *s, int dash)
{
    struct strbuf sb = STRBUF_INIT;
    const char *p;
    if (!s || !*s) {
        if (dash)
            out_raw(o, "—");
        return;
    }
    /* A '#' that starts a line opens a heading ('>' is an entity below, so
     * it cannot open a quote). */
    if (*s == '#')
        strbuf_addch(&sb, '\\');
    for (p = s; *p; p++) {
        switch (*p) {
        case '<': strbuf_addstr(&sb, "&lt;"); break;
        case '>': strbuf_addstr(&sb, "&gt;"); break;
        case '&': strbuf_addstr(&sb, "&amp;"); break;
        case '\n': case '\r': strbuf_addch(&sb, ' '); break;
        case '_':
            /* Between two letters or digits '_' can neither open nor close
             * emphasis (CommonMark 6.2, left- and right-flanking): left as
             * it is, so "jane_doe" stays one word (and --redact finds it). */
            if (p > s && is_alnum(p[-1]) && is_alnum(p[1])) {
                strbuf_addch(&sb, '_');
                break;
            }
            /* fall through */
        case '\\': case '`': case '*': case '[': case ']': case '~': case '|':
            strbuf_addch(&sb, '\\');
            strbuf_addch(&sb, *p);
            break;
        default: strbuf_addch(&sb, *p); break;
        }
    }
    out_str(o, sb.buf);
    strbuf_release(&sb);
}

void md_html(struct out *o, const char *s)
{
    struct strbuf sb = STRBUF_INIT;
    for (; s && *s; s++) {
        switch (*s) {
        case '<': strbuf_addstr(&sb, "&lt;"); break;
        case '>': strbuf_addstr(&sb, "&gt;"); break;
        case '&': strbuf_addstr(&sb, "&amp;"); break;
        case '"': strbuf_addstr(&sb, "&quot;"); break;
        case '\'': strbuf_addstr(&sb, "&#39;"); break;
        case '\n': case '\r': strbuf_addch(&sb, ' '); break;
        default: strbuf_addch(&sb, *s); break;
        }
    }
    out_str(o, sb.buf);
    strbuf_release(&sb);
}

void md_code(struct out *o, const char *s, int in_table)
{
    struct strbuf sb = STRBUF_INIT;
    size_t fence, i;
    const char *p;
    int pad;

    if (!s || !*s) {
        out_raw(o, "—");
        return;
    }
    fence = longest_backtick_run(s) + 1;
    /* A span that starts or ends with a backtick needs a space inside its
     * delimiters; one space each side is stripped again when rendered. */
    pad = s[0] == '`' || s[strlen(s) - 1] == '`';
    for (i = 0; i < fence; i++)
        strbuf_addch(&sb, '`');
    if (pad)
        strbuf_addch(&sb, ' ');
    for (p = s; *p; p++) {
        if (*p == '|' && in_table)
            strbuf_addstr(&sb, "\\|");
        else if (*p == '\n' || *p == '\r')
            strbuf_addch(&sb, ' ');
        else
            strbuf_addch(&sb, *p);
    }
    if (pad)
        strbuf_addch(&sb, ' ');
    for (i = 0; i < fence; i++)
        strbuf_addch(&sb, '`');
    out_str(o, sb.buf);
    strbuf_release(&sb);
}

size_t md_fence(const char *s)
{
    size_t n = longest_backtick_run(s) + 1;
    return n < 3 ? 3 : n;
}
