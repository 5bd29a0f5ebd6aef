/*
 * image_fleet.c - one image against every node group (image_fleet.h).
 */
#include "cli/image_fleet.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli/examine.h"
#include "cli/exit.h"
#include "cli/image_check.h"
#include "compat/compat.h"
#include "diagnose/lookup.h"
#include "facts/facts_json_container.h"
#include "facts/facts_read.h"
#include "util/alloc.h"
#include "util/json_writer.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

#define FLEET_MAX_INPUTS 100000u

static void refuse(struct image_fleet *fl, const char *input, const char *reason)
{
    ALLOC_GROW(fl->refused, fl->n_refused + 1, fl->alloc_refused);
    fl->refused[fl->n_refused].input = xstrdup(input);
    fl->refused[fl->n_refused].reason = xstrdup(reason);
    fl->n_refused++;
}

static int cmp_gpu(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* What the start and the judges read of a node, as one string. */
static void group_key(const struct facts *f, struct strbuf *key)
{
    struct strbuf ctk = STRBUF_INIT;
    struct jw jw;
    char **g = xcalloc(f->n_gpus + 1, sizeof(*g));
    size_t i;

    strbuf_addf(key, "kmod=%s arch=%s gpus=", f->driver.kmod_version ? f->driver.kmod_version : "-",
                f->system.arch ? f->system.arch : "-");
    for (i = 0; i < f->n_gpus; i++) {
        struct strbuf one = STRBUF_INIT;
        strbuf_addf(&one, "%04x:%04x %s %s", f->gpus[i].vendor, f->gpus[i].device,
                    f->gpus[i].name ? f->gpus[i].name : "-",
                    f->gpus[i].compute_capability ? f->gpus[i].compute_capability : "-");
        g[i] = strbuf_detach(&one, NULL);
    }
    qsort(g, f->n_gpus, sizeof(*g), cmp_gpu);
    for (i = 0; i < f->n_gpus; i++) {
        strbuf_addf(key, "%s%s", i ? "," : "", g[i]);
        free(g[i]);
    }
    free(g);
    jw_init(&jw, &ctk, 0);
    facts_json_ctk(&jw, f);
    strbuf_addf(key, " ctk=%s", ctk.buf ? ctk.buf : "");
    strbuf_release(&ctk);
}

static int node_seen(const struct image_fleet *fl, const char *name)
{
    size_t i, j;
    for (i = 0; i < fl->n_groups; i++)
        for (j = 0; j < fl->groups[i]->n_nodes; j++)
            if (!strcmp(fl->groups[i]->nodes[j], name))
                return 1;
    return 0;
}

/* One document: a node's facts into its group, or a refusal. */
static void add_doc(struct image_fleet *fl, const char *input, const char *buf, size_t len)
{
    struct facts *f = xcalloc(1, sizeof(*f));
    struct strbuf key = STRBUF_INIT;
    struct image_fleet_group *grp = NULL;
    struct gd_err err;
    const char *name;
    size_t i;

    facts_init(f);
    err_init(&err);
    if (facts_json_read(buf, len, f, &err) < 0) {
        char reason[GD_ERR_MSG_MAX + 128];
        snprintf(reason, sizeof(reason), "%s%s", err.msg,
                 strstr(err.msg, "'gpudoctor/1'") ? " (a check --json report carries no container_toolkit "
                                                    "record: record the nodes with `gpudoctor check --facts`)"
                                                  : "");
        refuse(fl, input, reason);
        goto drop;
    }
    name = f->system.hostname && *f->system.hostname ? f->system.hostname
           : f->system.machine_id && *f->system.machine_id ? f->system.machine_id : input;
    if (strlen(name) > 255) {
        refuse(fl, input, "the node's name is longer than 255 bytes");
        goto drop;
    }
    if (node_seen(fl, name)) {
        struct strbuf r = STRBUF_INIT;
        strbuf_addf(&r, "a second document for node '%s'", name);
        refuse(fl, input, r.buf);
        strbuf_release(&r);
        goto drop;
    }
    fl->n_docs++;
    group_key(f, &key);
    for (i = 0; i < fl->n_groups && !grp; i++)
        if (!strcmp(fl->groups[i]->key, key.buf))
            grp = fl->groups[i];
    ALLOC_GROW(fl->groups, fl->n_groups + 1, fl->alloc_groups);
    if (!grp) {
        grp = xcalloc(1, sizeof(*grp));
        fl->groups[fl->n_groups++] = grp;
        grp->key = strbuf_detach(&key, NULL);
        facts_init(&grp->combined);
    }
    ALLOC_GROW(grp->nodes, grp->n_nodes + 1, grp->alloc_nodes);
    grp->nodes[grp->n_nodes++] = xstrdup(name);
    if (!grp->host) {
        grp->host = f;   /* the group's first node: kept */
        f = NULL;
    }
drop:
    strbuf_release(&key);
    if (f) {
        facts_release(f);
        free(f);
    }
}

/* Every document of one input: JSON lines or documents back to back. */
void image_fleet_add(struct image_fleet *fl, const char *input, const char *buf, size_t len)
{
    size_t off = 0;
    unsigned n = 0;
    for (;;) {
        json_error_t je;
        json_t *j;
        struct strbuf label = STRBUF_INIT;
        while (off < len && strchr(" \t\r\n", buf[off]) && buf[off])
            off++;
        if (off >= len)
            break;
        n++;
        strbuf_addf(&label, "%s #%u", input, n);
        j = json_loadb(buf + off, len - off, JSON_DISABLE_EOF_CHECK, &je);
        if (!j || !je.position) {
            struct strbuf r = STRBUF_INIT;
            strbuf_addf(&r, "not JSON: %s (line %d); the rest of the input is not read", je.text, je.line);
            refuse(fl, label.buf, r.buf);
            strbuf_release(&r);
            strbuf_release(&label);
            json_decref(j);
            break;
        }
        json_decref(j);
        add_doc(fl, n == 1 && !memchr(buf + off + je.position, '{', len - off - (size_t)je.position) ? input
                                                                                                       : label.buf,
                buf + off, (size_t)je.position);
        off += (size_t)je.position;
        strbuf_release(&label);
    }
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int image_fleet_read(struct image_fleet *fl, const char *path, struct gd_err *err)
{
    struct compat_stat st;
    struct strbuf sb = STRBUF_INIT;

    memset(fl, 0, sizeof(*fl));
    fl->path = path;
    if (strcmp(path, "-") && compat_stat(path, &st) == 0 && st.type == COMPAT_FT_DIR) {
        struct compat_dir *d = compat_opendir(path);
        const char *name;
        enum compat_ftype type;
        char **names = NULL;
        size_t n = 0, alloc = 0, i;
        fl->is_dir = 1;
        if (!d)
            return err_set(err, "cannot list '%s'", path);
        while (compat_readdir(d, &name, &type) == 1 && n < FLEET_MAX_INPUTS) {
            if (name[0] == '.')
                continue;
            ALLOC_GROW(names, n + 1, alloc);
            names[n++] = xstrdup(name);
        }
        compat_closedir(d);
        qsort(names, n, sizeof(*names), cmp_str);
        for (i = 0; i < n; i++) {
            struct strbuf p = STRBUF_INIT;
            struct gd_err e;
            path_join(&p, path, names[i]);
            err_init(&e);
            strbuf_reset(&sb);
            if (compat_stat(p.buf, &st) == 0 && st.type == COMPAT_FT_DIR)
                ;   /* subdirectories: skipped, as fleet report does */
            else if (compat_stat(p.buf, &st) < 0 || st.type != COMPAT_FT_REG)
                refuse(fl, p.buf, "not a regular file");
            else if (examine_read_input(p.buf, FACTS_DOC_MAX, &sb, &e) < 0)
                refuse(fl, p.buf, e.msg);
            else
                image_fleet_add(fl, p.buf, sb.buf ? sb.buf : "", sb.len);
            strbuf_release(&p);
            free(names[i]);
        }
        free(names);
        strbuf_release(&sb);
        return 0;
    }
    if (examine_read_input(path, FACTS_DOC_MAX, &sb, err) < 0) {
        strbuf_release(&sb);
        return -1;
    }
    image_fleet_add(fl, path, sb.buf ? sb.buf : "", sb.len);
    strbuf_release(&sb);
    return 0;
}

int image_fleet_is_single(const struct image_fleet *fl)
{
    return !fl->is_dir && fl->n_docs + fl->n_refused <= 1;
}

int image_fleet_judge(struct image_fleet *fl, struct image_check *ic, struct run_ctx *ctx, struct kb *kb,
                      int strict)
{
    int rc = fl->n_refused ? GD_EXIT_FINDINGS : GD_EXIT_OK;
    size_t i;

    for (i = 0; i < fl->n_groups; i++) {
        struct image_fleet_group *g = fl->groups[i];
        struct lookup lk;
        int m;
        image_check_model(ic, ctx, kb, g->host, g->nodes[0], &g->combined);
        lookup_init(&lk, &ic->resolver, &g->combined);
        diagnose_run(&g->combined, kb, &lk, &g->dx, &g->combined.arena);
        g->judged = 1;
        m = findings_max_severity(&g->dx.findings);
        g->exit_status = m >= SEV_ERROR || (strict && m >= SEV_WARNING) ? GD_EXIT_FINDINGS : GD_EXIT_OK;
        if (g->exit_status > rc)
            rc = g->exit_status;
    }
    return rc;
}

void image_fleet_release(struct image_fleet *fl)
{
    size_t i, j;
    for (i = 0; i < fl->n_groups; i++) {
        struct image_fleet_group *g = fl->groups[i];
        if (g->judged)
            diagnosis_release(&g->dx);
        facts_release(&g->combined);
        if (g->host) {
            facts_release(g->host);
            free(g->host);
        }
        for (j = 0; j < g->n_nodes; j++)
            free(g->nodes[j]);
        free(g->nodes);
        free(g->key);
        free(g);
    }
    free(fl->groups);
    for (i = 0; i < fl->n_refused; i++) {
        free(fl->refused[i].input);
        free(fl->refused[i].reason);
    }
    free(fl->refused);
    memset(fl, 0, sizeof(*fl));
}
