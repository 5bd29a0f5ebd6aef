#include "scan/buildinfo.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

/* Generated files are a few kilobytes; a file with more tokens than this is
 * not one of them, and scanning stops there. */
#define PYLIT_MAX_TOKENS 200000

enum tok_type { T_NAME, T_STR, T_NUM, T_OP, T_NEWLINE };

struct tok {
    enum tok_type type;
    const char *s;      /* T_NAME/T_NUM/T_OP: into the buffer; T_STR: decoded, in arena */
    size_t len;
    char encl;          /* innermost open bracket around this token, or 0 */
};

struct toks {
    struct tok *v;
    size_t nr, alloc;
};

static int is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static void push(struct toks *t, enum tok_type type, const char *s, size_t len, char encl)
{
    ALLOC_GROW(t->v, t->nr + 1, t->alloc);
    t->v[t->nr].type = type;
    t->v[t->nr].s = s;
    t->v[t->nr].len = len;
    t->v[t->nr].encl = encl;
    t->nr++;
}

/* A string literal starting at buf[*pos] (the quote); decoded into sb. */
static void lex_string(const char *buf, size_t len, size_t *pos, int raw, struct strbuf *sb)
{
    size_t i = *pos;
    char q = buf[i];
    int triple = i + 2 < len && buf[i + 1] == q && buf[i + 2] == q;

    i += triple ? 3 : 1;
    while (i < len) {
        char c = buf[i];
        if (c == '\\' && i + 1 < len) {
            char n = buf[i + 1];
            if (raw) {
                strbuf_addch(sb, c);
                strbuf_addch(sb, n);
            } else if (n == 'n') {
                strbuf_addch(sb, '\n');
            } else if (n == 't') {
                strbuf_addch(sb, '\t');
            } else if (n == '\n') {
                /* line continuation inside a string */
            } else if (n == '\\' || n == '\'' || n == '"') {
                strbuf_addch(sb, n);
            } else {
                strbuf_addch(sb, c);
                strbuf_addch(sb, n);
            }
            i += 2;
            continue;
        }
        if (c == q) {
            if (!triple) {
                i++;
                break;
            }
            if (i + 2 < len && buf[i + 1] == q && buf[i + 2] == q) {
                i += 3;
                break;
            }
        }
        if (!triple && c == '\n')
            break;  /* unterminated single-line string: stop at the line end */
        strbuf_addch(sb, c);
        i++;
    }
    *pos = i;
}

/* The innermost open bracket; deeper than the stack holds, the deepest kept. */
static char top(const char *stack, size_t size, size_t depth)
{
    if (depth == 0)
        return 0;
    return stack[(depth < size ? depth : size) - 1];
}

static void tokenize(struct toks *t, struct arena *a, const char *buf, size_t len)
{
    char stack[64];
    size_t depth = 0, pos = 0;
    struct strbuf sb = STRBUF_INIT;

    while (pos < len && t->nr < PYLIT_MAX_TOKENS) {
        char c = buf[pos];
        char encl = top(stack, sizeof(stack), depth);

        if (c == '#') {
            const char *nl = memchr(buf + pos, '\n', len - pos);
            pos = nl ? (size_t)(nl - buf) : len;
            continue;
        }
        if (c == '\n') {
            if (depth == 0)
                push(t, T_NEWLINE, buf + pos, 1, 0);
            pos++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\\') {
            pos++;
            continue;
        }
        if (is_alpha(c)) {
            size_t st = pos;
            while (pos < len && (is_alpha(buf[pos]) || is_digit(buf[pos])))
                pos++;
            /* String prefixes: r, b, u, f and two-letter mixes. */
            if (pos < len && (buf[pos] == '\'' || buf[pos] == '"') && pos - st <= 2) {
                int raw = memchr(buf + st, 'r', pos - st) || memchr(buf + st, 'R', pos - st);
                strbuf_reset(&sb);
                lex_string(buf, len, &pos, raw, &sb);
                push(t, T_STR, arena_strndup(a, sb.buf, sb.len), sb.len, encl);
                continue;
            }
            push(t, T_NAME, buf + st, pos - st, encl);
            continue;
        }
        if (is_digit(c) || (c == '.' && pos + 1 < len && is_digit(buf[pos + 1]))) {
            size_t st = pos;
            while (pos < len && (is_digit(buf[pos]) || is_alpha(buf[pos]) || buf[pos] == '.'))
                pos++;
            push(t, T_NUM, buf + st, pos - st, encl);
            continue;
        }
        if (c == '\'' || c == '"') {
            strbuf_reset(&sb);
            lex_string(buf, len, &pos, 0, &sb);
            push(t, T_STR, arena_strndup(a, sb.buf, sb.len), sb.len, encl);
            continue;
        }
        if (c == '(' || c == '[' || c == '{') {
            push(t, T_OP, buf + pos, 1, encl);
            if (depth < sizeof(stack))
                stack[depth] = c;
            depth++;
            pos++;
            continue;
        }
        if (c == ')' || c == ']' || c == '}') {
            if (depth)
                depth--;
            push(t, T_OP, buf + pos, 1, top(stack, sizeof(stack), depth));
            pos++;
            continue;
        }
        push(t, T_OP, buf + pos, 1, encl);
        pos++;
    }
    strbuf_release(&sb);
}

static int is_op(const struct toks *t, size_t i, char op)
{
    return i < t->nr && t->v[i].type == T_OP && t->v[i].s[0] == op;
}

static int is_name(const struct toks *t, size_t i, const char *name)
{
    return i < t->nr && t->v[i].type == T_NAME && t->v[i].len == strlen(name) &&
           !memcmp(t->v[i].s, name, t->v[i].len);
}

/* Parse a value at t[i]; fills *as_type and *val, returns the index after it. */
static size_t parse_value(const struct toks *t, size_t i, struct arena *a, enum pyval_type *type,
                          const char **val)
{
    struct strbuf sb = STRBUF_INIT;

    *type = PYVAL_OTHER;
    *val = NULL;
    if (i >= t->nr)
        return i;
    if (t->v[i].type == T_STR) {
        while (i < t->nr && t->v[i].type == T_STR) {
            strbuf_add(&sb, t->v[i].s, t->v[i].len);
            i++;
        }
        *type = PYVAL_STR;
        *val = arena_strndup(a, sb.buf, sb.len);
    } else if (is_name(t, i, "True") || is_name(t, i, "False")) {
        *type = PYVAL_BOOL;
        *val = t->v[i].s[0] == 'T' ? "true" : "false";
        i++;
    } else if (is_name(t, i, "None")) {
        *type = PYVAL_NONE;
        i++;
    } else if (t->v[i].type == T_NUM) {
        *type = PYVAL_NUM;
        *val = arena_strndup(a, t->v[i].s, t->v[i].len);
        i++;
    } else if (is_op(t, i, '[') || is_op(t, i, '(')) {
        char close = t->v[i].s[0] == '[' ? ']' : ')';
        size_t j = i + 1;
        int ok = 1;
        while (j < t->nr && !is_op(t, j, close)) {
            if (t->v[j].type == T_STR) {
                if (sb.len)
                    strbuf_addch(&sb, ',');
                strbuf_add(&sb, t->v[j].s, t->v[j].len);
            } else if (!is_op(t, j, ',')) {
                ok = 0;
                break;
            }
            j++;
        }
        if (ok && j < t->nr) {
            *type = PYVAL_LIST;
            *val = arena_strndup(a, sb.buf, sb.len);
            i = j + 1;
        }
    }
    strbuf_release(&sb);
    return i;
}

static void record(struct pyassigns *out, struct arena *a, const char *key, size_t klen,
                   enum pyval_type type, const char *val)
{
    ALLOC_GROW(out->v, out->nr + 1, out->alloc);
    out->v[out->nr].key = arena_strndup(a, key, klen);
    out->v[out->nr].type = type;
    out->v[out->nr].value = val;
    out->nr++;
}

void pylit_scan(struct pyassigns *out, struct arena *a, const char *buf, size_t len)
{
    struct toks t = { NULL, 0, 0 };
    size_t i;

    tokenize(&t, a, buf, len);
    for (i = 0; i < t.nr; i++) {
        const struct tok *k = &t.v[i];
        enum pyval_type type;
        const char *val;
        int stmt_start = i == 0 || t.v[i - 1].type == T_NEWLINE ||
                         is_op(&t, i - 1, ';');

        if (k->type == T_NAME && k->encl == 0 && stmt_start) {
            size_t j = i + 1;
            /* NAME['KEY'] = VALUE */
            if (is_op(&t, j, '[') && j + 3 < t.nr && t.v[j + 1].type == T_STR &&
                is_op(&t, j + 2, ']') && is_op(&t, j + 3, '=') && !is_op(&t, j + 4, '=')) {
                parse_value(&t, j + 4, a, &type, &val);
                record(out, a, t.v[j + 1].s, t.v[j + 1].len, type, val);
                continue;
            }
            /* NAME [: annotation] = VALUE */
            if (is_op(&t, j, ':')) {
                while (j < t.nr && t.v[j].type != T_NEWLINE && !is_op(&t, j, '='))
                    j++;
            }
            if (is_op(&t, j, '=') && !is_op(&t, j + 1, '=')) {
                parse_value(&t, j + 1, a, &type, &val);
                record(out, a, k->s, k->len, type, val);
            }
            continue;
        }
        if (k->type != T_STR)
            continue;
        /* ('KEY', VALUE) */
        if (k->encl == '(' && i > 0 && is_op(&t, i - 1, '(') && is_op(&t, i + 1, ',')) {
            size_t end = parse_value(&t, i + 2, a, &type, &val);
            if (is_op(&t, end, ')'))
                record(out, a, k->s, k->len, type, val);
            continue;
        }
        /* {'KEY': VALUE, ...} */
        if (k->encl == '{' && i > 0 && (is_op(&t, i - 1, '{') || is_op(&t, i - 1, ',')) &&
            is_op(&t, i + 1, ':')) {
            parse_value(&t, i + 2, a, &type, &val);
            record(out, a, k->s, k->len, type, val);
        }
    }
    free(t.v);
}

const struct pyassign *pyassigns_get(const struct pyassigns *as, const char *key)
{
    size_t i = as->nr;
    while (i-- > 0)
        if (!strcmp(as->v[i].key, key))
            return &as->v[i];
    return NULL;
}

void pyassigns_release(struct pyassigns *as)
{
    free(as->v);
    as->v = NULL;
    as->nr = as->alloc = 0;
}

static const char *get_str(const struct pyassigns *as, const char *key)
{
    const struct pyassign *p = pyassigns_get(as, key);
    if (!p || !p->value)
        return NULL;
    return (p->type == PYVAL_STR || p->type == PYVAL_NUM || p->type == PYVAL_LIST) ? p->value : NULL;
}

static int get_bool(const struct pyassigns *as, const char *key, int *found)
{
    const struct pyassign *p = pyassigns_get(as, key);
    if (!p)
        return -1;
    (*found)++;
    if (p->type == PYVAL_BOOL)
        return p->value[0] == 't';
    if (p->type == PYVAL_NONE)
        return 0;
    return -1;
}

int tf_build_info_parse(struct tf_build_info *out, struct arena *a, const char *buf,
                        size_t len, struct gd_err *err)
{
    struct pyassigns as = { NULL, 0, 0 };
    int found = 0;

    memset(out, 0, sizeof(*out));
    pylit_scan(&as, a, buf, len);
    out->cuda_version = get_str(&as, "cuda_version");
    out->cudnn_version = get_str(&as, "cudnn_version");
    out->compute_caps = get_str(&as, "cuda_compute_capabilities");
    out->cudart_dll_name = get_str(&as, "cudart_dll_name");
    out->cudnn_dll_name = get_str(&as, "cudnn_dll_name");
    out->cpu_compiler = get_str(&as, "cpu_compiler");
    out->is_cuda_build = get_bool(&as, "is_cuda_build", &found);
    out->is_rocm_build = get_bool(&as, "is_rocm_build", &found);
    out->is_tensorrt_build = get_bool(&as, "is_tensorrt_build", &found);
    found += !!out->cuda_version + !!out->cudnn_version + !!out->compute_caps +
             !!out->cudart_dll_name + !!out->cpu_compiler;
    pyassigns_release(&as);
    if (!found)
        return err_setx(err, GD_ERR_FORMAT, "no build_info keys found");
    return 0;
}

int torch_version_parse(struct torch_version_info *out, struct arena *a, const char *buf,
                        size_t len, struct gd_err *err)
{
    struct pyassigns as = { NULL, 0, 0 };
    const struct pyassign *v;
    int ignored = 0;

    memset(out, 0, sizeof(*out));
    pylit_scan(&as, a, buf, len);
    v = pyassigns_get(&as, "__version__");
    out->version = v && v->type == PYVAL_STR ? v->value : NULL;
    out->cuda = get_str(&as, "cuda");
    out->has_cuda_field = pyassigns_get(&as, "cuda") != NULL;
    out->hip = get_str(&as, "hip");
    out->xpu = get_str(&as, "xpu");
    out->git_version = get_str(&as, "git_version");
    out->debug = get_bool(&as, "debug", &ignored);
    pyassigns_release(&as);
    if (!out->version || !*out->version)
        return err_setx(err, GD_ERR_FORMAT, "no __version__ string");
    return 0;
}
