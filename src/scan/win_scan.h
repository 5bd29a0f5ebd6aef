/*
 * win_scan.h - the observers for an examined Windows machine.
 *
 * `gpudoctor check --os windows --root DIR` reads a Windows C: drive at DIR
 * (a mounted disk image, a copied tree, a test fixture) from any machine.
 * These observers fill the same struct facts as the Linux ones, with
 * system.os = "windows":
 *   - win_system.c: Windows version and architecture (kernel32.dll's PE
 *     header and version resource), PATH split on ';' into ldenv.path;
 *   - win_driver.c: the driver from System32\nvcuda.dll's (and nvml.dll's)
 *     version resource, 31.0.15.3833 -> 538.33 (kb/ver_driver.h), the
 *     DriverStore copies, nvidia-smi.exe;
 *   - win_cuda.c: CUDA toolkits (Program Files\NVIDIA GPU Computing
 *     Toolkit\CUDA\vX.Y, CUDA_PATH, every CUDA_PATH_VX_Y, pip's
 *     nvidia\cuda_runtime\bin) and cuDNN (a toolkit's bin, Program
 *     Files\NVIDIA\CUDNN\vX.Y\bin\<cuda>[\x64], pip's nvidia\cudnn\bin);
 *   - win_python.c: python.org installs, conda installations and their
 *     envs, venvs; their distributions and framework builds come from the
 *     same code as on Linux (pyenv_read_dists, pyenv_frameworks).
 *
 * Paths: a Windows path C:\X\Y is the virtual path /X/Y inside --root
 * (util/winpath.h); facts keep virtual paths, findings print the Windows
 * spelling.  Every lookup of a Windows-made name goes through
 * winpath_resolve_ci, so the tree may be in any case.  Environment
 * variable names are matched ignoring case, as Windows does.
 *
 * Like every observer: no printing, nothing executed or loaded, one bad
 * file costs one warning.
 */
#ifndef GD_SCAN_WIN_SCAN_H
#define GD_SCAN_WIN_SCAN_H

#include <stdint.h>

#include "scan/scan.h"

/** Run every Windows observer in order (system, PATH, python, driver, CUDA, cuDNN). */
void scan_windows(struct scan_ctx *ctx);

void win_scan_system(struct scan_ctx *ctx);
void win_scan_python(struct scan_ctx *ctx);
void win_scan_driver(struct scan_ctx *ctx);
void win_scan_cuda(struct scan_ctx *ctx);

/* ---- helpers shared by the Windows observers (win_scan.c) ---- */

/** The value of environment variable name, ignoring case, or NULL. */
const char *win_env(const struct scan_ctx *ctx, const char *name);

/** vpath looked up ignoring case: the on-disk spelling (arena), or NULL. */
const char *win_find(struct scan_ctx *ctx, const char *vpath);

/** dir/name looked up ignoring case (dir as found): arena path, or NULL. */
const char *win_find_in(struct scan_ctx *ctx, const char *dir, const char *name);

/**
 * A Windows path from the examined machine (an environment variable, a
 * config file) as a virtual path: the on-disk spelling when it exists, the
 * lexical mapping otherwise (arena).  NULL when it is not on C:.
 */
const char *win_map(struct scan_ctx *ctx, const char *winpath);

/** 1 if vpath is a directory (0 absent or other). */
int win_is_dir(struct scan_ctx *ctx, const char *vpath);

/**
 * The version resource of the PE file vpath: FileVersion "A.B.C.D" into buf
 * and the machine into *machine (either may be NULL).  1 read, 0 absent,
 * -1 unreadable or not PE (recorded as a warning).  A PE file without a
 * version resource gives 1 with buf "".
 */
int win_pe_version(struct scan_ctx *ctx, const char *vpath, char *buf, size_t size,
                   uint16_t *machine);

/** The user profiles: /Users/<name> except Public, Default, All Users. */
void win_homes(struct scan_ctx *ctx, struct strlist *out);

#endif
