/*
 * Fuzz target: the hand-written parsers of "which Python does this run"
 * (scan/pyinterp.c): a script's shebang, a pyenv version file, a pyenv
 * shim and an INI file's [defaults] python= (py.ini).
 */
#include <stddef.h>
#include <stdint.h>

#include "scan/pyinterp.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct strbuf sb = STRBUF_INIT;
    int via = 0;
    (void)pyinterp_shebang(data, size, &sb, &via);
    (void)pyinterp_version_file(data, size, &sb);
    (void)pyinterp_ini_value(data, size, "defaults", "python", &sb);
    (void)pyinterp_pyenv_shim(data, size, &sb);
    strbuf_release(&sb);
    return 0;
}
