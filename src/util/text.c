#include "util/text.h"

#include <string.h>

#include "util/banned.h"

int str_starts(const char *s, const char *prefix)
{
    return !strncmp(s, prefix, strlen(prefix));
}

int str_ends(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !memcmp(s + a - b, suffix, b);
}

int mem_contains(const char *hay, size_t len, const char *needle)
{
    size_t n = strlen(needle), i;
    if (!n)
        return 1;
    for (i = 0; i + n <= len; i++)
        if (hay[i] == needle[0] && !memcmp(hay + i, needle, n))
            return 1;
    return 0;
}

int next_line(const char *buf, size_t len, size_t *pos, const char **line, size_t *n)
{
    const char *s, *e;
    if (*pos >= len)
        return 0;
    s = buf + *pos;
    e = memchr(s, '\n', len - *pos);
    if (!e)
        e = buf + len;
    *pos = (size_t)(e - buf) + 1;
    *line = s;
    *n = (size_t)(e - s);
    if (*n && s[*n - 1] == '\r')
        (*n)--;
    return 1;
}

int char_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

void trim(const char **s, size_t *n)
{
    while (*n && char_is_space(**s)) {
        (*s)++;
        (*n)--;
    }
    while (*n && char_is_space((*s)[*n - 1]))
        (*n)--;
}

int is_dotted_version(const char *s, size_t n, int min_parts, int max_parts)
{
    int parts = 1, digits = 0;
    size_t i;
    if (!n)
        return 0;
    for (i = 0; i < n; i++) {
        if (s[i] >= '0' && s[i] <= '9') {
            digits++;
        } else if (s[i] == '.') {
            if (!digits)
                return 0;
            parts++;
            digits = 0;
        } else {
            return 0;
        }
    }
    return digits && parts >= min_parts && parts <= max_parts;
}

int find_version_token(const char *s, size_t n, const char **tok, size_t *tn)
{
    size_t i = 0;
    while (i < n) {
        size_t j;
        while (i < n && char_is_space(s[i]))
            i++;
        j = i;
        while (j < n && !char_is_space(s[j]))
            j++;
        if (j > i && is_dotted_version(s + i, j - i, 2, 3)) {
            *tok = s + i;
            *tn = j - i;
            return 1;
        }
        i = j;
    }
    return 0;
}

int header_define_int(const char *buf, size_t len, const char *name, long *val)
{
    size_t pos = 0, n, nl = strlen(name);
    const char *line;
    while (next_line(buf, len, &pos, &line, &n)) {
        size_t i = 0;
        long v = 0;
        int any = 0;
        while (i < n && char_is_space(line[i]))
            i++;
        if (i >= n || line[i] != '#')
            continue;
        i++;
        while (i < n && char_is_space(line[i]))
            i++;
        if (n - i < 6 || memcmp(line + i, "define", 6))
            continue;
        i += 6;
        if (i >= n || !char_is_space(line[i]))
            continue;
        while (i < n && char_is_space(line[i]))
            i++;
        if (n - i < nl || memcmp(line + i, name, nl))
            continue;
        i += nl;
        if (i >= n || !char_is_space(line[i]))
            continue;
        while (i < n && (char_is_space(line[i]) || line[i] == '('))
            i++;
        while (i < n && line[i] >= '0' && line[i] <= '9' && v < 100000000) {
            v = v * 10 + (line[i] - '0');
            i++;
            any = 1;
        }
        if (any) {
            *val = v;
            return 1;
        }
    }
    return 0;
}

uint64_t mem_hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL;   /* FNV-1a */
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    return h;
}
