/*
 * ps_facts.c - the one lookup over a process's facts (ps_facts.h).
 */
#include "facts/ps_facts.h"

#include <string.h>

#include "util/banned.h"

const char *ps_proc_env(const struct ps_proc *p, const char *name)
{
    size_t i;
    for (i = 0; i < p->n_env; i++)
        if (!strcmp(p->env[i].name, name))
            return p->env[i].value;
    return NULL;
}
