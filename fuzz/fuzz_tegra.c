/*
 * Fuzz target: the Jetson parsers (scan/tegra.c): an /etc/nv_tegra_release
 * line and a device-tree compatible list.  Any input is read; a parsed
 * release has a numeric revision that fits its field, a SoC is
 * "tegra<digits>".
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scan/tegra.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct tegra_release r;
    char soc[32];
    size_t i;

    if (tegra_parse_release((const char *)data, size, &r) == 1) {
        if (!r.revision[0] || strlen(r.revision) >= sizeof(r.revision) || strlen(r.board) >= sizeof(r.board))
            abort();
        for (i = 0; r.revision[i]; i++)
            if (!((r.revision[i] >= '0' && r.revision[i] <= '9') || r.revision[i] == '.'))
                abort();
    }
    if (tegra_parse_compatible((const char *)data, size, soc, sizeof(soc)) == 1) {
        if (strncmp(soc, "tegra", 5) || !soc[5])
            abort();
        for (i = 5; soc[i]; i++)
            if (soc[i] < '0' || soc[i] > '9')
                abort();
    }
    return 0;
}
