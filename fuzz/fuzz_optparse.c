/* fuzz_optparse.c - the table-driven command-line parser (cli/optparse.h)
 * over every subcommand's real table: the first byte picks the table, the
 * rest is argv, split at NUL or newline. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/options.h"

#define ARGS_MAX 32

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* every subcommand's own struct is smaller than this; aligned for any field */
    static union {
        max_align_t align;
        char bytes[4096];
    } own;
    const struct cmd_spec *specs[64];
    char *copy, *argv[ARGS_MAX + 1], *p;
    const struct command *c, *s;
    size_t n = 0, i;
    int argc = 0;
    struct options o;
    struct gd_err err;
    struct suggest sg;
    char hint[256];

    specs[n++] = &main_spec;
    for (c = commands; c->name; c++) {
        specs[n++] = c->spec;
        for (s = c->spec->subs; s && s->name; s++)
            specs[n++] = s->spec;
    }
    if (!size)
        return 0;
    copy = malloc(size);
    if (!copy)
        return 0;
    memcpy(copy, data + 1, size - 1);
    copy[size - 1] = '\0';
    argv[argc++] = (char *)(uintptr_t) "fuzz";
    for (p = copy, i = 0; i < size - 1 && argc < ARGS_MAX; i++)
        if (copy[i] == '\n' || copy[i] == '\0') {
            copy[i] = '\0';
            argv[argc++] = p;
            p = copy + i + 1;
        }
    if (argc < ARGS_MAX && p < copy + size - 1)
        argv[argc++] = p;
    argv[argc] = NULL;

    memset(&own, 0, sizeof(own));
    options_init(&o);
    err_init(&err);
    (void)optparse(specs[data[0] % n], &o, &own, argc, argv, &err);
    optparse_release(specs[data[0] % n], &own);
    options_release(&o);

    suggest_init(&sg, copy, strlen(copy));
    for (i = 1; i < (size_t)argc; i++)
        suggest_add(&sg, argv[i]);
    suggest_text(&sg, "--", hint, sizeof(hint));
    free(copy);
    return 0;
}
