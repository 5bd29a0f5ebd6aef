/*
 * facts_json_python.c - the "python_envs" part of --facts / --json
 * (documented in docs/json.md, "python_envs").  Key order is fixed here.
 */
#include <stdlib.h>
#include <string.h>

#include "facts/facts.h"
#include "facts/facts_json.h"
#include "util/alloc.h"
#include "util/json_writer.h"
#include "util/banned.h"

static void tri(struct jw *jw, const char *key, int v)
{
    if (v < 0)
        jw_kv_null(jw, key);
    else
        jw_kv_bool(jw, key, v);
}

/* "sm_50,sm_60,compute_90" as a JSON array (null when unknown). */
static void list_csv(struct jw *jw, const char *key, const char *csv)
{
    jw_key(jw, key);
    if (!csv) {
        jw_null(jw);
        return;
    }
    jw_array_begin(jw);
    while (*csv) {
        size_t n = strcspn(csv, ",");
        if (n)
            jw_strn(jw, csv, n);
        csv += n;
        if (*csv == ',')
            csv++;
    }
    jw_array_end(jw);
}

static void dist_obj(struct jw *jw, const struct py_dist *d, int full)
{
    jw_object_begin(jw);
    jw_kv_str(jw, "name", d->name);
    jw_kv_str(jw, "version", d->version);
    jw_kv_str(jw, "path", d->path);
    jw_kv_str(jw, "installer", d->installer);
    if (d->conda)
        jw_kv_str(jw, "build", d->build);
    if (full) {
        jw_kv_str(jw, "site_dir", d->site_dir);
        jw_kv_bool(jw, "conda", d->conda);
        jw_kv_bool(jw, "cuda_component", d->cuda_pkg);
        jw_kv_bool(jw, "duplicate", d->duplicate);
    }
    jw_object_end(jw);
}

static void framework(struct jw *jw, const struct framework_build *fw)
{
    size_t i;
    jw_object_begin(jw);
    jw_kv_str(jw, "name", fw->name);
    jw_kv_str(jw, "dist", fw->dist);
    jw_kv_str(jw, "version", fw->version);
    jw_kv_str(jw, "local", fw->local);
    jw_key(jw, "build");
    jw_object_begin(jw);
    jw_kv_str(jw, "cuda", fw->cuda);
    jw_kv_str(jw, "cudnn", fw->cudnn);
    jw_kv_str(jw, "hip", fw->hip);
    jw_kv_str(jw, "variant", fw->variant);
    list_csv(jw, "compute_capabilities", fw->compute_capabilities);
    jw_kv_str(jw, "source", fw->build_source);
    if (fw->git_version)
        jw_kv_str(jw, "git_version", fw->git_version);
    if (fw->debug >= 0)
        jw_kv_bool(jw, "debug", fw->debug);
    jw_object_end(jw);
    if (fw->backend) {
        jw_kv_str(jw, "backend", fw->backend);
        jw_kv_str(jw, "backend_source", fw->backend_source);
    }
    if (fw->wheel_tag) {
        jw_kv_str(jw, "wheel_tag", fw->wheel_tag);
        jw_kv_str(jw, "wheel_tag_source", fw->wheel_tag_source);
    }
    jw_kv_str(jw, "location", fw->location);
    jw_key(jw, "installer");
    if (fw->installer) {
        jw_object_begin(jw);
        jw_kv_str(jw, "name", fw->installer);
        jw_kv_str(jw, "package", fw->installer_package);
        jw_kv_str(jw, "package_version", fw->installer_version);
        jw_kv_str(jw, "source", fw->installer_source);
        jw_object_end(jw);
    } else {
        jw_null(jw);
    }
    jw_kv_str(jw, "extension_module", fw->extension);
    jw_key(jw, "unresolved");
    jw_array_begin(jw);
    for (i = 0; i < fw->n_unresolved; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "name", fw->unresolved[i].what);
        jw_kv_str(jw, "needed_by", fw->unresolved[i].path);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_kv_str(jw, "cuda_library", fw->cuda_library);
    list_csv(jw, "compiled_archs", fw->archs);
    jw_kv_str(jw, "compiled_archs_source", fw->archs_source);
    jw_key(jw, "bundled_libs");
    jw_array_begin(jw);
    for (i = 0; i < fw->n_bundled_libs; i++)
        jw_str(jw, fw->bundled_libs[i]);
    jw_array_end(jw);
    jw_key(jw, "requires");
    jw_array_begin(jw);
    for (i = 0; i < fw->n_deps; i++) {
        const struct py_requirement *r = &fw->deps[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "name", r->name);
        jw_kv_str(jw, "specifier", r->specifier);
        jw_kv_str(jw, "extra", r->extra);
        jw_kv_str(jw, "marker", r->marker);
        jw_kv_str(jw, "installed", r->installed);
        tri(jw, "satisfied", r->satisfied);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "components");
    jw_array_begin(jw);
    for (i = 0; i < fw->n_components; i++)
        dist_obj(jw, &fw->components[i], 1);
    jw_array_end(jw);
    jw_kv_bool(jw, "version_skew", fw->version_skew);
    jw_key(jw, "evidence");
    jw_array_begin(jw);
    for (i = 0; i < fw->n_evidence; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "what", fw->evidence[i].what);
        jw_kv_str(jw, "path", fw->evidence[i].path);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "modules");
    jw_array_begin(jw);
    for (i = 0; i < fw->n_modules; i++) {
        const struct fw_module *m = &fw->modules[i];
        size_t j;
        jw_object_begin(jw);
        jw_kv_str(jw, "path", m->path);
        jw_kv_str(jw, "format", m->format);
        jw_kv_bool(jw, "readable", m->readable);
        if (m->load_align)
            jw_kv_int(jw, "load_align", (int64_t)m->load_align);
        if (m->machine)
            jw_kv_int(jw, "machine", m->machine);
        jw_key(jw, "needed");
        jw_array_begin(jw);
        for (j = 0; j < m->n_needed; j++)
            jw_str(jw, m->needed[j]);
        jw_array_end(jw);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_object_end(jw);
}

static void duplicates(struct jw *jw, const struct python_env *e)
{
    size_t i, j;
    char *done = e->n_dists ? xcalloc(e->n_dists, 1) : NULL;
    jw_key(jw, "duplicates");
    jw_array_begin(jw);
    for (i = 0; i < e->n_dists && done; i++) {
        const struct py_dist *d = &e->dists[i];
        if (!d->duplicate || done[i])
            continue;
        jw_object_begin(jw);
        jw_kv_str(jw, "name", d->name);
        jw_kv_str(jw, "site_dir", d->site_dir);
        jw_key(jw, "versions");
        jw_array_begin(jw);
        for (j = i; j < e->n_dists; j++)
            if (e->dists[j].duplicate && !strcmp(e->dists[j].name, d->name) &&
                e->dists[j].conda == d->conda &&
                (e->dists[j].site_dir == d->site_dir ||
                 (d->site_dir && e->dists[j].site_dir && !strcmp(e->dists[j].site_dir, d->site_dir))))
                jw_str(jw, e->dists[j].version);
        jw_array_end(jw);
        jw_key(jw, "paths");
        jw_array_begin(jw);
        for (j = i; j < e->n_dists; j++)
            if (e->dists[j].duplicate && !strcmp(e->dists[j].name, d->name) &&
                e->dists[j].conda == d->conda &&
                (e->dists[j].site_dir == d->site_dir ||
                 (d->site_dir && e->dists[j].site_dir && !strcmp(e->dists[j].site_dir, d->site_dir)))) {
                jw_str(jw, e->dists[j].path);
                done[j] = 1;
            }
        jw_array_end(jw);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    free(done);
}

void facts_json_python(struct jw *jw, const struct facts *f, int full)
{
    size_t i, j;
    jw_array_begin(jw);
    for (i = 0; i < f->n_pyenvs; i++) {
        const struct python_env *e = &f->pyenvs[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "prefix", e->prefix);
        jw_kv_str(jw, "python_version", e->python_version);
        jw_kv_str(jw, "python_version_source", e->python_version_source);
        jw_kv_str(jw, "kind", e->kind);
        jw_kv_str(jw, "name", e->name);
        jw_kv_bool(jw, "active", e->active);
        jw_kv_str(jw, "found_by", e->found_by);
        jw_kv_str(jw, "interpreter", e->interpreter);
        jw_kv_str(jw, "site_packages", e->site_packages);
        jw_kv_str(jw, "externally_managed", e->externally_managed);
        jw_key(jw, "site_dirs");
        jw_array_begin(jw);
        for (j = 0; j < e->n_site_dirs; j++)
            jw_str(jw, e->site_dirs[j]);
        jw_array_end(jw);
        if (!strcmp(e->kind, "venv")) {
            jw_key(jw, "venv");
            jw_object_begin(jw);
            jw_kv_str(jw, "home", e->venv_home);
            jw_kv_str(jw, "creator", e->venv_creator);
            tri(jw, "include_system_site_packages", e->include_system_site);
            jw_object_end(jw);
        }
        jw_kv_int(jw, "n_distributions", (int64_t)e->n_dists);
        jw_key(jw, "frameworks");
        jw_array_begin(jw);
        for (j = 0; j < e->n_frameworks; j++)
            framework(jw, &e->frameworks[j]);
        jw_array_end(jw);
        jw_key(jw, "packages_cuda");
        jw_array_begin(jw);
        for (j = 0; j < e->n_dists; j++)
            if (e->dists[j].cuda_pkg)
                dist_obj(jw, &e->dists[j], 0);
        jw_array_end(jw);
        duplicates(jw, e);
        jw_key(jw, "nvidia_wheel_dirs");
        jw_array_begin(jw);
        for (j = 0; j < e->n_nvidia_dirs; j++)
            jw_str(jw, e->nvidia_dirs[j]);
        jw_array_end(jw);
        jw_key(jw, "cuda_extensions");
        jw_array_begin(jw);
        for (j = 0; j < e->n_exts; j++) {
            const struct py_extension *x = &e->exts[j];
            size_t k;
            jw_object_begin(jw);
            jw_kv_str(jw, "dist", x->dist);
            jw_kv_str(jw, "version", x->version);
            jw_kv_str(jw, "module", x->module);
            jw_kv_str(jw, "archs", x->archs);
            jw_key(jw, "cuda_needed");
            jw_array_begin(jw);
            for (k = 0; k < x->n_cuda_needed; k++)
                jw_str(jw, x->cuda_needed[k]);
            jw_array_end(jw);
            jw_kv_str(jw, "torch_pin", x->torch_pin);
            jw_kv_str(jw, "torch_version", x->torch_version);
            tri(jw, "torch_pin_ok", x->torch_pin_ok);
            jw_object_end(jw);
        }
        jw_array_end(jw);
        if (full) {
            /* Every distribution, for check --from-facts (the report lists
             * the CUDA components only). */
            jw_key(jw, "distributions");
            jw_array_begin(jw);
            for (j = 0; j < e->n_dists; j++)
                dist_obj(jw, &e->dists[j], 1);
            jw_array_end(jw);
        }
        jw_object_end(jw);
    }
    jw_array_end(jw);
}
