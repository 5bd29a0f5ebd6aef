/*
 * codes_windows.c - finding codes GD6xx: native Windows: DLL search and Windows installs.
 * Registry rows only; the rules live with their area (rules_windows.c).
 * Codes are never reused; document each in docs/findings.md.  Append
 * new rows, never reorder.
 */
#include "diagnose/finding.h"

#include <stddef.h>

#include "util/banned.h"

const struct finding_code finding_codes_windows[] = {
    { "GD601", "library_path_not_set", "Windows: the CUDA DLLs are installed but their folder is not on PATH "
      "(nor added with os.add_dll_directory)" },
    { "GD602", "toolkit_version_mismatch", "Windows: the DLL a framework needs is only in another CUDA "
      "version's folder, which PATH and CUDA_PATH do not point to" },
    { "GD603", "toolkit_version_mismatch", "Windows: the DLL a framework needs is not installed; only another "
      "CUDA version's DLL of that library is (a renamed copy is not a fix)" },
    { "GD604", "no_driver", "Windows: no NVIDIA driver (System32\\nvcuda.dll is absent)" },
    { "GD605", "driver_too_old", "Windows: the driver is older than the installed CUDA toolkit needs, "
      "by Windows' own minimum driver numbers" },
    { "GD606", "broken_install", "Windows: a CUDA DLL is loaded from System32, where someone copied it" },
    { NULL, NULL, NULL }
};
