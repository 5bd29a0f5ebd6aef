/* fuzz_image.c - image_open on arbitrary bytes as a file: the outer tar's
 * index, oci-layout / index.json / manifest / config / docker manifest.json
 * parsing and digest checks, and each layer applied, with small limits.
 * The bytes are written to a private temporary file first (image_open
 * reads paths). */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/wtree.h"
#include "image/image.h"

static char dir[256], file[300];

static void cleanup(void)
{
    compat_wt_remove_tree(-1, dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct image_options o;
    struct image im;
    struct gd_err err;
    int fd;

    if (!dir[0]) {
        snprintf(dir, sizeof(dir), "%s/gd-fuzz-image.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
        if (!mkdtemp(dir))
            abort();
        atexit(cleanup);
        snprintf(file, sizeof(file), "%s/image.tar", dir);
    }
    fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || write(fd, data, size) != (ssize_t)size)
        abort();
    close(fd);
    image_options_default(&o);
    o.tmpdir = dir;
    o.limits.max_entries = 5000;
    o.limits.max_bytes = 4u << 20;
    o.limits.max_file = 1u << 20;
    err_init(&err);
    image_open(&im, file, &o, &err);
    image_release(&im);
    return 0;
}
