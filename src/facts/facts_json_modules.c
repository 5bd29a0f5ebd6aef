/*
 * facts_json_modules.c - the "modules" object of --facts and --json
 * (docs/json.md).  Key order is fixed here.
 */
#include "facts/module_facts.h"
#include "util/json_writer.h"
#include "util/banned.h"

void facts_json_modules(struct jw *jw, const struct module_facts *m)
{
    size_t i;
    jw_object_begin(jw);
    jw_kv_str(jw, "modulepath", m->modulepath);
    jw_kv_str(jw, "modulepath_source", m->modulepath_source);
    jw_key(jw, "files");
    jw_array_begin(jw);
    for (i = 0; i < m->n_files; i++) {
        const struct module_file *f = &m->files[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "package", f->package);
        jw_kv_str(jw, "name", f->name);
        jw_kv_str(jw, "version", f->version);
        jw_kv_str(jw, "version_source", f->version_source);
        jw_kv_str(jw, "path", f->path);
        jw_kv_str(jw, "syntax", f->syntax);
        jw_kv_str(jw, "prefix", f->prefix);
        jw_kv_str(jw, "libdir", f->libdir);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_object_end(jw);
}
