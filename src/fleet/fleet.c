/*
 * fleet.c - merge check reports into node sets by state, problem groups,
 * drift tables and unreachable groups (see fleet.h).  Each report is read
 * once by fleet/jread.c into a scratch record (its strings in one buffer),
 * checked, and merged; only interned strings and hostsets stay.
 */
#include "fleet/fleet.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet/jread.h"
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

/* The entry for key, created (key copied into the arena, val = dflt) if new. */
static struct fleet_map_ent *map_put(struct fleet_map *m, struct arena *a, const char *key, size_t len,
                                     size_t dflt, int *created)
{
    uint64_t h = mem_hash(key, len);
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


/* ---- one report, read ---- */

#define NOSTR SIZE_MAX
#define CUT_MARK "[...]"

struct sc_finding {
    size_t code, kind, severity, title, evidence, fix_title, fix_command, fix_rank;
};

struct sc_verdict {
    size_t env, framework, version, gpu, reason;
};

struct sc_list {                   /* the versions of cuda_toolkits or cudnn */
    size_t *v;
    size_t nr, alloc;
    size_t elements;               /* elements of the array, versions or not */
};

struct fleet_scratch {
    struct strbuf s;               /* every string, each NUL-terminated */
    size_t schema, hostname, machine_id, driver;
    int long_name;                 /* hostname or machine_id over FLEET_NAME_MAX */
    int is_array;                  /* the document is an array, not an object */
    int findings_bad, verdicts_bad;
    struct sc_list cuda, cudnn;
    struct sc_finding *f;
    size_t nf, af;
    struct sc_verdict *v;
    size_t nv, av;
    /* the merged row */
    struct fleet_verdict *rv;
    size_t arv;
    struct fleet_count *rc;
    size_t nrc, arc;
    struct strbuf key, tmp, reason;
};

static void scratch_reset(struct fleet_scratch *sc)
{
    strbuf_reset(&sc->s);
    sc->schema = sc->hostname = sc->machine_id = sc->driver = NOSTR;
    sc->long_name = sc->is_array = sc->findings_bad = sc->verdicts_bad = 0;
    sc->cuda.nr = sc->cuda.elements = sc->cudnn.nr = sc->cudnn.elements = 0;
    sc->nf = sc->nv = sc->nrc = 0;
}

static void scratch_free(struct fleet_scratch *sc)
{
    if (!sc)
        return;
    strbuf_release(&sc->s);
    strbuf_release(&sc->key);
    strbuf_release(&sc->tmp);
    strbuf_release(&sc->reason);
    free(sc->cuda.v);
    free(sc->cudnn.v);
    free(sc->f);
    free(sc->v);
    free(sc->rv);
    free(sc->rc);
    free(sc);
}

static const char *S(const struct fleet_scratch *sc, size_t off)
{
    return off == NOSTR ? NULL : sc->s.buf + off;
}

/*
 * The value that follows, when it is a string: its offset in sc->s, at most
 * max bytes of it (a longer one is cut and marked); NOSTR for any other
 * value (checked and skipped).  *cut, when not NULL, says it was cut.
 */
static int take(struct jread *r, struct fleet_scratch *sc, size_t max, size_t *off, int *cut)
{
    size_t start = sc->s.len;
    int c = 0;
    if (cut)
        *cut = 0;
    if (jread_peek(r) != JREAD_STRING) {
        *off = NOSTR;
        return jread_skip(r);
    }
    if (jread_string(r, &sc->s, max, &c) < 0)
        return -1;
    if (c) {
        strbuf_addstr(&sc->s, CUT_MARK);
        if (cut)
            *cut = 1;
    }
    strbuf_addch(&sc->s, '\0');
    *off = start;
    return 0;
}

/* Which of names[0..n) key is, or -1; a second sighting is an error. */
static int wanted(const char *key, const char *const *names, int n, unsigned *seen, char *why, size_t wsz)
{
    int i;
    for (i = 0; i < n; i++)
        if (!strcmp(key, names[i])) {
            if (*seen & (1u << i)) {
                snprintf(why, wsz, "duplicate key \"%s\"", key);
                return -2;
            }
            *seen |= 1u << i;
            return i;
        }
    return -1;
}

#define KEYS(a) (a), (int)(sizeof(a) / sizeof((a)[0]))

/* An object whose wanted string members go to offs[] (NOSTR if absent). */
static int read_strings(struct jread *r, struct fleet_scratch *sc, const char *const *names, int n,
                        const size_t *max, size_t *offs, int *cut, char *why, size_t wsz)
{
    char key[32];
    unsigned seen = 0;
    int k, i;
    for (i = 0; i < n; i++) {
        offs[i] = NOSTR;
        if (cut)
            cut[i] = 0;
    }
    if (jread_peek(r) != JREAD_OBJECT)
        return jread_skip(r);
    if (jread_object(r) < 0)
        return -1;
    while ((k = jread_member(r, key, sizeof(key))) == 1) {
        i = wanted(key, names, n, &seen, why, wsz);
        if (i == -2)
            return -2;
        if (i < 0 ? jread_skip(r) : take(r, sc, max[i], &offs[i], cut ? &cut[i] : NULL))
            return -1;
    }
    return k;
}

/* The first element of an array, when it is an object: its wanted strings. */
static int read_first(struct jread *r, struct fleet_scratch *sc, const char *const *names, int n,
                      const size_t *max, size_t *offs, char *why, size_t wsz)
{
    int k, first = 1, i;
    for (i = 0; i < n; i++)
        offs[i] = NOSTR;
    if (jread_peek(r) != JREAD_ARRAY)
        return jread_skip(r);
    if (jread_array(r) < 0)
        return -1;
    while ((k = jread_element(r)) == 1) {
        if (first) {
            if ((i = read_strings(r, sc, names, n, max, offs, NULL, why, wsz)) < 0)
                return i;
            first = 0;
        } else if (jread_skip(r) < 0) {
            return -1;
        }
    }
    return k;
}

static const size_t text_max[] = { FLEET_TEXT_MAX, FLEET_TEXT_MAX, FLEET_TEXT_MAX, FLEET_TEXT_MAX,
                                   FLEET_TEXT_MAX, FLEET_TEXT_MAX, FLEET_TEXT_MAX };

static int read_versions(struct jread *r, struct fleet_scratch *sc, struct sc_list *l, char *why, size_t wsz)
{
    static const char *const names[] = { "version" };
    int k, i;
    size_t off;
    if (jread_peek(r) != JREAD_ARRAY)
        return jread_skip(r);
    if (jread_array(r) < 0)
        return -1;
    while ((k = jread_element(r)) == 1) {
        l->elements++;
        if ((i = read_strings(r, sc, KEYS(names), text_max, &off, NULL, why, wsz)) < 0)
            return i;
        if (off != NOSTR) {
            ALLOC_GROW(l->v, l->nr + 1, l->alloc);
            l->v[l->nr++] = off;
        }
    }
    return k;
}

static int read_finding(struct jread *r, struct fleet_scratch *sc, char *why, size_t wsz)
{
    static const char *const names[] = { "code", "kind", "severity", "title", "evidence", "fixes" };
    static const char *const ev_names[] = { "text" };
    static const char *const fix_names[] = { "title", "command", "rank" };
    static const size_t fix_max[] = { FLEET_TEXT_MAX, FLEET_COMMAND_MAX, FLEET_TEXT_MAX };
    struct sc_finding *f;
    char key[32];
    unsigned seen = 0;
    size_t fix[3];
    int k, i;
    if (jread_peek(r) != JREAD_OBJECT)
        return jread_skip(r);       /* not a finding: nothing of it is read */
    if (jread_object(r) < 0)
        return -1;
    ALLOC_GROW(sc->f, sc->nf + 1, sc->af);
    f = &sc->f[sc->nf++];
    f->code = f->kind = f->severity = f->title = f->evidence = f->fix_title = f->fix_command = f->fix_rank = NOSTR;
    while ((k = jread_member(r, key, sizeof(key))) == 1) {
        int rc;
        switch (i = wanted(key, KEYS(names), &seen, why, wsz)) {
        case -2: return -2;
        case 0: rc = take(r, sc, FLEET_TEXT_MAX, &f->code, NULL); break;
        case 1: rc = take(r, sc, FLEET_TEXT_MAX, &f->kind, NULL); break;
        case 2: rc = take(r, sc, FLEET_TEXT_MAX, &f->severity, NULL); break;
        case 3: rc = take(r, sc, FLEET_TEXT_MAX, &f->title, NULL); break;
        case 4: rc = read_first(r, sc, KEYS(ev_names), text_max, &f->evidence, why, wsz); break;
        case 5:
            rc = read_first(r, sc, KEYS(fix_names), fix_max, fix, why, wsz);
            f->fix_title = fix[0];
            f->fix_command = fix[1];
            f->fix_rank = fix[2];
            break;
        default: rc = jread_skip(r); break;
        }
        if (rc < 0)
            return rc;
    }
    return k;
}

static int read_verdict(struct jread *r, struct fleet_scratch *sc, char *why, size_t wsz)
{
    static const char *const names[] = { "env", "framework", "version", "gpu", "reason" };
    size_t offs[5];
    int i;
    /* Any element is a verdict: one that is not an object is "unknown". */
    if ((i = read_strings(r, sc, KEYS(names), text_max, offs, NULL, why, wsz)) < 0)
        return i;
    ALLOC_GROW(sc->v, sc->nv + 1, sc->av);
    sc->v[sc->nv].env = offs[0];
    sc->v[sc->nv].framework = offs[1];
    sc->v[sc->nv].version = offs[2];
    sc->v[sc->nv].gpu = offs[3];
    sc->v[sc->nv].reason = offs[4];
    sc->nv++;
    return 0;
}

static int read_list(struct jread *r, struct fleet_scratch *sc, int *bad,
                     int (*one)(struct jread *, struct fleet_scratch *, char *, size_t), char *why, size_t wsz)
{
    int k, i;
    if (jread_peek(r) != JREAD_ARRAY) {
        *bad = 1;
        return jread_skip(r);
    }
    if (jread_array(r) < 0)
        return -1;
    while ((k = jread_element(r)) == 1)
        if ((i = one(r, sc, why, wsz)) < 0)
            return i;
    return k;
}

/*
 * Read the JSON value at the front of buf[0..len) into sc; *used is its
 * length.  0; 1 when buf ends inside it; -1 with why: not valid JSON, or a
 * duplicate key in something read.
 */
static int read_report(struct fleet_scratch *sc, const char *buf, size_t len, size_t *used, char *why,
                       size_t wsz)
{
    static const char *const names[] = { "schema", "host", "driver", "cuda_toolkits", "cudnn",
                                          "verdicts", "findings" };
    static const char *const host_names[] = { "hostname", "machine_id" };
    static const char *const version_name[] = { "version" };
    static const size_t name_max[] = { FLEET_NAME_MAX, FLEET_NAME_MAX };
    struct jread r;
    char key[32], e[128];
    unsigned seen = 0;
    size_t offs[2];
    int k, i, rc, cut[2];

    scratch_reset(sc);
    jread_init(&r, buf, len);
    if (jread_peek(&r) == JREAD_ARRAY) {
        sc->is_array = 1;
        rc = jread_skip(&r);
        goto end;
    }
    if (jread_object(&r) < 0)
        goto bad;
    while ((k = jread_member(&r, key, sizeof(key))) == 1) {
        switch (i = wanted(key, KEYS(names), &seen, why, wsz)) {
        case -2: return -1;
        case 0: rc = take(&r, sc, FLEET_TEXT_MAX, &sc->schema, NULL); break;
        case 1:
            rc = read_strings(&r, sc, KEYS(host_names), name_max, offs, cut, why, wsz);
            sc->hostname = offs[0];
            sc->machine_id = offs[1];
            sc->long_name = cut[0] || cut[1];
            break;
        case 2: rc = read_strings(&r, sc, KEYS(version_name), text_max, &sc->driver, NULL, why, wsz); break;
        case 3: rc = read_versions(&r, sc, &sc->cuda, why, wsz); break;
        case 4: rc = read_versions(&r, sc, &sc->cudnn, why, wsz); break;
        case 5: rc = read_list(&r, sc, &sc->verdicts_bad, read_verdict, why, wsz); break;
        case 6: rc = read_list(&r, sc, &sc->findings_bad, read_finding, why, wsz); break;
        default: rc = jread_skip(&r); break;
        }
        if (rc == -2)
            return -1;
        if (rc < 0)
            goto bad;
    }
    rc = k;
end:
    if (rc < 0)
        goto bad;
    *used = r.pos;
    return 0;
bad:
    if (jread_truncated(&r))
        return 1;
    snprintf(why, wsz, "%s", jread_error(&r, e, sizeof(e)));
    return -1;
}

/* ---- the per-node table: rows in an anonymous temporary file ---- */

struct fleet_table {
    FILE *fp;
    struct strbuf rec;             /* the row being written or read */
    int write_errno;               /* the first write error, or 0 */
    struct fleet_verdict *v;
    size_t av;
    struct fleet_count *c;
    size_t ac;
};

#define ROW_NULL UINT32_MAX

static void put_u32(struct strbuf *sb, uint32_t v)
{
    unsigned char b[4];
    b[0] = (unsigned char)(v >> 24);
    b[1] = (unsigned char)(v >> 16);
    b[2] = (unsigned char)(v >> 8);
    b[3] = (unsigned char)v;
    strbuf_add(sb, b, 4);
}

static void put_str(struct strbuf *sb, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    put_u32(sb, s ? (uint32_t)n : ROW_NULL);
    if (s) {
        strbuf_add(sb, s, n);
        strbuf_addch(sb, '\0');
    }
}

static void table_write(struct fleet_table *t, const struct fleet_node *n)
{
    struct strbuf *sb = &t->rec;
    size_t i;
    if (t->write_errno)
        return;
    strbuf_reset(sb);
    put_u32(sb, 0);                /* the row's length, set below */
    put_str(sb, n->name);
    put_str(sb, n->hostname);
    put_str(sb, n->machine_id);
    put_str(sb, n->source);
    put_str(sb, n->reason);
    put_str(sb, n->driver);
    put_str(sb, n->cuda);
    put_str(sb, n->cudnn);
    put_u32(sb, (uint32_t)n->state);
    put_u32(sb, n->errors);
    put_u32(sb, n->warnings);
    put_u32(sb, n->infos);
    put_u32(sb, (uint32_t)n->n_verdicts);
    for (i = 0; i < n->n_verdicts; i++) {
        put_str(sb, n->verdicts[i].env);
        put_str(sb, n->verdicts[i].framework);
        put_str(sb, n->verdicts[i].version);
        put_str(sb, n->verdicts[i].gpu);
        put_str(sb, n->verdicts[i].reason);
    }
    put_u32(sb, (uint32_t)n->n_counts);
    for (i = 0; i < n->n_counts; i++) {
        put_str(sb, n->counts[i].kind);
        put_u32(sb, (uint32_t)n->counts[i].severity);
        put_u32(sb, n->counts[i].n);
    }
    {
        size_t len = sb->len - 4;
        sb->buf[0] = (char)(len >> 24);
        sb->buf[1] = (char)(len >> 16);
        sb->buf[2] = (char)(len >> 8);
        sb->buf[3] = (char)len;
    }
    errno = 0;
    if (fwrite(sb->buf, 1, sb->len, t->fp) != sb->len)
        t->write_errno = errno ? errno : EIO;
}

struct row_reader {
    const unsigned char *p, *end;
    int bad;
};

static uint32_t get_u32(struct row_reader *rr)
{
    uint32_t v;
    if (rr->end - rr->p < 4) {
        rr->bad = 1;
        return 0;
    }
    v = (uint32_t)rr->p[0] << 24 | (uint32_t)rr->p[1] << 16 | (uint32_t)rr->p[2] << 8 | rr->p[3];
    rr->p += 4;
    return v;
}

static const char *get_str(struct row_reader *rr)
{
    uint32_t n = get_u32(rr);
    const char *s;
    if (n == ROW_NULL || rr->bad)
        return NULL;
    if ((size_t)(rr->end - rr->p) < (size_t)n + 1 || rr->p[n] != '\0') {
        rr->bad = 1;
        return NULL;
    }
    s = (const char *)rr->p;
    rr->p += n + 1;
    return s;
}

/* Parse the row in t->rec into n (pointing into t->rec).  0, or -1 if garbled. */
static int table_parse(struct fleet_table *t, struct fleet_node *n)
{
    struct row_reader rr;
    uint32_t i, nv, nc;
    rr.p = (const unsigned char *)t->rec.buf;
    rr.end = rr.p + t->rec.len;
    rr.bad = 0;
    memset(n, 0, sizeof(*n));
    n->name = get_str(&rr);
    n->hostname = get_str(&rr);
    n->machine_id = get_str(&rr);
    n->source = get_str(&rr);
    n->reason = get_str(&rr);
    n->driver = get_str(&rr);
    n->cuda = get_str(&rr);
    n->cudnn = get_str(&rr);
    n->state = (enum fleet_state)(get_u32(&rr) % 3);
    n->errors = get_u32(&rr);
    n->warnings = get_u32(&rr);
    n->infos = get_u32(&rr);
    nv = get_u32(&rr);
    if (rr.bad || nv > t->rec.len)
        return -1;
    ALLOC_GROW(t->v, nv, t->av);
    for (i = 0; i < nv; i++) {
        t->v[i].env = get_str(&rr);
        t->v[i].framework = get_str(&rr);
        t->v[i].version = get_str(&rr);
        t->v[i].gpu = get_str(&rr);
        t->v[i].reason = get_str(&rr);
    }
    nc = get_u32(&rr);
    if (rr.bad || nc > t->rec.len)
        return -1;
    ALLOC_GROW(t->c, nc, t->ac);
    for (i = 0; i < nc; i++) {
        t->c[i].kind = get_str(&rr);
        t->c[i].severity = (int)(get_u32(&rr) % 3);
        t->c[i].n = get_u32(&rr);
    }
    if (rr.bad || !n->name || rr.p != rr.end)
        return -1;
    n->verdicts = t->v;
    n->n_verdicts = nv;
    n->counts = t->c;
    n->n_counts = nc;
    return 0;
}

int fleet_keep_nodes(struct fleet *fl, struct gd_err *err)
{
    FILE *fp;
    if (fl->table)
        return 0;
    errno = 0;
    if (!(fp = tmpfile()))
        return err_set(err, "cannot make a temporary file for the per-node table");
    fl->table = xcalloc(1, sizeof(*fl->table));
    fl->table->fp = fp;
    return 0;
}

static void table_free(struct fleet_table *t)
{
    if (!t)
        return;
    if (t->fp)
        fclose(t->fp);
    strbuf_release(&t->rec);
    free(t->v);
    free(t->c);
    free(t);
}

int fleet_each_node(struct fleet *fl, int (*fn)(const struct fleet_node *n, void *arg), void *arg,
                    struct gd_err *err)
{
    struct fleet_table *t = fl->table;
    struct fleet_node n;
    unsigned char b[4];
    int ret = 0;
    if (!t)
        BUG("fleet_each_node without fleet_keep_nodes");
    if (fflush(t->fp) != 0 || fseek(t->fp, 0, SEEK_SET) != 0)
        return err_set(err, "cannot read the per-node table back");
    for (;;) {
        size_t len;
        if (fread(b, 1, 4, t->fp) != 4)
            break;
        len = (size_t)b[0] << 24 | (size_t)b[1] << 16 | (size_t)b[2] << 8 | b[3];
        strbuf_reset(&t->rec);
        strbuf_grow(&t->rec, len);
        if (fread(t->rec.buf, 1, len, t->fp) != len)
            return err_setx(err, GD_ERR_FORMAT, "the per-node table ends in the middle of a row");
        t->rec.len = len;          /* read straight into the room grown above */
        t->rec.buf[len] = '\0';
        if (table_parse(t, &n) < 0)
            return err_setx(err, GD_ERR_FORMAT, "the per-node table holds a garbled row");
        if ((ret = fn(&n, arg)) != 0)
            return ret;
    }
    if (ferror(t->fp))
        return err_set(err, "cannot read the per-node table back");
    /* Appends after a read need a positioning call in between (C11 7.21.5.3). */
    fseek(t->fp, 0, SEEK_END);
    return 0;
}

/* ---- the fleet ---- */

void fleet_init(struct fleet *fl)
{
    int i;
    memset(fl, 0, sizeof(*fl));
    arena_init(&fl->arena);
    fl->pool = hostpool_new();
    for (i = 0; i < 3; i++)
        hostset_init(&fl->state[i], fl->pool);
    fl->by_key = map_new();
    fl->strings = map_new();
    fl->scratch = xcalloc(1, sizeof(*fl->scratch));
}

void fleet_release(struct fleet *fl)
{
    size_t i, j;
    for (i = 0; i < fl->n_groups; i++)
        hostset_release(&fl->groups[i].nodes);
    free(fl->groups);
    for (i = 0; i < fl->n_drift; i++) {
        for (j = 0; j < fl->drift[i].nr; j++)
            hostset_release(&fl->drift[i].values[j].nodes);
        free(fl->drift[i].values);
        hostset_release(&fl->drift[i].seen);
    }
    free(fl->drift);
    for (i = 0; i < fl->n_unreach; i++)
        hostset_release(&fl->unreach[i].nodes);
    free(fl->unreach);
    free(fl->rejects);
    for (i = 0; i < 3; i++)
        hostset_release(&fl->state[i]);
    hostpool_free(fl->pool);
    map_free(fl->by_key);
    map_free(fl->strings);
    scratch_free(fl->scratch);
    table_free(fl->table);
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

int fleet_has_node(const struct fleet *fl, const char *name)
{
    /* No set of every node: the three states are it (a node is in one). */
    return hostset_has(&fl->state[FLEET_OK], name) || hostset_has(&fl->state[FLEET_FAILING], name) ||
           hostset_has(&fl->state[FLEET_UNREACHABLE], name);
}

/* The index of the entry for key (kind byte, then parts joined by 0x1f), created by make. */
static size_t keyed(struct fleet *fl, size_t dflt, int *created, const char *kind, const char *a, const char *b)
{
    struct strbuf *k = &fl->scratch->key;
    strbuf_reset(k);
    strbuf_addstr(k, kind);
    strbuf_addch(k, 0x1f);
    strbuf_addstr(k, a);
    if (b) {
        strbuf_addch(k, 0x1f);
        strbuf_addstr(k, b);
    }
    return map_put(fl->by_key, &fl->arena, k->buf, k->len, dflt, created)->val;
}

static void unreachable_add(struct fleet *fl, const char *name, const char *reason)
{
    struct fleet_unreachable *u;
    int created;
    size_t i;
    if (fleet_has_node(fl, name))
        return;
    i = keyed(fl, fl->n_unreach, &created, "U", reason, NULL);
    if (created) {
        ALLOC_GROW(fl->unreach, fl->n_unreach + 1, fl->alloc_unreach);
        u = &fl->unreach[fl->n_unreach++];
        u->reason = intern(fl, reason);
        hostset_init(&u->nodes, fl->pool);
    }
    hostset_add(&fl->unreach[i].nodes, name);
    hostset_add(&fl->state[FLEET_UNREACHABLE], name);
}

void fleet_add_unreachable(struct fleet *fl, const char *name, const char *reason)
{
    unreachable_add(fl, name, reason);
}

/* A report of name arrived: it is no longer unreachable. */
static void unreachable_drop(struct fleet *fl, const char *name)
{
    size_t i;
    if (!hostset_remove(&fl->state[FLEET_UNREACHABLE], name))
        return;
    for (i = 0; i < fl->n_unreach; i++)
        if (hostset_remove(&fl->unreach[i].nodes, name))
            break;
}

void fleet_add_reject(struct fleet *fl, const char *source, const char *node, const char *reason)
{
    struct fleet_reject *r;
    ALLOC_GROW(fl->rejects, fl->n_rejects + 1, fl->alloc_rejects);
    r = &fl->rejects[fl->n_rejects++];
    r->source = arena_strdup(&fl->arena, source);
    r->node = intern(fl, node);
    r->reason = arena_strdup(&fl->arena, reason);
    if (node && *node) {
        struct strbuf *t = &fl->scratch->tmp;
        strbuf_reset(t);
        if (str_starts(reason, "no report"))
            strbuf_addstr(t, reason);
        else
            strbuf_addf(t, "report refused: %s", reason);
        unreachable_add(fl, node, t->buf);
    }
}

static size_t drift_dim(struct fleet *fl, const char *what)
{
    int created;
    size_t i = keyed(fl, fl->n_drift, &created, "D", what, NULL);
    if (created) {
        struct fleet_drift *d;
        ALLOC_GROW(fl->drift, fl->n_drift + 1, fl->alloc_drift);
        d = &fl->drift[fl->n_drift++];
        memset(d, 0, sizeof(*d));
        d->what = intern(fl, what);
        hostset_init(&d->seen, fl->pool);
    }
    return i;
}

static struct fleet_drift_value *drift_value(struct fleet *fl, size_t dim, const char *value)
{
    struct fleet_drift *d = &fl->drift[dim];
    char num[24];
    int created;
    size_t i;
    snprintf(num, sizeof(num), "%zu", dim);
    i = keyed(fl, d->nr, &created, "V", num, value);
    if (created) {
        ALLOC_GROW(d->values, d->nr + 1, d->alloc);
        d->values[d->nr].value = intern(fl, value);
        hostset_init(&d->values[d->nr].nodes, fl->pool);
        d->nr++;
    }
    return &d->values[i];
}

static void drift_add(struct fleet *fl, const char *what, const char *value, const char *node)
{
    size_t dim = drift_dim(fl, what);
    hostset_add(&drift_value(fl, dim, value ? value : "none")->nodes, node);
    if (dim >= 3)      /* driver, cuda and cudnn are given for every node */
        hostset_add(&fl->drift[dim].seen, node);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The versions offs[0..n), sorted, unique, comma-separated and interned;
 * NULL when the array had no element, "unknown" when none had a version. */
static const char *version_set(struct fleet *fl, const char **v, size_t n, size_t elements)
{
    struct strbuf *sb = &fl->scratch->tmp;
    size_t i;
    if (!elements)
        return NULL;
    if (n > 1)
        qsort(v, n, sizeof(*v), cmp_str);
    strbuf_reset(sb);
    for (i = 0; i < n; i++) {
        if (i && !strcmp(v[i], v[i - 1]))
            continue;
        if (sb->len)
            strbuf_addch(sb, ',');
        strbuf_addstr(sb, v[i]);
    }
    return intern(fl, sb->len ? sb->buf : "unknown");
}

static const char *list_set(struct fleet *fl, const struct sc_list *l)
{
    const char **v = xcalloc(l->nr ? l->nr : 1, sizeof(*v));
    const char *ret;
    size_t i;
    for (i = 0; i < l->nr; i++)
        v[i] = S(fl->scratch, l->v[i]);
    ret = version_set(fl, v, l->nr, l->elements);
    free(v);
    return ret;
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

static void count_add(struct fleet_scratch *sc, const char *kind, int sev)
{
    size_t i;
    for (i = 0; i < sc->nrc; i++)
        if (sc->rc[i].kind == kind && sc->rc[i].severity == sev) {
            sc->rc[i].n++;
            return;
        }
    ALLOC_GROW(sc->rc, sc->nrc + 1, sc->arc);
    sc->rc[sc->nrc].kind = kind;
    sc->rc[sc->nrc].severity = sev;
    sc->rc[sc->nrc++].n = 1;
}

static void group_add(struct fleet *fl, const struct sc_finding *f, const char *code, const char *kind,
                      int sev, const char *title, const char *node)
{
    const struct fleet_scratch *sc = fl->scratch;
    struct fleet_group *g;
    int created;
    size_t i = keyed(fl, fl->n_groups, &created, "G", code, title);
    if (created) {
        ALLOC_GROW(fl->groups, fl->n_groups + 1, fl->alloc_groups);
        g = &fl->groups[fl->n_groups++];
        memset(g, 0, sizeof(*g));
        g->code = intern(fl, code);
        g->kind = kind;
        g->severity = sev;
        g->title = arena_strdup(&fl->arena, title);
        g->evidence = arena_strdup(&fl->arena, S(sc, f->evidence));
        g->fix_title = arena_strdup(&fl->arena, S(sc, f->fix_title));
        g->fix_command = arena_strdup(&fl->arena, S(sc, f->fix_command));
        g->fix_rank = intern(fl, S(sc, f->fix_rank));
        hostset_init(&g->nodes, fl->pool);
    }
    hostset_add(&fl->groups[i].nodes, node);
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
        return refuse(fl, source, node, err, "a '%s' document, not a check report; make it with 'gpudoctor check --json'",
                      schema);
    return refuse(fl, source, node, err, "unknown schema '%s', not a gpudoctor check report", schema);
}

/* Merge the report read into fl->scratch. */
static int merge(struct fleet *fl, const char *name, const char *source, struct gd_err *err)
{
    struct fleet_scratch *sc = fl->scratch;
    const char *hostname = S(sc, sc->hostname), *mid = S(sc, sc->machine_id), *schema = S(sc, sc->schema);
    const char *reason = NULL;
    struct fleet_node row;
    enum fleet_state st;
    size_t i, j;
    int verdict_reason = 0;
    uint32_t errors = 0, warnings = 0, infos = 0;

    if (sc->is_array)
        return refuse(fl, source, name, err, "not a gpudoctor check report (a JSON array, not an object)");
    if (name && strlen(name) > FLEET_NAME_MAX)
        return refuse(fl, source, NULL, err, "the node name is longer than %d bytes", FLEET_NAME_MAX);
    if (!name || !*name)
        name = hostname && *hostname ? hostname : mid && *mid ? mid : source;
    if (!schema || strcmp(schema, GD_JSON_SCHEMA))
        return refuse_schema(fl, source, sc->long_name ? NULL : name, schema, err);
    if (sc->long_name)
        return refuse(fl, source, NULL, err, "host.hostname or host.machine_id is longer than %d bytes: "
                      "not a host name", FLEET_NAME_MAX);
    if (sc->findings_bad || sc->verdicts_bad)
        return refuse(fl, source, name, err, "malformed report: \"findings\" or \"verdicts\" is not an array");
    if (fleet_has_node(fl, name)) {
        if (!hostset_has(&fl->state[FLEET_UNREACHABLE], name))
            return refuse(fl, source, name, err, "a second report for node '%s'", name);
        unreachable_drop(fl, name);   /* a report after all */
    }

    /* The row is built even without a table: its counts and reason decide the state. */
    memset(&row, 0, sizeof(row));
    row.name = name;
    row.hostname = hostname;
    row.machine_id = mid;
    row.source = source;
    row.driver = intern(fl, S(sc, sc->driver));
    row.cuda = list_set(fl, &sc->cuda);
    row.cudnn = list_set(fl, &sc->cudnn);
    fl->n_reports++;
    drift_add(fl, "driver", row.driver, name);
    drift_add(fl, "cuda", row.cuda, name);
    drift_add(fl, "cudnn", row.cudnn, name);

    for (i = 0; i < sc->nf; i++) {
        const struct sc_finding *f = &sc->f[i];
        const char *code = S(sc, f->code), *kind = S(sc, f->kind), *title = S(sc, f->title);
        int sev = sev_of(S(sc, f->severity));
        if (!code || sev < 0)
            continue;
        kind = intern(fl, kind ? kind : "other");
        count_add(sc, kind, sev);
        if (sev == 2)
            errors++;
        else if (sev == 1)
            warnings++;
        else
            infos++;
        if (sev >= 1) {
            group_add(fl, f, code, kind, sev, title ? title : code, name);
            if (sev == 2 && !reason)
                reason = title ? title : code;
        }
    }
    st = errors ? FLEET_FAILING : FLEET_OK;

    ALLOC_GROW(sc->rv, sc->nv, sc->arv);
    for (i = 0; i < sc->nv; i++) {
        const struct sc_verdict *sv = &sc->v[i];
        struct fleet_verdict *v = &sc->rv[i];
        v->env = S(sc, sv->env);
        v->framework = intern(fl, S(sc, sv->framework) ? S(sc, sv->framework) : "unknown");
        v->version = S(sc, sv->version);
        v->gpu = S(sc, sv->gpu) ? S(sc, sv->gpu) : "unknown";
        v->reason = S(sc, sv->reason);
        if (strcmp(v->gpu, "yes")) {
            if (!verdict_reason++) {
                strbuf_reset(&sc->reason);
                strbuf_addf(&sc->reason, "%s %s: %s", v->framework, v->version ? v->version : "?",
                            v->reason ? v->reason : v->gpu);
                reason = sc->reason.buf;
            }
            st = FLEET_FAILING;
        }
    }
    /* Framework versions for the drift tables, one set per framework. */
    for (i = 0; i < sc->nv; i++) {
        const char **v;
        size_t n = 0;
        int seen = 0;
        for (j = 0; j < i; j++)
            if (sc->rv[j].framework == sc->rv[i].framework)
                seen = 1;
        if (seen)
            continue;
        v = xcalloc(sc->nv, sizeof(*v));
        for (j = i; j < sc->nv; j++)
            if (sc->rv[j].framework == sc->rv[i].framework && sc->rv[j].version)
                v[n++] = sc->rv[j].version;
        drift_add(fl, sc->rv[i].framework, version_set(fl, v, n, n), name);
        free(v);
    }
    hostset_add(&fl->state[st], name);

    if (fl->table) {
        row.state = st;
        row.reason = reason;
        row.verdicts = sc->rv;
        row.n_verdicts = sc->nv;
        row.counts = sc->rc;
        row.n_counts = sc->nrc;
        row.errors = errors;
        row.warnings = warnings;
        row.infos = infos;
        table_write(fl->table, &row);
    }
    return 0;
}

static long add_front(struct fleet *fl, const char *buf, size_t len, int more, const char *name,
                      const char *source, int *merged, struct gd_err *err)
{
    char why[GD_ERR_MSG_MAX - 64];
    unsigned char c;
    size_t used = 0, i, line = 1;
    int r;

    *merged = 0;
    if (fl->finished)
        BUG("fleet_add_front after fleet_finish");
    if (!len)
        return more ? 0 : -1;
    c = (unsigned char)buf[0];
    if (c != '{' && c != '[') {
        /* A report is an object (an array gets its own message below). */
        if (c > 0x20 && c < 0x7f)
            refuse(fl, source, name, err, "not valid JSON: line 1: unexpected '%c'", c);
        else
            refuse(fl, source, name, err, "not valid JSON: line 1: unexpected byte 0x%02x", c);
        return -1;
    }
    r = read_report(fl->scratch, buf, len, &used, why, sizeof(why));
    if (r == 1) {
        if (more)
            return 0;
        for (i = 0; i < len; i++)
            line += buf[i] == '\n';
        refuse(fl, source, name, err, "not valid JSON: the document ends early, at line %zu", line);
        return -1;
    }
    if (r < 0) {
        refuse(fl, source, name, err, "not valid JSON: %s", why);
        return -1;
    }
    *merged = merge(fl, name, source, err) == 0;
    return (long)used;
}

long fleet_add_front(struct fleet *fl, const char *buf, size_t len, int more, const char *name,
                     const char *source, struct gd_err *err)
{
    int merged = 0;
    return add_front(fl, buf, len, more, name, source, &merged, err);
}

int fleet_add_report(struct fleet *fl, const char *buf, size_t len, const char *name,
                     const char *source, struct gd_err *err)
{
    size_t ws = 0;
    long r;
    int merged = 0;
    while (ws < len && (buf[ws] == ' ' || buf[ws] == '\t' || buf[ws] == '\r' || buf[ws] == '\n'))
        ws++;
    if (ws == len)
        return refuse(fl, source, name, err, "no report: %s", ws ? "only blanks" : "the input is empty");
    r = add_front(fl, buf + ws, len - ws, 0, name, source, &merged, err);
    return r > 0 && merged ? 0 : -1;
}

/* ---- finishing ---- */

static int group_cmp(const void *pa, const void *pb)
{
    const struct fleet_group *a = pa, *b = pb;
    size_t na = hostset_count(&a->nodes), nb = hostset_count(&b->nodes);
    int c;
    if (a->severity != b->severity)
        return a->severity > b->severity ? -1 : 1;
    if (na != nb)
        return na > nb ? -1 : 1;
    if ((c = strcmp(a->code, b->code)) != 0)
        return c;
    return strcmp(a->title, b->title);
}

static int value_cmp(const void *pa, const void *pb)
{
    const struct fleet_drift_value *a = pa, *b = pb;
    size_t na = hostset_count(&a->nodes), nb = hostset_count(&b->nodes);
    if (na != nb)
        return na > nb ? -1 : 1;
    return strcmp(a->value, b->value);
}

struct unreach_rows {
    struct fleet *fl;
    const char *reason;
};

static int unreach_row(const char *name, void *arg)
{
    struct unreach_rows *u = arg;
    struct fleet_node row;
    memset(&row, 0, sizeof(row));
    row.name = name;
    row.state = FLEET_UNREACHABLE;
    row.reason = u->reason;
    table_write(u->fl->table, &row);
    return 0;
}

int fleet_finish(struct fleet *fl, struct gd_err *err)
{
    size_t i, k;
    if (fl->finished)
        BUG("fleet_finish called twice");
    fl->finished = 1;

    /* A framework absent from a reachable node is drift too: "none". */
    for (i = 3; i < fl->n_drift; i++) {
        struct hostset none;
        hostset_init(&none, fl->pool);
        hostset_add_difference(&none, &fl->state[FLEET_OK], &fl->drift[i].seen);
        hostset_add_difference(&none, &fl->state[FLEET_FAILING], &fl->drift[i].seen);
        if (hostset_count(&none)) {
            struct fleet_drift_value *v = drift_value(fl, i, "none");
            hostset_add_difference(&v->nodes, &none, &v->nodes);
        }
        hostset_release(&none);
    }
    for (i = 0; i < fl->n_drift; i++)
        if (fl->drift[i].nr > 1)
            qsort(fl->drift[i].values, fl->drift[i].nr, sizeof(*fl->drift[i].values), value_cmp);
    if (fl->n_groups > 1)
        qsort(fl->groups, fl->n_groups, sizeof(*fl->groups), group_cmp);

    /* Unreachable groups emptied by later reports go. */
    for (i = k = 0; i < fl->n_unreach; i++) {
        if (!hostset_count(&fl->unreach[i].nodes)) {
            hostset_release(&fl->unreach[i].nodes);
            continue;
        }
        fl->unreach[k++] = fl->unreach[i];
    }
    fl->n_unreach = k;

    fl->n_nodes = 0;
    for (i = 0; i < 3; i++) {
        fl->n_state[i] = hostset_count(&fl->state[i]);
        fl->n_nodes += fl->n_state[i];
    }

    if (fl->table) {
        for (i = 0; i < fl->n_unreach; i++) {
            struct unreach_rows u;
            u.fl = fl;
            u.reason = fl->unreach[i].reason;
            hostset_each(&fl->unreach[i].nodes, unreach_row, &u);
        }
        if (!fl->table->write_errno && fflush(fl->table->fp) != 0)
            fl->table->write_errno = errno ? errno : EIO;
        if (fl->table->write_errno) {
            errno = fl->table->write_errno;
            return err_set(err, "cannot write the per-node table to its temporary file");
        }
    }
    return 0;
}

int fleet_has_problems(const struct fleet *fl)
{
    return fl->n_state[FLEET_FAILING] || fl->n_state[FLEET_UNREACHABLE] || fl->n_rejects;
}
