/*
 * source.h - the files of an image as it was handed over: a directory (an
 * OCI image layout, image-spec image-layout.md) or a tar of one (an OCI
 * archive, a `docker save` / `podman save` file).
 *
 * Names are paths inside the layout ("index.json", "blobs/sha256/<hex>",
 * "<id>/layer.tar"), cleaned lexically; nothing outside is ever opened: in
 * a directory every open resolves inside it (compat_open_in_root, so a
 * symlinked blob pointing to /etc/shadow reads the layout's own
 * etc/shadow or nothing); in a tar, symbolic links between entries (skopeo
 * writes "<id>/layer.tar -> ../<diffid>.tar") are followed inside the
 * archive only, at most 8 of them.
 *
 * A tar is read once to index its entries, keeping the small ones that can
 * be metadata (JSON documents, blobs of at most SOURCE_META_MAX bytes:
 * manifests and configs), at most SOURCE_KEEP_MAX bytes in all; each layer
 * is then read by a new pass over the archive, streamed without unpacking
 * it.  Memory: the index (one record per entry of the outer archive) and
 * the kept metadata, whatever the size of the layers.
 */
#ifndef GD_IMAGE_SOURCE_H
#define GD_IMAGE_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "compat/tarread.h"
#include "util/err.h"
#include "util/sha256.h"
#include "util/strbuf.h"

#define SOURCE_META_MAX (4u << 20)      /* containerd and docker cap manifests at 4 MiB */
#define SOURCE_KEEP_MAX (64u << 20)
#define SOURCE_MAX_ENTRIES 1000000u

struct source_entry {
    char *name;                /* cleaned */
    enum tar_type type;
    char *link;                /* symlink target as stored, or NULL */
    uint64_t size;
    char *data;                /* kept content, or NULL */
    unsigned nth;              /* it is the nth member of that name (the last counts) */
};

struct source {
    char *path;                /* as given */
    int is_tar;
    int dirfd;                 /* directory: a handle on it; -1 for a tar */
    const char *compression;   /* tar: of the archive itself ("none", "gzip", ...) */
    struct source_entry *ents;
    size_t n_ents, alloc_ents;
    uint64_t kept;
};

/** Open path (a directory or a tar, possibly compressed).  0, or -1 with err. */
int source_open(struct source *s, const char *path, struct gd_err *err);
void source_release(struct source *s);

/** 1 if name exists in the source (as a file, after following links). */
int source_has(struct source *s, const char *name);

/**
 * The whole file name, at most limit bytes, into out.  1 read, 0 absent,
 * -1 with err (too big: GD_ERR_LIMIT; a tar member too large to have been
 * kept is an error too).
 */
int source_read(struct source *s, const char *name, size_t limit, struct strbuf *out, struct gd_err *err);

/* A blob being streamed: its raw bytes are hashed as they are read. */
struct source_stream {
    struct tarread *outer;     /* tar source: the outer archive, positioned on the entry */
    int fd;                    /* directory source: the blob's descriptor */
    struct tarread *tar;       /* the blob read as a tar (a layer) */
    struct sha256 hash;
    uint64_t size;             /* the blob's size as stored, when known */
};

/** Open blob name as a layer tar, its raw bytes hashed.  0, or -1 with err. */
int source_open_layer(struct source *s, const char *name, struct source_stream *st, struct gd_err *err);
/** Read the blob to its end (so the hash covers it) and give the hex digest of its raw bytes. */
int source_stream_finish(struct source_stream *st, char hex[SHA256_HEX_LEN + 1], struct gd_err *err);
void source_stream_close(struct source_stream *st);
/**
 * The hex digest of blob name's raw bytes, read without parsing them (to
 * tell a damaged blob from a hostile one when it does not read as a tar).
 * 0, or -1 with err.
 */
int source_blob_digest(struct source *s, const char *name, char hex[SHA256_HEX_LEN + 1], uint64_t *size,
                       struct gd_err *err);

#endif
