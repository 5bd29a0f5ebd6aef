/*
 * image.h - a container image, read from its files and unpacked into a
 * private scratch tree, without running anything.
 *
 * image_open() takes a reference as the containers tools write it
 * (containers-transports(5)):
 *
 *   oci:DIR[:NAME]              an OCI image layout directory
 *   oci-archive:FILE[:NAME]     a tar of one (skopeo, buildah, podman save --format oci-archive)
 *   docker-archive:FILE[:NAME]  a `docker save` / `podman save` tar (NAME: "repo:tag")
 *   containers-storage:NAME     podman's / buildah's store (image/store.h)
 *   docker-daemon:NAME          Docker's graph-driver store (image/dockerstore.h)
 *   DIR or FILE                 any of these, recognised by its contents
 *
 * and reads it the way the spec says (opencontainers/image-spec v1.1):
 * oci-layout and index.json (image-layout.md), nested indexes, the
 * manifest for the wanted platform (image-index.md: os "linux" and the
 * node's architecture; attestation manifests with platform unknown/unknown
 * are skipped), the manifest's config and layers (manifest.md), media types
 * as media-types.md lists them, OCI and Docker; a docker save tar without
 * an index by its manifest.json (moby image/tarexport: Config, RepoTags,
 * Layers).  Every blob named by a digest is checked against it, and
 * against its declared size; a layer named otherwise (docker save's
 * "<id>/layer.tar", uncompressed) against its diff_id.
 *
 * The layers are then applied in order (image/apply.h: whiteouts, opaque
 * directories, hard links) into SCRATCH/rootfs, where SCRATCH is a new
 * directory of mode 0700 under $TMPDIR (else /var/tmp, which is on disk
 * where /tmp may be memory), removed by image_release.  Memory stays
 * bounded whatever the image's size: one layer streams at a time.
 */
#ifndef GD_IMAGE_IMAGE_H
#define GD_IMAGE_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "image/apply.h"
#include "image/imgconfig.h"
#include "util/arena.h"
#include "util/err.h"

struct image_layer {
    const char *member;       /* the file inside the image ("blobs/sha256/...", "<id>/layer.tar") */
    const char *digest;       /* as declared ("sha256:..."), or NULL */
    const char *media_type;   /* as declared, or NULL (docker save) */
    uint64_t size;            /* declared size; 0: not declared */
    const char *diff_id;      /* the config's rootfs.diff_ids entry, or NULL */
    const char *compression;  /* as found: "gzip", "zstd", "none", ... */
    const char *verified;     /* "digest", "diff_id", or NULL when nothing could be checked */
};

struct image {
    struct arena arena;
    const char *ref;             /* as given */
    const char *path;            /* the directory or file read */
    const char *format;          /* "oci-layout", "oci-archive", "docker-archive" */
    const char *name;            /* the name it was chosen by or carries ("localhost/t:1"), or NULL */
    const char *manifest_digest; /* "sha256:..." of the manifest, or NULL (docker save <= 24) */
    const char *config_digest;   /* "sha256:..." of the config: docker's image ID */
    const char *platform;        /* "linux/amd64" */
    struct image_config config;
    struct image_layer *layers;
    size_t n_layers;
    struct apply_stats stats;
    const char **warnings;       /* things read but not applied, in order */
    size_t n_warnings, alloc_warnings;
    char *scratch;               /* the private temporary directory (owned), or NULL */
    const char *keep;            /* image_options.keep */
    const char *rootfs;          /* SCRATCH/rootfs: the image's files */
};

struct image_options {
    const char *arch;            /* the node's architecture as uname says ("x86_64", "aarch64");
                                    NULL: the only platform there is */
    const char *tmpdir;          /* NULL: $TMPDIR, else /var/tmp */
    struct apply_limits limits;
    const char *keep;            /* tests only (GPUDOCTOR_TEST_KEEP_IMAGE): image_release moves
                                    the unpacked tree here instead of removing it */
};

/** Defaults (apply_limits_default, any architecture, the default tmpdir). */
void image_options_default(struct image_options *o);

/**
 * Read ref and unpack it.  0 with im filled (image_release removes the
 * scratch tree), or -1 with err: GD_ERR_NOTFOUND / GD_ERR_USAGE for a
 * reference that names nothing usable, GD_ERR_FORMAT for a malformed or
 * hostile image, GD_ERR_LIMIT, GD_ERR_UNSUPPORTED (a build without
 * libarchive, a media type or digest algorithm not read), GD_ERR_SYS.
 * After -1, im needs image_release too (it removes what was made).
 */
int image_open(struct image *im, const char *ref, const struct image_options *o, struct gd_err *err);
void image_release(struct image *im);

/** The OCI architecture name for a uname machine ("x86_64" -> "amd64"), or m itself. */
const char *image_goarch(const char *machine);

#endif
