/*
 * lockfile_toml.c - pyproject.toml, uv.lock and poetry.lock (scan/lockfile.h).
 *
 * A small TOML reader (https://toml.io/en/v1.0.0) that flattens a document
 * into (path, value) events: table headers, dotted keys, inline tables and
 * arrays each add path parts, an array element or array-of-tables element
 * adds "#N" (its index), so uv.lock's
 *     [[package]] name = "torch"  source = { registry = "https://..." }
 * gives package.#3.name = torch and package.#3.source.registry = https://...
 * Strings are unescaped (\uXXXX kept as written: names and versions are
 * ASCII); numbers, booleans and dates are passed as written.  Bounded:
 * TOMLF_MAX_DEPTH nested values, TOMLF_MAX_PARTS path parts, TOMLF_MAX_STR
 * bytes of one string; past a bound or on a syntax error the reader stops
 * and says at which line.
 */
#include "scan/lockfile_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

#define TOMLF_MAX_DEPTH 32
#define TOMLF_MAX_PARTS 48
#define TOMLF_MAX_STR (1u << 20)
#define TOMLF_MAX_AOT 1024    /* distinct array-of-tables paths */

struct tomlf;
typedef void tomlf_fn(struct tomlf *t, const char *value, int is_string);

struct aot {
    char *path;               /* joined with '\x1f' */
    size_t count;
};

struct tomlf {
    const char *p, *e;
    size_t line;
    const char *parts[TOMLF_MAX_PARTS];
    size_t n_parts;
    struct arena *a;
    struct aot *aot;
    size_t n_aot, alloc_aot;
    tomlf_fn *fn;
    void *arg;
    char err[160];
};

static void terr(struct tomlf *t, const char *what)
{
    if (!t->err[0])
        snprintf(t->err, sizeof(t->err), "line %zu: %s", t->line, what);
}

static void skip_ws(struct tomlf *t, int newlines)
{
    while (t->p < t->e) {
        char c = *t->p;
        if (c == ' ' || c == '\t' || c == '\r')
            t->p++;
        else if (c == '#') {
            while (t->p < t->e && *t->p != '\n')
                t->p++;
        } else if (c == '\n' && newlines) {
            t->line++;
            t->p++;
        } else
            break;
    }
}

static int push(struct tomlf *t, const char *part)
{
    if (t->n_parts >= TOMLF_MAX_PARTS) {
        terr(t, "keys nest too deep");
        return -1;
    }
    t->parts[t->n_parts++] = part;
    return 0;
}

/* A basic or literal string (single- or multi-line) at t->p; NULL on error. */
static const char *read_string(struct tomlf *t)
{
    struct strbuf b = STRBUF_INIT;
    char q = *t->p;
    int multi = t->e - t->p >= 3 && t->p[1] == q && t->p[2] == q;
    const char *out;
    t->p += multi ? 3 : 1;
    if (multi && t->p < t->e && *t->p == '\n') {
        t->p++;
        t->line++;
    } else if (multi && t->e - t->p >= 2 && t->p[0] == '\r' && t->p[1] == '\n') {
        t->p += 2;
        t->line++;
    }
    for (;;) {
        char c;
        if (t->p >= t->e) {
            terr(t, "a string does not end");
            strbuf_release(&b);
            return NULL;
        }
        c = *t->p;
        if (c == q && (!multi || (t->e - t->p >= 3 && t->p[1] == q && t->p[2] == q))) {
            t->p += multi ? 3 : 1;
            /* up to two more quotes belong to the string ("""a"""") */
            while (multi && t->p < t->e && *t->p == q && b.len < TOMLF_MAX_STR) {
                strbuf_addch(&b, q);
                t->p++;
            }
            break;
        }
        if (c == '\n') {
            if (!multi) {
                terr(t, "a string breaks across lines");
                strbuf_release(&b);
                return NULL;
            }
            t->line++;
        }
        t->p++;
        if (q == '"' && c == '\\') {
            char x;
            if (t->p >= t->e)
                continue;
            x = *t->p++;
            switch (x) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case '"': c = '"'; break;
            case '\\': c = '\\'; break;
            case 'u':
            case 'U':
                strbuf_addch(&b, '\\');
                c = x;
                break;
            case '\n':
            case ' ':
            case '\t':
            case '\r':
                /* a line-ending backslash: the white space after it goes */
                if (x == '\n')
                    t->line++;
                while (t->p < t->e && (*t->p == ' ' || *t->p == '\t' || *t->p == '\n' || *t->p == '\r')) {
                    if (*t->p == '\n')
                        t->line++;
                    t->p++;
                }
                continue;
            default:
                terr(t, "an unknown escape in a string");
                strbuf_release(&b);
                return NULL;
            }
        }
        if (b.len >= TOMLF_MAX_STR) {
            terr(t, "a string is too long");
            strbuf_release(&b);
            return NULL;
        }
        strbuf_addch(&b, c);
    }
    out = arena_strndup(t->a, b.buf, b.len);
    strbuf_release(&b);
    return out;
}

static int is_bare(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

/* Dotted key parts, pushed; the count, or -1. */
static int read_key(struct tomlf *t)
{
    int n = 0;
    for (;;) {
        const char *part;
        skip_ws(t, 0);
        if (t->p >= t->e) {
            terr(t, "a key is missing");
            return -1;
        }
        if (*t->p == '"' || *t->p == '\'') {
            if (!(part = read_string(t)))
                return -1;
        } else {
            const char *s = t->p;
            while (t->p < t->e && is_bare(*t->p))
                t->p++;
            if (t->p == s) {
                terr(t, "a key is missing");
                return -1;
            }
            part = arena_strndup(t->a, s, (size_t)(t->p - s));
        }
        if (push(t, part) < 0)
            return -1;
        n++;
        skip_ws(t, 0);
        if (t->p < t->e && *t->p == '.') {
            t->p++;
            continue;
        }
        return n;
    }
}

static int read_value(struct tomlf *t, int depth);

static const char *index_part(struct tomlf *t, size_t i)
{
    return arena_printf(t->a, "#%zu", i);
}

static int read_array(struct tomlf *t, int depth)
{
    size_t i = 0;
    t->p++;   /* [ */
    for (;;) {
        skip_ws(t, 1);
        if (t->p >= t->e) {
            terr(t, "an array does not end");
            return -1;
        }
        if (*t->p == ']') {
            t->p++;
            return 0;
        }
        if (push(t, index_part(t, i++)) < 0 || read_value(t, depth + 1) < 0)
            return -1;
        t->n_parts--;
        skip_ws(t, 1);
        if (t->p < t->e && *t->p == ',') {
            t->p++;
            continue;
        }
        skip_ws(t, 1);
        if (t->p < t->e && *t->p == ']') {
            t->p++;
            return 0;
        }
        terr(t, "an array element is not followed by ',' or ']'");
        return -1;
    }
}

static int read_inline(struct tomlf *t, int depth)
{
    size_t base = t->n_parts;
    t->p++;   /* { */
    skip_ws(t, 0);
    if (t->p < t->e && *t->p == '}') {
        t->p++;
        return 0;
    }
    for (;;) {
        if (read_key(t) < 0)
            return -1;
        skip_ws(t, 0);
        if (t->p >= t->e || *t->p != '=') {
            terr(t, "'=' is missing in an inline table");
            return -1;
        }
        t->p++;
        if (read_value(t, depth + 1) < 0)
            return -1;
        t->n_parts = base;
        skip_ws(t, 0);
        if (t->p < t->e && *t->p == ',') {
            t->p++;
            continue;
        }
        if (t->p < t->e && *t->p == '}') {
            t->p++;
            return 0;
        }
        terr(t, "an inline table does not end");
        return -1;
    }
}

static int read_value(struct tomlf *t, int depth)
{
    if (depth > TOMLF_MAX_DEPTH) {
        terr(t, "values nest too deep");
        return -1;
    }
    skip_ws(t, 0);
    if (t->p >= t->e) {
        terr(t, "a value is missing");
        return -1;
    }
    if (*t->p == '"' || *t->p == '\'') {
        const char *s = read_string(t);
        if (!s)
            return -1;
        t->fn(t, s, 1);
        return 0;
    }
    if (*t->p == '[')
        return read_array(t, depth);
    if (*t->p == '{')
        return read_inline(t, depth);
    {
        const char *s = t->p;
        while (t->p < t->e && !strchr(",]}#\n\r", *t->p))
            t->p++;
        while (t->p > s && (t->p[-1] == ' ' || t->p[-1] == '\t'))
            t->p--;
        if (t->p == s) {
            terr(t, "a value is missing");
            return -1;
        }
        t->fn(t, arena_strndup(t->a, s, (size_t)(t->p - s)), 0);
        return 0;
    }
}

static char *join(struct tomlf *t, size_t n)
{
    struct strbuf b = STRBUF_INIT;
    size_t i;
    char *out;
    for (i = 0; i < n; i++) {
        if (i)
            strbuf_addch(&b, '\x1f');
        strbuf_addstr(&b, t->parts[i]);
    }
    out = arena_strndup(t->a, b.buf, b.len);
    strbuf_release(&b);
    return out;
}

static struct aot *aot_find(struct tomlf *t, const char *path)
{
    size_t i;
    for (i = 0; i < t->n_aot; i++)
        if (!strcmp(t->aot[i].path, path))
            return &t->aot[i];
    return NULL;
}

/* [a.b] or [[a.b]]: the header's parts, with "#N" after each array-of-tables prefix. */
static int read_header(struct tomlf *t)
{
    int array = t->e - t->p >= 2 && t->p[1] == '[';
    const char *raw[TOMLF_MAX_PARTS];
    size_t n, i;
    t->p += array ? 2 : 1;
    t->n_parts = 0;
    if (read_key(t) < 0)
        return -1;
    skip_ws(t, 0);
    if (t->p >= t->e || *t->p != ']' || (array && (t->e - t->p < 2 || t->p[1] != ']'))) {
        terr(t, "a table header does not end with ']'");
        return -1;
    }
    t->p += array ? 2 : 1;
    n = t->n_parts;
    memcpy(raw, t->parts, n * sizeof(raw[0]));
    t->n_parts = 0;
    for (i = 0; i < n; i++) {
        struct aot *x;
        char *path;
        if (push(t, raw[i]) < 0)
            return -1;
        path = join(t, t->n_parts);
        x = aot_find(t, path);
        if (i + 1 == n && array) {
            if (!x) {
                if (t->n_aot >= TOMLF_MAX_AOT) {
                    terr(t, "too many arrays of tables");
                    return -1;
                }
                ALLOC_GROW(t->aot, t->n_aot + 1, t->alloc_aot);
                x = &t->aot[t->n_aot++];
                x->path = path;
                x->count = 0;
            } else {
                x->count++;
            }
        }
        if (x && push(t, index_part(t, x->count)) < 0)
            return -1;
    }
    return 0;
}

static int tomlf_run(struct tomlf *t)
{
    size_t table_parts = 0;
    for (;;) {
        skip_ws(t, 1);
        if (t->p >= t->e)
            return 0;
        if (*t->p == '[') {
            if (read_header(t) < 0)
                return -1;
            table_parts = t->n_parts;
        } else {
            t->n_parts = table_parts;
            if (read_key(t) < 0)
                return -1;
            skip_ws(t, 0);
            if (t->p >= t->e || *t->p != '=') {
                terr(t, "'=' is missing after a key");
                return -1;
            }
            t->p++;
            if (read_value(t, 0) < 0)
                return -1;
            t->n_parts = table_parts;
        }
        skip_ws(t, 0);
        if (t->p < t->e && *t->p != '\n') {
            terr(t, "more after a value on its line");
            return -1;
        }
    }
}

/* ---- what the events mean ---- */

struct named { const char *name, *url; };
struct source { const char *name, *index, *marker; size_t k; };   /* [tool.uv.sources] entries */
struct pkg {
    const char *name, *version, *source, *index_name, *category, *marker, *spec, *extras;
    int dev;
    int n_markers, linux_markers;   /* uv.lock's resolution-markers, and how many may hold on Linux x86_64 */
    size_t line;
};

struct lstate {
    struct lock_file *lf;
    struct gd_err *err;
    int failed;
    struct named *indexes;      /* uv's [[tool.uv.index]], poetry's [[tool.poetry.source]], by element */
    size_t n_indexes, alloc_indexes;
    struct pkg *pkgs;           /* lock packages / poetry dependencies, by element or name */
    size_t n_pkgs, alloc_pkgs;
    struct source *sources;     /* uv's [tool.uv.sources]: requirement -> index name, by marker */
    size_t n_sources, alloc_sources;
};

static int is(const struct tomlf *t, size_t i, const char *s)
{
    return i < t->n_parts && !strcmp(t->parts[i], s);
}

static int is_index(const struct tomlf *t, size_t i)
{
    return i < t->n_parts && t->parts[i][0] == '#';
}

static size_t elem(const struct tomlf *t, size_t i)
{
    return (size_t)strtoul(t->parts[i] + 1, NULL, 10);
}

static struct named *named_at(struct named **v, size_t *n, size_t *alloc, size_t k)
{
    if (k >= 4096)
        return NULL;
    if (k >= *n) {
        ALLOC_GROW(*v, k + 1, *alloc);
        memset(*v + *n, 0, (k + 1 - *n) * sizeof(**v));
        *n = k + 1;
    }
    return &(*v)[k];
}

static struct pkg *pkg_at(struct lstate *s, size_t k)
{
    if (k >= LOCK_MAX_REQS)
        return NULL;
    if (k >= s->n_pkgs) {
        ALLOC_GROW(s->pkgs, k + 1, s->alloc_pkgs);
        memset(s->pkgs + s->n_pkgs, 0, (k + 1 - s->n_pkgs) * sizeof(*s->pkgs));
        s->n_pkgs = k + 1;
    }
    return &s->pkgs[k];
}

/* A named dependency (poetry's table form), found or appended. */
static struct pkg *pkg_named(struct lstate *s, const char *name, int dev)
{
    size_t i;
    for (i = 0; i < s->n_pkgs; i++)
        if (s->pkgs[i].name && !strcmp(s->pkgs[i].name, name) && s->pkgs[i].dev == dev)
            return &s->pkgs[i];
    {
        struct pkg *p = pkg_at(s, s->n_pkgs);
        if (p) {
            p->name = name;
            p->dev = dev;
        }
        return p;
    }
}

static void add_pep508(struct tomlf *t, struct lstate *s, const char *value, int dev)
{
    struct lock_req r, *out;
    if (s->failed || !lock_parse_pep508(&s->lf->arena, value, strlen(value), &r))
        return;
    if (!(out = lock_add(s->lf, s->err))) {
        s->failed = 1;
        return;
    }
    *out = r;
    out->dev = dev;
    out->line = t->line;
}

/* pyproject.toml */
static void on_pyproject(struct tomlf *t, const char *v, int str)
{
    struct lstate *s = t->arg;
    struct named *x;
    struct pkg *p;
    size_t n = t->n_parts;

    if (is(t, 0, "project")) {
        if (n == 3 && is(t, 1, "dependencies") && str)
            add_pep508(t, s, v, 0);
        else if (n == 4 && is(t, 1, "optional-dependencies") && str)
            add_pep508(t, s, v, 1);
        else if (n == 2 && is(t, 1, "requires-python") && str)
            s->lf->python = arena_strdup(&s->lf->arena, v);
    } else if (is(t, 0, "dependency-groups") && n == 3 && str) {
        add_pep508(t, s, v, 1);
    } else if (is(t, 0, "tool") && is(t, 1, "uv")) {
        if (n == 5 && is(t, 2, "index") && is_index(t, 3) &&
            (x = named_at(&s->indexes, &s->n_indexes, &s->alloc_indexes, elem(t, 3))) != NULL) {
            if (is(t, 4, "name"))
                x->name = v;
            else if (is(t, 4, "url"))
                x->url = v;
        } else if (n >= 5 && is(t, 2, "sources") && str && (is(t, n - 1, "index") || is(t, n - 1, "marker"))) {
            /* torch = { index = "x" } or torch = [{ index = "x", marker = ... }, ...] */
            size_t k = n == 6 && is_index(t, 4) ? elem(t, 4) : 0, i;
            const char *name = lock_normalize(&s->lf->arena, t->parts[3], strlen(t->parts[3]));
            struct source *src = NULL;
            for (i = 0; i < s->n_sources; i++)
                if (!strcmp(s->sources[i].name, name) && s->sources[i].k == k)
                    src = &s->sources[i];
            if (!src && s->n_sources < 4096) {
                ALLOC_GROW(s->sources, s->n_sources + 1, s->alloc_sources);
                src = &s->sources[s->n_sources++];
                memset(src, 0, sizeof(*src));
                src->name = name;
                src->k = k;
            }
            if (src && is(t, n - 1, "index"))
                src->index = v;
            else if (src)
                src->marker = v;
        }
    } else if (is(t, 0, "tool") && is(t, 1, "poetry")) {
        /* [tool.poetry.dependencies] and [tool.poetry.group.G.dependencies] */
        size_t at = is(t, 2, "dependencies") ? 3 : (is(t, 2, "group") && is(t, 4, "dependencies")) ? 5
                    : is(t, 2, "dev-dependencies") ? 3 : 0;
        int dev = at != 3 || is(t, 2, "dev-dependencies");
        if (at && n > at) {
            const char *name = t->parts[at];
            if (!strcmp(name, "python")) {
                if (n == at + 1 && str)
                    s->lf->python = v;
                return;
            }
            if (!(p = pkg_named(s, lock_normalize(&s->lf->arena, name, strlen(name)), dev)))
                return;
            p->line = t->line;
            if (n == at + 1 && str)
                p->spec = v;
            else if (n == at + 2 && is(t, at + 1, "version"))
                p->spec = v;
            else if (n == at + 2 && is(t, at + 1, "source"))
                p->index_name = v;
            else if (n == at + 3 && is(t, at + 1, "extras") && str)
                p->extras = p->extras ? arena_printf(&s->lf->arena, "%s,%s", p->extras, v) : v;
            else if (n == at + 3 && is_index(t, at + 1) && is(t, at + 2, "version") && !p->spec)
                p->spec = v;   /* a list of constraints by marker: the first */
        } else if (n == 5 && is(t, 2, "source") && is_index(t, 3) &&
                   (x = named_at(&s->indexes, &s->n_indexes, &s->alloc_indexes, elem(t, 3))) != NULL) {
            if (is(t, 4, "name"))
                x->name = v;
            else if (is(t, 4, "url"))
                x->url = v;
        }
    }
}

/* uv.lock and poetry.lock: [[package]] elements. */
static void on_lock(struct tomlf *t, const char *v, int str)
{
    struct lstate *s = t->arg;
    struct pkg *p;
    size_t n = t->n_parts;
    if (n == 1 && is(t, 0, "requires-python") && str) {
        s->lf->python = v;
        return;
    }
    if (n == 3 && is(t, 0, "metadata") && is(t, 1, "python-versions") && str) {
        s->lf->python = v;
        return;
    }
    if (n < 3 || !is(t, 0, "package") || !is_index(t, 1) || !(p = pkg_at(s, elem(t, 1))))
        return;
    if (n == 3 && is(t, 2, "name")) {
        p->name = lock_normalize(&s->lf->arena, v, strlen(v));
        p->line = t->line;
    } else if (n == 3 && is(t, 2, "version")) {
        p->version = v;
    } else if (n == 3 && is(t, 2, "category")) {
        p->category = v;
    } else if (n == 4 && is(t, 2, "resolution-markers") && str) {
        p->n_markers++;
        if (lock_marker_linux(v) != 0)
            p->linux_markers++;
    } else if (n == 4 && is(t, 2, "source") && (is(t, 3, "registry") || is(t, 3, "url") || is(t, 3, "index"))) {
        if (!p->source || is(t, 3, "registry") || is(t, 3, "url"))
            p->source = v;
    }
}

static const char *index_url_of(const struct lstate *s, const char *name)
{
    size_t i;
    for (i = 0; name && i < s->n_indexes; i++)
        if (s->indexes[i].name && !strcmp(s->indexes[i].name, name))
            return s->indexes[i].url;
    return NULL;
}

/* Poetry's "2.1.0" is exact; "^2.1", "~2.1", ">=2" are ranges; "*" none. */
static void poetry_spec(struct arena *a, const char *spec, struct lock_req *r)
{
    if (!spec || !strcmp(spec, "*"))
        return;
    if ((spec[0] >= '0' && spec[0] <= '9') && !strpbrk(spec, ",*<>!~^ |"))
        r->version = spec;
    else if (spec[0] == '=' && spec[1] == '=' && !strpbrk(spec + 2, ",*<>!~^|"))
        r->version = arena_strdup(a, spec + 2 + strspn(spec + 2, " "));
    else
        r->spec = spec;
}

int lock_read_toml(struct lock_file *lf, const char *buf, size_t len, struct gd_err *err)
{
    struct tomlf t;
    struct lstate s;
    size_t i, j;
    int rc = 0;

    memset(&t, 0, sizeof(t));
    memset(&s, 0, sizeof(s));
    t.p = buf;
    t.e = buf + len;
    t.line = 1;
    t.a = &lf->arena;
    t.fn = lf->format == LOCK_PYPROJECT ? on_pyproject : on_lock;
    t.arg = &s;
    s.lf = lf;
    s.err = err;
    if (tomlf_run(&t) < 0)
        rc = err_setx(err, GD_ERR_FORMAT, "not TOML: %s", t.err);
    else if (s.failed)
        rc = -1;
    for (i = 0; rc == 0 && i < s.n_pkgs; i++) {
        struct pkg *p = &s.pkgs[i];
        struct lock_req *r;
        if (!p->name || (p->n_markers && !p->linux_markers))
            continue;   /* a resolution for other platforms only */
        if (!(r = lock_add(lf, err))) {
            rc = -1;
            break;
        }
        r->name = p->name;
        r->line = p->line;
        r->extras = p->extras;
        r->dev = p->dev || (p->category && !strcmp(p->category, "dev"));
        if (lf->format == LOCK_PYPROJECT) {
            poetry_spec(&lf->arena, p->spec, r);
            r->index = index_url_of(&s, p->index_name);
        } else {
            r->version = p->version;
            r->index = p->source;
        }
    }
    /* uv: a requirement's [tool.uv.sources] index: the first entry whose
     * marker holds on Linux x86_64 (lock_marker_linux), else the first not
     * known to fail. */
    for (j = 0; rc == 0 && j < lf->n_reqs; j++) {
        const struct source *best = NULL;
        int best_m = -2;
        if (lf->reqs[j].index)
            continue;
        for (i = 0; i < s.n_sources; i++) {
            int m;
            if (strcmp(lf->reqs[j].name, s.sources[i].name) || !s.sources[i].index)
                continue;
            m = s.sources[i].marker ? lock_marker_linux(s.sources[i].marker) : 1;
            if (m > best_m) {
                best = &s.sources[i];
                best_m = m;
            }
        }
        if (best && best_m != 0)
            lf->reqs[j].index = index_url_of(&s, best->index);
    }
    for (i = 0; rc == 0 && i < s.n_indexes; i++)
        if (s.indexes[i].url)
            lock_index(lf, s.indexes[i].url);
    free(t.aot);
    free(s.indexes);
    free(s.pkgs);
    free(s.sources);
    return rc;
}
