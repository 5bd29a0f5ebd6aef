/*
 * plist.c - top-level dictionary of an XML or binary property list.
 * Formats: Apple's property list DTD (PropertyList-1.0.dtd: plist, dict,
 * key, string, integer, real, true, false, date, data, array) and the
 * binary format of CoreFoundation's CFBinaryPList.c (header "bplist00";
 * trailer: 5 unused bytes, sort version, offsetIntSize, objectRefSize,
 * numObjects, topObject, offsetTableOffset, the last three big-endian
 * 64-bit; object markers 0x08/0x09 bool, 0x1n int of 2^n bytes, 0x2n real,
 * 0x5n ASCII string, 0x6n UTF-16BE string, 0xDn dict; a count nibble of
 * 0xF is followed by an int object holding the count).
 */
#include "scan/plist.h"

#include <stdio.h>
#include <string.h>

#include "util/strbuf.h"
#include "util/banned.h"

static void add_entry(struct arena *arena, struct plist_dict *d, size_t *cap, const char *key,
                      const char *value)
{
    if (d->n >= PLIST_MAX_KEYS) {
        d->warning = "more keys than are kept";
        return;
    }
    if (d->n == *cap) {
        size_t ncap = *cap ? *cap * 2 : 16;
        struct plist_entry *n = arena_alloc(arena, ncap * sizeof(*n));
        if (d->n)
            memcpy(n, d->entries, d->n * sizeof(*n));
        d->entries = n;
        *cap = ncap;
    }
    d->entries[d->n].key = key;
    d->entries[d->n].value = value;
    d->n++;
}

static void put_utf8(struct strbuf *sb, uint32_t cp)
{
    char b[4];
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        cp = 0xfffd;
    if (cp < 0x80) {
        b[0] = (char)cp;
        strbuf_add(sb, b, 1);
    } else if (cp < 0x800) {
        b[0] = (char)(0xc0 | cp >> 6);
        b[1] = (char)(0x80 | (cp & 0x3f));
        strbuf_add(sb, b, 2);
    } else if (cp < 0x10000) {
        b[0] = (char)(0xe0 | cp >> 12);
        b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        b[2] = (char)(0x80 | (cp & 0x3f));
        strbuf_add(sb, b, 3);
    } else {
        b[0] = (char)(0xf0 | cp >> 18);
        b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
        b[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
        b[3] = (char)(0x80 | (cp & 0x3f));
        strbuf_add(sb, b, 4);
    }
}

/* sb's contents into the arena, cut at PLIST_STR_MAX (a warning). */
static const char *keep(struct arena *arena, struct plist_dict *d, struct strbuf *sb)
{
    size_t n = sb->len;
    if (n >= PLIST_STR_MAX) {
        n = PLIST_STR_MAX - 1;
        while (n > 0 && ((unsigned char)sb->buf[n] & 0xc0) == 0x80)
            n--;           /* not inside a UTF-8 sequence */
        d->warning = "a string longer than the reader keeps was cut";
    }
    return arena_strndup(arena, sb->buf ? sb->buf : "", n);
}

/* ---- XML ---------------------------------------------------------------- */

struct xml {
    const uint8_t *p, *end;
};

struct tag {
    char name[16];           /* cut: no plist tag is longer */
    int closing;             /* </name> */
    int empty;               /* <name/> */
};

static int starts(const struct xml *x, const char *s)
{
    size_t n = strlen(s);
    return (size_t)(x->end - x->p) >= n && !memcmp(x->p, s, n);
}

/* Skip past the first occurrence of s; -1 when it is not there. */
static int skip_past(struct xml *x, const char *s)
{
    size_t n = strlen(s);
    while ((size_t)(x->end - x->p) >= n) {
        if (!memcmp(x->p, s, n)) {
            x->p += n;
            return 0;
        }
        x->p++;
    }
    return -1;
}

/* The next element tag, stepping over white space, text, the XML
 * declaration, comments and the DOCTYPE.  0, or -1 at the end / on junk. */
static int next_tag(struct xml *x, struct tag *t)
{
    size_t n = 0;
    for (;;) {
        while (x->p < x->end && *x->p != '<')
            x->p++;
        if (x->p >= x->end)
            return -1;
        if (starts(x, "<?")) {
            if (skip_past(x, "?>") < 0)
                return -1;
        } else if (starts(x, "<!--")) {
            if (skip_past(x, "-->") < 0)
                return -1;
        } else if (starts(x, "<!")) {
            if (skip_past(x, ">") < 0)
                return -1;
        } else {
            break;
        }
    }
    x->p++;
    memset(t, 0, sizeof(*t));
    if (x->p < x->end && *x->p == '/') {
        t->closing = 1;
        x->p++;
    }
    while (x->p < x->end && ((*x->p >= 'a' && *x->p <= 'z') || (*x->p >= 'A' && *x->p <= 'Z'))) {
        if (n + 1 < sizeof(t->name))
            t->name[n++] = (char)*x->p;
        x->p++;
    }
    if (!n)
        return -1;
    /* attributes (plist version="1.0"), up to '>' outside quotes */
    {
        uint8_t q = 0;
        while (x->p < x->end) {
            uint8_t ch = *x->p;
            if (q) {
                if (ch == q)
                    q = 0;
            } else if (ch == '"' || ch == '\'') {
                q = ch;
            } else if (ch == '>') {
                t->empty = x->p[-1] == '/';
                x->p++;
                return 0;
            }
            x->p++;
        }
    }
    return -1;
}

/* Character data up to the next '<', entities decoded, into sb. */
static void read_text(struct xml *x, struct strbuf *sb)
{
    while (x->p < x->end && *x->p != '<') {
        if (*x->p == '&') {
            const uint8_t *semi = memchr(x->p, ';', (size_t)(x->end - x->p) < 12 ? (size_t)(x->end - x->p) : 12);
            if (semi) {
                size_t n = (size_t)(semi - x->p - 1);
                const char *e = (const char *)x->p + 1;
                uint32_t cp = 0;
                int ok = 1;
                if (n == 2 && !memcmp(e, "lt", 2)) cp = '<';
                else if (n == 2 && !memcmp(e, "gt", 2)) cp = '>';
                else if (n == 3 && !memcmp(e, "amp", 3)) cp = '&';
                else if (n == 4 && !memcmp(e, "quot", 4)) cp = '"';
                else if (n == 4 && !memcmp(e, "apos", 4)) cp = '\'';
                else if (n >= 2 && e[0] == '#') {
                    size_t i = 1;
                    int hex = e[1] == 'x' || e[1] == 'X';
                    if (hex)
                        i = 2;
                    if (i >= n)
                        ok = 0;
                    for (; ok && i < n; i++) {
                        char c = e[i];
                        uint32_t v;
                        if (c >= '0' && c <= '9') v = (uint32_t)(c - '0');
                        else if (hex && c >= 'a' && c <= 'f') v = (uint32_t)(c - 'a' + 10);
                        else if (hex && c >= 'A' && c <= 'F') v = (uint32_t)(c - 'A' + 10);
                        else { ok = 0; break; }
                        cp = cp * (hex ? 16u : 10u) + v;
                        if (cp > 0x10ffff)
                            ok = 0;
                    }
                } else {
                    ok = 0;
                }
                if (ok) {
                    put_utf8(sb, cp);
                    x->p = semi + 1;
                    continue;
                }
            }
        }
        strbuf_add(sb, (const char *)x->p, 1);
        x->p++;
    }
}

/* Step over the content of an opened <array> or <dict> up to its closing
 * tag.  0, or -1 (err) on an unterminated or too deep nesting. */
static int skip_container(struct xml *x, struct gd_err *err)
{
    int depth = 1;
    struct tag t;
    while (depth > 0) {
        if (next_tag(x, &t) < 0)
            return err_setx(err, GD_ERR_FORMAT, "unterminated array or dict");
        if (t.empty || (strcmp(t.name, "array") && strcmp(t.name, "dict")))
            continue;
        if (t.closing)
            depth--;
        else {
            if (++depth > PLIST_MAX_DEPTH)
                return err_setx(err, GD_ERR_LIMIT, "nested deeper than %d", PLIST_MAX_DEPTH);
        }
    }
    return 0;
}

/* The text of an element just opened (<name>), through its </name>. */
static int element_text(struct xml *x, const char *name, struct strbuf *sb, struct gd_err *err)
{
    struct tag t;
    read_text(x, sb);
    if (next_tag(x, &t) < 0 || !t.closing || strcmp(t.name, name))
        return err_setx(err, GD_ERR_FORMAT, "<%s> not closed", name);
    return 0;
}

static int parse_xml(const uint8_t *buf, size_t len, struct arena *arena, struct plist_dict *out,
                     struct gd_err *err)
{
    struct xml x;
    struct tag t;
    struct strbuf sb = STRBUF_INIT;
    size_t cap = 0;
    int ret = -1;

    x.p = buf;
    x.end = buf + len;
    if (next_tag(&x, &t) < 0)
        return err_setx(err, GD_ERR_FORMAT, "not a property list");
    if (!t.closing && !strcmp(t.name, "plist") && !t.empty && next_tag(&x, &t) < 0)
        return err_setx(err, GD_ERR_FORMAT, "empty property list");
    if (t.closing || strcmp(t.name, "dict"))
        return err_setx(err, GD_ERR_FORMAT, "the top-level object is not a dict");
    if (t.empty)
        return 0;
    for (;;) {
        const char *key, *value = NULL;
        if (next_tag(&x, &t) < 0) {
            err_setx(err, GD_ERR_FORMAT, "unterminated dict");
            goto out;
        }
        if (t.closing && !strcmp(t.name, "dict"))
            break;
        if (t.closing || strcmp(t.name, "key")) {
            err_setx(err, GD_ERR_FORMAT, "<%s> where a <key> belongs", t.name);
            goto out;
        }
        strbuf_reset(&sb);
        if (!t.empty && element_text(&x, "key", &sb, err) < 0)
            goto out;
        key = keep(arena, out, &sb);
        if (next_tag(&x, &t) < 0 || t.closing) {
            err_setx(err, GD_ERR_FORMAT, "key '%s' without a value", key);
            goto out;
        }
        strbuf_reset(&sb);
        if (!strcmp(t.name, "true") || !strcmp(t.name, "false")) {
            value = t.name[0] == 't' ? "true" : "false";
            if (!t.empty && element_text(&x, t.name, &sb, err) < 0)
                goto out;
        } else if (!strcmp(t.name, "string") || !strcmp(t.name, "integer") ||
                   !strcmp(t.name, "real")) {
            if (!t.empty && element_text(&x, t.name, &sb, err) < 0)
                goto out;
            value = keep(arena, out, &sb);
        } else if (!strcmp(t.name, "date") || !strcmp(t.name, "data")) {
            if (!t.empty && element_text(&x, t.name, &sb, err) < 0)
                goto out;
        } else if (!strcmp(t.name, "array") || !strcmp(t.name, "dict")) {
            if (!t.empty && skip_container(&x, err) < 0)
                goto out;
        } else {
            err_setx(err, GD_ERR_FORMAT, "unknown element <%s>", t.name);
            goto out;
        }
        if (value)
            add_entry(arena, out, &cap, key, value);
    }
    ret = 0;
out:
    strbuf_release(&sb);
    return ret;
}

/* ---- binary --------------------------------------------------------------- */

struct bpl {
    const uint8_t *buf;
    uint64_t table;          /* offsetTableOffset: objects lie before it */
    uint64_t n_objects;
    unsigned off_size, ref_size;
};

static uint64_t be_n(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    unsigned i;
    for (i = 0; i < n; i++)
        v = v << 8 | p[i];
    return v;
}

/* The file offset of object ref; -1 when out of the object area. */
static int obj_off(const struct bpl *b, uint64_t ref, uint64_t *off)
{
    uint64_t o;
    if (ref >= b->n_objects)
        return -1;
    o = be_n(b->buf + b->table + ref * b->off_size, b->off_size);
    if (o < 8 || o >= b->table)
        return -1;
    *off = o;
    return 0;
}

/* The count of the object at off (low nibble, or a following int), and
 * where its data starts.  -1 when it runs past the object area. */
static int obj_count(const struct bpl *b, uint64_t off, uint64_t *count, uint64_t *data)
{
    uint8_t m = b->buf[off];
    unsigned n;
    if ((m & 0x0f) != 0x0f) {
        *count = m & 0x0f;
        *data = off + 1;
        return 0;
    }
    if (off + 2 > b->table || (b->buf[off + 1] & 0xf0) != 0x10)
        return -1;
    n = 1u << (b->buf[off + 1] & 0x0f);
    if (n > 8 || off + 2 + n > b->table)
        return -1;
    *count = be_n(b->buf + off + 2, n);
    *data = off + 2 + n;
    return 0;
}

/* The object ref as text into sb: 1 kept, 0 a kind not kept, -1 damaged. */
static int obj_text(const struct bpl *b, uint64_t ref, struct strbuf *sb, int strings_only)
{
    uint64_t off, count, data, i;
    uint8_t m;
    char num[64];
    if (obj_off(b, ref, &off) < 0)
        return -1;
    m = b->buf[off];
    switch (m >> 4) {
    case 0x5:
    case 0x6:
        if (obj_count(b, off, &count, &data) < 0)
            return -1;
        if ((m >> 4) == 0x6) {
            if (count > (b->table - data) / 2)
                return -1;
            for (i = 0; i < count && sb->len < PLIST_STR_MAX; i++) {
                uint32_t u = (uint32_t)be_n(b->buf + data + 2 * i, 2);
                if (u >= 0xd800 && u <= 0xdbff && i + 1 < count) {
                    uint32_t lo = (uint32_t)be_n(b->buf + data + 2 * (i + 1), 2);
                    if (lo >= 0xdc00 && lo <= 0xdfff) {
                        u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
                        i++;
                    }
                }
                put_utf8(sb, u);
            }
        } else {
            if (count > b->table - data)
                return -1;
            if (count > PLIST_STR_MAX)
                count = PLIST_STR_MAX;      /* keep() cuts and warns */
            strbuf_add(sb, (const char *)b->buf + data, (size_t)count);
        }
        return 1;
    case 0x0:
        if (strings_only || (m != 0x08 && m != 0x09))
            return 0;
        strbuf_addstr(sb, m == 0x09 ? "true" : "false");
        return 1;
    case 0x1: {
        unsigned n = 1u << (m & 0x0f);
        uint64_t v;
        if (strings_only || n > 8)
            return 0;
        if (off + 1 + n > b->table)
            return -1;
        v = be_n(b->buf + off + 1, n);
        if (n == 8)
            snprintf(num, sizeof(num), "%lld", (long long)v);   /* 8 bytes: signed */
        else
            snprintf(num, sizeof(num), "%llu", (unsigned long long)v);
        strbuf_addstr(sb, num);
        return 1;
    }
    case 0x2: {
        unsigned n = 1u << (m & 0x0f);
        uint64_t v;
        double dv;
        if (strings_only || (n != 4 && n != 8))
            return 0;
        if (off + 1 + n > b->table)
            return -1;
        v = be_n(b->buf + off + 1, n);
        if (n == 4) {
            uint32_t w = (uint32_t)v;
            float fv;
            memcpy(&fv, &w, sizeof(fv));
            dv = fv;
        } else {
            memcpy(&dv, &v, sizeof(dv));
        }
        snprintf(num, sizeof(num), "%.17g", dv);
        strbuf_addstr(sb, num);
        return 1;
    }
    default:
        return 0;
    }
}

static int parse_binary(const uint8_t *buf, size_t len, struct arena *arena,
                        struct plist_dict *out, struct gd_err *err)
{
    const uint8_t *tr;
    struct bpl b;
    uint64_t top, off, count, data, i;
    struct strbuf sb = STRBUF_INIT;
    size_t cap = 0;

    out->binary = 1;
    if (len < 8 + 1 + 32)
        return err_setx(err, GD_ERR_FORMAT, "binary plist too short for its trailer");
    tr = buf + len - 32;
    b.buf = buf;
    b.off_size = tr[6];
    b.ref_size = tr[7];
    b.n_objects = be_n(tr + 8, 8);
    top = be_n(tr + 16, 8);
    b.table = be_n(tr + 24, 8);
    if (b.off_size < 1 || b.off_size > 8 || b.ref_size < 1 || b.ref_size > 8)
        return err_setx(err, GD_ERR_FORMAT, "binary plist: bad offset or reference size");
    if (b.table < 9 || b.table > len - 32 || b.n_objects == 0 ||
        b.n_objects > (len - 32 - b.table) / b.off_size)
        return err_setx(err, GD_ERR_FORMAT, "binary plist: offset table outside the file");
    if (obj_off(&b, top, &off) < 0)
        return err_setx(err, GD_ERR_FORMAT, "binary plist: bad top object");
    if ((buf[off] >> 4) != 0xd)
        return err_setx(err, GD_ERR_FORMAT, "the top-level object is not a dict");
    if (obj_count(&b, off, &count, &data) < 0 || count > (b.table - data) / 2 / b.ref_size)
        return err_setx(err, GD_ERR_FORMAT, "binary plist: dict runs past the objects");
    for (i = 0; i < count; i++) {
        uint64_t kref = be_n(buf + data + i * b.ref_size, b.ref_size);
        uint64_t vref = be_n(buf + data + (count + i) * b.ref_size, b.ref_size);
        const char *key;
        int r;
        if (out->n >= PLIST_MAX_KEYS) {
            out->warning = "more keys than are kept";
            break;
        }
        strbuf_reset(&sb);
        if (obj_text(&b, kref, &sb, 1) != 1) {
            out->warning = "a dict key that is not a readable string";
            continue;
        }
        key = keep(arena, out, &sb);
        strbuf_reset(&sb);
        r = obj_text(&b, vref, &sb, 0);
        if (r < 0)
            out->warning = "a damaged value was skipped";
        if (r == 1)
            add_entry(arena, out, &cap, key, keep(arena, out, &sb));
    }
    strbuf_release(&sb);
    return 0;
}

int plist_parse(const uint8_t *buf, size_t len, struct arena *arena, struct plist_dict *out,
                struct gd_err *err)
{
    memset(out, 0, sizeof(*out));
    if (len >= 8 && !memcmp(buf, "bplist00", 8))
        return parse_binary(buf, len, arena, out, err);
    return parse_xml(buf, len, arena, out, err);
}

const char *plist_get(const struct plist_dict *d, const char *key)
{
    size_t i;
    for (i = 0; i < d->n; i++)
        if (!strcmp(d->entries[i].key, key))
            return d->entries[i].value;
    return NULL;
}
