/*
 * Fuzz target: environment module files (Lmod Lua and Tcl), both as a
 * ".lua" file and with the syntax left to the text.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "scan/modules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct modulefile_info mi;
    (void)modulefile_parse((const char *)data, size, "x.lua", &mi);
    (void)modulefile_parse((const char *)data, size, NULL, &mi);
    /* Results are NUL-terminated inside their buffers. */
    if (!memchr(mi.version, 0, sizeof(mi.version)) || !memchr(mi.prefix, 0, sizeof(mi.prefix)) ||
        !memchr(mi.libdir, 0, sizeof(mi.libdir)))
        __builtin_trap();
    return 0;
}
