/*
 * module_facts.c - lifetime and lookup of the environment-module facts.
 */
#include "facts/module_facts.h"

#include <stdlib.h>
#include <string.h>

#include "kb/ver_dotted.h"
#include "util/banned.h"

void module_facts_release(struct module_facts *m)
{
    free(m->files);
    memset(m, 0, sizeof(*m));
}

const struct module_file *module_facts_find(const struct module_facts *m, const char *package,
                                            const char *version_prefix)
{
    const struct module_file *best = NULL;
    size_t i, pl = version_prefix ? strlen(version_prefix) : 0;
    for (i = 0; i < m->n_files; i++) {
        const struct module_file *f = &m->files[i];
        if (strcmp(f->package, package) || !f->version)
            continue;
        if (pl && (strncmp(f->version, version_prefix, pl) || (f->version[pl] && f->version[pl] != '.')))
            continue;
        if (!best || ver_cmp_dotted(f->version, best->version) > 0)
            best = f;
    }
    return best;
}
