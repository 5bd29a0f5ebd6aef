/* Unit tests for scan/idecfg.c: VS Code's settings (JSONC) and PyCharm's SDK files. */
#include "harness.h"

#include <string.h>

#include "scan/idecfg.h"
#include "util/strbuf.h"

#define B(s) ((const uint8_t *)(s)), strlen(s)

static void jsonc(const char *in, const char *want)
{
    struct strbuf sb = STRBUF_INIT;
    ide_jsonc_to_json(B(in), &sb);
    CHECK_STR(sb.buf ? sb.buf : "", want);
    strbuf_release(&sb);
}

static void test_jsonc(void)
{
    jsonc("{\"a\": 1, // c\n\"b\": [1, 2,],\n}", "{\"a\": 1, \n\"b\": [1, 2]\n}");
    /* Comment markers inside strings are text; escaped quotes stay in strings. */
    jsonc("{\"u\": \"http://x/*y*/\", \"q\": \"a\\\"//b\"}", "{\"u\": \"http://x/*y*/\", \"q\": \"a\\\"//b\"}");
    jsonc("/* lead */{\"a\": /* mid */ 2 }", " {\"a\":   2 }");
    /* A comma before the end after a comment. */
    jsonc("[1, /* x */ ]", "[1   ]");
    /* Open at the end: the text stops there. */
    jsonc("{\"a\": \"unterminated", "{\"a\": ");
    jsonc("{\"a\": 1 /* never closed", "{\"a\": 1 ");
    jsonc("", "");
}

static void test_vscode(void)
{
    struct arena a;
    const char *v = NULL;
    static const char s[] = "{\n    // the venv\n    \"python.defaultInterpreterPath\": \"${workspaceFolder}/.venv\",\n"
                            "    \"python.envFile\": 3,\n    \"editor.tabSize\": 4,\n}\n";
    arena_init(&a);
    CHECK_INT(ide_vscode_setting(B(s), "python.defaultInterpreterPath", &a, &v), 1);
    CHECK_STR(v, "${workspaceFolder}/.venv");
    CHECK_INT(ide_vscode_setting(B(s), "python.envFile", &a, &v), 0);   /* not a string */
    CHECK(v == NULL);
    CHECK_INT(ide_vscode_setting(B(s), "python.pythonPath", &a, &v), 0);
    /* The last of two equal keys wins, as in VS Code. */
    CHECK_INT(ide_vscode_setting(B("{\"k\": \"a\", \"k\": \"b\"}"), "k", &a, &v), 1);
    CHECK_STR(v, "b");
    CHECK_INT(ide_vscode_setting(B("[1, 2]"), "k", &a, &v), -1);
    CHECK_INT(ide_vscode_setting(B("{ broken"), "k", &a, &v), -1);
    CHECK_INT(ide_vscode_setting(B(""), "k", &a, &v), -1);
    arena_release(&a);
}

static void test_pycharm_misc(void)
{
    struct arena a;
    const char *n = NULL, *t = NULL;
    static const char misc[] =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<project version=\"4\">\n"
        "  <!-- <component name=\"ProjectRootManager\" project-jdk-name=\"commented out\" /> -->\n"
        "  <component name=\"Black\">\n    <option name=\"sdkName\" value=\"Python 3.12 (x)\" />\n  </component>\n"
        "  <component name=\"ProjectRootManager\" version=\"2\" project-jdk-name=\"Python 3.11 (&quot;proj&quot; &amp; co)\" "
        "project-jdk-type='Python SDK' />\n</project>\n";
    arena_init(&a);
    CHECK_INT(ide_pycharm_project_sdk(B(misc), &a, &n, &t), 1);
    CHECK_STR(n, "Python 3.11 (\"proj\" & co)");
    CHECK_STR(t, "Python SDK");
    CHECK_INT(ide_pycharm_project_sdk(B("<project><component name=\"ProjectRootManager\" version=\"2\" /></project>"),
                                      &a, &n, &t), 0);
    CHECK_INT(ide_pycharm_project_sdk(B("<component name=\"ProjectRootManager\" project-jdk-name=\"x"), &a, &n, &t), 0);
    CHECK_INT(ide_pycharm_project_sdk(B("<component name=\"ProjectRootManager\" project-jdk-name=\"J&#49;&#x32;\"/>"),
                                      &a, &n, &t), 1);
    CHECK_STR(n, "J12");
    CHECK(t == NULL);
    arena_release(&a);
}

static void test_pycharm_table(void)
{
    struct arena a;
    const char *h = NULL;
    static const char table[] =
        "<application>\n  <component name=\"ProjectJdkTable\">\n"
        "    <jdk version=\"2\">\n      <name value=\"Python 3.10\" />\n      <type value=\"Python SDK\" />\n"
        "      <homePath value=\"/usr/bin/python3.10\" />\n    </jdk>\n"
        "    <jdk version=\"2\">\n      <name value=\"Python 3.11 (proj)\" />\n      <type value=\"Python SDK\" />\n"
        "      <version value=\"Python 3.11.9\" />\n      <homePath value=\"$USER_HOME$/proj/.venv/bin/python\" />\n"
        "      <roots>\n        <classPath>\n          <root type=\"composite\">\n"
        "            <root url=\"file://$USER_HOME$/proj/.venv/lib/python3.11/site-packages\" type=\"simple\" />\n"
        "          </root>\n        </classPath>\n      </roots>\n      <additional />\n    </jdk>\n"
        "  </component>\n</application>\n";
    arena_init(&a);
    CHECK_INT(ide_pycharm_sdk_home(B(table), "Python 3.11 (proj)", &a, &h), 1);
    CHECK_STR(h, "$USER_HOME$/proj/.venv/bin/python");
    CHECK_INT(ide_pycharm_sdk_home(B(table), "Python 3.10", &a, &h), 1);
    CHECK_STR(h, "/usr/bin/python3.10");
    CHECK_INT(ide_pycharm_sdk_home(B(table), "Python 3.9", &a, &h), 0);
    /* A jdk without its closing tag gives nothing (no guess from a cut file). */
    CHECK_INT(ide_pycharm_sdk_home(B("<jdk><name value=\"x\"/><homePath value=\"/p\"/>"), "x", &a, &h), 0);
    arena_release(&a);
}

int main(void)
{
    RUN(test_jsonc);
    RUN(test_vscode);
    RUN(test_pycharm_misc);
    RUN(test_pycharm_table);
    return harness_done();
}
