#include "scan/metadata.h"

#include <stdlib.h>
#include <string.h>

#include "scan/distname.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/utf8.h"
#include "util/banned.h"

void metadata_init(struct metadata *md)
{
    memset(md, 0, sizeof(*md));
}

void metadata_release(struct metadata *md)
{
    free(md->reqs);
    free(md->extras);
    metadata_init(md);
}

static int is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '_' || c == '.';
}

static int key_is(const char *k, size_t klen, const char *want)
{
    size_t i, n = strlen(want);
    if (klen != n)
        return 0;
    for (i = 0; i < n; i++) {
        char c = k[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != want[i])
            return 0;
    }
    return 1;
}

static int valid_utf8(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len) {
        size_t n = utf8_valid_seq((const unsigned char *)s + i, len - i);
        if (n == 0)
            return 0;
        i += n;
    }
    return 1;
}

/* Find `extra == "X"` (or `"X" == extra`) in a marker; X into out. */
static int marker_extra(const char *m, size_t len, struct strbuf *out)
{
    size_t i;
    for (i = 0; i + 5 <= len; i++) {
        size_t j;
        char q;
        const char *val;
        if (memcmp(m + i, "extra", 5) != 0)
            continue;
        if (i > 0 && (is_name_char(m[i - 1])))
            continue;
        if (i + 5 < len && is_name_char(m[i + 5]))
            continue;
        /* extra == "X" */
        j = i + 5;
        while (j < len && char_is_space(m[j]))
            j++;
        if (j + 2 <= len && m[j] == '=' && m[j + 1] == '=') {
            j += 2;
            while (j < len && char_is_space(m[j]))
                j++;
            if (j < len && (m[j] == '"' || m[j] == '\'')) {
                q = m[j++];
                val = m + j;
                while (j < len && m[j] != q)
                    j++;
                if (j < len) {
                    distname_normalize(out, val, (size_t)(m + j - val));
                    return 1;
                }
            }
        }
        /* "X" == extra */
        j = i;
        while (j > 0 && char_is_space(m[j - 1]))
            j--;
        if (j >= 2 && m[j - 1] == '=' && m[j - 2] == '=') {
            size_t end;
            j -= 2;
            while (j > 0 && char_is_space(m[j - 1]))
                j--;
            if (j > 0 && (m[j - 1] == '"' || m[j - 1] == '\'')) {
                q = m[j - 1];
                end = j - 1;
                j = end;
                while (j > 0 && m[j - 1] != q)
                    j--;
                if (j > 0) {
                    distname_normalize(out, m + j, end - j);
                    return 1;
                }
            }
        }
    }
    return 0;
}

int metadata_parse_requirement(struct md_requirement *req, struct arena *a,
                               const char *s, size_t len, struct gd_err *err)
{
    struct strbuf sb = STRBUF_INIT;
    size_t i = 0, start;
    const char *semi, *spec;
    size_t speclen;

    memset(req, 0, sizeof(*req));
    trim(&s, &len);
    while (i < len && is_name_char(s[i]))
        i++;
    if (i == 0 || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') ||
                    (s[0] >= '0' && s[0] <= '9')))
        return err_setx(err, GD_ERR_FORMAT, "requirement does not start with a name");
    distname_normalize(&sb, s, i);
    req->name = arena_strdup(a, sb.buf);
    while (i < len && char_is_space(s[i]))
        i++;
    if (i < len && s[i] == '[') {
        const char *close = memchr(s + i, ']', len - i);
        if (close) {
            const char *e = s + i + 1;
            size_t elen = (size_t)(close - e);
            trim(&e, &elen);
            if (elen)
                req->extras = arena_strndup(a, e, elen);
            i = (size_t)(close - s) + 1;
        }
    }
    /* Specifier: up to ';' (a URL may contain ';' only after " ;" per PEP 508,
     * and a marker always follows whitespace there, so the first ';' is fine). */
    start = i;
    semi = memchr(s + start, ';', len - start);
    spec = s + start;
    speclen = semi ? (size_t)(semi - spec) : len - start;
    strbuf_reset(&sb);
    for (i = 0; i < speclen; i++) {
        char c = spec[i];
        if (char_is_space(c) || c == '(' || c == ')')
            continue;
        if (c == '@' && sb.len == 0) {
            strbuf_addstr(&sb, "@ ");
            continue;
        }
        strbuf_addch(&sb, c);
    }
    if (sb.len)
        req->specifier = arena_strdup(a, sb.buf);
    if (semi) {
        const char *m = semi + 1;
        size_t mlen = len - (size_t)(m - s);
        trim(&m, &mlen);
        if (mlen) {
            req->marker = arena_strndup(a, m, mlen);
            if (marker_extra(m, mlen, &sb))
                req->extra = arena_strdup(a, sb.buf);
        }
    }
    strbuf_release(&sb);
    return 0;
}

/* One logical header (continuation lines folded), handed to this. */
static void take_header(struct metadata *md, struct arena *a, const char *k, size_t klen,
                        const char *v, size_t vlen)
{
    struct gd_err ignored;

    trim(&v, &vlen);
    if (key_is(k, klen, "name")) {
        if (!md->name)
            md->name = arena_strndup(a, v, vlen);
    } else if (key_is(k, klen, "version")) {
        if (!md->version)
            md->version = arena_strndup(a, v, vlen);
    } else if (key_is(k, klen, "metadata-version")) {
        if (!md->metadata_version)
            md->metadata_version = arena_strndup(a, v, vlen);
    } else if (key_is(k, klen, "requires-dist")) {
        struct md_requirement r;
        if (metadata_parse_requirement(&r, a, v, vlen, &ignored) == 0) {
            ALLOC_GROW(md->reqs, md->n_reqs + 1, md->alloc_reqs);
            md->reqs[md->n_reqs++] = r;
        }
    } else if (key_is(k, klen, "provides-extra")) {
        struct strbuf sb = STRBUF_INIT;
        if (vlen) {
            distname_normalize(&sb, v, vlen);
            ALLOC_GROW(md->extras, md->n_extras + 1, md->alloc_extras);
            md->extras[md->n_extras++] = arena_strdup(a, sb.buf);
        }
        strbuf_release(&sb);
    }
}

int metadata_parse(struct metadata *md, struct arena *a, const char *buf, size_t len,
                   struct gd_err *err)
{
    size_t pos = 0, hdr_end = len;
    const char *k = NULL, *v = NULL;
    size_t klen = 0;
    struct strbuf val = STRBUF_INIT;
    int ended = 0;

    /* A UTF-8 byte order mark is tolerated. */
    if (len >= 3 && (unsigned char)buf[0] == 0xEF && (unsigned char)buf[1] == 0xBB &&
        (unsigned char)buf[2] == 0xBF)
        pos = 3;
    while (pos < len) {
        const char *line = buf + pos;
        const char *nl = memchr(line, '\n', len - pos);
        size_t llen = nl ? (size_t)(nl - line) : len - pos;
        size_t next = pos + llen + (nl ? 1 : 0);

        if (llen && line[llen - 1] == '\r')
            llen--;
        if (llen == 0) {
            hdr_end = pos;
            ended = 1;
            break;
        }
        if (line[0] == ' ' || line[0] == '\t') {
            /* Continuation of the previous header. */
            if (k) {
                strbuf_addch(&val, '\n');
                strbuf_add(&val, line, llen);
            }
        } else {
            const char *colon = memchr(line, ':', llen);
            if (k)
                take_header(md, a, k, klen, val.buf, val.len);
            k = NULL;
            strbuf_reset(&val);
            if (colon) {
                k = line;
                klen = (size_t)(colon - line);
                v = colon + 1;
                strbuf_add(&val, v, llen - klen - 1);
            }
        }
        pos = next;
    }
    if (k)
        take_header(md, a, k, klen, val.buf, val.len);
    strbuf_release(&val);
    md->truncated = !ended;
    md->bad_utf8 = !valid_utf8(buf, hdr_end);

    if (!md->name || !*md->name)
        return err_setx(err, GD_ERR_FORMAT, "no Name field");
    if (!md->version || !*md->version)
        return err_setx(err, GD_ERR_FORMAT, "no Version field");
    if (!valid_utf8(md->name, strlen(md->name)) || !valid_utf8(md->version, strlen(md->version)))
        return err_setx(err, GD_ERR_FORMAT, "Name or Version is not valid UTF-8");
    return 0;
}

const struct md_requirement *metadata_find_req(const struct metadata *md, const char *name)
{
    size_t i;
    for (i = 0; i < md->n_reqs; i++)
        if (distname_equal(md->reqs[i].name, name))
            return &md->reqs[i];
    return NULL;
}

int metadata_wheel_tag(struct arena *a, const char *buf, size_t len, const char **tag)
{
    size_t pos = 0;
    while (pos < len) {
        const char *line = buf + pos, *nl = memchr(line, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - line) : len - pos, i = 4, end;
        pos += n + (nl ? 1 : 0);
        if (n && line[n - 1] == '\r')
            n--;
        if (!n)
            return 0; /* the headers end at the first empty line */
        if (n < 4 || (line[0] != 'T' && line[0] != 't') || (line[1] != 'A' && line[1] != 'a') ||
            (line[2] != 'G' && line[2] != 'g') || line[3] != ':')
            continue;
        while (i < n && (line[i] == ' ' || line[i] == '\t'))
            i++;
        end = n;
        while (end > i && (line[end - 1] == ' ' || line[end - 1] == '\t'))
            end--;
        if (end == i || end - i > 200)
            continue;
        for (n = i; n < end; n++)
            if (line[n] <= ' ' || line[n] > '~')
                break;
        if (n < end)
            continue;
        *tag = arena_strndup(a, line + i, end - i);
        return 1;
    }
    return 0;
}
