/*
 * report/fleet.c - text, JSON, Markdown and Prometheus views of a fleet.
 */
#include "report/fleet.h"

#include <stdlib.h>
#include <string.h>

#include "fleet/hostlist.h"
#include "report/md.h"
#include "report/out.h"
#include "util/alloc.h"
#include "util/json_writer.h"
#include "util/strbuf.h"
#include "util/utf8.h"
#include "util/banned.h"

static const char *sev_name(int sev)
{
    return sev == 2 ? "error" : sev == 1 ? "warning" : "info";
}

/* The hostlist of nodes idx[0..n) into sb (reset first). */
static void hostlist_of(struct strbuf *sb, const struct fleet *fl, const uint32_t *idx, size_t n)
{
    const char **names = xcalloc(n ? n : 1, sizeof(*names));
    size_t i;
    for (i = 0; i < n; i++)
        names[i] = fl->nodes[idx[i]].name;
    strbuf_reset(sb);
    hostlist_compress(names, n, sb);
    free(names);
}

/* The hostlist of the nodes in state st. */
static void hostlist_state(struct strbuf *sb, const struct fleet *fl, enum fleet_state st)
{
    const char **names = xcalloc(fl->n_nodes ? fl->n_nodes : 1, sizeof(*names));
    size_t i, n = 0;
    for (i = 0; i < fl->n_nodes; i++)
        if (fl->nodes[i].state == st)
            names[n++] = fl->nodes[i].name;
    strbuf_reset(sb);
    hostlist_compress(names, n, sb);
    free(names);
}

static const char *state_title(enum fleet_state st)
{
    switch (st) {
    case FLEET_OK: return "every framework uses the GPU";
    case FLEET_FAILING: return "some framework will not use the GPU";
    case FLEET_UNREACHABLE: return "unreachable (no report)";
    }
    return "?";
}

/* ---- text ---- */

static void text_command(struct out *o, const char *cmd)
{
    while (cmd && *cmd) {
        size_t n = strcspn(cmd, "\n");
        struct strbuf line = STRBUF_INIT;
        strbuf_add(&line, cmd, n);
        out_raw(o, "        ");
        out_str(o, line.buf);
        out_raw(o, "\n");
        strbuf_release(&line);
        cmd += n;
        if (*cmd)
            cmd++;
    }
}

void report_fleet_text(FILE *fp, const struct fleet_report_input *in, int color)
{
    const struct fleet *fl = in->fleet;
    struct out o = { fp, color, 0, NULL, 0 };
    struct strbuf hl = STRBUF_INIT;
    size_t i, j;
    int st;

    out_styled(&o, STYLE_BOLD, "gpudoctor fleet: %zu node%s, %zu report%s merged", fl->n_nodes,
               fl->n_nodes == 1 ? "" : "s", fl->n_reports, fl->n_reports == 1 ? "" : "s");
    if (fl->n_rejects)
        out_styled(&o, STYLE_RED, ", %zu input%s refused", fl->n_rejects, fl->n_rejects == 1 ? "" : "s");
    out_raw(&o, "\n\n");
    for (st = FLEET_OK; st <= FLEET_UNREACHABLE; st++) {
        enum out_style sty = st == FLEET_OK ? STYLE_GREEN : st == FLEET_FAILING ? STYLE_RED : STYLE_YELLOW;
        hostlist_state(&hl, fl, (enum fleet_state)st);
        out_printf(&o, "  %-38s ", state_title((enum fleet_state)st));
        out_styled(&o, fl->n_state[st] ? sty : STYLE_NONE, "%5zu", fl->n_state[st]);
        if (hl.len) {
            out_raw(&o, "  ");
            out_str(&o, hl.buf);
        }
        out_raw(&o, "\n");
    }

    if (fl->n_groups) {
        out_raw(&o, "\n");
        out_styled(&o, STYLE_BOLD, "Problems, by the nodes that share them\n");
        for (i = 0; i < fl->n_groups; i++) {
            const struct fleet_group *g = &fl->groups[i];
            hostlist_of(&hl, fl, g->nodes, g->nr);
            out_raw(&o, "\n  ");
            out_styled(&o, g->severity == 2 ? STYLE_RED : STYLE_YELLOW, "%s", sev_name(g->severity));
            out_printf(&o, " %s %s: %s\n", g->code, g->kind, g->title);
            out_printf(&o, "    nodes (%zu): %s\n", g->nr, hl.buf);
            if (g->evidence)
                out_printf(&o, "    evidence: %s\n", g->evidence);
            if (g->fix_title || g->fix_command) {
                out_printf(&o, "    fix: %s\n", g->fix_title ? g->fix_title : "");
                text_command(&o, g->fix_command);
            }
        }
    }

    for (i = 0, j = 0; i < fl->n_drift; i++)
        j += fl->drift[i].nr > 1;
    if (j) {
        out_raw(&o, "\n");
        out_styled(&o, STYLE_BOLD, "Drift: nodes that differ from the majority\n");
        for (i = 0; i < fl->n_drift; i++) {
            const struct fleet_drift *d = &fl->drift[i];
            if (d->nr < 2)
                continue;
            out_printf(&o, "  %-12s majority %s (%zu node%s)\n", d->what, d->values[0].value,
                       d->values[0].nr, d->values[0].nr == 1 ? "" : "s");
            for (j = 1; j < d->nr; j++) {
                hostlist_of(&hl, fl, d->values[j].nodes, d->values[j].nr);
                out_printf(&o, "  %-12s %-20s %s\n", "", d->values[j].value, hl.buf);
            }
        }
    }

    if (fl->n_state[FLEET_FAILING] || fl->n_state[FLEET_UNREACHABLE]) {
        out_raw(&o, "\n");
        out_styled(&o, STYLE_BOLD, "Nodes\n");
        for (i = 0; i < fl->n_nodes; i++) {
            const struct fleet_node *n = &fl->nodes[i];
            if (n->state == FLEET_OK)
                continue;
            out_printf(&o, "  %s: %s: %s\n", n->name, fleet_state_name(n->state), n->reason ? n->reason : "");
        }
    }

    if (fl->n_rejects) {
        out_raw(&o, "\n");
        out_styled(&o, STYLE_BOLD, "Inputs that are not usable reports (%zu)\n", fl->n_rejects);
        for (i = 0; i < fl->n_rejects; i++) {
            const struct fleet_reject *r = &fl->rejects[i];
            out_printf(&o, "  %s%s%s%s: %s\n", r->source, r->node ? " (node " : "", r->node ? r->node : "",
                       r->node ? ")" : "", r->reason);
        }
    }
    strbuf_release(&hl);
}

/* ---- JSON ---- */

static void json_csv_array(struct jw *jw, const char *key, const char *csv)
{
    jw_key(jw, key);
    jw_array_begin(jw);
    while (csv && *csv) {
        size_t n = strcspn(csv, ",");
        jw_strn(jw, csv, n);
        csv += n;
        if (*csv)
            csv++;
    }
    jw_array_end(jw);
}

void report_fleet_json(FILE *fp, const struct fleet_report_input *in)
{
    const struct fleet *fl = in->fleet;
    struct strbuf sb = STRBUF_INIT, hl = STRBUF_INIT;
    struct jw jw;
    size_t i, j;
    int st;

    jw_init(&jw, &sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", FLEET_SCHEMA);
    jw_kv_str(&jw, "gpudoctor_version", in->gd_version);
    jw_kv_str(&jw, "origin", in->origin);
    jw_key(&jw, "summary");
    jw_object_begin(&jw);
    jw_kv_int(&jw, "nodes", (int64_t)fl->n_nodes);
    jw_kv_int(&jw, "reports", (int64_t)fl->n_reports);
    for (st = FLEET_OK; st <= FLEET_UNREACHABLE; st++)
        jw_kv_int(&jw, fleet_state_name((enum fleet_state)st), (int64_t)fl->n_state[st]);
    jw_kv_int(&jw, "rejected", (int64_t)fl->n_rejects);
    jw_object_end(&jw);
    jw_key(&jw, "hostlists");
    jw_object_begin(&jw);
    for (st = FLEET_OK; st <= FLEET_UNREACHABLE; st++) {
        hostlist_state(&hl, fl, (enum fleet_state)st);
        jw_kv_str(&jw, fleet_state_name((enum fleet_state)st), hl.buf);
    }
    jw_object_end(&jw);

    jw_key(&jw, "groups");
    jw_array_begin(&jw);
    for (i = 0; i < fl->n_groups; i++) {
        const struct fleet_group *g = &fl->groups[i];
        jw_object_begin(&jw);
        jw_kv_str(&jw, "code", g->code);
        jw_kv_str(&jw, "kind", g->kind);
        jw_kv_str(&jw, "severity", sev_name(g->severity));
        jw_kv_str(&jw, "title", g->title);
        hostlist_of(&hl, fl, g->nodes, g->nr);
        jw_kv_str(&jw, "nodes", hl.buf);
        jw_kv_int(&jw, "node_count", (int64_t)g->nr);
        jw_kv_str(&jw, "evidence", g->evidence);
        jw_key(&jw, "fix");
        if (g->fix_title || g->fix_command) {
            jw_object_begin(&jw);
            jw_kv_str(&jw, "title", g->fix_title);
            jw_kv_str(&jw, "command", g->fix_command);
            jw_object_end(&jw);
        } else {
            jw_null(&jw);
        }
        jw_object_end(&jw);
    }
    jw_array_end(&jw);

    jw_key(&jw, "drift");
    jw_array_begin(&jw);
    for (i = 0; i < fl->n_drift; i++) {
        const struct fleet_drift *d = &fl->drift[i];
        jw_object_begin(&jw);
        jw_kv_str(&jw, "what", d->what);
        jw_kv_str(&jw, "majority", d->nr ? d->values[0].value : NULL);
        jw_kv_bool(&jw, "uniform", d->nr < 2);
        jw_key(&jw, "values");
        jw_array_begin(&jw);
        for (j = 0; j < d->nr; j++) {
            jw_object_begin(&jw);
            jw_kv_str(&jw, "value", d->values[j].value);
            jw_kv_int(&jw, "count", (int64_t)d->values[j].nr);
            hostlist_of(&hl, fl, d->values[j].nodes, d->values[j].nr);
            jw_kv_str(&jw, "nodes", hl.buf);
            jw_object_end(&jw);
        }
        jw_array_end(&jw);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);

    jw_key(&jw, "nodes");
    jw_array_begin(&jw);
    for (i = 0; i < fl->n_nodes; i++) {
        const struct fleet_node *n = &fl->nodes[i];
        jw_object_begin(&jw);
        jw_kv_str(&jw, "name", n->name);
        jw_kv_str(&jw, "state", fleet_state_name(n->state));
        jw_kv_str(&jw, "reason", n->reason);
        jw_kv_str(&jw, "hostname", n->hostname);
        jw_kv_str(&jw, "machine_id", n->machine_id);
        jw_kv_str(&jw, "source", n->source);
        if (n->state != FLEET_UNREACHABLE) {
            jw_kv_str(&jw, "driver", n->driver);
            json_csv_array(&jw, "cuda", n->cuda);
            json_csv_array(&jw, "cudnn", n->cudnn);
            jw_key(&jw, "verdicts");
            jw_array_begin(&jw);
            for (j = 0; j < n->n_verdicts; j++) {
                const struct fleet_verdict *v = &n->verdicts[j];
                jw_object_begin(&jw);
                jw_kv_str(&jw, "env", v->env);
                jw_kv_str(&jw, "framework", v->framework);
                jw_kv_str(&jw, "version", v->version);
                jw_kv_str(&jw, "gpu", v->gpu);
                jw_kv_str(&jw, "reason", v->reason);
                jw_object_end(&jw);
            }
            jw_array_end(&jw);
            jw_key(&jw, "summary");
            jw_object_begin(&jw);
            jw_kv_int(&jw, "errors", n->errors);
            jw_kv_int(&jw, "warnings", n->warnings);
            jw_kv_int(&jw, "infos", n->infos);
            jw_object_end(&jw);
        }
        jw_object_end(&jw);
    }
    jw_array_end(&jw);

    jw_key(&jw, "rejected");
    jw_array_begin(&jw);
    for (i = 0; i < fl->n_rejects; i++) {
        jw_object_begin(&jw);
        jw_kv_str(&jw, "source", fl->rejects[i].source);
        jw_kv_str(&jw, "node", fl->rejects[i].node);
        jw_kv_str(&jw, "reason", fl->rejects[i].reason);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);
    jw_kv_int(&jw, "exit_status", in->exit_status);
    jw_object_end(&jw);
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
    strbuf_release(&hl);
}

/* ---- Markdown ---- */

/* Every name, hostlist, title and reason below comes from a node's report:
 * each goes through report/md.h, which keeps it from rendering as markup. */

static void md_fix_block(struct out *o, const char *command)
{
    size_t n = md_fence(command), k;
    for (k = 0; k < n; k++)
        out_raw(o, "`");
    out_raw(o, "sh\n");
    out_lines(o, "", command);
    for (k = 0; k < n; k++)
        out_raw(o, "`");
    out_raw(o, "\n\n");
}

void report_fleet_markdown(FILE *fp, const struct fleet_report_input *in)
{
    const struct fleet *fl = in->fleet;
    struct out o = { fp, 0, 0, NULL, 0 };
    struct strbuf hl = STRBUF_INIT;
    size_t i, j;
    int st;

    out_printf(&o, "## gpudoctor fleet: %zu nodes, %zu reports merged\n\n", fl->n_nodes, fl->n_reports);
    out_raw(&o, "| state | nodes | count |\n|---|---|---:|\n");
    for (st = FLEET_OK; st <= FLEET_UNREACHABLE; st++) {
        hostlist_state(&hl, fl, (enum fleet_state)st);
        out_printf(&o, "| %s | ", state_title((enum fleet_state)st));
        md_code(&o, hl.buf, 1);
        out_printf(&o, " | %zu |\n", fl->n_state[st]);
    }
    if (fl->n_groups) {
        out_raw(&o, "\n### Problems\n\n| severity | code | problem | nodes | fix |\n|---|---|---|---|---|\n");
        for (i = 0; i < fl->n_groups; i++) {
            const struct fleet_group *g = &fl->groups[i];
            hostlist_of(&hl, fl, g->nodes, g->nr);
            out_printf(&o, "| %s | ", sev_name(g->severity));
            md_text(&o, g->code, 1);
            out_raw(&o, " | ");
            md_text(&o, g->title, 1);
            out_raw(&o, " | ");
            md_code(&o, hl.buf, 1);
            out_printf(&o, " (%zu) | ", g->nr);
            md_text(&o, g->fix_title, 0);
            out_raw(&o, " |\n");
        }
        out_raw(&o, "\n");
        for (i = 0; i < fl->n_groups; i++) {
            const struct fleet_group *g = &fl->groups[i];
            if (!g->fix_command)
                continue;
            out_raw(&o, "Fix for ");
            md_text(&o, g->code, 1);
            out_raw(&o, " (");
            md_text(&o, g->kind, 1);
            out_raw(&o, "):\n\n");
            md_fix_block(&o, g->fix_command);
        }
    }
    for (i = 0, j = 0; i < fl->n_drift; i++)
        j += fl->drift[i].nr > 1;
    if (j) {
        out_raw(&o, "\n### Drift\n\n| what | value | nodes | count |\n|---|---|---|---:|\n");
        for (i = 0; i < fl->n_drift; i++) {
            const struct fleet_drift *d = &fl->drift[i];
            if (d->nr < 2)
                continue;
            for (j = 0; j < d->nr; j++) {
                hostlist_of(&hl, fl, d->values[j].nodes, d->values[j].nr);
                out_raw(&o, "| ");
                md_text(&o, j ? "" : d->what, 0);
                out_raw(&o, " | ");
                md_text(&o, d->values[j].value, 1);
                out_raw(&o, j ? "" : " (majority)");
                out_raw(&o, " | ");
                md_code(&o, hl.buf, 1);
                out_printf(&o, " | %zu |\n", d->values[j].nr);
            }
        }
    }
    if (fl->n_state[FLEET_UNREACHABLE] || fl->n_rejects) {
        out_raw(&o, "\n### Unreachable nodes and refused inputs\n\n");
        for (i = 0; i < fl->n_nodes; i++)
            if (fl->nodes[i].state == FLEET_UNREACHABLE) {
                out_raw(&o, "- ");
                md_code(&o, fl->nodes[i].name, 0);
                out_raw(&o, ": ");
                md_text(&o, fl->nodes[i].reason, 1);
                out_raw(&o, "\n");
            }
        for (i = 0; i < fl->n_rejects; i++) {
            out_raw(&o, "- ");
            md_code(&o, fl->rejects[i].source, 0);
            out_raw(&o, ": ");
            md_text(&o, fl->rejects[i].reason, 1);
            out_raw(&o, "\n");
        }
    }
    strbuf_release(&hl);
}

/* ---- Prometheus text exposition format ---- */

/*
 * A label value: backslash, double quote and line feed escaped as the
 * format requires (those three are its only escapes); bytes that are not
 * well-formed UTF-8 become U+FFFD, and so does every other control
 * character (C0, DEL, C1): the format would carry a raw CR or ESC, but a
 * textfile is read by line-based tools and by people at terminals.
 */
static void prom_label(struct strbuf *sb, const char *name, const char *v, int first)
{
    const unsigned char *p = (const unsigned char *)(v ? v : "");
    size_t len = strlen((const char *)p);
    if (!first)
        strbuf_addch(sb, ',');
    strbuf_addf(sb, "%s=\"", name);
    while (len) {
        size_t n = utf8_valid_seq(p, len);
        if (!n) {
            strbuf_addstr(sb, "\xef\xbf\xbd");
            p++;
            len--;
            continue;
        }
        if (*p == '\\')
            strbuf_addstr(sb, "\\\\");
        else if (*p == '"')
            strbuf_addstr(sb, "\\\"");
        else if (*p == '\n')
            strbuf_addstr(sb, "\\n");
        else if (*p < 0x20 || *p == 0x7f || (n == 2 && p[0] == 0xc2 && p[1] < 0xa0))
            strbuf_addstr(sb, "\xef\xbf\xbd");
        else
            strbuf_add(sb, p, n);
        p += n;
        len -= n;
    }
    strbuf_addch(sb, '"');
}

static void prom_family(struct strbuf *sb, const char *name, const char *help)
{
    strbuf_addf(sb, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
}

void report_fleet_prometheus(FILE *fp, const struct fleet_report_input *in)
{
    const struct fleet *fl = in->fleet;
    struct strbuf sb = STRBUF_INIT;
    size_t i, j;
    int st;

    prom_family(&sb, "gpudoctor_fleet_nodes", "Nodes by state: ok (every framework uses the GPU), failing, unreachable.");
    for (st = FLEET_OK; st <= FLEET_UNREACHABLE; st++) {
        strbuf_addstr(&sb, "gpudoctor_fleet_nodes{");
        prom_label(&sb, "state", fleet_state_name((enum fleet_state)st), 1);
        strbuf_addf(&sb, "} %zu\n", fl->n_state[st]);
    }
    prom_family(&sb, "gpudoctor_fleet_rejected_reports", "Inputs that were not usable gpudoctor reports.");
    strbuf_addf(&sb, "gpudoctor_fleet_rejected_reports %zu\n", fl->n_rejects);

    prom_family(&sb, "gpudoctor_node_reachable", "1 if a usable gpudoctor report came from the node.");
    for (i = 0; i < fl->n_nodes; i++) {
        strbuf_addstr(&sb, "gpudoctor_node_reachable{");
        prom_label(&sb, "node", fl->nodes[i].name, 1);
        strbuf_addf(&sb, "} %d\n", fl->nodes[i].state != FLEET_UNREACHABLE);
    }
    prom_family(&sb, "gpudoctor_node_gpu_ok", "1 if every framework on the node uses the GPU and no error was found.");
    for (i = 0; i < fl->n_nodes; i++) {
        if (fl->nodes[i].state == FLEET_UNREACHABLE)
            continue;
        strbuf_addstr(&sb, "gpudoctor_node_gpu_ok{");
        prom_label(&sb, "node", fl->nodes[i].name, 1);
        strbuf_addf(&sb, "} %d\n", fl->nodes[i].state == FLEET_OK);
    }
    prom_family(&sb, "gpudoctor_framework_gpu_usable",
                "1 if this framework install will use the GPU (verdict yes), 0 if not or unknown.");
    for (i = 0; i < fl->n_nodes; i++)
        for (j = 0; j < fl->nodes[i].n_verdicts; j++) {
            const struct fleet_verdict *v = &fl->nodes[i].verdicts[j];
            strbuf_addstr(&sb, "gpudoctor_framework_gpu_usable{");
            prom_label(&sb, "node", fl->nodes[i].name, 1);
            prom_label(&sb, "framework", v->framework, 0);
            prom_label(&sb, "version", v->version, 0);
            prom_label(&sb, "env", v->env, 0);
            prom_label(&sb, "verdict", v->gpu, 0);
            strbuf_addf(&sb, "} %d\n", !strcmp(v->gpu, "yes"));
        }
    prom_family(&sb, "gpudoctor_findings", "Findings on the node, by severity and kind.");
    for (i = 0; i < fl->n_nodes; i++)
        for (j = 0; j < fl->nodes[i].n_counts; j++) {
            const struct fleet_count *c = &fl->nodes[i].counts[j];
            strbuf_addstr(&sb, "gpudoctor_findings{");
            prom_label(&sb, "node", fl->nodes[i].name, 1);
            prom_label(&sb, "severity", sev_name(c->severity), 0);
            prom_label(&sb, "kind", c->kind, 0);
            strbuf_addf(&sb, "} %u\n", c->n);
        }
    prom_family(&sb, "gpudoctor_driver_info", "The NVIDIA driver version on the node (always 1; version=\"none\" without a driver).");
    for (i = 0; i < fl->n_nodes; i++) {
        if (fl->nodes[i].state == FLEET_UNREACHABLE)
            continue;
        strbuf_addstr(&sb, "gpudoctor_driver_info{");
        prom_label(&sb, "node", fl->nodes[i].name, 1);
        prom_label(&sb, "version", fl->nodes[i].driver ? fl->nodes[i].driver : "none", 0);
        strbuf_addstr(&sb, "} 1\n");
    }
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
}
