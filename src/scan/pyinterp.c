/*
 * pyinterp.c - shebang, pyenv version file and kernel.json parsers
 * (pyinterp.h).  Pure: buffers in, values out.
 */
#include "scan/pyinterp.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "util/banned.h"

static int blank(int c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* The line starting at *pos (without its '\n'); advances *pos. */
static size_t next_line(const uint8_t *buf, size_t len, size_t *pos, const uint8_t **line)
{
    const uint8_t *s = buf + *pos, *nl;
    size_t n;
    if (*pos >= len) {
        *line = NULL;
        return 0;
    }
    nl = memchr(s, '\n', len - *pos);
    n = nl ? (size_t)(nl - s) : len - *pos;
    *line = s;
    *pos += n + (nl != NULL);
    return n;
}

int pyinterp_shebang(const uint8_t *buf, size_t len, struct strbuf *interp, int *via_env)
{
    const uint8_t *l;
    size_t pos = 0, n, i = 2, start;

    strbuf_reset(interp);
    if (via_env)
        *via_env = 0;
    n = next_line(buf, len, &pos, &l);
    if (n < 3 || l[0] != '#' || l[1] != '!')
        return 0;
    while (i < n && blank(l[i]))
        i++;
    start = i;
    while (i < n && !blank(l[i]) && l[i] != '\0')
        i++;
    strbuf_add(interp, l + start, i - start);
    if (!strcmp(interp->buf, "/usr/bin/env") || !strcmp(interp->buf, "/bin/env")) {
        /* "#!/usr/bin/env [-S] python3": the first word that is not an option */
        for (;;) {
            while (i < n && blank(l[i]))
                i++;
            start = i;
            while (i < n && !blank(l[i]) && l[i] != '\0')
                i++;
            if (start == i)
                break;
            if (l[start] == '-' || memchr(l + start, '=', i - start))
                continue;
            strbuf_reset(interp);
            strbuf_add(interp, l + start, i - start);
            if (via_env)
                *via_env = 1;
            return 1;
        }
        strbuf_reset(interp);
        return 0;
    }
    if (!strcmp(interp->buf, "/bin/sh")) {
        /* distlib's launcher for long paths:
         *   #!/bin/sh
         *   '''exec' "/very/long/path/bin/python" "$0" "$@"
         *   ' ''' */
        static const char tramp[] = "'''exec' ";
        n = next_line(buf, len, &pos, &l);
        if (n > sizeof(tramp) - 1 && !memcmp(l, tramp, sizeof(tramp) - 1)) {
            const uint8_t *q = l + sizeof(tramp) - 1, *end = l + n, *e;
            if (*q == '"' && (e = memchr(q + 1, '"', (size_t)(end - q - 1))) != NULL && e > q + 1) {
                strbuf_reset(interp);
                strbuf_add(interp, q + 1, (size_t)(e - q - 1));
                if (!memchr(interp->buf, '\0', interp->len))
                    return 1;
            }
        }
        strbuf_reset(interp);
        return 0;
    }
    if (interp->len == 0 || memchr(interp->buf, '\0', interp->len)) {
        strbuf_reset(interp);
        return 0;
    }
    return 1;
}

/* pyenv's is_version_safe: no ".." component (the rest of its check,
 * that the path stays under versions/, is the caller's: the caller only
 * ever looks inside $PYENV_ROOT/versions). */
static int version_safe(const uint8_t *w, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t j = i;
        while (j < n && w[j] != '/')
            j++;
        if (j - i == 2 && w[i] == '.' && w[i + 1] == '.')
            return 0;
        i = j + 1;
    }
    return n > 0;
}

size_t pyinterp_version_file(const uint8_t *buf, size_t len, struct strbuf *out)
{
    size_t pos = 0, words = 0;

    strbuf_reset(out);
    while (pos < len) {
        /* One `read -n 1024 -r version _`: up to a newline or 1024 bytes. */
        const uint8_t *l = buf + pos;
        size_t max = len - pos < PYINTERP_VERSION_LINE_MAX ? len - pos : PYINTERP_VERSION_LINE_MAX;
        const uint8_t *nl = memchr(l, '\n', max);
        size_t n = nl ? (size_t)(nl - l) : max, i = 0, start;

        pos += n + (nl != NULL);
        while (i < n && (blank(l[i]) || l[i] == '\0'))
            i++;
        start = i;
        while (i < n && !blank(l[i]) && l[i] != '\0')
            i++;
        if (start == i || l[start] == '#' || !version_safe(l + start, i - start))
            continue;
        if (words++)
            strbuf_addch(out, ':');
        strbuf_add(out, l + start, i - start);
    }
    return words;
}

int pyinterp_pyenv_shim(const uint8_t *buf, size_t len, struct strbuf *root)
{
    static const char exp[] = "export PYENV_ROOT=\"";
    const uint8_t *l;
    size_t pos = 0, n;
    int has_root = 0, has_exec = 0;

    strbuf_reset(root);
    while (pos < len) {
        n = next_line(buf, len, &pos, &l);
        if (n > sizeof(exp) && !memcmp(l, exp, sizeof(exp) - 1) && l[n - 1] == '"' && !has_root) {
            const uint8_t *v = l + sizeof(exp) - 1;
            size_t vn = n - (sizeof(exp) - 1) - 1;
            if (vn && v[0] == '/' && !memchr(v, '"', vn) && !memchr(v, '\0', vn) && !memchr(v, '$', vn)) {
                strbuf_add(root, v, vn);
                has_root = 1;
            }
        } else if (n > 5 && !memcmp(l, "exec ", 5)) {
            static const char tail[] = "pyenv\" exec ";
            size_t i;
            for (i = 5; i + sizeof(tail) - 1 <= n; i++)
                if (!memcmp(l + i, tail, sizeof(tail) - 1))
                    has_exec = 1;
        }
    }
    if (!(has_root && has_exec)) {
        strbuf_reset(root);
        return 0;
    }
    return 1;
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

static int eq_ci(const uint8_t *a, size_t n, const char *b)
{
    size_t i;
    if (strlen(b) != n)
        return 0;
    for (i = 0; i < n; i++)
        if (lower(a[i]) != lower((unsigned char)b[i]))
            return 0;
    return 1;
}

int pyinterp_ini_value(const uint8_t *buf, size_t len, const char *section, const char *key,
                       struct strbuf *out)
{
    const uint8_t *l;
    size_t pos = 0, n;
    int in = 0;

    strbuf_reset(out);
    if (len >= 3 && buf[0] == 0xef && buf[1] == 0xbb && buf[2] == 0xbf)
        pos = 3;   /* UTF-8 BOM */
    while (pos < len) {
        size_t i = 0, ks, ke, vs, ve;
        n = next_line(buf, len, &pos, &l);
        while (i < n && blank(l[i]))
            i++;
        while (n > i && blank(l[n - 1]))
            n--;
        if (i == n || l[i] == ';' || l[i] == '#')
            continue;
        if (l[i] == '[') {
            const uint8_t *e = memchr(l + i, ']', n - i);
            in = e && eq_ci(l + i + 1, (size_t)(e - (l + i)) - 1, section);
            continue;
        }
        if (!in)
            continue;
        ks = i;
        while (i < n && l[i] != '=')
            i++;
        if (i == n)
            continue;
        ke = i;
        while (ke > ks && blank(l[ke - 1]))
            ke--;
        vs = i + 1;
        while (vs < n && blank(l[vs]))
            vs++;
        ve = n;
        if (!eq_ci(l + ks, ke - ks, key) || memchr(l + vs, '\0', ve - vs))
            continue;
        strbuf_reset(out);
        strbuf_add(out, l + vs, ve - vs);
        return 1;
    }
    return 0;
}

int pyinterp_kernelspec(const uint8_t *buf, size_t len, struct arena *arena, struct kernelspec *ks,
                        char *msg, size_t msg_len)
{
    json_error_t jerr;
    json_t *root, *argv, *v;

    memset(ks, 0, sizeof(*ks));
    root = json_loadb((const char *)buf, len, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        if (msg)
            snprintf(msg, msg_len, "kernel.json is not valid JSON: %s (line %d)", jerr.text, jerr.line);
        return -1;
    }
    if (!json_is_object(root)) {
        if (msg)
            snprintf(msg, msg_len, "kernel.json is not a JSON object");
        json_decref(root);
        return -1;
    }
    argv = json_object_get(root, "argv");
    if (json_is_array(argv) && json_array_size(argv) > 0 && json_is_string(v = json_array_get(argv, 0)) &&
        json_string_length(v) > 0 && !memchr(json_string_value(v), '\0', json_string_length(v)))
        ks->argv0 = arena_strdup(arena, json_string_value(v));
    if (json_is_string(v = json_object_get(root, "display_name")))
        ks->display_name = arena_strdup(arena, json_string_value(v));
    if (json_is_string(v = json_object_get(root, "language")))
        ks->language = arena_strdup(arena, json_string_value(v));
    json_decref(root);
    return 0;
}
