/*
 * Fuzz target: the IDE configuration parsers (scan/idecfg.c): VS Code's
 * settings (JSON with comments, through jansson), PyCharm's misc.xml and
 * jdk.table.xml.  Any input is read; the JSONC text never grows beyond
 * its input, values found are strings.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "scan/idecfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct strbuf sb = STRBUF_INIT;
    const char *v = NULL, *t = NULL;

    ide_jsonc_to_json(data, size, &sb);
    if (sb.len > size)
        abort();
    strbuf_release(&sb);
    arena_init(&a);
    if (ide_vscode_setting(data, size, "python.defaultInterpreterPath", &a, &v) == 1 && !v)
        abort();
    if (ide_pycharm_project_sdk(data, size, &a, &v, &t) == 1 && !v)
        abort();
    if (ide_pycharm_sdk_home(data, size, "Python 3.11 (proj)", &a, &v) == 1 && !v)
        abort();
    arena_release(&a);
    return 0;
}
