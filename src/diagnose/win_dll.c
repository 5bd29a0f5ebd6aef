#include "diagnose/win_dll.h"

#include <stdlib.h>
#include <string.h>

#include "loader/resolve.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

/* The loader's step names ("win_dll_directory") in this module's words. */
static const char *step_word(const char *name)
{
    if (str_starts(name, "win_"))
        name += 4;
    return !strcmp(name, "dll_directory") ? "add_dll_directory" : name;
}

int win_dll_find(struct fs *fs, struct arena *arena, const struct win_dll_search *s, const char *name,
                 const char **path, const char **step)
{
    struct resolve_config cfg;
    struct resolver r;
    struct resolve_request req;
    struct resolve_result res;
    struct resolve_object from;
    struct strbuf winpath = STRBUF_INIT;
    struct gd_err err;
    size_t i;
    int found;

    *path = NULL;
    *step = NULL;
    resolve_config_default(&cfg);
    cfg.flavour = RESOLVE_WINDOWS;
    cfg.cwd = NULL;   /* an examined tree has no current directory */
    resolver_init(&r, fs, &cfg);
    memset(&req, 0, sizeof(req));
    req.name = name;
    req.win_app_dir = s->app_dir;
    if (s->mode == WIN_DLL_SEARCH_DEFAULT) {
        /* A .pyd's imports and torch's DLLs: LoadLibraryExW(...,
         * LOAD_LIBRARY_SEARCH_DEFAULT_DIRS | DLL_LOAD_DIR), with the
         * os.add_dll_directory dirs; PATH is not searched. */
        req.win_flags = RESOLVE_WIN_SEARCH_DEFAULT_DIRS;
        req.win_dll_dirs = s->dll_dirs;
        req.n_win_dll_dirs = s->n_dll_dirs;
        if (s->dll_load_dir) {
            from.path = s->importer ? s->importer : arena_printf(arena, "%s/.", s->dll_load_dir);
            from.elf = NULL;
            req.chain = &from;
            req.n_chain = 1;
            req.win_flags |= RESOLVE_WIN_SEARCH_DLL_LOAD_DIR;
        }
    } else {
        /* Plain LoadLibrary by name: the standard search with PATH. */
        for (i = 0; s->path && i < s->path->nr; i++) {
            if (winpath.len)
                strbuf_addch(&winpath, ';');
            strbuf_addstr(&winpath, s->path->v[i]);
        }
        req.win_path = s->path ? winpath.buf : NULL;
    }
    found = resolve_library(&r, &req, &res, &err) == 1;
    if (found) {
        *path = arena_strdup(arena, res.path);
        *step = step_word(resolve_step_name(res.step));
    }
    resolve_result_release(&res);
    resolver_release(&r);
    strbuf_release(&winpath);
    return found;
}
