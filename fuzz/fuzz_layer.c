/* fuzz_layer.c - a layer tar (any compression libarchive reads) applied
 * twice over a scratch tree: once over nothing, once over itself (so
 * whiteouts and opaque directories meet lower entries).  Whatever the
 * bytes, nothing may be written outside the tree: the tree lives in a
 * private directory and a sentinel beside it must stay absent. */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "compat/tarread.h"
#include "compat/wtree.h"
#include "image/apply.h"

static char base[256], tree[300];

static void cleanup(void)
{
    compat_wt_remove_tree(-1, base);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct apply_limits lim;
    struct applier ap;
    struct gd_err err;
    struct stat st;
    char probe[400];
    int rootfd, pass;

    if (!base[0]) {
        snprintf(base, sizeof(base), "%s/gd-fuzz-layer.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
        if (!mkdtemp(base))
            abort();
        atexit(cleanup);
        snprintf(tree, sizeof(tree), "%s/rootfs", base);
    }
    mkdir(tree, 0700);
    rootfd = open(tree, O_RDONLY | O_DIRECTORY);
    if (rootfd < 0)
        abort();
    apply_limits_default(&lim);
    lim.max_entries = 5000;
    lim.max_bytes = 4u << 20;
    lim.max_file = 1u << 20;
    applier_init(&ap, rootfd, &lim);
    for (pass = 0; pass < 2; pass++) {
        struct tarread *t;
        err_init(&err);
        t = tarread_open_mem(data, size, NULL, &err);
        if (!t)
            break;
        if (applier_layer(&ap, t, &err) < 0) {
            tarread_close(t);
            break;
        }
        tarread_close(t);
    }
    applier_release(&ap);
    close(rootfd);
    /* Anything beside the tree is an escape. */
    snprintf(probe, sizeof(probe), "%s/escaped", base);
    if (lstat(probe, &st) == 0)
        abort();
    compat_wt_remove_tree(-1, tree);
    return 0;
}
