/*
 * Fuzz target: a check report as `fleet report` reads it - the structural
 * scanner (fleet/jscan.c), member extraction and the merge into a fleet,
 * then the renderers' input (fleet_finish).  Any input must be merged or
 * refused, never crash.
 */
#include <stddef.h>
#include <stdint.h>

#include "fleet/fleet.h"
#include "fleet/jscan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fleet fl;
    struct gd_err err;
    struct jscan_member m[8];
    size_t n, bad;

    (void)jscan_value((const char *)data, size, m, 8, &n, &bad);
    fleet_init(&fl);
    (void)fleet_add_report(&fl, (const char *)data, size, NULL, "fuzz", &err);
    (void)fleet_add_report(&fl, (const char *)data, size, "again", "fuzz", &err);
    fleet_finish(&fl);
    fleet_release(&fl);
    return 0;
}
