/*
 * Fuzz target: a check report as `fleet report` reads it - the reader
 * (fleet/jread.c), member extraction and the merge into a fleet, cut at
 * every point a stream reader may see it, then fleet_finish with the
 * per-node table written and read back.  Any input must be merged or
 * refused, never crash; a refusal is always recorded.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "fleet/fleet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int count(const struct fleet_node *n, void *arg)
{
    (void)n;
    (*(size_t *)arg)++;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fleet fl;
    struct gd_err err;
    size_t rows = 0, before;
    long r;

    fleet_init(&fl);
    if (fleet_keep_nodes(&fl, &err) < 0)
        abort();
    before = fl.n_rejects;
    if (fleet_add_report(&fl, (const char *)data, size, NULL, "fuzz", &err) < 0 && fl.n_rejects != before + 1)
        abort();
    (void)fleet_add_report(&fl, (const char *)data, size, "again", "fuzz", &err);
    /* As a stream reader sees it: a prefix asks for more, or is complete. */
    if (size && data[0] != ' ') {
        r = fleet_add_front(&fl, (const char *)data, size / 2, 1, "half", "fuzz", &err);
        if (r > (long)(size / 2))
            abort();
    }
    if (fleet_finish(&fl, &err) < 0)
        abort();
    if (fleet_each_node(&fl, count, &rows, &err) < 0 || rows != fl.n_nodes)
        abort();
    fleet_release(&fl);
    return 0;
}
