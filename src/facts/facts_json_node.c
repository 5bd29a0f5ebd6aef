/*
 * facts_json_node.c - the "node" member of --facts and --json (device
 * access, the kernel module chain, scheduler and container;
 * facts/node_facts.h).  Key order is fixed here; facts_read.c reads it
 * back (read_node).
 */
#include "facts/facts_json.h"
#include "util/banned.h"

static void kv_long(struct jw *jw, const char *k, long v)
{
    jw_key(jw, k);
    if (v >= 0)
        jw_int(jw, v);
    else
        jw_null(jw);
}

static void str_array(struct jw *jw, const char *k, const char *const *v, size_t n)
{
    size_t i;
    jw_key(jw, k);
    jw_array_begin(jw);
    for (i = 0; i < n; i++)
        jw_str(jw, v[i]);
    jw_array_end(jw);
}

static void kv_tri(struct jw *jw, const char *k, int v)
{
    jw_key(jw, k);
    if (v < 0)
        jw_null(jw);
    else
        jw_bool(jw, v);
}

static void kmods_object(struct jw *jw, const struct node_kmods *k)
{
    size_t i;
    jw_object_begin(jw);
    jw_kv_bool(jw, "scanned", k->scanned);
    jw_kv_str(jw, "running", k->running);
    jw_kv_str(jw, "running_source", k->running_source);
    str_array(jw, "kernels", k->kernels, k->n_kernels);
    kv_tri(jw, "running_dir", k->running_dir);
    kv_tri(jw, "running_headers", k->running_headers);
    jw_kv_str(jw, "newest", k->newest);
    kv_tri(jw, "newest_headers", k->newest_headers);
    jw_kv_bool(jw, "modules_dep_read", k->dep_read);
    jw_key(jw, "files");
    jw_array_begin(jw);
    for (i = 0; i < k->n_files; i++) {
        const struct kmod_file *m = &k->files[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "path", m->path);
        jw_kv_str(jw, "kernel", m->kernel);
        jw_kv_str(jw, "stem", m->stem);
        jw_kv_str(jw, "compression", m->compression);
        jw_kv_str(jw, "name", m->name);
        jw_kv_str(jw, "version", m->version);
        jw_kv_str(jw, "vermagic", m->vermagic);
        jw_kv_str(jw, "license", m->license);
        kv_tri(jw, "signed", m->is_signed);
        kv_tri(jw, "in_modules_dep", m->in_dep);
        jw_kv_str(jw, "error", m->error);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "dkms");
    jw_array_begin(jw);
    for (i = 0; i < k->n_dkms; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "module", k->dkms[i].module);
        jw_kv_str(jw, "version", k->dkms[i].version);
        kv_tri(jw, "source_ok", k->dkms[i].source_ok);
        jw_kv_str(jw, "failed_log", k->dkms[i].failed_log);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "dkms_builds");
    jw_array_begin(jw);
    for (i = 0; i < k->n_builds; i++) {
        jw_object_begin(jw);
        jw_kv_str(jw, "module", k->builds[i].module);
        jw_kv_str(jw, "version", k->builds[i].version);
        jw_kv_str(jw, "kernel", k->builds[i].kernel);
        jw_kv_str(jw, "arch", k->builds[i].arch);
        jw_kv_bool(jw, "built", k->builds[i].built);
        jw_kv_bool(jw, "installed", k->builds[i].installed);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    kv_tri(jw, "secure_boot", k->secure_boot);
    jw_kv_str(jw, "secure_boot_source", k->secure_boot_source);
    jw_kv_bool(jw, "nouveau_blacklist_read", k->nouveau_blacklist_read);
    jw_kv_str(jw, "nouveau_blacklist", k->nouveau_blacklist);
    jw_object_end(jw);
}

void facts_json_node(struct jw *jw, const struct facts *f)
{
    const struct node_facts *n = &f->node;
    jw_object_begin(jw);
    jw_key(jw, "user");
    jw_object_begin(jw);
    jw_kv_str(jw, "name", n->user.name);
    jw_kv_str(jw, "name_source", n->user.name_source);
    kv_long(jw, "uid", n->user.uid);
    kv_long(jw, "gid", n->user.gid);
    jw_kv_bool(jw, "groups_known", n->user.groups_known);
    str_array(jw, "groups", n->user.groups, n->user.n_groups);
    jw_object_end(jw);
    jw_key(jw, "cgroup");
    jw_object_begin(jw);
    jw_kv_str(jw, "version", n->cgroup.version);
    jw_kv_str(jw, "path", n->cgroup.path);
    jw_kv_str(jw, "devices_list", n->cgroup.list_source);
    str_array(jw, "allow", n->cgroup.allow, n->cgroup.n_allow);
    jw_kv_str(jw, "note", n->cgroup.note);
    jw_object_end(jw);
    kv_long(jw, "uvm_major", n->uvm_major);
    kv_long(jw, "device_file_mode", n->file_mode);
    kv_long(jw, "device_file_gid", n->file_gid);
    jw_key(jw, "kernel_modules");
    kmods_object(jw, &n->kmods);
    jw_key(jw, "container_runtime");
    jw_object_begin(jw);
    jw_kv_bool(jw, "read", n->runtime.read);
    jw_kv_str(jw, "engine", n->runtime.engine);
    jw_kv_str(jw, "toolkit", n->runtime.toolkit);
    jw_kv_str(jw, "docker_config", n->runtime.docker_config);
    kv_tri(jw, "docker_nvidia_runtime", n->runtime.docker_nvidia);
    jw_kv_str(jw, "cdi_spec", n->runtime.cdi_spec);
    jw_kv_str(jw, "cdi_driver", n->runtime.cdi_driver);
    jw_object_end(jw);
    jw_object_end(jw);
}
