#include <string.h>

#include "harness.h"
#include "scan/pyinterp.h"
#include "util/banned.h"

#define U(s) ((const uint8_t *)(s)), (sizeof(s) - 1)

static void test_shebang(void)
{
    struct strbuf sb = STRBUF_INIT;
    int via = -1;
    CHECK_INT(pyinterp_shebang(U("#!/opt/venv/bin/python3 -E\nimport sys\n"), &sb, &via), 1);
    CHECK_STR(sb.buf, "/opt/venv/bin/python3");
    CHECK_INT(via, 0);
    CHECK_INT(pyinterp_shebang(U("#! /usr/bin/python3.11\r\n"), &sb, &via), 1);
    CHECK_STR(sb.buf, "/usr/bin/python3.11");
    CHECK_INT(pyinterp_shebang(U("#!/usr/bin/env python3\n"), &sb, &via), 1);
    CHECK_STR(sb.buf, "python3");
    CHECK_INT(via, 1);
    CHECK_INT(pyinterp_shebang(U("#!/usr/bin/env -S PYTHONNOUSERSITE=1 python3 -s\n"), &sb, &via), 1);
    CHECK_STR(sb.buf, "python3");
    /* distlib's trampoline for paths too long for a shebang */
    CHECK_INT(pyinterp_shebang(U("#!/bin/sh\n'''exec' \"/very/long/env/bin/python\" \"$0\" \"$@\"\n' '''\n"), &sb, &via), 1);
    CHECK_STR(sb.buf, "/very/long/env/bin/python");
    CHECK_INT(via, 0);
    CHECK_INT(pyinterp_shebang(U("#!/bin/sh\necho hi\n"), &sb, &via), 0);
    CHECK_INT(pyinterp_shebang(U("#!/bin/sh\n'''exec' \"unterminated\n"), &sb, &via), 0);
    CHECK_INT(pyinterp_shebang(U("\x7f" "ELF\x02\x01"), &sb, &via), 0);
    CHECK_INT(pyinterp_shebang(U("#!"), &sb, &via), 0);
    CHECK_INT(pyinterp_shebang(U("#!/usr/bin/env\n"), &sb, &via), 0);
    CHECK_INT(sb.len, 0);
    CHECK_INT(pyinterp_shebang((const uint8_t *)"", 0, &sb, &via), 0);
    strbuf_release(&sb);
}

static void test_version_file(void)
{
    struct strbuf sb = STRBUF_INIT;
    char big[1100 + 8];
    CHECK_INT(pyinterp_version_file(U("3.11.7\n"), &sb), 1);
    CHECK_STR(sb.buf, "3.11.7");
    CHECK_INT(pyinterp_version_file(U("# a comment\n\n  3.10.13 trailing\r\n3.12.1"), &sb), 2);
    CHECK_STR(sb.buf, "3.10.13:3.12.1");
    CHECK_INT(pyinterp_version_file(U("../x\n..\n3.11/envs/proj\n3.9/../../etc\nsystem\n"), &sb), 2);
    CHECK_STR(sb.buf, "3.11/envs/proj:system");
    CHECK_INT(pyinterp_version_file(U("\r\n \t\n#only\n"), &sb), 0);
    CHECK_INT(sb.len, 0);
    CHECK_INT(pyinterp_version_file((const uint8_t *)"", 0, &sb), 0);
    /* read -n 1024: a longer line is read as two */
    memset(big, 'a', 1030);
    memcpy(big + 1024, " 3.9.1", 6);
    big[1030] = '\n';
    CHECK_INT(pyinterp_version_file((const uint8_t *)big, 1031, &sb), 2);
    CHECK_INT(sb.len, 1024 + 1 + 5);
    CHECK(!strcmp(sb.buf + 1025, "3.9.1"));
    strbuf_release(&sb);
}

static void test_pyenv_shim(void)
{
    struct strbuf sb = STRBUF_INIT;
    CHECK_INT(pyinterp_pyenv_shim(U("#!/usr/bin/env bash\nset -e\n[ -n \"$PYENV_DEBUG\" ] && set -x\n\n"
                                    "program=\"${0##*/}\"\n\nexport PYENV_ROOT=\"/root/.pyenv\"\n"
                                    "SHIM_PATH=${0%/*}\nexec \"/root/.pyenv/libexec/pyenv\" exec \"$program\" \"$@\"\n"),
                              &sb), 1);
    CHECK_STR(sb.buf, "/root/.pyenv");
    CHECK_INT(pyinterp_pyenv_shim(U("#!/bin/sh\nexec /usr/bin/python3 \"$@\"\n"), &sb), 0);
    CHECK_INT(pyinterp_pyenv_shim(U("export PYENV_ROOT=\"/x\"\n"), &sb), 0);
    CHECK_INT(sb.len, 0);
    CHECK_INT(pyinterp_pyenv_shim(U("export PYENV_ROOT=\"$HOME/x\"\nexec \"p/pyenv\" exec a\n"), &sb), 0);
    strbuf_release(&sb);
}

static void test_ini(void)
{
    struct strbuf sb = STRBUF_INIT;
    CHECK_INT(pyinterp_ini_value(U("\xef\xbb\xbf; c\n[commands]\npython=2\n[Defaults]\n  Python = 3.11-64  \n"), "defaults",
                                 "python", &sb), 1);
    CHECK_STR(sb.buf, "3.11-64");
    CHECK_INT(pyinterp_ini_value(U("[defaults]\npython3=3.10\n"), "defaults", "python", &sb), 0);
    CHECK_INT(pyinterp_ini_value(U("python=3.10\n"), "defaults", "python", &sb), 0);
    CHECK_INT(pyinterp_ini_value(U("[defaults\npython=3.10\n"), "defaults", "python", &sb), 0);
    strbuf_release(&sb);
}

static void test_kernelspec(void)
{
    struct arena a;
    struct kernelspec ks;
    char msg[128];
    arena_init(&a);
    CHECK_INT(pyinterp_kernelspec(U("{\"argv\": [\"/e/bin/python\", \"-m\", \"ipykernel_launcher\"], "
                                    "\"display_name\": \"E\", \"language\": \"python\"}"), &a, &ks, msg, sizeof(msg)), 0);
    CHECK_STR(ks.argv0, "/e/bin/python");
    CHECK_STR(ks.display_name, "E");
    CHECK_STR(ks.language, "python");
    CHECK_INT(pyinterp_kernelspec(U("{\"argv\": []}"), &a, &ks, msg, sizeof(msg)), 0);
    CHECK(ks.argv0 == NULL && ks.language == NULL);
    CHECK_INT(pyinterp_kernelspec(U("{\"argv\": [1]}"), &a, &ks, msg, sizeof(msg)), 0);
    CHECK(ks.argv0 == NULL);
    /* jansson refuses NUL in strings unless told: a bad kernel.json */
    CHECK_INT(pyinterp_kernelspec(U("{\"argv\": [\"a\\u0000b\"]}"), &a, &ks, msg, sizeof(msg)), -1);
    CHECK_INT(pyinterp_kernelspec(U("[\"python\"]"), &a, &ks, msg, sizeof(msg)), -1);
    CHECK_INT(pyinterp_kernelspec(U("{\"argv\": [\"x\"], \"argv\": [\"y\"]}"), &a, &ks, msg, sizeof(msg)), -1);
    CHECK_INT(pyinterp_kernelspec(U("{\"argv\": "), &a, &ks, NULL, 0), -1);
    arena_release(&a);
}

int main(void)
{
    RUN(test_shebang);
    RUN(test_version_file);
    RUN(test_pyenv_shim);
    RUN(test_ini);
    RUN(test_kernelspec);
    return harness_done();
}
