#include "diagnose/win_dll.h"

#include <string.h>

#include "loader/pe.h"
#include "util/winpath.h"
#include "util/banned.h"

/* dir/name if it is a loadable x64 PE file. */
static int try_dir(struct fs *fs, struct arena *a, const char *dir, const char *name, const char **path)
{
    struct strbuf real = STRBUF_INIT, file = STRBUF_INIT;
    struct pe_info pe;
    struct arena tmp;
    int ok = 0;

    if (!dir || dir[0] != '/' || winpath_resolve_ci(fs, dir, &real, NULL) != 1)
        goto out;
    if (winpath_child_ci(fs, real.buf, name, &file, NULL) != 1)
        goto out;
    arena_init(&tmp);
    /* A 32-bit copy is skipped, as Wine's loader does; the search goes on. */
    if (pe_read(fs, file.buf, &tmp, &pe, NULL) == 1 && pe.machine == PE_MACHINE_AMD64) {
        *path = arena_strdup(a, file.buf);
        ok = 1;
    }
    arena_release(&tmp);
out:
    strbuf_release(&real);
    strbuf_release(&file);
    return ok;
}

int win_dll_find(struct fs *fs, struct arena *arena, const struct win_dll_search *s, const char *name,
                 const char **path, const char **step)
{
    size_t i;

    *path = NULL;
    *step = NULL;
    if (s->mode == WIN_DLL_SEARCH_DEFAULT) {
        if (try_dir(fs, arena, s->dll_load_dir, name, path))
            return *step = "dll_load_dir", 1;
        if (try_dir(fs, arena, s->app_dir, name, path))
            return *step = "app_dir", 1;
        /* AddDllDirectory's order is unspecified; newest first is what
         * Windows 10 does and what the loader model assumes. */
        for (i = s->n_dll_dirs; i-- > 0;)
            if (try_dir(fs, arena, s->dll_dirs[i], name, path))
                return *step = "add_dll_directory", 1;
        if (try_dir(fs, arena, "/Windows/System32", name, path))
            return *step = "system32", 1;
        return 0;
    }
    if (try_dir(fs, arena, s->app_dir, name, path))
        return *step = "app_dir", 1;
    if (try_dir(fs, arena, "/Windows/System32", name, path))
        return *step = "system32", 1;
    if (try_dir(fs, arena, "/Windows/System", name, path))
        return *step = "system", 1;
    if (try_dir(fs, arena, "/Windows", name, path))
        return *step = "windows", 1;
    for (i = 0; s->path && i < s->path->nr; i++)
        if (try_dir(fs, arena, s->path->v[i], name, path))
            return *step = "path", 1;
    return 0;
}
