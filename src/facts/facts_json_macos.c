/*
 * facts_json_macos.c - the "macos" member of --facts (docs/json.md):
 * null unless the examined machine is macOS (check --os macos), else
 * {version, build, product, version_source, cpu, cpu_evidence, cpu_source,
 * rosetta, rosetta_source, binaries: [{path, real, role, env, archs, minos,
 * dylibs}]}.  Read back by facts_read.c (read_macos).  Key order fixed here.
 */
#include "facts/facts_json.h"

#include <string.h>

#include "util/banned.h"

void facts_json_macos(struct jw *jw, const struct facts *f)
{
    const struct macos_facts *m = &f->macos;
    size_t i, k;
    if (!f->system.os || strcmp(f->system.os, "macos")) {
        jw_null(jw);
        return;
    }
    jw_object_begin(jw);
    jw_kv_str(jw, "version", m->version);
    jw_kv_str(jw, "build", m->build);
    jw_kv_str(jw, "product", m->product);
    jw_kv_str(jw, "version_source", m->version_source);
    jw_kv_str(jw, "cpu", m->cpu);
    jw_kv_str(jw, "cpu_evidence", m->cpu_evidence);
    jw_kv_str(jw, "cpu_source", m->cpu_source);
    jw_key(jw, "rosetta");
    if (m->rosetta < 0)
        jw_null(jw);
    else
        jw_bool(jw, m->rosetta);
    jw_kv_str(jw, "rosetta_source", m->rosetta_source);
    jw_key(jw, "binaries");
    jw_array_begin(jw);
    for (i = 0; i < m->n_bins; i++) {
        const struct mac_binary *b = &m->bins[i];
        jw_object_begin(jw);
        jw_kv_str(jw, "path", b->path);
        jw_kv_str(jw, "real", b->real);
        jw_kv_str(jw, "role", b->role);
        jw_kv_str(jw, "env", b->env);
        jw_kv_str(jw, "archs", b->archs);
        jw_kv_str(jw, "minos", b->minos);
        jw_key(jw, "dylibs");
        jw_array_begin(jw);
        for (k = 0; k < b->n_dylibs; k++)
            jw_str(jw, b->dylibs[k]);
        jw_array_end(jw);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    jw_object_end(jw);
}
