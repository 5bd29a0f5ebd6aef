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

/* The hostlist of hs into sb (reset first). */
static const char *hl(struct strbuf *sb, const struct hostset *hs)
{
    strbuf_reset(sb);
    hostset_write(hs, sb);
    return sb->buf;
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

struct text_nodes {
    struct out *o;
};

static int text_node(const struct fleet_node *n, void *arg)
{
    struct text_nodes *t = arg;
    if (n->state != FLEET_OK)
        out_printf(t->o, "  %s: %s: %s\n", n->name, fleet_state_name(n->state), n->reason ? n->reason : "");
    return 0;
}

int report_fleet_text(FILE *fp, const struct fleet_report_input *in, int color, struct gd_err *err)
{
    struct fleet *fl = in->fleet;
    struct out o = { fp, color, 0, NULL, 0 };
    struct strbuf sb = STRBUF_INIT;
    size_t i, j;
    int st, ret = 0;

    out_styled(&o, STYLE_BOLD, "gpudoctor fleet: %zu node%s, %zu report%s merged", fl->n_nodes,
               fl->n_nodes == 1 ? "" : "s", fl->n_reports, fl->n_reports == 1 ? "" : "s");
    if (fl->n_rejects)
        out_styled(&o, STYLE_RED, ", %zu input%s refused", fl->n_rejects, fl->n_rejects == 1 ? "" : "s");
    out_raw(&o, "\n\n");
    for (st = FLEET_OK; st <= FLEET_UNREACHABLE; st++) {
        enum out_style sty = st == FLEET_OK ? STYLE_GREEN : st == FLEET_FAILING ? STYLE_RED : STYLE_YELLOW;
        hl(&sb, &fl->state[st]);
        out_printf(&o, "  %-38s ", state_title((enum fleet_state)st));
        out_styled(&o, fl->n_state[st] ? sty : STYLE_NONE, "%5zu", fl->n_state[st]);
        if (sb.len) {
            out_raw(&o, "  ");
            out_str(&o, sb.buf);
        }
        out_raw(&o, "\n");
    }

    if (fl->n_groups) {
        out_raw(&o, "\n");
        out_styled(&o, STYLE_BOLD, "Problems, by the nodes that share them\n");
        for (i = 0; i < fl->n_groups; i++) {
            const struct fleet_group *g = &fl->groups[i];
            out_raw(&o, "\n  ");
            out_styled(&o, g->severity == 2 ? STYLE_RED : STYLE_YELLOW, "%s", sev_name(g->severity));
            out_printf(&o, " %s %s: %s\n", g->code, g->kind, g->title);
            out_printf(&o, "    nodes (%zu): %s\n", hostset_count(&g->nodes), hl(&sb, &g->nodes));
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
            size_t n0;
            if (d->nr < 2)
                continue;
            n0 = hostset_count(&d->values[0].nodes);
            out_printf(&o, "  %-12s majority %s (%zu node%s)\n", d->what, d->values[0].value, n0, n0 == 1 ? "" : "s");
            for (j = 1; j < d->nr; j++)
                out_printf(&o, "  %-12s %-20s %s\n", "", d->values[j].value, hl(&sb, &d->values[j].nodes));
        }
    }

    if (fl->n_unreach) {
        out_raw(&o, "\n");
        out_styled(&o, STYLE_BOLD, "Unreachable nodes, by reason\n");
        for (i = 0; i < fl->n_unreach; i++) {
            const struct fleet_unreachable *u = &fl->unreach[i];
            out_printf(&o, "\n  %s\n", u->reason);
            out_printf(&o, "    nodes (%zu): %s\n", hostset_count(&u->nodes), hl(&sb, &u->nodes));
        }
    }

    if (in->nodes && (fl->n_state[FLEET_FAILING] || fl->n_state[FLEET_UNREACHABLE])) {
        struct text_nodes t = { &o };
        out_raw(&o, "\n");
        out_styled(&o, STYLE_BOLD, "Nodes\n");
        ret = fleet_each_node(fl, text_node, &t, err);
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
    strbuf_release(&sb);
    return ret;
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

/* Write out what the JSON writer produced so far, once it is large: the
 * writer keeps its nesting, not its text, so a document streams. */
static void flush_big(FILE *fp, struct strbuf *sb)
{
    if (sb->len >= 65536) {
        fwrite(sb->buf, 1, sb->len, fp);
        strbuf_reset(sb);
    }
}

struct json_nodes {
    FILE *fp;
    struct jw *jw;
    struct strbuf *sb;
};

static int json_node(const struct fleet_node *n, void *arg)
{
    struct json_nodes *t = arg;
    struct jw *jw = t->jw;
    size_t j;
    jw_object_begin(jw);
    jw_kv_str(jw, "name", n->name);
    jw_kv_str(jw, "state", fleet_state_name(n->state));
    jw_kv_str(jw, "reason", n->reason);
    jw_kv_str(jw, "hostname", n->hostname);
    jw_kv_str(jw, "machine_id", n->machine_id);
    jw_kv_str(jw, "source", n->source);
    if (n->state != FLEET_UNREACHABLE) {
        jw_kv_str(jw, "driver", n->driver);
        json_csv_array(jw, "cuda", n->cuda);
        json_csv_array(jw, "cudnn", n->cudnn);
        jw_key(jw, "verdicts");
        jw_array_begin(jw);
        for (j = 0; j < n->n_verdicts; j++) {
            const struct fleet_verdict *v = &n->verdicts[j];
            jw_object_begin(jw);
            jw_kv_str(jw, "env", v->env);
            jw_kv_str(jw, "framework", v->framework);
            jw_kv_str(jw, "version", v->version);
            jw_kv_str(jw, "gpu", v->gpu);
            jw_kv_str(jw, "reason", v->reason);
            jw_object_end(jw);
        }
        jw_array_end(jw);
        jw_key(jw, "summary");
        jw_object_begin(jw);
        jw_kv_int(jw, "errors", n->errors);
        jw_kv_int(jw, "warnings", n->warnings);
        jw_kv_int(jw, "infos", n->infos);
        jw_object_end(jw);
    }
    jw_object_end(jw);
    flush_big(t->fp, t->sb);
    return 0;
}

int report_fleet_json(FILE *fp, const struct fleet_report_input *in, struct gd_err *err)
{
    struct fleet *fl = in->fleet;
    struct strbuf sb = STRBUF_INIT, h = STRBUF_INIT;
    struct jw jw;
    size_t i, j;
    int st, ret = 0;

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
        jw_kv_str(&jw, fleet_state_name((enum fleet_state)st), hl(&h, &fl->state[st]));
        flush_big(fp, &sb);
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
        jw_kv_str(&jw, "nodes", hl(&h, &g->nodes));
        jw_kv_int(&jw, "node_count", (int64_t)hostset_count(&g->nodes));
        jw_kv_str(&jw, "evidence", g->evidence);
        jw_key(&jw, "fix");
        if (g->fix_title || g->fix_command) {
            jw_object_begin(&jw);
            jw_kv_str(&jw, "title", g->fix_title);
            jw_kv_str(&jw, "command", g->fix_command);
            jw_kv_str(&jw, "rank", g->fix_rank);
            jw_object_end(&jw);
        } else {
            jw_null(&jw);
        }
        jw_object_end(&jw);
        flush_big(fp, &sb);
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
            jw_kv_int(&jw, "count", (int64_t)hostset_count(&d->values[j].nodes));
            jw_kv_str(&jw, "nodes", hl(&h, &d->values[j].nodes));
            jw_object_end(&jw);
            flush_big(fp, &sb);
        }
        jw_array_end(&jw);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);

    jw_key(&jw, "unreachable");
    jw_array_begin(&jw);
    for (i = 0; i < fl->n_unreach; i++) {
        jw_object_begin(&jw);
        jw_kv_str(&jw, "reason", fl->unreach[i].reason);
        jw_kv_str(&jw, "nodes", hl(&h, &fl->unreach[i].nodes));
        jw_kv_int(&jw, "node_count", (int64_t)hostset_count(&fl->unreach[i].nodes));
        jw_object_end(&jw);
        flush_big(fp, &sb);
    }
    jw_array_end(&jw);

    if (in->nodes) {
        struct json_nodes t = { fp, &jw, &sb };
        jw_key(&jw, "nodes");
        jw_array_begin(&jw);
        fwrite(sb.buf, 1, sb.len, fp);
        strbuf_reset(&sb);
        ret = fleet_each_node(fl, json_node, &t, err);
        jw_array_end(&jw);
    }

    jw_key(&jw, "rejected");
    jw_array_begin(&jw);
    for (i = 0; i < fl->n_rejects; i++) {
        jw_object_begin(&jw);
        jw_kv_str(&jw, "source", fl->rejects[i].source);
        jw_kv_str(&jw, "node", fl->rejects[i].node);
        jw_kv_str(&jw, "reason", fl->rejects[i].reason);
        jw_object_end(&jw);
        flush_big(fp, &sb);
    }
    jw_array_end(&jw);
    jw_kv_int(&jw, "exit_status", in->exit_status);
    jw_object_end(&jw);
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
    strbuf_release(&h);
    return ret;
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

static int md_node(const struct fleet_node *n, void *arg)
{
    struct out *o = arg;
    if (n->state == FLEET_OK)
        return 0;
    out_raw(o, "| ");
    md_code(o, n->name, 1);
    out_printf(o, " | %s | ", fleet_state_name(n->state));
    md_text(o, n->reason, 1);
    out_raw(o, " |\n");
    return 0;
}

int report_fleet_markdown(FILE *fp, const struct fleet_report_input *in, struct gd_err *err)
{
    struct fleet *fl = in->fleet;
    struct out o = { fp, 0, 0, NULL, 0 };
    struct strbuf h = STRBUF_INIT;
    size_t i, j;
    int st, ret = 0;

    out_printf(&o, "## gpudoctor fleet: %zu nodes, %zu reports merged\n\n", fl->n_nodes, fl->n_reports);
    out_raw(&o, "| state | nodes | count |\n|---|---|---:|\n");
    for (st = FLEET_OK; st <= FLEET_UNREACHABLE; st++) {
        out_printf(&o, "| %s | ", state_title((enum fleet_state)st));
        md_code(&o, hl(&h, &fl->state[st]), 1);
        out_printf(&o, " | %zu |\n", fl->n_state[st]);
    }
    if (fl->n_groups) {
        out_raw(&o, "\n### Problems\n\n| severity | code | problem | nodes | fix |\n|---|---|---|---|---|\n");
        for (i = 0; i < fl->n_groups; i++) {
            const struct fleet_group *g = &fl->groups[i];
            out_printf(&o, "| %s | ", sev_name(g->severity));
            md_text(&o, g->code, 1);
            out_raw(&o, " | ");
            md_text(&o, g->title, 1);
            out_raw(&o, " | ");
            md_code(&o, hl(&h, &g->nodes), 1);
            out_printf(&o, " (%zu) | ", hostset_count(&g->nodes));
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
                out_raw(&o, "| ");
                md_text(&o, j ? "" : d->what, 0);
                out_raw(&o, " | ");
                md_text(&o, d->values[j].value, 1);
                out_raw(&o, j ? "" : " (majority)");
                out_raw(&o, " | ");
                md_code(&o, hl(&h, &d->values[j].nodes), 1);
                out_printf(&o, " | %zu |\n", hostset_count(&d->values[j].nodes));
            }
        }
    }
    if (fl->n_unreach || fl->n_rejects) {
        out_raw(&o, "\n### Unreachable nodes and refused inputs\n\n");
        for (i = 0; i < fl->n_unreach; i++) {
            out_raw(&o, "- ");
            md_code(&o, hl(&h, &fl->unreach[i].nodes), 0);
            out_printf(&o, " (%zu): ", hostset_count(&fl->unreach[i].nodes));
            md_text(&o, fl->unreach[i].reason, 1);
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
    if (in->nodes && (fl->n_state[FLEET_FAILING] || fl->n_state[FLEET_UNREACHABLE])) {
        out_raw(&o, "\n### Nodes\n\n| node | state | reason |\n|---|---|---|\n");
        ret = fleet_each_node(fl, md_node, &o, err);
    }
    strbuf_release(&h);
    return ret;
}

/* ---- Prometheus text exposition format ---- */

/*
 * A label value: backslash, double quote and line feed escaped as the
 * format requires (those three are its only escapes); bytes that are not
 * well-formed UTF-8 become U+FFFD, and so does every other control
 * character (C0, DEL, C1) and every bidirectional control (util/utf8.h):
 * the format would carry a raw CR or ESC, but a textfile is read by
 * line-based tools and by people at terminals.
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
        else if (*p < 0x20 || *p == 0x7f || (n == 2 && p[0] == 0xc2 && p[1] < 0xa0) ||
                 utf8_display_control(p, n))
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

struct prom_nodes {
    FILE *fp;
    struct strbuf *sb;
    int family;
};

/* One node's samples of one per-node family, streamed to the file. */
static int prom_node(const struct fleet_node *n, void *arg)
{
    struct prom_nodes *t = arg;
    struct strbuf *sb = t->sb;
    size_t j;
    switch (t->family) {
    case 0:
        strbuf_addstr(sb, "gpudoctor_node_reachable{");
        prom_label(sb, "node", n->name, 1);
        strbuf_addf(sb, "} %d\n", n->state != FLEET_UNREACHABLE);
        break;
    case 1:
        if (n->state == FLEET_UNREACHABLE)
            break;
        strbuf_addstr(sb, "gpudoctor_node_gpu_ok{");
        prom_label(sb, "node", n->name, 1);
        strbuf_addf(sb, "} %d\n", n->state == FLEET_OK);
        break;
    case 2:
        for (j = 0; j < n->n_verdicts; j++) {
            const struct fleet_verdict *v = &n->verdicts[j];
            strbuf_addstr(sb, "gpudoctor_framework_gpu_usable{");
            prom_label(sb, "node", n->name, 1);
            prom_label(sb, "framework", v->framework, 0);
            prom_label(sb, "version", v->version, 0);
            prom_label(sb, "env", v->env, 0);
            prom_label(sb, "verdict", v->gpu, 0);
            strbuf_addf(sb, "} %d\n", !strcmp(v->gpu, "yes"));
        }
        break;
    case 3:
        for (j = 0; j < n->n_counts; j++) {
            const struct fleet_count *c = &n->counts[j];
            strbuf_addstr(sb, "gpudoctor_findings{");
            prom_label(sb, "node", n->name, 1);
            prom_label(sb, "severity", sev_name(c->severity), 0);
            prom_label(sb, "kind", c->kind, 0);
            strbuf_addf(sb, "} %u\n", c->n);
        }
        break;
    case 4:
        if (n->state == FLEET_UNREACHABLE)
            break;
        strbuf_addstr(sb, "gpudoctor_driver_info{");
        prom_label(sb, "node", n->name, 1);
        prom_label(sb, "version", n->driver ? n->driver : "none", 0);
        strbuf_addstr(sb, "} 1\n");
        break;
    }
    if (sb->len >= 65536) {
        fwrite(sb->buf, 1, sb->len, t->fp);
        strbuf_reset(sb);
    }
    return 0;
}

int report_fleet_prometheus(FILE *fp, const struct fleet_report_input *in, struct gd_err *err)
{
    static const char *const families[][2] = {
        { "gpudoctor_node_reachable", "1 if a usable gpudoctor report came from the node." },
        { "gpudoctor_node_gpu_ok", "1 if every framework on the node uses the GPU and no error was found." },
        { "gpudoctor_framework_gpu_usable",
          "1 if this framework install will use the GPU (verdict yes), 0 if not or unknown." },
        { "gpudoctor_findings", "Findings on the node, by severity and kind." },
        { "gpudoctor_driver_info", "The NVIDIA driver version on the node (always 1; version=\"none\" without a driver)." },
    };
    struct fleet *fl = in->fleet;
    struct strbuf sb = STRBUF_INIT;
    struct prom_nodes t;
    int st, f, ret = 0;

    prom_family(&sb, "gpudoctor_fleet_nodes", "Nodes by state: ok (every framework uses the GPU), failing, unreachable.");
    for (st = FLEET_OK; st <= FLEET_UNREACHABLE; st++) {
        strbuf_addstr(&sb, "gpudoctor_fleet_nodes{");
        prom_label(&sb, "state", fleet_state_name((enum fleet_state)st), 1);
        strbuf_addf(&sb, "} %zu\n", fl->n_state[st]);
    }
    prom_family(&sb, "gpudoctor_fleet_rejected_reports", "Inputs that were not usable gpudoctor reports.");
    strbuf_addf(&sb, "gpudoctor_fleet_rejected_reports %zu\n", fl->n_rejects);

    /* The per-node families: one pass over the table each, as every
     * family's samples must be together. */
    t.fp = fp;
    t.sb = &sb;
    for (f = 0; f < 5 && in->nodes && !ret; f++) {
        prom_family(&sb, families[f][0], families[f][1]);
        t.family = f;
        ret = fleet_each_node(fl, prom_node, &t, err);
    }
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
    return ret;
}
