/*
 * imgconfig.h - an image's configuration (image-spec config.md), parsed.
 *
 * What decides how the container runs and what the NVIDIA runtime gives
 * it: the platform (architecture, os, variant), the process defaults in
 * the nested "config" object (Env as NAME=value strings, Entrypoint, Cmd,
 * WorkingDir, User, Labels) and rootfs.diff_ids (the digests of the
 * uncompressed layers, in order).  Docker's image configs
 * (application/vnd.docker.container.image.v1+json) have the same fields.
 * Fields that are absent stay NULL / empty; a field of the wrong JSON type
 * makes the whole config malformed (GD_ERR_FORMAT), as Go's decoder would.
 *
 * Strings live in the caller's arena.
 */
#ifndef GD_IMAGE_IMGCONFIG_H
#define GD_IMAGE_IMGCONFIG_H

#include <stddef.h>

#include "util/arena.h"
#include "util/err.h"

struct image_kv {
    const char *key, *value;
};

struct image_config {
    const char *architecture, *os, *variant;
    const char **env;            /* "NAME=value", in order */
    size_t n_env;
    const char **entrypoint;     /* NULL with n 0: unset */
    size_t n_entrypoint;
    const char **cmd;
    size_t n_cmd;
    const char *workdir, *user;
    struct image_kv *labels;     /* sorted by key */
    size_t n_labels;
    const char **diff_ids;
    size_t n_diff_ids;
    const char *created;
};

/** Parse the config JSON buf[0..len) into c, strings in a.  0, or -1 with err. */
int image_config_parse(const char *buf, size_t len, struct arena *a, struct image_config *c,
                       struct gd_err *err);

/** The value of NAME in the config's Env (the last one wins, as in the runtime), or NULL. */
const char *image_config_env(const struct image_config *c, const char *name);

#endif
