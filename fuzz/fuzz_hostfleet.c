/* fuzz_hostfleet.c - --host-facts with several nodes (cli/image_fleet.h):
 * an input split into documents (JSON lines, back to back), each read as a
 * node's facts, named, checked for duplicates and grouped. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cli/image_fleet.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct image_fleet fl;
    memset(&fl, 0, sizeof(fl));
    fl.path = "fuzz";
    image_fleet_add(&fl, "fuzz", (const char *)data, size);
    image_fleet_release(&fl);
    return 0;
}
