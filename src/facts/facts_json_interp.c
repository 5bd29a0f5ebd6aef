/*
 * facts_json_interp.c - the "python_cwd", "interpreters" and
 * "jupyter_kernels" members of --facts and --json (docs/json.md).  Key
 * order is fixed here.
 */
#include "facts/facts.h"
#include "util/json_writer.h"
#include "util/banned.h"

void facts_json_interp(struct jw *jw, const struct interp_facts *in)
{
    size_t i;
    jw_kv_str(jw, "python_cwd", in->cwd);
    jw_key(jw, "interpreters");
    jw_array_begin(jw);
    for (i = 0; i < in->nr; i++) {
        const struct py_interpreter *it = &in->v[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "command", it->command);
        jw_kv_str(jw, "path", it->path);
        jw_kv_str(jw, "env", it->env);
        jw_kv_str(jw, "env_python", it->env_python);
        jw_kv_str(jw, "resolved_by", it->resolved_by);
        jw_kv_str(jw, "found", it->found);
        jw_kv_str(jw, "target", it->target);
        jw_kv_str(jw, "pyenv_version", it->pyenv_version);
        jw_kv_str(jw, "note", it->note);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_key(jw, "jupyter_kernels");
    jw_array_begin(jw);
    for (i = 0; i < in->n_kernels; i++) {
        const struct jupyter_kernel *k = &in->kernels[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "name", k->name);
        jw_kv_str(jw, "argv0", k->argv0);
        jw_kv_str(jw, "env", k->env);
        jw_kv_str(jw, "env_python", k->env_python);
        jw_kv_str(jw, "interpreter", k->interpreter);
        jw_kv_str(jw, "resolved_by", k->resolved_by);
        jw_kv_str(jw, "spec", k->spec);
        jw_kv_str(jw, "display_name", k->display_name);
        jw_kv_str(jw, "language", k->language);
        jw_object_end(jw);
    }
    jw_array_end(jw);
}
