/*
 * mac_scan.h - the observers for an examined macOS machine.
 *
 * `gpudoctor check --os macos --root DIR` reads a macOS system volume (a
 * mounted disk, a copied tree, a test fixture) from any machine.  These
 * observers fill the same struct facts as the Linux ones, with system.os =
 * "macos", plus facts->macos (facts/macos_facts.h):
 *   - mac_system.c: the release from System/Library/CoreServices/
 *     SystemVersion.plist (XML or binary, scan/plist.h), Apple Silicon or
 *     Intel from the tree, Rosetta 2, PATH;
 *   - the Python environments come from the same observer as on Linux
 *     (scan_python: conda/miniforge under the user's home, pyenv, venvs,
 *     PATH), which under --os macos also looks in the macOS places:
 *     python.org's /Library/Frameworks/Python.framework/Versions/X.Y,
 *     Homebrew's /opt/homebrew and /usr/local, homes under /Users;
 *   - mac_binaries.c: the Mach-O facts of each environment's interpreter and
 *     of each framework's native module (loader/macho.h): architectures,
 *     minimum macOS, the Metal and CUDA libraries they load.
 * There is no NVIDIA driver, GPU, CUDA or cuDNN observer: macOS has none
 * of them (the last CUDA for macOS was 10.2).
 *
 * Like every observer: no printing, nothing executed or loaded, one bad
 * file costs one warning.
 */
#ifndef GD_SCAN_MAC_SCAN_H
#define GD_SCAN_MAC_SCAN_H

#include "scan/scan.h"

#define MAC_PLIST_LIMIT (1u << 20)    /* SystemVersion.plist read at most */

/** Run every macOS observer in order (system, python, binaries, cpu). */
void scan_macos(struct scan_ctx *ctx);

/** The release, Rosetta, PATH (mac_system.c). */
void mac_scan_system(struct scan_ctx *ctx);
/** Apple Silicon or Intel, after mac_scan_binaries (mac_system.c). */
void mac_scan_cpu(struct scan_ctx *ctx);
/** Mach-O facts of interpreters and framework modules (mac_binaries.c). */
void mac_scan_binaries(struct scan_ctx *ctx);

/** The user homes /Users/<name> (not Shared), when HOME is not set. */
void mac_homes(struct scan_ctx *ctx, struct strlist *out);

/** 1 when the scan examines macOS (--os macos). */
int scan_is_macos(const struct scan_ctx *ctx);

#endif
