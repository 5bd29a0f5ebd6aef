/*
 * ldconf.c - ld.so.conf with includes, and musl's path file.
 *
 * Line rules from glibc elf/ldconfig.c (parse_conf, add_dir_1,
 * parse_conf_include); musl rules from ldso/dynlink.c (load_library,
 * path_open).  Described in ldconf.h.
 */
#include "loader/ldconf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

void ldconf_init(struct ldconf *c)
{
    memset(c, 0, sizeof(*c));
}

void ldconf_release(struct ldconf *c)
{
    free(c->dirs);
    free((void *)c->warnings);
    ldconf_init(c);
}

static int is_space(int ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f';
}

static int is_blank(int ch)
{
    return ch == ' ' || ch == '\t';
}

static void add_item(struct ldconf_item **items, size_t *n, size_t *alloc,
                     enum ldconf_kind kind, const char *text, unsigned line)
{
    ALLOC_GROW(*items, *n + 1, *alloc);
    (*items)[*n].kind = kind;
    (*items)[*n].text = text;
    (*items)[*n].line = line;
    (*n)++;
}

size_t ldconf_parse(const uint8_t *buf, size_t len, struct arena *arena,
                    struct ldconf_item **items, size_t *n_items, size_t *alloc_items)
{
    size_t pos = 0, before = *n_items;
    unsigned lineno = 0;

    while (pos < len) {
        const char *line = (const char *)buf + pos;
        const char *nl = memchr(line, '\n', len - pos);
        size_t ll = nl ? (size_t)(nl - line) : len - pos, i = 0, end;
        const char *hash, *nul;

        pos += ll + (nl ? 1 : 0);
        lineno++;
        /* getline() + C strings: a NUL ends the line early; '#' starts a
         * comment wherever it is (no quoting exists). */
        nul = memchr(line, '\0', ll);
        if (nul)
            ll = (size_t)(nul - line);
        hash = memchr(line, '#', ll);
        if (hash)
            ll = (size_t)(hash - line);
        while (i < ll && is_space((unsigned char)line[i]))
            i++;
        if (i == ll)
            continue;
        if (ll - i > 7 && !memcmp(line + i, "include", 7) && is_blank((unsigned char)line[i + 7])) {
            i += 8;
            while (i < ll) {
                size_t j = i;
                while (j < ll && !is_blank((unsigned char)line[j]))
                    j++;
                /* strsep on " \t" only: a trailing '\r' stays in the word. */
                if (j > i)
                    add_item(items, n_items, alloc_items, LDCONF_INCLUDE,
                             arena_strndup(arena, line + i, j - i), lineno);
                i = j + 1;
            }
            continue;
        }
        if (ll - i > 5 && !strncmp(line + i, "hwcap", 5) && is_blank((unsigned char)line[i + 5]))
            continue;   /* "hwcap directive ignored" (strncasecmp in glibc) */
        if (ll - i > 5 && (line[i] == 'h' || line[i] == 'H')) {
            static const char hw[] = "hwcap";
            size_t k;
            for (k = 0; k < 5; k++)
                if ((line[i + k] | 0x20) != hw[k])
                    break;
            if (k == 5 && is_blank((unsigned char)line[i + 5]))
                continue;
        }
        /* A directory: drop "=TYPE", trailing whitespace and slashes. */
        {
            const char *eq = memchr(line + i, '=', ll - i);
            end = eq ? (size_t)(eq - line) : ll;
            while (end > i && is_space((unsigned char)line[end - 1]))
                end--;
            while (end > i && line[end - 1] == '/')
                end--;
            if (end > i)
                add_item(items, n_items, alloc_items, LDCONF_DIR,
                         arena_strndup(arena, line + i, end - i), lineno);
        }
    }
    return *n_items - before;
}

/* One bracket expression at p (after '['); sets *matched, returns the
 * pointer after ']' or NULL if the bracket is not closed (then '[' is a
 * literal, as in fnmatch). */
static const char *match_bracket(const char *p, char ch, int *matched)
{
    int neg = 0, ok = 0, first = 1;
    if (*p == '!' || *p == '^') {
        neg = 1;
        p++;
    }
    while (*p && (*p != ']' || first)) {
        char lo = *p, hi = lo;
        first = 0;
        if (p[1] == '-' && p[2] && p[2] != ']') {
            hi = p[2];
            p += 3;
        } else {
            p++;
        }
        if ((unsigned char)ch >= (unsigned char)lo && (unsigned char)ch <= (unsigned char)hi)
            ok = 1;
    }
    if (*p != ']')
        return NULL;
    *matched = ok != neg;
    return p + 1;
}

/* One element of the pattern at *pp against ch: 1 match, 0 no match;
 * advances *pp past the element. */
static int match_one(const char **pp, char ch)
{
    const char *p = *pp;
    if (*p == '?') {
        *pp = p + 1;
        return 1;
    }
    if (*p == '[') {
        int m = 0;
        const char *after = match_bracket(p + 1, ch, &m);
        if (after) {
            *pp = after;
            return m;
        }
    }
    if (*p == '\\' && p[1])
        p++;
    *pp = p + 1;
    return *p == ch;
}

/* Iterative matching with one backtrack point (the last '*'): linear in
 * practice, so a hostile pattern cannot make it exponential. */
static int glob_iter(const char *p, const char *n)
{
    const char *star_p = NULL, *star_n = NULL;
    while (*n) {
        if (*p == '*') {
            while (*p == '*')
                p++;
            star_p = p;
            star_n = n;
            continue;
        }
        if (*p) {
            const char *q = p;
            if (match_one(&q, *n)) {
                p = q;
                n++;
                continue;
            }
        }
        if (!star_p)
            return 0;
        p = star_p;
        n = ++star_n;
    }
    while (*p == '*')
        p++;
    return !*p;
}

int ldconf_glob_match(const char *pattern, const char *name)
{
    if (name[0] == '.' && pattern[0] != '.')
        return 0;
    return glob_iter(pattern, name);
}

static int has_magic(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (s[i] == '*' || s[i] == '?' || s[i] == '[')
            return 1;
    return 0;
}

struct load_state {
    struct fs *fs;
    struct arena *arena;
    struct ldconf *c;
    const char **chain;           /* the files being read, outermost first */
    size_t n_chain, alloc_chain;
    const char **looped;          /* files a loop was already warned about */
    size_t n_looped, alloc_looped;
    int warned_limit;             /* the depth or file limit was warned about */
};

static int in_list(const char *const *v, size_t n, const char *s)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!strcmp(v[i], s))
            return 1;
    return 0;
}

static void add_warning(struct load_state *st, const char *msg)
{
    struct ldconf *c = st->c;
    ALLOC_GROW(c->warnings, c->n_warnings + 1, c->alloc_warnings);
    c->warnings[c->n_warnings++] = msg;
}

static int load_file(struct load_state *st, const char *vpath, int depth, struct gd_err *err);

/* Expand pattern (absolute) component by component: prefix is the fixed
 * part so far. */
static void expand_glob(struct load_state *st, const char *prefix, const char *rest,
                        int depth, struct strbuf *matches_out)
{
    const char *slash;
    size_t clen;
    struct strbuf comp = STRBUF_INIT, next = STRBUF_INIT;

    while (*rest == '/')
        rest++;
    if (!*rest) {
        strbuf_addstr(matches_out, prefix);
        strbuf_addch(matches_out, '\0');
        return;
    }
    slash = strchr(rest, '/');
    clen = slash ? (size_t)(slash - rest) : strlen(rest);
    strbuf_add(&comp, rest, clen);
    if (!has_magic(rest, clen)) {
        path_join(&next, prefix, comp.buf);
        if (slash) {
            expand_glob(st, next.buf, slash, depth, matches_out);
        } else {
            struct compat_stat sb;
            /* glob() without GLOB_NOCHECK only returns existing paths. */
            if (fs_lstat(st->fs, next.buf, &sb, NULL) == 1) {
                strbuf_addstr(matches_out, next.buf);
                strbuf_addch(matches_out, '\0');
            }
        }
    } else {
        struct fs_dirlist list;
        size_t i;
        if (fs_list_dir(st->fs, prefix, 4096, &list, NULL) == 1) {
            for (i = 0; i < list.nr; i++) {
                if (!ldconf_glob_match(comp.buf, list.ents[i].name))
                    continue;
                path_join(&next, prefix, list.ents[i].name);
                if (slash)
                    expand_glob(st, next.buf, slash, depth, matches_out);
                else {
                    strbuf_addstr(matches_out, next.buf);
                    strbuf_addch(matches_out, '\0');
                }
            }
        }
        fs_dirlist_release(&list);
    }
    strbuf_release(&comp);
    strbuf_release(&next);
}

static void do_include(struct load_state *st, const char *from, const char *pattern, int depth)
{
    struct strbuf full = STRBUF_INIT, dir = STRBUF_INIT, matches = STRBUF_INIT;
    size_t off = 0;

    if (pattern[0] != '/') {
        path_dirname(&dir, from);
        path_join(&full, dir.buf, pattern);
    } else {
        strbuf_addstr(&full, pattern);
    }
    expand_glob(st, "/", full.buf, depth, &matches);
    while (off < matches.len) {
        const char *m = matches.buf + off;
        struct gd_err e;
        err_init(&e);
        off += strlen(m) + 1;
        if (in_list(st->chain, st->n_chain, m)) {
            /* A loop: m is being read already.  Say so once per file. */
            if (!in_list(st->looped, st->n_looped, m)) {
                ALLOC_GROW(st->looped, st->n_looped + 1, st->alloc_looped);
                st->looped[st->n_looped++] = arena_strdup(st->arena, m);
                add_warning(st, arena_printf(st->arena, "include loop: '%s' includes '%s', which is "
                                             "already being read; it is read once", from, m));
            }
            continue;
        }
        if (load_file(st, m, depth + 1, &e) < 0 &&
            !(e.code == GD_ERR_LIMIT && st->warned_limit++))
            add_warning(st, arena_strdup(st->arena, e.msg));
    }
    strbuf_release(&full);
    strbuf_release(&dir);
    strbuf_release(&matches);
}

static int load_file(struct load_state *st, const char *vpath, int depth, struct gd_err *err)
{
    struct strbuf sb = STRBUF_INIT;
    struct ldconf_item *items = NULL;
    size_t n = 0, alloc = 0, i;
    const char *file;
    int r;

    if (depth > LDCONF_MAX_DEPTH)
        return err_setx(err, GD_ERR_LIMIT, "includes nested more than %d deep at '%s' (a loop?)",
                        LDCONF_MAX_DEPTH, vpath);
    if (st->c->n_files >= LDCONF_MAX_FILES)
        return err_setx(err, GD_ERR_LIMIT, "more than %d configuration files at '%s' (a loop?)",
                        LDCONF_MAX_FILES, vpath);
    r = fs_read_file(st->fs, vpath, LDCONF_MAX_SIZE, &sb, err);
    if (r != 1) {
        strbuf_release(&sb);
        if (r == 0 && depth > 0)
            return err_setx(err, GD_ERR_NOTFOUND, "cannot read '%s': No such file or directory", vpath);
        return r;
    }
    st->c->n_files++;
    file = arena_strdup(st->arena, vpath);
    ldconf_parse((const uint8_t *)sb.buf, sb.len, st->arena, &items, &n, &alloc);
    strbuf_release(&sb);
    ALLOC_GROW(st->chain, st->n_chain + 1, st->alloc_chain);
    st->chain[st->n_chain++] = file;
    for (i = 0; i < n; i++) {
        if (items[i].kind == LDCONF_DIR) {
            struct ldconf *c = st->c;
            ALLOC_GROW(c->dirs, c->nr + 1, c->alloc);
            c->dirs[c->nr].path = items[i].text;
            c->dirs[c->nr].file = file;
            c->dirs[c->nr].line = items[i].line;
            c->nr++;
        } else {
            do_include(st, file, items[i].text, depth);
        }
    }
    st->n_chain--;
    free(items);
    return 1;
}

int ldconf_load(struct fs *fs, const char *vpath, struct arena *arena,
                struct ldconf *c, struct gd_err *err)
{
    struct load_state st;
    int r;
    memset(&st, 0, sizeof(st));
    st.fs = fs;
    st.arena = arena;
    st.c = c;
    r = load_file(&st, vpath, 0, err);
    free(st.chain);
    free(st.looped);
    return r;
}

void ldconf_parse_musl(const uint8_t *buf, size_t len, const char *from,
                       struct arena *arena, struct ldconf *c)
{
    size_t i = 0;
    unsigned line = 1;
    while (i < len) {
        size_t j = i;
        while (j < len && buf[j] != ':' && buf[j] != '\n' && buf[j] != '\0')
            j++;
        if (j > i) {
            ALLOC_GROW(c->dirs, c->nr + 1, c->alloc);
            c->dirs[c->nr].path = arena_strndup(arena, (const char *)buf + i, j - i);
            c->dirs[c->nr].file = from;
            c->dirs[c->nr].line = line;
            c->nr++;
        }
        if (j < len && buf[j] == '\0')
            break;   /* musl reads the file as a C string */
        if (j < len && buf[j] == '\n')
            line++;
        i = j + 1;
    }
}

int ldconf_load_musl(struct fs *fs, const char *arch, struct arena *arena,
                     struct ldconf *c, struct gd_err *err)
{
    static const char builtin[] = "/lib:/usr/local/lib:/usr/lib";
    struct strbuf path = STRBUF_INIT, sb = STRBUF_INIT;
    int r;

    strbuf_addf(&path, "/etc/ld-musl-%s.path", arch);
    r = fs_read_file(fs, path.buf, LDCONF_MAX_SIZE, &sb, err);
    if (r == 1) {
        ldconf_parse_musl((const uint8_t *)sb.buf, sb.len, arena_strdup(arena, path.buf), arena, c);
        c->n_files++;
    } else if (r == 0) {
        ldconf_parse_musl((const uint8_t *)builtin, sizeof(builtin) - 1, "<builtin>", arena, c);
    }
    strbuf_release(&path);
    strbuf_release(&sb);
    return r;
}
