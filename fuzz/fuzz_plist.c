/* fuzz_plist.c - the property-list reader (XML and bplist00) over arbitrary
 * bytes: no crash, no read past the buffer (ASan).  Seeds: SystemVersion.plist
 * as macOS writes it, the same in binary form from Python's plistlib, and
 * plists with every value kind. */
#include <stddef.h>
#include <stdint.h>

#include "scan/plist.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct plist_dict d;
    arena_init(&a);
    if (plist_parse(data, size, &a, &d, NULL) == 0)
        (void)plist_get(&d, "ProductVersion");
    arena_release(&a);
    return 0;
}
