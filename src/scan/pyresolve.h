/*
 * pyresolve.h - which Python the user's commands run (facts->interp).
 *
 * After the environments are found (pyenv_discover / win_scan_python),
 * pyresolve_commands() resolves, by reading files only, what `python`,
 * `python3`, `pip` and `pip3` run on a Linux or macOS tree (`python.exe`,
 * `python3.exe`, `pip.exe`, `py.exe` on a Windows tree), and maps each to
 * one of facts->pyenvs:
 *   - the PATH walk of the examined environment (relative entries are
 *     skipped: they depend on a directory we do not know);
 *   - a hit in $PYENV_ROOT/shims is a pyenv shim, resolved as pyenv does
 *     (libexec/pyenv-which, pyenv-version-name, pyenv-version-file,
 *     pyenv-version-file-read, pyenv-latest): PYENV_VERSION, else the first
 *     .python-version in the working directory and its parents, else
 *     $PYENV_ROOT/version, else "system"; each selected version in order,
 *     then "system" (PATH without the shims);
 *   - a pip script runs its shebang's interpreter;
 *   - an interpreter belongs to the venv whose bin/ holds it (pyvenv.cfg
 *     one level up), otherwise to the prefix of the file it resolves to;
 *   - on Windows the Microsoft Store's App Execution Alias stub in
 *     WindowsApps is named as such, and `py` follows the launcher's rules
 *     (an active VIRTUAL_ENV, PY_PYTHON, py.ini [defaults], the newest
 *     installed).
 * jupyter_scan() (jupyter.h) uses pyresolve_env_of() for kernel argv[0].
 * Never fails: what cannot be resolved is recorded with a NULL path.
 */
#ifndef GD_SCAN_PYRESOLVE_H
#define GD_SCAN_PYRESOLVE_H

#include "scan/scan.h"

/** Fill ctx->facts->interp.v (and .cwd); call after the environments were found. */
void pyresolve_commands(struct scan_ctx *ctx);

/**
 * The environment (from facts->pyenvs) interpreter path interp belongs to:
 * *prefix and *python (its python_version) are set from it, or left NULL
 * when no found environment holds it.  Returns 1 / 0.
 */
int pyresolve_env_of(struct scan_ctx *ctx, const char *interp, const char **prefix, const char **python);

/**
 * What `cmd` (a bare name: "python3") runs through PATH on a Linux tree,
 * following pyenv shims: *path gets the interpreter file (arena) or NULL,
 * *how how it was resolved.  Used for a kernel.json's bare argv[0].
 */
void pyresolve_which(struct scan_ctx *ctx, const char *cmd, const char **path, const char **how);

#endif
