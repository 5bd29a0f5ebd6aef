/* test_jread.c - the validating pull reader, case by case and against jansson. */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fleet/jread.h"
#include "harness.h"

/* 1 when jread reads s as one whole document (object or array). */
static int whole(const char *s, size_t n)
{
    struct jread r;
    enum jread_type t;
    jread_init(&r, s, n);
    t = jread_peek(&r);
    return (t == JREAD_OBJECT || t == JREAD_ARRAY) && jread_skip(&r) == 0 && jread_end(&r) == 0;
}

static void test_like_jansson(void)
{
    static const char *const cases[] = {
        "{}", "[]", " [ 1 , 2 ] ", "{\"a\":1}", "{\"a\":1,}", "[1,]", "[,1]", "{\"a\" 1}", "{\"a\":}",
        "{1:2}", "[01]", "[-0]", "[-]", "[1.]", "[1.5e]", "[1e+5]", "[1E-5]", "[.5]", "[+1]",
        "[9223372036854775807]", "[9223372036854775808]", "[-9223372036854775808]", "[-9223372036854775809]",
        "[1e309]", "[-1e309]", "[1e-400]", "[true]", "[truex]", "[tru]", "[nul]", "[null,false]",
        "[\"\\u0041\"]", "[\"\\u00e9\"]", "[\"\\ud83d\\ude00\"]", "[\"\\ud83d\"]", "[\"\\ude00\"]",
        "[\"\\ud83dx\"]", "[\"\\u0000\"]", "[\"\\x\"]", "[\"a\tb\"]", "[\"\\/\"]", "[\"\xc3\xa9\"]",
        "[\"\xc3\"]", "[\"\xed\xa0\x80\"]", "[\"\xf4\x90\x80\x80\"]", "[\"\xc0\xaf\"]", "\"s\"", "1",
        "", " ", "{} x", "{}{}", "[\"\x7f\"]", "[1 2]", "{\"a\":1 \"b\":2}", "[[[[]]]]", "[}", "{]",
        "[\"abc", "{\"a\":[1,2", "\xef\xbb\xbf[]",
    };
    size_t i;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        json_error_t je;
        json_t *j = json_loadb(cases[i], strlen(cases[i]), 0, &je);
        if (!!j != whole(cases[i], strlen(cases[i])))
            fprintf(stderr, "  disagree on %s\n", cases[i]);
        CHECK_INT(!!j, whole(cases[i], strlen(cases[i])));
        json_decref(j);
    }
    /* A NUL byte anywhere. */
    CHECK_INT(whole("[\"a\0\"]", 6), 0);
    CHECK_INT(whole("[1]\0", 4), 0);
}

static void test_pull(void)
{
    const char *doc = "{\"name\": \"gpu\\u00e901\", \"skip\": {\"x\": [1, {\"y\": null}]}, \"list\": [\"a\", 2]}";
    struct strbuf sb = STRBUF_INIT;
    struct jread r;
    char key[8];
    int cut;
    jread_init(&r, doc, strlen(doc));
    CHECK_INT(jread_object(&r), 0);
    CHECK_INT(jread_member(&r, key, sizeof(key)), 1);
    CHECK_STR(key, "name");
    CHECK_INT(jread_string(&r, &sb, 4, &cut), 0);
    CHECK_STR(sb.buf, "gpu");          /* cut before the 2-byte character that would pass 4 */
    CHECK_INT(cut, 1);
    CHECK_INT(jread_member(&r, key, sizeof(key)), 1);
    CHECK_INT(jread_skip(&r), 0);
    CHECK_INT(jread_member(&r, key, sizeof(key)), 1);
    CHECK_STR(key, "list");
    CHECK_INT(jread_array(&r), 0);
    CHECK_INT(jread_element(&r), 1);
    CHECK_INT(jread_peek(&r), JREAD_STRING);
    CHECK_INT(jread_skip(&r), 0);
    CHECK_INT(jread_element(&r), 1);
    CHECK_INT(jread_string(&r, &sb, 10, NULL), -1);   /* 2 is not a string */
    CHECK_INT(jread_element(&r), -1);                 /* errors stick */
    strbuf_release(&sb);
}

static void test_truncated(void)
{
    static const char *const cuts[] = { "{\"a\": \"abc", "{\"a\": [1, 2", "{\"a\": tr", "{\"a\": \"\\u00", "{\"a\": \"\xc3",
                                        "{\"a\": \"\\ud83d\\ude", "{\"a\": 12", "{\"a\": \"x\\" };
    char msg[128];
    size_t i;
    for (i = 0; i < sizeof(cuts) / sizeof(cuts[0]); i++) {
        struct jread r;
        jread_init(&r, cuts[i], strlen(cuts[i]));
        CHECK_INT(jread_skip(&r), -1);
        CHECK_INT(jread_truncated(&r), 1);
    }
    {
        struct jread r;
        jread_init(&r, "{\n\"a\": 1\n\"b\": 2}", 16);
        CHECK_INT(jread_skip(&r), -1);
        CHECK_INT(jread_truncated(&r), 0);
        CHECK_STR(jread_error(&r, msg, sizeof(msg)), "line 3: ',' or '}' expected, not '\"'");
    }
}

static void test_depth(void)
{
    char deep[200];
    size_t i;
    for (i = 0; i < 65; i++)
        deep[i] = '[';
    for (i = 0; i < 65; i++)
        deep[65 + i] = ']';
    CHECK_INT(whole(deep, 130), 0);
    CHECK_INT(whole(deep + 1, 128), 1);
}

int main(void)
{
    RUN(test_like_jansson);
    RUN(test_pull);
    RUN(test_truncated);
    RUN(test_depth);
    return harness_done();
}
