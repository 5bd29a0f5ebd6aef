/*
 * fleet.c - merge check reports into per-node summaries, problem groups and
 * drift tables (see fleet.h).  Reports are read with jansson and forgotten;
 * only interned strings (one copy per distinct value) and small per-node
 * records stay.
 */
#include "fleet/fleet.h"

#include <stdlib.h>
#include <string.h>

#include "fleet/jscan.h"
#include "util/alloc.h"
#include "util/schema.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

/* A string-keyed open-addressing hash map; keys live in the fleet arena. */
struct fleet_map_ent {
    const char *key;           /* NULL: empty slot */
    size_t len;
    uint64_t hash;
    size_t val;
};

struct fleet_map {
    struct fleet_map_ent *v;
    size_t cap, nr;            /* cap is a power of two */
};

static uint64_t hash_bytes(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL;   /* FNV-1a */
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    return h;
}

static struct fleet_map *map_new(void)
{
    struct fleet_map *m = xcalloc(1, sizeof(*m));
    m->cap = 64;
    m->v = xcalloc(m->cap, sizeof(*m->v));
    return m;
}

static void map_free(struct fleet_map *m)
{
    if (!m)
        return;
    free(m->v);
    free(m);
}

static struct fleet_map_ent *map_slot(struct fleet_map *m, const char *key, size_t len, uint64_t h)
{
    size_t i = (size_t)h & (m->cap - 1);
    for (;; i = (i + 1) & (m->cap - 1)) {
        struct fleet_map_ent *e = &m->v[i];
        if (!e->key || (e->hash == h && e->len == len && !memcmp(e->key, key, len)))
            return e;
    }
}

static void map_grow(struct fleet_map *m)
{
    struct fleet_map_ent *old = m->v;
    size_t i, oldcap = m->cap;
    m->cap = st_mult(m->cap, 2);
    m->v = xcalloc(m->cap, sizeof(*m->v));
    for (i = 0; i < oldcap; i++)
        if (old[i].key)
            *map_slot(m, old[i].key, old[i].len, old[i].hash) = old[i];
    free(old);
}

/* The entry for key, or NULL.  */
static struct fleet_map_ent *map_get(const struct fleet_map *m, const char *key, size_t len)
{
    struct fleet_map_ent *e = map_slot((struct fleet_map *)m, key, len, hash_bytes(key, len));
    return e->key ? e : NULL;
}

/* The entry for key, created (key copied into the arena, val = dflt) if new. */
static struct fleet_map_ent *map_put(struct fleet_map *m, struct arena *a, const char *key, size_t len,
                                     size_t dflt, int *created)
{
    uint64_t h = hash_bytes(key, len);
    struct fleet_map_ent *e;
    if ((m->nr + 1) * 4 > m->cap * 3)
        map_grow(m);
    e = map_slot(m, key, len, h);
    *created = !e->key;
    if (!e->key) {
        e->key = arena_strndup(a, key, len);
        e->len = len;
        e->hash = h;
        e->val = dflt;
        m->nr++;
    }
    return e;
}

/* One shared copy of s (NULL stays NULL). */
static const char *intern(struct fleet *fl, const char *s)
{
    int created;
    if (!s)
        return NULL;
    return map_put(fl->strings, &fl->arena, s, strlen(s), 0, &created)->key;
}

void fleet_init(struct fleet *fl)
{
    memset(fl, 0, sizeof(*fl));
    arena_init(&fl->arena);
    fl->by_name = map_new();
    fl->by_key = map_new();
    fl->strings = map_new();
}

void fleet_release(struct fleet *fl)
{
    size_t i, j;
    for (i = 0; i < fl->n_nodes; i++) {
        free(fl->nodes[i].verdicts);
        free(fl->nodes[i].counts);
    }
    free(fl->nodes);
    for (i = 0; i < fl->n_groups; i++)
        free(fl->groups[i].nodes);
    free(fl->groups);
    for (i = 0; i < fl->n_drift; i++) {
        for (j = 0; j < fl->drift[i].nr; j++)
            free(fl->drift[i].values[j].nodes);
        free(fl->drift[i].values);
    }
    free(fl->drift);
    free(fl->rejects);
    map_free(fl->by_name);
    map_free(fl->by_key);
    map_free(fl->strings);
    arena_release(&fl->arena);
    memset(fl, 0, sizeof(*fl));
}

const char *fleet_state_name(enum fleet_state st)
{
    switch (st) {
    case FLEET_OK: return "ok";
    case FLEET_FAILING: return "failing";
    case FLEET_UNREACHABLE: return "unreachable";
    }
    return "unknown";
}

long fleet_find_node(const struct fleet *fl, const char *name)
{
    struct fleet_map_ent *e = map_get(fl->by_name, name, strlen(name));
    return e ? (long)e->val : -1;
}

void fleet_add_reject(struct fleet *fl, const char *source, const char *node, const char *reason)
{
    struct fleet_reject *r;
    ALLOC_GROW(fl->rejects, fl->n_rejects + 1, fl->alloc_rejects);
    r = &fl->rejects[fl->n_rejects++];
    r->source = arena_strdup(&fl->arena, source);
    r->node = intern(fl, node);
    r->reason = arena_strdup(&fl->arena, reason);
}

static struct fleet_node *node_new(struct fleet *fl, const char *name, uint32_t *idx)
{
    struct fleet_node *n;
    int created;
    struct fleet_map_ent *e = map_put(fl->by_name, &fl->arena, name, strlen(name), fl->n_nodes, &created);
    if (!created)
        return NULL;
    ALLOC_GROW(fl->nodes, fl->n_nodes + 1, fl->alloc_nodes);
    *idx = (uint32_t)fl->n_nodes;
    n = &fl->nodes[fl->n_nodes++];
    memset(n, 0, sizeof(*n));
    n->name = e->key;
    return n;
}

void fleet_add_unreachable(struct fleet *fl, const char *name, const char *reason)
{
    uint32_t idx;
    struct fleet_node *n = node_new(fl, name, &idx);
    if (!n)
        return;
    n->state = FLEET_UNREACHABLE;
    n->reason = arena_strdup(&fl->arena, reason);
}

static void push_node(uint32_t **v, size_t *nr, size_t *alloc, uint32_t idx)
{
    if (*nr && (*v)[*nr - 1] == idx)
        return;                 /* the same node twice in a row: one entry */
    ALLOC_GROW(*v, *nr + 1, *alloc);
    (*v)[(*nr)++] = idx;
}

static const char *jstr(json_t *obj, const char *key)
{
    json_t *v = json_object_get(obj, key);
    return json_is_string(v) ? json_string_value(v) : NULL;
}

static int sev_of(const char *s)
{
    if (!s)
        return -1;
    if (!strcmp(s, "error"))
        return 2;
    if (!strcmp(s, "warning"))
        return 1;
    if (!strcmp(s, "info"))
        return 0;
    return -1;
}

static size_t drift_dim(struct fleet *fl, const char *what)
{
    struct strbuf key = STRBUF_INIT;
    struct fleet_map_ent *e;
    int created;
    strbuf_addf(&key, "D\x1f%s", what);
    e = map_put(fl->by_key, &fl->arena, key.buf, key.len, fl->n_drift, &created);
    strbuf_release(&key);
    if (created) {
        struct fleet_drift *d;
        ALLOC_GROW(fl->drift, fl->n_drift + 1, fl->alloc_drift);
        d = &fl->drift[fl->n_drift++];
        memset(d, 0, sizeof(*d));
        d->what = intern(fl, what);
    }
    return e->val;
}

static void drift_add(struct fleet *fl, const char *what, const char *value, uint32_t idx)
{
    size_t dim = drift_dim(fl, what);
    struct strbuf key = STRBUF_INIT;
    struct fleet_map_ent *e;
    struct fleet_drift *d;
    int created;
    if (!value)
        value = "none";
    strbuf_addf(&key, "V\x1f%zu\x1f%s", dim, value);
    d = &fl->drift[dim];
    e = map_put(fl->by_key, &fl->arena, key.buf, key.len, d->nr, &created);
    strbuf_release(&key);
    if (created) {
        ALLOC_GROW(d->values, d->nr + 1, d->alloc);
        memset(&d->values[d->nr], 0, sizeof(d->values[0]));
        d->values[d->nr++].value = intern(fl, value);
    }
    push_node(&d->values[e->val].nodes, &d->values[e->val].nr, &d->values[e->val].alloc, idx);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The "version" of each element of arr (or "name" for frameworks), sorted,
 * unique, comma-separated; NULL when there is none. */
static const char *version_set(struct fleet *fl, json_t *arr, const char *key)
{
    const char **v;
    size_t i, n = 0, sz = json_array_size(arr);
    struct strbuf sb = STRBUF_INIT;
    const char *ret;
    if (!sz)
        return NULL;
    v = xcalloc(sz, sizeof(*v));
    for (i = 0; i < sz; i++) {
        const char *s = jstr(json_array_get(arr, i), key);
        if (s)
            v[n++] = s;
    }
    qsort(v, n, sizeof(*v), cmp_str);
    for (i = 0; i < n; i++) {
        if (i && !strcmp(v[i], v[i - 1]))
            continue;
        if (sb.len)
            strbuf_addch(&sb, ',');
        strbuf_addstr(&sb, v[i]);
    }
    free(v);
    ret = sb.len ? intern(fl, sb.buf) : intern(fl, "unknown");
    strbuf_release(&sb);
    return ret;
}

static void count_add(struct fleet_node *n, const char *kind, int sev)
{
    size_t i;
    for (i = 0; i < n->n_counts; i++)
        if (n->counts[i].kind == kind && n->counts[i].severity == sev) {
            n->counts[i].n++;
            return;
        }
    ALLOC_GROW(n->counts, n->n_counts + 1, n->alloc_counts);
    n->counts[n->n_counts].kind = kind;
    n->counts[n->n_counts].severity = sev;
    n->counts[n->n_counts++].n = 1;
}

static void group_add(struct fleet *fl, json_t *fd, const char *code, const char *kind, int sev,
                      const char *title, uint32_t idx)
{
    struct strbuf key = STRBUF_INIT;
    struct fleet_map_ent *e;
    struct fleet_group *g;
    int created;
    strbuf_addf(&key, "G\x1f%s\x1f%s", code, title);
    e = map_put(fl->by_key, &fl->arena, key.buf, key.len, fl->n_groups, &created);
    strbuf_release(&key);
    if (created) {
        json_t *ev = json_array_get(json_object_get(fd, "evidence"), 0);
        json_t *fx = json_array_get(json_object_get(fd, "fixes"), 0);
        ALLOC_GROW(fl->groups, fl->n_groups + 1, fl->alloc_groups);
        g = &fl->groups[fl->n_groups++];
        memset(g, 0, sizeof(*g));
        g->code = intern(fl, code);
        g->kind = intern(fl, kind);
        g->severity = sev;
        g->title = arena_strdup(&fl->arena, title);
        g->evidence = arena_strdup(&fl->arena, jstr(ev, "text"));
        g->fix_title = arena_strdup(&fl->arena, jstr(fx, "title"));
        g->fix_command = arena_strdup(&fl->arena, jstr(fx, "command"));
    }
    g = &fl->groups[e->val];
    push_node(&g->nodes, &g->nr, &g->alloc, idx);
}

static int refuse(struct fleet *fl, const char *source, const char *node, struct gd_err *err,
                  const char *fmt, ...) GD_PRINTF(5, 6);

static int refuse(struct fleet *fl, const char *source, const char *node, struct gd_err *err,
                  const char *fmt, ...)
{
    struct strbuf sb = STRBUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    strbuf_vaddf(&sb, fmt, ap);
    va_end(ap);
    fleet_add_reject(fl, source, node, sb.buf);
    err_setx(err, GD_ERR_FORMAT, "%s: %s", source, sb.buf);
    strbuf_release(&sb);
    return -1;
}

/* Why a document whose schema is not ours cannot be merged. */
static int refuse_schema(struct fleet *fl, const char *source, const char *node, const char *schema,
                         struct gd_err *err)
{
    if (!schema)
        return refuse(fl, source, node, err,
                      "not a gpudoctor check report (no \"schema\" key); make it with 'gpudoctor check --json'");
    if (str_starts(schema, "gpudoctor/"))
        return refuse(fl, source, node, err,
                      "report schema '%s' is not '" GD_JSON_SCHEMA "', the one this gpudoctor reads; "
                      "run the same gpudoctor version on every node", schema);
    if (str_starts(schema, "gpudoctor-"))
        return refuse(fl, source, node, err,
                      "a '%s' document, not a check report; make it with 'gpudoctor check --json'", schema);
    return refuse(fl, source, node, err, "unknown schema '%s', not a gpudoctor check report", schema);
}

int fleet_add_json(struct fleet *fl, json_t *doc, const char *name, const char *source,
                   struct gd_err *err)
{
    json_t *host, *findings, *verdicts, *arr, *drv;
    const char *schema, *hostname, *mid;
    struct fleet_node *n;
    uint32_t idx;
    size_t i, j;
    int verdict_reason = 0;

    if (!json_is_object(doc))
        return refuse(fl, source, name, err, "not a gpudoctor check report (a JSON %s, not an object)",
                      json_is_array(doc) ? "array" : "value");
    host = json_object_get(doc, "host");
    hostname = jstr(host, "hostname");
    mid = jstr(host, "machine_id");
    if (!name || !*name)
        name = hostname && *hostname ? hostname : mid && *mid ? mid : source;
    schema = jstr(doc, "schema");
    if (!schema || strcmp(schema, GD_JSON_SCHEMA))
        return refuse_schema(fl, source, name, schema, err);
    findings = json_object_get(doc, "findings");
    verdicts = json_object_get(doc, "verdicts");
    if ((findings && !json_is_array(findings)) || (verdicts && !json_is_array(verdicts)))
        return refuse(fl, source, name, err, "malformed report: \"findings\" or \"verdicts\" is not an array");
    if (fleet_find_node(fl, name) >= 0) {
        const struct fleet_node *first = &fl->nodes[fleet_find_node(fl, name)];
        return refuse(fl, source, name, err, "a second report for node '%s' (the first came from %s)", name,
                      first->source ? first->source : "slurm");
    }

    n = node_new(fl, name, &idx);
    n->hostname = intern(fl, hostname);
    n->machine_id = intern(fl, mid);
    n->source = arena_strdup(&fl->arena, source);
    fl->n_reports++;

    drv = json_object_get(doc, "driver");
    n->driver = intern(fl, jstr(drv, "version"));
    n->cuda = version_set(fl, json_object_get(doc, "cuda_toolkits"), "version");
    n->cudnn = version_set(fl, json_object_get(doc, "cudnn"), "version");
    drift_add(fl, "driver", n->driver, idx);
    drift_add(fl, "cuda", n->cuda, idx);
    drift_add(fl, "cudnn", n->cudnn, idx);

    for (i = 0; i < json_array_size(findings); i++) {
        json_t *fd = json_array_get(findings, i);
        const char *code = jstr(fd, "code"), *kind = jstr(fd, "kind"), *title = jstr(fd, "title");
        int sev = sev_of(jstr(fd, "severity"));
        if (!code || sev < 0)
            continue;
        kind = intern(fl, kind ? kind : "other");
        count_add(n, kind, sev);
        if (sev == 2)
            n->errors++;
        else if (sev == 1)
            n->warnings++;
        else
            n->infos++;
        if (sev >= 1) {
            group_add(fl, fd, code, kind, sev, title ? title : code, idx);
            if (sev == 2 && !n->reason)
                n->reason = arena_strdup(&fl->arena, title ? title : code);
        }
    }

    n->state = n->errors ? FLEET_FAILING : FLEET_OK;
    if (verdicts) {
        for (i = 0; i < json_array_size(verdicts); i++) {
            json_t *vj = json_array_get(verdicts, i);
            struct fleet_verdict *v;
            ALLOC_GROW(n->verdicts, n->n_verdicts + 1, n->alloc_verdicts);
            v = &n->verdicts[n->n_verdicts++];
            v->env = intern(fl, jstr(vj, "env"));
            v->framework = intern(fl, jstr(vj, "framework") ? jstr(vj, "framework") : "unknown");
            v->version = intern(fl, jstr(vj, "version"));
            v->gpu = intern(fl, jstr(vj, "gpu") ? jstr(vj, "gpu") : "unknown");
            v->reason = arena_strdup(&fl->arena, jstr(vj, "reason"));
            if (strcmp(v->gpu, "yes")) {
                if (!verdict_reason++)
                    n->reason = arena_printf(&fl->arena, "%s %s: %s", v->framework,
                                             v->version ? v->version : "?",
                                             v->reason ? v->reason : v->gpu);
                n->state = FLEET_FAILING;
            }
        }
        /* Framework versions for the drift tables, one set per framework. */
        for (i = 0; i < n->n_verdicts; i++) {
            int seen = 0;
            for (j = 0; j < i; j++)
                if (n->verdicts[j].framework == n->verdicts[i].framework)
                    seen = 1;
            if (seen)
                continue;
            arr = json_array();
            for (j = i; j < n->n_verdicts; j++)
                if (n->verdicts[j].framework == n->verdicts[i].framework && n->verdicts[j].version)
                    json_array_append_new(arr, json_pack("{ss}", "version", n->verdicts[j].version));
            drift_add(fl, n->verdicts[i].framework, version_set(fl, arr, "version"), idx);
            json_decref(arr);
        }
    }
    return 0;
}

/*
 * Append JSON text without the blanks between tokens: reports are
 * pretty-printed, and jansson reads every byte through a function call, so
 * handing it compact text halves the parsing time of `fleet report`.
 */
static void add_compact(struct strbuf *sb, const char *s, size_t n)
{
    size_t i = 0, start;
    strbuf_grow(sb, n);
    while (i < n) {
        start = i;
        while (i < n && s[i] != '"' && s[i] != ' ' && s[i] != '\n' && s[i] != '\r' && s[i] != '\t')
            i++;
        if (i < n && s[i] == '"') {         /* copy the whole string */
            for (i++; i < n && s[i] != '"'; i++)
                if (s[i] == '\\' && i + 1 < n)
                    i++;
            if (i < n)
                i++;
        }
        strbuf_add(sb, s + start, i - start);
        while (i < n && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t'))
            i++;
    }
}

/*
 * The verdicts array without each verdict's "needs" (the libraries and the
 * paths they resolve to): the fleet view never reads them and they are most
 * of the array's bytes.  Falls back to the whole array if anything in it is
 * not the shape the report schema gives.
 */
static void add_verdicts(struct strbuf *sb, const char *s, size_t n)
{
    struct jscan_member m[32];
    size_t start = sb->len, i = 1, nm, bad, k;
    int first = 1;
    long r;

    if (!n || s[0] != '[')
        goto whole;
    strbuf_addch(sb, '[');
    for (;;) {
        while (i < n && strchr(" \t\r\n", s[i]))
            i++;
        if (i < n && s[i] == ']')
            break;
        if (i >= n || s[i] != '{')
            goto whole;
        r = jscan_value(s + i, n - i, m, sizeof(m) / sizeof(m[0]), &nm, &bad);
        if (r <= 0 || nm >= sizeof(m) / sizeof(m[0]))
            goto whole;
        strbuf_addstr(sb, first ? "{" : ",{");
        first = 0;
        for (k = 0; k < nm; k++) {
            if (m[k].key_len == 5 && !memcmp(s + i + m[k].key, "needs", 5))
                continue;
            if (sb->buf[sb->len - 1] != '{')
                strbuf_addch(sb, ',');
            strbuf_addch(sb, '"');
            strbuf_add(sb, s + i + m[k].key, m[k].key_len);
            strbuf_addstr(sb, "\":");
            add_compact(sb, s + i + m[k].val, m[k].val_len);
        }
        strbuf_addch(sb, '}');
        i += (size_t)r;
        while (i < n && strchr(" \t\r\n", s[i]))
            i++;
        if (i < n && s[i] == ',')
            i++;
    }
    strbuf_addch(sb, ']');
    return;
whole:
    strbuf_setlen(sb, start);
    add_compact(sb, s, n);
}

/* The members fleet_add_json reads; the rest of a report is only scanned. */
static const char *const wanted_members[] = { "schema", "host", "driver", "cuda_toolkits", "cudnn",
                                              "verdicts", "findings" };

int fleet_add_report(struct fleet *fl, const char *buf, size_t len, const char *name,
                     const char *source, struct gd_err *err)
{
    struct jscan_member m[128];
    struct strbuf sb = STRBUF_INIT;
    json_error_t je;
    json_t *doc;
    size_t n, bad, i, k, line = 1, ws = 0;
    long r;
    int ret;

    while (ws < len && strchr(" \t\r\n", buf[ws]))
        ws++;
    buf += ws;
    len -= ws;
    r = jscan_value(buf, len, m, sizeof(m) / sizeof(m[0]), &n, &bad);
    if (r == 0) {
        for (i = 0; i < len; i++)
            line += buf[i] == '\n';
        return refuse(fl, source, name, err, "not valid JSON: the document ends early, at line %zu", line);
    }
    if (r < 0) {
        for (i = 0; i < bad; i++)
            line += buf[i] == '\n';
        return refuse(fl, source, name, err, "not valid JSON: line %zu: unexpected '%c'", line,
                      (unsigned char)buf[bad] >= 0x20 && (unsigned char)buf[bad] < 0x7f ? buf[bad] : '?');
    }
    if (buf[0] != '{') {
        doc = json_loadb(buf, (size_t)r, JSON_REJECT_DUPLICATES, &je);
    } else {
        /* Rebuild an object of the members we read: jansson parses only those. */
        strbuf_addch(&sb, '{');
        for (i = 0; i < n; i++)
            for (k = 0; k < sizeof(wanted_members) / sizeof(wanted_members[0]); k++)
                if (strlen(wanted_members[k]) == m[i].key_len &&
                    !memcmp(buf + m[i].key, wanted_members[k], m[i].key_len)) {
                    if (sb.len > 1)
                        strbuf_addch(&sb, ',');
                    strbuf_addch(&sb, '"');
                    strbuf_add(&sb, buf + m[i].key, m[i].key_len);
                    strbuf_addstr(&sb, "\":");
                    if (m[i].key_len == 8 && !memcmp(buf + m[i].key, "verdicts", 8))
                        add_verdicts(&sb, buf + m[i].val, m[i].val_len);
                    else
                        add_compact(&sb, buf + m[i].val, m[i].val_len);
                }
        strbuf_addch(&sb, '}');
        doc = json_loadb(sb.buf, sb.len, JSON_REJECT_DUPLICATES, &je);
    }
    strbuf_release(&sb);
    if (!doc)
        return refuse(fl, source, name, err, "not valid JSON: %s", je.text);
    ret = fleet_add_json(fl, doc, name, source, err);
    json_decref(doc);
    return ret;
}

static int group_cmp(const void *pa, const void *pb)
{
    const struct fleet_group *a = pa, *b = pb;
    int c;
    if (a->severity != b->severity)
        return a->severity > b->severity ? -1 : 1;
    if (a->nr != b->nr)
        return a->nr > b->nr ? -1 : 1;
    if ((c = strcmp(a->code, b->code)) != 0)
        return c;
    return strcmp(a->title, b->title);
}

static int u32_cmp(const void *pa, const void *pb)
{
    uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
    return a < b ? -1 : a > b;
}

static int value_cmp(const void *pa, const void *pb)
{
    const struct fleet_drift_value *a = pa, *b = pb;
    if (a->nr != b->nr)
        return a->nr > b->nr ? -1 : 1;
    return strcmp(a->value, b->value);
}

void fleet_finish(struct fleet *fl)
{
    size_t i, j, k;
    unsigned char *seen = xcalloc(fl->n_nodes ? fl->n_nodes : 1, 1);

    memset(fl->n_state, 0, sizeof(fl->n_state));
    for (i = 0; i < fl->n_nodes; i++)
        fl->n_state[fl->nodes[i].state]++;
    if (fl->n_groups)
        qsort(fl->groups, fl->n_groups, sizeof(*fl->groups), group_cmp);

    /* A framework absent from a reachable node is drift too: "none". */
    for (i = 3; i < fl->n_drift; i++) {
        const char *what = fl->drift[i].what;
        memset(seen, 0, fl->n_nodes);
        for (j = 0; j < fl->drift[i].nr; j++)
            for (k = 0; k < fl->drift[i].values[j].nr; k++)
                seen[fl->drift[i].values[j].nodes[k]] = 1;
        for (k = 0; k < fl->n_nodes; k++)
            if (!seen[k] && fl->nodes[k].state != FLEET_UNREACHABLE)
                drift_add(fl, what, "none", (uint32_t)k);
    }
    free(seen);
    for (i = 0; i < fl->n_drift; i++) {
        struct fleet_drift *d = &fl->drift[i];
        /* The "none" values were appended out of node order: sort each list. */
        for (j = 0; j < d->nr; j++) {
            struct fleet_drift_value *v = &d->values[j];
            for (k = 1; k < v->nr && v->nodes[k - 1] < v->nodes[k]; k++)
                ;
            if (k < v->nr && v->nr > 1)
                qsort(v->nodes, v->nr, sizeof(*v->nodes), u32_cmp);
        }
        if (d->nr > 1)
            qsort(d->values, d->nr, sizeof(*d->values), value_cmp);
    }
}

int fleet_has_problems(const struct fleet *fl)
{
    return fl->n_state[FLEET_FAILING] || fl->n_state[FLEET_UNREACHABLE] || fl->n_rejects;
}
