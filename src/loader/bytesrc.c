/*
 * bytesrc.c - the bounded byte range the binary-format readers parse.
 */
#include "loader/bytesrc.h"

#include <stdio.h>
#include <string.h>

#include "util/banned.h"

void bytesrc_mem(struct bytesrc *s, const uint8_t *buf, size_t len)
{
    s->mem = buf;
    s->file = NULL;
    s->size = len;
}

int bytesrc_read(const struct bytesrc *s, uint64_t off, void *buf, size_t len, struct gd_err *err)
{
    if (off > s->size || len > s->size - off)
        return err_setx(err, GD_ERR_FORMAT, "offset %llu + %zu is past the end of the file (%llu bytes)",
                        (unsigned long long)off, len, (unsigned long long)s->size);
    if (s->mem) {
        if (len)
            memcpy(buf, s->mem + off, len);
        return 0;
    }
    return fs_pread(s->file, off, buf, len, err);
}

int bytesrc_read_file(struct fs *fs, const char *vpath, const char *kind, bytesrc_parse_fn parse,
                      struct arena *arena, void *out, struct gd_err *err)
{
    struct fs_file f;
    struct bytesrc s;
    int r = fs_open(fs, vpath, &f, err);

    if (r != 1)
        return r;
    s.mem = NULL;
    s.file = &f;
    s.size = f.size;
    r = parse(&s, arena, out, err) < 0 ? -1 : 1;
    fs_close(&f);
    if (r < 0 && err) {
        char msg[GD_ERR_MSG_MAX];
        snprintf(msg, sizeof(msg), "%s", err->msg);
        err_setx(err, GD_ERR_FORMAT, "cannot read %s file '%s': %s", kind, vpath, msg);
    }
    return r;
}
