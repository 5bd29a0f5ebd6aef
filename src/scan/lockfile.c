/*
 * lockfile.c - the dependency-file reader's core (scan/lockfile.h): format
 * guess, PEP 508, requirements files, pip and conda command lines,
 * Dockerfiles and conda's explicit lock.  TOML formats: lockfile_toml.c;
 * Pipfile.lock and environment.yml: lockfile_data.c.
 */
#include "scan/lockfile_int.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

#define LOCK_MAX_LINE 65536   /* a logical line (continuations joined) */

void lock_file_init(struct lock_file *lf)
{
    memset(lf, 0, sizeof(*lf));
    arena_init(&lf->arena);
}

void lock_file_release(struct lock_file *lf)
{
    free(lf->reqs);
    free(lf->indexes);
    free(lf->notes);
    free(lf->args);
    arena_release(&lf->arena);
    memset(lf, 0, sizeof(*lf));
}

static const char *const format_names[] = { "unknown", "requirements", "pyproject", "uv.lock", "poetry.lock",
                                            "Pipfile.lock", "environment.yml", "conda-explicit", "Dockerfile" };

const char *lock_format_name(enum lock_format f)
{
    return (unsigned)f < sizeof(format_names) / sizeof(format_names[0]) ? format_names[f] : "unknown";
}

enum lock_format lock_format_named(const char *name)
{
    size_t i;
    for (i = 1; i < sizeof(format_names) / sizeof(format_names[0]); i++)
        if (!strcmp(name, format_names[i]))
            return (enum lock_format)i;
    return LOCK_UNKNOWN;
}

static int has_suffix(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && !strcmp(s + n - m, suf);
}

enum lock_format lock_format_guess(const char *path, const char *buf, size_t len)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (!strcmp(base, "uv.lock"))
        return LOCK_UV;
    if (!strcmp(base, "poetry.lock"))
        return LOCK_POETRY;
    if (!strcmp(base, "Pipfile.lock"))
        return LOCK_PIPFILE;
    if (!strcmp(base, "pyproject.toml"))
        return LOCK_PYPROJECT;
    if (!strncmp(base, "Dockerfile", 10) || !strncmp(base, "Containerfile", 13) || has_suffix(base, ".Dockerfile") ||
        has_suffix(base, ".dockerfile"))
        return LOCK_DOCKERFILE;
    if (has_suffix(base, ".yml") || has_suffix(base, ".yaml"))
        return LOCK_CONDA_ENV;
    if (mem_contains(buf, len < 4096 ? len : 4096, "@EXPLICIT"))
        return LOCK_CONDA_EXPLICIT;
    if (has_suffix(base, ".toml"))
        return LOCK_PYPROJECT;
    if (has_suffix(base, ".txt") || has_suffix(base, ".in") || !strncmp(base, "requirements", 12) ||
        !strncmp(base, "constraints", 11))
        return LOCK_REQUIREMENTS;
    return LOCK_UNKNOWN;
}

struct lock_req *lock_add(struct lock_file *lf, struct gd_err *err)
{
    struct lock_req *r;
    if (lf->n_reqs >= LOCK_MAX_REQS) {
        err_setx(err, GD_ERR_LIMIT, "more than %u requirements", (unsigned)LOCK_MAX_REQS);
        return NULL;
    }
    ALLOC_GROW(lf->reqs, lf->n_reqs + 1, lf->alloc_reqs);
    r = &lf->reqs[lf->n_reqs++];
    memset(r, 0, sizeof(*r));
    return r;
}

void lock_note(struct lock_file *lf, const char *fmt, ...)
{
    va_list ap;
    if (lf->n_notes >= 64)
        return;
    ALLOC_GROW(lf->notes, lf->n_notes + 1, lf->alloc_notes);
    va_start(ap, fmt);
    lf->notes[lf->n_notes++] = arena_vprintf(&lf->arena, fmt, ap);
    va_end(ap);
}

void lock_index(struct lock_file *lf, const char *url)
{
    size_t i;
    for (i = 0; i < lf->n_indexes; i++)
        if (!strcmp(lf->indexes[i], url))
            return;
    if (lf->n_indexes >= 256)
        return;
    ALLOC_GROW(lf->indexes, lf->n_indexes + 1, lf->alloc_indexes);
    lf->indexes[lf->n_indexes++] = arena_strdup(&lf->arena, url);
}

const char *lock_normalize(struct arena *a, const char *name, size_t n)
{
    char *out = arena_alloc(a, n + 1), *o = out;
    size_t i;
    for (i = 0; i < n; i++) {
        char c = name[i];
        if (c == '-' || c == '_' || c == '.') {
            if (o > out && o[-1] != '-')
                *o++ = '-';
            continue;
        }
        *o++ = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
    }
    while (o > out && o[-1] == '-')
        o--;
    *o = '\0';
    return out;
}

/* "Cuda12, cudnn" as "cuda12,cudnn". */
static const char *lock_normalize_list(struct arena *a, const char *list)
{
    struct strbuf b = STRBUF_INIT;
    const char *p = list, *out;
    while (*p) {
        size_t k = strcspn(p, ",");
        if (k) {
            if (b.len)
                strbuf_addch(&b, ',');
            strbuf_addstr(&b, lock_normalize(a, p, k));
        }
        p += k;
        if (*p)
            p++;
    }
    out = arena_strndup(a, b.buf, b.len);
    strbuf_release(&b);
    return out;
}

static int is_name_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.';
}

static const char *trim_ws(const char *s, const char *e, const char **end)
{
    while (s < e && (*s == ' ' || *s == '\t'))
        s++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        e--;
    *end = e;
    return s;
}

/* "%2B" in a URL's file name is '+'. */
static const char *url_unescape(struct arena *a, const char *s, size_t n)
{
    char *out = arena_alloc(a, n + 1), *o = out;
    size_t i;
    for (i = 0; i < n; i++) {
        if (s[i] == '%' && i + 2 < n && s[i + 1] == '2' && (s[i + 2] == 'B' || s[i + 2] == 'b')) {
            *o++ = '+';
            i += 2;
        } else {
            *o++ = s[i];
        }
    }
    *o = '\0';
    return out;
}

/* A wheel's file name: NAME-VERSION-...whl; its version into r. */
static void wheel_version(struct arena *a, const char *url, size_t n, struct lock_req *r)
{
    const char *file = url, *p, *dash;
    size_t i;
    for (i = 0; i < n; i++)
        if (url[i] == '/')
            file = url + i + 1;
    if ((size_t)(file - url) >= n)
        return;
    p = url_unescape(a, file, n - (size_t)(file - url));
    if (!strstr(p, ".whl") && !strstr(p, ".tar.gz"))
        return;
    dash = strchr(p, '-');
    if (!dash)
        return;
    r->version = arena_strndup(a, dash + 1, strcspn(dash + 1, "-"));
    if (strstr(r->version, ".tar.gz"))
        r->version = arena_strndup(a, r->version, (size_t)(strstr(r->version, ".tar.gz") - r->version));
}

int lock_parse_pep508(struct arena *a, const char *s, size_t n, struct lock_req *r)
{
    const char *e, *p, *semi, *spec, *spec_end;
    const char *q;

    s = arena_strndup(a, s, n);   /* bounded and NUL-terminated from here on */
    e = s + strlen(s);
    s = trim_ws(s, e, &e);
    p = s;
    while (p < e && is_name_char(*p))
        p++;
    if (p == s || (p < e && !strchr(" \t[=<>!~;@(,", *p)))
        return 0;
    memset(r, 0, sizeof(*r));
    r->name = lock_normalize(a, s, (size_t)(p - s));
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    if (p < e && *p == '[') {
        const char *c = memchr(p, ']', (size_t)(e - p));
        struct strbuf b = STRBUF_INIT;
        const char *x;
        if (!c)
            return 0;
        for (x = p + 1; x < c; x++)
            if (*x != ' ' && *x != '\t')
                strbuf_addch(&b, *x);
        if (b.len)
            r->extras = lock_normalize_list(a, b.buf);
        strbuf_release(&b);
        p = c + 1;
    }
    semi = memchr(p, ';', (size_t)(e - p));
    if (semi) {
        const char *me;
        const char *ms = trim_ws(semi + 1, e, &me);
        if (me > ms)
            r->marker = arena_strndup(a, ms, (size_t)(me - ms));
        e = semi;
    }
    spec = trim_ws(p, e, &spec_end);
    if (spec < spec_end && *spec == '@') {
        const char *ue;
        const char *u = trim_ws(spec + 1, spec_end, &ue);
        size_t ul = strcspn(u, " \t");
        if (ul > (size_t)(ue - u))
            ul = (size_t)(ue - u);
        r->index = arena_strndup(a, u, ul);
        wheel_version(a, u, ul, r);
        return 1;
    }
    if (spec < spec_end && *spec == '(' && spec_end[-1] == ')') {
        spec++;
        spec_end--;
    }
    if (spec >= spec_end)
        return 1;
    r->spec = arena_strndup(a, spec, (size_t)(spec_end - spec));
    /* exact: one "==V" (or "===V") clause, no wildcard */
    q = r->spec;
    if (q[0] == '=' && q[1] == '=' && !strchr(q, ',') && !strchr(q, '*')) {
        const char *ve;
        const char *v = trim_ws(q + (q[2] == '=' ? 3 : 2), q + strlen(q), &ve);
        if (ve > v) {
            r->version = arena_strndup(a, v, (size_t)(ve - v));
            r->spec = NULL;
        }
    }
    return 1;
}

int lock_marker_linux(const char *marker)
{
    static const struct { const char *var, *value; } linux_x86[] = {
        { "sys_platform", "linux" }, { "platform_system", "Linux" }, { "platform_machine", "x86_64" },
        { "os_name", "posix" },
    };
    const char *p = marker;
    int result = 1;
    if (!marker)
        return 1;
    if (strchr(marker, '(') || strstr(marker, " or "))
        return -1;
    for (;;) {
        const char *and = strstr(p, " and ");
        size_t n = and ? (size_t)(and - p) : strlen(p), i, vl;
        const char *e, *s = trim_ws(p, p + n, &e), *op, *val;
        int known = 0, eq;
        for (i = 0; i < sizeof(linux_x86) / sizeof(linux_x86[0]); i++) {
            size_t k = strlen(linux_x86[i].var);
            if ((size_t)(e - s) <= k || memcmp(s, linux_x86[i].var, k))
                continue;
            op = s + k;
            while (op < e && *op == ' ')
                op++;
            if (e - op < 2 || (memcmp(op, "==", 2) && memcmp(op, "!=", 2)))
                break;
            eq = op[0] == '=';
            val = op + 2;
            while (val < e && (*val == ' ' || *val == '\'' || *val == '"'))
                val++;
            vl = strcspn(val, "'\"");
            if (vl > (size_t)(e - val))
                vl = (size_t)(e - val);
            known = 1;
            if ((strlen(linux_x86[i].value) == vl && !memcmp(val, linux_x86[i].value, vl)) != eq)
                return 0;
            break;
        }
        if (!known)
            result = -1;
        if (!and)
            return result;
        p = and + 5;
    }
}

/* ---- pip command lines and requirements files ---- */

/* The next word of s[0..n) from *pos (quotes removed); NULL at the end. */
static const char *next_word(struct arena *a, const char *s, size_t n, size_t *pos)
{
    struct strbuf b = STRBUF_INIT;
    size_t i = *pos;
    char q = 0;
    const char *out;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i >= n) {
        *pos = i;
        return NULL;
    }
    for (; i < n; i++) {
        char c = s[i];
        if (q) {
            if (c == q)
                q = 0;
            else
                strbuf_addch(&b, c);
            continue;
        }
        if (c == '"' || c == '\'') {
            q = c;
            continue;
        }
        if (c == ' ' || c == '\t')
            break;
        strbuf_addch(&b, c);
    }
    *pos = i;
    out = arena_strndup(a, b.buf, b.len);
    strbuf_release(&b);
    return out;
}

/* An option that takes a value: its name and value ("--index-url=U" or "--index-url U"). */
static int opt_value(const char *w, const char *name, const char *shortname, struct arena *a, const char *s, size_t n,
                     size_t *pos, const char **val)
{
    size_t k = strlen(name);
    if (!strncmp(w, name, k) && w[k] == '=') {
        *val = w + k + 1;
        return 1;
    }
    if (!strcmp(w, name) || (shortname && !strcmp(w, shortname))) {
        *val = next_word(a, s, n, pos);
        return 1;
    }
    if (shortname && !strncmp(w, shortname, 2) && w[2]) {
        *val = w + 2;   /* -ihttps://... */
        return 1;
    }
    return 0;
}

int lock_pip_words(struct lock_file *lf, const char *s, size_t n, size_t line, struct gd_err *err)
{
    size_t pos = 0, first = lf->n_reqs, i;
    const char *w, *v, *cmd_index = NULL;
    /* A Dockerfile's pip commands are separate: one's --index-url is its own. */
    int per_command = lf->format == LOCK_DOCKERFILE;
    while ((w = next_word(&lf->arena, s, n, &pos)) != NULL) {
        if (!strcmp(w, "&&") || !strcmp(w, ";") || !strcmp(w, "|") || !strcmp(w, "||"))
            break;   /* the next command of a RUN line */
        if (opt_value(w, "--index-url", "-i", &lf->arena, s, n, &pos, &v)) {
            if (v && per_command)
                cmd_index = v;
            else if (v)
                lf->index_url = v;
        } else if (opt_value(w, "--extra-index-url", NULL, &lf->arena, s, n, &pos, &v) ||
                   opt_value(w, "--find-links", "-f", &lf->arena, s, n, &pos, &v)) {
            if (v)
                lock_index(lf, v);
        } else if (opt_value(w, "--requirement", "-r", &lf->arena, s, n, &pos, &v) ||
                   opt_value(w, "--constraint", "-c", &lf->arena, s, n, &pos, &v)) {
            lock_note(lf, "line %zu: %s is another file: not read (check it on its own)", line, v ? v : "?");
        } else if (!strcmp(w, "--hash") || !strcmp(w, "--target") || !strcmp(w, "-t") || !strcmp(w, "--prefix") ||
                   !strcmp(w, "--root") || !strcmp(w, "--trusted-host") || !strcmp(w, "-e") || !strcmp(w, "--editable")) {
            next_word(&lf->arena, s, n, &pos);
        } else if (w[0] == '$') {
            lock_note(lf, "line %zu: pip installs %s, a shell variable: not followed", line, w);
        } else if (w[0] == '-' || strchr(w, '/') == w || w[0] == '.') {
            continue;   /* other options; a path */
        } else {
            struct lock_req r;
            struct lock_req *out;
            if (!lock_parse_pep508(&lf->arena, w, strlen(w), &r))
                continue;
            if (!(out = lock_add(lf, err)))
                return -1;
            *out = r;
            out->line = line;
        }
    }
    for (i = first; cmd_index && i < lf->n_reqs; i++)
        if (!lf->reqs[i].index)
            lf->reqs[i].index = cmd_index;
    return 0;
}

/* Logical lines: "\" continues one; each with its first line's number. */
static int each_line(const char *buf, size_t len, int backslash,
                     int (*fn)(struct lock_file *lf, const char *s, size_t n, size_t line, struct gd_err *err),
                     struct lock_file *lf, struct gd_err *err)
{
    struct strbuf l = STRBUF_INIT;
    const char *p = buf, *end = buf + len;
    size_t lineno = 0, first = 0;
    int rc = 0;
    while (p < end && rc == 0) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        lineno++;
        if (!l.len)
            first = lineno;
        if (e > p && e[-1] == '\r')
            e--;
        if (l.len + (size_t)(e - p) > LOCK_MAX_LINE) {
            rc = err_setx(err, GD_ERR_LIMIT, "line %zu: a logical line longer than %u bytes", first,
                          (unsigned)LOCK_MAX_LINE);
            break;
        }
        if (backslash && e > p && e[-1] == '\\') {
            strbuf_add(&l, p, (size_t)(e - 1 - p));
            strbuf_addch(&l, ' ');
        } else {
            strbuf_add(&l, p, (size_t)(e - p));
            rc = fn(lf, l.buf, l.len, first, err);
            strbuf_reset(&l);
        }
        p = nl ? nl + 1 : end;
    }
    if (rc == 0 && l.len)
        rc = fn(lf, l.buf, l.len, first, err);
    strbuf_release(&l);
    return rc;
}

static int req_line(struct lock_file *lf, const char *s, size_t n, size_t line, struct gd_err *err)
{
    size_t i;
    /* a comment: "#" at the start or after white space */
    for (i = 0; i < n; i++)
        if (s[i] == '#' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == '\t')) {
            n = i;
            break;
        }
    while (n && (s[0] == ' ' || s[0] == '\t')) {
        s++;
        n--;
    }
    if (!n)
        return 0;
    if (s[0] == '-')
        return lock_pip_words(lf, s, n, line, err);
    {
        struct lock_req r;
        struct lock_req *out;
        /* " --hash=..." options after a requirement */
        const char *opt = NULL;
        for (i = 0; i + 2 < n; i++)
            if ((s[i] == ' ' || s[i] == '\t') && s[i + 1] == '-' && s[i + 2] == '-') {
                opt = s + i;
                break;
            }
        if (!lock_parse_pep508(&lf->arena, s, opt ? (size_t)(opt - s) : n, &r)) {
            lock_note(lf, "line %zu: not a requirement: %.*s", line, (int)(n > 80 ? 80 : n), s);
            return 0;
        }
        if (!(out = lock_add(lf, err)))
            return -1;
        *out = r;
        out->line = line;
    }
    return 0;
}

/* ---- conda ---- */

int lock_conda_spec(struct arena *a, const char *s, size_t n, struct lock_req *r)
{
    const char *e, *p, *colon;
    s = arena_strndup(a, s, n);
    e = s + strlen(s);
    s = trim_ws(s, e, &e);
    memset(r, 0, sizeof(*r));
    r->conda = 1;
    colon = NULL;
    for (p = s; p + 1 < e; p++)
        if (p[0] == ':' && p[1] == ':') {
            colon = p;
            break;
        }
    if (colon) {
        r->index = arena_strndup(a, s, (size_t)(colon - s));
        s = colon + 2;
    }
    p = s;
    while (p < e && is_name_char(*p))
        p++;
    if (p == s)
        return 0;
    r->name = lock_normalize(a, s, (size_t)(p - s));
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    if (p >= e)
        return 1;
    {
        const char *v = p;
        size_t vl;
        if (*v == '=' && v + 1 < e && v[1] == '=')
            v += 2;
        else if (*v == '=')
            v += 1;
        else {
            r->spec = arena_strndup(a, p, (size_t)(e - p));
            return 1;
        }
        vl = strcspn(v, "= \t*,");
        if (vl > (size_t)(e - v))
            vl = (size_t)(e - v);
        if (vl && v[vl] != '*' && v[vl] != ',')
            r->version = arena_strndup(a, v, vl);
        else
            r->spec = arena_strndup(a, p, (size_t)(e - p));
    }
    return 1;
}

/* "https://conda.anaconda.org/conda-forge/linux-64/pytorch-2.1.0-cuda120_py311h...conda#md5" */
static int explicit_line(struct lock_file *lf, const char *s, size_t n, size_t line, struct gd_err *err)
{
    const char *e = s + n, *file = NULL, *p, *chan = NULL, *chan_end = NULL, *build, *ver;
    struct lock_req *r;
    const char *stem;
    size_t sl;
    s = trim_ws(s, e, &e);
    if (s >= e || *s == '#' || *s == '@' || (e - s) < 8 || strncmp(s, "http", 4))
        return 0;
    for (p = s; p < e && *p != '#'; p++)
        if (*p == '/')
            file = p + 1;
    if (!file || file >= p)
        return 0;
    e = p;
    /* the channel: the path component before the subdir */
    {
        const char *c = NULL, *k;
        for (k = s; k + 3 <= e; k++)
            if (k[0] == ':' && k[1] == '/' && k[2] == '/') {
                c = k;
                break;
            }
        if (c) {
            const char *host_end = memchr(c + 3, '/', (size_t)(e - c - 3));
            if (host_end && host_end + 1 < file) {
                chan = host_end + 1;
                chan_end = memchr(chan, '/', (size_t)(file - chan));
            }
        }
    }
    sl = (size_t)(e - file);
    if (sl > 6 && !memcmp(e - 6, ".conda", 6))
        sl -= 6;
    else if (sl > 8 && !memcmp(e - 8, ".tar.bz2", 8))
        sl -= 8;
    else
        return 0;
    stem = arena_strndup(&lf->arena, file, sl);
    build = strrchr(stem, '-');
    if (!build || build == stem)
        return 0;
    ver = build - 1;
    while (ver > stem && *ver != '-')
        ver--;
    if (ver == stem)
        return 0;
    if (!(r = lock_add(lf, err)))
        return -1;
    r->conda = 1;
    r->line = line;
    r->name = lock_normalize(&lf->arena, stem, (size_t)(ver - stem));
    r->version = arena_strndup(&lf->arena, ver + 1, (size_t)(build - ver - 1));
    r->extras = arena_strdup(&lf->arena, build + 1);   /* conda's build string */
    if (chan && chan_end)
        r->index = arena_strndup(&lf->arena, chan, (size_t)(chan_end - chan));
    return 0;
}

/* ---- Dockerfile ---- */

static int strncmp_ci(const char *a, const char *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        char x = a[i] >= 'a' && a[i] <= 'z' ? (char)(a[i] - 32) : a[i];
        if (x != b[i])
            return 1;
    }
    return 0;
}

/* The value of ARG name[0..n) ("" when declared without one), or NULL. */
static const char *arg_value(const struct lock_file *lf, const char *name, size_t n)
{
    size_t i = lf->n_args;
    while (i-- > 0)
        if (!strncmp(lf->args[i], name, n) && lf->args[i][n] == '=')
            return lf->args[i] + n + 1;
    return NULL;
}

/* s[0..n) with $NAME and ${NAME} of known ARGs replaced, into out. */
static void substitute(const struct lock_file *lf, const char *s, size_t n, struct strbuf *out)
{
    size_t i = 0;
    while (i < n) {
        if (s[i] == '$' && i + 1 < n) {
            int brace = s[i + 1] == '{';
            size_t st = i + 1 + (size_t)brace, k = st;
            const char *v;
            while (k < n && ((s[k] >= 'A' && s[k] <= 'Z') || (s[k] >= 'a' && s[k] <= 'z') ||
                             (s[k] >= '0' && s[k] <= '9') || s[k] == '_'))
                k++;
            if (k > st && (!brace || (k < n && s[k] == '}')) && (v = arg_value(lf, s + st, k - st)) != NULL &&
                out->len + strlen(v) < LOCK_MAX_LINE) {
                strbuf_addstr(out, v);
                i = k + (size_t)brace;
                continue;
            }
        }
        strbuf_addch(out, s[i++]);
    }
}

static int docker_line1(struct lock_file *lf, const char *s, size_t n, size_t line, struct gd_err *err);

static int docker_line(struct lock_file *lf, const char *s, size_t n, size_t line, struct gd_err *err)
{
    struct strbuf sb = STRBUF_INIT;
    const char *e = s + n;
    int rc;
    s = trim_ws(s, e, &e);
    n = (size_t)(e - s);
    if (n > 4 && !strncmp_ci(s, "ARG", 3) && (s[3] == ' ' || s[3] == '\t')) {
        /* ARG NAME[=VALUE]: its default, quotes removed */
        size_t pos = 3;
        const char *w = next_word(&lf->arena, s, n, &pos);
        if (w && lf->n_args < 256) {
            ALLOC_GROW(lf->args, lf->n_args + 1, lf->alloc_args);
            lf->args[lf->n_args++] = strchr(w, '=') ? w : arena_printf(&lf->arena, "%s=", w);
        }
        return 0;
    }
    substitute(lf, s, n, &sb);
    rc = docker_line1(lf, sb.buf, sb.len, line, err);
    strbuf_release(&sb);
    return rc;
}

static int docker_line1(struct lock_file *lf, const char *s, size_t n, size_t line, struct gd_err *err)
{
    const char *p;
    size_t pos = 0, i;
    if (!n || *s == '#')
        return 0;
    if (n > 5 && !strncmp_ci(s, "FROM", 4) && (s[4] == ' ' || s[4] == '\t')) {
        const char *w;
        pos = 4;
        while ((w = next_word(&lf->arena, s, n, &pos)) != NULL && !strncmp(w, "--", 2))
            ;   /* --platform=... */
        if (w) {
            lf->image = w;
            if (strchr(w, '$'))
                lock_note(lf, "line %zu: FROM %s uses a build argument: its value is not known here", line, w);
        }
        return 0;
    }
    if (!(n > 4 && !strncmp_ci(s, "RUN", 3) && (s[3] == ' ' || s[3] == '\t')))
        return 0;
    /* every "pip install" / "conda install" / "mamba install" / "uv pip install" in the line */
    for (i = 3; i < n; i++) {
        static const char *const tools[] = { "pip install", "pip3 install", "conda install", "mamba install",
                                             "micromamba install" };
        size_t t;
        for (t = 0; t < sizeof(tools) / sizeof(tools[0]); t++) {
            size_t tl = strlen(tools[t]);
            if (i + tl <= n && !memcmp(s + i, tools[t], tl) && (i == 3 || strchr(" \t/;&|.", s[i - 1]))) {
                const char *args = s + i + tl;
                size_t an = n - i - tl, end_cmd = 0;
                /* up to the next && ; | */
                for (p = args; (size_t)(p - args) < an; p++)
                    if (*p == '&' || *p == ';' || *p == '|')
                        break;
                end_cmd = (size_t)(p - args);
                if (tools[t][0] == 'p') {
                    if (lock_pip_words(lf, args, end_cmd, line, err) < 0)
                        return -1;
                } else {
                    size_t wp = 0;
                    const char *w;
                    while ((w = next_word(&lf->arena, args, end_cmd, &wp)) != NULL) {
                        struct lock_req r, *out;
                        if (!strcmp(w, "-c") || !strcmp(w, "--channel") || !strcmp(w, "-n") || !strcmp(w, "-p")) {
                            const char *v = next_word(&lf->arena, args, end_cmd, &wp);
                            if (v && w[1] != 'n' && w[1] != 'p')
                                lock_index(lf, v);
                            continue;
                        }
                        if (w[0] == '-' || !lock_conda_spec(&lf->arena, w, strlen(w), &r))
                            continue;
                        if (!(out = lock_add(lf, err)))
                            return -1;
                        *out = r;
                        out->line = line;
                    }
                }
                i += tl + end_cmd;
                break;
            }
        }
    }
    return 0;
}

int lock_read(struct lock_file *lf, enum lock_format fmt, const char *buf, size_t len, struct gd_err *err)
{
    if (len > LOCK_MAX_BYTES)
        return err_setx(err, GD_ERR_LIMIT, "larger than %u bytes", (unsigned)LOCK_MAX_BYTES);
    if (memchr(buf, '\0', len))
        return err_setx(err, GD_ERR_FORMAT, "a binary file, not a %s", lock_format_name(fmt));
    lf->format = fmt;
    switch (fmt) {
    case LOCK_REQUIREMENTS:
        return each_line(buf, len, 1, req_line, lf, err);
    case LOCK_DOCKERFILE:
        return each_line(buf, len, 1, docker_line, lf, err);
    case LOCK_CONDA_EXPLICIT:
        return each_line(buf, len, 0, explicit_line, lf, err);
    case LOCK_PYPROJECT:
    case LOCK_UV:
    case LOCK_POETRY:
        return lock_read_toml(lf, buf, len, err);
    case LOCK_PIPFILE:
        return lock_read_pipfile(lf, buf, len, err);
    case LOCK_CONDA_ENV:
        return lock_read_conda_env(lf, buf, len, err);
    default:
        return err_setx(err, GD_ERR_USAGE, "unknown file format (name it with --format)");
    }
}
