/*
 * win_dll.h - which DLL a framework on the examined Windows machine would
 * load: the one call the framework rules make on Windows.
 *
 * The caller describes how the framework loads (the standard LoadLibrary
 * order that TensorFlow's LoadLibraryExW(bare name,
 * LOAD_WITH_ALTERED_SEARCH_PATH) gets, or the LOAD_LIBRARY_SEARCH_DEFAULT_DIRS
 * | DLL_LOAD_DIR order of a .pyd's imports and of torch's DLL loads, with
 * its os.add_dll_directory dirs) and gets the file and the step that found
 * it.  The search itself is the loader model's RESOLVE_WINDOWS rule set
 * (src/loader/resolve_win.c, checked against Wine's LoadLibraryExW): this
 * module only translates a framework's way of loading into a request.
 * Names and directories are matched ignoring case; a PE image for another
 * machine (a 32-bit copy) is skipped (docs/windows.md, the decoy decision).
 */
#ifndef GD_DIAGNOSE_WIN_DLL_H
#define GD_DIAGNOSE_WIN_DLL_H

#include <stddef.h>

#include "facts/facts.h"
#include "util/arena.h"
#include "util/fs.h"

enum win_dll_mode {
    WIN_DLL_STANDARD = 0,    /* app dir, System32, System, Windows, PATH */
    WIN_DLL_SEARCH_DEFAULT   /* DLL load dir, app dir, add_dll_directory dirs, System32 */
};

struct win_dll_search {
    enum win_dll_mode mode;
    const char *app_dir;           /* python.exe's directory (virtual), or NULL */
    const char *dll_load_dir;      /* SEARCH_DEFAULT: the importing DLL's directory, or NULL */
    const char *importer;          /* the importing DLL itself (in dll_load_dir), or NULL */
    const char *const *dll_dirs;   /* SEARCH_DEFAULT: os.add_dll_directory dirs (virtual) */
    size_t n_dll_dirs;
    const struct strlist *path;    /* STANDARD: PATH entries (virtual; others skipped) */
};

/**
 * Search name as s describes.  1 found (*path, *step into arena: step is
 * "app_dir", "dll_load_dir", "add_dll_directory", "system32", "system",
 * "windows", "path"), 0 not found.
 */
int win_dll_find(struct fs *fs, struct arena *arena, const struct win_dll_search *s, const char *name,
                 const char **path, const char **step);

#endif
