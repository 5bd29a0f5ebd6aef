/*
 * modules.c - environment module files for CUDA, cuDNN and NCCL (see
 * modules.h).  The parser is line-oriented: module files state toolkit
 * paths one command per line in both languages.
 */
#include "scan/modules.h"

#include <string.h>

#include "scan/scan.h"
#include "util/alloc.h"
#include "util/arena.h"
#include "util/fs.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

/* Environment variables whose literal value is a toolkit's prefix. */
static const char *const prefix_vars[] = {
    "CUDA_HOME", "CUDA_PATH", "CUDA_ROOT", "CUDA_DIR", "CUDA_INSTALL_PATH",
    "CUDNN_HOME", "CUDNN_ROOT", "CUDNN_PATH", "CUDNN_DIR",
    "NCCL_HOME", "NCCL_ROOT", "NCCL_DIR",
};

static int is_prefix_var(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < sizeof(prefix_vars) / sizeof(prefix_vars[0]); i++)
        if (strlen(prefix_vars[i]) == n && !memcmp(prefix_vars[i], s, n))
            return 1;
    return 0;
}

static int is_blank(char c) { return c == ' ' || c == '\t'; }

/* Copy a literal value into dst (size MODULEFILE_VALUE_MAX or 64); 0 if it
 * does not fit or is computed. */
static int set_value(char *dst, size_t size, const char *v, size_t n)
{
    if (!n || n >= size || memchr(v, '$', n) || memchr(v, '[', n))
        return 0;
    memcpy(dst, v, n);
    dst[n] = '\0';
    return 1;
}

/* A Lua string literal at *p: sets (*s, *n), advances *p past it. */
static int lua_string(const char **p, const char *end, const char **s, size_t *n)
{
    const char *q = *p;
    char quote;
    while (q < end && is_blank(*q))
        q++;
    if (q >= end || (*q != '"' && *q != '\''))
        return 0;
    quote = *q++;
    *s = q;
    while (q < end && *q != quote) {
        if (*q == '\\')
            return 0;             /* escapes: not worth decoding for paths */
        q++;
    }
    if (q >= end)
        return 0;
    *n = (size_t)(q - *s);
    *p = q + 1;
    return 1;
}

/* The rest of a Lua line after a literal: must end the argument. */
static int lua_arg_ends(const char *p, const char *end)
{
    while (p < end && is_blank(*p))
        p++;
    return p < end && (*p == ')' || *p == ',');
}

/* name("A", "B") with two literal arguments. */
static int lua_call2(const char *line, size_t n, const char *fn, const char **a, size_t *an,
                     const char **b, size_t *bn)
{
    const char *p = line, *end = line + n;
    size_t fl = strlen(fn);
    if (n <= fl || memcmp(line, fn, fl))
        return 0;
    p += fl;
    while (p < end && is_blank(*p))
        p++;
    if (p >= end || *p++ != '(')
        return 0;
    if (!lua_string(&p, end, a, an))
        return 0;
    while (p < end && is_blank(*p))
        p++;
    if (p >= end || *p++ != ',')
        return 0;
    return lua_string(&p, end, b, bn) && lua_arg_ends(p, end);
}

/* local NAME = "V" */
static int lua_local(const char *line, size_t n, const char *var, const char **v, size_t *vn)
{
    const char *p = line, *end = line + n;
    size_t vl = strlen(var);
    if (n < 6 || memcmp(p, "local", 5) || !is_blank(p[5]))
        return 0;
    p += 5;
    while (p < end && is_blank(*p))
        p++;
    if ((size_t)(end - p) <= vl || memcmp(p, var, vl) || !(is_blank(p[vl]) || p[vl] == '='))
        return 0;
    p += vl;
    while (p < end && is_blank(*p))
        p++;
    if (p >= end || *p++ != '=')
        return 0;
    if (!lua_string(&p, end, v, vn))
        return 0;
    while (p < end && is_blank(*p))
        p++;
    return p == end || *p == ';' || *p == '-';     /* end, or a comment */
}

/* The next Tcl word of line at *p: braces or quotes stripped. */
static int tcl_word(const char **p, const char *end, const char **w, size_t *wn)
{
    const char *q = *p;
    while (q < end && is_blank(*q))
        q++;
    if (q >= end || *q == '#' || *q == ';')
        return 0;
    if (*q == '{' || *q == '"') {
        char close = *q == '{' ? '}' : '"';
        const char *s = ++q;
        while (q < end && *q != close)
            q++;
        if (q >= end)
            return 0;
        *w = s;
        *wn = (size_t)(q - s);
        *p = q + 1;
        return 1;
    }
    *w = q;
    while (q < end && !is_blank(*q) && *q != ';')
        q++;
    *wn = (size_t)(q - *w);
    *p = q;
    return 1;
}

static int word_is(const char *w, size_t n, const char *s)
{
    return strlen(s) == n && !memcmp(w, s, n);
}

/* The first element of a ':'-separated path list. */
static size_t first_elem(const char *v, size_t n)
{
    const char *c = memchr(v, ':', n);
    return c ? (size_t)(c - v) : n;
}

int modulefile_parse(const char *buf, size_t len, const char *file_name, struct modulefile_info *out)
{
    size_t pos = 0, n;
    const char *line;
    char root[MODULEFILE_VALUE_MAX] = "";
    int lua_hits = 0, tcl_hits = 0;

    memset(out, 0, sizeof(*out));
    if (file_name && str_ends(file_name, ".lua"))
        out->syntax = MODULEFILE_LUA;
    else if (len >= 8 && !memcmp(buf, "#%Module", 8))
        out->syntax = MODULEFILE_TCL;

    while (next_line(buf, len, &pos, &line, &n)) {
        const char *a, *b, *p, *end;
        size_t an, bn;
        trim(&line, &n);
        if (!n || line[0] == '#' || (n >= 2 && line[0] == '-' && line[1] == '-'))
            continue;
        /* Lua */
        if (lua_call2(line, n, "setenv", &a, &an, &b, &bn) || lua_call2(line, n, "pushenv", &a, &an, &b, &bn)) {
            lua_hits++;
            if (is_prefix_var(a, an) && !out->prefix[0])
                set_value(out->prefix, sizeof(out->prefix), b, bn);
            continue;
        }
        if (lua_call2(line, n, "prepend_path", &a, &an, &b, &bn) ||
            lua_call2(line, n, "append_path", &a, &an, &b, &bn)) {
            lua_hits++;
            if (word_is(a, an, "LD_LIBRARY_PATH") && !out->libdir[0])
                set_value(out->libdir, sizeof(out->libdir), b, first_elem(b, bn));
            continue;
        }
        if (lua_local(line, n, "version", &b, &bn)) {
            lua_hits++;
            set_value(out->version, sizeof(out->version), b, bn);
            continue;
        }
        if (lua_local(line, n, "root", &b, &bn) || lua_local(line, n, "base", &b, &bn)) {
            lua_hits++;
            if (!root[0])
                set_value(root, sizeof(root), b, bn);
            continue;
        }
        /* Tcl */
        p = line;
        end = line + n;
        if (!tcl_word(&p, end, &a, &an))
            continue;
        if (word_is(a, an, "setenv") && tcl_word(&p, end, &a, &an) && tcl_word(&p, end, &b, &bn)) {
            tcl_hits++;
            if (is_prefix_var(a, an) && !out->prefix[0])
                set_value(out->prefix, sizeof(out->prefix), b, bn);
        } else if ((word_is(a, an, "prepend-path") || word_is(a, an, "append-path")) &&
                   tcl_word(&p, end, &a, &an)) {
            while (an > 1 && a[0] == '-' && tcl_word(&p, end, &a, &an))   /* --delim=: and the like */
                ;
            if (tcl_word(&p, end, &b, &bn)) {
                tcl_hits++;
                if (word_is(a, an, "LD_LIBRARY_PATH") && !out->libdir[0])
                    set_value(out->libdir, sizeof(out->libdir), b, first_elem(b, bn));
            }
        } else if (word_is(a, an, "set") && tcl_word(&p, end, &a, &an) && tcl_word(&p, end, &b, &bn)) {
            tcl_hits++;
            if (word_is(a, an, "version") || word_is(a, an, "ver"))
                set_value(out->version, sizeof(out->version), b, bn);
            else if ((word_is(a, an, "root") || word_is(a, an, "base") || word_is(a, an, "prefix")) && !root[0])
                set_value(root, sizeof(root), b, bn);
        } else if (word_is(a, an, "module-whatis") || word_is(a, an, "conflict") || word_is(a, an, "prereq")) {
            tcl_hits++;
        }
    }
    if (!out->syntax)
        out->syntax = lua_hits > tcl_hits ? MODULEFILE_LUA : tcl_hits ? MODULEFILE_TCL : MODULEFILE_UNKNOWN;
    if (!out->syntax || (!lua_hits && !tcl_hits && out->syntax == MODULEFILE_UNKNOWN)) {
        memset(out, 0, sizeof(*out));
        return 0;
    }
    if (!out->prefix[0] && root[0])
        memcpy(out->prefix, root, sizeof(root));
    /* No version line: the prefix often carries one (/usr/local/cuda-11.8). */
    if (!out->version[0] && out->prefix[0]) {
        const char *s = out->prefix, *best = NULL;
        size_t i, bl = 0;
        for (i = 0; s[i]; i++) {
            size_t j = i;
            if ((i && ((s[i - 1] >= '0' && s[i - 1] <= '9') || s[i - 1] == '.')) || s[i] < '0' || s[i] > '9')
                continue;
            while (s[j] && ((s[j] >= '0' && s[j] <= '9') || s[j] == '.'))
                j++;
            while (j > i && s[j - 1] == '.')
                j--;
            if (is_dotted_version(s + i, j - i, 2, 4)) {
                best = s + i;
                bl = j - i;
            }
        }
        if (best && bl < sizeof(out->version)) {
            memcpy(out->version, best, bl);
            out->version[bl] = '\0';
        }
    }
    return 1;
}

/* cuda, cudnn or nccl when name starts with it (any case); cudnn before cuda. */
static const char *package_of(const char *name)
{
    static const char *const pk[] = { "cudnn", "cuda", "nccl" };
    size_t i, j;
    for (i = 0; i < 3; i++) {
        size_t l = strlen(pk[i]);
        for (j = 0; j < l; j++) {
            char c = name[j];
            if (c >= 'A' && c <= 'Z')
                c = (char)(c - 'A' + 'a');
            if (c != pk[i][j])
                break;
        }
        if (j == l)
            return pk[i];
    }
    return NULL;
}

static void add_file(struct scan_ctx *ctx, struct module_facts *out, const char *package, const char *dir_entry,
                     const char *file, const char *path)
{
    struct strbuf sb = STRBUF_INIT, nm = STRBUF_INIT;
    struct modulefile_info mi;
    struct module_file *m;
    const char *base;
    int r;

    r = scan_read_text(ctx, path, MODULEFILE_MAX, &sb);
    if (r != 1 || !modulefile_parse(sb.buf, sb.len, path, &mi)) {
        strbuf_release(&sb);
        return;
    }
    ALLOC_GROW(out->files, out->n_files + 1, out->alloc_files);
    m = &out->files[out->n_files++];
    memset(m, 0, sizeof(*m));
    m->package = package;
    base = file ? file : dir_entry;
    strbuf_addstr(&nm, base);
    if (str_ends(nm.buf, ".lua"))
        strbuf_setlen(&nm, nm.len - 4);
    if (file && nm.buf[0] >= '0' && nm.buf[0] <= '9') {
        m->version = facts_str(ctx->facts, nm.buf);
        m->version_source = "file name";
    } else if (mi.version[0]) {
        m->version = facts_str(ctx->facts, mi.version);
        m->version_source = "contents";
    }
    if (file) {
        strbuf_reset(&sb);
        strbuf_addf(&sb, "%s/%s", dir_entry, nm.buf);
        m->name = facts_str(ctx->facts, sb.buf);
    } else {
        m->name = facts_str(ctx->facts, nm.buf);
    }
    m->path = facts_str(ctx->facts, path);
    m->syntax = mi.syntax == MODULEFILE_LUA ? "lua" : "tcl";
    m->prefix = mi.prefix[0] ? facts_str(ctx->facts, mi.prefix) : NULL;
    m->libdir = mi.libdir[0] ? facts_str(ctx->facts, mi.libdir) : NULL;
    strbuf_release(&sb);
    strbuf_release(&nm);
}

static const char default_modulepath[] =
    "/etc/modulefiles:/usr/share/modulefiles:/usr/share/Modules/modulefiles:"
    "/usr/share/lmod/lmod/modulefiles/Core:/opt/modulefiles:/opt/apps/modulefiles:"
    "/usr/local/modulefiles:/apps/modulefiles";

void scan_modules_into(struct scan_ctx *ctx, struct module_facts *out)
{
    const char *mp = env_get(ctx->env, "MODULEPATH"), *s;
    struct strbuf dir = STRBUF_INIT, sub = STRBUF_INIT, path = STRBUF_INIT, used = STRBUF_INIT;
    int from_env = mp && *mp;

    memset(out, 0, sizeof(*out));
    if (!from_env)
        mp = default_modulepath;
    for (s = mp; *s;) {
        size_t n = strcspn(s, ":"), i, j;
        struct fs_dirlist dl = { NULL, 0, 0 };
        struct compat_stat st;
        struct gd_err err;
        int r;

        strbuf_reset(&dir);
        strbuf_add(&dir, s, n);
        s += n;
        if (*s == ':')
            s++;
        if (!dir.len || dir.buf[0] != '/')
            continue;
        r = fs_list_dir(ctx->fs, dir.buf, 4096, &dl, &err);
        if (r < 0)
            scan_warn(ctx, dir.buf, &err);
        if (r != 1) {
            fs_dirlist_release(&dl);
            continue;
        }
        if (used.len)
            strbuf_addch(&used, ':');
        strbuf_add(&used, dir.buf, dir.len);
        for (i = 0; i < dl.nr; i++) {
            const char *pk = package_of(dl.ents[i].name);
            struct fs_dirlist vl = { NULL, 0, 0 };
            if (!pk || dl.ents[i].name[0] == '.')
                continue;
            path_join(&sub, dir.buf, dl.ents[i].name);
            if (fs_stat(ctx->fs, sub.buf, &st, &err) != 1)
                continue;
            if (st.type == COMPAT_FT_REG) {        /* a single-version module: cuda.lua */
                add_file(ctx, out, pk, dl.ents[i].name, NULL, sub.buf);
                continue;
            }
            if (st.type != COMPAT_FT_DIR)
                continue;
            r = fs_list_dir(ctx->fs, sub.buf, 1024, &vl, &err);
            if (r < 0)
                scan_warn(ctx, sub.buf, &err);
            for (j = 0; r == 1 && j < vl.nr; j++) {
                const char *f = vl.ents[j].name;
                if (f[0] == '.' || !strcmp(f, "default"))
                    continue;
                path_join(&path, sub.buf, f);
                if (fs_stat(ctx->fs, path.buf, &st, &err) == 1 && st.type == COMPAT_FT_REG)
                    add_file(ctx, out, pk, dl.ents[i].name, f, path.buf);
            }
            fs_dirlist_release(&vl);
        }
        fs_dirlist_release(&dl);
    }
    if (used.len) {
        out->modulepath = facts_str(ctx->facts, used.buf);
        out->modulepath_source = from_env ? "env:MODULEPATH" : "default";
    }
    strbuf_release(&dir);
    strbuf_release(&sub);
    strbuf_release(&path);
    strbuf_release(&used);
}
