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
 * Not read: Docker's image store (its overlay2 layout, or its containerd
 * snapshots whose names live in a bbolt database): export the image with
 * `docker save` first.
 */
#ifndef GD_IMAGE_STORE_H
#define GD_IMAGE_STORE_H

#include "image/image.h"

/** Fill im from a containers-storage reference (after "containers-storage:").  0, or -1 with err. */
int store_open(struct image *im, const char *ref, const struct image_options *o, struct gd_err *err);

#endif
