/*
 * image.c - check --image in the report (image.h).
 */
#include "report/image.h"

#include <string.h>

#include "facts/facts_json_container.h"
#include "report/md.h"
#include "util/text.h"
#include "util/banned.h"

const char *report_container_origin(const struct facts *f, const char *path)
{
    const struct container_facts *c = &f->container;
    size_t i;
    if (!path)
        return NULL;
    for (i = 0; i < c->n_inject; i++)
        if (!strcmp(c->inject[i].target, path))
            return "host";
    for (i = 0; i < f->driver.n_libs; i++)
        if (f->driver.libs[i].origin && !strcmp(f->driver.libs[i].path, path))
            return !strcmp(f->driver.libs[i].origin, "host") ? "host" : "image";
    return "image";
}

void report_json_container(struct jw *jw, const struct facts *f, const struct diagnosis *dx)
{
    size_t i, j;
    if (!f->container.present)
        return;
    jw_key(jw, "container");
    facts_json_container(jw, f);
    jw_key(jw, "container_toolkit");
    facts_json_ctk(jw, f);
    jw_key(jw, "libraries");
    jw_array_begin(jw);
    if (f->driver.libcuda_resolved) {
        jw_object_begin(jw);
        jw_kv_str(jw, "subject", NULL);
        jw_kv_str(jw, "role", "driver");
        jw_kv_str(jw, "library", "libcuda.so.1");
        jw_kv_str(jw, "path", f->driver.libcuda_resolved);
        jw_kv_str(jw, "origin", report_container_origin(f, f->driver.libcuda_resolved));
        jw_object_end(jw);
    }
    for (i = 0; i < dx->n_verdicts; i++) {
        const struct verdict *v = &dx->verdicts[i];
        for (j = 0; j < v->n_needs; j++) {
            const struct need *n = &v->needs[j];
            jw_object_begin(jw);
            jw_kv_str(jw, "subject", v->subject);
            jw_kv_str(jw, "role", n->role);
            jw_kv_str(jw, "library", n->library);
            jw_kv_str(jw, "path", n->resolved_path);
            jw_kv_str(jw, "origin", report_container_origin(f, n->resolved_path));
            jw_object_end(jw);
        }
    }
    jw_array_end(jw);
}

static void label(struct out *o, const char *l)
{
    out_printf(o, "  %-14s", l);
}

static const char *tri_word(int v, const char *yes, const char *no)
{
    return v == 1 ? yes : v == 0 ? no : "unknown";
}

void report_text_container(struct out *o, const struct facts *f, const struct diagnosis *dx)
{
    const struct container_facts *c = &f->container;
    const struct ctk_facts *k = &f->ctk;
    size_t i, j;

    if (!c->present)
        return;
    out_raw(o, "\n");
    out_styled(o, STYLE_BOLD, "%s", "Image");
    out_raw(o, "\n");
    label(o, "Image");
    out_printf(o, "%s (%s%s%s), %s, %u layer%s\n", c->ref, c->format ? c->format : "?", c->name ? ", " : "",
               c->name ? c->name : "", c->platform ? c->platform : "?", c->n_layers, c->n_layers == 1 ? "" : "s");
    label(o, "Digest");
    out_printf(o, "%s%s%s\n", c->manifest_digest ? c->manifest_digest : "(no manifest: docker save)",
               c->config_digest ? ", config " : "", c->config_digest ? c->config_digest : "");
    label(o, "Runs");
    if (c->n_entrypoint) {
        for (i = 0; i < c->n_entrypoint; i++)
            out_printf(o, "%s%s", i ? " " : "", c->entrypoint[i]);
    } else {
        out_raw(o, "(no Entrypoint or Cmd)");
    }
    if (c->workdir)
        out_printf(o, " in %s", c->workdir);
    out_raw(o, "\n");
    label(o, "Python");
    if (c->entry_python)
        out_printf(o, "%s%s%s\n", c->entry_python, c->entry_env ? ", environment " : ", in no environment found",
                   c->entry_env ? c->entry_env : "");
    else
        out_printf(o, "%s\n", c->entry_note ? c->entry_note : "unknown");
    if (c->base_image) {
        label(o, "Base");
        out_printf(o, "%s\n", c->base_image);
    }

    out_raw(o, "\n");
    out_styled(o, STYLE_BOLD, "%s", "Host");
    out_raw(o, "\n");
    label(o, "Host");
    out_printf(o, "%s%s%s%s\n", c->host ? c->host : "?", c->host_name ? " (" : "", c->host_name ? c->host_name : "",
               c->host_name ? ")" : "");
    label(o, "Toolkit");
    if (!k->scanned)
        out_raw(o, "not in the host's facts\n");
    else if (!k->hook && !k->cli && !k->n_cdi)
        out_raw(o, "none (no nvidia-container-runtime-hook, no CDI spec)\n");
    else
        out_printf(o, "%s%s%s%s%s%s\n", k->version ? "nvidia-container-toolkit " : "", k->version ? k->version : "",
                   k->hook ? (k->version ? ", hook " : "hook ") : "", k->hook ? k->hook : "",
                   k->config ? ", " : "", k->config ? k->config : "");
    if (k->n_cdi) {
        label(o, "CDI");
        for (i = 0; i < k->n_cdi; i++)
            out_printf(o, "%s%s (%s)", i ? ", " : "", k->cdi[i].path,
                       k->cdi[i].problem ? k->cdi[i].problem : k->cdi[i].kind ? k->cdi[i].kind : "no kind");
        out_raw(o, "\n");
    }

    out_raw(o, "\n");
    out_styled(o, STYLE_BOLD, "%s", "Start (docker run --gpus all, modelled)");
    out_raw(o, "\n");
    label(o, "Runtime");
    out_printf(o, "%s\n", !c->runtime_path ? (k->scanned ? "none: nothing on the host injects a GPU" : "unknown")
                          : !strcmp(c->runtime_path, "legacy") ? "nvidia-container-runtime-hook (nvidia-container-cli)"
                                                               : "CDI (nvidia.com/gpu)");
    label(o, "Devices");
    out_printf(o, "%s (%s)\n", c->gpu_container == 1 ? c->visible_devices : "none: not a GPU container",
               c->visible_source ? c->visible_source : "");
    label(o, "Capabilities");
    out_printf(o, "%s (%s)\n", c->capabilities && *c->capabilities ? c->capabilities : "none",
               c->caps_source ? c->caps_source : "");
    for (i = 0; i < c->n_reqs; i++) {
        const struct ctk_requirement *r = &c->reqs[i];
        label(o, i ? "" : "Requires");
        out_printf(o, "%s=%s: %s", r->var, r->expr,
                   r->result == 1 ? "satisfied" : r->result == 0 ? "refused"
                   : !c->runtime_path || c->refused ? "not evaluated" : "cannot tell");
        if (r->failed)
            out_printf(o, " (%s fails)", r->failed);
        else if (r->unknown)
            out_printf(o, " (%s unknown)", r->unknown);
        out_raw(o, "\n");
    }
    if (c->disable_require == 1) {
        label(o, "Requires");
        out_raw(o, "not checked (NVIDIA_DISABLE_REQUIRE or disable-require)\n");
    }
    label(o, "Result");
    if (c->refused)
        out_printf(o, "the start fails: %s\n", c->refused);
    else
        out_printf(o, "%s\n", c->started == 1 ? (c->gpu_container == 1 ? "starts with its GPUs" : "starts without a GPU")
                              : c->started == 0 ? "no GPU for the container" : "cannot tell");
    if (c->n_compat_libs) {
        label(o, "Compat");
        out_printf(o, "%s (%s): %s\n", c->compat_version ? c->compat_version : "libraries", c->compat_mode ? c->compat_mode : "-",
                   c->compat_reason ? c->compat_reason : tri_word(c->compat_used, "used", "not used"));
    }

    out_raw(o, "\n");
    out_styled(o, STYLE_BOLD, "%s", "Libraries in the container");
    out_raw(o, "\n");
    for (i = 0; i < c->n_inject; i++) {
        if (!c->inject[i].version)
            continue;   /* binaries: listed in the JSON */
        out_printf(o, "  %-8s %s  <- host %s\n", c->inject[i].cap, c->inject[i].target, c->inject[i].host);
    }
    if (f->driver.libcuda_resolved)
        out_printf(o, "  %-8s libcuda.so.1 -> %s [%s]\n", "driver", f->driver.libcuda_resolved,
                   report_container_origin(f, f->driver.libcuda_resolved));
    else
        out_printf(o, "  %-8s libcuda.so.1 -> not found\n", "driver");
    for (i = 0; i < dx->n_verdicts; i++) {
        const struct verdict *v = &dx->verdicts[i];
        for (j = 0; j < v->n_needs; j++) {
            const struct need *n = &v->needs[j];
            out_printf(o, "  %-8s %s -> %s [%s]\n", n->role, n->library,
                       n->resolved_path ? n->resolved_path : "not found",
                       n->resolved_path ? report_container_origin(f, n->resolved_path) : "-");
        }
    }
}

void report_markdown_container(struct out *o, const struct facts *f)
{
    const struct container_facts *c = &f->container;
    if (!c->present)
        return;
    out_raw(o, "| Image | Host | Start |\n|---|---|---|\n| ");
    md_code(o, c->ref, 1);
    if (c->manifest_digest) {
        out_raw(o, "<br>");
        md_code(o, c->manifest_digest, 1);
    }
    out_raw(o, " | ");
    md_text(o, c->host ? c->host : "?", 0);
    out_raw(o, " | ");
    md_text(o, c->refused ? c->refused
               : c->started == 1 ? (c->gpu_container == 1 ? "starts with its GPUs" : "starts without a GPU")
               : c->started == 0 ? "no GPU for the container" : "cannot tell", 0);
    out_raw(o, " |\n\n");
}
