/*
 * dockerstore.h - an image in Docker's own image store (dockerd's graph
 * driver store), read from the store's files without asking the daemon:
 *
 *   docker-daemon:NAME[:TAG|@DIGEST]          (containers-transports(5)'s name for it)
 *   docker-daemon:ID                          (the image ID, or 12 or more of its first hex digits)
 *   docker-daemon:[DRIVER@DATAROOT]NAME       (another daemon's store, like containers-storage:[...])
 *
 * The data root is /etc/docker/daemon.json's "data-root" (or its older
 * "graph"), else /var/lib/docker; the driver is daemon.json's
 * "storage-driver", else the one driver whose image directory exists.  The
 * layout is moby's (github.com/moby/moby, daemon/daemon.go,
 * daemon/internal/refstore, daemon/internal/image/fs.go,
 * daemon/internal/layer/filestore.go, daemon/graphdriver/{overlay2,vfs}):
 *
 *   image/<driver>/repositories.json     {"Repositories": {familiar name: {familiar ref: "sha256:<id>"}}}
 *   image/<driver>/imagedb/content/sha256/<id>   the config; its sha256 is the ID (verified)
 *   image/<driver>/layerdb/sha256/<chain>/{diff,parent,cache-id}
 *                                        chain IDs from the config's rootfs.diff_ids
 *                                        (image-spec config.md: ChainID(L0|..|Ln) =
 *                                        sha256(ChainID(L0|..|Ln-1) + " " + DiffID(Ln))),
 *                                        each record's diff and parent checked against them
 *   overlay2/<cache-id>/diff             a layer's changes (overlayfs whiteouts),
 *                                        applied in order into the private scratch tree
 *   vfs/dir/<cache-id>                   a layer's whole tree: the top one is the image,
 *                                        read in place (never written)
 *
 * Every path below the data root is opened component by component without
 * following a symbolic link (a link anywhere in the store refuses the
 * image), files are read up to fixed limits, and names from the store
 * (cache IDs, chain IDs) are checked before they become paths.  The data
 * root itself may be a link (a moved /var/lib/docker).
 *
 * Not read: the containerd image store (daemon.json features
 * "containerd-snapshotter", the default of fresh Docker 29 installs): its
 * names and snapshots are in containerd's bbolt database; other graph
 * drivers (fuse-overlayfs, btrfs, zfs, devicemapper, aufs).  Both are
 * refused with GD_ERR_UNSUPPORTED and what to do (`docker save`).
 */
#ifndef GD_IMAGE_DOCKERSTORE_H
#define GD_IMAGE_DOCKERSTORE_H

#include <stddef.h>

#include "image/image.h"
#include "util/strbuf.h"

/** Fill im from a docker-daemon reference (after "docker-daemon:").  0, or -1 with err. */
int dstore_open(struct image *im, const char *ref, const struct image_options *o, struct gd_err *err);

/**
 * A reference as moby's reference store keys it: repo gets the familiar
 * name (reference.FamiliarName: "docker.io/library/x" -> "x"), key the
 * familiar reference ("x:latest" when no tag is given, "x@sha256:..." for a
 * digest).  1, or 0 when ref is not a name (empty, bad characters, a
 * malformed digest).
 */
int dstore_ref_key(const char *ref, struct strbuf *repo, struct strbuf *key);

/**
 * Look key up under repo in repositories.json (buf, len).  1 with id (64
 * hex digits) set, 0 absent, -1 with err when the document is not a
 * reference store or the entry's value is not "sha256:<64 hex>".
 */
int dstore_repos_find(const char *buf, size_t len, const char *repo, const char *key, char id[65],
                      struct gd_err *err);

/**
 * The references of image id in repositories.json: the first tagged one
 * into name, the first digested one's digest ("sha256:...") into digest
 * (both left empty when there is none).  0, or -1 with err.
 */
int dstore_repos_names(const char *buf, size_t len, const char *id, struct strbuf *name, struct strbuf *digest,
                       struct gd_err *err);

/**
 * A layerdb record's digest file ("diff", "parent"): "sha256:<64 hex>"
 * with surrounding blanks, as digest.Parse(strings.TrimSpace(...)) takes
 * it.  1 with out (the 71-byte digest) set, 0 malformed.
 */
int dstore_parse_digest(const char *buf, size_t len, char out[72]);

/** The chain ID of a layer: sha256(parent + " " + diff_id), both "sha256:<hex>"; out "sha256:<hex>". */
void dstore_chain_id(const char *parent, const char *diff_id, char out[72]);

#endif
