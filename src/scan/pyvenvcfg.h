/*
 * pyvenvcfg.h - the pyvenv.cfg reader (no I/O).
 *
 * A virtual environment is marked by pyvenv.cfg at its root (PEP 405;
 * docs.python.org/3/library/venv.html).  It holds "key = value" lines: the
 * stdlib venv writes home (the directory of the base interpreter),
 * include-system-site-packages, version (3.11.2), and from 3.11 executable
 * and command; virtualenv writes version_info (3.11.2.final.0) and
 * virtualenv, uv writes version_info and uv.  Keys are compared
 * case-insensitively with surrounding space trimmed, as the site module
 * does; lines without '=' are ignored.
 */
#ifndef GD_SCAN_PYVENVCFG_H
#define GD_SCAN_PYVENVCFG_H

#include <stddef.h>

#include "util/arena.h"

struct pyvenv_cfg {
    const char *home;            /* "/usr/bin", or NULL */
    const char *version;         /* "3.11.2" (version, else version_info cut to X.Y.Z), or NULL */
    const char *executable;      /* or NULL */
    const char *creator;         /* "venv", "virtualenv 20.25.0", "uv 0.4.1", or NULL */
    int include_system_site;     /* 1 true, 0 false, -1 absent */
};

/** Parse buf[0..len); strings in a.  Never fails (missing keys stay unknown). */
void pyvenv_cfg_parse(struct pyvenv_cfg *cfg, struct arena *a, const char *buf, size_t len);

#endif
