/*
 * image_fleet.c - one image judged on every node group (image_fleet.h).
 */
#include "report/image_fleet.h"

#include <string.h>

#include "cli/image_fleet.h"
#include "facts/facts_json_container.h"
#include "fleet/hostlist.h"
#include "report/image.h"
#include "report/out.h"
#include "report/report.h"
#include "report/text_sections.h"
#include "util/json_writer.h"
#include "util/strbuf.h"
#include "util/banned.h"

static const struct container_facts *image_of(const struct image_fleet *fl)
{
    size_t i;
    for (i = 0; i < fl->n_groups; i++)
        if (fl->groups[i]->judged)
            return &fl->groups[i]->combined.container;
    return NULL;
}

static void nodelist(const struct image_fleet_group *g, struct strbuf *out)
{
    hostlist_compress((const char *const *)g->nodes, g->n_nodes, out);
}

/* The toolkit as the start sees it, in a few words. */
static void toolkit_words(const struct facts *h, struct strbuf *out)
{
    const struct ctk_facts *c = &h->ctk;
    if (!c->scanned)
        strbuf_addstr(out, "not recorded");
    else if (!c->hook && !c->cli && !c->n_cdi)
        strbuf_addstr(out, "none");
    else {
        strbuf_addstr(out, c->hook ? "legacy hook" : "");
        if (c->n_cdi)
            strbuf_addf(out, "%sCDI specs", c->hook ? ", " : "");
        if (c->mode)
            strbuf_addf(out, ", mode %s", c->mode);
    }
}

static void gpu_words(const struct facts *h, struct strbuf *out)
{
    size_t i;
    if (!h->n_gpus)
        strbuf_addstr(out, "no GPU");
    for (i = 0; i < h->n_gpus; i++)
        strbuf_addf(out, "%s%s", i ? ", " : "", h->gpus[i].name ? h->gpus[i].name : "an NVIDIA GPU");
}

void report_image_fleet_text(FILE *fp, const struct image_fleet *fl, int exit_status, int color, const char *shell)
{
    struct out o = { fp, color, 0, NULL, 0 };
    const struct container_facts *c = image_of(fl);
    struct strbuf sb = STRBUF_INIT;
    size_t i, j, k;

    o.width = out_term_width(fp);
    o.shell = shell;
    if (c) {
        out_raw(&o, "Image   ");
        out_str(&o, c->name ? c->name : c->ref);
        out_printf(&o, " (");
        out_str(&o, c->format);
        out_printf(&o, ", %s", c->platform ? c->platform : "?");
        if (c->config_digest) {
            out_raw(&o, ", config ");
            out_str(&o, c->config_digest);
        }
        out_raw(&o, ")\n");
    }
    out_raw(&o, "Fleet   ");
    out_str(&o, fl->path);
    out_printf(&o, ": %zu node%s in %zu group%s", fl->n_docs, fl->n_docs == 1 ? "" : "s", fl->n_groups,
               fl->n_groups == 1 ? "" : "s");
    if (fl->n_refused)
        out_printf(&o, ", %zu input%s refused", fl->n_refused, fl->n_refused == 1 ? "" : "s");
    out_raw(&o, "\n");
    for (i = 0; i < fl->n_groups; i++) {
        const struct image_fleet_group *g = fl->groups[i];
        const struct facts *h = g->host;
        out_raw(&o, "\n");
        strbuf_reset(&sb);
        nodelist(g, &sb);
        out_styled(&o, STYLE_BOLD, "Group %zu", i + 1);
        out_printf(&o, " (%zu node%s): ", g->n_nodes, g->n_nodes == 1 ? "" : "s");
        out_str(&o, sb.buf);
        out_raw(&o, "\n  driver ");
        out_str(&o, h->driver.kmod_version ? h->driver.kmod_version : "not loaded");
        strbuf_reset(&sb);
        gpu_words(h, &sb);
        out_raw(&o, "; ");
        out_str(&o, sb.buf);
        strbuf_reset(&sb);
        toolkit_words(h, &sb);
        out_raw(&o, "; toolkit: ");
        out_str(&o, sb.buf);
        out_raw(&o, "\n");
        if (!g->judged)
            continue;
        report_text_verdicts(&o, &g->combined, &g->dx);
        if (!g->dx.n_verdicts)
            out_raw(&o, "  (no framework in the image)\n");
        for (j = 0; j < g->dx.findings.nr; j++) {
            const struct finding *fd = &g->dx.findings.v[j];
            if (fd->severity < SEV_WARNING)
                continue;
            out_raw(&o, "  ");
            out_styled(&o, fd->severity == SEV_ERROR ? STYLE_RED : STYLE_YELLOW, "%s", severity_name(fd->severity));
            out_printf(&o, " %s ", fd->code);
            out_wrapped(&o, 10 + strlen(fd->code), 6, fd->title);
            out_raw(&o, "\n");
            for (k = 0; k < fd->n_fixes; k++) {
                const struct fix *x = &fd->fixes[k];
                const char *cl, *nl;
                if (o.shell && x->shell && x->group && strcmp(x->shell, o.shell))
                    continue;
                out_raw(&o, "    fix: ");
                out_wrapped(&o, 9, 9, x->title);
                out_raw(&o, "\n");
                for (cl = x->command; cl && *cl; cl = nl ? nl + 1 : NULL) {
                    nl = strchr(cl, '\n');
                    out_raw(&o, "      ");
                    out_styled(&o, STYLE_DIM, "$ ");
                    strbuf_reset(&sb);
                    strbuf_add(&sb, cl, nl ? (size_t)(nl - cl) : strlen(cl));
                    out_str(&o, sb.buf);
                    out_raw(&o, "\n");
                }
                break;   /* the first fix: -v on one node's facts shows every one */
            }
        }
    }
    for (i = 0; i < fl->n_refused; i++) {
        out_raw(&o, i ? "" : "\nRefused inputs\n");
        out_raw(&o, "  ");
        out_str(&o, fl->refused[i].input);
        out_raw(&o, ": ");
        out_str(&o, fl->refused[i].reason);
        out_raw(&o, "\n");
    }
    out_printf(&o, "\nexit status %d\n", exit_status);
    strbuf_release(&sb);
}

void report_image_fleet_json(FILE *fp, const struct image_fleet *fl, int exit_status, const char *gd_version,
                             const char *kb_revision)
{
    const struct container_facts *c = image_of(fl);
    struct strbuf sb = STRBUF_INIT, nl = STRBUF_INIT;
    struct jw jw;
    size_t i, j;

    jw_init(&jw, &sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", GD_IMAGE_FLEET_SCHEMA);
    jw_kv_str(&jw, "gpudoctor_version", gd_version);
    jw_kv_str(&jw, "kb_revision", kb_revision);
    jw_key(&jw, "image");
    if (!c) {
        jw_null(&jw);
    } else {
        jw_object_begin(&jw);
        jw_kv_str(&jw, "ref", c->ref);
        jw_kv_str(&jw, "format", c->format);
        jw_kv_str(&jw, "name", c->name);
        jw_kv_str(&jw, "manifest_digest", c->manifest_digest);
        jw_kv_str(&jw, "config_digest", c->config_digest);
        jw_kv_str(&jw, "platform", c->platform);
        jw_object_end(&jw);
    }
    jw_kv_str(&jw, "fleet", fl->path);
    jw_kv_int(&jw, "nodes", (int64_t)fl->n_docs);
    jw_key(&jw, "groups");
    jw_array_begin(&jw);
    for (i = 0; i < fl->n_groups; i++) {
        const struct image_fleet_group *g = fl->groups[i];
        const struct facts *h = g->host;
        jw_object_begin(&jw);
        strbuf_reset(&nl);
        nodelist(g, &nl);
        jw_kv_str(&jw, "nodelist", nl.buf);
        jw_key(&jw, "nodes");
        jw_array_begin(&jw);
        for (j = 0; j < g->n_nodes; j++)
            jw_str(&jw, g->nodes[j]);
        jw_array_end(&jw);
        jw_kv_str(&jw, "driver", h->driver.kmod_version);
        jw_kv_str(&jw, "arch", h->system.arch);
        jw_key(&jw, "gpus");
        jw_array_begin(&jw);
        for (j = 0; j < h->n_gpus; j++) {
            char pci[16];
            jw_object_begin(&jw);
            jw_kv_str(&jw, "name", h->gpus[j].name);
            snprintf(pci, sizeof(pci), "%04x:%04x", h->gpus[j].vendor, h->gpus[j].device);
            jw_kv_str(&jw, "pci_id", pci);
            jw_kv_str(&jw, "compute_capability", h->gpus[j].compute_capability);
            jw_object_end(&jw);
        }
        jw_array_end(&jw);
        if (!g->judged) {
            jw_key(&jw, "container_toolkit");
            facts_json_ctk(&jw, h);
        } else {
            /* "container" (the image, the host, the start), "container_toolkit", "libraries" */
            report_json_container(&jw, &g->combined, &g->dx);
            jw_key(&jw, "verdicts");
            report_json_verdicts(&jw, &g->combined, &g->dx);
            jw_key(&jw, "findings");
            report_json_findings(&jw, &g->dx.findings);
            report_json_summary(&jw, &g->dx.findings);
        }
        jw_kv_int(&jw, "exit_status", g->exit_status);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);
    jw_key(&jw, "refused");
    jw_array_begin(&jw);
    for (i = 0; i < fl->n_refused; i++) {
        jw_object_begin(&jw);
        jw_kv_str(&jw, "input", fl->refused[i].input);
        jw_kv_str(&jw, "reason", fl->refused[i].reason);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);
    jw_kv_int(&jw, "exit_status", exit_status);
    jw_object_end(&jw);
    fwrite(sb.buf, 1, sb.len, fp);
    fputc('\n', fp);
    strbuf_release(&sb);
    strbuf_release(&nl);
}
