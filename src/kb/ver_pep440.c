#include "kb/ver_pep440.h"

#include <ctype.h>
#include <string.h>

#include "util/banned.h"

#define NUM_MAX 999999999999UL

static int is_sep(char c)
{
    return c == '.' || c == '-' || c == '_';
}

/* Case-insensitive match of word at *p; advances on success. */
static int eat_word(const char **p, const char *word)
{
    size_t n = strlen(word), i;
    for (i = 0; i < n; i++)
        if (tolower((unsigned char)(*p)[i]) != word[i])
            return 0;
    *p += n;
    return 1;
}

static int eat_num(const char **p, unsigned long *out)
{
    const char *s = *p;
    unsigned long v = 0;
    if (!isdigit((unsigned char)*s))
        return 0;
    while (isdigit((unsigned char)*s)) {
        if (v > NUM_MAX / 10)
            return -1;
        v = v * 10 + (unsigned long)(*s - '0');
        s++;
    }
    *p = s;
    *out = v;
    return 1;
}

/* An optional separator followed by word: 1 and *p advanced, or 0 untouched. */
static int eat_sep_word(const char **p, const char *const *words, const char **matched)
{
    const char *s = *p;
    size_t i;
    if (is_sep(*s))
        s++;
    for (i = 0; words[i]; i++) {
        const char *t = s;
        if (eat_word(&t, words[i])) {
            /* A word must not run on into letters ("rc" in "rcx"). */
            if (isalpha((unsigned char)*t))
                continue;
            *p = t;
            *matched = words[i];
            return 1;
        }
    }
    return 0;
}

/* An optional separator and number after a pre/post/dev word; implicit 0. */
static int eat_opt_num(const char **p, unsigned long *out)
{
    const char *s = *p;
    int r;
    if (is_sep(*s) && isdigit((unsigned char)s[1]))
        s++;
    r = eat_num(&s, out);
    if (r < 0)
        return -1;
    if (r == 0)
        *out = 0;
    else
        *p = s;
    return 0;
}

int ver_pep440_parse(const char *s, struct ver_pep440 *v)
{
    static const char *const pre_words[] = { "alpha", "beta", "preview", "pre", "rc", "a", "b",
                                             "c", NULL };
    static const char *const post_words[] = { "post", "rev", "r", NULL };
    static const char *const dev_words[] = { "dev", NULL };
    const char *p, *w;
    unsigned long n;
    int r;

    memset(v, 0, sizeof(*v));
    if (!s)
        return -1;
    p = s;
    while (isspace((unsigned char)*p))
        p++;
    if (*p == 'v' || *p == 'V')
        p++;
    /* Epoch or first release component. */
    if ((r = eat_num(&p, &n)) <= 0)
        return -1;
    if (*p == '!') {
        v->epoch = n;
        p++;
        if ((r = eat_num(&p, &n)) <= 0)
            return -1;
    }
    v->release[v->nrelease++] = n;
    while (*p == '.' && isdigit((unsigned char)p[1])) {
        p++;
        if (eat_num(&p, &n) < 0 || v->nrelease == VER_PEP440_MAX_RELEASE)
            return -1;
        v->release[v->nrelease++] = n;
    }
    if (eat_sep_word(&p, pre_words, &w)) {
        v->pre_kind = (!strcmp(w, "alpha") || !strcmp(w, "a")) ? 'a'
                      : (!strcmp(w, "beta") || !strcmp(w, "b")) ? 'b' : 'c';
        if (eat_opt_num(&p, &v->pre))
            return -1;
    }
    if (p[0] == '-' && isdigit((unsigned char)p[1])) {
        p++;
        if (eat_num(&p, &v->post) < 0)
            return -1;
        v->has_post = 1;
    } else if (eat_sep_word(&p, post_words, &w)) {
        v->has_post = 1;
        if (eat_opt_num(&p, &v->post))
            return -1;
    }
    if (eat_sep_word(&p, dev_words, &w)) {
        v->has_dev = 1;
        if (eat_opt_num(&p, &v->dev))
            return -1;
    }
    if (*p == '+') {
        const char *l = ++p;
        if (!isalnum((unsigned char)*p))
            return -1;
        while (isalnum((unsigned char)*p) || (is_sep(*p) && isalnum((unsigned char)p[1])))
            p++;
        v->local = l;
        v->local_len = (size_t)(p - l);
    }
    while (isspace((unsigned char)*p))
        p++;
    return *p ? -1 : 0;
}

const char *ver_pep440_local(const char *v)
{
    const char *plus = v ? strchr(v, '+') : NULL;
    return plus && plus[1] ? plus + 1 : NULL;
}

size_t ver_pep440_public_len(const char *v)
{
    const char *plus = v ? strchr(v, '+') : NULL;
    return plus ? (size_t)(plus - v) : v ? strlen(v) : 0;
}

static int cmp_ul(unsigned long a, unsigned long b)
{
    return a < b ? -1 : a > b;
}

/* One local segment [s, s+n) vs [t, t+m). */
static int cmp_segment(const char *s, size_t n, const char *t, size_t m)
{
    int sd = 1, td = 1;
    size_t i;

    for (i = 0; i < n; i++)
        sd &= isdigit((unsigned char)s[i]) != 0;
    for (i = 0; i < m; i++)
        td &= isdigit((unsigned char)t[i]) != 0;
    if (sd != td)
        return sd ? 1 : -1;   /* numbers sort above words */
    if (sd) {
        while (n > 1 && *s == '0')
            s++, n--;
        while (m > 1 && *t == '0')
            t++, m--;
        if (n != m)
            return n < m ? -1 : 1;
        return memcmp(s, t, n) < 0 ? -1 : memcmp(s, t, n) > 0;
    }
    for (i = 0; i < n && i < m; i++) {
        int a = tolower((unsigned char)s[i]), b = tolower((unsigned char)t[i]);
        if (a != b)
            return a < b ? -1 : 1;
    }
    return n < m ? -1 : n > m;
}

static int cmp_local(const struct ver_pep440 *a, const struct ver_pep440 *b)
{
    const char *s, *se, *t, *te;

    /* Before any pointer arithmetic: local is NULL when there is none. */
    if (!a->local_len || !b->local_len)
        return (a->local_len > 0) - (b->local_len > 0);
    s = a->local;
    se = a->local + a->local_len;
    t = b->local;
    te = b->local + b->local_len;
    for (;;) {
        size_t n = 0, m = 0;
        int c;
        if (s >= se || t >= te)
            return (s < se) - (t < te);
        while (s + n < se && !is_sep(s[n]))
            n++;
        while (t + m < te && !is_sep(t[m]))
            m++;
        c = cmp_segment(s, n, t, m);
        if (c)
            return c;
        s += n + (s + n < se);
        t += m + (t + m < te);
    }
}

static int cmp_parsed(const struct ver_pep440 *a, const struct ver_pep440 *b)
{
    size_t i, n = a->nrelease > b->nrelease ? a->nrelease : b->nrelease;
    int c;
    /* Phase of the release: dev-of-final < pre < final. */
    int pa = a->pre_kind ? 1 : (!a->has_post && a->has_dev) ? 0 : 2;
    int pb = b->pre_kind ? 1 : (!b->has_post && b->has_dev) ? 0 : 2;

    if ((c = cmp_ul(a->epoch, b->epoch)))
        return c;
    for (i = 0; i < n; i++) {
        unsigned long x = i < a->nrelease ? a->release[i] : 0;
        unsigned long y = i < b->nrelease ? b->release[i] : 0;
        if ((c = cmp_ul(x, y)))
            return c;
    }
    if (pa != pb)
        return pa < pb ? -1 : 1;
    if (pa == 1) {
        if (a->pre_kind != b->pre_kind)
            return a->pre_kind < b->pre_kind ? -1 : 1;
        if ((c = cmp_ul(a->pre, b->pre)))
            return c;
    }
    if (a->has_post != b->has_post)
        return a->has_post ? 1 : -1;
    if ((c = cmp_ul(a->post, b->post)))
        return c;
    if (a->has_dev != b->has_dev)
        return a->has_dev ? -1 : 1;
    if ((c = cmp_ul(a->dev, b->dev)))
        return c;
    return cmp_local(a, b);
}

int ver_cmp_pep440(const char *a, const char *b)
{
    struct ver_pep440 va, vb;
    int oka = ver_pep440_parse(a, &va) == 0;
    int okb = ver_pep440_parse(b, &vb) == 0;

    if (oka && okb)
        return cmp_parsed(&va, &vb);
    if (oka != okb)
        return oka ? 1 : -1;
    if (!a || !b)
        return (a != NULL) - (b != NULL);
    {
        int c = strcmp(a, b);
        return c < 0 ? -1 : c > 0;
    }
}
