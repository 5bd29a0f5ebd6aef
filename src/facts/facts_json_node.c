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
    jw_object_end(jw);
}
