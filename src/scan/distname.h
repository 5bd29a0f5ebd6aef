/*
 * distname.h - names of installed Python distributions, from strings only.
 *
 * Three pure helpers, no I/O:
 *  - PEP 503 name normalisation, the form pip compares names in
 *    (https://peps.python.org/pep-0503/#normalized-names: runs of "-", "_"
 *    and "." become one "-", then lower case).  PEP 685 applies the same rule
 *    to extras, so it serves both.
 *  - splitting an installed-metadata directory name.  The "Recording
 *    installed projects" spec (packaging.python.org/en/latest/specifications/
 *    recording-installed-packages/) names it "{name}-{version}.dist-info" with
 *    "-" in the name escaped to "_", so the first "-" separates the two; legacy
 *    "{name}-{version}[-pyX.Y[-platform]].egg-info" directories (and files) and
 *    bare "{name}.egg-info" (develop installs, no version) are split the same
 *    way.
 *  - splitting a conda-meta record file name "{name}-{version}-{build}.json"
 *    (conda writes one per installed package, e.g.
 *    "requests-2.28.2-pyhd8ed1ab_0.json"); name may contain "-", version and
 *    build may not, so the split is from the right.
 *
 * Results are written into caller strbufs (reset first).  Nothing here
 * decides which directory is a distribution: the scanner does.
 */
#ifndef GD_SCAN_DISTNAME_H
#define GD_SCAN_DISTNAME_H

#include <stddef.h>

#include "util/strbuf.h"

/** PEP 503-normalise the len bytes at name into out (reset first). */
void distname_normalize(struct strbuf *out, const char *name, size_t len);

/**
 * 1 when a and b name the same distribution under PEP 503 (compared without
 * allocating), else 0.
 */
int distname_equal(const char *a, const char *b);

enum distname_kind {
    DISTNAME_NONE = 0,     /* not a metadata directory name */
    DISTNAME_DIST_INFO,    /* "*.dist-info" */
    DISTNAME_EGG_INFO      /* "*.egg-info" */
};

/**
 * Split the directory entry name ent ("torch-2.1.0+cu121.dist-info").
 * Returns its kind; for a metadata name, *name gets the normalised
 * distribution name and *version the version ("" when the name carries none,
 * as in "foo.egg-info").  DISTNAME_NONE leaves the buffers reset.
 */
enum distname_kind distname_split_dir(const char *ent, struct strbuf *name,
                                      struct strbuf *version);

/**
 * Split a conda-meta file name ("pytorch-2.1.0-py3.11_cuda12.1_cudnn8.9.2_0.json").
 * 1 with name (as conda writes it, conda names are already lower case),
 * version and build filled; 0 when file is not of that shape.
 */
int distname_split_conda(const char *file, struct strbuf *name, struct strbuf *version,
                         struct strbuf *build);

#endif
