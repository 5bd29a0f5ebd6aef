/*
 * store.h - an image in a local containers-storage (podman, buildah, CRI-O),
 * read from the store's own files (github.com/containers/storage):
 *
 *   containers-storage:NAME
 *   containers-storage:[DRIVER@GRAPHROOT+RUNROOT]NAME    (containers-transports(5))
 *
 * The store is /etc/containers/storage.conf's graphroot and driver, else
 * /var/lib/containers/storage with whichever of the overlay and vfs
 * drivers has an image list.  The image is found by name in
 * <driver>-images/images.json (or by its ID, or the start of it); its
 * config and manifest are the image's "big data" files (named "=" and the
 * base64 of their key: store.go makeBigDataBaseName); its layers are the
 * chain of parents in <driver>-layers/layers.json.  vfs keeps each layer
 * as a whole tree, so the top layer's directory is the image and is read
 * in place (never written); overlay keeps each layer's diff, applied in
 * order into the private scratch tree (image/apply.h applier_layer_dir:
 * whiteouts as character devices 0:0, opaque directories by xattr).
 *
 * Docker's own store is image/dockerstore.h.
 */
#ifndef GD_IMAGE_STORE_H
#define GD_IMAGE_STORE_H

#include "image/image.h"

/** Fill im from a containers-storage reference (after "containers-storage:").  0, or -1 with err. */
int store_open(struct image *im, const char *ref, const struct image_options *o, struct gd_err *err);

/**
 * A store's config of image id (64 hex digits; buf, len: the file): its
 * sha256 must be the ID (both stores name configs so), then parsed into
 * im->config, with im->config_digest and im->platform set.  0, or -1 with
 * err (GD_ERR_FORMAT).
 */
int store_take_config(struct image *im, const char *id, const char *buf, size_t len, struct gd_err *err);

/**
 * Unpack n layers given as directories (overlay "diff"s, base first) into
 * a new private scratch tree (im->scratch, im->rootfs), by
 * applier_layer_dir.  open_layer(arg, i, err) opens the i-th layer's
 * directory (an fd the caller's function makes, closed here) or returns -1
 * with err.  0, or -1 with err (im->scratch is set as soon as it exists,
 * so image_release removes it).  Shared by containers-storage and Docker's
 * store (image/dockerstore.h).
 */
int store_unpack_dirs(struct image *im, const struct image_options *o, size_t n,
                      int (*open_layer)(void *arg, size_t i, struct gd_err *err), void *arg, struct gd_err *err);

#endif
