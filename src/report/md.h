/*
 * md.h - Markdown escaping for the issue-ready reports (check --markdown,
 * fleet report --markdown).
 *
 * Every value printed in Markdown comes from an examined tree or a node's
 * report, so none may render as markup: no link, image, emphasis, HTML
 * tag, or a code span or block that ends early.  Four contexts:
 *
 *   md_text   running text or a table cell: '<' '>' '&' become entities,
 *             the characters that open links, images, emphasis, code and
 *             strikethrough ('\' '`' '*' '_' '[' ']' '~') get a backslash
 *             (CommonMark 2.4: any ASCII punctuation may be escaped), but
 *             not a '_' between two letters or digits, which cannot be
 *             emphasis (6.2); '|' is "\|"; a leading '#' gets a backslash
 *             (no heading if the text starts a line); a line break becomes
 *             a space;
 *   md_html   text inside an HTML element (<summary>): '<' '>' '&' '"' '\''
 *             become entities and nothing else changes (backslash escapes
 *             are not read inside HTML);
 *   md_code   an inline code span: its content is literal, so only a
 *             delimiter longer than any run of backticks inside it, and
 *             "\|" in tables (GFM reads "\|" in a code span in a cell as '|');
 *   md_fence  the backtick fence for a code block around a text: longer
 *             than any run of backticks in it (at least three).
 *
 * All of them sanitise control characters like out_str (report/out.h).
 * What these do not stop: a bare URL is still auto-linked by GitHub (it
 * shows the URL it links to, so it cannot disguise one).
 */
#ifndef GD_REPORT_MD_H
#define GD_REPORT_MD_H

#include <stddef.h>

#include "report/out.h"

/** s as inert Markdown text ("—" for NULL or empty when dash is set). */
void md_text(struct out *o, const char *s, int dash);

/** s as text inside an HTML element (nothing for NULL). */
void md_html(struct out *o, const char *s);

/** s as an inline code span ("—" for NULL or empty); in_table: in a GFM table cell. */
void md_code(struct out *o, const char *s, int in_table);

/** The number of backticks a fenced code block around s needs (>= 3). */
size_t md_fence(const char *s);

#endif
