/*
 * cdi.h - a Container Device Interface spec (tags.cncf.io/
 * container-device-interface, specs-go/config.go): the file nvidia-ctk
 * cdi generate writes to /etc/cdi or /var/run/cdi, in YAML or JSON.
 *
 * Read here: cdiVersion, kind ("nvidia.com/gpu"), the device names and
 * every mount of the container edits (top-level and per device), which is
 * where the driver's files come from when a container is started with
 * `--device nvidia.com/gpu=all`.  YAML (and JSON, which YAML reads) through
 * libyaml, into a bounded tree (CDI_MAX_NODES nodes, CDI_MAX_DEPTH deep).
 * Without libyaml (GD_LIBYAML undefined: the MinGW, AArch64 cross and musl
 * static builds) every spec is "not readable by this build".
 */
#ifndef GD_SCAN_CDI_H
#define GD_SCAN_CDI_H

#include <stddef.h>

#include "util/arena.h"
#include "util/err.h"

#define CDI_MAX_NODES 200000
#define CDI_MAX_DEPTH 64

struct cdi_mount {
    const char *host, *container;
};

struct cdi_doc {
    const char *version, *kind;
    const char **devices;
    size_t n_devices;
    struct cdi_mount *mounts;
    size_t n_mounts;
};

/** Parse buf[0..len) into d (strings and arrays in a).  0, or -1 with err. */
int cdi_parse(const char *buf, size_t len, struct arena *a, struct cdi_doc *d, struct gd_err *err);

#endif
