/* test_md.c - report/md.h: Markdown escaping of strings from the examined machine. */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "report/md.h"

static char got[1024];

/* The bytes one md_* call writes. */
#define CAPTURE(call)                                                   \
    do {                                                                \
        FILE *fp_ = tmpfile();                                          \
        struct out o = { fp_, 0, 0, NULL, 0 };                          \
        size_t n_;                                                      \
        call;                                                           \
        rewind(fp_);                                                    \
        n_ = fread(got, 1, sizeof(got) - 1, fp_);                       \
        got[n_] = 0;                                                    \
        fclose(fp_);                                                    \
    } while (0)

static const char *text(const char *s)
{
    CAPTURE(md_text(&o, s, 1));
    return got;
}

static const char *code(const char *s, int in_table)
{
    CAPTURE(md_code(&o, s, in_table));
    return got;
}

static const char *html(const char *s)
{
    CAPTURE(md_html(&o, s));
    return got;
}

static void test_text(void)
{
    CHECK_STR(text(NULL), "—");
    CHECK_STR(text("plain 12.0"), "plain 12.0");
    CHECK_STR(text("<script>&"), "&lt;script&gt;&amp;");
    CHECK_STR(text("a|b"), "a\\|b");
    CHECK_STR(text("[x](http://e) *b* `c` ~d~ \\"), "\\[x\\](http://e) \\*b\\* \\`c\\` \\~d\\~ \\\\");
    /* a leading '#' would open a heading; elsewhere it is text */
    CHECK_STR(text("# not a heading #1"), "\\# not a heading #1");
    /* '_' inside a word cannot be emphasis and stays (user names) */
    CHECK_STR(text("jane_doe _em_ a_ _b x__y"), "jane_doe \\_em\\_ a\\_ \\_b x\\_\\_y");
    CHECK_STR(text("line\nbreak"), "line break");
    /* control characters are replaced, as everywhere (report/out.h) */
    CHECK_STR(text("a\033[31mb"), "a?\\[31mb");
}

static void test_code(void)
{
    CHECK_STR(code("/usr/local/cuda", 0), "`/usr/local/cuda`");
    CHECK_STR(code("a`b``c", 0), "```a`b``c```");
    CHECK_STR(code("`edge", 0), "`` `edge ``");
    CHECK_STR(code("a|b", 1), "`a\\|b`");
    CHECK_STR(code("a|b", 0), "`a|b`");
    CHECK_STR(code("", 0), "—");
}

static void test_html(void)
{
    CHECK_STR(html("<b>\"x\" & 'y' \\_"), "&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39; \\_");
    CHECK_STR(html(NULL), "");
}

static void test_fence(void)
{
    CHECK_INT(md_fence("no ticks"), 3);
    CHECK_INT(md_fence("````four"), 5);
}

int main(void)
{
    RUN(test_text);
    RUN(test_code);
    RUN(test_html);
    RUN(test_fence);
    return harness_done();
}
