/*
 * jupyter.h - Jupyter kernel specs and the environment each kernel runs in
 * (facts->interp.kernels).
 *
 * Where (jupyter_core's data path, then every environment found): each
 * JUPYTER_PATH entry, the user data directory (JUPYTER_DATA_DIR, else
 * ~/.local/share/jupyter; ~/Library/Jupyter on macOS; %APPDATA%\jupyter on
 * Windows), <prefix>/share/jupyter of every Python environment found
 * (<prefix>\share\jupyter on Windows), /usr/local/share/jupyter and
 * /usr/share/jupyter (%PROGRAMDATA%\jupyter).  Each kernels/<name>/kernel.json
 * (at most 64 KiB) is parsed by pyinterp_kernelspec(); its argv[0] is
 * resolved: an absolute path is that interpreter; a bare "python",
 * "python3" or "pythonX.Y" is replaced by jupyter_client with the Python
 * that runs Jupyter itself (KernelManager.format_kernel_cmd), which for a
 * spec inside an environment's share/ is that environment's, and otherwise
 * is taken to be what that command runs on PATH.  Non-Python kernels are
 * recorded without an environment.  Never fails.
 */
#ifndef GD_SCAN_JUPYTER_H
#define GD_SCAN_JUPYTER_H

#include "scan/scan.h"

#define JUPYTER_KERNEL_JSON_LIMIT (64u << 10)

/** Fill ctx->facts->interp.kernels; after pyresolve_commands(). */
void jupyter_scan(struct scan_ctx *ctx);

#endif
