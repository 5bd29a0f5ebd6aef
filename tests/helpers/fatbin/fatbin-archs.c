/*
 * fatbin-archs - gpudoctor's fat-binary reader (loader/fatbin.h) on real
 * files, for the comparison with cuobjdump in tests/cli/8516: the same
 * fatbin_read_elf() and kb_arch_list_covers() that check runs on a
 * framework's CUDA library (scan/fwlibs.c) and on an extension module
 * (scan/pyext.c), without the environment around them.
 *
 *   fatbin-archs [--cc X.Y]... FILE...
 *
 * For each FILE, one line "FILE: LIST" (fatbin_arch_list's
 * "sm_50,...,compute_90"; "FILE: none" for an ELF without fat binaries,
 * "FILE: error: MESSAGE" when the reader fails), then one line per
 * architecture, "  sm_52 3" (SASS) or "  compute_52 3" (PTX): the number
 * of entries of that kind and architecture; then for each --cc, "  cc 5.0
 * native|ptx|no" (kb_arch_list_covers: 2, 1, 0).  Exits 0, or 1 when a file
 * could not be read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "kb/kb.h"
#include "loader/fatbin.h"

static int rd(void *arg, uint64_t off, void *buf, size_t len, struct gd_err *err)
{
    FILE *f = arg;
    if (off > (uint64_t)0x7fffffffffffffff || fseeko(f, (off_t)off, SEEK_SET) != 0 || fread(buf, 1, len, f) != len)
        return err_setx(err, GD_ERR_SYS, "short read at offset %llu", (unsigned long long)off);
    return 0;
}

int main(int argc, char **argv)
{
    const char *ccs[16];
    size_t ncc = 0, k;
    int i, rc = 0;
    static const char *const how[] = { "no", "ptx", "native" };

    for (i = 1; i + 1 < argc && !strcmp(argv[i], "--cc") && ncc < 16; i += 2)
        ccs[ncc++] = argv[i + 1];
    for (; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        struct fatbin_source src;
        struct fatbin_summary sum;
        struct gd_err err;
        char list[4096];
        int r;

        if (!f || fseeko(f, 0, SEEK_END) != 0) {
            printf("%s: error: cannot open\n", argv[i]);
            rc = 1;
            if (f)
                fclose(f);
            continue;
        }
        src.read = rd;
        src.arg = f;
        src.size = (uint64_t)ftello(f);
        err_init(&err);
        r = fatbin_read_elf(&src, &sum, &err);
        fclose(f);
        if (r < 0) {
            printf("%s: error: %s\n", argv[i], err.msg);
            rc = 1;
            continue;
        }
        if (r == 0 || !sum.n_arches) {
            printf("%s: none\n", argv[i]);
            continue;
        }
        if (fatbin_arch_list(&sum, list, sizeof(list)) < 0 || sum.truncated) {
            printf("%s: error: the list is truncated\n", argv[i]);
            rc = 1;
            continue;
        }
        printf("%s: %s\n", argv[i], list);
        for (k = 0; k < sum.n_arches; k++)
            printf("  %s_%u%s %lu\n", sum.arches[k].kind == FATBIN_KIND_ELF ? "sm" : "compute", sum.arches[k].arch,
                   sum.arches[k].specific ? "a" : "",
                   sum.arches[k].count);
        for (k = 0; k < ncc; k++) {
            int c = kb_arch_list_covers(list, ccs[k]);
            printf("  cc %s %s\n", ccs[k], c >= 0 && c <= 2 ? how[c] : "error");
        }
    }
    return rc;
}
