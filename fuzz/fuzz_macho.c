/* fuzz_macho.c - the Mach-O reader over arbitrary bytes: no crash, no read
 * past the buffer (ASan), whatever the input.  Seeds: objects made by clang
 * for arm64, arm64e and x86_64 (LC_VERSION_MIN_MACOSX), the load commands
 * of dylibs linked by ld64.lld, fat files with both headers. */
#include <stddef.h>
#include <stdint.h>

#include "loader/macho.h"
#include "util/arena.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct macho_info mi;
    char v[32];
    size_t i;
    arena_init(&a);
    if (macho_parse(data, size, &a, &mi, NULL) == 0) {
        for (i = 0; i < mi.n_slices; i++) {
            (void)macho_arch_name(mi.slices[i].cputype, mi.slices[i].cpusubtype);
            (void)macho_version_str(mi.slices[i].minos, v, sizeof(v));
        }
        (void)macho_min_macos(&mi, MACHO_CPU_ARM64);
    }
    arena_release(&a);
    return 0;
}
