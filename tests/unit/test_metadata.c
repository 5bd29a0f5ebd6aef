#include <string.h>

#include "harness.h"
#include "scan/metadata.h"
#include "util/alloc.h"
#include "util/banned.h"

static int parse(struct metadata *md, struct arena *a, const char *s, struct gd_err *err)
{
    metadata_init(md);
    return metadata_parse(md, a, s, strlen(s), err);
}

static void test_torch_metadata(void)
{
    struct arena a;
    struct metadata md;
    struct gd_err err;
    const struct md_requirement *r;
    const char *text =
        "Metadata-Version: 2.1\r\n"
        "Name: torch\r\n"
        "Version: 2.1.0+cu121\r\n"
        "Summary: Tensors and Dynamic neural networks\r\n"
        "Requires-Dist: filelock\r\n"
        "Requires-Dist: nvidia-cuda-runtime-cu12 (==12.1.105) ; platform_system == \"Linux\" and platform_machine == \"x86_64\"\r\n"
        "Requires-Dist: nvidia_cudnn_cu12==8.9.2.26; platform_system == \"Linux\" and platform_machine == \"x86_64\"\r\n"
        "Requires-Dist: opt-einsum (>=3.3) ; extra == 'opt-einsum'\r\n"
        "Provides-Extra: Opt_Einsum\r\n"
        "\r\n"
        "Name: not-a-header\n";
    arena_init(&a);
    CHECK_INT(parse(&md, &a, text, &err), 0);
    CHECK_STR(md.metadata_version, "2.1");
    CHECK_STR(md.name, "torch");
    CHECK_STR(md.version, "2.1.0+cu121");
    CHECK_INT(md.n_reqs, 4);
    CHECK_INT(md.truncated, 0);
    CHECK_INT(md.bad_utf8, 0);
    CHECK_STR(md.reqs[0].name, "filelock");
    CHECK(md.reqs[0].specifier == NULL && md.reqs[0].marker == NULL);
    r = metadata_find_req(&md, "nvidia-cuda-runtime-cu12");
    CHECK(r != NULL);
    if (r) {
        CHECK_STR(r->specifier, "==12.1.105");
        CHECK_STR(r->marker, "platform_system == \"Linux\" and platform_machine == \"x86_64\"");
        CHECK(r->extra == NULL);
    }
    r = metadata_find_req(&md, "nvidia-cudnn-cu12");
    CHECK(r && !strcmp(r->name, "nvidia-cudnn-cu12") && !strcmp(r->specifier, "==8.9.2.26"));
    r = metadata_find_req(&md, "opt_einsum");
    CHECK(r && r->extra && !strcmp(r->extra, "opt-einsum") && !strcmp(r->specifier, ">=3.3"));
    CHECK_INT(md.n_extras, 1);
    CHECK_STR(md.extras[0], "opt-einsum");
    metadata_release(&md);
    CHECK(md.reqs == NULL && md.n_reqs == 0);
    arena_release(&a);
}

static void test_requirements(void)
{
    struct arena a;
    struct md_requirement r;
    struct gd_err err;
    const char *s;
    arena_init(&a);
    s = "jax-cuda12-plugin[with_cuda]<=0.4.31,>=0.4.31; extra == \"cuda12\"";
    CHECK_INT(metadata_parse_requirement(&r, &a, s, strlen(s), &err), 0);
    CHECK_STR(r.name, "jax-cuda12-plugin");
    CHECK_STR(r.extras, "with_cuda");
    CHECK_STR(r.specifier, "<=0.4.31,>=0.4.31");
    CHECK_STR(r.extra, "cuda12");
    s = "nvidia-cublas-cu12==12.2.5.6; extra == \"and-cuda\"";
    CHECK_INT(metadata_parse_requirement(&r, &a, s, strlen(s), &err), 0);
    CHECK_STR(r.extra, "and-cuda");
    s = "tensorrt==8.6.1.post1 ; (platform_system == 'Linux') and 'and_cuda' == extra";
    CHECK_INT(metadata_parse_requirement(&r, &a, s, strlen(s), &err), 0);
    CHECK_STR(r.extra, "and-cuda");
    CHECK_STR(r.specifier, "==8.6.1.post1");
    s = "pip @ https://example.com/pip.whl ; python_version >= '3.8'";
    CHECK_INT(metadata_parse_requirement(&r, &a, s, strlen(s), &err), 0);
    CHECK_STR(r.specifier, "@ https://example.com/pip.whl");
    CHECK(r.extra == NULL);
    s = "foo; extras == 'x' and myextra == 'y'";
    CHECK_INT(metadata_parse_requirement(&r, &a, s, strlen(s), &err), 0);
    CHECK(r.extra == NULL);
    s = "  ";
    CHECK_INT(metadata_parse_requirement(&r, &a, s, strlen(s), &err), -1);
    s = "==1.0";
    CHECK_INT(metadata_parse_requirement(&r, &a, s, strlen(s), &err), -1);
    s = "foo [bar";
    CHECK_INT(metadata_parse_requirement(&r, &a, s, strlen(s), &err), 0);
    arena_release(&a);
}

static void test_bad_inputs(void)
{
    struct arena a;
    struct metadata md;
    struct gd_err err;
    static const char bad[] = "Name: x\nVersion: 1\xff\n\n";
    static const char nul[] = "Name: a\0b\nVersion: 1.0\n";
    static const char latin1[] = "Name: x\nSummary: caf\xe9\nVersion: 2\n";
    arena_init(&a);
    CHECK_INT(parse(&md, &a, "Metadata-Version: 2.1\nName: foo\n\nVersion: 1.0\n", &err), -1);
    CHECK(strstr(err.msg, "Version") != NULL);
    metadata_release(&md);
    CHECK_INT(parse(&md, &a, "", &err), -1);
    CHECK_INT(md.truncated, 1);
    metadata_release(&md);
    metadata_init(&md);
    CHECK_INT(metadata_parse(&md, &a, bad, sizeof(bad) - 1, &err), -1);
    CHECK_INT(md.bad_utf8, 1);
    metadata_release(&md);
    metadata_init(&md);
    CHECK_INT(metadata_parse(&md, &a, latin1, sizeof(latin1) - 1, &err), 0);
    CHECK_INT(md.bad_utf8, 1);
    metadata_release(&md);
    metadata_init(&md);
    CHECK_INT(metadata_parse(&md, &a, nul, sizeof(nul) - 1, &err), 0);
    CHECK_STR(md.name, "a");
    metadata_release(&md);
    /* Continuation lines and a header block without an end. */
    CHECK_INT(parse(&md, &a, "Name: x\nDescription: a\n  b\n\tc\nVersion:  3.0 \nRequires-Dist: y", &err), 0);
    CHECK_STR(md.version, "3.0");
    CHECK_INT(md.n_reqs, 1);
    CHECK_INT(md.truncated, 1);
    metadata_release(&md);
    /* A BOM, and no colon lines. */
    CHECK_INT(parse(&md, &a, "\xEF\xBB\xBFName: z\ngarbage line\nVERSION: 1\n", &err), 0);
    CHECK_STR(md.name, "z");
    metadata_release(&md);
    arena_release(&a);
}

/* PEP 427's WHEEL file: the first Tag header. */
static int tag_of(struct arena *a, const char *s, const char **tag)
{
    return metadata_wheel_tag(a, s, strlen(s), tag);
}

static void test_wheel_tag(void)
{
    struct arena a;
    const char *t = NULL;
    arena_init(&a);
    CHECK_INT(tag_of(&a, "Wheel-Version: 1.0\nGenerator: bdist_wheel (0.45.1)\nRoot-Is-Purelib: false\n"
                         "Tag: cp312-cp312-manylinux_2_28_aarch64\n\n", &t), 1);
    CHECK_STR(t, "cp312-cp312-manylinux_2_28_aarch64");
    /* several tags: the first; header names in any case; CRLF; no final newline */
    CHECK_INT(tag_of(&a, "Wheel-Version: 1.0\r\ntag:   cp311-cp311-manylinux_2_17_x86_64  \r\n"
                         "Tag: cp311-cp311-manylinux2014_x86_64", &t), 1);
    CHECK_STR(t, "cp311-cp311-manylinux_2_17_x86_64");
    CHECK_INT(tag_of(&a, "TAG: py3-none-any", &t), 1);
    CHECK_STR(t, "py3-none-any");
    t = NULL;
    /* none, empty, with a space or a control character, after the headers, or not a Tag header */
    CHECK_INT(tag_of(&a, "Wheel-Version: 1.0\n", &t), 0);
    CHECK_INT(tag_of(&a, "Tag:\n", &t), 0);
    CHECK_INT(tag_of(&a, "Tag: a b\n", &t), 0);
    CHECK_INT(tag_of(&a, "Tag: a\x01b\n", &t), 0);
    CHECK_INT(tag_of(&a, "Wheel-Version: 1.0\n\nTag: py3-none-any\n", &t), 0);
    CHECK_INT(tag_of(&a, "Tags: py3-none-any\n", &t), 0);
    CHECK_INT(tag_of(&a, " Tag: py3-none-any\n", &t), 0);
    CHECK_INT(tag_of(&a, "", &t), 0);
    CHECK(t == NULL);
    /* a NUL byte in the value: not a tag */
    CHECK_INT(metadata_wheel_tag(&a, "Tag: a\0b\n", 10, &t), 0);
    arena_release(&a);
}

int main(void)
{
    RUN(test_torch_metadata);
    RUN(test_requirements);
    RUN(test_bad_inputs);
    RUN(test_wheel_tag);
    return harness_done();
}
