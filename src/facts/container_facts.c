/*
 * container_facts.c - set-up and release of the toolkit and container
 * records (container_facts.h).
 */
#include "facts/container_facts.h"

#include <stdlib.h>
#include <string.h>

#include "util/banned.h"

void container_facts_init(struct ctk_facts *ctk, struct container_facts *c)
{
    memset(ctk, 0, sizeof(*ctk));
    ctk->disable_require = ctk->accept_envvar = ctk->allow_compat = -1;
    ctk->docker_runtime = ctk->docker_default = ctk->docker_cdi = -1;
    ctk->containerd_runtime = ctk->containerd_cdi = ctk->crio_runtime = -1;
    memset(c, 0, sizeof(*c));
    c->gpu_container = c->legacy_image = c->started = -1;
    c->compat_used = c->compat_gpu_ok = -1;
    c->disable_require = -1;
}

void container_facts_release(struct ctk_facts *ctk, struct container_facts *c)
{
    size_t i;
    for (i = 0; i < ctk->n_cdi; i++)
        free(ctk->cdi[i].devices);
    free(ctk->cdi);
    free(ctk->libs);
    free(c->reqs);
    free(c->inject);
    free(c->compat_libs);
    container_facts_init(ctk, c);
}
