#include "facts/facts_json.h"
#include "facts/facts_json_container.h"

#include <stdio.h>
#include <string.h>

#include "util/banned.h"

void facts_json_system(struct jw *jw, const struct facts *f)
{
    const struct sys_facts *s = &f->system;
    jw_object_begin(jw);
    jw_kv_str(jw, "os", s->os);
    jw_key(jw, "distro");
    if (s->distro_id || s->distro_name) {
        jw_object_begin(jw);
        jw_kv_str(jw, "id", s->distro_id);
        jw_kv_str(jw, "name", s->distro_name);
        jw_kv_str(jw, "version", s->distro_version);
        jw_kv_str(jw, "source", s->distro_source);
        jw_object_end(jw);
    } else {
        jw_null(jw);
    }
    jw_kv_str(jw, "arch", s->arch);
    jw_kv_str(jw, "arch_source", s->arch_source);
    jw_kv_str(jw, "kernel", s->kernel);
    jw_kv_str(jw, "kernel_source", s->kernel_source);
    jw_key(jw, "page_size_kib");
    if (s->page_size_kib)
        jw_int(jw, s->page_size_kib);
    else
        jw_null(jw);
    jw_kv_str(jw, "page_size_source", s->page_size_source);
    jw_kv_str(jw, "libc", s->libc);
    jw_kv_str(jw, "libc_version", s->libc_version);
    jw_kv_str(jw, "libc_source", s->libc_source);
    jw_kv_str(jw, "multiarch", s->multiarch);
    jw_key(jw, "wsl");
    if (s->wsl)
        jw_int(jw, s->wsl);
    else
        jw_bool(jw, 0);
    jw_kv_str(jw, "wsl_evidence", s->wsl_evidence);
    jw_kv_str(jw, "proc", s->proc_state);
    jw_kv_str(jw, "container", s->container);
    jw_kv_str(jw, "container_evidence", s->container_evidence);
    jw_object_end(jw);
}

static void driver_object(struct jw *jw, const struct facts *f)
{
    const struct driver_facts *d = &f->driver;
    const char *ver = facts_driver_version(f);
    size_t i;

    jw_object_begin(jw);
    jw_kv_str(jw, "version", ver);
    jw_kv_str(jw, "kernel_module_version", d->kmod_version);
    jw_kv_str(jw, "kernel_module_flavor", d->kmod_flavor);
    jw_kv_str(jw, "cuda_max", d->cuda_max);
    jw_kv_str(jw, "cuda_max_source", d->cuda_max_source);
    jw_kv_str(jw, "source", d->kmod_source ? d->kmod_source : (d->n_libs ? d->libs[0].path : d->wsl_libcuda));
    jw_key(jw, "libraries");
    jw_array_begin(jw);
    for (i = 0; i < d->n_libs; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "name", d->libs[i].name);
        jw_kv_str(jw, "version", d->libs[i].version);
        jw_kv_str(jw, "path", d->libs[i].path);
        jw_kv_str(jw, "via", d->libs[i].via);
        jw_kv_bool(jw, "loaded", d->libs[i].loaded);
        if (d->libs[i].origin)
            jw_kv_str(jw, "origin", d->libs[i].origin);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_kv_str(jw, "libcuda_resolved", d->libcuda_resolved);
    jw_kv_str(jw, "libcuda_step", d->libcuda_step);
    jw_kv_bool(jw, "nouveau_loaded", d->nouveau_loaded);
    jw_kv_str(jw, "nouveau_evidence", d->nouveau_evidence);
    jw_kv_str(jw, "kernel_module_source", d->kmod_source);
    jw_kv_str(jw, "wsl_libcuda", d->wsl_libcuda);
    jw_key(jw, "device_nodes");
    jw_array_begin(jw);
    for (i = 0; i < d->n_nodes; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "path", d->nodes[i].path);
        jw_kv_bool(jw, "exists", d->nodes[i].exists);
        jw_kv_bool(jw, "readable", d->nodes[i].readable);
        jw_kv_bool(jw, "writable", d->nodes[i].writable);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "stubs_on_loader_path");
    jw_array_begin(jw);
    for (i = 0; i < d->n_stubs; i++)
        jw_str(jw, d->stubs[i]);
    jw_array_end(jw);
    jw_object_end(jw);
}

void facts_json_driver(struct jw *jw, const struct facts *f)
{
    const struct driver_facts *d = &f->driver;
    if (!facts_driver_version(f) && !d->nouveau_loaded && !d->wsl_libcuda)
        jw_null(jw);
    else
        driver_object(jw, f);
}

void facts_json_gpus(struct jw *jw, const struct facts *f)
{
    size_t i;
    char id[16];
    jw_array_begin(jw);
    for (i = 0; i < f->n_gpus; i++) {
        const struct gpu *g = &f->gpus[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "name", g->name);
        snprintf(id, sizeof(id), "%04x:%04x", g->vendor, g->device);
        jw_kv_str(jw, "pci_id", id);
        snprintf(id, sizeof(id), "%04x:%04x", g->subsys_vendor, g->subsys_device);
        jw_kv_str(jw, "subsystem_id", id);
        jw_kv_int(jw, "pci_class", g->pci_class);
        jw_kv_str(jw, "pci_slot", g->pci_slot);
        jw_kv_str(jw, "compute_capability", g->compute_capability);
        jw_kv_str(jw, "compute_capability_source", g->cc_source);
        jw_kv_str(jw, "name_source", g->name_source);
        jw_kv_str(jw, "uuid", g->uuid);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}

void facts_json_evidence(struct jw *jw, const struct fact_evidence *ev, size_t n)
{
    size_t i;
    jw_array_begin(jw);
    for (i = 0; i < n; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "what", ev[i].what);
        jw_kv_str(jw, "path", ev[i].path);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}

void facts_json_cuda(struct jw *jw, const struct facts *f)
{
    size_t i, j;
    jw_array_begin(jw);
    for (i = 0; i < f->n_cuda; i++) {
        const struct cuda_install *c = &f->cuda[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "version", c->version);
        jw_kv_str(jw, "path", c->path);
        jw_kv_str(jw, "source", c->version_source);
        jw_kv_str(jw, "provenance", c->provenance);
        jw_kv_str(jw, "libdir", c->libdir);
        jw_kv_str(jw, "cudart_soname", c->cudart_soname);
        jw_key(jw, "aliases");
        jw_array_begin(jw);
        for (j = 0; j < c->n_aliases; j++)
            jw_str(jw, c->aliases[j]);
        jw_array_end(jw);
        jw_key(jw, "evidence");
        facts_json_evidence(jw, c->evidence, c->n_evidence);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}

void facts_json_cudnn(struct jw *jw, const struct facts *f)
{
    size_t i;
    jw_array_begin(jw);
    for (i = 0; i < f->n_cudnn; i++) {
        const struct cudnn_install *c = &f->cudnn[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "version", c->version);
        jw_kv_str(jw, "path", c->path);
        jw_kv_str(jw, "source", c->version_source);
        jw_kv_str(jw, "provenance", c->provenance);
        jw_kv_str(jw, "libdir", c->libdir);
        jw_kv_str(jw, "cuda_major", c->cuda_major);
        jw_key(jw, "evidence");
        facts_json_evidence(jw, c->evidence, c->n_evidence);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}

static void strlist_json(struct jw *jw, const struct strlist *l)
{
    size_t i;
    jw_array_begin(jw);
    for (i = 0; i < l->nr; i++)
        jw_str(jw, l->v[i]);
    jw_array_end(jw);
}

void facts_json_ldenv(struct jw *jw, const struct facts *f)
{
    jw_object_begin(jw);
    jw_key(jw, "ld_library_path");
    strlist_json(jw, &f->ldenv.ld_library_path);
    jw_key(jw, "path");
    strlist_json(jw, &f->ldenv.path);
    jw_key(jw, "ld_so_conf_dirs");
    strlist_json(jw, &f->ldenv.ldconf_dirs);
    jw_kv_str(jw, "ld_so_conf_source", f->ldenv.ldconf_source);
    jw_object_end(jw);
}

/* dpkg's GPU-related packages: {"dpkg": {"source", "packages": [...]}}, or null. */
void facts_json_dpkg(struct jw *jw, const struct facts *f)
{
    size_t i;
    if (!f->dpkg.status_source) {
        jw_null(jw);
        return;
    }
    jw_object_begin(jw);
    jw_key(jw, "dpkg");
    jw_object_begin(jw);
    jw_kv_str(jw, "source", f->dpkg.status_source);
    jw_key(jw, "packages");
    jw_array_begin(jw);
    for (i = 0; i < f->dpkg.n_pkgs; i++) {
        const struct dpkg_pkg *p = &f->dpkg.pkgs[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "name", p->name);
        jw_kv_str(jw, "version", p->version);
        jw_kv_str(jw, "architecture", p->arch);
        jw_kv_str(jw, "want", p->want);
        jw_kv_str(jw, "flag", p->flag);
        jw_kv_str(jw, "state", p->state);
        if (p->n_dangling) {
            size_t k;
            jw_key(jw, "dangling_libraries");
            jw_array_begin(jw);
            for (k = 0; k < p->n_dangling; k++)
                jw_str(jw, p->dangling[k]);
            jw_array_end(jw);
        }
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_object_end(jw);
    jw_object_end(jw);
}

void facts_json_warnings(struct jw *jw, const struct facts *f)
{
    size_t i;
    jw_array_begin(jw);
    for (i = 0; i < f->n_warnings; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "path", f->warnings[i].path);
        jw_kv_str(jw, "reason", f->warnings[i].reason);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}

void facts_json_write(struct jw *jw, const struct facts *f, const char *gd_version)
{
    size_t i;
    jw_object_begin(jw);
    jw_kv_str(jw, "schema", FACTS_SCHEMA);
    jw_kv_str(jw, "gpudoctor_version", gd_version);
    jw_key(jw, "host");
    jw_object_begin(jw);
    jw_kv_str(jw, "hostname", f->system.hostname);
    jw_kv_str(jw, "machine_id", f->system.machine_id);
    jw_object_end(jw);
    jw_key(jw, "system");
    facts_json_system(jw, f);
    /* Always an object here, so that every observation round-trips
     * (check --from-facts); the report writes null for "no driver". */
    jw_key(jw, "driver");
    driver_object(jw, f);
    jw_kv_bool(jw, "pci_readable", f->pci_readable);
    jw_key(jw, "gpus");
    facts_json_gpus(jw, f);
    jw_key(jw, "cuda_toolkits");
    facts_json_cuda(jw, f);
    jw_key(jw, "cudnn");
    facts_json_cudnn(jw, f);
    jw_key(jw, "loader");
    facts_json_ldenv(jw, f);
    jw_key(jw, "environment");
    jw_object_begin(jw);
    for (i = 0; i < f->n_env; i++)
        jw_kv_str(jw, f->env[i].name, f->env[i].value);
    jw_object_end(jw);
    jw_key(jw, "python_envs");
    facts_json_python(jw, f, 1);
    facts_json_interp(jw, &f->interp);
    jw_key(jw, "modules");
    facts_json_modules(jw, &f->modules);
    jw_key(jw, "packages");
    facts_json_dpkg(jw, f);
    jw_key(jw, "macos");
    facts_json_macos(jw, f);
    jw_key(jw, "warnings");
    facts_json_warnings(jw, f);
    jw_key(jw, "library_dirs");
    jw_array_begin(jw);
    for (i = 0; i < f->n_libdirs; i++) {
        const struct lib_dir *ld = &f->libdirs[i];
        size_t j;
        jw_object_begin(jw);
        jw_kv_str(jw, "dir", ld->dir);
        jw_kv_str(jw, "real", ld->real);
        jw_key(jw, "names");
        jw_array_begin(jw);
        for (j = 0; j < ld->n_names; j++)
            jw_str(jw, ld->names[j]);
        jw_array_end(jw);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "loader_answers");
    jw_array_begin(jw);
    for (i = 0; i < f->n_answers; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "query", f->answers[i].query);
        jw_kv_str(jw, "path", f->answers[i].path);
        jw_kv_str(jw, "step", f->answers[i].step);
        jw_kv_str(jw, "stale", f->answers[i].stale);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "tegra");
    facts_json_tegra(jw, f);
    jw_key(jw, "container_toolkit");
    facts_json_ctk(jw, f);
    jw_key(jw, "container");
    facts_json_container(jw, f);
    jw_object_end(jw);
}
