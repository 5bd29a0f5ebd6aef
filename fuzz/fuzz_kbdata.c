/*
 * fuzz_kbdata.c - libFuzzer target for the knowledge-base data-file parser
 * (kbdata_parse) and the pci.ids reader (pciids_parse).
 */
#include <stddef.h>
#include <stdint.h>

#include "kb/kbdata.h"
#include "kb/pciids.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct kb_tables t;
    struct pciids p;
    struct gd_err err;
    size_t i, r, c;

    err_init(&err);
    kb_tables_init(&t);
    if (kbdata_parse(&t, "fuzz.kb", data, size, &err) == 0) {
        /* Every cell that parsed must be a readable string. */
        for (i = 0; i < t.ntables; i++)
            for (r = 0; r < t.tables[i].nrows; r++)
                for (c = 0; c < t.tables[i].schema->ncols; c++) {
                    const char *s = kb_table_cell(&t.tables[i], r, c);
                    while (s && *s)
                        s++;
                }
    }
    kb_tables_release(&t);

    pciids_init(&p);
    (void)pciids_parse(&p, data, size, &err);
    pciids_release(&p);
    return 0;
}
