/*
 * metadata.h - the core-metadata reader for installed Python distributions.
 *
 * Reads the header block of a *.dist-info/METADATA or *.egg-info/PKG-INFO
 * file from a buffer, without I/O.  The format is the core metadata
 * specification (packaging.python.org/en/latest/specifications/
 * core-metadata/; PEP 241/314/345/566): RFC 822 style "Key: value" headers,
 * continuation lines start with a space or tab, the first empty line ends
 * the headers (the body that follows is the long description and is never
 * looked at).  Header names compare case-insensitively.  Only what gpudoctor
 * needs is kept: Metadata-Version, Name, Version, Provides-Extra and
 * Requires-Dist.
 *
 * Requires-Dist values are PEP 508 dependency specifiers:
 *     name [extras] (specifier | @ url) ; marker
 * e.g. `nvidia-cudnn-cu12==8.9.2.26; platform_system == "Linux"` or the older
 * `nvidia-cublas-cu12 (==12.1.3.1) ; extra == "and-cuda"`.  Each is split
 * into the normalised name, its own extras, the specifier (spaces and
 * parentheses dropped) and the marker text; when the marker tests
 * `extra == "X"` the normalised X is kept too (the pins of an extra such as
 * tensorflow's "and-cuda").  Markers are not evaluated.
 *
 * Everything is bounded by len; the buffer need not be NUL-terminated, may
 * hold any bytes (NULs, invalid UTF-8) and may end mid-line.  Strings are
 * allocated in the caller's arena; the requirement and extra arrays are
 * heap arrays freed by metadata_release.
 */
#ifndef GD_SCAN_METADATA_H
#define GD_SCAN_METADATA_H

#include <stddef.h>

#include "util/arena.h"
#include "util/err.h"

struct md_requirement {
    const char *name;       /* PEP 503-normalised: "nvidia-cudnn-cu12" */
    const char *extras;     /* the requirement's own extras ("with-cuda"), or NULL */
    const char *specifier;  /* "==8.9.2.26", ">=9.1,<10", "@ https://...", or NULL */
    const char *marker;     /* the marker text after ';', trimmed, or NULL */
    const char *extra;      /* X of `extra == "X"` in the marker, normalised, or NULL */
};

struct metadata {
    const char *metadata_version;   /* "2.1", or NULL */
    const char *name;               /* as written ("Torch_Foo"), or NULL */
    const char *version;            /* as written ("2.1.0+cu121"), or NULL */
    struct md_requirement *reqs;    /* Requires-Dist, in file order */
    size_t n_reqs, alloc_reqs;
    const char **extras;            /* Provides-Extra, normalised */
    size_t n_extras, alloc_extras;
    int bad_utf8;                   /* the header block is not valid UTF-8 */
    int truncated;                  /* the buffer ended before the empty line */
};

/** Empty metadata; never fails, never allocates. */
void metadata_init(struct metadata *md);
/** Free the arrays (strings stay in the arena); md is empty afterwards. */
void metadata_release(struct metadata *md);

/**
 * Parse the headers in buf[0..len) into md (which must be freshly
 * initialised), allocating strings in a.  Returns 0 when Name and Version
 * are both present and valid UTF-8; -1 (GD_ERR_FORMAT, err says which is
 * missing) otherwise, with md holding whatever was found, so the caller
 * can still use the requirements or fall back to the directory name.
 */
int metadata_parse(struct metadata *md, struct arena *a, const char *buf, size_t len,
                   struct gd_err *err);

/**
 * The first "Tag" header of a wheel's WHEEL file (the .dist-info/WHEEL that
 * pip keeps; PEP 427: "Tag: py2-none-any", one header per tag, e.g.
 * "cp312-cp312-manylinux_2_28_aarch64"), in the same "Key: value" format,
 * headers only.  The value is trimmed and must be 1-200 printable ASCII
 * characters without spaces.  Returns 1 with *tag in a, or 0.
 */
int metadata_wheel_tag(struct arena *a, const char *buf, size_t len, const char **tag);

/**
 * Parse one PEP 508 requirement string s[0..len) into *req, allocating in a.
 * -1 (GD_ERR_FORMAT) when it does not start with a valid name.
 */
int metadata_parse_requirement(struct md_requirement *req, struct arena *a,
                               const char *s, size_t len, struct gd_err *err);

/** The requirement on distribution name (normalised) in md, or NULL. */
const struct md_requirement *metadata_find_req(const struct metadata *md, const char *name);

#endif
