/* Unit tests for strbuf, arena, json_writer, env, text and utf8. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "util/arena.h"
#include "util/env.h"
#include "util/json_writer.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/utf8.h"

static void test_strbuf(void)
{
    struct strbuf sb = STRBUF_INIT;
    char *p;
    size_t n;
    CHECK_STR(sb.buf, "");
    strbuf_addstr(&sb, "abc");
    strbuf_addf(&sb, "-%d-%s", 42, "x");
    CHECK_STR(sb.buf, "abc-42-x");
    strbuf_setlen(&sb, 3);
    CHECK_STR(sb.buf, "abc");
    p = strbuf_detach(&sb, &n);
    CHECK_INT((long)n, 3);
    CHECK_STR(p, "abc");
    free(p);
    CHECK_STR(sb.buf, "");   /* invariant after detach */
    CHECK_INT((long)sb.len, 0);
    strbuf_release(&sb);
    CHECK_INT((long)sb.alloc, 0);
}

static void test_arena(void)
{
    struct arena a;
    char *s;
    void *big;
    arena_init(&a);
    s = arena_printf(&a, "%s-%d", "x", 7);
    CHECK_STR(s, "x-7");
    big = arena_alloc(&a, 200000);
    CHECK(big != NULL);
    CHECK(((uintptr_t)arena_alloc(&a, 3) & 15) == 0);
    CHECK_STR(arena_strndup(&a, "abcdef", 3), "abc");
    CHECK(arena_strdup(&a, NULL) == NULL);
    arena_release(&a);
    CHECK(a.head == NULL);
}

static void test_json_writer(void)
{
    struct strbuf sb = STRBUF_INIT;
    struct jw jw;
    jw_init(&jw, &sb, 0);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "a", "q\"b\\\n\x01");
    jw_kv_int(&jw, "n", -5);
    jw_key(&jw, "l");
    jw_array_begin(&jw);
    jw_bool(&jw, 1);
    jw_null(&jw);
    jw_str(&jw, "\xff\xc3\xa9");
    jw_array_end(&jw);
    jw_kv_str(&jw, "z", NULL);
    jw_object_end(&jw);
    CHECK_STR(sb.buf, "{\"a\":\"q\\\"b\\\\\\n\\u0001\",\"n\":-5,\"l\":[true,null,\"\xef\xbf\xbd\xc3\xa9\"],\"z\":null}");
    strbuf_release(&sb);
}

static void test_utf8(void)
{
    CHECK_INT((long)utf8_valid_seq((const unsigned char *)"\xc3\xa9", 2), 2);
    CHECK_INT((long)utf8_valid_seq((const unsigned char *)"\xc0\x80", 2), 0);     /* overlong */
    CHECK_INT((long)utf8_valid_seq((const unsigned char *)"\xed\xa0\x80", 3), 0); /* surrogate */
    CHECK_INT((long)utf8_valid_seq((const unsigned char *)"\xf4\x90\x80\x80", 4), 0);
    CHECK_INT((long)utf8_valid_seq((const unsigned char *)"\xe2\x82", 2), 0);     /* truncated */
}

static void test_env(void)
{
    struct env e;
    struct gd_err err;
    const char file[] = "# comment\nexport A=1\nB=\"two words\"\n\n  C='x'\r\nA=3\n";
    char v1[] = "X=1", v2[] = "Y=", v3[] = "=bad";
    char *vars[] = { v1, v2, v3, NULL };
    env_init(&e);
    env_import(&e, vars);
    CHECK_STR(env_get(&e, "X"), "1");
    CHECK_STR(env_get(&e, "Y"), "");
    CHECK(env_get(&e, "Z") == NULL);
    CHECK_INT(env_parse_file(&e, file, sizeof(file) - 1, &err), 0);
    CHECK_STR(env_get(&e, "A"), "3");
    CHECK_STR(env_get(&e, "B"), "two words");
    CHECK_STR(env_get(&e, "C"), "x");
    CHECK_INT(env_parse_file(&e, "ok=1\nnot a line\n", 16, &err), -1);
    CHECK(strstr(err.msg, "line 2") != NULL);
    CHECK_INT(env_put(&e, "noequals", &err), -1);
    env_unset(&e, "X");
    CHECK(env_get(&e, "X") == NULL);
    env_release(&e);
    CHECK_INT((long)e.nr, 0);
}

static void test_text(void)
{
    const char *tok;
    size_t tn;
    long v;
    const char hdr[] = "#ifndef X\n#  define CUDNN_MAJOR 9\n#define CUDNN_MINOR\t19\n#define CUDNN_MAJOR_X 1\n";
    CHECK(is_dotted_version("535.104.05", 10, 2, 3));
    CHECK(!is_dotted_version("535..05", 7, 2, 3));
    CHECK(!is_dotted_version("535", 3, 2, 3));
    CHECK(!is_dotted_version("5.3.", 4, 1, 3));
    CHECK(find_version_token("NVIDIA UNIX Open Kernel Module for x86_64  555.58.02  Release", 61, &tok, &tn));
    CHECK_INT((long)tn, 9);
    CHECK(header_define_int(hdr, sizeof(hdr) - 1, "CUDNN_MAJOR", &v));
    CHECK_INT(v, 9);
    CHECK(header_define_int(hdr, sizeof(hdr) - 1, "CUDNN_MINOR", &v));
    CHECK_INT(v, 19);
    CHECK(!header_define_int(hdr, sizeof(hdr) - 1, "CUDNN_PATCHLEVEL", &v));
    {
        const char *t = " \t\v\f12.2\r\n", *u = "  ";
        size_t tlen = strlen(t), ulen = 2;
        trim(&t, &tlen);
        CHECK_INT((long)tlen, 4);
        CHECK(!memcmp(t, "12.2", 4));
        trim(&u, &ulen);
        CHECK_INT((long)ulen, 0);
        CHECK(char_is_space('\v') && char_is_space('\n') && !char_is_space('\0') && !char_is_space('x'));
    }
    CHECK(str_ends("libcuda.so.1", ".so.1"));
    CHECK(mem_contains("abc docker xyz", 14, "docker"));
}

int main(void)
{
    RUN(test_strbuf);
    RUN(test_arena);
    RUN(test_json_writer);
    RUN(test_utf8);
    RUN(test_env);
    RUN(test_text);
    return harness_done();
}
