/*
 * rules_cuda.c - several CUDA installs and what points where.
 *
 * /usr/local/cuda, the nvcc first on PATH, CUDA_HOME (and CUDA_PATH,
 * CUDA_ROOT) and the first LD_LIBRARY_PATH directory holding libcudart are
 * the four pointers that build systems and frameworks follow.  When they
 * name different toolkits, a build and its run use different CUDA versions.
 */
#include "diagnose/diagnose.h"
#include "diagnose/fixes_intent.h"

#include <string.h>

#include "util/text.h"
#include "util/banned.h"

struct pointer {
    const char *what;               /* "/usr/local/cuda" */
    const struct cuda_install *to;
};

/* The install whose path or one of its aliases is dir (or contains it). */
static const struct cuda_install *install_for(const struct facts *f, const char *dir)
{
    size_t i, j;
    for (i = 0; i < f->n_cuda; i++) {
        const struct cuda_install *ci = &f->cuda[i];
        size_t pl = strlen(ci->path);
        if (!strcmp(ci->provenance, "distro") || !strcmp(ci->provenance, "pip"))
            continue;
        if (!strncmp(dir, ci->path, pl) && (dir[pl] == '\0' || dir[pl] == '/'))
            return ci;
        for (j = 0; j < ci->n_aliases; j++) {
            size_t al = strlen(ci->aliases[j]);
            if (!strncmp(dir, ci->aliases[j], al) && (dir[al] == '\0' || dir[al] == '/'))
                return ci;
        }
        if (ci->libdir && !strcmp(dir, ci->libdir))
            return ci;
    }
    return NULL;
}

void rules_cuda(const struct facts *f, struct findings *out)
{
    struct pointer ptrs[8];
    size_t np = 0, i, j;
    const char *v;
    static const char *const vars[] = { "CUDA_HOME", "CUDA_PATH", "CUDA_ROOT", NULL };
    const char *const *var;
    struct finding *fd;
    int differ = 0;

    for (i = 0; i < f->n_cuda && np < 8; i++)
        for (j = 0; j < f->cuda[i].n_aliases; j++)
            if (!strcmp(f->cuda[i].aliases[j], "/usr/local/cuda"))
                ptrs[np++] = (struct pointer){ "/usr/local/cuda", &f->cuda[i] };
    /* nvcc on PATH: the first PATH entry that is some toolkit's bin. */
    for (i = 0; i < f->ldenv.path.nr && np < 8; i++) {
        const char *d = f->ldenv.path.v[i];
        const struct cuda_install *ci;
        if (!str_ends(d, "/bin") && !str_ends(d, "/bin/"))
            continue;
        ci = install_for(f, d);
        if (ci) {
            ptrs[np++] = (struct pointer){ "nvcc on PATH", ci };
            break;
        }
    }
    for (var = vars; *var && np < 8; var++) {
        v = facts_env(f, *var);
        if (v && *v) {
            const struct cuda_install *ci = install_for(f, v);
            if (ci)
                ptrs[np++] = (struct pointer){ *var, ci };
        }
    }
    for (i = 0; i < f->ldenv.ld_library_path.nr && np < 8; i++) {
        const struct cuda_install *ci = install_for(f, f->ldenv.ld_library_path.v[i]);
        if (ci && ci->libdir) {
            ptrs[np++] = (struct pointer){ "LD_LIBRARY_PATH", ci };
            break;
        }
    }
    for (i = 1; i < np; i++)
        if (ptrs[i].to != ptrs[0].to)
            differ = 1;
    if (!differ)
        return;
    fd = findings_add(out, "GD109", SEV_WARNING,
                      "several CUDA toolkits are installed and /usr/local/cuda, PATH, CUDA_HOME and "
                      "LD_LIBRARY_PATH do not agree on one");
    for (i = 0; i < np; i++)
        finding_evidence(out, fd, ptrs[i].to->path, "%s -> CUDA %s at %s", ptrs[i].what,
                         ptrs[i].to->version ? ptrs[i].to->version : "(version unknown)", ptrs[i].to->path);
    {
        /* Suggest the toolkit /usr/local/cuda names, else the first. */
        const struct cuda_install *pick = ptrs[0].to;
        const char *lib = pick->libdir ? pick->libdir : pick->path;
        fixes_toolkit_env(NULL, out, fd, "Point everything at one toolkit (here the one /usr/local/cuda or the first "
                          "pointer names); put these lines in your shell's startup file to keep them",
                          pick->path, lib);
    }
}
