/* Fuzz target: the --env-file parser (util/env.c). */
#include <stddef.h>
#include <stdint.h>

#include "util/env.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct env e;
    struct gd_err err;
    env_init(&e);
    env_parse_file(&e, (const char *)data, size, &err);
    (void)env_get(&e, "PATH");
    env_release(&e);
    return 0;
}
