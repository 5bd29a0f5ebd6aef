#include "scan/distname.h"

#include <string.h>

#include "util/banned.h"

static int is_sep(char c)
{
    return c == '-' || c == '_' || c == '.';
}

static char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

void distname_normalize(struct strbuf *out, const char *name, size_t len)
{
    size_t i = 0;

    strbuf_reset(out);
    while (i < len) {
        if (is_sep(name[i])) {
            while (i < len && is_sep(name[i]))
                i++;
            strbuf_addch(out, '-');
        } else {
            strbuf_addch(out, lower(name[i]));
            i++;
        }
    }
}

int distname_equal(const char *a, const char *b)
{
    while (*a && *b) {
        if (is_sep(*a) && is_sep(*b)) {
            while (is_sep(*a))
                a++;
            while (is_sep(*b))
                b++;
            continue;
        }
        if (lower(*a) != lower(*b))
            return 0;
        a++;
        b++;
    }
    return *a == '\0' && *b == '\0';
}

static int ends_with(const char *s, size_t len, const char *suffix, size_t *stem)
{
    size_t n = strlen(suffix);
    if (len < n || memcmp(s + len - n, suffix, n) != 0)
        return 0;
    *stem = len - n;
    return 1;
}

enum distname_kind distname_split_dir(const char *ent, struct strbuf *name,
                                      struct strbuf *version)
{
    size_t len = strlen(ent), stem, i;
    enum distname_kind kind;
    const char *dash;

    strbuf_reset(name);
    strbuf_reset(version);
    if (ends_with(ent, len, ".dist-info", &stem))
        kind = DISTNAME_DIST_INFO;
    else if (ends_with(ent, len, ".egg-info", &stem))
        kind = DISTNAME_EGG_INFO;
    else
        return DISTNAME_NONE;
    if (stem == 0)
        return DISTNAME_NONE;
    dash = memchr(ent, '-', stem);
    if (!dash) {
        distname_normalize(name, ent, stem);
        return kind;
    }
    if (dash == ent)
        return DISTNAME_NONE;
    distname_normalize(name, ent, (size_t)(dash - ent));
    /* The version ends at the next '-' (egg-info adds "-py3.11[-linux...]"). */
    for (i = (size_t)(dash - ent) + 1; i < stem && ent[i] != '-'; i++)
        strbuf_addch(version, ent[i]);
    return kind;
}

int distname_split_conda(const char *file, struct strbuf *name, struct strbuf *version,
                         struct strbuf *build)
{
    size_t len = strlen(file), stem;
    const char *b, *v;

    strbuf_reset(name);
    strbuf_reset(version);
    strbuf_reset(build);
    if (!ends_with(file, len, ".json", &stem) || stem == 0)
        return 0;
    for (b = file + stem; b > file && b[-1] != '-'; b--)
        ;
    if (b == file || b == file + stem)
        return 0;
    for (v = b - 1; v > file && v[-1] != '-'; v--)
        ;
    if (v == file || v - 1 == file || v == b - 1)
        return 0;
    strbuf_add(name, file, (size_t)(v - 1 - file));
    strbuf_add(version, v, (size_t)(b - 1 - v));
    strbuf_add(build, b, (size_t)(file + stem - b));
    return 1;
}
