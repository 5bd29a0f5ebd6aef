/*
 * redact.c - substitutions for `--redact` (see redact.h).  Two passes over
 * the report: the first collects the user names that home paths reveal,
 * the second writes the text with every substitution applied, longest
 * match first.
 */
#include "report/redact.h"

#include <string.h>

#include "util/banned.h"

#define NAMES_MAX 32
#define VALUE_MAX 255

static int name_char(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == '.';
}

static int word_char(int c)
{
    return name_char(c) && c != '.';
}

/* A path may start at i: not in the middle of another path or word. */
static int path_start(const char *t, size_t i)
{
    return i == 0 || (!name_char((unsigned char)t[i - 1]) && t[i - 1] != '/' && t[i - 1] != '~');
}

static int has_at(const char *t, size_t n, size_t i, const char *s, size_t len)
{
    return len <= n - i && !memcmp(t + i, s, len);
}

/* The length of the home path at t+i ("/home/NAME", "/Users/NAME",
 * "/root", $HOME), 0 if none; NAME (or empty) in name and name_n. */
static size_t home_at(const struct redact *r, const char *t, size_t n, size_t i, const char **name,
                      size_t *name_n)
{
    static const char *const bases[] = { "/home/", "/Users/" };
    size_t k, j, len;
    *name = NULL;
    *name_n = 0;
    if (!path_start(t, i) || t[i] != '/')
        return 0;
    if (r->home && r->home[0] == '/' && r->home[1]) {
        len = strlen(r->home);
        while (len > 1 && r->home[len - 1] == '/')
            len--;
        if (len <= VALUE_MAX && has_at(t, n, i, r->home, len) &&
            (i + len == n || !name_char((unsigned char)t[i + len])))
            return len;
    }
    for (k = 0; k < sizeof(bases) / sizeof(bases[0]); k++) {
        size_t bl = strlen(bases[k]);
        if (!has_at(t, n, i, bases[k], bl))
            continue;
        for (j = i + bl; j < n && name_char((unsigned char)t[j]); j++)
            ;
        if (j == i + bl || j - (i + bl) > VALUE_MAX)
            return 0;
        *name = t + i + bl;
        *name_n = j - (i + bl);
        return j - i;
    }
    if (has_at(t, n, i, "/root", 5) && (i + 5 == n || !name_char((unsigned char)t[i + 5])))
        return 5;
    return 0;
}

struct word {
    const char *s;
    size_t n;
    const char *as;
};

static void word_add(struct word *w, size_t *nw, size_t max, const char *s, size_t n, size_t min,
                     const char *as)
{
    size_t i;
    if (!s || n < min || n > VALUE_MAX || *nw == max)
        return;
    for (i = 0; i < *nw; i++)
        if (w[i].n == n && !memcmp(w[i].s, s, n))
            return;
    w[*nw].s = s;
    w[*nw].n = n;
    w[*nw].as = as;
    (*nw)++;
}

void redact_init(struct redact *r)
{
    memset(r, 0, sizeof(*r));
}

void redact_apply(const struct redact *r, const char *t, size_t n, struct strbuf *out)
{
    struct word w[NAMES_MAX + 3 * REDACT_MAX_VALUES];
    size_t nw = 0, i, k, len, nn, best;
    const size_t maxw = sizeof(w) / sizeof(w[0]);
    const char *name;

    if (r->machine_id)
        word_add(w, &nw, maxw, r->machine_id, strlen(r->machine_id), 1, "REDACTED-MACHINE-ID");
    for (k = 0; k < REDACT_MAX_VALUES && r->hosts[k]; k++)
        word_add(w, &nw, maxw, r->hosts[k], strlen(r->hosts[k]), 1, "REDACTED-HOST");
    for (k = 0; k < REDACT_MAX_VALUES && r->users[k]; k++)
        word_add(w, &nw, maxw, r->users[k], strlen(r->users[k]), 3, "REDACTED-USER");
    /* pass 1: the names home paths reveal */
    for (i = 0; i < n; i++) {
        len = home_at(r, t, n, i, &name, &nn);
        if (len) {
            word_add(w, &nw, maxw, name, nn, 3, "REDACTED-USER");
            i += len - 1;
        }
    }
    /* pass 2 */
    for (i = 0; i < n;) {
        len = home_at(r, t, n, i, &name, &nn);
        if (len) {
            strbuf_addch(out, '~');
            i += len;
            continue;
        }
        best = nw;
        if (i == 0 || !word_char((unsigned char)t[i - 1]))
            for (k = 0; k < nw; k++)
                if (has_at(t, n, i, w[k].s, w[k].n) &&
                    (i + w[k].n == n || !word_char((unsigned char)t[i + w[k].n])) &&
                    (best == nw || w[k].n > w[best].n))
                    best = k;
        if (best < nw) {
            strbuf_addstr(out, w[best].as);
            i += w[best].n;
            continue;
        }
        strbuf_addch(out, t[i]);
        i++;
    }
}
