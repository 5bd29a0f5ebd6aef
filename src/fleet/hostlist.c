/*
 * hostlist.c - Slurm hostlist notation (see hostlist.h for the rules).
 */
#include "fleet/hostlist.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/text.h"
#include "util/arena.h"
#include "util/banned.h"

#define MAX_DIGITS 18
#define CHUNK_BITS 16
#define ARRAY_MAX 4096             /* members of a chunk kept as an array; more: a bitmap */
#define BITMAP_WORDS ((1u << CHUNK_BITS) / 64)
#define NONE UINT32_MAX

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;                  /* splitmix64's finaliser */
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* ---- a u64 -> u32 open-addressing map; val NONE marks an empty slot ---- */

struct hs_map {
    uint64_t *keys;
    uint32_t *vals;
    size_t cap, nr;                /* cap: 0 or a power of two */
};

static size_t map_find(const struct hs_map *m, uint64_t key)
{
    size_t i;
    if (!m || !m->cap)
        return SIZE_MAX;
    for (i = (size_t)mix64(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->vals[i] == NONE)
            return SIZE_MAX;
        if (m->keys[i] == key)
            return i;
    }
}

static void map_insert(struct hs_map *m, uint64_t key, uint32_t val);

static void map_grow(struct hs_map *m)
{
    uint64_t *ok = m->keys;
    uint32_t *ov = m->vals;
    size_t i, oc = m->cap;
    m->cap = oc ? st_mult(oc, 2) : 8;
    m->keys = xcalloc(m->cap, sizeof(*m->keys));
    m->vals = xmalloc(st_mult(m->cap, sizeof(*m->vals)));
    memset(m->vals, 0xff, m->cap * sizeof(*m->vals));
    m->nr = 0;
    for (i = 0; i < oc; i++)
        if (ov[i] != NONE)
            map_insert(m, ok[i], ov[i]);
    free(ok);
    free(ov);
}

/* key must not be in the map yet. */
static void map_insert(struct hs_map *m, uint64_t key, uint32_t val)
{
    size_t i;
    if ((m->nr + 1) * 4 > m->cap * 3)
        map_grow(m);
    for (i = (size_t)mix64(key) & (m->cap - 1); m->vals[i] != NONE; i = (i + 1) & (m->cap - 1))
        ;
    m->keys[i] = key;
    m->vals[i] = val;
    m->nr++;
}

static void map_free(struct hs_map *m)
{
    if (!m)
        return;
    free(m->keys);
    free(m->vals);
    free(m);
}

/* ---- a set of pool ids: one u32 per slot (ids < 2^31; the top bit marks
 * a removed id, which keeps its probe chain) ---- */

#define LIT_GONE 0x80000000u

struct hs_idset {
    uint32_t *slots;               /* NONE: empty */
    size_t cap, used;              /* used: slots taken, removed ones too */
};

static size_t idset_find(const struct hs_idset *m, uint32_t id)
{
    size_t i;
    if (!m || !m->cap)
        return SIZE_MAX;
    for (i = (size_t)mix64(id) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->slots[i] == NONE)
            return SIZE_MAX;
        if ((m->slots[i] & ~LIT_GONE) == id)
            return i;
    }
}

static void idset_put(struct hs_idset *m, uint32_t v)
{
    size_t i;
    for (i = (size_t)mix64(v & ~LIT_GONE) & (m->cap - 1); m->slots[i] != NONE; i = (i + 1) & (m->cap - 1))
        ;
    m->slots[i] = v;
    m->used++;
}

static void idset_grow(struct hs_idset *m)
{
    uint32_t *old = m->slots;
    size_t i, oc = m->cap;
    m->cap = oc ? st_mult(oc, 2) : 16;
    m->slots = xmalloc(st_mult(m->cap, sizeof(*m->slots)));
    memset(m->slots, 0xff, m->cap * sizeof(*m->slots));
    m->used = 0;
    for (i = 0; i < oc; i++)
        if (old[i] != NONE && !(old[i] & LIT_GONE))
            idset_put(m, old[i]);        /* removed ids are dropped here */
    free(old);
}

static void idset_free(struct hs_idset *m)
{
    if (!m)
        return;
    free(m->slots);
    free(m);
}

/* ---- the pool: strings interned once, by id ---- */

struct pool_str {
    const char *s;                 /* in the pool's arena, NUL-terminated */
    uint32_t len;
    uint32_t hash;
};

struct hostpool {
    struct arena arena;
    struct pool_str *v;            /* by id */
    size_t nr, alloc;
    uint32_t *slots;               /* open addressing over ids; NONE empty */
    size_t cap;
};

struct hostpool *hostpool_new(void)
{
    struct hostpool *p = xcalloc(1, sizeof(struct hostpool));
    arena_init(&p->arena);
    return p;
}

void hostpool_free(struct hostpool *p)
{
    if (!p)
        return;
    arena_release(&p->arena);
    free(p->v);
    free(p->slots);
    free(p);
}

static void pool_slot(struct hostpool *p, uint32_t id)
{
    size_t i;
    for (i = (size_t)p->v[id].hash & (p->cap - 1); p->slots[i] != NONE; i = (i + 1) & (p->cap - 1))
        ;
    p->slots[i] = id;
}

/* The id of s[0..n), or NONE when absent and !create. */
static uint32_t pool_id(struct hostpool *p, const char *s, size_t n, int create)
{
    uint32_t h = (uint32_t)mem_hash(s, n);
    size_t i;
    if (p->cap) {
        for (i = (size_t)h & (p->cap - 1); p->slots[i] != NONE; i = (i + 1) & (p->cap - 1)) {
            const struct pool_str *e = &p->v[p->slots[i]];
            if (e->hash == h && e->len == n && !memcmp(e->s, s, n))
                return p->slots[i];
        }
    }
    if (!create)
        return NONE;
    if (p->nr >= LIT_GONE - 1 || n > UINT32_MAX)
        BUG("hostpool: too many or too long strings");
    ALLOC_GROW(p->v, p->nr + 1, p->alloc);
    p->v[p->nr].s = arena_strndup(&p->arena, s, n);
    p->v[p->nr].len = (uint32_t)n;
    p->v[p->nr].hash = h;
    if ((p->nr + 1) * 4 > p->cap * 3) {
        size_t k;
        p->cap = p->cap ? st_mult(p->cap, 2) : 64;
        free(p->slots);
        p->slots = xmalloc(st_mult(p->cap, sizeof(*p->slots)));
        memset(p->slots, 0xff, p->cap * sizeof(*p->slots));
        for (k = 0; k < p->nr; k++)
            pool_slot(p, (uint32_t)k);
    }
    pool_slot(p, (uint32_t)p->nr);
    return (uint32_t)p->nr++;
}

/* ---- names ---- */

struct hs_name {
    const char *s;
    size_t plen;                   /* the prefix; the whole name when literal */
    uint64_t num;
    int ndig;                      /* 0: a literal */
    int width;                     /* 0 unpadded, else the padded width */
};

static void name_parse(struct hs_name *e, const char *name)
{
    size_t len = strlen(name), i = len;
    e->s = name;
    e->plen = len;
    e->num = 0;
    e->ndig = 0;
    e->width = 0;
    if (strpbrk(name, ",[]\\"))
        return;                 /* written escaped, never folded */
    while (i > 0 && is_digit(name[i - 1]) && len - i < MAX_DIGITS)
        i--;
    if (i == len || (i > 0 && is_digit(name[i - 1])))
        return;                 /* no number, or one too long to fold */
    e->plen = i;
    e->ndig = (int)(len - i);
    for (; i < len; i++)
        e->num = e->num * 10 + (uint64_t)(name[i] - '0');
    if (e->ndig > 1 && name[e->plen] == '0')
        e->width = e->ndig;     /* padded: only this width reproduces it */
}

/* ---- classes and chunks ---- */

struct hs_chunk {
    uint64_t key;                  /* numbers key << CHUNK_BITS + [0, 65536) */
    uint32_t n, cap;               /* members; array capacity (0 once a bitmap) */
    uint16_t *arr;                 /* sorted, while n <= ARRAY_MAX */
    uint64_t *bits;                /* BITMAP_WORDS words, after */
};

struct hs_class {
    uint32_t prefix;               /* pool id */
    int width;
    struct hs_chunk *ch;
    size_t n_ch, alloc_ch;
    struct hs_map *chunk_of;       /* key -> index in ch */
    size_t last;                   /* the chunk used last: consecutive names hit it */
};

static uint64_t class_key(uint32_t prefix, int width)
{
    return (uint64_t)prefix << 5 | (uint64_t)width;
}

static struct hs_class *class_get(const struct hostset *hs, uint32_t prefix, int width)
{
    size_t i = map_find(hs->class_of, class_key(prefix, width));
    return i == SIZE_MAX ? NULL : &hs->cls[hs->class_of->vals[i]];
}

static struct hs_class *class_make(struct hostset *hs, uint32_t prefix, int width)
{
    struct hs_class *c = class_get(hs, prefix, width);
    if (c)
        return c;
    if (!hs->class_of)
        hs->class_of = xcalloc(1, sizeof(*hs->class_of));
    ALLOC_GROW(hs->cls, hs->n_cls + 1, hs->alloc_cls);
    c = &hs->cls[hs->n_cls];
    memset(c, 0, sizeof(*c));
    c->prefix = prefix;
    c->width = width;
    map_insert(hs->class_of, class_key(prefix, width), (uint32_t)hs->n_cls++);
    return c;
}

static struct hs_chunk *chunk_get(const struct hs_class *c, uint64_t key)
{
    size_t i;
    if (c->n_ch && c->ch[c->last].key == key)
        return &c->ch[c->last];
    i = map_find(c->chunk_of, key);
    if (i == SIZE_MAX)
        return NULL;
    ((struct hs_class *)c)->last = c->chunk_of->vals[i];   /* a cache, not state */
    return &c->ch[c->last];
}

static struct hs_chunk *chunk_make(struct hs_class *c, uint64_t key)
{
    struct hs_chunk *k = chunk_get(c, key);
    if (k)
        return k;
    if (c->n_ch >= NONE - 1)
        BUG("hostset: too many chunks");
    if (!c->chunk_of)
        c->chunk_of = xcalloc(1, sizeof(*c->chunk_of));
    ALLOC_GROW(c->ch, c->n_ch + 1, c->alloc_ch);
    k = &c->ch[c->n_ch];
    memset(k, 0, sizeof(*k));
    k->key = key;
    map_insert(c->chunk_of, key, (uint32_t)c->n_ch);
    c->last = c->n_ch++;
    return k;
}

/* Index of the first array member >= v. */
static uint32_t arr_lower(const struct hs_chunk *k, uint16_t v)
{
    uint32_t lo = 0, hi = k->n;
    if (k->n && k->arr[k->n - 1] < v)
        return k->n;            /* in order: appended */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (k->arr[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int chunk_has(const struct hs_chunk *k, uint16_t v)
{
    uint32_t i;
    if (k->bits)
        return (int)(k->bits[v >> 6] >> (v & 63)) & 1;
    i = arr_lower(k, v);
    return i < k->n && k->arr[i] == v;
}

static int chunk_add(struct hs_chunk *k, uint16_t v)
{
    uint32_t i;
    if (k->bits) {
        uint64_t bit = (uint64_t)1 << (v & 63);
        if (k->bits[v >> 6] & bit)
            return 0;
        k->bits[v >> 6] |= bit;
        k->n++;
        return 1;
    }
    i = arr_lower(k, v);
    if (i < k->n && k->arr[i] == v)
        return 0;
    if (k->n == ARRAY_MAX) {         /* dense: a bitmap from now on */
        uint32_t j;
        k->bits = xcalloc(BITMAP_WORDS, sizeof(*k->bits));
        for (j = 0; j < k->n; j++)
            k->bits[k->arr[j] >> 6] |= (uint64_t)1 << (k->arr[j] & 63);
        free(k->arr);
        k->arr = NULL;
        k->cap = 0;
        return chunk_add(k, v);
    }
    if (k->n == k->cap) {
        k->cap = k->cap ? k->cap * 2 : 4;
        if (k->cap > ARRAY_MAX)
            k->cap = ARRAY_MAX;
        k->arr = xrealloc(k->arr, k->cap * sizeof(*k->arr));
    }
    memmove(k->arr + i + 1, k->arr + i, (k->n - i) * sizeof(*k->arr));
    k->arr[i] = v;
    k->n++;
    return 1;
}

static int chunk_remove(struct hs_chunk *k, uint16_t v)
{
    uint32_t i;
    if (k->bits) {
        uint64_t bit = (uint64_t)1 << (v & 63);
        if (!(k->bits[v >> 6] & bit))
            return 0;
        k->bits[v >> 6] &= ~bit;
        k->n--;
        return 1;
    }
    i = arr_lower(k, v);
    if (i >= k->n || k->arr[i] != v)
        return 0;
    memmove(k->arr + i, k->arr + i + 1, (k->n - i - 1) * sizeof(*k->arr));
    k->n--;
    return 1;
}

static int class_add(struct hs_class *c, uint64_t num)
{
    return chunk_add(chunk_make(c, num >> CHUNK_BITS), (uint16_t)(num & 0xffff));
}

static int class_has(const struct hs_class *c, uint64_t num)
{
    const struct hs_chunk *k = chunk_get(c, num >> CHUNK_BITS);
    return k && chunk_has(k, (uint16_t)(num & 0xffff));
}

/* ---- the set ---- */

void hostset_init(struct hostset *hs, struct hostpool *pool)
{
    memset(hs, 0, sizeof(*hs));
    hs->pool = pool;
}

void hostset_release(struct hostset *hs)
{
    size_t i, j;
    for (i = 0; i < hs->n_cls; i++) {
        for (j = 0; j < hs->cls[i].n_ch; j++) {
            free(hs->cls[i].ch[j].arr);
            free(hs->cls[i].ch[j].bits);
        }
        free(hs->cls[i].ch);
        map_free(hs->cls[i].chunk_of);
    }
    free(hs->cls);
    map_free(hs->class_of);
    idset_free(hs->literals);
    hostset_init(hs, hs->pool);
}

size_t hostset_count(const struct hostset *hs)
{
    return hs->count;
}

static int literal_add(struct hostset *hs, uint32_t id)
{
    size_t i;
    if (!hs->literals)
        hs->literals = xcalloc(1, sizeof(*hs->literals));
    i = idset_find(hs->literals, id);
    if (i != SIZE_MAX) {
        if (!(hs->literals->slots[i] & LIT_GONE))
            return 0;
        hs->literals->slots[i] = id;
        return 1;
    }
    if ((hs->literals->used + 1) * 4 > hs->literals->cap * 3)
        idset_grow(hs->literals);
    idset_put(hs->literals, id);
    return 1;
}

static int literal_has(const struct hostset *hs, uint32_t id)
{
    size_t i = idset_find(hs->literals, id);
    return i != SIZE_MAX && !(hs->literals->slots[i] & LIT_GONE);
}

int hostset_add(struct hostset *hs, const char *name)
{
    struct hs_name e;
    int r;
    name_parse(&e, name);
    if (!e.ndig)
        r = literal_add(hs, pool_id(hs->pool, name, e.plen, 1));
    else
        r = class_add(class_make(hs, pool_id(hs->pool, name, e.plen, 1), e.width), e.num);
    hs->count += (size_t)r;
    return r;
}

int hostset_has(const struct hostset *hs, const char *name)
{
    struct hs_name e;
    const struct hs_class *c;
    uint32_t id;
    name_parse(&e, name);
    id = pool_id(hs->pool, name, e.plen, 0);
    if (id == NONE)
        return 0;
    if (!e.ndig)
        return literal_has(hs, id);
    c = class_get(hs, id, e.width);
    return c && class_has(c, e.num);
}

int hostset_remove(struct hostset *hs, const char *name)
{
    struct hs_name e;
    struct hs_class *c;
    struct hs_chunk *k;
    uint32_t id;
    size_t i;
    name_parse(&e, name);
    id = pool_id(hs->pool, name, e.plen, 0);
    if (id == NONE)
        return 0;
    if (!e.ndig) {
        i = idset_find(hs->literals, id);
        if (i == SIZE_MAX || (hs->literals->slots[i] & LIT_GONE))
            return 0;
        hs->literals->slots[i] |= LIT_GONE;
        hs->count--;
        return 1;
    }
    if (!(c = class_get(hs, id, e.width)) || !(k = chunk_get(c, e.num >> CHUNK_BITS)) ||
        !chunk_remove(k, (uint16_t)(e.num & 0xffff)))
        return 0;
    hs->count--;
    return 1;
}

/* ---- walking a class's numbers in order ---- */

static int key_cmp(const void *pa, const void *pb)
{
    uint64_t a = ((const struct hs_chunk *)pa)->key, b = ((const struct hs_chunk *)pb)->key;
    return a < b ? -1 : a > b;
}

/*
 * The class's chunks sorted by key, in a copy (the set is const): the
 * members are shared, not copied.
 */
static struct hs_chunk *sorted_chunks(const struct hs_class *c)
{
    struct hs_chunk *v;
    if (!c || !c->n_ch)
        return NULL;
    v = xmalloc(st_mult(c->n_ch, sizeof(*v)));
    memcpy(v, c->ch, c->n_ch * sizeof(*v));
    qsort(v, c->n_ch, sizeof(*v), key_cmp);
    return v;
}

/* Call fn for each member of the class in [lo, hi], ascending; stop on non-zero. */
static int class_walk(const struct hs_class *c, const struct hs_chunk *sorted, uint64_t lo, uint64_t hi,
                      int (*fn)(uint64_t num, void *arg), void *arg)
{
    size_t i;
    uint32_t j;
    int r;
    if (!c)
        return 0;
    for (i = 0; i < c->n_ch; i++) {
        const struct hs_chunk *k = &sorted[i];
        uint64_t base = k->key << CHUNK_BITS;
        if (!k->n || base + 0xffff < lo || base > hi)
            continue;
        if (k->bits) {
            uint32_t w;
            for (w = 0; w < BITMAP_WORDS; w++) {
                uint64_t word = k->bits[w];
                while (word) {
                    int b = __builtin_ctzll(word);
                    uint64_t num = base + w * 64u + (unsigned)b;
                    word &= word - 1;
                    if (num < lo || num > hi)
                        continue;
                    if ((r = fn(num, arg)) != 0)
                        return r;
                }
            }
        } else {
            for (j = 0; j < k->n; j++) {
                uint64_t num = base + k->arr[j];
                if (num < lo || num > hi)
                    continue;
                if ((r = fn(num, arg)) != 0)
                    return r;
            }
        }
    }
    return 0;
}

/* ---- writing ---- */

static const uint64_t pow10_tab[MAX_DIGITS + 1] = {
    1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL, 100000000ULL,
    1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
    100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL, 100000000000000000ULL,
    1000000000000000000ULL
};

/* One entry of the written list: a literal, or a bracket of one class. */
struct hs_ent {
    const char *s;                 /* the literal, or the prefix */
    size_t len;
    int numeric;
    int width;
    const struct hs_class *cls;    /* numeric: this class (NULL: only moved numbers) */
    const struct hs_class *unpadded;   /* the prefix's unpadded class, or NULL */
};

static int ent_cmp(const void *pa, const void *pb)
{
    const struct hs_ent *a = pa, *b = pb;
    size_t n = a->len < b->len ? a->len : b->len;
    int c = memcmp(a->s, b->s, n);
    if (c)
        return c;
    if (a->len != b->len)
        return a->len < b->len ? -1 : 1;
    if (a->numeric != b->numeric)
        return a->numeric ? 1 : -1;
    return a->width < b->width ? -1 : a->width > b->width;
}

struct ranges {
    uint64_t (*v)[2];
    size_t nr, alloc;
    uint64_t members;
};

static int range_push(uint64_t num, void *arg)
{
    struct ranges *r = arg;
    r->members++;
    if (r->nr && r->v[r->nr - 1][1] + 1 == num) {
        r->v[r->nr - 1][1] = num;
        return 0;
    }
    ALLOC_GROW(r->v, r->nr + 1, r->alloc);
    r->v[r->nr][0] = r->v[r->nr][1] = num;
    r->nr++;
    return 0;
}

/* A padded class of width w exists (and is not empty) for the prefix. */
static int padded_at(const struct hostset *hs, uint32_t prefix, int w)
{
    const struct hs_class *c;
    size_t i;
    if (w < 2)
        return 0;
    c = class_get(hs, prefix, w);
    if (!c)
        return 0;
    for (i = 0; i < c->n_ch; i++)
        if (c->ch[i].n)
            return 1;
    return 0;
}

/*
 * The numbers of one bracket, as ranges: a padded class takes the
 * prefix's unpadded numbers of its width too ("10" among "08", "09"
 * prints the same), the unpadded class keeps the rest.
 */
static void ent_ranges(const struct hostset *hs, const struct hs_ent *e, struct ranges *r)
{
    struct hs_chunk *sc = sorted_chunks(e->cls), *su = sorted_chunks(e->unpadded);
    r->nr = 0;
    r->members = 0;
    if (e->width) {
        if (!padded_at(hs, e->cls->prefix, e->width))
            goto out;           /* emptied by removals: its width takes nothing */
        class_walk(e->cls, sc, 0, UINT64_MAX, range_push, r);
        class_walk(e->unpadded, su, pow10_tab[e->width - 1], pow10_tab[e->width] - 1, range_push, r);
    } else {
        int d;
        for (d = 1; d <= MAX_DIGITS; d++) {
            uint64_t lo = d == 1 ? 0 : pow10_tab[d - 1];
            uint64_t hi = d == MAX_DIGITS ? UINT64_MAX : pow10_tab[d] - 1;
            if (!padded_at(hs, e->cls->prefix, d))
                class_walk(e->cls, sc, lo, hi, range_push, r);
        }
    }
out:
    free(sc);
    free(su);
}

static void put_num(struct strbuf *out, uint64_t v, int width)
{
    strbuf_addf(out, "%0*llu", width, (unsigned long long)v);
}

/* A literal name: '\' before each of ",[]\", so that "gpu[01-99]" (one
 * node so named) cannot read as 99 nodes. */
static void put_literal(struct strbuf *out, const char *name)
{
    for (; *name; name++) {
        if (strchr(",[]\\", *name))
            strbuf_addch(out, '\\');
        strbuf_addch(out, *name);
    }
}

/* The entries of hs, sorted as they are written; *n their count. */
static struct hs_ent *entries(const struct hostset *hs, size_t *n)
{
    struct hs_ent *v;
    size_t i, k = 0, max = hs->n_cls + (hs->literals ? hs->literals->used : 0);
    v = xcalloc(max ? max : 1, sizeof(*v));
    if (hs->literals)
        for (i = 0; i < hs->literals->cap; i++)
            if (hs->literals->slots[i] != NONE && !(hs->literals->slots[i] & LIT_GONE)) {
                uint32_t id = hs->literals->slots[i];
                v[k].s = hs->pool->v[id].s;
                v[k].len = hs->pool->v[id].len;
                k++;
            }
    for (i = 0; i < hs->n_cls; i++) {
        const struct hs_class *c = &hs->cls[i];
        v[k].s = hs->pool->v[c->prefix].s;
        v[k].len = hs->pool->v[c->prefix].len;
        v[k].numeric = 1;
        v[k].width = c->width;
        v[k].cls = c;
        v[k].unpadded = c->width ? class_get(hs, c->prefix, 0) : NULL;
        k++;
    }
    if (k > 1)
        qsort(v, k, sizeof(*v), ent_cmp);
    *n = k;
    return v;
}

void hostset_write(const struct hostset *hs, struct strbuf *out)
{
    struct ranges r = { NULL, 0, 0, 0 };
    struct hs_ent *v;
    size_t n, i, j;
    int first = 1;

    if (!hs->count)
        return;
    v = entries(hs, &n);
    for (i = 0; i < n; i++) {
        const struct hs_ent *e = &v[i];
        if (!e->numeric) {
            if (!first)
                strbuf_addch(out, ',');
            first = 0;
            put_literal(out, e->s);
            continue;
        }
        ent_ranges(hs, e, &r);
        if (!r.members)
            continue;
        if (!first)
            strbuf_addch(out, ',');
        first = 0;
        strbuf_add(out, e->s, e->len);
        if (r.members == 1) {
            put_num(out, r.v[0][0], e->width);
            continue;
        }
        strbuf_addch(out, '[');
        for (j = 0; j < r.nr; j++) {
            if (j)
                strbuf_addch(out, ',');
            put_num(out, r.v[j][0], e->width);
            if (r.v[j][1] != r.v[j][0]) {
                strbuf_addch(out, '-');
                put_num(out, r.v[j][1], e->width);
            }
        }
        strbuf_addch(out, ']');
    }
    free(r.v);
    free(v);
}

int hostset_each(const struct hostset *hs, int (*fn)(const char *name, void *arg), void *arg)
{
    struct ranges r = { NULL, 0, 0, 0 };
    struct strbuf name = STRBUF_INIT;
    struct hs_ent *v;
    size_t n, i, j;
    int ret = 0;

    if (!hs->count)
        return 0;
    v = entries(hs, &n);
    for (i = 0; i < n && !ret; i++) {
        const struct hs_ent *e = &v[i];
        if (!e->numeric) {
            ret = fn(e->s, arg);
            continue;
        }
        ent_ranges(hs, e, &r);
        for (j = 0; j < r.nr && !ret; j++) {
            uint64_t num;
            for (num = r.v[j][0];; num++) {
                strbuf_reset(&name);
                strbuf_add(&name, e->s, e->len);
                put_num(&name, num, e->width);
                if ((ret = fn(name.buf, arg)) != 0 || num == r.v[j][1])
                    break;
            }
        }
    }
    free(r.v);
    free(v);
    strbuf_release(&name);
    return ret;
}

struct diff_arg {
    struct hs_class *dst;
    const struct hs_class *b;
    size_t added;
};

static int diff_one(uint64_t num, void *arg)
{
    struct diff_arg *d = arg;
    if (!d->b || !class_has(d->b, num))
        d->added += (size_t)class_add(d->dst, num);
    return 0;
}

void hostset_add_difference(struct hostset *dst, const struct hostset *a, const struct hostset *b)
{
    size_t i;
    if (dst->pool != a->pool || a->pool != b->pool)
        BUG("hostset_add_difference over different pools");
    if (a->literals)
        for (i = 0; i < a->literals->cap; i++) {
            uint32_t id = a->literals->slots[i];
            if (id != NONE && !(id & LIT_GONE) && !literal_has(b, id))
                dst->count += (size_t)literal_add(dst, id);
        }
    for (i = 0; i < a->n_cls; i++) {
        const struct hs_class *c = &a->cls[i];
        struct hs_chunk *sc = sorted_chunks(c);
        struct diff_arg d;
        d.b = class_get(b, c->prefix, c->width);
        d.added = 0;
        d.dst = class_make(dst, c->prefix, c->width);   /* left empty, it writes nothing */
        class_walk(c, sc, 0, UINT64_MAX, diff_one, &d);
        dst->count += d.added;
        free(sc);
    }
}

void hostlist_compress(const char *const *names, size_t n, struct strbuf *out)
{
    struct hostpool *pool = hostpool_new();
    struct hostset hs;
    size_t i;
    hostset_init(&hs, pool);
    for (i = 0; i < n; i++)
        hostset_add(&hs, names[i]);
    hostset_write(&hs, out);
    hostset_release(&hs);
    hostpool_free(pool);
}

/* Bytes [from, to) of a hostlist with its escapes removed. */
static void add_unescaped(struct strbuf *out, const char *from, const char *to)
{
    for (; from < to; from++) {
        if (*from == '\\' && from + 1 < to)
            from++;
        strbuf_addch(out, *from);
    }
}

/* Parse digits at *p (at most MAX_DIGITS); -1 if none. */
static int parse_num(const char **p, unsigned long long *v, int *ndig)
{
    const char *s = *p;
    *v = 0;
    *ndig = 0;
    while (is_digit(*s)) {
        if (*ndig == MAX_DIGITS)
            return -1;
        *v = *v * 10 + (unsigned long long)(*s - '0');
        (*ndig)++;
        s++;
    }
    *p = s;
    return *ndig ? 0 : -1;
}

int hostlist_expand(const char *s, int (*fn)(const char *name, void *arg), void *arg,
                    struct gd_err *err)
{
    struct strbuf name = STRBUF_INIT;
    size_t total = 0;
    int ret = 0;

    while (*s) {
        const char *end = s, *open = NULL, *close = NULL, *r;
        while (*end && (*end != ',' || (open && !close))) {
            if (*end == '\\') {
                if (!end[1] || (open && !close)) {
                    ret = err_setx(err, GD_ERR_USAGE, !end[1] ? "bad hostlist: '\\' at the end"
                                                              : "bad hostlist: '\\' inside brackets");
                    goto out;
                }
                end += 2;       /* the next byte is part of the name */
                continue;
            }
            if (*end == '[') {
                if (open) {
                    ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: more than one '[' in one name");
                    goto out;
                }
                open = end;
            } else if (*end == ']') {
                if (!open || close) {
                    ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: unexpected ']'");
                    goto out;
                }
                close = end;
            }
            end++;
        }
        if (open && !close) {
            ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: unclosed '['");
            goto out;
        }
        if (end == s) {
            ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: empty name");
            goto out;
        }
        if (!open) {
            strbuf_reset(&name);
            add_unescaped(&name, s, end);
            if (++total > HOSTLIST_MAX_NAMES) {
                ret = err_setx(err, GD_ERR_LIMIT, "bad hostlist: more than %d names", HOSTLIST_MAX_NAMES);
                goto out;
            }
            if ((ret = fn(name.buf, arg)) != 0)
                goto out;
        } else {
            for (r = open + 1; r < close;) {
                unsigned long long lo, hi, v;
                int lw, hw;
                if (parse_num(&r, &lo, &lw) < 0) {
                    ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: a range must be N or N-M");
                    goto out;
                }
                hi = lo;
                if (*r == '-') {
                    r++;
                    if (parse_num(&r, &hi, &hw) < 0 || hi < lo) {
                        ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: a range must be N or N-M with N <= M");
                        goto out;
                    }
                }
                if (r < close && *r != ',') {
                    ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: a range must be N or N-M");
                    goto out;
                }
                if (r < close)
                    r++;
                if (hi - lo >= HOSTLIST_MAX_NAMES || total + (hi - lo) + 1 > HOSTLIST_MAX_NAMES) {
                    ret = err_setx(err, GD_ERR_LIMIT, "bad hostlist: more than %d names", HOSTLIST_MAX_NAMES);
                    goto out;
                }
                for (v = lo;; v++) {
                    strbuf_reset(&name);
                    add_unescaped(&name, s, open);
                    put_num(&name, v, lw);
                    add_unescaped(&name, close + 1, end);
                    total++;
                    if ((ret = fn(name.buf, arg)) != 0)
                        goto out;
                    if (v == hi)
                        break;
                }
            }
            if (close == open + 1) {
                ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: empty brackets");
                goto out;
            }
        }
        s = *end ? end + 1 : end;
        if (*end == ',' && !*s) {
            ret = err_setx(err, GD_ERR_USAGE, "bad hostlist: empty name");
            goto out;
        }
    }
out:
    strbuf_release(&name);
    return ret;
}
