/*
 * logread.c - line splitting and fact extraction for `explain`.
 *
 * Each pattern below names the file that prints the message (or the format
 * that produces the output).  The texts are facts about those programs;
 * docs/explain.md lists them with the same citations.  Matching is plain
 * substring search over (const char *, size_t): no regular expressions, no
 * allocation per line, so a 100 MB log streams in a second or so.
 */
#include "scan/logread.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kb/kb.h"
#include "util/alloc.h"
#include "util/banned.h"

/* ---- small pure helpers over (s, n) ---- */

static const char *mfind(const char *s, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    const char *p = s, *end = s + n;
    if (!k)
        return s;
    while ((size_t)(end - p) >= k) {
        p = memchr(p, needle[0], (size_t)(end - p) - k + 1);
        if (!p)
            return NULL;
        if (!memcmp(p, needle, k))
            return p;
        p++;
    }
    return NULL;
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* Case-insensitive (ASCII) search; needle must be lower case. */
static const char *mfind_ci(const char *s, size_t n, const char *needle)
{
    size_t k = strlen(needle), i, j;
    if (k > n)
        return NULL;
    for (i = 0; i + k <= n; i++) {
        for (j = 0; j < k && lower((unsigned char)s[i + j]) == needle[j]; j++)
            ;
        if (j == k)
            return s + i;
    }
    return NULL;
}

/* Search the lower-cased line low for needle, ignoring ASCII case. */
static const char *mfind_low(const char *low, size_t n, const char *needle)
{
    size_t k = strlen(needle), j;
    const char *p = low, *end = low + n;
    char first;
    if (!k)
        return low;
    first = (char)lower((unsigned char)needle[0]);
    while ((size_t)(end - p) >= k) {
        p = memchr(p, first, (size_t)(end - p) - k + 1);
        if (!p)
            return NULL;
        for (j = 1; j < k && p[j] == (char)lower((unsigned char)needle[j]); j++)
            ;
        if (j == k)
            return p;
        p++;
    }
    return NULL;
}

static int mstarts(const char *s, size_t n, const char *p)
{
    size_t k = strlen(p);
    return n >= k && !memcmp(s, p, k);
}

/* The hash of 4 bytes with bit 5 set in each, so that a letter hashes as
 * its lower case (other bytes may fold together: the set only rules out). */
static unsigned gram_hash(const char *p)
{
    unsigned v = (unsigned)(unsigned char)p[0] << 24 | (unsigned)(unsigned char)p[1] << 16 |
                 (unsigned)(unsigned char)p[2] << 8 | (unsigned)(unsigned char)p[3];
    v |= 0x20202020u;
    return (v * 2654435761u) >> 20;   /* 12 bits */
}

/* Hash every 4-byte window of the line into lr->grams (case folded: gram_hash). */
static void grams_fill(unsigned long long *g, const char *line, size_t n)
{
    size_t i;
    memset(g, 0, LOGREAD_GRAM_WORDS * sizeof(*g));
    for (i = 0; i + 4 <= n; i++) {
        unsigned h = gram_hash(line + i);
        g[h >> 6] |= 1ull << (h & 63);
    }
}

/* 0 when needle cannot be in the line (its first 4 bytes are not); 1 when it may be. */
static int grams_may(const unsigned long long *g, const char *needle)
{
    unsigned h;
    if (!needle[0] || !needle[1] || !needle[2] || !needle[3])
        return 1;
    h = gram_hash(needle);
    return (g[h >> 6] >> (h & 63)) & 1;
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

static int is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Length of a version-like token at s: digits, dots, letters, '+', '-', '_'. */
static size_t version_len(const char *s, size_t n)
{
    size_t i = 0;
    if (!n || !is_digit(s[0]))
        return 0;
    while (i < n && (is_digit(s[i]) || is_alpha(s[i]) || s[i] == '.' || s[i] == '+' ||
                     s[i] == '-' || s[i] == '_'))
        i++;
    while (i && (s[i - 1] == '.' || s[i - 1] == '-'))
        i--;   /* "12.2." at the end of a sentence */
    return i;
}

/* Length of a token up to a space, quote, comma, ')' or ';'. */
static size_t token_len(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && !is_space(s[i]) && s[i] != '\'' && s[i] != '"' && s[i] != ',' &&
           s[i] != ')' && s[i] != ';' && s[i] != '`')
        i++;
    return i;
}

static void skip_spaces(const char **s, size_t *n)
{
    while (*n && is_space(**s)) {
        (*s)++;
        (*n)--;
    }
}

/* ---- normalising a segment before it is matched ---- */

/* Length of an ANSI escape sequence at s (s[0] is ESC): CSI "ESC [ params
 * final", OSC "ESC ] ... BEL|ESC \\", or ESC and one byte. */
static size_t ansi_len(const char *s, size_t n)
{
    size_t i;
    if (n < 2)
        return n;
    if (s[1] == '[') {
        for (i = 2; i < n && !((unsigned char)s[i] >= 0x40 && (unsigned char)s[i] <= 0x7e); i++)
            ;
        return i < n ? i + 1 : n;
    }
    if (s[1] == ']') {
        for (i = 2; i < n; i++) {
            if (s[i] == '\a')
                return i + 1;
            if (s[i] == 0x1b && i + 1 < n && s[i + 1] == '\\')
                return i + 2;
        }
        return n;
    }
    return 2;
}

/* A Windows path written escaped ("C:\\\\Users", a JSON or repr() paste). */
static int escaped_paste(const char *s, size_t n)
{
    const char *p = mfind(s, n, ":\\\\");
    return p && p > s && is_alpha(p[-1]);
}

/*
 * Write the normalised segment (s, n) to out (room for n bytes) and return
 * its length: no ANSI codes, runs of blanks folded to one space (not the
 * indentation of the line or of what follows a '|'), UTF-8 typographic quotes as ASCII, and in an escaped paste \"
 * as " and a doubled backslash as one.  Never longer than n.
 */
static size_t normalise(const char *s, size_t n, char *out)
{
    size_t i = 0, k = 0;
    int esc = escaped_paste(s, n), indent = 1;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0x1b) {
            i += ansi_len(s + i, n - i);
            continue;
        }
        if (c == 0xe2 && i + 2 < n && (unsigned char)s[i + 1] == 0x80) {
            unsigned char d = (unsigned char)s[i + 2];
            if (d == 0x98 || d == 0x99 || d == 0x9c || d == 0x9d) {   /* U+2018/2019/201C/201D */
                out[k++] = d < 0x9c ? '\'' : '"';
                i += 3;
                indent = 0;
                continue;
            }
        }
        if (c == ' ' || c == '\t') {
            if (indent)
                out[k++] = (char)c;
            else if (k && out[k - 1] != ' ')
                out[k++] = ' ';
            i++;
            continue;
        }
        indent = c == '|';   /* a table's cell, a compose log's "svc | ": its indentation is kept */
        if (esc && c == '\\' && i + 1 < n && (s[i + 1] == '\\' || s[i + 1] == '"')) {
            out[k++] = s[i + 1];
            i += 2;
            continue;
        }
        out[k++] = (char)c;
        i++;
    }
    return k;
}

static int all_digits(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!is_digit(s[i]))
            return 0;
    return n > 0;
}

/* "12:34:56" at s */
static int clock_at(const char *s, size_t n)
{
    return n >= 8 && all_digits(s, 2) && s[2] == ':' && all_digits(s + 3, 2) && s[5] == ':' &&
           all_digits(s + 6, 2);
}

/* Past "12:34:56[.123456|,123]" at s (s is a clock). */
static size_t clock_len(const char *s, size_t n)
{
    size_t i = 8;
    if (i < n && (s[i] == '.' || s[i] == ','))
        for (i++; i < n && is_digit(s[i]); i++)
            ;
    return i;
}

/* Past "2024-01-31[ T]12:34:56[.frac][Z|+hh:mm]" at s, or 0. */
static size_t iso_stamp_len(const char *s, size_t n)
{
    size_t i;
    if (n < 19 || !all_digits(s, 4) || s[4] != '-' || !all_digits(s + 5, 2) || s[7] != '-' ||
        !all_digits(s + 8, 2) || (s[10] != ' ' && s[10] != 'T') || !clock_at(s + 11, n - 11))
        return 0;
    i = 11 + clock_len(s + 11, n - 11);
    if (i < n && s[i] == 'Z')
        i++;
    else if (i + 6 <= n && (s[i] == '+' || s[i] == '-') && all_digits(s + i + 1, 2) && s[i + 3] == ':')
        i += 6;
    return i;
}

/* The "] " that closes a glog-style prefix (a source file:line), within 160 bytes. */
static size_t bracket_end(const char *s, size_t n)
{
    const char *p = mfind(s, n < 160 ? n : 160, "] ");
    return p ? (size_t)(p - s) + 2 : 0;
}

/* Length of one log prefix at the start of s, or 0 (logread.h lists them). */
static size_t prefix_len(const char *s, size_t n)
{
    static const char *const levels[] = { "DEBUG:", "INFO:", "WARNING:", "WARN:", "ERROR:", "CRITICAL:", NULL };
    static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    size_t i, k;
    if (n >= 2 && s[0] == '>' && s[1] == ' ')
        return 2;   /* a Markdown quote (">>> " is Python's prompt: s[1] is '>') */
    /* glog / absl: "I0101 12:34:56.789012 12345 file.cc:12] " */
    if (n > 14 && (s[0] == 'I' || s[0] == 'W' || s[0] == 'E' || s[0] == 'F') && all_digits(s + 1, 4) &&
        s[5] == ' ' && clock_at(s + 6, n - 6))
        return bracket_end(s, n);
    /* "2024-01-31 12:34:56.123456: W tensorflow/...cc:12] ", "2024-01-31 12:34:56,123 - " */
    if ((k = iso_stamp_len(s, n)) != 0) {
        while (k < n && (s[k] == ':' || s[k] == ' '))
            k++;
        if (k + 2 < n && (s[k] == 'I' || s[k] == 'W' || s[k] == 'E' || s[k] == 'F') && s[k + 1] == ' ') {
            size_t b = bracket_end(s + k, n - k);
            return b ? k + b : k;
        }
        if (k + 2 < n && s[k] == '-' && s[k + 1] == ' ')
            k += 2;
        return k;
    }
    /* "[2024-01-31 12:34:56]", "[12:34:56]", Jupyter "[W 12:34:56.789 NotebookApp] ",
       dmesg "[   12.345678] " */
    if (n > 3 && s[0] == '[') {
        const char *e = mfind(s, n < 64 ? n : 64, "]");
        size_t in = e ? (size_t)(e - s) : 0;
        if (in > 1) {
            const char *t = s + 1;
            size_t tn = in - 1;
            int ok = 0;
            while (tn && *t == ' ')
                t++, tn--;
            if (tn > 2 && (t[0] == 'I' || t[0] == 'W' || t[0] == 'E' || t[0] == 'D' || t[0] == 'C') &&
                t[1] == ' ' && is_digit(t[2]))
                ok = 1;   /* Jupyter */
            else if (iso_stamp_len(t, tn) || clock_at(t, tn))
                ok = 1;
            else if (tn && is_digit(t[0])) {
                for (i = 0; i < tn && (is_digit(t[i]) || t[i] == '.'); i++)
                    ;
                ok = i == tn && mfind(t, tn, ".") != NULL;   /* dmesg */
            }
            if (ok)
                return in + 1 + (in + 1 < n && s[in + 1] == ' ');
        }
    }
    /* Python logging's default format: "WARNING:jax._src.xla_bridge:" */
    for (i = 0; levels[i]; i++)
        if (mstarts(s, n, levels[i])) {
            size_t a = strlen(levels[i]), j;
            for (j = a; j < n && j < a + 80 && s[j] != ':' && s[j] != ' '; j++)
                ;
            if (j < n && s[j] == ':' && j > a)
                return j + 1;
            return 0;
        }
    /* syslog / journald: "Jan 31 12:34:56 host kernel: ", "Jan  1 12:34:56 host ident[42]: " */
    if (n > 16 && s[3] == ' ') {
        for (i = 0; i + 3 <= sizeof(months) - 1; i += 3)
            if (!memcmp(s, months + i, 3))
                break;
        if (i + 3 <= sizeof(months) - 1) {
            k = 4;
            if (s[k] == ' ')
                k++;
            while (k < n && is_digit(s[k]))
                k++;
            if (k < n && s[k] == ' ' && clock_at(s + k + 1, n - k - 1)) {
                const char *c = mfind(s + k, n - k < 120 ? n - k : 120, ": ");
                if (c)
                    return (size_t)(c - s) + 2;
            }
        }
    }
    /* docker compose / kubectl logs: "service-1  | " */
    for (i = 0; i < n && i < 48 && (is_alpha(s[i]) || is_digit(s[i]) || s[i] == '-' || s[i] == '_' || s[i] == '.'); i++)
        ;
    if (i && i + 2 < n && s[i] == ' ') {
        k = i;
        while (k < n && s[k] == ' ')
            k++;
        if (k + 1 < n && s[k] == '|' && s[k + 1] == ' ')
            return k + 2;
    }
    return 0;
}

/* Offset of the message in a normalised segment: past its log prefixes (0
 * when it has none); the message's own indentation is kept. */
static size_t message_start(const char *s, size_t n)
{
    size_t off = 0, q, k;
    int i;
    for (i = 0; i < 4 && off < n; i++) {
        for (q = off; q < n && s[q] == ' '; q++)
            ;
        if (!(k = prefix_len(s + q, n - q)))
            break;
        off = q + k;
    }
    return off <= n ? off : n;
}

/* ---- recording (every arena allocation is behind a cap) ---- */

/* The quoted line as a C string: a NUL byte in it is written as the two
 * characters "\0", so that the quote neither ends there nor hides it. */
static const char *quote(struct logread *lr, const char *line, size_t n)
{
    size_t k = n < LOG_QUOTE_MAX ? n : LOG_QUOTE_MAX, i, j = 0;
    char *q;
    if (!memchr(line, '\0', k))
        return arena_strndup(&lr->arena, line, k);
    q = arena_alloc(&lr->arena, 2 * k + 1);
    for (i = 0; i < k; i++) {
        if (line[i]) {
            q[j++] = line[i];
        } else {
            q[j++] = '\\';
            q[j++] = '0';
        }
    }
    q[j] = '\0';
    return q;
}

static const char *dupn(struct logread *lr, const char *s, size_t n)
{
    return arena_strndup(&lr->arena, s, n < LOG_QUOTE_MAX ? n : LOG_QUOTE_MAX);
}

/* Count one line that shows it; quote it if there is room.  1 on the first. */
static int hit(struct logread *lr, enum log_ev ev, const char *line, size_t n)
{
    struct log_event *e = &lr->facts.ev[ev];
    if (e->count && e->last_line == (long)lr->facts.lines)
        return 0;   /* another segment or window of the same line */
    if (e->count && lr->join_at && e->last_line >= (long)lr->facts.lines)
        return 0;   /* across a wrap (wrap_join): a part of the wrapped line showed it */
    e->count++;
    e->last_line = (long)lr->facts.lines;
    if (e->n_hits < LOG_MAX_HITS) {
        e->hits[e->n_hits].line = (long)lr->facts.lines;
        e->hits[e->n_hits].text = quote(lr, line, n);
        e->n_hits++;
    }
    return e->count == 1;
}

static void setval(struct logread *lr, struct log_value *v, const char *s, size_t sn,
                   const char *line, size_t n)
{
    if (v->v || !sn)
        return;
    v->v = dupn(lr, s, sn);
    v->line = (long)lr->facts.lines;
    v->text = quote(lr, line, n);
}

/*
 * A name that starts where a continuation of a hard-wrapped line starts,
 * inside a name the wrap cut (lr->cut_head, wrap_join), began on the line
 * before: *name becomes the whole name, in buf.  0 when it is too long for
 * buf (a run of name bytes that long is no library name), else 1.
 */
static int cut_whole(const struct logread *lr, const char **name, size_t *nn, char *buf, size_t cap)
{
    if (!lr->cut_head || *name != lr->cut_head || !lr->cut_len)
        return 1;
    if (lr->cut_len + *nn >= cap)
        return 0;
    memcpy(buf, lr->cut_name, lr->cut_len);
    memcpy(buf + lr->cut_len, *name, *nn);
    *nn += lr->cut_len;
    buf[*nn] = '\0';
    *name = buf;
    return 1;
}

static void add_lib(struct logread *lr, const char *name, size_t nn, const char *err, size_t en,
                    const char *via, int ok, const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    char whole[2 * LOGREAD_WRAP];
    size_t i;
    if (!nn || !cut_whole(lr, &name, &nn, whole, sizeof(whole)))
        return;
    for (i = 0; i < f->n_libs; i++)
        if (f->libs[i].ok == ok && strlen(f->libs[i].name) == nn &&
            !memcmp(f->libs[i].name, name, nn))
            return;
    if (f->n_libs >= LOG_MAX_LIBS)
        return;
    f->libs[f->n_libs].name = dupn(lr, name, nn);
    f->libs[f->n_libs].error = en ? dupn(lr, err, en) : NULL;
    f->libs[f->n_libs].via = via;
    f->libs[f->n_libs].ok = ok;
    f->libs[f->n_libs].line = (long)f->lines;
    f->libs[f->n_libs].text = quote(lr, line, n);
    f->n_libs++;
}

static void add_pkg(struct logread *lr, const char *name, size_t nn, const char *ver, size_t vn,
                    const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    char norm[64];
    size_t i;
    if (!nn || nn >= sizeof(norm) || !vn)
        return;
    for (i = 0; i < nn; i++)
        norm[i] = name[i] == '_' ? '-' : (char)lower((unsigned char)name[i]);
    norm[nn] = '\0';
    for (i = 0; i < f->n_pkgs; i++)
        if (!strcmp(f->pkgs[i].name, norm))
            return;
    if (f->n_pkgs >= LOG_MAX_PKGS)
        return;
    f->pkgs[f->n_pkgs].name = arena_strdup(&lr->arena, norm);
    f->pkgs[f->n_pkgs].version = dupn(lr, ver, vn);
    f->pkgs[f->n_pkgs].line = (long)f->lines;
    f->pkgs[f->n_pkgs].text = quote(lr, line, n);
    f->n_pkgs++;
}

static long num_at(const char *s, size_t n);
static size_t left(const char *line, size_t n, const char *p);

/* A bare number on a line that also names a CUDA runtime or driver error (by its name or
 * cudaGetErrorString's text) is that error's number: CUDA 10.1 renumbered cudaError_t
 * (cudaErrorInvalidDeviceFunction was 8, is 98), so the name decides, not the number.
 * Returns 1 when the error being added (api, nn 0: a bare number) is such a number; a name
 * drops the bare numbers its line gave before it. */
static int bare_number_named(struct logread *lr, const char *api, size_t nn)
{
    struct log_facts *f = &lr->facts;
    size_t i, k = 0;
    int code_api = !strcmp(api, "runtime") || !strcmp(api, "driver") || !strcmp(api, "cuda");
    if (!code_api)
        return 0;
    if (!nn)
        return lr->st.err_named_line == (long)f->lines;
    lr->st.err_named_line = (long)f->lines;
    for (i = 0; i < f->n_errs; i++)
        if (f->errs[i].name || f->errs[i].line != (long)f->lines ||
            !(!strcmp(f->errs[i].api, "runtime") || !strcmp(f->errs[i].api, "driver") || !strcmp(f->errs[i].api, "cuda")))
            f->errs[k++] = f->errs[i];
    f->n_errs = k;
    return 0;
}

/* An error code as the log prints it: api ("driver", "runtime", "nvml",
 * "cudnn", "cuda"), a name (nn 0: none) and/or a number (-1: none).  The
 * same code twice counts once; the knowledge base names them afterwards
 * (logread_name_errors). */
static void add_err(struct logread *lr, const char *api, const char *name, size_t nn, long number,
                    const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    size_t i;
    if (!nn && number < 0)
        return;
    hit(lr, LE_CUDA_ERROR, line, n);
    if (bare_number_named(lr, api, nn))
        return;
    for (i = 0; i < f->n_errs; i++) {
        const struct log_cuda_error *e = &f->errs[i];
        if (nn ? e->name && strlen(e->name) == nn && !memcmp(e->name, name, nn)
               : !e->name && e->number == number && !strcmp(e->api, api))
            return;
    }
    if (f->n_errs >= LOG_MAX_ERRS)
        return;
    f->errs[f->n_errs].api = api;
    f->errs[f->n_errs].name = nn ? dupn(lr, name, nn) : NULL;
    f->errs[f->n_errs].number = number;
    f->errs[f->n_errs].meaning = NULL;
    f->errs[f->n_errs].finding = NULL;
    f->errs[f->n_errs].line = (long)f->lines;
    f->errs[f->n_errs].text = quote(lr, line, n);
    f->n_errs++;
}

/* A bare number after the text: "CUDA error 34", "Cuda error(35)", "CUDA failure 100:" */
static void add_err_number(struct logread *lr, const char *api, const char *line, size_t n, const char *after)
{
    const char *p = after;
    size_t rn = left(line, n, after);
    while (rn && (*p == ' ' || *p == '(' || *p == ':' || *p == '=' || *p == '#')) {
        p++;
        rn--;
    }
    if (rn && is_digit(*p))
        add_err(lr, api, NULL, 0, num_at(p, rn), line, n);
}

/* ---- positions: every offset is computed, never counted by hand ---- */

/* Just past the first needle in (s, n), or NULL. */
static const char *find_after(const char *s, size_t n, const char *needle)
{
    const char *p = mfind(s, n, needle);
    return p ? p + strlen(needle) : NULL;
}

/* mfind / find_after on the current line, skipping the scan when the gram set rules it out. */
static const char *gmfind(const struct logread *lr, const char *line, size_t n, const char *needle)
{
    return grams_may(lr->grams, needle) ? mfind(line, n, needle) : NULL;
}

static const char *gfind_after(const struct logread *lr, const char *line, size_t n, const char *needle)
{
    return grams_may(lr->grams, needle) ? find_after(line, n, needle) : NULL;
}

/* Bytes from p to the end of the line (0 when p is outside it). */
static size_t left(const char *line, size_t n, const char *p)
{
    return p >= line && p <= line + n ? n - (size_t)(p - line) : 0;
}

/* Bytes from a to b, 0 when b is not after a (never a negative size). */
static size_t span(const char *a, const char *b)
{
    return b > a ? (size_t)(b - a) : 0;
}

/* The decimal number at s, reading at most n bytes (a line is not
 * NUL-terminated: strtol would read on into whatever follows it); -1 when s
 * does not start with a digit.  Saturates instead of overflowing. */
static long num_at(const char *s, size_t n)
{
    long v = 0;
    size_t i;
    if (!n || !is_digit(s[0]))
        return -1;
    for (i = 0; i < n && is_digit(s[i]); i++)
        v = v < 100000 ? v * 10 + (s[i] - '0') : 999999;
    return v;
}

/* ---- pip ---- */

/* Package names whose versions matter to a diagnosis (pip list/freeze/show). */
static int tracked_pkg(const char *s, size_t n)
{
    static const char *const prefixes[] = {
        "tensorflow", "tf-nightly", "tf_nightly", "torch", "jax", "onnxruntime", "cupy",
        "nvidia-", "nvidia_", "keras", "paddlepaddle", "xgboost", NULL
    };
    size_t i, k;
    if (n >= 10 && mfind_ci(s, 10, "nvidia-smi") == s)
        return 0;   /* nvidia-smi's header, not a package */
    for (i = 0; prefixes[i]; i++) {
        k = strlen(prefixes[i]);
        if (n >= k && mfind_ci(s, k, prefixes[i]) == s)
            return 1;
    }
    return 0;
}

static int name_char(char c)
{
    return is_alpha(c) || is_digit(c) || c == '-' || c == '_' || c == '.';
}

/*
 * A framework's conda package built without CUDA, from its build string: conda-forge names the
 * CPU build "cpu_py311h..." and the CUDA one "cuda120py311h..." / "cuda120_py311h..."
 * (conda-forge/jaxlib-feedstock recipe/recipe.yaml `build: string:`; tensorflow and pytorch
 * feedstocks alike).  Read from conda's plan ("conda-forge/linux-64::jaxlib-0.4.4-cpu_py311h7146453_1")
 * and from `conda list` rows ("jaxlib  0.4.4  cpu_py311h7146453_1  conda-forge").  Names:
 * jaxlib, pytorch, tensorflow, tensorflow-base.
 */
static int conda_fw_name(const char *s, size_t k)
{
    static const char *const names[] = { "jaxlib", "pytorch", "tensorflow", "tensorflow-base", NULL };
    size_t i;
    for (i = 0; names[i]; i++)
        if (k == strlen(names[i]) && !memcmp(s, names[i], k))
            return 1;
    return 0;
}

static void conda_cpu_build(struct logread *lr, const char *line, size_t n)
{
    const char *p, *t, *end = line + n;
    size_t tn, j, k;
    /* the plan: "channel/subdir::NAME-VERSION-BUILD" (the package and its version, too) */
    if ((p = gfind_after(lr, line, n, "::")) != NULL) {
        tn = token_len(p, left(line, n, p));
        for (j = tn; j > 0 && p[j - 1] != '-'; j--)
            ;
        for (k = j > 1 ? j - 1 : 0; k > 0 && p[k - 1] != '-'; k--)
            ;
        if (k > 1 && j > k + 1 && is_digit(p[k]) && tracked_pkg(p, k - 1))
            add_pkg(lr, p, k - 1, p + k, version_len(p + k, j - 1 - k), line, n);
        if (!lr->facts.conda_cpu.v && k > 1 && j + 4 <= tn && !memcmp(p + j, "cpu_", 4) &&
            conda_fw_name(p, k - 1))
            setval(lr, &lr->facts.conda_cpu, p, k - 1, line, n);
        return;
    }
    if (lr->facts.conda_cpu.v || !gmfind(lr, line, n, "cpu_"))
        return;
    /* conda list: NAME VERSION BUILD CHANNEL */
    t = line;
    while (t < end && is_space(*t))
        t++;
    for (k = 0; t + k < end && name_char(t[k]); k++)
        ;
    if (!k || !conda_fw_name(t, k))
        return;
    p = t + k;
    while (p < end && is_space(*p))
        p++;
    tn = version_len(p, (size_t)(end - p));
    if (!tn || p + tn >= end || !is_space(p[tn]))
        return;
    p += tn;
    while (p < end && is_space(*p))
        p++;
    if ((size_t)(end - p) >= 4 && !memcmp(p, "cpu_", 4))
        setval(lr, &lr->facts.conda_cpu, t, k, line, n);
}

static void match_pip(struct logread *lr, const char *line, size_t n)
{
    conda_cpu_build(lr, line, n);

    const char *s = line, *p;
    size_t sn = n, k, vn;

    skip_spaces(&s, &sn);
    /* pip freeze: name==version */
    for (k = 0; k < sn && name_char(s[k]); k++)
        ;
    if (k && k + 2 < sn && s[k] == '=' && s[k + 1] == '=' && tracked_pkg(s, k)) {
        vn = version_len(s + k + 2, sn - k - 2);
        add_pkg(lr, s, k, s + k + 2, vn, line, n);
        return;
    }
    /* pip list / conda list: name<spaces>version */
    if (k && k < sn && is_space(s[k]) && tracked_pkg(s, k)) {
        const char *v = s + k;
        size_t rn = sn - k;
        skip_spaces(&v, &rn);
        vn = version_len(v, rn);
        if (vn && (vn == rn || is_space(v[vn])))
            add_pkg(lr, s, k, v, vn, line, n);
        return;
    }
    /* pip show: "Name: X" then "Version: Y" */
    if ((p = find_after(s, sn, "Name: ")) == s + 6) {
        size_t nn = left(s, sn, p);
        if (nn < sizeof(lr->st.pip_show_name) && tracked_pkg(p, nn)) {
            memcpy(lr->st.pip_show_name, p, nn);
            lr->st.pip_show_name[nn] = '\0';
        } else {
            lr->st.pip_show_name[0] = '\0';
        }
        return;
    }
    if (mstarts(s, sn, "Version: ") && lr->st.pip_show_name[0]) {
        p = find_after(s, sn, "Version: ");
        vn = version_len(p, left(s, sn, p));
        add_pkg(lr, lr->st.pip_show_name, strlen(lr->st.pip_show_name), p, vn, line, n);
        lr->st.pip_show_name[0] = '\0';
        return;
    }
    /* pip install: "Successfully installed a-1.0 b-2.0" */
    if ((p = find_after(s, sn, "Successfully installed ")) != NULL) {
        const char *t = p, *end = s + sn;
        while (t < end) {
            size_t tn = token_len(t, (size_t)(end - t)), j;
            for (j = tn; j > 0; j--)
                if (t[j - 1] == '-' && j < tn && is_digit(t[j]))
                    break;
            if (j > 1 && tracked_pkg(t, j - 1))
                add_pkg(lr, t, j - 1, t + j, version_len(t + j, tn - j), line, n);
            t += tn;
            while (t < end && is_space(*t))
                t++;
            if (!tn)
                break;
        }
    }
}

/* ---- nvidia-smi ---- */

/* A version after "label:" in the smi header. */
static void smi_value(struct logread *lr, struct log_value *v, const char *line, size_t n,
                      const char *label)
{
    const char *p = find_after(line, n, label);
    size_t rn;
    if (!p)
        return;
    rn = left(line, n, p);
    skip_spaces(&p, &rn);
    setval(lr, v, p, version_len(p, rn), line, n);
}

/* nvidia-smi's header row and the GPU rows below it. */
static void match_smi(struct logread *lr, const char *line, size_t n)
{
    /*
     * Header (nvidia-smi, NVIDIA driver utility; formats in
     * ../shared/knowledge/nvidia.md section 2): "NVIDIA-SMI 535.104.05
     * Driver Version: 535.104.05   CUDA Version: 12.2" (R410-R595) or
     * "KMD Version: ... CUDA UMD Version: 13.3" (R610+).
     */
    if (mfind(line, n, "NVIDIA-SMI ")) {
        if (mfind(line, n, "Driver Version:") || mfind(line, n, "KMD Version:")) {
            smi_value(lr, &lr->facts.driver_version, line, n,
                      mfind(line, n, "Driver Version:") ? "Driver Version:" : "KMD Version:");
            lr->st.smi_header_line = (long)lr->facts.lines;
            lr->st.smi_rows = 0;
        }
        smi_value(lr, &lr->facts.driver_cuda, line, n,
                  mfind(line, n, "CUDA UMD Version:") ? "CUDA UMD Version:" : "CUDA Version:");
        return;
    }
    /* A GPU row: "|   0  NVIDIA GeForce RTX 4090   On  | ..." */
    if (lr->st.smi_header_line && (long)lr->facts.lines - lr->st.smi_header_line <= 8 &&
        n > 4 && line[0] == '|') {
        const char *s = line + 1;
        size_t sn = n - 1, k = 0, e;
        skip_spaces(&s, &sn);
        while (k < sn && is_digit(s[k]))
            k++;
        if (!k || k >= sn || !is_space(s[k]))
            return;
        s += k;
        sn -= k;
        skip_spaces(&s, &sn);
        for (e = 0; e < sn && s[e] != '|' && !(e + 1 < sn && s[e] == ' ' && s[e + 1] == ' '); e++)
            ;
        while (e && is_space(s[e - 1]))
            e--;
        if (e > 3 && !memcmp(s + e - 3, " On", 3))
            e -= 3;
        else if (e > 4 && !memcmp(s + e - 4, " Off", 4))
            e -= 4;
        if (e > 3 && is_alpha(s[0])) {
            setval(lr, &lr->facts.gpu_name, s, e, line, n);
            lr->st.smi_rows++;
        }
    }
}

/* ---- capture helpers for the table ---- */

/* The library name just before ": cannot open shared object file" (at). */
static void so_not_found(struct logread *lr, const char *line, size_t n, const char *at,
                         const char *via)
{
    const char *b = at, *err = find_after(at, left(line, n, at), ": ");
    while (b > line && !is_space(b[-1]) && b[-1] != '\'' && b[-1] != '"' && b[-1] != '(' &&
           b[-1] != ':' && b[-1] != '/' && b[-1] != '\\')
        b--;
    add_lib(lr, b, span(b, at), err, err ? left(line, n, err) : 0, via, 0, line, n);
}

/* Convert "sm_86" / "sm_120" into "8.6" / "12.0" for gpu_cc. */
static void set_cc_from_sm(struct logread *lr, const char *sm, size_t sn, const char *line, size_t n)
{
    char cc[8];
    size_t d = 0;
    while (d < sn && is_digit(sm[d]))
        d++;
    if (d < 2 || d > 3)
        return;
    memcpy(cc, sm, d - 1);
    cc[d - 1] = '.';
    cc[d] = sm[d - 1];
    setval(lr, &lr->facts.gpu_cc, cc, d + 1, line, n);
}

/* The version right after `after` into the family's slot a/b/c (first occurrence only). */
static const char *version_at(struct logread *lr, const char *line, size_t n, const char *at)
{
    size_t vn = version_len(at, left(line, n, at));
    return vn ? dupn(lr, at, vn) : NULL;
}

static struct log_event *ev_of(struct logread *lr, enum log_ev ev)
{
    return &lr->facts.ev[ev];
}

/* ---- the table's take() functions: one per row that captures ---- */

static void take_tf_dlopen(struct logread *lr, const char *line, size_t n, const char *at,
                           const char *after)
{
    struct log_facts *f = &lr->facts;
    const char *name = after, *e, *err = NULL, *ld;
    size_t en = 0;
    (void)at;
    e = memchr(name, '\'', left(line, n, name));
    if (!e)
        return;
    if ((err = find_after(e, left(line, n, e), "dlerror: ")) != NULL) {
        en = left(line, n, err);
        if ((ld = mfind(err, en, "; LD_LIBRARY_PATH: ")) != NULL) {
            const char *v = find_after(ld, left(line, n, ld), "; LD_LIBRARY_PATH: ");
            setval(lr, &f->ld_library_path, v, left(line, n, v), line, n);
            en = span(err, ld);
        }
    }
    if (!ev_of(lr, LE_TF_DLOPEN_FAIL)->a)
        ev_of(lr, LE_TF_DLOPEN_FAIL)->a = dupn(lr, name, span(name, e));
    add_lib(lr, name, span(name, e), err, en, "tensorflow", 0, line, n);
}

static void take_tf_dlopen_ok(struct logread *lr, const char *line, size_t n, const char *at,
                              const char *after)
{
    (void)at;
    add_lib(lr, after, token_len(after, left(line, n, after)), NULL, 0, "tensorflow", 1, line, n);
}

static void take_cudnn_mismatch(struct logread *lr, const char *line, size_t n, const char *at,
                                const char *after)
{
    struct log_event *e = ev_of(lr, LE_CUDNN_MISMATCH);
    const char *q = find_after(after, left(line, n, after), "compiled with: ");
    (void)at;
    if (e->a)
        return;
    e->a = version_at(lr, line, n, after);
    if (q)
        e->b = version_at(lr, line, n, q);
}

static void take_ptx_jit(struct logread *lr, const char *line, size_t n, const char *at,
                         const char *after)
{
    struct log_event *e = ev_of(lr, LE_TF_PTX_JIT);
    (void)at;
    if (!e->a)
        e->a = version_at(lr, line, n, after);
    setval(lr, &lr->facts.gpu_cc, after, version_len(after, left(line, n, after)), line, n);
}

static void take_tf_ignoring(struct logread *lr, const char *line, size_t n, const char *at,
                             const char *after)
{
    struct log_event *e = ev_of(lr, LE_TF_IGNORING_GPU);
    const char *q;
    (void)at;
    (void)after;
    if ((q = find_after(line, n, "name: ")) != NULL) {
        const char *c = memchr(q, ',', left(line, n, q));
        if (c)
            setval(lr, &lr->facts.gpu_name, q, span(q, c), line, n);
    }
    if ((q = find_after(line, n, "with Cuda compute capability ")) != NULL ||
        (q = find_after(line, n, "compute capability: ")) != NULL) {
        if (!e->a)
            e->a = version_at(lr, line, n, q);
        setval(lr, &lr->facts.gpu_cc, q, version_len(q, left(line, n, q)), line, n);
    }
    if (!e->b && (q = find_after(line, n, "minimum required Cuda capability is ")) != NULL)
        e->b = version_at(lr, line, n, q);
}

static void take_tf_self_check(struct logread *lr, const char *line, size_t n, const char *at,
                               const char *after)
{
    const char *e = memchr(after, '\'', left(line, n, after));
    (void)at;
    if (e)
        add_lib(lr, after, span(after, e), NULL, 0, "tensorflow", 0, line, n);
}

/* "kernel version 470.57.2 does not match DSO version 510.47.3 -- cannot find working devices" */
static void take_dso_mismatch(struct logread *lr, const char *line, size_t n, const char *at,
                              const char *after)
{
    struct log_event *e = ev_of(lr, LE_DSO_MISMATCH);
    const char *k = find_after(line, span(line, at), "kernel version ");
    if (e->a)
        return;
    if (k)
        e->a = version_at(lr, line, n, k);
    e->b = version_at(lr, line, n, after);
}

/*
 * TensorFlow's cuda_diagnostics prints the user-space driver ("libcuda
 * reported version is: 384.111.0") and the kernel module ("kernel reported
 * version is: 384.90.0") on two lines before its verdict, which a paste may
 * cut or wrap: two versions that differ are the DSO mismatch, counted on the
 * second line.
 */
static void take_diag_version(struct logread *lr, const char *line, size_t n, const char *at,
                              const char *after)
{
    struct log_event *e = ev_of(lr, LE_DSO_MISMATCH);
    const char *v = version_at(lr, line, n, after);
    int kmod = mfind(line, span(line, at) + 6, "kernel") != NULL;
    if (!v || e->count)
        return;
    if (kmod && !lr->st.kmod_version)
        lr->st.kmod_version = v;
    else if (!kmod && !lr->st.dso_version)
        lr->st.dso_version = v;
    if (lr->st.kmod_version && lr->st.dso_version && strcmp(lr->st.kmod_version, lr->st.dso_version)) {
        hit(lr, LE_DSO_MISMATCH, line, n);
        e->a = lr->st.kmod_version;
        e->b = lr->st.dso_version;
    }
}

/* "NVRM: API mismatch: the client has the version 550.54.14, but" [\n "NVRM:] this kernel module has
 * the version 535.104.05.  Please" (one line, or two in dmesg) */
static void take_nvrm_client(struct logread *lr, const char *line, size_t n, const char *at,
                             const char *after)
{
    struct log_event *e = ev_of(lr, LE_NVRM_API_MISMATCH);
    const char *k = find_after(after, left(line, n, after), "kernel module has the version ");
    (void)at;
    if (e->a)
        return;
    e->a = version_at(lr, line, n, after);
    if (k)
        e->b = version_at(lr, line, n, k);
}

static void take_nvrm_kernel(struct logread *lr, const char *line, size_t n, const char *at,
                             const char *after)
{
    struct log_event *e = ev_of(lr, LE_NVRM_API_MISMATCH);
    (void)at;
    if (e->a && !e->b)
        e->b = version_at(lr, line, n, after);
}

/* lspci: "01:00.0 VGA compatible controller: NVIDIA Corporation AD102 [GeForce RTX 4090] (rev a1)" */
static void take_lspci(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    const char *b = memchr(after, '[', left(line, n, after)), *e;
    (void)at;
    if (b && (e = memchr(b, ']', left(line, n, b))) != NULL && e > b + 1)
        setval(lr, &lr->facts.gpu_name, b + 1, span(b + 1, e), line, n);
    else
        setval(lr, &lr->facts.gpu_name, after, token_len(after, left(line, n, after)), line, n);
    setval(lr, &lr->facts.pci_gpu, "lspci", 5, line, n);
}

static void take_torch_driver_old(struct logread *lr, const char *line, size_t n, const char *at,
                                  const char *after)
{
    size_t k = 0, rn = left(line, n, after);
    (void)at;
    while (k < rn && is_digit(after[k]))
        k++;
    if (!ev_of(lr, LE_DRIVER_TOO_OLD)->a && k)
        ev_of(lr, LE_DRIVER_TOO_OLD)->a = dupn(lr, after, k);
}

static void take_sm_incompatible(struct logread *lr, const char *line, size_t n, const char *at,
                                 const char *after)
{
    const char *b = line, *q;
    size_t bn = span(line, at), sn = token_len(after, left(line, n, after));
    if ((q = find_after(b, bn, "UserWarning: ")) != NULL) {
        bn = span(q, at);
        b = q;
    }
    skip_spaces(&b, &bn);
    if (!ev_of(lr, LE_SM_INCOMPATIBLE)->a) {
        char sm[16];
        snprintf(sm, sizeof(sm), "sm_%.*s", (int)(sn < 8 ? sn : 8), after);
        ev_of(lr, LE_SM_INCOMPATIBLE)->a = arena_strdup(&lr->arena, sm);
    }
    setval(lr, &lr->facts.gpu_name, b, bn, line, n);
    set_cc_from_sm(lr, after, sn, line, n);
}

static void take_sm_supported(struct logread *lr, const char *line, size_t n, const char *at,
                              const char *after)
{
    struct log_event *e = ev_of(lr, LE_SM_INCOMPATIBLE);
    size_t rn = left(line, n, after);
    (void)at;
    if (rn && after[rn - 1] == '.')
        rn--;
    if (!e->b)
        e->b = dupn(lr, after, rn);
}

static void take_gpu_too_old(struct logread *lr, const char *line, size_t n, const char *at,
                             const char *after)
{
    const char *g;
    size_t vn = version_len(after, left(line, n, after));
    if (!ev_of(lr, LE_GPU_TOO_OLD)->a)
        ev_of(lr, LE_GPU_TOO_OLD)->a = dupn(lr, after, vn);
    setval(lr, &lr->facts.gpu_cc, after, vn, line, n);
    if ((g = find_after(line, span(line, at), "Found GPU")) != NULL) {
        while (g < at && is_digit(*g))
            g++;
        while (g < at && *g == ' ')
            g++;
        setval(lr, &lr->facts.gpu_name, g, span(g, at), line, n);
    }
}

/* vLLM's dtype check: "Bfloat16 is only supported on GPUs with compute capability of at
 * least 8.0. Your Tesla V100-SXM2-32GB GPU has compute capability 7.0." (at: "GPU has
 * compute capability "): the GPU's compute capability and its name. */
static void take_gpu_cc_has(struct logread *lr, const char *line, size_t n, const char *at,
                            const char *after)
{
    const char *g, *e = at;
    size_t vn = version_len(after, left(line, n, after));
    if (!vn)
        return;
    if (!ev_of(lr, LE_GPU_TOO_OLD)->a)
        ev_of(lr, LE_GPU_TOO_OLD)->a = dupn(lr, after, vn);
    setval(lr, &lr->facts.gpu_cc, after, vn, line, n);
    if ((g = find_after(line, span(line, at), "Your ")) != NULL) {
        while (e > g && e[-1] == ' ')
            e--;
        if (e > g)
            setval(lr, &lr->facts.gpu_name, g, span(g, e), line, n);
    }
}

/* vLLM's build check: "GPUs with compute capability below 7.0 are not supported." (after:
 * the floor): the GPU is below it, which is what the family keeps ("below 7.0"). */
static void take_gpu_cc_below(struct logread *lr, const char *line, size_t n, const char *at,
                              const char *after)
{
    static const char below[] = "below ";
    size_t vn = version_len(after, left(line, n, after));
    (void)at;
    if (vn && !ev_of(lr, LE_GPU_TOO_OLD)->a)
        ev_of(lr, LE_GPU_TOO_OLD)->a = dupn(lr, after - strlen(below), strlen(below) + vn);
}

static void take_err_name(struct logread *lr, const char *line, size_t n, const char *name);

/* cudaGetErrorString's text of cudaErrorInvalidDeviceFunction without its name or with a
 * number of CUDA 10.0's numbering (THC's "cuda runtime error (8) : invalid device function"). */
static void take_invalid_device_function(struct logread *lr, const char *line, size_t n, const char *at,
                                         const char *after)
{
    (void)at;
    (void)after;
    take_err_name(lr, line, n, "cudaErrorInvalidDeviceFunction");
}

static void take_cuda_init(struct logread *lr, const char *line, size_t n, const char *at,
                           const char *after)
{
    const char *e, *q;
    size_t mn = left(line, n, after);
    (void)at;
    if ((e = mfind(after, mn, " (Triggered internally")) != NULL)
        mn = span(after, e);
    if (!ev_of(lr, LE_CUDA_INIT_WARNING)->a)
        ev_of(lr, LE_CUDA_INIT_WARNING)->a = dupn(lr, after, mn);
    if ((q = find_after(after, mn, "Error ")) != NULL && q < after + mn && is_digit(*q)) {
        add_err(lr, "runtime", NULL, 0, num_at(q, mn - span(after, q)), line, n);
    }
}

static void take_win_dll(struct logread *lr, const char *line, size_t n, const char *at,
                         const char *after)
{
    const char *e = memchr(after, '"', left(line, n, after)), *b;
    (void)at;
    if (!e)
        return;
    for (b = e; b > after && b[-1] != '\\' && b[-1] != '/'; b--)
        ;
    if (!ev_of(lr, LE_WIN_DLL_LOAD)->a)
        ev_of(lr, LE_WIN_DLL_LOAD)->a = dupn(lr, after, span(after, e));
    add_lib(lr, b, span(b, e), "a dependency of this DLL is missing (WinError 126)", 51, "torch", 0,
            line, n);
}

/* torch/__init__.py _preload_cuda_deps: ValueError: libnvrtc.so.*[0-9] not found in the system path [...] */
static void take_torch_preload(struct logread *lr, const char *line, size_t n, const char *at,
                               const char *after)
{
    const char *b = at;
    (void)after;
    (void)n;
    while (b > line && !is_space(b[-1]) && b[-1] != ':' && b[-1] != '\'' && b[-1] != '"')
        b--;
    if (span(b, at) && !ev_of(lr, LE_TORCH_PRELOAD)->a)
        ev_of(lr, LE_TORCH_PRELOAD)->a = dupn(lr, b, span(b, at));
}

/* "The detected CUDA version (12.1) mismatches the version that was used to compile PyTorch (11.8)" */
static void take_ext_cuda(struct logread *lr, const char *line, size_t n, const char *at,
                          const char *after)
{
    struct log_event *e = ev_of(lr, LE_EXT_CUDA_MISMATCH);
    const char *q = find_after(after, left(line, n, after), "compile PyTorch (");
    (void)at;
    if (e->a)
        return;
    e->a = version_at(lr, line, n, after);
    if (q)
        e->b = version_at(lr, line, n, q);
}

/* nvrtc "--gpu-architecture (-arch)", nvcc "Unsupported gpu architecture 'compute_89'",
   ptxas "Value 'sm_89' is not defined for option 'gpu-name'" */
static void take_compiler_arch(struct logread *lr, const char *line, size_t n, const char *at,
                               const char *after)
{
    struct log_event *e = ev_of(lr, LE_COMPILER_ARCH);
    const char *q = find_after(line, n, "'sm_");
    (void)at;
    (void)after;
    if (!q)
        q = find_after(line, n, "'compute_");
    if (q && !e->a) {
        size_t k = 0, rn = left(line, n, q);
        while (k < rn && is_digit(q[k]))
            k++;
        if (k) {
            char sm[16];
            snprintf(sm, sizeof(sm), "sm_%.*s", (int)(k < 8 ? k : 8), q);
            e->a = arena_strdup(&lr->arena, sm);
        }
    }
}

static void take_jax_low(struct logread *lr, const char *line, size_t n, const char *at,
                         const char *after)
{
    /* "Found cuDNN version 8600, but JAX was built against version 8904, which is newer." */
    struct log_event *e = ev_of(lr, LE_JAX_VERSION_LOW);
    const char *f = find_after(line, span(line, at), "Found "), *ver;
    if (!f || e->a)
        return;
    ver = mfind(f, span(f, at), " version ");
    if (!ver)
        return;
    e->a = dupn(lr, f, span(f, ver));
    ver = find_after(ver, span(ver, at), " version ");
    e->b = dupn(lr, ver, version_len(ver, span(ver, at)));
    e->c = version_at(lr, line, n, after);
}

static void take_jax_outdated(struct logread *lr, const char *line, size_t n, const char *at,
                              const char *after)
{
    /* "Outdated cuDNN installation found." then the versions on the next lines */
    const char *q = mfind(after, left(line, n, after), " installation found");
    (void)at;
    if (q && !ev_of(lr, LE_JAX_OUTDATED)->a)
        ev_of(lr, LE_JAX_OUTDATED)->a = dupn(lr, after, span(after, q));
    lr->st.jax_outdated = 1;
}

static void take_jax_backend(struct logread *lr, const char *line, size_t n, const char *at,
                             const char *after)
{
    const char *why = memchr(after, ':', left(line, n, after));
    (void)at;
    if (why && !ev_of(lr, LE_JAX_BACKEND_FAIL)->a)
        ev_of(lr, LE_JAX_BACKEND_FAIL)->a = dupn(lr, why + 1, left(line, n, why + 1));
}

static void take_jax_plugin(struct logread *lr, const char *line, size_t n, const char *at,
                            const char *after)
{
    /* "JAX plugin jax_cuda12_plugin version 0.7.2 is installed, but it is not compatible with the
       installed jaxlib version 0.7.1, so it will not be used." */
    struct log_event *e = ev_of(lr, LE_JAX_PLUGIN_MISMATCH);
    const char *q = find_after(line, n, "not compatible with the installed jaxlib version ");
    const char *is = mfind(after, left(line, n, after), " is installed");
    (void)at;
    if (e->a)
        return;
    e->a = dupn(lr, after, is ? span(after, is) : 0);
    if (q)
        e->b = version_at(lr, line, n, q);
}

static void take_ort_lib(struct logread *lr, const char *line, size_t n, const char *at,
                         const char *after)
{
    const char *q = find_after(line, n, "with error: ");
    (void)after;
    if (q && !ev_of(lr, LE_ORT_PROVIDER_FAIL)->a)
        ev_of(lr, LE_ORT_PROVIDER_FAIL)->a = dupn(lr, q, left(line, n, q));
    if ((q = mfind(at, left(line, n, at), ": cannot open shared object file")) != NULL)
        so_not_found(lr, line, n, q, "onnxruntime");
}

static void take_ort_126(struct logread *lr, const char *line, size_t n, const char *at,
                         const char *after)
{
    static const char err[] = "error 126: a DLL it depends on (CUDA, cuDNN or the MSVC runtime) was not found";
    static const char dll[] = "onnxruntime_providers_cuda.dll";
    (void)at;
    (void)after;
    add_lib(lr, dll, strlen(dll), err, strlen(err), "onnxruntime", 0, line, n);
}

static void take_ort_depends(struct logread *lr, const char *line, size_t n, const char *at,
                             const char *after)
{
    static const char err[] = "missing (needed by onnxruntime_providers_cuda.dll)";
    const char *e = memchr(after, '"', left(line, n, after));
    (void)at;
    if (e)
        add_lib(lr, after, span(after, e), err, strlen(err), "onnxruntime", 0, line, n);
}

static void take_ort_ep(struct logread *lr, const char *line, size_t n, const char *at,
                        const char *after)
{
    /* "Failed to create CUDAExecutionProvider. Require cuDNN 9.* and CUDA 12.*, and ..." */
    struct log_event *e = ev_of(lr, LE_ORT_EP_FAIL);
    const char *r = find_after(after, left(line, n, after), "Require "), *q;
    size_t rn;
    (void)at;
    if (!r || e->a)
        return;
    rn = left(line, n, r);
    if ((q = mfind(r, rn, ", and")) != NULL || (q = mfind(r, rn, ". ")) != NULL)
        rn = span(r, q);
    if (rn && r[rn - 1] == '.')
        rn--;
    e->a = dupn(lr, r, rn);
}

/* A name printed in capitals after its prefix: CUresult "CUDA_ERROR_NO_DEVICE" (cuda.h),
 * nvmlReturn_t "NVML_ERROR_LIB_RM_VERSION_MISMATCH" (nvml.h), cudnnStatus_t
 * "CUDNN_STATUS_NOT_INITIALIZED" (cudnn_graph.h).  The table matched without
 * case: only the capital spelling is the enum's. */
static void take_caps_name(struct logread *lr, const char *api, const char *prefix, const char *line, size_t n,
                           const char *at, const char *after)
{
    const char *e = after, *end = line + n;
    if (memcmp(at, prefix, strlen(prefix)) || e >= end || !(*e >= 'A' && *e <= 'Z'))
        return;
    while (e < end && ((*e >= 'A' && *e <= 'Z') || *e == '_' || is_digit(*e)))
        e++;
    if (e - after == 7 && !memcmp(after, "SUCCESS", 7))
        return;
    add_err(lr, api, at, span(at, e), -1, line, n);
}

static void take_cu_error(struct logread *lr, const char *line, size_t n, const char *at,
                          const char *after)
{
    /* "failed call to cuInit: CUDA_ERROR_NO_DEVICE: ..." */
    take_caps_name(lr, "driver", "CUDA_ERROR_", line, n, at, after);
}

static void take_nvml_error(struct logread *lr, const char *line, size_t n, const char *at,
                            const char *after)
{
    take_caps_name(lr, "nvml", "NVML_ERROR_", line, n, at, after);
}

static void take_cudnn_status(struct logread *lr, const char *line, size_t n, const char *at,
                              const char *after)
{
    /* TF "cuDNN launch failure ... CUDNN_STATUS_...", ORT "CUDNN failure 4: CUDNN_STATUS_..." */
    take_caps_name(lr, "cudnn", "CUDNN_STATUS_", line, n, at, after);
}

static void take_cuda_error_name(struct logread *lr, const char *line, size_t n, const char *at,
                                 const char *after)
{
    /* cudaError_t names (driver_types.h): CuPy's "CUDARuntimeError: cudaErrorInsufficientDriver" */
    const char *e = after, *end = line + n;
    if (memcmp(at, "cudaError", 9) || e >= end || !(*e >= 'A' && *e <= 'Z'))
        return;
    while (e < end && (is_alpha(*e) || is_digit(*e)))
        e++;
    add_err(lr, "runtime", at, span(at, e), -1, line, n);
}

static void take_nvml_blocked(struct logread *lr, const char *line, size_t n, const char *at,
                              const char *after)
{
    static const char nm[] = "NVML_ERROR_OPERATING_SYSTEM";
    (void)at;
    (void)after;
    add_err(lr, "nvml", nm, strlen(nm), -1, line, n);
}

static void take_cuda_runtime_error(struct logread *lr, const char *line, size_t n, const char *at,
                                    const char *after)
{
    /* Old torch (THC): "cuda runtime error (35) : CUDA driver version is insufficient ..." */
    (void)at;
    add_err_number(lr, "runtime", line, n, after);
}

/* "CUDA error 34" (Warp: a CUresult), "Cuda error(35)" (Paddle: a cudaError_t), "CUDA error:
 * 100": which API the number is from is not said, so it is looked up as either. */
static void take_cuda_error_number(struct logread *lr, const char *line, size_t n, const char *at,
                                   const char *after)
{
    /* every occurrence: "Warp CUDA error: Failed to get ... (CUDA error 34)" */
    char text[32];
    size_t k = span(at, after), j;
    int i;
    if (k >= sizeof(text))
        return;
    for (j = 0; j < k; j++)
        text[j] = (char)lower((unsigned char)at[j]);
    text[k] = '\0';
    for (i = 0; i < 4 && at; i++) {
        add_err_number(lr, "cuda", line, n, at + k);
        at = mfind_ci(at + k, left(line, n, at + k), text);
    }
}

static void take_nvcc(struct logread *lr, const char *line, size_t n, const char *at,
                      const char *after)
{
    (void)at;
    setval(lr, &lr->facts.nvcc_version, after, version_len(after, left(line, n, after)), line, n);
    setval(lr, &lr->facts.cuda_version, after, version_len(after, left(line, n, after)), line, n);
}

static void take_so_missing(struct logread *lr, const char *line, size_t n, const char *at,
                            const char *after)
{
    (void)after;
    /* NCCL dlopens its optional external net plugin and falls back to its own (src/net.cc):
       "NET/Plugin : dlerror=libnccl-net.so: cannot open ... No plugin found" needs nothing */
    if (mfind(line, n, "NET/Plugin") && mfind(line, n, "libnccl-net"))
        return;
    so_not_found(lr, line, n, at, "loader");
}

/*
 * Python's ImportError for an extension module whose dlopen failed carries
 * dlerror's text, which begins with the missing file's name (Python's
 * Python/dynload_shlib.c: PyErr_SetImportError with dlerror()): "ImportError:
 * libcublas.so.9.0: cannot open shared object file" is read by the loader's
 * row; a paste that cut the line after the name ("ImportError:
 * libcublas.so.9.0" ending a title) names the same failure.  Only a
 * versioned shared object's name that ends the line (at: after "ImportError: ").
 */
static void take_import_so(struct logread *lr, const char *line, size_t n, const char *at,
                           const char *after)
{
    static const char err[] = "(ImportError; the loader's text not in the log)";
    const char *e = at + strlen("ImportError: ");
    size_t k;
    (void)after;
    k = token_len(e, left(line, n, e));
    if (k < 8 || memcmp(e, "lib", 3) || !mfind(e, k, ".so.") || !is_digit(e[k - 1]))
        return;
    if (e + k != line + n) {
        const char *t = e + k;
        while (t < line + n && is_space(*t))
            t++;
        if (t != line + n)
            return;   /* more text after the name: the loader's row reads what it says */
    }
    (void)hit(lr, LE_SO_NOT_FOUND, line, n);
    add_lib(lr, e, k, err, strlen(err), "loader", 0, line, n);
}

/* ldd's answer for a library the loader cannot find: "\tlibcudart.so.10.0 => not found" (at: " =>") */
static void take_ldd_missing(struct logread *lr, const char *line, size_t n, const char *at,
                             const char *after)
{
    static const char err[] = "not found (ldd)";
    const char *b = at;
    (void)after;
    while (b > line && !is_space(b[-1]))
        b--;
    if (span(b, at) < 6 || !mfind(b, span(b, at), ".so"))
        return;   /* ldd lists shared objects only: "lib*.so*", "ld-linux-x86-64.so.2" */
    add_lib(lr, b, span(b, at), err, strlen(err), "loader", 0, line, n);
}

static void take_undefined_symbol(struct logread *lr, const char *line, size_t n, const char *at,
                                  const char *after)
{
    /* glibc: "undefined symbol: S, version libcudnn_cnn_infer.so.8" */
    struct log_event *e = ev_of(lr, LE_UNDEFINED_SYMBOL);
    const char *v = mfind(after, left(line, n, after), ", version ");
    (void)at;
    if (e->b)
        return;
    e->b = dupn(lr, after, v ? span(after, v) : token_len(after, left(line, n, after)));
    if (v) {
        v = find_after(v, left(line, n, v), ", version ");
        e->a = dupn(lr, v, token_len(v, left(line, n, v)));
    }
}

/* glibc: "symbol cublasLtGetStatusString version libcublasLt.so.11 not defined in file libcublasLt.so.11
   with link time reference" */
static void take_symbol_version(struct logread *lr, const char *line, size_t n, const char *at,
                                const char *after)
{
    struct log_event *e = ev_of(lr, LE_UNDEFINED_SYMBOL);
    const char *sym = find_after(line, span(line, at), "symbol "), *v;
    (void)after;
    (void)n;
    if (e->b || !sym)
        return;
    v = mfind(sym, span(sym, at), " version ");
    e->b = dupn(lr, sym, v ? span(sym, v) : token_len(sym, span(sym, at)));
    if (v) {
        v = find_after(v, span(v, at), " version ");
        if (v)
            e->a = dupn(lr, v, token_len(v, span(v, at)));
    }
}

/* Paddle: "Failed to find dynamic library: libcudnn.so ( libcudnn.so: cannot open shared object file ...)" */
static void take_paddle_lib(struct logread *lr, const char *line, size_t n, const char *at,
                            const char *after)
{
    size_t k = token_len(after, left(line, n, after));
    (void)at;
    add_lib(lr, after, k, "not found (PaddlePaddle looks on LD_LIBRARY_PATH)", 48, "paddle", 0, line, n);
}

static void take_paddle_cudnn(struct logread *lr, const char *line, size_t n, const char *at,
                              const char *after)
{
    static const char lib[] = "libcudnn.so";
    static const char err[] = "not loadable (PaddlePaddle looks on LD_LIBRARY_PATH)";
    (void)at;
    (void)after;
    add_lib(lr, lib, strlen(lib), err, strlen(err), "paddle", 0, line, n);
}

/* cuDNN 8: "Could not load library cudnn_cnn_infer64_8.dll. Error code 126" and
   "Could not load library libcudnn_cnn_infer.so.8. Error: libnvrtc.so: cannot open ..." */
static void take_cuda_lib_load(struct logread *lr, const char *line, size_t n, const char *at,
                               const char *after)
{
    size_t k = token_len(after, left(line, n, after));
    const char *err = find_after(after, left(line, n, after), "Error");
    (void)at;
    if (mfind(line, n, "undefined symbol"))
        return;   /* the library loaded but is the wrong copy: the undefined-symbol row says so */
    while (k && after[k - 1] == '.')
        k--;
    /* "Could not load library libcudnn_cnn_infer.so.8. Error: libcuda.so: cannot open shared
       object file": the named missing file decides (the loader row records it); the cuDNN
       sub-library itself was found */
    if (err) {
        const char *e = err, *c;
        size_t en = left(line, n, err);
        while (en && (*e == ':' || *e == ' '))
            e++, en--;
        c = mfind(e, en, ": cannot open shared object file");
        if (c && (span(e, c) != k || memcmp(e, after, k)))
            return;
    }
    add_lib(lr, after, k, err, err ? left(line, n, err) : 0, "cudnn", 0, line, n);
}

static void take_zlibwapi(struct logread *lr, const char *line, size_t n, const char *at,
                          const char *after)
{
    static const char dll[] = "zlibwapi.dll";
    static const char err[] = "a dependency of cuDNN 8.3+ on Windows, not found on PATH";
    (void)at;
    (void)after;
    add_lib(lr, dll, strlen(dll), err, strlen(err), "cudnn", 0, line, n);
}

/* "No module named 'torch'": which module */
static void take_module(struct logread *lr, const char *line, size_t n, const char *at,
                        const char *after)
{
    const char *e = memchr(after, '\'', left(line, n, after));
    (void)at;
    if (e && !ev_of(lr, LE_MODULE_MISSING)->a)
        ev_of(lr, LE_MODULE_MISSING)->a = dupn(lr, after, span(after, e));
}

/* Framework version prints: "TensorFlow version: 2.10.0", "tf.__version__ 2.10.0". */
static void take_tf_version(struct logread *lr, const char *line, size_t n, const char *at,
                            const char *after)
{
    const char *v = after;
    size_t rn = left(line, n, after);
    (void)at;
    while (rn && !is_digit(*v) && span(after, v) < 8) {
        v++;
        rn--;
    }
    if (rn && is_digit(*v))
        setval(lr, &lr->facts.tf_version, v, version_len(v, rn), line, n);
}

/* A version right after the text (collect_env and friends). */
#define TAKE_VALUE(fn, field, lenfn)                                                          \
    static void fn(struct logread *lr, const char *line, size_t n, const char *at,            \
                   const char *after)                                                         \
    {                                                                                         \
        const char *v = after;                                                                \
        size_t rn = left(line, n, after);                                                     \
        (void)at;                                                                             \
        skip_spaces(&v, &rn);                                                                 \
        setval(lr, &lr->facts.field, v, lenfn(v, rn), line, n);                               \
    }
TAKE_VALUE(take_torch_version, torch_version, version_len)
TAKE_VALUE(take_torch_cuda, torch_cuda, version_len)
TAKE_VALUE(take_driver_version, driver_version, version_len)
TAKE_VALUE(take_cudnn_version, cudnn_version, version_len)
TAKE_VALUE(take_python_version, python_version, version_len)
TAKE_VALUE(take_cuda_version, cuda_version, version_len)
#undef TAKE_VALUE

static void take_torch_cuda_both(struct logread *lr, const char *line, size_t n, const char *at,
                                 const char *after)
{
    /* collect_env prints torch.version.cuda None as "None" (no CUDA at all) or, through
       replace_nones, "Could not collect": either way a build without CUDA */
    const char *v = after;
    size_t rn = left(line, n, after);
    skip_spaces(&v, &rn);
    if (mstarts(v, rn, "None") || mstarts(v, rn, "Could not collect")) {
        setval(lr, &lr->facts.torch_cuda, "None", 4, line, n);
        return;
    }
    take_torch_cuda(lr, line, n, at, after);
    take_cuda_version(lr, line, n, at, after);
}

static void take_gpu_models(struct logread *lr, const char *line, size_t n, const char *at,
                            const char *after)
{
    const char *g = after, *q;
    size_t gn = left(line, n, after);
    (void)at;
    if (mstarts(g, gn, "GPU ") && (q = find_after(g, gn, ": ")) != NULL) {
        gn = left(line, n, q);
        g = q;
    }
    setval(lr, &lr->facts.gpu_name, g, gn, line, n);
}

static void take_os_windows(struct logread *lr, const char *line, size_t n, const char *at,
                            const char *after)
{
    (void)at;
    (void)after;
    lr->facts.hint_windows += 4;   /* collect_env's own OS line outweighs path hints */
    setval(lr, &lr->facts.os_windows, "windows", 7, line, n);
}

/* A native Windows CPython banner: "[MSC v.1937 64 bit (AMD64)] on win32". */
static void take_msc(struct logread *lr, const char *line, size_t n, const char *at,
                     const char *after)
{
    (void)at;
    (void)after;
    lr->facts.hint_windows += 4;
    setval(lr, &lr->facts.os_windows, "windows", 7, line, n);
    setval(lr, &lr->facts.win_python, "msc", 3, line, n);
}

static void take_jax_line(struct logread *lr, const char *line, size_t n, const char *at,
                          const char *after)
{
    /* jax/_src/environment_info.py: "jax:    0.4.20", "jaxlib: 0.4.20" (at the line's start) */
    const char *v = after;
    size_t rn = left(line, n, after);
    if (at != line)
        return;
    skip_spaces(&v, &rn);
    setval(lr, line[3] == 'l' ? &lr->facts.jaxlib_version : &lr->facts.jax_version, v,
           version_len(v, rn), line, n);
}

static void take_cudnn_int(struct logread *lr, const char *line, size_t n, const char *at,
                           const char *after)
{
    /* "cuDNN Ver. 8907", "Loaded cuDNN version 8907" -> cudnn_version "8907" (the rules read it) */
    const char *v = after;
    size_t rn = left(line, n, after);
    (void)at;
    skip_spaces(&v, &rn);
    if (rn && is_digit(*v))
        setval(lr, &lr->facts.cudnn_version, v, version_len(v, rn), line, n);
}

static void take_err_name(struct logread *lr, const char *line, size_t n, const char *name)
{
    add_err(lr, "runtime", name, strlen(name), -1, line, n);
}

/* The runtime string of cudaErrorUnsupportedPtxVersion (222) without its name. */
static void take_ptx_toolchain(struct logread *lr, const char *line, size_t n, const char *at,
                               const char *after)
{
    (void)at;
    (void)after;
    take_err_name(lr, line, n, "cudaErrorUnsupportedPtxVersion");
}

/* The runtime string of cudaErrorCompatNotSupportedOnDevice (804) without its name. */
static void take_compat_hw(struct logread *lr, const char *line, size_t n, const char *at,
                           const char *after)
{
    (void)at;
    (void)after;
    take_err_name(lr, line, n, "cudaErrorCompatNotSupportedOnDevice");
}

/*
 * "nvidia-container-cli: mount error: file creation failed:
 * /var/lib/docker/overlay2/ID/merged/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1: file exists":
 * the path inside the image (past the rootfs's "/merged", "/rootfs" or "/rootfs/").
 */
static void take_ctk_exists(struct logread *lr, const char *line, size_t n, const char *at,
                            const char *after)
{
    const char *p = after, *end, *q;
    size_t rn = left(line, n, after);
    (void)at;
    skip_spaces(&p, &rn);
    end = mfind(p, rn, ": file exists");
    if (!end || end == p || ev_of(lr, LE_CTK_FILE_EXISTS)->a)
        return;
    if ((q = mfind(p, (size_t)(end - p), "/merged/")) != NULL)
        p = q + 7;
    else if ((q = mfind(p, (size_t)(end - p), "/rootfs/")) != NULL)
        p = q + 7;
    ev_of(lr, LE_CTK_FILE_EXISTS)->a = dupn(lr, p, (size_t)(end - p));
}

static void take_requirement(struct logread *lr, const char *line, size_t n, const char *at,
                             const char *after)
{
    /* "unsatisfied condition: cuda>=12.8, please update your driver" */
    const char *v = after;
    size_t rn = left(line, n, after);
    (void)at;
    while (rn && (*v == '>' || *v == '=' || *v == ' ')) {
        v++;
        rn--;
    }
    if (!ev_of(lr, LE_DRIVER_REQUIREMENT)->a)
        ev_of(lr, LE_DRIVER_REQUIREMENT)->a = version_at(lr, line, n, v);
}

/* "CUDA error: error code 34": a runtime error by number. */
static void take_error_code(struct logread *lr, const char *line, size_t n, const char *at,
                            const char *after)
{
    (void)at;
    /* TensorRT's logger numbers its own ErrorCode (NvInferRuntimeBase.h): "[TRT] [E] createInferBuilder:
       Error Code 6: API Usage Error (CUDA initialization failure with error: 35 ...)" is no CUDA error 6 */
    if (mfind(line, n, "Error Code ") && (mfind(line, n, "[TRT]") || mfind(line, n, "CUDA initialization failure")))
        return;
    add_err_number(lr, "runtime", line, n, after);
}

static void take_no_device(struct logread *lr, const char *line, size_t n, const char *at,
                           const char *after)
{
    (void)at;
    (void)after;
    if (!mfind(line, n, "cudaErrorNoDevice") && !mfind(line, n, "CUDA_ERROR_NO_DEVICE"))
        take_err_name(lr, line, n, "cudaErrorNoDevice");
}

/* A program that names the driver library it could not open: "Failed to dlopen libcuda.so". */
static void take_libcuda(struct logread *lr, const char *line, size_t n, const char *at,
                         const char *after)
{
    static const char lib[] = "libcuda.so";
    static const char err[] = "the driver library was not found where the program looked";
    (void)at;
    (void)after;
    add_lib(lr, lib, strlen(lib), err, strlen(err), "loader", 0, line, n);
}

/* A quoted library name right after the text: "Could not load 'cudart64_80.dll'", "failed to load nvrtc64_120_0.dll" */
static void take_named_lib(struct logread *lr, const char *line, size_t n, const char *at,
                           const char *after)
{
    const char *b = after;
    size_t k;
    (void)at;
    if (left(line, n, b) && (*b == '\'' || *b == '"'))
        b++;
    k = token_len(b, left(line, n, b));
    while (k && (b[k - 1] == '.' || b[k - 1] == ':'))
        k--;
    add_lib(lr, b, k, NULL, 0, "loader", 0, line, n);
}

static void take_xla_gpu(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    (void)after;
    setval(lr, &lr->facts.tf_xla_gpu, at, 7, line, n);
}

/* ---- the frameworks' own messages, read from their source (issue 28): each take()
 * names the file and release that prints its text ---- */

/* TensorFlow 1.x's dso_loader (tensorflow/stream_executor/dso_loader.cc, v1.0-v1.12):
 * "Couldn't open CUDA library libcudnn.so.7. LD_LIBRARY_PATH: /usr/local/cuda/lib64" (after: the name) */
static void take_tf1_dso(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    static const char err[] = "not found (TensorFlow's dso_loader could not dlopen it)";
    const char *ld = find_after(after, left(line, n, after), "LD_LIBRARY_PATH: ");
    size_t k = token_len(after, left(line, n, after));
    (void)at;
    while (k && after[k - 1] == '.')
        k--;
    if (!k)
        return;
    if (ld)
        setval(lr, &lr->facts.ld_library_path, ld, token_len(ld, left(line, n, ld)), line, n);
    if (!ev_of(lr, LE_TF_DLOPEN_FAIL)->a)
        ev_of(lr, LE_TF_DLOPEN_FAIL)->a = dupn(lr, after, k);
    add_lib(lr, after, k, err, strlen(err), "tensorflow", 0, line, n);
}

/* Paddle 2.x's dynload (paddle/phi/backends/dynload/dynamic_loader.cc): "The third-party dynamic library
 * (libcudnn.so) that Paddle depends on is not configured correctly. (error code is libcudnn.so: cannot open
 * shared object file: ...)", on Windows "(error code is 126)" (after: the name in parentheses) */
static void take_paddle_dso(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    const char *e = memchr(after, ')', left(line, n, after));
    const char *err = find_after(line, n, "(error code is ");
    const char *ee = err ? memchr(err, ')', left(line, n, err)) : NULL;
    (void)at;
    if (!e || span(after, e) > 128)
        return;
    add_lib(lr, after, span(after, e), err, err ? (ee ? span(err, ee) : left(line, n, err)) : 0, "paddle", 0, line, n);
}

/* jax_plugins/cuda/__init__.py (_version_check, jax 0.4.26+): "Unable to load cuDNN. Is it installed?"
 * (after: the component JAX names: CUDA, cuDNN, cuFFT, cuPTI, cuBLAS, cuSPARSE) */
static void take_jax_lib(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    struct log_event *e = ev_of(lr, LE_JAX_LIB_MISSING);
    const char *q = mfind_ci(after, left(line, n, after), ". is it installed?");
    (void)at;
    if (q && span(after, q) && span(after, q) <= 16 && !e->a)
        e->a = dupn(lr, after, span(after, q));
}

/* provider_bridge_ort.cc (ProviderLibrary::Get) for a provider other than CUDA's (TensorRT, OpenVINO,
 * ...): "Failed to load library libonnxruntime_providers_tensorrt.so with error: libnvinfer.so.8: cannot
 * open shared object file": the library the loader names, as ONNX Runtime's */
static void take_ort_other(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    const char *q = mfind(after, left(line, n, after), ": cannot open shared object file");
    (void)at;
    if (q)
        so_not_found(lr, line, n, q, "onnxruntime");
}

/* The GPU a framework's architecture check names, for LE_FW_NO_ARCH ("$a" of its row). */
static void fw_no_arch(struct logread *lr, const char *what, size_t wn)
{
    struct log_event *e = ev_of(lr, LE_FW_NO_ARCH);
    if (!e->a && wn)
        e->a = dupn(lr, what, wn);
}

/* torch 1.0-1.3 torch/cuda/__init__.py (_check_capability, incorrect_binary_warn): "Found GPU0 GeForce RTX
 * 2080 Ti which requires CUDA_VERSION >= 10000 to work properly, but your PyTorch was compiled with
 * CUDA_VERSION 9000" (at: " which requires"): the build's CUDA cannot target the GPU */
static void take_torch_needs_cuda(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    const char *g = find_after(line, span(line, at), "Found GPU");
    (void)after;
    if (!g)
        return;
    while (g < at && is_digit(*g))
        g++;
    while (g < at && *g == ' ')
        g++;
    setval(lr, &lr->facts.gpu_name, g, span(g, at), line, n);
    fw_no_arch(lr, g, span(g, at));
}

/* Paddle's gpu_resources.cc (InitGpuProperties): "The GPU architecture in your current machine is Pascal,
 * which is not compatible with Paddle installation with arch: 70 75 80 86" (after: the architecture) */
static void take_paddle_arch(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    size_t k = 0, rn = left(line, n, after);
    (void)at;
    while (k < rn && is_alpha(after[k]))
        k++;
    fw_no_arch(lr, after, k);
}

/* The same check for a compute capability its table does not name: "The GPU compute capability in your
 * current machine is 120, which is not supported by Paddle" (after: major and minor run together) */
static void take_paddle_cc(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    size_t d = 0, rn = left(line, n, after);
    (void)at;
    while (d < rn && is_digit(after[d]))
        d++;
    set_cc_from_sm(lr, after, d, line, n);
    if (lr->facts.gpu_cc.v)
        fw_no_arch(lr, lr->facts.gpu_cc.v, strlen(lr->facts.gpu_cc.v));
}

/* Paddle's gpu_resources.cc (InitGpuProperties): "Please NOTE: device: 0, GPU Compute Capability: 7.5, Driver
 * API Version: 11.6, Runtime API Version: 11.8": the GPU's compute capability, the driver's CUDA
 * (cudaDriverGetVersion: its ceiling) and the CUDA runtime Paddle loaded (cudaRuntimeGetVersion) */
static void take_paddle_note(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    const char *q;
    (void)at;
    if ((q = find_after(after, left(line, n, after), "GPU Compute Capability: ")) != NULL)
        setval(lr, &lr->facts.gpu_cc, q, version_len(q, left(line, n, q)), line, n);
    if ((q = find_after(after, left(line, n, after), "Driver API Version: ")) != NULL)
        setval(lr, &lr->facts.driver_cuda, q, version_len(q, left(line, n, q)), line, n);
    if ((q = find_after(after, left(line, n, after), "Runtime API Version: ")) != NULL)
        setval(lr, &lr->facts.cuda_version, q, version_len(q, left(line, n, q)), line, n);
}

/* Paddle's CUDA check (gpu_resources.cc; device_context.cc before 2.3): "The installed Paddle is compiled
 * with CUDA 11.8, but CUDA runtime version in your machine is 11.6" (a warning) and its PADDLE_ENFORCE
 * "compiled with CUDA12/cuDNN9,but CUDA/cuDNN version in your machine is CUDA11/cuDNN8" (after: "CUDA").
 * a: the CUDA Paddle was compiled with, b: the machine's.  The machine's is the driver's (cudaDriverGetVersion)
 * from 2.3 on and the runtime's before, so only the enforce's (which 2.3+ alone prints) is the driver's CUDA. */
static void take_paddle_cuda(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    struct log_event *e = ev_of(lr, LE_PADDLE_CUDA_CHECK);
    const char *p = after, *q;
    size_t rn = left(line, n, p);
    (void)at;
    skip_spaces(&p, &rn);
    if (!version_len(p, rn) || e->a)
        return;
    e->a = dupn(lr, p, version_len(p, rn));
    if ((q = find_after(p, rn, "in your machine is ")) == NULL)
        return;
    rn = left(line, n, q);
    if (rn > 4 && !memcmp(q, "CUDA", 4))
        q += 4, rn -= 4;
    if (!version_len(q, rn))
        return;
    e->b = dupn(lr, q, version_len(q, rn));
    if (mfind(line, n, "CUDA/cuDNN version in your machine"))
        setval(lr, &lr->facts.driver_cuda, q, version_len(q, rn), line, n);
}

/* XLA's and TensorFlow's ToString(CUresult) (xla/stream_executor/cuda/cuda_driver.cc; TF
 * tensorflow/stream_executor/cuda/cuda_driver.cc): "UNKNOWN ERROR (34)" when cuGetErrorName does not know
 * the code (a stub or foreign libcuda): "failed call to cuInit: UNKNOWN ERROR (34)" (at: "failed call to cu") */
static void take_cu_unknown(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    const char *q = mfind_ci(after, left(line, n, after), "unknown error (");
    (void)at;
    if (q)
        add_err_number(lr, "driver", line, n, q + strlen("unknown error ("));
}

/* XLA's cuda_dnn.cc after cudnnCreate gave CUDNN_STATUS_NOT_INITIALIZED: "Possibly insufficient driver
 * version: 418.67.0" (after: the kernel module's version, from /proc/driver/nvidia/version) */
static void take_dnn_driver(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    (void)at;
    setval(lr, &lr->facts.driver_version, after, version_len(after, left(line, n, after)), line, n);
}

/* onnxruntime_pybind_state.cc (CreateExecutionProviderInstance, Windows): "CUDA_PATH is set but CUDA wasnt
 * able to be loaded": the CUDA provider's library did not load, as after "Failed to create
 * CUDAExecutionProvider" */
static void take_ort_cuda_path(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    static const char need[] = "the CUDA and cuDNN its release was built for (CUDA_PATH names a toolkit it cannot load)";
    struct log_event *e = ev_of(lr, LE_ORT_EP_FAIL);
    (void)line;
    (void)n;
    (void)at;
    (void)after;
    if (!e->a)
        e->a = dupn(lr, need, strlen(need));
}


/* pynvml (nvidia-ml-py's pynvml.py, _extractNVMLErrorsAsClasses) raises one class per NVML code, named
 * "NVMLError_" + the capitalised words of the name after NVML_ERROR_: NVMLError_DriverNotLoaded is
 * NVML_ERROR_DRIVER_NOT_LOADED, NVMLError_LibRmVersionMismatch NVML_ERROR_LIB_RM_VERSION_MISMATCH
 * (at: "NVMLError_", written as printed) */
static void take_pynvml_class(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    static const char pre[] = "NVML_ERROR_";
    char name[64];
    size_t k = strlen(pre), rn = left(line, n, after), i;
    if (memcmp(at, "NVMLError_", 10) || !rn || !(after[0] >= 'A' && after[0] <= 'Z'))
        return;
    memcpy(name, pre, k);
    for (i = 0; i < rn && (is_alpha(after[i]) || is_digit(after[i])) && k + 2 < sizeof(name); i++) {
        if (i && after[i] >= 'A' && after[i] <= 'Z')
            name[k++] = '_';
        name[k++] = (char)(after[i] >= 'a' && after[i] <= 'z' ? after[i] - 32 : after[i]);
    }
    if (i == rn || !(is_alpha(after[i]) || is_digit(after[i])))
        add_err(lr, "nvml", name, k, -1, line, n);
}

/* CuPy's cupy/_environment.py (_detect_duplicate_installation, v12+): "CuPy may not function correctly
 * because multiple CuPy packages are installed in your environment" */
static void take_cupy_dup(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    static const char what[] = "cupy";
    (void)line;
    (void)n;
    (void)at;
    (void)after;
    if (!ev_of(lr, LE_FW_TORN_INSTALL)->a)
        ev_of(lr, LE_FW_TORN_INSTALL)->a = dupn(lr, what, strlen(what));
}

/* jax's check_jaxlib_version (jax/_src/lib/__init__.py; jax/lib/__init__.py before 0.4): "jaxlib is version
 * 0.1.69, but this version of jax requires version >= 0.1.74." and "jaxlib version 0.4.7 is newer than and
 * incompatible with jax version 0.4.6." (a: "jax", b: jaxlib's version, c: what jax wants) */
static void take_jax_skew(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    struct log_event *e = ev_of(lr, LE_FW_TORN_INSTALL);
    const char *q;
    char want[64];
    size_t vn;
    (void)at;
    if (e->a)
        return;
    e->a = dupn(lr, "jax", 3);
    vn = version_len(after, left(line, n, after));
    e->b = vn ? dupn(lr, after, vn) : NULL;
    if ((q = find_after(after, left(line, n, after), "requires version ")) != NULL) {
        size_t rn = left(line, n, q);
        if (rn > 3 && !memcmp(q, ">= ", 3))
            q += 3, rn -= 3;
        if ((vn = version_len(q, rn)) != 0 && vn < 40) {
            snprintf(want, sizeof(want), "jaxlib >= %.*s", (int)vn, q);
            e->c = dupn(lr, want, strlen(want));
        }
    } else if ((q = find_after(after, left(line, n, after), "incompatible with jax version ")) != NULL &&
               (vn = version_len(q, left(line, n, q))) != 0 && vn < 40) {
        snprintf(want, sizeof(want), "the jaxlib of jax %.*s", (int)vn, q);
        e->c = dupn(lr, want, strlen(want));
    }
}

/* XLA's nvptx_compiler.cc: "The NVIDIA driver's CUDA version is 12.0 which is older than the ptxas CUDA
 * version (12.3.107)": the driver's CUDA (its ceiling), from the text before at */
static void take_ptxas_newer(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    const char *q = find_after(line, span(line, at), "driver's CUDA version is ");
    (void)after;
    if (q)
        setval(lr, &lr->facts.driver_cuda, q, version_len(q, span(q, at)), line, n);
}

/* ---- libraries beside the big frameworks: OpenCV, DGL, torch's extensions, CTranslate2, Kubernetes, XLA ---- */

/*
 * A mangled C++ name in one of torch's own namespaces: c10:: (c10/), at::
 * (aten/), torch:: (torch/csrc/), caffe2:: (caffe2::TypeMeta, c10/util/typeid.h
 * before torch 2.0), as the Itanium ABI spells them ("_ZN3c10...", const
 * members "_ZNK2at...", typeinfo/vtables "_ZTIN5torch..."), or torch's Python
 * bindings (THPVariable_Wrap: the "TH" symbols mmcv's FAQ names).
 */
static int torch_abi_symbol(const char *s, size_t n)
{
    static const char *const ns[] = { "3c10", "2at", "5torch", "6caffe2" };
    size_t i = 0, k;
    if (n >= 3 && !memcmp(s, "THP", 3))
        return 1;
    if (n < 4 || s[0] != '_' || s[1] != 'Z')
        return 0;
    i = 2;
    if (i + 1 < n && s[i] == 'T' && (s[i + 1] == 'I' || s[i + 1] == 'V' || s[i + 1] == 'S'))
        i += 2;
    if (i >= n || s[i] != 'N')
        return 0;
    i++;
    while (i < n && (s[i] == 'K' || s[i] == 'V' || s[i] == 'r'))
        i++;
    for (k = 0; k < sizeof(ns) / sizeof(ns[0]); k++) {
        size_t l = strlen(ns[k]);
        /* the namespace is a whole name: another length-prefixed name, a template or a ctor follows */
        if (n - i > l && !memcmp(s + i, ns[k], l) &&
            (is_digit(s[i + l]) || s[i + l] == 'I' || s[i + l] == 'C' || s[i + l] == 'D' || s[i + l] == 'S'))
            return 1;
    }
    return 0;
}

/*
 * glibc: "<path>/site-packages/mmcv/_ext.cpython-37m-x86_64-linux-gnu.so: undefined symbol: _ZN3c10..."
 * (also without the space after the path's colon).  A symbol of torch's C++
 * API missing from an extension module that is not torch's own: it was built
 * against another torch (mmcv docs/en/faq.md, "undefined symbol": "If those
 * symbols are Pytorch symbols ... check whether the Pytorch version is the same
 * as that used for compiling mmcv").  a = the extension's package (the
 * directory under site-packages), b = the symbol.
 */
static void take_ext_torch_symbol(struct logread *lr, const char *line, size_t n, const char *at,
                                  const char *after)
{
    struct log_event *e = ev_of(lr, LE_EXT_TORCH_SYMBOL);
    size_t sn = token_len(after, left(line, n, after));
    const char *end = at, *b, *pkg;
    size_t pn = 0;
    if (!torch_abi_symbol(after, sn))
        return;
    while (end > line && (end[-1] == ' ' || end[-1] == ':'))
        end--;
    b = end;
    while (b > line && !is_space(b[-1]) && b[-1] != '\'' && b[-1] != '"' && b[-1] != '(')
        b--;
    if (!span(b, end) || !mfind(b, span(b, end), ".so"))
        return;   /* the object is not named: nothing says it is an extension */
    /* torch's own libraries (torch/lib/libtorch_cpu.so, torch/_C...so) missing their symbols are two
       torch installs mixed, not an extension built for another torch */
    if (mfind(b, span(b, end), "torch/lib/") || mfind(b, span(b, end), "torch\\lib\\") ||
        mfind(b, span(b, end), "torch/_C") || mfind(b, span(b, end), "/libtorch") || mfind(b, span(b, end), "/libc10"))
        return;
    if ((pkg = find_after(b, span(b, end), "site-packages/")) != NULL ||
        (pkg = find_after(b, span(b, end), "dist-packages/")) != NULL) {
        while (pn < span(pkg, end) && pkg[pn] != '/')
            pn++;
        if (pn == span(pkg, end))
            pn = 0;   /* a module at the top of site-packages: its file name below */
    }
    if (!pn) {
        pkg = end;
        while (pkg > b && pkg[-1] != '/' && pkg[-1] != '\\')
            pkg--;
        while (pn < span(pkg, end) && pkg[pn] != '.')
            pn++;
    }
    if (!pn || !strcmp(dupn(lr, pkg, pn), "torch"))
        return;
    hit(lr, LE_EXT_TORCH_SYMBOL, line, n);
    if (!e->a) {
        e->a = dupn(lr, pkg, pn);
        e->b = dupn(lr, after, sn);
    }
}

/* The version after the first of two spellings ("CUDA version 10.1", torchvision's "CUDA Version=10.1"). */
static const char *cuda_version_after(struct logread *lr, const char *line, size_t n, const char *from)
{
    const char *v = find_after(from, left(line, n, from), "CUDA version ");
    const char *w = find_after(from, left(line, n, from), "CUDA Version=");
    if (!v || (w && w < v))
        v = w;
    return v ? version_at(lr, line, n, v) : NULL;
}

/*
 * torch_scatter (and torch_sparse, torch_cluster, torch_spline_conv), __init__.py:
 * "Detected that PyTorch and torch_scatter were compiled with different CUDA
 * versions. PyTorch has CUDA version 10.1 and torch_scatter has CUDA version
 * 10.2. Please reinstall the torch_scatter that matches your PyTorch install."
 * torchvision (torchvision/extension.py, _check_cuda_version) prints the same with
 * "CUDA Version=X.Y".  a = the extension, b = torch's CUDA, c = the extension's.
 */
static void take_ext_cuda_differs(struct logread *lr, const char *line, size_t n, const char *at,
                                  const char *after)
{
    struct log_event *e = ev_of(lr, LE_EXT_CUDA_DIFFERS);
    const char *p = find_after(line, span(line, at), "PyTorch and "), *t, *x;
    size_t k = 0;
    (void)after;
    if (e->a || !p)
        return;
    while (k < span(p, at) && !is_space(p[k]))
        k++;
    if (!k)
        return;
    e->a = dupn(lr, p, k);
    t = find_after(at, left(line, n, at), "PyTorch has ");
    if (t) {
        e->b = cuda_version_after(lr, line, n, t);
        if ((x = find_after(t, left(line, n, t), " has CUDA ")) != NULL)
            e->c = cuda_version_after(lr, line, n, x - strlen("CUDA "));
    }
}

/* DGL src/runtime/c_runtime_api.cc: "Device API cuda is not enabled. Please install the cuda version of dgl." */
static void take_dgl_device(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    struct log_event *e = ev_of(lr, LE_DGL_NO_CUDA);
    (void)after;
    if (!e->a)
        e->a = dupn(lr, at + strlen("Device API "), token_len(at + strlen("Device API "),
                                                              left(line, n, at + strlen("Device API "))));
}

/*
 * CTranslate2 src/cuda/cublas_stub.cc (also nccl_stub.cc, mpi_stub.cc): "Library
 * cublas64_12.dll is not found or cannot be loaded" (libcublas.so.12 on Linux).
 * It loads cuBLAS by the major it was built with (CUBLAS_VER_MAJOR), from
 * CUDA_PATH\bin on Windows, so the name is the CUDA line the build wants.
 */
static void take_ct2_library(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    static const char err[] = "not found or cannot be loaded (CTranslate2 loads it by the CUDA major it was built for)";
    const char *b = find_after(line, span(line, at), "Library ");
    (void)after;
    if (!b)
        return;
    while (1) {   /* the last "Library " before the message */
        const char *nb = find_after(b, span(b, at), "Library ");
        if (!nb)
            break;
        b = nb;
    }
    add_lib(lr, b, token_len(b, span(b, at)), err, strlen(err), "ctranslate2", 0, line, n);
}

/* XLA: "*** WARNING *** Invoking ptxas with version 12.1.66, which corresponds to a CUDA version <=12.6.2" */
static void take_xla_ptxas(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    struct log_event *e = ev_of(lr, LE_XLA_PTXAS_OLD);
    (void)at;
    if (!e->a)
        e->a = version_at(lr, line, n, after);
}

/* pip install "jax[cuda12]": JAX's CUDA extra brings its own CUDA wheels, ptxas included (nvidia-cuda-nvcc-cu12). */
static void take_pip_cuda_extra(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    size_t k = token_len(after, left(line, n, after));
    (void)at;
    if (memchr(after, ']', k))
        setval(lr, &lr->facts.pip_cuda_extra, at, span(at, (const char *)memchr(after, ']', k)) + 1, line, n);
}

/*
 * A torch wheel's version where a reporter names it: "torch 2.2.1+cu118",
 * "pytorch2.2.1+cu118", "torch==2.0.1+cu117", print('torch:',
 * torch.__version__)'s "torch: 2.11.0+cpu".  The local label (+cu118, +cpu)
 * is the build of PyTorch's own wheels (download.pytorch.org/whl/cu118,
 * /whl/cpu), so the version counts only with it; at is the "+cu" or "+cpu" (a +cpu
 * only as printed, not as asked of pip).
 */
static void take_torch_cu_label(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    const char *v = at, *w;
    size_t k = 0, vn;
    (void)after;
    if (lr->facts.torch_version.v)
        return;
    /* a CPU build asked of pip is not one installed: the install may fail ("No matching distribution
       found for torch==1.5.1+cpu"), and a printed version says what was imported */
    if (left(line, n, at) >= 4 && !memcmp(at, "+cpu", 4) &&
        (mfind_ci(line, n, " install") || mfind_ci(line, n, "requirement") || mfind_ci(line, n, "distribution")))
        return;
    while (v > line && (is_digit(v[-1]) || v[-1] == '.'))
        v--;
    if (!span(v, at) || !is_digit(*v))
        return;
    w = v;
    while (w > line && k < 2 && (w[-1] == ' ' || w[-1] == '=' || w[-1] == '-' || w[-1] == 'v' || w[-1] == ':'))
        w--, k++;
    if (span(line, w) < 5)
        return;
    for (k = 0; k < 5; k++)
        if (lower((unsigned char)w[(long)k - 5]) != "torch"[k])
            return;
    vn = version_len(v, left(line, n, v));
    if (vn > span(v, at))
        setval(lr, &lr->facts.torch_version, v, vn, line, n);
}

/* ---- the programs beside the frameworks (issue 28, second list) ---- */

/* A library the program names as not found, by the loader's name for it (no dlerror of its own). */
static void add_named_missing(struct logread *lr, const char *lib, const char *via, const char *line, size_t n)
{
    static const char err[] = "the library was not found where the program looked";
    add_lib(lr, lib, strlen(lib), err, strlen(err), via, 0, line, n);
}

/* bitsandbytes 0.39-0.41 (cuda_setup/main.py, cextension.py): its CUDA setup found no libcudart.so. */
static void take_bnb_cudart(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    (void)at;
    (void)after;
    add_named_missing(lr, "libcudart.so", "loader", line, n);
}

/* Numba's nvvm.py: open_cudalib('nvvm') failed ("libNVVM cannot be found"). */
static void take_numba_nvvm(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    (void)at;
    (void)after;
    add_named_missing(lr, "libnvvm.so", "loader", line, n);
}

/* TensorRT's "CUDA initialization failure with error: 35": a cudaError_t number. */
static void take_trt_cuda_init(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    (void)at;
    add_err_number(lr, "runtime", line, n, after);
}

/* cudaGetErrorString's texts without the name (ggml, NCCL, Triton print only the text). */
static void take_stub_text(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    (void)at;
    (void)after;
    take_err_name(lr, line, n, "cudaErrorStubLibrary");
}

static void take_sysdrv_text(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    (void)at;
    (void)after;
    if (!mfind(line, n, "_MISMATCH") && !mfind(line, n, "Error 803") && !mfind(line, n, "(803)"))
        take_err_name(lr, line, n, "cudaErrorSystemDriverMismatch");
}

/* TensorRT: "TensorRT was linked against cuDNN 8.6.0 but loaded cuDNN 8.2.1" (also "cuBLAS/cuBLAS LT"). */
static void take_trt_linked(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    struct log_event *e = ev_of(lr, LE_LIB_LINKED_OTHER);
    const char *end = line + n, *q = find_after(after, left(line, n, after), " but loaded "), *w;
    size_t k = 0, rn = left(line, n, after);
    (void)at;
    if (e->a || !q)
        return;
    while (k < rn && after[k] != ' ' && after[k] != '/' && k < 24)
        k++;
    if (!k)
        return;
    e->a = dupn(lr, after, k);   /* "cuDNN", "cuBLAS" ("cuBLAS/cuBLAS LT 11.6.3") */
    for (w = after + k; w < q && !is_digit(*w); w++)
        ;
    if (w < q)
        e->b = version_at(lr, line, n, w);
    for (w = q; w < end && !is_digit(*w); w++)
        ;
    if (w < end)
        e->c = version_at(lr, line, n, w);
}

/* xFormers' build info: "PyTorch 2.1.0+cu121 with CUDA 1201 (you have 2.2.1+cu121)". */
static void take_xformers_built(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    struct log_event *e = ev_of(lr, LE_XFORMERS_NO_EXT);
    const char *q = find_after(after, left(line, n, after), "(you have ");
    size_t k = 0, rn = left(line, n, after);
    (void)at;
    hit(lr, LE_XFORMERS_NO_EXT, line, n);
    if (e->a)
        return;
    while (k < rn && after[k] != ' ' && k < 40)
        k++;
    if (k && is_digit(*after))
        e->a = dupn(lr, after, k);
    if (q) {
        rn = left(line, n, q);
        for (k = 0; k < rn && q[k] != ')' && k < 40; k++)
            ;
        if (k && is_digit(*q))
            e->b = dupn(lr, q, k);
    }
}

/* pynvml's text of NVML_ERROR_LIBRARY_NOT_FOUND without its class name. */
static void take_libnvml_text(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    static const char name[] = "NVML_ERROR_LIBRARY_NOT_FOUND";
    (void)at;
    (void)after;
    add_err(lr, "nvml", name, strlen(name), -1, line, n);
}

/* cuDF's "Detected Compute Capability: 6.0", inductor's "your device is of CUDA capability 6.0": the GPU's. */
static void take_detected_cc(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    struct log_event *e = ev_of(lr, LE_GPU_TOO_OLD);
    size_t vn = version_len(after, left(line, n, after));
    (void)at;
    if (!vn)
        return;
    if (!e->a)
        e->a = dupn(lr, after, vn);
    setval(lr, &lr->facts.gpu_cc, after, vn, line, n);
}

/* TensorRT: "... incompatible device, expecting compute 5.3 got compute 6.1, please rebuild." */
static void take_trt_engine_cc(struct logread *lr, const char *line, size_t n, const char *at, const char *after)
{
    struct log_event *e = ev_of(lr, LE_TRT_ENGINE_DEVICE);
    const char *q = find_after(after, left(line, n, after), " got compute ");
    (void)at;
    if (e->a)
        return;
    e->a = version_at(lr, line, n, after);
    if (q) {
        e->b = version_at(lr, line, n, q);
        setval(lr, &lr->facts.gpu_cc, q, version_len(q, left(line, n, q)), line, n);
    }
}

/* ---- the pattern table ---- */

#define GH "https://github.com/"
#define TFSRC GH "tensorflow/tensorflow/blob/"
#define PTSRC GH "pytorch/pytorch/blob/main/"
#define JAXSRC GH "jax-ml/jax/blob/main/"
#define ORTSRC GH "microsoft/onnxruntime/blob/main/"
#define NONE LE__COUNT

/*
 * One row per pattern.  Order matters only where two rows share a line:
 * the loader texts (cannot open shared object file) come after TensorFlow's
 * and ONNX Runtime's own lines, which name the library themselves (unless).
 */
static const struct log_pattern patterns[] = {
    /* TensorFlow */
    { "Could not load dynamic library '", NULL, NULL, LE_TF_DLOPEN_FAIL, take_tf_dlopen, NULL,
      TFSRC "v2.10.0/tensorflow/stream_executor/platform/default/dso_loader.cc", 0 },
    { "Could not dlopen library '", NULL, NULL, LE_TF_DLOPEN_FAIL, take_tf_dlopen, NULL,
      TFSRC "v1.14.0/tensorflow/stream_executor/platform/default/dso_loader.cc", 0 },
    { "Successfully opened dynamic library ", NULL, NULL, LE_TF_DLOPEN_OK, take_tf_dlopen_ok, NULL,
      TFSRC "v2.4.0/tensorflow/stream_executor/platform/default/dso_loader.cc", 0 },
    { "successfully opened CUDA library ", NULL, NULL, LE_TF_DLOPEN_OK, take_tf_dlopen_ok, NULL,
      TFSRC "v1.12.0/tensorflow/stream_executor/dso_loader.cc", 0 },
    { "Cannot dlopen some GPU libraries", NULL, NULL, LE_TF_SKIP_GPU, NULL, NULL,
      TFSRC "v2.15.0/tensorflow/core/common_runtime/gpu/gpu_device.cc", 0 },
    { "Could not find cuda drivers on your machine", NULL, NULL, LE_TF_NO_CUDA_DRIVERS, NULL,
      "missing_cudart", GH "google/tsl/blob/main/tsl/cuda/cudart_stub.cc", 0 },
    { "Ignore above cudart dlerror", NULL, NULL, LE_TF_CUDART_IGNORE, NULL, "missing_cudart",
      TFSRC "v2.10.0/tensorflow/stream_executor/cuda/cudart_stub.cc", 0 },
    { "Loaded runtime CuDNN library: ", NULL, NULL, LE_CUDNN_MISMATCH, take_cudnn_mismatch,
      "cudnn_version_mismatch", GH "openxla/xla/blob/main/xla/stream_executor/cuda/cuda_dnn.cc", 0 },
    { "CUDA kernel binaries compatible with compute capability ", NULL, NULL, LE_TF_PTX_JIT,
      take_ptx_jit, "gpu_arch_unsupported",
      TFSRC "v2.15.0/tensorflow/core/common_runtime/gpu/gpu_device.cc", 0 },
    /* not "with core count: N. The minimum required count is M": a weaker GPU beside a stronger one (gpu_device.cc) */
    { "Ignoring visible gpu device", NULL, "with core count", LE_TF_IGNORING_GPU, take_tf_ignoring,
      "gpu_arch_unsupported", TFSRC "v2.15.0/tensorflow/core/common_runtime/gpu/gpu_device.cc", 0 },
    { "Module nvidia not found", NULL, NULL, LE_KERNEL_DRIVER_DOWN, NULL, "no_driver",
      "https://git.kernel.org/pub/scm/utils/kernel/kmod/kmod.git/tree/tools/modprobe.c", 0 },
    { "kernel driver does not appear to be running", NULL, NULL, LE_KERNEL_DRIVER_DOWN, NULL,
      "no_driver", TFSRC "v2.10.0/tensorflow/stream_executor/cuda/cuda_diagnostics.cc", 0 },
    { " does not match DSO version ", NULL, NULL, LE_DSO_MISMATCH, take_dso_mismatch,
      "driver_library_mismatch", TFSRC "v2.10.0/tensorflow/stream_executor/cuda/cuda_diagnostics.cc", 0 },
    { "libcuda reported version is: ", NULL, NULL, NONE, take_diag_version, NULL,
      TFSRC "v2.10.0/tensorflow/stream_executor/cuda/cuda_diagnostics.cc", 0 },
    { "kernel reported version is: ", NULL, NULL, NONE, take_diag_version, NULL,
      TFSRC "v2.10.0/tensorflow/stream_executor/cuda/cuda_diagnostics.cc", 0 },
    /* RPM Fusion's nvidia-fallback.service (Fedora): the module did not load at boot (Secure Boot, no akmod) */
    { "kernel module missing", "falling back to nouveau", NULL, LE_NOUVEAU, NULL, "nouveau_loaded",
      GH "rpmfusion/xorg-x11-drv-nvidia/blob/master/nvidia-fallback.service", 0 },
    { "Could not find '", ".dll'", NULL, LE_TF_SELF_CHECK, take_tf_self_check, NULL,
      TFSRC "v2.0.0/tensorflow/python/platform/self_check.py", 0 },
    { "TensorFlow version", NULL, NULL, NONE, take_tf_version, NULL,
      TFSRC "master/tensorflow/python/framework/versions.py", 0 },
    { "tensorflow version", NULL, NULL, NONE, take_tf_version, NULL,
      TFSRC "master/tensorflow/python/framework/versions.py", 0 },
    { "tf.__version__", NULL, NULL, NONE, take_tf_version, NULL,
      TFSRC "master/tensorflow/python/framework/versions.py", 0 },
    { "tf version", NULL, NULL, NONE, take_tf_version, NULL,
      TFSRC "master/tensorflow/python/framework/versions.py", 0 },
    { "Loaded cuDNN version ", NULL, NULL, NONE, take_cudnn_int, NULL,
      GH "openxla/xla/blob/main/xla/stream_executor/cuda/cuda_dnn.cc", 0 },
    { "cuDNN Ver. ", NULL, NULL, NONE, take_cudnn_int, NULL,
      GH "openxla/xla/blob/main/xla/stream_executor/cuda/cuda_dnn.cc", 0 },

    /* PyTorch */
    { "Torch not compiled with CUDA enabled", NULL, NULL, LE_TORCH_NOT_COMPILED, NULL,
      "cpu_only_build", PTSRC "torch/cuda/__init__.py", 0 },
    { "driver on your system is too old (found version ", NULL, NULL, LE_DRIVER_TOO_OLD,
      take_torch_driver_old, "driver_too_old", PTSRC "torch/cuda/__init__.py", 0 },
    { "Found no NVIDIA driver on your system", NULL, NULL, LE_NO_DRIVER, NULL, "no_driver",
      PTSRC "torch/cuda/__init__.py", 0 },
    { " with CUDA capability sm_", "is not compatible with the current PyTorch", NULL,
      LE_SM_INCOMPATIBLE, take_sm_incompatible, "gpu_arch_unsupported", PTSRC "torch/cuda/__init__.py", 0 },
    { "The current PyTorch install supports CUDA capabilities ", NULL, NULL, NONE,
      take_sm_supported, NULL, PTSRC "torch/cuda/__init__.py", 0 },
    { " which is of cuda capability ", NULL, NULL, LE_GPU_TOO_OLD, take_gpu_too_old,
      "gpu_arch_unsupported", PTSRC "torch/cuda/__init__.py", 0 },
    /* vLLM: the model's dtype needs a newer GPU (vllm/worker/worker.py, _check_if_gpu_supports_dtype),
       and its build refuses GPUs below compute capability 7.0 (setup.py) */
    { "GPU has compute capability ", "only supported on GPUs with compute capability", NULL, LE_GPU_TOO_OLD,
      take_gpu_cc_has, "gpu_arch_unsupported", GH "vllm-project/vllm/blob/v0.2.0/vllm/worker/worker.py", 0 },
    { "GPUs with compute capability below ", "are not supported", NULL, LE_GPU_TOO_OLD, take_gpu_cc_below,
      "gpu_arch_unsupported", GH "vllm-project/vllm/blob/v0.2.0/setup.py", 0 },
    { "CUDA initialization: ", NULL, NULL, LE_CUDA_INIT_WARNING, take_cuda_init, NULL,
      PTSRC "torch/cuda/__init__.py", 0 },
    { "Error loading \"", "or one of its dependencies", NULL, LE_WIN_DLL_LOAD, take_win_dll, NULL,
      PTSRC "torch/__init__.py", 0 },
    { " not found in the system path", NULL, NULL, LE_TORCH_PRELOAD, take_torch_preload,
      "pip_nvidia_libs_not_found", PTSRC "torch/__init__.py", 0 },
    { "The detected CUDA version (", "mismatches the version that was used to compile", NULL,
      LE_EXT_CUDA_MISMATCH, take_ext_cuda, "extension_build_mismatch",
      PTSRC "torch/utils/cpp_extension.py", 0 },
    { "CUDA_HOME environment variable is not set", NULL, NULL, LE_CUDA_HOME_UNSET, NULL,
      "extension_build_mismatch", PTSRC "torch/utils/cpp_extension.py", 0 },
    /* ggml (llama.cpp, whisper.cpp): printed when cudaGetDeviceCount returns an error, whose code it drops */
    { "CUDA devices found, CUDA will be disabled", NULL, NULL, LE_CUDA_COUNT_FAILED, NULL, "driver_too_old",
      GH "ggml-org/llama.cpp/blob/b2450/ggml-cuda.cu", 0 },
    { "No CUDA GPUs are available", NULL, NULL, LE_NO_CUDA_GPUS, NULL, "no_gpu",
      PTSRC "torch/cuda/__init__.py", 0 },
    { "CUDA driver initialization failed", NULL, NULL, LE_NO_CUDA_GPUS, NULL, "no_gpu",
      PTSRC "c10/cuda/CUDAFunctions.cpp", 0 },
    { "CUDA out of memory", NULL, NULL, LE_OOM, NULL, "out_of_memory",
      PTSRC "c10/cuda/CUDACachingAllocator.cpp", 0 },
    { "OutOfMemoryError", NULL, NULL, LE_OOM, NULL, "out_of_memory",
      PTSRC "c10/cuda/CUDACachingAllocator.cpp", 0 },
    { "CUDA error: out of memory", NULL, NULL, LE_OOM, NULL, "out_of_memory",
      GH "NVIDIA/cuda-samples/blob/master/Common/helper_cuda.h", 0 },
    { "OOM when allocating tensor", NULL, NULL, LE_OOM, NULL, "out_of_memory",
      TFSRC "v2.10.0/tensorflow/core/framework/op_kernel.cc", 0 },
    { "RESOURCE_EXHAUSTED", "emory", NULL, LE_OOM, NULL, "out_of_memory",
      GH "openxla/xla/blob/main/xla/stream_executor/integrations/tf_allocator_adapter.cc", 0 },
    { "CUDA_ERROR_OUT_OF_MEMORY", NULL, NULL, LE_OOM, NULL, "out_of_memory",
      "https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html", 0 },
    { "cudaErrorMemoryAllocation", NULL, NULL, LE_OOM, NULL, "out_of_memory",
      "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html", 0 },
    { "busy or unavailable", "CUDA", NULL, LE_DEVICE_BUSY, NULL, "other",
      "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html", 0 },
    { "PyTorch version: ", NULL, NULL, NONE, take_torch_version, NULL,
      PTSRC "torch/utils/collect_env.py", 0 },
    { "CUDA used to build PyTorch: ", NULL, NULL, NONE, take_torch_cuda_both, NULL,
      PTSRC "torch/utils/collect_env.py", 0 },
    { "Nvidia driver version: ", NULL, NULL, NONE, take_driver_version, NULL,
      PTSRC "torch/utils/collect_env.py", 0 },
    { "cuDNN version: ", NULL, NULL, NONE, take_cudnn_version, NULL,
      PTSRC "torch/utils/collect_env.py", 0 },
    { "Python version: ", NULL, NULL, NONE, take_python_version, NULL,
      PTSRC "torch/utils/collect_env.py", 0 },
    { "CUDA runtime version: ", NULL, NULL, NONE, take_cuda_version, NULL,
      PTSRC "torch/utils/collect_env.py", 0 },
    { "GPU models and configuration: ", NULL, NULL, NONE, take_gpu_models, NULL,
      PTSRC "torch/utils/collect_env.py", 0 },
    { "OS: Microsoft Windows", NULL, NULL, NONE, take_os_windows, NULL,
      PTSRC "torch/utils/collect_env.py", 0 },
    { "[MSC v.", NULL, NULL, NONE, take_msc, NULL,
      GH "python/cpython/blob/main/PC/pyconfig.h.in", 0 },

    /* JAX */
    { "a CUDA-enabled jaxlib is not installed", NULL, NULL, LE_JAX_CPU_JAXLIB, NULL,
      "cpu_only_build", JAXSRC "jax/_src/xla_bridge.py", 0 },
    { "No GPU/TPU found, falling back to CPU", NULL, NULL, LE_JAX_NO_GPU, NULL, NULL,
      GH "jax-ml/jax/blob/jax-v0.4.16/jax/_src/xla_bridge.py", 0 },
    { ", but JAX was built against version ", NULL, NULL, LE_JAX_VERSION_LOW, take_jax_low, NULL,
      JAXSRC "jax_plugins/cuda/__init__.py", 0 },
    { "Outdated ", " installation found", NULL, LE_JAX_OUTDATED, take_jax_outdated, NULL,
      JAXSRC "jax_plugins/cuda/__init__.py", 1 },
    { "Unable to initialize backend 'cuda'", NULL, NULL, LE_JAX_BACKEND_FAIL, take_jax_backend, NULL,
      JAXSRC "jax/_src/xla_bridge.py", 0 },
    { "CUDA backend failed to initialize: ", NULL, NULL, LE_JAX_BACKEND_FAIL, take_jax_backend, NULL,
      JAXSRC "jax/_src/xla_bridge.py", 0 },
    { "Backend 'cuda' failed to initialize", NULL, NULL, LE_JAX_BACKEND_FAIL, take_jax_backend, NULL,
      JAXSRC "jax/_src/xla_bridge.py", 0 },
    { "JAX plugin ", "not compatible with the installed jaxlib version ", NULL,
      LE_JAX_PLUGIN_MISMATCH, take_jax_plugin, "framework_plugin_mismatch",
      JAXSRC "jaxlib/plugin_support.py", 1 },
    /* the same message wrapped onto its second line */
    { "not compatible with the installed jaxlib version ", NULL, "JAX plugin ",
      LE_JAX_PLUGIN_MISMATCH, NULL, "framework_plugin_mismatch", JAXSRC "jaxlib/plugin_support.py", 0 },
    { "Mismatched PJRT plugin PJRT API version", NULL, NULL, LE_JAX_PLUGIN_MISMATCH, NULL,
      "framework_plugin_mismatch", GH "openxla/xla/blob/main/xla/pjrt/pjrt_api.cc", 0 },
    { "jax:", NULL, NULL, NONE, take_jax_line, NULL, JAXSRC "jax/_src/environment_info.py", 0 },
    { "jaxlib:", NULL, NULL, NONE, take_jax_line, NULL, JAXSRC "jax/_src/environment_info.py", 0 },

    /* ONNX Runtime */
    { "Failed to load library ", "providers_cuda", NULL, LE_ORT_PROVIDER_FAIL, take_ort_lib, NULL,
      ORTSRC "onnxruntime/core/session/provider_bridge_ort.cc", 0 },
    { "LoadLibrary failed with error 126", "providers_cuda", NULL, LE_ORT_PROVIDER_FAIL,
      take_ort_126, NULL, ORTSRC "onnxruntime/core/platform/windows/env.cc", 0 },
    { "which depends on \"", "which is missing", NULL, LE_ORT_PROVIDER_FAIL, take_ort_depends, NULL,
      ORTSRC "onnxruntime/core/platform/windows/env.cc", 0 },
    { "Failed to create CUDAExecutionProvider", NULL, NULL, LE_ORT_EP_FAIL, take_ort_ep, NULL,
      ORTSRC "onnxruntime/python/onnxruntime_pybind_state.cc", 0 },

    /* CUDA, cuDNN, NVIDIA tools, compilers */
    { "CUDA_ERROR_", NULL, NULL, NONE, take_cu_error, NULL,
      "https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html", 0 },
    { "cudaError", NULL, NULL, NONE, take_cuda_error_name, NULL,
      "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html", 0 },
    { "NVML_ERROR_", NULL, NULL, NONE, take_nvml_error, NULL,
      "https://docs.nvidia.com/deploy/nvml-api/group__nvmlDeviceEnumvs.html", 0 },
    { "CUDNN_STATUS_", NULL, NULL, NONE, take_cudnn_status, NULL,
      "https://docs.nvidia.com/deeplearning/cudnn/latest/api/cudnn-graph-library.html", 0 },
    /* bare numbers: Warp "CUDA error 34", Paddle "Cuda error(35)", ONNX Runtime "CUDA failure 100:" */
    { "CUDA error", NULL, NULL, NONE, take_cuda_error_number, NULL,
      GH "NVIDIA/warp/blob/main/warp/native/cuda_util.cpp", 0 },
    { "CUDA failure ", NULL, NULL, NONE, take_cuda_error_number, NULL,
      ORTSRC "onnxruntime/core/providers/cuda/cuda_call.cc", 0 },
    /* nvmlErrorString(NVML_ERROR_OPERATING_SYSTEM), as nvidia-smi prints it (WSL GPU-PV, cgroups) */
    { "GPU access blocked by the operating system", NULL, NULL, NONE, take_nvml_blocked, NULL,
      "https://docs.nvidia.com/deploy/nvml-api/group__nvmlDeviceEnumvs.html", 0 },
    /* A Linux driver installed: on WSL 2 it shadows the Windows driver's libcuda in /usr/lib/wsl/lib
       (NVIDIA's CUDA on WSL User Guide, "Getting Started with CUDA on WSL 2": the Windows driver is the
       only one; no Linux display driver may be installed in WSL).  Only a hint: the judge weighs it on WSL. */
    { "install", "nvidia-driver-", NULL, LE_LINUX_DRIVER_INSTALL, NULL, "wsl_driver_issue",
      "https://docs.nvidia.com/cuda/wsl-user-guide/index.html", 1 },
    { "NVIDIA-Linux-x86_64-", ".run", NULL, LE_LINUX_DRIVER_INSTALL, NULL, "wsl_driver_issue",
      "https://docs.nvidia.com/cuda/wsl-user-guide/index.html", 1 },
    { "driver", " in wsl", NULL, LE_LINUX_DRIVER_INSTALL, NULL, "wsl_driver_issue",
      "https://docs.nvidia.com/cuda/wsl-user-guide/index.html", 1 },
    { "driver", " inside wsl", NULL, LE_LINUX_DRIVER_INSTALL, NULL, "wsl_driver_issue",
      "https://docs.nvidia.com/cuda/wsl-user-guide/index.html", 1 },
    /* libnvidia-container on WSL: no GPU adapter (dxcore) */
    { "WSL environment detected but no adapters were found", NULL, NULL, LE_WSL_NO_ADAPTER, NULL, "no_gpu",
      GH "NVIDIA/libnvidia-container/blob/main/src/dxcore.c", 0 },
    { "Could not open libcuda.so", NULL, NULL, NONE, take_libcuda, "no_driver",
      GH "NVIDIA/warp/blob/main/warp/native/cuda_util.cpp", 0 },
    /* cudaDriverGetVersion gives 0 when no driver is installed (CUDA runtime API); Warp prints it as 0.0 */
    { "installed CUDA driver version is 0.0", NULL, NULL, LE_DRIVER_ZERO, NULL, "no_driver",
      GH "NVIDIA/warp/blob/main/warp/context.py", 0 },
    { ", Driver 0.0", "CUDA Toolkit", NULL, LE_DRIVER_ZERO, NULL, "no_driver",
      GH "NVIDIA/warp/blob/main/warp/context.py", 0 },
    { "cuda runtime error (", NULL, NULL, NONE, take_cuda_runtime_error, NULL,
      GH "pytorch/pytorch/blob/v0.4.1/aten/src/THC/THCGeneral.cpp", 0 },
    { "CUDA driver version is insufficient for CUDA runtime version", NULL, NULL,
      LE_INSUFFICIENT_DRIVER, NULL, "driver_too_old",
      "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html", 0 },
    { "no kernel image is available for execution on the device", NULL, NULL, LE_NO_KERNEL_IMAGE,
      NULL, "gpu_arch_unsupported",
      "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html", 0 },
    { "invalid value for --gpu-architecture", NULL, NULL, LE_COMPILER_ARCH, take_compiler_arch,
      "gpu_arch_unsupported", "https://docs.nvidia.com/cuda/nvrtc/index.html#supported-compile-options", 0 },
    { "Unsupported gpu architecture '", NULL, NULL, LE_COMPILER_ARCH, take_compiler_arch,
      "gpu_arch_unsupported",
      "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#gpu-feature-list", 0 },
    { "is not defined for option 'gpu-name'", NULL, NULL, LE_COMPILER_ARCH, take_compiler_arch,
      "gpu_arch_unsupported",
      "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html#gpu-feature-list", 0 },
    { "couldn't communicate with the NVIDIA driver", NULL, NULL, LE_SMI_FAILED, NULL, "no_driver",
      "https://docs.nvidia.com/deploy/nvidia-smi/index.html", 0 },
    /* the same message wrapped onto its second line */
    { "Make sure that the latest NVIDIA driver is installed and running", NULL,
      "couldn't communicate with the NVIDIA driver", LE_SMI_FAILED, NULL, "no_driver",
      "https://docs.nvidia.com/deploy/nvidia-smi/index.html", 0 },
    { "NVRM: API mismatch: the client has the version ", NULL, NULL, LE_NVRM_API_MISMATCH, take_nvrm_client,
      "driver_library_mismatch",
      GH "NVIDIA/open-gpu-kernel-modules/blob/main/src/nvidia/arch/nvalloc/unix/src/osapi.c", 0 },
    /* the same message's second line in dmesg */
    { "this kernel module has the version ", NULL, "API mismatch", NONE, take_nvrm_kernel, NULL,
      GH "NVIDIA/open-gpu-kernel-modules/blob/main/src/nvidia/arch/nvalloc/unix/src/osapi.c", 0 },
    /* lspci (pciutils, names from pci.ids): the GPU is on the bus */
    { "VGA compatible controller: NVIDIA Corporation ", NULL, NULL, NONE, take_lspci, NULL,
      "https://github.com/pciutils/pciutils/blob/master/lspci.c", 0 },
    { "3D controller: NVIDIA Corporation ", NULL, NULL, NONE, take_lspci, NULL,
      "https://github.com/pciutils/pciutils/blob/master/lspci.c", 0 },
    { "Driver/library version mismatch", NULL, NULL, LE_NVML_MISMATCH, NULL,
      "driver_library_mismatch", "https://docs.nvidia.com/deploy/nvml-api/group__nvmlDeviceEnumvs.html", 0 },
    { "Cuda compilation tools, release ", NULL, NULL, NONE, take_nvcc, NULL,
      "https://docs.nvidia.com/cuda/cuda-compiler-driver-nvcc/index.html", 0 },
    { "Could not locate zlibwapi.dll", NULL, NULL, LE_ZLIBWAPI, take_zlibwapi, "missing_cudnn",
      "https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-890/install-guide/index.html#install-zlib-windows", 0 },
    { "Could not load library ", "Please make sure", NULL, LE_CUDA_LIB_LOAD, take_cuda_lib_load,
      NULL, "https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-890/install-guide/index.html", 0 },
    { "Could not load library ", ". Error: ", "Please make sure", LE_CUDA_LIB_LOAD,
      take_cuda_lib_load, NULL,
      "https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-890/install-guide/index.html", 0 },
    /* the same message cut short in a paste: "Could not load library libcudnn_cnn_infer.so.8" */
    { "Could not load library ", "cudnn", "Please make sure", LE_CUDA_LIB_LOAD, take_cuda_lib_load, NULL,
      "https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-890/install-guide/index.html", 1 },
    { "/dev/shm/nccl", NULL, NULL, LE_NCCL_SHM, NULL, "shm_too_small",
      "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html#shared-memory", 0 },
    { "Error while creating shared memory segment", NULL, "/dev/shm/nccl", LE_NCCL_SHM, NULL,
      "shm_too_small", GH "NVIDIA/nccl/blob/master/src/misc/shmutils.cc", 0 },
    { "posix_fallocate failed", NULL, NULL, LE_NCCL_SHM, NULL, "shm_too_small",
      GH "NVIDIA/nccl/blob/v2.7.8-1/src/include/shm.h", 0 },
    { "unhandled system error", "NCCL", NULL, LE_NCCL_SYSERR, NULL, NULL,
      GH "NVIDIA/nccl/blob/master/src/include/nccl.h.in", 0 },
    { "insufficient shared memory", NULL, NULL, LE_NCCL_SHM, NULL, "shm_too_small",
      PTSRC "torch/utils/data/_utils/signal_handling.py", 0 },
    { "could not select device driver", "[[gpu]]", NULL, LE_DOCKER_NO_GPU, NULL,
      "container_toolkit_missing",
      "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html", 0 },
    { "unknown or invalid runtime name: nvidia", NULL, NULL, LE_DOCKER_NO_GPU, NULL,
      "container_toolkit_missing",
      "https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/latest/install-guide.html", 0 },
    /* older Docker daemons: "docker: Error response from daemon: Unknown runtime specified nvidia." */
    { "Unknown runtime specified nvidia", NULL, NULL, LE_DOCKER_NO_GPU, NULL, "container_toolkit_missing",
      GH "moby/moby/blob/v19.03.15/daemon/daemon_unix.go", 0 },
    /* file_create opens with O_NOFOLLOW: an image whose path is a symbolic link (its own driver
       package's libnvidia-ml.so.1, libcuda.so.1) fails with ELOOP, which it reports as EEXIST */
    { "mount error: file creation failed:", "file exists", NULL, LE_CTK_FILE_EXISTS, take_ctk_exists,
      "driver_library_mismatch", GH "NVIDIA/libnvidia-container/blob/main/src/utils.c", 1 },
    { "unsatisfied condition: cuda", NULL, NULL, LE_DRIVER_REQUIREMENT, take_requirement,
      "driver_too_old", GH "NVIDIA/libnvidia-container/blob/main/src/cli/common.c", 0 },
    { "the provided PTX was compiled with an unsupported toolchain", NULL, "cudaError", NONE,
      take_ptx_toolchain, "driver_too_old",
      "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html", 0 },
    { "forward compatibility was attempted on non supported HW", NULL, "cudaError", NONE,
      take_compat_hw, "driver_too_old",
      "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html", 0 },
    { "physical_device:CPU", NULL, NULL, LE_TF_CPU_DEVICES, NULL, NULL,
      TFSRC "master/tensorflow/python/framework/config.py", 0 },
    { "device_type: \"CPU\"", NULL, NULL, LE_TF_CPU_DEVICES, NULL, NULL,
      TFSRC "master/tensorflow/python/client/device_lib.py", 0 },
    /* TensorFlow 2.0-2.3 list XLA's own devices: an XLA_GPU means the driver answered and counted a GPU */
    { "physical_device:XLA_GPU", NULL, NULL, NONE, take_xla_gpu, NULL,
      TFSRC "v2.3.0/tensorflow/compiler/jit/xla_gpu_device.cc", 0 },
    { "device_type: \"XLA_GPU\"", NULL, NULL, NONE, take_xla_gpu, NULL,
      TFSRC "v2.3.0/tensorflow/compiler/jit/xla_gpu_device.cc", 0 },
    { "physical_device:GPU", NULL, NULL, LE_TF_GPU_DEVICES, NULL, NULL,
      TFSRC "master/tensorflow/python/framework/config.py", 0 },
    { "device_type: \"GPU\"", NULL, NULL, LE_TF_GPU_DEVICES, NULL, NULL,
      TFSRC "master/tensorflow/python/client/device_lib.py", 0 },
    { "mps.is_available()", NULL, NULL, LE_MPS_UNAVAILABLE, NULL, "apple_silicon",
      PTSRC "torch/backends/mps/__init__.py", 0 },
    { "tensorflow-metal", NULL, NULL, LE_MPS_UNAVAILABLE, NULL, "apple_silicon",
      "https://developer.apple.com/metal/tensorflow-plugin/", 0 },
    { "TensorFlow Version", NULL, NULL, NONE, take_tf_version, NULL,
      TFSRC "master/tensorflow/python/framework/versions.py", 0 },
    { "Could not identify NUMA node", NULL, NULL, LE_NOISE_NUMA, NULL, "harmless_noise",
      TFSRC "v2.15.0/tensorflow/core/common_runtime/pluggable_device/pluggable_device_factory.cc", 0 },
    { "does not support NUMA", NULL, NULL, LE_NOISE_NUMA, NULL, "harmless_noise",
      TFSRC "v1.5.0/tensorflow/stream_executor/cuda/cuda_gpu_executor.cc", 0 },
    { "Created TensorFlow device", "GPU", NULL, LE_GPU_WORKS, NULL, NULL,
      TFSRC "v2.15.0/tensorflow/core/common_runtime/gpu/gpu_device.cc", 0 },
    { "Creating TensorFlow device (/gpu", NULL, NULL, LE_GPU_WORKS, NULL, NULL,
      TFSRC "v1.5.0/tensorflow/core/common_runtime/gpu/gpu_device.cc", 0 },
    { "Creating TensorFlow device (/device:GPU", NULL, NULL, LE_GPU_WORKS, NULL, NULL,
      TFSRC "v1.15.0/tensorflow/core/common_runtime/gpu/gpu_device.cc", 0 },
    /* NVIDIA Warp's module load (warp/context.py, printed by default): its kernels ran on a CUDA device */
    { "load on device 'cuda:", "Module ", NULL, LE_GPU_WORKS, NULL, NULL,
      GH "NVIDIA/warp/blob/v1.5.0/warp/context.py", 0 },
    /* Warp's renderer without CUDA/OpenGL interop falls back to copies (compute unaffected) */
    { "Could not register GL buffer since CUDA/OpenGL interoperability is not available", NULL, NULL,
      LE_NOISE_GL_INTEROP, NULL, "harmless_noise", GH "NVIDIA/warp/blob/v1.5.0/warp/context.py", 0 },
    { "Plugin optimizer for device_type GPU is enabled", NULL, NULL, LE_GPU_WORKS, NULL, NULL,
      TFSRC "v2.15.0/tensorflow/core/grappler/optimizers/custom_graph_optimizer_registry.cc", 0 },
    { "/stubs/libcuda.so", NULL, NULL, LE_STUB_LIBCUDA, NULL, "stub_driver_on_path",
      "https://docs.nvidia.com/cuda/cuda-installation-guide-linux/index.html", 0 },
    { "error code ", "CUDA", NULL, NONE, take_error_code, NULL,
      "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html", 0 },
    /* cudaGetErrorString's text of cudaErrorInvalidDeviceFunction (98; 8 up to CUDA 10.0) */
    { "invalid device function", NULL, NULL, NONE, take_invalid_device_function, "gpu_arch_unsupported",
      "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html", 0 },
    { "no CUDA-capable device is detected", NULL, NULL, NONE, take_no_device, "no_gpu",
      "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html", 0 },
    /* a provider list printed as Python's repr: the GPU package's get_available_providers() always
       names CUDAExecutionProvider (it is compiled in); without it the CPU package's files are imported,
       or (after a failed load) the session fell back */
    { "'CPUExecutionProvider']", NULL, "CUDAExecutionProvider", LE_ORT_PROVIDER_LIST, NULL, "cpu_only_build",
      ORTSRC "onnxruntime/python/onnxruntime_pybind_state.cc", 0 },
    { "\"CPUExecutionProvider\"]", NULL, "CUDAExecutionProvider", LE_ORT_PROVIDER_LIST, NULL, "cpu_only_build",
      ORTSRC "onnxruntime/python/onnxruntime_pybind_state.cc", 0 },
    { "is not in available provider names", "CUDAExecutionProvider", NULL, LE_ORT_CPU_PKG, NULL,
      "cpu_only_build", ORTSRC "onnxruntime/python/onnxruntime_inference_collection.py", 0 },
    { "installed CPU version PaddlePaddle", NULL, NULL, LE_CPU_BUILD_MSG, NULL, "cpu_only_build",
      GH "PaddlePaddle/Paddle/blob/develop/paddle/fluid/pybind/pybind.cc", 0 },
    { "in CPU only version", NULL, NULL, LE_CPU_BUILD_MSG, NULL, "cpu_only_build",
      GH "PaddlePaddle/Paddle/blob/release/1.8/paddle/fluid/pybind/pybind.cc", 0 },
    { "Not compiled with CUDA", NULL, NULL, LE_CPU_BUILD_MSG, NULL, "cpu_only_build",
      PTSRC "torch/cuda/__init__.py", 0 },
    { "Unable to load the kernel module 'nvidia", NULL, NULL, LE_KERNEL_DRIVER_DOWN, NULL, "no_driver",
      GH "NVIDIA/nvidia-installer/blob/main/kernel.c", 0 },
    { "Jax plugin configuration error: Exception when calling", NULL, NULL, LE_JAX_PLUGIN_MISMATCH, NULL, "framework_plugin_mismatch",
      JAXSRC "jax/_src/xla_bridge.py", 0 },
    { "NVIDIA driver is not loaded", NULL, NULL, LE_KERNEL_DRIVER_DOWN, NULL, "no_driver",
      GH "NVIDIA/nvidia-settings/blob/main/src/nvidia-settings.c", 0 },
    { "dkms.conf", "Error", NULL, LE_KERNEL_DRIVER_DOWN, NULL, "no_driver",
      GH "dell/dkms/blob/master/dkms.in", 0 },
    { "obtained ownership of the NVIDIA device", NULL, NULL, LE_NOUVEAU, NULL, "nouveau_loaded",
      GH "NVIDIA/open-gpu-kernel-modules/blob/main/kernel-open/nvidia/nv-pci.c", 0 },
    { "NVRM: nouveau", NULL, NULL, LE_NOUVEAU, NULL, "nouveau_loaded",
      GH "NVIDIA/open-gpu-kernel-modules/blob/main/kernel-open/nvidia/nv-pci.c", 0 },
    { "Insufficient Permissions", NULL, NULL, LE_NVML_PERMISSION, NULL, "device_permissions",
      "https://docs.nvidia.com/deploy/nvml-api/group__nvmlReturn.html", 0 },
    { "Failed to dlopen libcuda", NULL, NULL, NONE, take_libcuda, "no_driver",
      GH "NVIDIA/cuda-python/blob/main/cuda_bindings/cuda/bindings/_bindings/cydriver.pyx.in", 0 },
    { "Unable to find cuda lib under the names", NULL, NULL, NONE, take_libcuda, "no_driver",
      GH "coreylowman/cudarc/blob/main/src/driver/sys/mod.rs", 0 },
    /* libgpuarray's loader: Could not load "nvrtc64_70.dll": <dlerror> */
    { "Could not load \"", ".dll\"", NULL, NONE, take_named_lib, NULL,
      GH "Theano/libgpuarray/blob/master/src/loaders/dyn_load.c", 0 },
    { "Could not load '", ".dll'", NULL, LE_TF_SELF_CHECK, take_named_lib, NULL,
      TFSRC "v1.5.0/tensorflow/python/platform/self_check.py", 0 },
    { "CuPy failed to load ", NULL, NULL, NONE, take_named_lib, NULL,
      GH "cupy/cupy/blob/main/cupy/_environment.py", 0 },
    { "No CUDA device found with minimum required compute capability", NULL, NULL, LE_GPU_TOO_OLD,
      NULL, "gpu_arch_unsupported", GH "iperov/DeepFaceLab/blob/master/core/leras/device.py", 0 },
    { "libmetal_plugin", NULL, NULL, LE_MPS_UNAVAILABLE, NULL, "apple_silicon",
      "https://developer.apple.com/metal/tensorflow-plugin/", 0 },
    { "No module named '", NULL, NULL, LE_MODULE_MISSING, take_module, "wrong_environment",
      GH "python/cpython/blob/main/Python/import.c", 0 },
    /* The frameworks' own messages, read from their source (issue 28); before the loader's texts, so
       that the library a framework names is recorded as that framework's. */
    { "Couldn't open CUDA library ", NULL, NULL, LE_TF_DLOPEN_FAIL, take_tf1_dso, NULL,
      TFSRC "v1.4.0/tensorflow/stream_executor/dso_loader.cc", 0 },
    { "dynamic library (", "that Paddle depends on is not configured correctly", NULL, LE_SO_NOT_FOUND,
      take_paddle_dso, NULL, GH "PaddlePaddle/Paddle/blob/release/2.6/paddle/phi/backends/dynload/dynamic_loader.cc", 1 },
    { "Unable to load ", ". Is it installed?", NULL, LE_JAX_LIB_MISSING, take_jax_lib, NULL,
      GH "jax-ml/jax/blob/jax-v0.4.26/jax_plugins/cuda/__init__.py", 1 },
    { "Failed to load library libonnxruntime_providers_", "with error: ", "providers_cuda", NONE, take_ort_other,
      NULL, GH "microsoft/onnxruntime/blob/v1.17.0/onnxruntime/core/session/provider_bridge_ort.cc", 1 },
    { " which requires CUDA_VERSION >= ", NULL, NULL, LE_FW_NO_ARCH, take_torch_needs_cuda,
      "gpu_arch_unsupported", GH "pytorch/pytorch/blob/v1.0.0/torch/cuda/__init__.py", 0 },
    { "The GPU architecture in your current machine is ", "which is not compatible with Paddle installation",
      NULL, LE_FW_NO_ARCH, take_paddle_arch, "gpu_arch_unsupported",
      GH "PaddlePaddle/Paddle/blob/develop/paddle/phi/backends/gpu/gpu_resources.cc", 1 },
    { "The GPU compute capability in your current machine is ", "which is not supported by Paddle", NULL,
      LE_FW_NO_ARCH, take_paddle_cc, "gpu_arch_unsupported",
      GH "PaddlePaddle/Paddle/blob/develop/paddle/phi/backends/gpu/gpu_resources.cc", 1 },
    { "Please NOTE: device: ", "Driver API Version: ", NULL, NONE, take_paddle_note, NULL,
      GH "PaddlePaddle/Paddle/blob/develop/paddle/phi/backends/gpu/gpu_resources.cc", 1 },
    { "The installed Paddle is compiled with CUDA", "in your machine is", "but CUDNN version in your machine",
      LE_PADDLE_CUDA_CHECK, take_paddle_cuda, NULL,
      GH "PaddlePaddle/Paddle/blob/develop/paddle/phi/backends/gpu/gpu_resources.cc", 1 },
    /* a GPU build of Paddle that counted no GPU (the count is 0 when cudaGetDeviceCount fails: the code,
       when printed, is on gpu_info.cc's own line) */
    { "You are using GPU version Paddle, but your CUDA device is not set properly", NULL, NULL,
      LE_CUDA_COUNT_FAILED, NULL, "no_gpu", GH "PaddlePaddle/Paddle/blob/release/2.6/python/paddle/base/framework.py", 0 },
    { "Compiled with WITH_GPU, but no GPU found in runtime", NULL, NULL, LE_CUDA_COUNT_FAILED, NULL, "no_gpu",
      GH "PaddlePaddle/Paddle/blob/release/2.6/paddle/fluid/platform/init.cc", 0 },
    { "failed call to cu", "UNKNOWN ERROR (", NULL, NONE, take_cu_unknown, NULL,
      GH "openxla/xla/blob/main/xla/stream_executor/cuda/cuda_driver.cc", 1 },
    { "Possibly insufficient driver version: ", NULL, NULL, NONE, take_dnn_driver, NULL,
      TFSRC "v2.10.0/tensorflow/stream_executor/cuda/cuda_dnn.cc", 0 },
    { "CUDA_PATH is set but CUDA wasn", NULL, NULL, LE_ORT_EP_FAIL, take_ort_cuda_path, NULL,
      GH "microsoft/onnxruntime/blob/v1.17.0/onnxruntime/python/onnxruntime_pybind_state.cc", 0 },
    { "multiple CuPy packages are installed", NULL, NULL, LE_FW_TORN_INSTALL, take_cupy_dup, "broken_install",
      GH "cupy/cupy/blob/v13.0.0/cupy/_environment.py", 0 },
    { "jaxlib is version ", "but this version of jax requires version", NULL, LE_FW_TORN_INSTALL, take_jax_skew,
      "broken_install", GH "jax-ml/jax/blob/jax-v0.4.30/jax/_src/lib/__init__.py", 1 },
    { "jaxlib version ", "is newer than and incompatible with jax version", NULL, LE_FW_TORN_INSTALL, take_jax_skew,
      "broken_install", GH "jax-ml/jax/blob/jax-v0.4.30/jax/_src/lib/__init__.py", 1 },
    /* NVML's nvmlErrorString(NVML_ERROR_DRIVER_NOT_LOADED), as nvidia-container-cli ("nvml error: driver not
       loaded", src/driver.c) and pynvml ("NVMLError_DriverNotLoaded: Driver Not Loaded") print it */
    { "driver not loaded", "nvml", NULL, LE_KERNEL_DRIVER_DOWN, NULL, "no_driver",
      GH "NVIDIA/libnvidia-container/blob/v1.14.0/src/driver.c", 0 },
    /* the ldconfig that config.toml names (ldconfig = "@/sbin/ldconfig.real", Debian's) is not on this host */
    { "ldcache error: open failed: ", "ldconfig", NULL, LE_DOCKER_NO_GPU, NULL, "container_toolkit_missing",
      GH "NVIDIA/libnvidia-container/blob/v1.14.0/src/cli/configure.c", 1 },
    /* a CDI device asked for that no CDI spec on the host defines (nvidia-ctk cdi generate has not run) */
    { "unresolvable CDI devices", NULL, NULL, LE_DOCKER_NO_GPU, NULL, "container_toolkit_missing",
      GH "cncf-tags/container-device-interface/blob/v0.6.2/pkg/cdi/cache.go", 0 },
    { "NVMLError_", NULL, NULL, NONE, take_pynvml_class, NULL, "https://pypi.org/project/nvidia-ml-py/ (pynvml.py)", 0 },
    { "Can't find libdevice directory", NULL, NULL, LE_XLA_NO_LIBDEVICE, NULL, "library_path_not_set",
      GH "openxla/xla/blob/main/xla/service/gpu/llvm_gpu_backend/nvptx_libdevice_path.cc", 0 },
    { "libdevice not found at ", NULL, NULL, LE_XLA_NO_LIBDEVICE, NULL, "library_path_not_set",
      TFSRC "v2.12.0/tensorflow/compiler/xla/service/gpu/llvm_gpu_backend/gpu_backend_lib.cc", 0 },
    { "DNN library initialization failed", NULL, NULL, LE_DNN_INIT_FAIL, NULL, "cudnn_version_mismatch",
      GH "openxla/xla/blob/main/xla/stream_executor/cuda/cuda_dnn.cc", 0 },
    { " which is older than the ptxas CUDA version", NULL, NULL, LE_NOISE_PTXAS_NEWER, take_ptxas_newer,
      "harmless_noise", GH "openxla/xla/blob/main/xla/service/gpu/nvptx_compiler.cc", 0 },
    /* Loader texts last: TF's and ORT's own lines already recorded their library. */
    { ": cannot open shared object file", NULL, "Could not load dynamic library", LE_SO_NOT_FOUND,
      take_so_missing, NULL, "https://sourceware.org/git/?p=glibc.git;a=blob;f=elf/dl-load.c", 0 },
    { "ImportError: lib", NULL, NULL, NONE, take_import_so, NULL,
      GH "python/cpython/blob/main/Python/dynload_shlib.c", 0 },
    { " => not found", NULL, NULL, LE_SO_NOT_FOUND, take_ldd_missing, NULL,
      "https://sourceware.org/git/?p=glibc.git;a=blob;f=elf/rtld.c", 0 },
    { "undefined symbol: ", NULL, NULL, LE_UNDEFINED_SYMBOL, take_undefined_symbol, NULL,
      "https://sourceware.org/git/?p=glibc.git;a=blob;f=elf/dl-lookup.c", 0 },
    { " not defined in file ", "with link time reference", NULL, LE_UNDEFINED_SYMBOL,
      take_symbol_version, NULL, "https://sourceware.org/git/?p=glibc.git;a=blob;f=elf/dl-version.c", 0 },
    /* Paddle loaded a cuDNN (cudnnGetVersion) older than the one it was compiled with: a warning
       that the GPU often survives, so a hint; the judge weighs it against a cuDNN library failing */
    { "The installed Paddle is compiled with CUDNN", "but CUDNN version in your machine is", NULL,
      LE_PADDLE_CUDNN_OLDER, NULL, "cudnn_version_mismatch",
      GH "PaddlePaddle/Paddle/blob/develop/paddle/phi/backends/gpu/gpu_resources.cc", 1 },
    /* PaddlePaddle's dynload (paddle/phi/backends/dynload/dynamic_loader.cc) */
    { "Failed to find dynamic library: ", NULL, NULL, LE_SO_NOT_FOUND, take_paddle_lib, NULL,
      GH "PaddlePaddle/Paddle/blob/develop/paddle/phi/backends/dynload/dynamic_loader.cc", 0 },
    { "Cannot load cudnn shared library", NULL, NULL, LE_SO_NOT_FOUND, take_paddle_cudnn, NULL,
      GH "PaddlePaddle/Paddle/blob/release/2.4/paddle/fluid/platform/dynload/cudnn.cc", 0 },

    /* Libraries beside the big frameworks, each message as its source prints it. */
    /* OpenCV's DNN module: without HAVE_CUDA it never had the backend; with it, no CUDA device answered */
    { "DNN module was not built with CUDA backend", NULL, NULL, LE_OPENCV_DNN_NO_CUDA, NULL, "cpu_only_build",
      GH "opencv/opencv/blob/4.8.0/modules/dnn/src/net_impl.cpp", 0 },
    { "unable to use CUDA backend; switching to CPU", NULL, NULL, LE_OPENCV_DNN_NO_DEVICE, NULL, NULL,
      GH "opencv/opencv/blob/4.8.0/modules/dnn/src/net_impl.cpp", 0 },
    /* DGL's device API registry: the CPU wheel registers no "cuda" (older: "gpu") device API */
    { "Device API cuda is not enabled", NULL, NULL, LE_DGL_NO_CUDA, take_dgl_device, "cpu_only_build",
      GH "dmlc/dgl/blob/master/src/runtime/c_runtime_api.cc", 0 },
    { "Device API gpu is not enabled", NULL, NULL, LE_DGL_NO_CUDA, take_dgl_device, "cpu_only_build",
      GH "dmlc/dgl/blob/0.9.x/src/runtime/c_runtime_api.cc", 0 },
    /* an extension built against another torch: glibc's undefined symbol, of torch's own C++ API */
    { "undefined symbol: ", NULL, NULL, NONE, take_ext_torch_symbol, "extension_build_mismatch",
      GH "open-mmlab/mmcv/blob/v2.2.0/docs/en/faq.md", 0 },
    { "were compiled with different CUDA versions", "PyTorch and ", NULL, LE_EXT_CUDA_DIFFERS,
      take_ext_cuda_differs, "extension_build_mismatch", GH "rusty1s/pytorch_scatter/blob/2.1.2/torch_scatter/__init__.py", 0 },
    /* CTranslate2 (faster-whisper): cuBLAS by the CUDA major of the build */
    { " is not found or cannot be loaded", "Library ", NULL, NONE, take_ct2_library, NULL,
      GH "OpenNMT/CTranslate2/blob/v4.8.1/src/cuda/cublas_stub.cc", 0 },
    /* cuDNN 8's own loader, for its sub-libraries (cudnn64_8.dll loads cudnn_ops_infer64_8.dll ...) */
    { "Could not locate ", "Please make sure it is in your library path", "zlibwapi", NONE, take_named_lib, "missing_cudnn",
      "https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-890/install-guide/index.html", 0 },
    /* kube-scheduler: the pod requests nvidia.com/gpu and no node has one free */
    { "Insufficient nvidia.com/gpu", NULL, NULL, LE_K8S_INSUFFICIENT_GPU, NULL, "container_toolkit_missing",
      GH "kubernetes/kubernetes/blob/v1.30.0/pkg/scheduler/framework/plugins/noderesources/fit.go", 0 },
    /* XLA warns once about the ptxas it invokes */
    { "Invoking ptxas with version ", NULL, NULL, LE_XLA_PTXAS_OLD, take_xla_ptxas, "multiple_cuda_conflict",
      GH "openxla/xla/blob/main/xla/stream_executor/cuda/ptx_compiler_helpers.cc", 0 },
    { "+cu", NULL, NULL, NONE, take_torch_cu_label, NULL, "https://download.pytorch.org/whl/torch/", 0 },
    { "+cpu", NULL, NULL, NONE, take_torch_cu_label, NULL, "https://download.pytorch.org/whl/cpu/torch/", 0 },
    /* ldconfig (apt's libc-bin trigger) on a soname that is a file: WSL's libcuda.so.1 copies */
    { "is not a symbolic link", "libcuda", NULL, LE_NOISE_LDCONFIG_LINK, NULL, "harmless_noise",
      "https://sourceware.org/git/?p=glibc.git;a=blob;f=elf/ldconfig.c;hb=glibc-2.31", 0 },
    /* XGBoost asked for the GPU by a build without CUDA (AssertGPUSupport, LOG(FATAL)) */
    { "XGBoost version not compiled with GPU support", NULL, NULL, LE_XGB_NO_GPU, NULL, "cpu_only_build",
      GH "dmlc/xgboost/blob/v1.6.0/src/common/common.h", 0 },
    /* ---- the programs beside the frameworks, read from their sources (issue 28, second list) ---- */
    /* llama.cpp ggml/src/ggml-cuda/ggml-cuda.cu, ggml_cuda_init and ggml_cuda_error print cudaGetErrorString only */
    { "CUDA driver is a stub library", NULL, "CUDA_ERROR_STUB_LIBRARY", NONE, take_stub_text, "stub_driver_on_path",
      "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html", 0 },
    { "system has unsupported display driver / cuda driver combination", NULL, NULL, NONE, take_sysdrv_text,
      "driver_library_mismatch", "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html", 0 },
    { "cudaMalloc failed: out of memory", NULL, NULL, LE_OOM, NULL, "out_of_memory",
      GH "ggml-org/llama.cpp/blob/b4400/ggml/src/ggml-cuda/ggml-cuda.cu", 0 },
    /* llama.cpp common/arg.cpp: llama_supports_gpu_offload() false (b3600+; common.cpp before); the text as
       ggml-org's own CI output prints it (builds 4280-4927) */
    { "no usable GPU found, --gpu-layers option will be ignored", NULL, NULL, LE_LIB_NO_GPU_BACKEND, NULL,
      "cpu_only_build", GH "ggml-org/llama.cpp/blob/b4400/common/arg.cpp", 0 },
    { "llama.cpp was compiled without GPU support", NULL, NULL, LE_LIB_NO_GPU_BACKEND, NULL, "cpu_only_build",
      GH "ggml-org/llama.cpp/blob/b4400/common/arg.cpp", 0 },
    /* Apache MXNet src/storage/storage.cc (1.x): a GPU context in a build without MXNET_USE_CUDA */
    { "Compile with USE_CUDA=1 to enable GPU usage", NULL, NULL, LE_LIB_NO_GPU_BACKEND, NULL, "cpu_only_build",
      GH "apache/mxnet/blob/1.9.1/src/storage/storage.cc", 0 },
    /* TensorRT libnvinfer (closed; 8.x-10.x): cudaGetDeviceCount/cudaFree failed with this cudaError_t */
    { "CUDA initialization failure with error: ", NULL, NULL, NONE, take_trt_cuda_init, NULL,
      "https://docs.nvidia.com/deeplearning/tensorrt/latest/inference-library/troubleshooting.html", 0 },
    { "TensorRT was linked against ", " but loaded ", NULL, LE_LIB_LINKED_OTHER, take_trt_linked,
      "cudnn_version_mismatch", "https://docs.nvidia.com/deeplearning/tensorrt/latest/getting-started/support-matrix.html", 1 },
    { "CUDA lazy loading is not enabled", NULL, NULL, LE_NOISE_LIB, NULL, "harmless_noise",
      "https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#lazy-loading", 0 },
    /* DeepSpeed op_builder/builder.py assert_no_cuda_mismatch (v0.9-v0.19) and installed_cuda_version */
    { "DeepSpeed Op Builder: Installed CUDA version ", "does not match the version torch was compiled with",
      "DS_SKIP_CUDA_CHECK", LE_EXT_CUDA_MISMATCH, NULL, "extension_build_mismatch",
      GH "deepspeedai/DeepSpeed/blob/v0.19.5/op_builder/builder.py", 1 },
    { "but since the APIs are compatible, accepting this combination", NULL, NULL, LE_NOISE_LIB, NULL,
      "harmless_noise", GH "deepspeedai/DeepSpeed/blob/v0.19.5/op_builder/builder.py", 0 },
    { "CUDA_HOME does not exist, unable to compile CUDA op(s)", NULL, NULL, LE_CUDA_HOME_UNSET, NULL,
      "extension_build_mismatch", GH "deepspeedai/DeepSpeed/blob/v0.19.5/op_builder/builder.py", 0 },
    { "Setting ds_accelerator to cpu (auto detect)", NULL, NULL, LE_LIB_NO_DEVICE, NULL, "no_gpu",
      GH "deepspeedai/DeepSpeed/blob/v0.19.5/accelerator/real_accelerator.py", 0 },
    /* xFormers xformers/_cpp_lib.py (v0.0.20-v0.0.35) */
    { "xFormers can't load C++/CUDA extensions", NULL, NULL, LE_XFORMERS_NO_EXT, NULL, "extension_build_mismatch",
      GH "facebookresearch/xformers/blob/v0.0.35/xformers/_cpp_lib.py", 0 },
    { "Need to compile C++ extensions to use all xFormers features", NULL, NULL, LE_XFORMERS_NO_EXT, NULL,
      "extension_build_mismatch", GH "facebookresearch/xformers/blob/v0.0.35/xformers/_cpp_lib.py", 0 },
    { "    PyTorch ", "(you have ", NULL, NONE, take_xformers_built, NULL,
      GH "facebookresearch/xformers/blob/v0.0.35/xformers/_cpp_lib.py", 1 },
    /* Triton third_party/nvidia/backend/driver.py libcuda_dirs (3.x; python/triton/common/build.py in 2.x) */
    { "libcuda.so cannot found!", NULL, NULL, NONE, take_libcuda, "no_driver",
      GH "triton-lang/triton/blob/v3.2.0/third_party/nvidia/backend/driver.py", 0 },
    /* torch/_inductor (2.0+): GPUTooOldForTriton */
    { "which is too old to be supported by the triton GPU compiler", NULL, NULL, LE_GPU_TOO_OLD, NULL,
      "gpu_arch_unsupported", PTSRC "torch/_inductor/exc.py", 0 },
    /* Numba numba/cuda/cudadrv/driver.py (DRIVER_NOT_FOUND_MSG, DISABLE_CUDA) and nvvm.py */
    { "CUDA driver library cannot be found.", NULL, NULL, NONE, take_libcuda, "no_driver",
      GH "numba/numba/blob/0.60.0/numba/cuda/cudadrv/driver.py", 0 },
    { "libNVVM cannot be found", NULL, NULL, NONE, take_numba_nvvm, "missing_other_cuda_lib",
      GH "numba/numba/blob/0.60.0/numba/cuda/cudadrv/nvvm.py", 0 },
    { "CUDA is disabled due to setting NUMBA_DISABLE_CUDA=1", NULL, NULL, LE_CVD_HIDDEN, NULL, "env_hides_gpu",
      GH "numba/numba/blob/0.60.0/numba/cuda/cudadrv/driver.py", 0 },
    /* vLLM vllm/platforms/__init__.py (v0.7.3+): no platform plugin activated; vllm/config.py DeviceConfig */
    { "No platform detected, vLLM is running on UnspecifiedPlatform", NULL, NULL, LE_LIB_NO_DEVICE, NULL, "no_gpu",
      GH "vllm-project/vllm/blob/v0.8.5/vllm/platforms/__init__.py", 0 },
    { "Failed to infer device type", NULL, "raise RuntimeError(", LE_LIB_NO_DEVICE, NULL, "no_gpu",
      GH "vllm-project/vllm/blob/v0.8.5/vllm/config.py", 0 },
    { "CUDA platform is not available because no GPU is found", NULL, NULL, LE_LIB_NO_DEVICE, NULL, "no_gpu",
      GH "vllm-project/vllm/blob/v0.8.5/vllm/platforms/__init__.py", 0 },
    /* pynvml's str(NVMLError) of NVML_ERROR_LIBRARY_NOT_FOUND, as vLLM's platform check logs it */
    { "NVML Shared Library Not Found", NULL, "NVMLError_LibraryNotFound", NONE, take_libnvml_text, "no_driver",
      GH "vllm-project/vllm/blob/v0.8.5/vllm/platforms/__init__.py", 0 },
    /* RAPIDS cuDF python/cudf/cudf/utils/gpu_utils.py validate_setup (22.x+) */
    { "or newer architecture is required.", "Compute Capability", NULL, LE_GPU_TOO_OLD, NULL, "gpu_arch_unsupported",
      GH "rapidsai/cudf/blob/branch-24.08/python/cudf/cudf/utils/gpu_utils.py", 0 },
    { "Please update your NVIDIA GPU Driver to support CUDA", NULL, NULL, LE_INSUFFICIENT_DRIVER, NULL,
      "driver_too_old", GH "rapidsai/cudf/blob/branch-24.08/python/cudf/cudf/utils/gpu_utils.py", 0 },
    { "We couldn't detect the GPU driver properly", NULL, NULL, LE_DRIVER_ZERO, NULL, "no_driver",
      GH "rapidsai/cudf/blob/branch-24.08/python/cudf/cudf/utils/gpu_utils.py", 0 },
    { "UserWarning: No NVIDIA GPU detected", NULL, NULL, LE_LIB_NO_DEVICE, NULL, "no_gpu",
      GH "rapidsai/cudf/blob/branch-24.08/python/cudf/cudf/utils/gpu_utils.py", 0 },
    /* NCCL src/net.cc / plugin.cc: no external net plugin, the internal one is used (harmless) */
    { "No plugin found (libnccl-net.so)", NULL, NULL, LE_NOISE_LIB, NULL, "harmless_noise",
      GH "NVIDIA/nccl/blob/v2.18.3-1/src/net.cc", 0 },
    { "NET/Plugin: Could not find: libnccl-net.so", NULL, NULL, LE_NOISE_LIB, NULL, "harmless_noise",
      GH "NVIDIA/nccl/blob/v2.21.5-1/src/plugin/net.cc", 0 },
    /* Hugging Face accelerate src/accelerate/accelerator.py and transformers quantizers (bnb 4/8-bit) */
    { "fp16 mixed precision requires a GPU", NULL, NULL, LE_LIB_NO_DEVICE, NULL, "no_gpu",
      GH "huggingface/accelerate/blob/v1.2.0/src/accelerate/accelerator.py", 0 },
    { "No GPU found. A GPU is needed for quantization", NULL, NULL, LE_LIB_NO_DEVICE, NULL, "no_gpu",
      GH "huggingface/transformers/blob/v4.46.0/src/transformers/quantizers/quantizer_bnb_8bit.py", 0 },
    /* Triton python/triton/runtime/driver.py _create_driver (3.x): no backend is active (CUDA's asks torch) */
    { "0 active drivers ([]). There should only be one.", NULL, NULL, LE_LIB_NO_DEVICE, NULL, "no_gpu",
      GH "triton-lang/triton/blob/v3.2.0/python/triton/runtime/driver.py", 0 },
    /* transformers training_args.py: bf16 without is_torch_bf16_gpu_available() (no CUDA GPU, or before Ampere) */
    { "Your setup doesn't support bf16/gpu", NULL, NULL, LE_LIB_NO_DEVICE, NULL, "no_gpu",
      GH "huggingface/transformers/blob/v4.46.0/src/transformers/training_args.py", 0 },
    /* flash-attention csrc/flash_attn/flash_api.cpp: TORCH_CHECK(is_sm8x || is_sm90) */
    { "FlashAttention only supports Ampere GPUs or newer", NULL, NULL, LE_EXT_NO_ARCH, NULL, "gpu_arch_unsupported",
      GH "Dao-AILab/flash-attention/blob/v2.6.3/csrc/flash_attn/flash_api.cpp", 0 },
    /* vLLM vllm/worker/worker.py raise_if_cache_size_invalid: the weights left no memory for the KV cache */
    { "No available memory for the cache blocks", NULL, NULL, LE_OOM, NULL, "out_of_memory",
      GH "vllm-project/vllm/blob/v0.6.6/vllm/worker/worker.py", 0 },
    /* DeepSpeed op_builder/async_io.py: the optional async_io op lacks libaio (ds_report) */
    { "async_io requires the dev libaio .so object and headers", NULL, NULL, LE_NOISE_LIB, NULL, "harmless_noise",
      GH "deepspeedai/DeepSpeed/blob/v0.19.5/op_builder/async_io.py", 0 },
    /* NCCL src/misc/ibvwrap.cc: no InfiniBand verbs library, NCCL uses sockets */
    { "Failed to open libibverbs.so", "NCCL", NULL, LE_NOISE_LIB, NULL, "harmless_noise",
      GH "NVIDIA/nccl/blob/v2.21.5-1/src/misc/ibvwrap.cc", 0 },
    /* TensorRT (closed; its Developer Guide's troubleshooting table quotes it): an engine built on another GPU */
    { "engine plan file is generated on an incompatible device, expecting compute ", NULL, NULL, LE_TRT_ENGINE_DEVICE,
      take_trt_engine_cc, "gpu_arch_unsupported",
      "https://docs.nvidia.com/deeplearning/tensorrt/latest/inference-library/troubleshooting.html", 0 },
    /* the GPU's compute capability where cuDF and torch's inductor print it beside their refusal */
    { "Detected Compute Capability: ", NULL, NULL, NONE, take_detected_cc, NULL,
      GH "rapidsai/cudf/blob/branch-24.08/python/cudf/cudf/utils/gpu_utils.py", 0 },
    { "but your device is of CUDA capability ", "triton GPU compiler", NULL, NONE, take_detected_cc, NULL,
      PTSRC "torch/_inductor/exc.py", 0 },
    /* bitsandbytes 0.39-0.41 cuda_setup/main.py and cextension.py: no CUDA runtime found */
    { "the main CUDA runtime library was not detected", NULL, NULL, NONE, take_bnb_cudart, "missing_cudart",
      GH "bitsandbytes-foundation/bitsandbytes/blob/0.41.1/bitsandbytes/cuda_setup/main.py", 0 },
    { "CUDA Setup failed despite GPU being available", NULL, NULL, NONE, take_bnb_cudart, "missing_cudart",
      GH "bitsandbytes-foundation/bitsandbytes/blob/0.41.1/bitsandbytes/cextension.py", 0 },
    /* bitsandbytes loaded its CPU library (no CUDA entry points in it) */
    { "bitsandbytes was compiled without GPU support", NULL, NULL, LE_BNB_CPU_LIBRARY, NULL, "cpu_only_build",
      GH "bitsandbytes-foundation/bitsandbytes/blob/0.41.1/bitsandbytes/cextension.py", 0 },
    /* TensorFlow's and XLA's earlier spelling of the same warning */
    { "*** WARNING *** You are using ptxas ", "which is older than", NULL, LE_XLA_PTXAS_OLD, take_xla_ptxas,
      "multiple_cuda_conflict", TFSRC "v2.5.0/tensorflow/stream_executor/gpu/asm_compiler.cc", 1 },
    /* ptxas itself, given PTX of a newer ISA than it knows: a toolkit older than the compiler that wrote it */
    { "Unsupported .version ", "current version is '", NULL, LE_XLA_PTXAS_OLD, NULL, "multiple_cuda_conflict",
      "https://docs.nvidia.com/cuda/parallel-thread-execution/index.html#release-notes", 1 },
    { "jax[cuda", NULL, NULL, NONE, take_pip_cuda_extra, NULL,
      "https://docs.jax.dev/en/latest/installation.html", 0 },

    /* Harmless: the GPU works in spite of every one of these (tensorflow/tensorflow#62075). */
    { "Unable to register cu", "factory", NULL, LE_NOISE_FACTORY, NULL, "harmless_noise",
      GH "tensorflow/tensorflow/issues/62075", 0 },
    { "NUMA node read from SysFS", NULL, NULL, LE_NOISE_NUMA, NULL, "harmless_noise",
      TFSRC "v2.10.0/tensorflow/stream_executor/cuda/cuda_gpu_executor.cc", 0 },
    { "built without NUMA support", NULL, NULL, LE_NOISE_NUMA, NULL, "harmless_noise",
      TFSRC "v2.10.0/tensorflow/stream_executor/cuda/cuda_gpu_executor.cc", 0 },
    { "oneDNN custom operations are on", NULL, NULL, LE_NOISE_ONEDNN, NULL, "harmless_noise",
      TFSRC "v2.15.0/tensorflow/core/util/port.cc", 0 },
    { "binary is optimized to use available CPU instructions", NULL, NULL, LE_NOISE_CPU_FEATURE,
      NULL, "harmless_noise", TFSRC "v2.15.0/tensorflow/core/platform/cpu_feature_guard.cc", 0 },
    { "TensorFlow binary was not compiled to use", NULL, NULL, LE_NOISE_CPU_FEATURE, NULL,
      "harmless_noise", TFSRC "v1.15.0/tensorflow/core/platform/cpu_feature_guard.cc", 0 },
    { "library wasn't compiled to use", "could speed up CPU computations", NULL, LE_NOISE_CPU_FEATURE, NULL,
      "harmless_noise", TFSRC "v1.0.0/tensorflow/core/platform/cpu_feature_guard.cc", 0 },
    { "TF-TRT Warning", NULL, NULL, LE_NOISE_TRT, NULL, "harmless_noise",
      TFSRC "v2.15.0/tensorflow/compiler/tf2tensorrt/utils/py_utils.cc", 0 },
    /* the same warning quoted without its prefix */
    { "Could not find TensorRT", NULL, "TF-TRT Warning", LE_NOISE_TRT, NULL, "harmless_noise",
      TFSRC "v2.15.0/tensorflow/compiler/tf2tensorrt/utils/py_utils.cc", 0 },
    { "before absl::InitializeLog() is called", NULL, NULL, LE_NOISE_ABSL, NULL, "harmless_noise",
      GH "abseil/abseil-cpp/blob/master/absl/log/initialize.h", 0 },
};

#define N_PATTERNS (sizeof(patterns) / sizeof(patterns[0]))

const struct log_pattern *log_pattern_at(size_t i)
{
    return i < N_PATTERNS ? &patterns[i] : NULL;
}

/* Run every row of the table on one line. */
/* A row's second text counts only where it does not overlap the first
 * ("Outdated installation found" is not "Outdated " + " installation found"),
 * and only after it when the row is a message with a fixed order. */
/* (low, n) is the line lower-cased; at points into it.  Case does not matter. */
static int also_found(const struct log_pattern *r, const char *low, size_t n, const char *at)
{
    const char *end = at + strlen(r->text), *b;
    if (mfind_low(end, left(low, n, end), r->also))
        return 1;
    if (r->ordered)
        return 0;
    b = mfind_low(low, span(low, at), r->also);
    return b != NULL && b + strlen(r->also) <= at;
}

/* Every row on the line, its texts matched regardless of ASCII case in
 * lr->low (the line lower-cased); take() gets the line as written. */
static void match_table(struct logread *lr, const char *line, size_t n)
{
    const char *low = lr->low;
    size_t i;
    for (i = 0; i < N_PATTERNS; i++) {
        const struct log_pattern *r = &patterns[i];
        const char *lat = grams_may(lr->grams, r->text) ? mfind_low(low, n, r->text) : NULL, *at;
        if (!lat)
            continue;
        if (r->also && !also_found(r, low, n, lat))
            continue;
        if (r->unless && mfind_low(low, n, r->unless))
            continue;
        /* Across a wrap, a message the next line shows on its own is that
         * line's (its text there, and its also-text there too); one whose
         * text the wrapped line showed whole is taken again only where the
         * wrap cut a word (its also-text or what it captures may go on past
         * the cut) and the next line does not show that text itself. */
        if (lr->join_at && (size_t)(lat - low) >= lr->join_at &&
            (!r->also || also_found(r, low + lr->join_at, n - lr->join_at, lat)))
            continue;
        if (lr->join_at && (size_t)(lat - low) + strlen(r->text) <= lr->join_at &&
            (!lr->join_cut || mfind_low(low + lr->join_at, n - lr->join_at, r->text)))
            continue;
        /* ONNX Runtime's own line already recorded its library. */
        if (r->ev == LE_SO_NOT_FOUND && r->take == take_so_missing &&
            (mfind_low(low, n, "failed to load library") || mfind_low(low, n, "failed to find dynamic library")))
            continue;
        at = line + (lat - low);
        if (r->ev != NONE) {
            /* quote from a little before the message: it may sit deep in a long line */
            const char *q = span(line, at) > 80 ? at - 80 : line;
            hit(lr, r->ev, q, left(line, n, q));
        }
        if (r->take)
            r->take(lr, line, n, at, at + strlen(r->text));
    }
}

/* ---- context: OS, setting, versions and the command, from anywhere in the log ---- */

static int hex_run(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && ((s[k] >= '0' && s[k] <= '9') || (s[k] >= 'a' && s[k] <= 'f')))
        k++;
    return (int)k;
}

/*
 * TensorFlow's CUDA diagnostics name the host ("hostname: H", "for host: H",
 * "running on this host (H)": cuda_diagnostics.cc); Docker names a
 * container after the first 12 hex digits of its id unless told otherwise
 * (docker run reference, --hostname), so such a name says the log was
 * written inside a container.  1 when so.
 */
static int tf_docker_hostname(struct logread *lr, const char *line, size_t n)
{
    static const char *const before[] = { "hostname: ", "for host: ", "on this host (", NULL };
    size_t i, k;
    const char *p;
    if (!grams_may(lr->grams, "host"))
        return 0;
    for (i = 0; before[i]; i++) {
        if ((p = gfind_after(lr, line, n, before[i])) == NULL)
            continue;
        k = left(line, n, p);
        if (hex_run(p, k) == 12 && (k == 12 || p[12] == ')' || p[12] == ' ' || p[12] == ':'))
            return 1;
    }
    return 0;
}

/* "python3.10/site-packages" -> "3.10" */
static void python_from_path(struct logread *lr, const char *line, size_t n)
{
    const char *p = find_after(line, n, "python3.");
    size_t k = 0, rn;
    if (!p)
        return;
    rn = left(line, n, p);
    while (k < rn && is_digit(p[k]))
        k++;
    if (k && k <= 2 && k < rn && p[k] == '/') {
        char v[8];
        snprintf(v, sizeof(v), "3.%.*s", (int)k, p);
        setval(lr, &lr->facts.python_version, v, strlen(v), line, n);
    }
}

/* CUDA library files named anywhere (an `ls`, a path, a loader line), for the versions installed. */
/*
 * A CUDA library the reporter says in words is not there: "TensorFlow wants
 * `libcudnn.so` but we don't seem to have it installed", "libcublas.so.9.0
 * is missing".  The file name (any lib<cuda library>.so[.N]) and an anchor
 * phrase on the same line; the loader's own texts are read elsewhere.
 */
static void said_missing(struct logread *lr, const char *line, size_t n)
{
    static const char *const stems[] = { "libcudnn.so", "libcudart.so", "libcublas.so", "libcublasLt.so",
                                         "libcufft.so", "libcusolver.so", "libcusparse.so", "libcurand.so",
                                         "libnvrtc.so", NULL };
    static const char *const words[] = { "not installed", "have it installed", "don't have it", "do not have it",
                                         "is missing", "are missing", "can't find", "cannot find", "couldn't find",
                                         "could not find", "don't seem to have", NULL };
    const char *p = NULL, *b;
    size_t i, k;
    if (!grams_may(lr->grams, ".so") || mfind(line, n, "shared object") || mfind(line, n, "load"))
        return;
    for (i = 0; stems[i] && !p; i++)
        p = mfind(line, n, stems[i]);
    if (!p || (p > line && (is_alpha(p[-1]) || is_digit(p[-1]))))
        return;
    for (i = 0; words[i]; i++)
        if (mfind_ci(line, n, words[i]))
            break;
    if (!words[i])
        return;
    for (b = p, k = 0; k < left(line, n, b) && (is_alpha(b[k]) || is_digit(b[k]) || b[k] == '.' || b[k] == '_'); k++)
        ;
    while (k && b[k - 1] == '.')
        k--;
    add_lib(lr, b, k, "the log says it is not there", 28, "loader", 0, line, n);
}

static void match_mentions(struct logread *lr, const char *line, size_t n)
{
    static const char *const stems[] = { "libcudart.so.", "libcudnn.so.", "libcublas.so.", "libcublasLt.so.",
                                         "libcufft.so.", "libcusolver.so.", "cudart64_", "cudnn64_",
                                         "cublas64_", "cublasLt64_", NULL };
    struct log_facts *f = &lr->facts;
    char whole[2 * LOGREAD_WRAP];
    size_t i, j;
    for (i = 0; stems[i]; i++) {
        const char *p = mfind(line, n, stems[i]), *b;
        size_t k;
        if (!p)
            continue;
        for (b = p; b > line && (is_alpha(b[-1]) || is_digit(b[-1]) || b[-1] == '_'); b--)
            ;
        k = token_len(b, left(line, n, b));
        while (k && (b[k - 1] == ':' || b[k - 1] == '.'))
            k--;
        if (span(b, p) > 0 && b != p)
            continue;   /* "xlibcudnn.so." is another name */
        if (!k || !cut_whole(lr, &b, &k, whole, sizeof(whole)))
            continue;
        for (j = 0; j < f->n_mentions; j++)
            if (strlen(f->mentions[j].name) == k && !memcmp(f->mentions[j].name, b, k))
                break;
        if (j < f->n_mentions || f->n_mentions >= LOG_MAX_LIBS || !k)
            continue;
        f->mentions[j].name = dupn(lr, b, k);
        f->mentions[j].line = (long)f->lines;
        f->mentions[j].text = quote(lr, line, n);
        f->mentions[j].ok = 1;
        f->n_mentions++;
    }
}

/* The command line: a shell prompt followed by a command, or a line that starts with one. */
static void match_command(struct logread *lr, const char *line, size_t n)
{
    static const char *const starts[] = { "python", "torchrun", "accelerate launch", "deepspeed",
                                          "docker run", "docker compose", "docker-compose",
                                          "srun ", "sbatch ", "jupyter", "CUDA_VISIBLE_DEVICES=",
                                          NULL };
    const char *s = line, *p;
    size_t sn = n, i;

    /* "$ cmd", "user@host:~/dir$ cmd", "(env) PS C:\> cmd", "# cmd" inside a container */
    if ((p = mfind(s, sn, "$ ")) != NULL && span(s, p) < 120) {
        s = p + 2;
        sn = left(line, n, s);
    } else if ((p = mfind(s, sn, "> ")) != NULL && span(s, p) < 120 && mfind(line, span(line, p), ":\\")) {
        s = p + 2;
        sn = left(line, n, s);
    } else if ((p = mfind(s, sn, "# ")) != NULL && span(s, p) < 60 && mfind(line, span(line, p), "@")) {
        s = p + 2;
        sn = left(line, n, s);
    }
    skip_spaces(&s, &sn);
    if (mstarts(s, sn, "sudo ")) {
        s += 5;
        sn -= 5;
        skip_spaces(&s, &sn);
    }
    for (i = 0; starts[i]; i++)
        if (mstarts(s, sn, starts[i])) {
            setval(lr, &lr->facts.command, s, sn, line, n);
            break;
        }
}

/* word appears in the line as a word of its own (not inside another: "WSL"
 * but not "WSLENV"); with ci, without regard to ASCII case (word in lower
 * case: "wsl" finds "WSL2", "Wsl"). */
static int word_at(const char *line, size_t n, const char *word, int ci)
{
    const char *p = line;
    size_t k = strlen(word);
    while ((p = (ci ? mfind_ci : mfind)(p, left(line, n, p), word)) != NULL) {
        int before = p > line && (is_alpha(p[-1]) || is_digit(p[-1]) || p[-1] == '_');
        int after = left(line, n, p) > k && (is_alpha(p[k]) || p[k] == '_');
        if (!before && !after)
            return 1;
        p += k;
    }
    return 0;
}

/*
 * A Mac named in words, in any case: "MacBook", "Mac M1", "M2 Pro", "Apple
 * silicon", "OSX" (a word of its own).  The chip names need the "Mac " or the
 * "Pro"/"Max" beside them: "M1" alone is also a rifle and a motorway.
 */
static int mac_words(struct logread *lr, const char *line, size_t n)
{
    static const char *const words[] = { "macbook", "mac m1", "mac m2", "mac m3", "mac m4", "m1 pro", "m1 max",
                                         "m2 pro", "m2 max", "m3 pro", "m3 max", "m4 pro", "m4 max",
                                         "apple silicon", "mac mini", "mac studio", NULL };
    size_t i;
    for (i = 0; words[i]; i++)
        if (grams_may(lr->grams, words[i]) && mfind_ci(line, n, words[i]))
            return 1;
    return word_at(line, n, "OSX", 0) || word_at(line, n, "osx", 0);
}

/*
 * The CUDA toolkit a paste states in words, as people list their setup:
 * "cuda 8.0", "CUDA: 11.2", "cuda version 10.1.105-6", "CUDA Toolkit 12.1",
 * version.txt's "CUDA Version 9.0.176", conda's cudatoolkit package
 * ("cudatoolkit=10.2" in an install's spec, "cudatoolkit 11.3.1 h..." in
 * conda list: the toolkit the environment has).  Only a major from 7 to 13 with a
 * minor counts, and not on lines that state another CUDA: the driver's
 * (nvidia-smi's "CUDA Version:" beside "Driver Version", "CUDA driver
 * version"), a build's ("used to build", "built with", "Build Version", a
 * wheel "for CUDA"), a runtime's ("runtime version", read on its own) or a
 * requirement ("requires", "supports", "need").  The first such line wins.
 */
static void stated_toolkit(struct logread *lr, const char *line, size_t n)
{
    static const char *const other[] = { "driver", "used to build", "built with", "compiled with", "build version",
                                         "runtime version", "require", "support", "need", "for cuda", "capability",
                                         "torch.version", "nvidia-smi", "cu1", NULL };
    const char *p = line, *v;
    size_t i, rn;
    if (lr->facts.toolkit_stated.v || !grams_may(lr->grams, "cuda"))
        return;
    while ((p = mfind_ci(p, left(line, n, p), "cuda")) != NULL) {
        const char *q = p + 4;
        int word = !(p > line && (is_alpha(p[-1]) || is_digit(p[-1]) || p[-1] == '_' || p[-1] == '-' || p[-1] == '/'));
        p = q;
        if (!word)
            continue;
        rn = left(line, n, q);
        v = q;
        while (rn && (*v == ' ' || *v == ':' || *v == '=')) {
            v++;
            rn--;
        }
        if (rn >= 8 && mfind_ci(v, 7, "toolkit") == v && (v[7] == ' ' || v[7] == '=' || v[7] == ':')) {
            /* "CUDA Toolkit 12.1", and conda's package: "cudatoolkit=10.2" (an install's spec),
               "cudatoolkit 11.3.1 h2bc3f7f_2" (a conda list row) */
            v += 7;
            rn -= 7;
        } else if (rn >= 7 && mfind_ci(v, 7, "version") == v) {
            v += 7;
            rn -= 7;
            if (rn && *v == ':')
                return;   /* nvidia-smi's "CUDA Version: 12.4" is the driver's ceiling */
        }
        while (rn && (*v == ' ' || *v == ':' || *v == '=')) {
            v++;
            rn--;
        }
        if (v == q || !rn || !is_digit(*v))
            continue;
        for (i = 0; other[i]; i++)
            if (mfind_ci(line, n, other[i]))
                return;
        {
            size_t k = 0, dots = 0;
            long major = strtol(v, NULL, 10);
            while (k < rn && (is_digit(v[k]) || (v[k] == '.' && k + 1 < rn && is_digit(v[k + 1]))))
                dots += v[k++] == '.';
            if (major < 7 || major > 13 || !dots)
                return;
            setval(lr, &lr->facts.toolkit_stated, v, k, line, n);
        }
        return;
    }
}

/*
 * ONNX Runtime's C/C++ release packages (its GitHub releases' assets):
 * onnxruntime-linux-x64-gpu-1.16.3.tgz, onnxruntime-win-x64-gpu-cuda12-
 * 1.17.1.zip, onnxruntime-linux-x64-gpu-cuda12-1.18.0.tgz: the OS, the
 * machine, "gpu", "cuda12" for the CUDA 12 build (without it, up to 1.18,
 * the CUDA 11 build), then the release.  The release goes to ort_version
 * and the CUDA major to ort_build_cuda.
 */
static void ort_package(struct logread *lr, const char *line, size_t n)
{
    const char *p = line, *end = line + n, *cuda = NULL;
    size_t k, cn = 0;
    if (lr->facts.ort_version.v || !grams_may(lr->grams, "onnxruntime-"))
        return;
    while ((p = mfind(p, left(line, n, p), "onnxruntime-")) != NULL) {
        const char *s = p + strlen("onnxruntime-");
        p = s;
        if (!(left(line, n, s) > 4 && (!memcmp(s, "win-", 4) || !memcmp(s, "linux-", 6) || !memcmp(s, "osx-", 4))))
            continue;
        while (s < end) {
            k = 0;
            while (s + k < end && s[k] != '-' && !is_space(s[k]) && s[k] != '`' && s[k] != '"' && s[k] != '\'')
                k++;
            if (k && is_digit(s[0]) && memchr(s, '.', k)) {
                size_t vn = version_len(s, k);
                while (vn && !is_digit(s[vn - 1]))
                    vn--;   /* "1.17.1.zip" keeps no suffix: digits and dots */
                while (vn > 4 && (!memcmp(s + vn - 4, ".zip", 4) || !memcmp(s + vn - 4, ".tgz", 4)))
                    vn -= 4;
                if (vn)
                    setval(lr, &lr->facts.ort_version, s, strspn(s, "0123456789.") < vn ? strspn(s, "0123456789.") : vn,
                           line, n);
                if (vn && cuda)
                    setval(lr, &lr->facts.ort_build_cuda, cuda, cn, line, n);
                return;
            }
            if (k > 4 && !memcmp(s, "cuda", 4) && is_digit(s[4])) {
                cuda = s + 4;
                cn = strspn(cuda, "0123456789");
            }
            if (s + k >= end || s[k] != '-')
                break;
            s += k + 1;
        }
    }
}

/*
 * The cuDNN a paste states in words, as people list their setup beside the
 * CUDA ("cuda12.4 cudnn9", "CUDA 11.8, cuDNN 8.9.7", "cudnn: 8.2"): the word
 * cuDNN, then (after spaces, ':', '=' or "version") a major from 5 to 9
 * alone or with its minor.  Not on lines that state another cuDNN, as
 * stated_toolkit: a build's or a requirement's ("compiled with", "built
 * with", "require", "need", "support", "for cudnn"), a runtime's ("Loaded
 * runtime CuDNN library"), a library's file (cudnn64_8.dll: no word
 * boundary), nor a conda list row (cudnn's own package row is read as a
 * package).  The first such line wins.
 */
static void stated_cudnn(struct logread *lr, const char *line, size_t n)
{
    static const char *const other[] = { "require", "compiled with", "built with", "build", "need", "support",
                                         "for cudnn", "runtime cudnn", "loaded", "could not load", "found", "expect", "but ",
                                         "+cudnn", NULL };
    const char *p = line, *v;
    size_t i, rn, k;
    if (lr->facts.cudnn_stated.v || !grams_may(lr->grams, "udnn"))
        return;
    while ((p = mfind_ci(p, left(line, n, p), "cudnn")) != NULL) {
        int word = !(p > line && (is_alpha(p[-1]) || is_digit(p[-1]) || p[-1] == '_' || p[-1] == '-' ||
                                  p[-1] == '/' || p[-1] == '.' || p[-1] == '+'));
        v = p + 5;
        p = v;
        if (!word)
            continue;
        rn = left(line, n, v);
        while (rn && (*v == ' ' || *v == ':' || *v == '=')) {
            v++;
            rn--;
        }
        if (rn >= 7 && mfind_ci(v, 7, "version") == v) {
            v += 7;
            rn -= 7;
            while (rn && (*v == ' ' || *v == ':' || *v == '=')) {
                v++;
                rn--;
            }
        }
        if (!rn || *v < '5' || *v > '9' || (rn > 1 && is_digit(v[1])))
            continue;
        for (i = 0; other[i]; i++)
            if (mfind_ci(line, n, other[i]))
                return;
        k = 1;
        while (k + 1 < rn && v[k] == '.' && is_digit(v[k + 1])) {
            k++;
            while (k < rn && is_digit(v[k]))
                k++;
        }
        if (k < rn && (is_alpha(v[k]) || v[k] == '_'))
            continue;   /* "cudnn8_dll", a name, not a version */
        setval(lr, &lr->facts.cudnn_stated, v, k, line, n);
        return;
    }
}

/*
 * A conda install of PyTorch and the CUDA its spec asks for: pytorch.org's
 * conda commands, "conda install pytorch torchvision cudatoolkit=10.2 -c
 * pytorch" (to 1.12) and "conda install pytorch pytorch-cuda=11.8 -c pytorch
 * -c nvidia" (1.13 on: the pytorch-cuda metapackage).  The pytorch channel's
 * CUDA builds each depend on that one CUDA (build strings such as
 * py3.8_cuda10.2_cudnn7.6.5_0), so the spec names the build's CUDA when the
 * channel has a build of the release for it (logscan.c asks torch.kb).  A
 * pinned release ("pytorch=1.9.0", "pytorch==2.0.1") is kept beside it.
 * mamba's and micromamba's install take the same spec.
 */
static void conda_torch_spec(struct logread *lr, const char *line, size_t n)
{
    const char *p, *s, *end = line + n, *v = NULL, *tv = NULL;
    size_t vn = 0, tvn = 0;
    int torch = 0;
    if (lr->facts.conda_torch_cuda.v || !((p = gfind_after(lr, line, n, "conda install ")) != NULL ||
                                          (p = gfind_after(lr, line, n, "mamba install ")) != NULL))
        return;
    for (s = p; s < end;) {
        size_t k;
        while (s < end && (is_space(*s) || *s == '"' || *s == '\'' || *s == '`'))
            s++;
        k = token_len(s, left(line, n, s));
        if (!k)
            break;
        if ((k == 2 && !memcmp(s, "-c", 2)) || (k == 9 && !memcmp(s, "--channel", 9))) {
            s += k;   /* the channel's name ("-c pytorch") is no package of the spec */
            while (s < end && is_space(*s))
                s++;
            s += token_len(s, left(line, n, s));
            continue;
        }
        if (k >= 7 && !memcmp(s, "pytorch", 7) && (k == 7 || s[7] == '=')) {
            const char *q = s + 7;
            torch = 1;
            while (q < s + k && *q == '=')
                q++;
            if (q < s + k && is_digit(*q)) {
                tv = q;
                tvn = version_len(q, (size_t)(s + k - q));
            }
        } else if ((k > 12 && !memcmp(s, "cudatoolkit=", 12)) || (k > 13 && !memcmp(s, "pytorch-cuda=", 13))) {
            const char *q = s + (s[0] == 'c' ? 12 : 13);
            while (q < s + k && *q == '=')
                q++;
            if (q < s + k && is_digit(*q) && memchr(q, '.', (size_t)(s + k - q))) {
                v = q;
                vn = version_len(q, (size_t)(s + k - q));
            }
        }
        s += k;
    }
    if (!torch || !v || !vn)
        return;
    setval(lr, &lr->facts.conda_torch_cuda, v, vn, line, n);
    if (tv && tvn)
        setval(lr, &lr->facts.conda_torch_version, tv, tvn, line, n);
}

/*
 * The interactive CPython banner names the platform it was built for
 * (sys.platform) after the compiler: "[GCC 7.3.0] :: Anaconda, Inc. on
 * linux" (a line of its own before 3.10), "Python 3.10.12 (main, ...) [GCC
 * 11.4.0] on linux", "[Clang 14.0.6 ] on darwin" (Modules/main.c prints
 * Py_GetVersion() and Py_GetPlatform(); "on win32" is the MSC banner's).
 */
static int py_banner_on(const char *line, size_t n, const char *tail)
{
    size_t k = strlen(tail);
    while (n && is_space(line[n - 1]))
        n--;
    if (n <= k || n > 120 || memcmp(line + n - k, tail, k))
        return 0;
    if (mstarts(line, n, "Python ") && (mfind(line, n, " [GCC ") || mfind(line, n, " [Clang ")))
        return 1;   /* one line from Python 3.10 on: "Python 3.10.12 (main, ...) [GCC 11.4.0] on linux" */
    return mstarts(line, n, "[GCC ") || mstarts(line, n, "[Clang ") || mstarts(line, n, "[gcc ");
}

/* A pod on Kubernetes (the word, the NVIDIA device plugin and its daemonset, its resource name,
 * the NVIDIA GPU Operator, which runs only on Kubernetes, a pod spec's runtimeClassName): the driver's
 * libraries reach it only through the NVIDIA container runtime (k8s-device-plugin README:
 * the runtime must be containerd's / Docker's default; the plugin only sets variables). */
static void kubernetes_setting(struct logread *lr, const char *line, size_t n)
{
    const char *p;
    if (lr->facts.container.v)
        return;
    if ((p = gmfind(lr, line, n, "kubernetes")) != NULL || (p = gmfind(lr, line, n, "Kubernetes")) != NULL ||
        (p = gmfind(lr, line, n, "k8s-device-plugin")) != NULL || (p = gmfind(lr, line, n, "nvidia.com/gpu")) != NULL ||
        (p = gmfind(lr, line, n, "gpu-operator")) != NULL || (p = gmfind(lr, line, n, "runtimeClassName")) != NULL ||
        (p = gmfind(lr, line, n, "nvidia-device-plugin")) != NULL)
        setval(lr, &lr->facts.container, "kubernetes", 10, line, n);
    (void)p;
}

static void match_context(struct logread *lr, const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    const char *p;
    int win = 0;

    /* OS ("WSL" in any case as a word of its own: "under wsl2", "my wsl", "Wsl") */
    if (gmfind(lr, line, n, "/usr/lib/wsl") || gmfind(lr, line, n, "microsoft-standard-WSL") ||
        gmfind(lr, line, n, "WSL2") || gmfind(lr, line, n, "/mnt/c/") || gmfind(lr, line, n, "/mnt/d/") ||
        gmfind(lr, line, n, "-microsoft-standard") || word_at(line, n, "wsl", 1)) {
        f->hint_wsl++;
        setval(lr, &f->os_wsl, "wsl", 3, line, n);
    }
    /* A drive path "C:\" or a DLL name says Windows. */
    p = gmfind(lr, line, n, ":\\");
    if (p && p > line && is_alpha(p[-1]) && (p - 1 == line || !is_alpha(p[-2])))
        win = 1;
    if (win || gmfind(lr, line, n, ".dll") || gmfind(lr, line, n, "WinError") ||
        (grams_may(lr->grams, "windows 1") && mfind_ci(line, n, "windows 1")) ||
        (grams_may(lr->grams, "windows1") && mfind_ci(line, n, "windows1")) ||   /* "Windows10", "windows11" */
        (grams_may(lr->grams, "win10") && mfind_ci(line, n, "win10")) ||
        (grams_may(lr->grams, "win11") && mfind_ci(line, n, "win11")) ||
        gmfind(lr, line, n, "Microsoft Windows") || gmfind(lr, line, n, " on win32")) {
        f->hint_windows++;
        setval(lr, &f->os_windows, "windows", 7, line, n);
    }
    if (gmfind(lr, line, n, "/Users/") || gmfind(lr, line, n, ".dylib") || gmfind(lr, line, n, "Darwin") ||
        mac_words(lr, line, n) ||
        gmfind(lr, line, n, "macOS") || gmfind(lr, line, n, "arm64-apple") || gmfind(lr, line, n, "Apple M") ||
        gmfind(lr, line, n, "tensorflow-macos") || gmfind(lr, line, n, "Metal device set to") ||
        gmfind(lr, line, n, "macosx_") || py_banner_on(line, n, " on darwin")) {
        f->hint_macos++;
        setval(lr, &f->os_macos, "macos", 5, line, n);
    }
    if (gmfind(lr, line, n, ".so.") || gmfind(lr, line, n, "/usr/") || gmfind(lr, line, n, "/home/") ||
        gmfind(lr, line, n, "/site-packages/") || gmfind(lr, line, n, "/dist-packages/") ||
        gmfind(lr, line, n, "/opt/conda") || py_banner_on(line, n, " on linux")) {
        f->hint_linux++;
        setval(lr, &f->os_linux, "linux", 5, line, n);
    }
    /* Graphics that are not NVIDIA's, by their marketing names (Intel's HD/UHD/Iris/Xe/Arc, AMD's Radeon) */
    if (!f->other_gpu.v) {
        static const char *const og[] = { "hd graphics", "uhd graphics", "iris xe", "iris(r) xe", "iris plus",
                                           "intel xe", "intel(r) xe", "intel arc", "intel(r) arc", "radeon", NULL };
        size_t i;
        for (i = 0; og[i]; i++)
            if (grams_may(lr->grams, og[i]) && (p = mfind_ci(line, n, og[i])) != NULL) {
                setval(lr, &f->other_gpu, p, strlen(og[i]), line, n);
                break;
            }
    }
    /* "no NVIDIA GPU", "not using NVIDIA GPU", "don't have an NVIDIA GPU", "without NVIDIA GPU" */
    if (!f->no_nvidia_said.v && grams_may(lr->grams, "nvidia") && (p = mfind_ci(line, n, "nvidia")) != NULL) {
        size_t b = span(line, p) < 24 ? span(line, p) : 24;
        const char *w = p - b, *g = p + 6;
        size_t gn = left(line, n, g) < 12 ? left(line, n, g) : 12;
        if ((mfind_ci(w, b, "no ") || mfind_ci(w, b, "not using") || mfind_ci(w, b, "don't have") ||
             mfind_ci(w, b, "do not have") || mfind_ci(w, b, "without") || mfind_ci(w, b, "dont have")) &&
            (mfind_ci(g, gn, "gpu") || mfind_ci(g, gn, "card") || mfind_ci(g, gn, "graphics")) &&
            !mfind_ci(w, b, "driver"))
            setval(lr, &f->no_nvidia_said, "no", 2, line, n);
    }
    /* The driver called too old in words ("my Nvidia version is too old", a program's paraphrase);
       not a GPU called too old (torch's "cuda capability ... too old") */
    if (!f->driver_old_said.v && grams_may(lr->grams, "too old") && mfind_ci(line, n, "too old") &&
        (mfind_ci(line, n, "driver") || mfind_ci(line, n, "nvidia version")) && !mfind_ci(line, n, "capabilit"))
        setval(lr, &f->driver_old_said, "too old", 7, line, n);
    /* A Linux aarch64 machine or a Jetson (macOS's arm64 is the Mac's) */
    if ((p = gmfind(lr, line, n, "aarch64")) != NULL || (p = gmfind(lr, line, n, "Jetson")) != NULL ||
        (p = gmfind(lr, line, n, "jetson")) != NULL || (p = gmfind(lr, line, n, "JetPack")) != NULL ||
        (p = gmfind(lr, line, n, "Jetpack")) != NULL || (p = gmfind(lr, line, n, "L4T ")) != NULL)
        setval(lr, &f->arm, p, token_len(p, left(line, n, p)), line, n);
    /* Setting */
    if (gmfind(lr, line, n, "docker run") || gmfind(lr, line, n, "docker exec") || gmfind(lr, line, n, "podman run") ||
        gmfind(lr, line, n, "/.dockerenv") || gmfind(lr, line, n, "docker compose") ||
        gmfind(lr, line, n, "docker-compose") || gmfind(lr, line, n, "nvidia-container-cli") ||
        gmfind(lr, line, n, "Error response from daemon") || gmfind(lr, line, n, "kubectl ") ||
        gmfind(lr, line, n, "docker pull ") || (grams_may(lr->grams, "docker image") && mfind_ci(line, n, "docker image"))) {
        setval(lr, &f->container, "docker", 6, line, n);
    } else if (((p = gfind_after(lr, line, n, "root@")) != NULL && hex_run(p, left(line, n, p)) == 12 &&
                left(line, n, p) > 12 && p[12] == ':') || tf_docker_hostname(lr, line, n)) {
        setval(lr, &f->container, "container", 9, line, n);
    } else if (gmfind(lr, line, n, "nvcr.io/") || gmfind(lr, line, n, "CUDA Version 1") ||
               gmfind(lr, line, n, "NVIDIA Release ")) {
        setval(lr, &f->container, "nvidia image", 12, line, n);
    }
    kubernetes_setting(lr, line, n);
    if (gmfind(lr, line, n, "--gpus") || gmfind(lr, line, n, "--runtime=nvidia") ||
        gmfind(lr, line, n, "runtime: nvidia") || gmfind(lr, line, n, "capabilities: [gpu]") ||
        gmfind(lr, line, n, "capabilities: [[gpu]]") || gmfind(lr, line, n, "--device=nvidia.com/gpu"))
        setval(lr, &f->docker_gpus, "gpus", 4, line, n);
    if ((p = gmfind(lr, line, n, "/opt/conda")) != NULL || (p = gmfind(lr, line, n, "anaconda3")) != NULL ||
        (p = gmfind(lr, line, n, "miniconda3")) != NULL || (p = gmfind(lr, line, n, "miniforge3")) != NULL ||
        (p = gmfind(lr, line, n, "conda activate")) != NULL || (p = gmfind(lr, line, n, "conda install")) != NULL)
        setval(lr, &f->conda, p, token_len(p, left(line, n, p)), line, n);
    if ((p = gmfind(lr, line, n, "SLURM_")) != NULL || (p = gmfind(lr, line, n, "#SBATCH")) != NULL ||
        (p = gmfind(lr, line, n, "srun ")) != NULL || (p = gmfind(lr, line, n, "sbatch ")) != NULL)
        setval(lr, &f->cluster, p, token_len(p, left(line, n, p)), line, n);
    if ((p = gmfind(lr, line, n, "site-packages/nvidia/")) != NULL ||
        (p = gmfind(lr, line, n, "dist-packages/nvidia/")) != NULL ||
        (p = gmfind(lr, line, n, "site-packages\\nvidia\\")) != NULL)
        setval(lr, &f->pip_nvidia, p, token_len(p, left(line, n, p)), line, n);
    python_from_path(lr, line, n);
    match_mentions(lr, line, n);
    said_missing(lr, line, n);
    stated_toolkit(lr, line, n);
    conda_torch_spec(lr, line, n);
    stated_cudnn(lr, line, n);
    ort_package(lr, line, n);
    /* An installed toolkit named by its directory: /usr/local/cuda-11.2/, CUDA\\v11.2\\ */
    if ((p = gfind_after(lr, line, n, "/usr/local/cuda-")) != NULL || (p = gfind_after(lr, line, n, "CUDA\\v")) != NULL ||
        (p = gfind_after(lr, line, n, "CUDA/v")) != NULL) {
        setval(lr, &f->cuda_version, p, version_len(p, left(line, n, p)), line, n);
        setval(lr, &f->toolkit_dir, p, version_len(p, left(line, n, p)), line, n);
    }
    /* a module system's toolkit directory (EasyBuild's .../CUDA/12.2.0/lib64, Compute Canada's
       .../cudacore/12.2.2/lib64, Spack/Lmod's .../cuda/11.8/lib64): installed, of that version */
    if (!f->toolkit_dir.v && ((p = gfind_after(lr, line, n, "/cudacore/")) != NULL ||
                              (p = gfind_after(lr, line, n, "/CUDA/")) != NULL ||
                              (p = gfind_after(lr, line, n, "/cuda/")) != NULL)) {
        size_t vn = version_len(p, left(line, n, p));
        if (vn >= 3 && mfind(p, vn, ".") && left(line, n, p) > vn && p[vn] == '/' && mfind(p + vn, left(line, n, p + vn), "lib"))
            setval(lr, &f->toolkit_dir, p, vn, line, n);
    }
    if (mstarts(line, n, "Python 3.") || mstarts(line, n, "Python 2.")) {
        p = line + 7;
        setval(lr, &f->python_version, p, version_len(p, left(line, n, p)), line, n);
    }
    /* torch.version.cuda printed: ">>> torch.version.cuda" then '12.1' (query), or inline */
    if ((p = gfind_after(lr, line, n, "torch.version.cuda")) != NULL) {
        const char *v = p;
        size_t rn = left(line, n, p);
        while (rn && !is_digit(*v) && span(p, v) < 6) {
            v++;
            rn--;
        }
        if (rn && is_digit(*v)) {
            setval(lr, &f->cuda_version, v, version_len(v, rn), line, n);
            setval(lr, &f->torch_cuda, v, version_len(v, rn), line, n);
        } else if (!rn || (rn == 1 && *v == ')')) {
            lr->st.query_line = (long)f->lines;
            lr->st.query_kind = 5;
        }
    }
    /* CUDA_VISIBLE_DEVICES=<v> in a command line or an environment dump; os.environ[...] = "<v>" */
    if ((p = gfind_after(lr, line, n, "CUDA_VISIBLE_DEVICES")) != NULL) {
        const char *v = p;
        size_t vn = left(line, n, v);
        if (vn && (*v == '"' || *v == '\'') && vn > 1) {   /* os.environ["CUDA_VISIBLE_DEVICES"] = "1" */
            v++;
            vn--;
            while (vn && (*v == ']' || *v == ' ' || *v == '\'' || *v == '"'))
                v++, vn--;
        }
        if (vn && *v == '=') {
            const char *b;
            size_t k = 0;
            v++;
            vn--;
            skip_spaces(&v, &vn);
            b = v;
            if (vn && (*v == '"' || *v == '\'')) {
                char q = *v;
                b = v + 1;
                while (k + 1 < vn && b[k] != q)
                    k++;
            } else {
                while (k < vn && !is_space(v[k]) && v[k] != ';' && v[k] != ')')
                    k++;
            }
            if (!f->cvd.v) {
                f->cvd.v = dupn(lr, b, k);
                f->cvd.line = (long)f->lines;
                f->cvd.text = quote(lr, line, n);
            }
            if (!k || (k == 2 && !memcmp(b, "-1", 2)) || (k > 2 && !memcmp(b, "-1", 2) && !is_digit(b[2])))
                hit(lr, LE_CVD_HIDDEN, line, n);
        }
    }
    match_command(lr, line, n);
}

/* An OS named in words ("Windows 10", "Win11", "Ubuntu 22.04", "macOS 14", "WSL2"): a hint. */
static void os_words(struct logread *lr, const char *s, size_t sn, const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    if (mfind_ci(s, sn, "wsl")) {
        f->hint_wsl++;
        setval(lr, &f->os_wsl, "wsl", 3, line, n);
    } else if (mfind_ci(s, sn, "windows") || mfind_ci(s, sn, "win1") || mfind_ci(s, sn, "win7") ||
               mfind_ci(s, sn, "win 1")) {
        f->hint_windows++;
        setval(lr, &f->os_windows, "windows", 7, line, n);
    } else if (mfind_ci(s, sn, "macos") || mfind_ci(s, sn, "mac os") || mfind_ci(s, sn, "osx") ||
               mfind_ci(s, sn, "darwin") || mfind_ci(s, sn, "macbook")) {
        f->hint_macos++;
        setval(lr, &f->os_macos, "macos", 5, line, n);
    } else if (mfind_ci(s, sn, "linux") || mfind_ci(s, sn, "ubuntu") || mfind_ci(s, sn, "debian") ||
               mfind_ci(s, sn, "centos") || mfind_ci(s, sn, "fedora") || mfind_ci(s, sn, "rhel") ||
               mfind_ci(s, sn, "rocky")) {
        f->hint_linux++;
        setval(lr, &f->os_linux, "linux", 5, line, n);
    }
}

/* The version after word in (s, sn): "cuda_11.8.0_522.06", "CUDA 11.8", "cudnn-8.6" */
static const char *version_after(const char *s, size_t sn, const char *word, size_t *vn)
{
    const char *p = mfind_ci(s, sn, word);
    size_t rn;
    *vn = 0;
    if (!p)
        return NULL;
    p += strlen(word);
    rn = left(s, sn, p);
    while (rn && (*p == ' ' || *p == '_' || *p == '-' || *p == 'v' || *p == 'V' || *p == ':' || *p == '=')) {
        p++;
        rn--;
    }
    *vn = version_len(p, rn);
    return *vn ? p : NULL;
}

/*
 * GitHub issue templates: a "### Field" heading (TensorFlow's bug template,
 * .github/ISSUE_TEMPLATE/00-bug-issue.yml, rendered) whose value is the
 * next non-empty line, or the older "- OS Platform and Distribution (e.g.,
 * Linux Ubuntu 16.04): Windows 10" form with the value after the colon.
 */
enum { MD_NONE, MD_TF, MD_OS, MD_PY, MD_CUDA };

static int md_field_of(const char *s, size_t sn)
{
    if (mfind_ci(s, sn, "tensorflow version"))
        return MD_TF;
    while (sn && *s == ' ')
        s++, sn--;
    if (mfind_ci(s, sn, "os platform and distribution") || (sn == 2 && mfind_ci(s, sn, "os")) ||
        (sn == 16 && mfind_ci(s, sn, "operating system")))
        return MD_OS;
    if (mfind_ci(s, sn, "python version"))
        return MD_PY;
    if (mfind_ci(s, sn, "cuda/cudnn version"))
        return MD_CUDA;
    return MD_NONE;
}

static void md_value(struct logread *lr, int field, const char *s, size_t sn, const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    const char *v;
    size_t vn, i;
    if (field == MD_TF) {
        /* "v2.12.0-rc1-12-g0db597d0d75 2.12.0": the last word that is a version */
        const char *best = NULL;
        size_t bn = 0;
        for (i = 0; i < sn; i++)
            if (is_digit(s[i]) && (i == 0 || s[i - 1] == ' ' || s[i - 1] == 'v') && version_len(s + i, sn - i)) {
                best = s + i;
                bn = version_len(best, sn - i);
                i += bn;
            }
        if (best && mfind(best, bn, "."))
            setval(lr, &f->tf_version, best, bn, line, n);
    } else if (field == MD_OS) {
        os_words(lr, s, sn, line, n);
    } else if (field == MD_PY) {
        for (i = 0; i < sn && !is_digit(s[i]); i++)
            ;
        if (i < sn && (vn = version_len(s + i, sn - i)) != 0)
            setval(lr, &f->python_version, s + i, vn, line, n);
    } else if (field == MD_CUDA) {
        if ((v = version_after(s, sn, "cuda", &vn)) != NULL)
            setval(lr, &f->cuda_version, v, vn, line, n);
        if ((v = version_after(s, sn, "cudnn", &vn)) != NULL)
            setval(lr, &f->cudnn_version, v, vn, line, n);
    }
}

static void match_template(struct logread *lr, const char *line, size_t n)
{
    struct logread_state *st = &lr->st;
    const char *s = line, *c;
    size_t sn = n;
    int field;
    skip_spaces(&s, &sn);
    while (sn && is_space(s[sn - 1]))
        sn--;
    if (!sn)
        return;
    if (sn > 4 && s[0] == '#' && s[1] == '#' && s[2] == '#') {
        st->md_field = md_field_of(s + 3, sn - 3);
        st->md_line = (long)lr->facts.lines;
        return;
    }
    if (st->md_field) {
        if (s[0] != '`' && (long)lr->facts.lines - st->md_line <= 3)
            md_value(lr, st->md_field, s, sn, line, n);
        if (s[0] != '`')
            st->md_field = MD_NONE;
        return;
    }
    /* "- OS Platform and Distribution (e.g., Linux Ubuntu 16.04): Windows 10" */
    if (sn < 200 && (s[0] == '-' || s[0] == '*') && (field = md_field_of(s, sn)) != MD_NONE && field != MD_TF &&
        (c = mfind(s, sn, "): ")) != NULL)
        md_value(lr, field, c + 3, left(s, sn, c + 3), line, n);
}

/* A line that ends in an empty Python list: "[]", "[ ]". */
static int empty_list(const char *s, size_t sn)
{
    size_t k = sn;
    if (!k || s[k - 1] != ']')
        return 0;
    k--;
    while (k && is_space(s[k - 1]))
        k--;
    return k && s[k - 1] == '[';
}

/* "[]" / "False" / a version on the lines right after a query. */
static void match_query_result(struct logread *lr, const char *line, size_t n)
{
    const char *s = line;
    size_t sn = n;
    long dist = (long)lr->facts.lines - lr->st.query_line;

    if (!lr->st.query_kind || dist < 0 || dist > 3)
        return;
    skip_spaces(&s, &sn);
    while (sn && is_space(s[sn - 1]))
        sn--;
    if ((lr->st.query_kind == 3 || lr->st.query_kind == 4 || lr->st.query_kind == 5) && dist == 1) {
        /* >>> torch.__version__ / tf.__version__ / torch.version.cuda, then '2.1.0+cu121' */
        struct log_value *v = lr->st.query_kind == 3   ? &lr->facts.torch_version
                              : lr->st.query_kind == 4 ? &lr->facts.tf_version
                                                       : &lr->facts.cuda_version;
        if (sn > 2 && (s[0] == '\'' || s[0] == '"'))
            setval(lr, v, s + 1, version_len(s + 1, sn - 1), line, n);
        else if (sn && is_digit(s[0]) && !mfind(s, sn, " "))   /* print()'s form: 10.0.130 */
            setval(lr, v, s, version_len(s, sn), line, n);
        /* torch.version.cuda is the build's CUDA ("None": a build without CUDA) */
        if (lr->st.query_kind == 5 && sn > 2 && (s[0] == '\'' || s[0] == '"') && is_digit(s[1]))
            setval(lr, &lr->facts.torch_cuda, s + 1, version_len(s + 1, sn - 1), line, n);
        else if (lr->st.query_kind == 5 && sn && is_digit(s[0]) && !mfind(s, sn, " "))
            setval(lr, &lr->facts.torch_cuda, s, version_len(s, sn), line, n);
        else if (lr->st.query_kind == 5 && sn == 4 && !memcmp(s, "None", 4))
            setval(lr, &lr->facts.torch_cuda, "None", 4, line, n);
        lr->st.query_kind = 0;
    } else if (lr->st.query_kind == 6 && dist == 1) {
        if (sn == 5 && !memcmp(s, "False", 5))
            setval(lr, &lr->facts.tf_not_cuda_build, "False", 5, line, n);
        lr->st.query_kind = 0;
    } else if (lr->st.query_kind == 1 && empty_list(s, sn)) {
        hit(lr, LE_GPU_LIST_EMPTY, line, n);
        lr->st.query_kind = 0;
    } else if (lr->st.query_kind == 2 && sn >= 5 && !memcmp(s + sn - 5, "False", 5) && dist > 0) {
        hit(lr, LE_TORCH_NO_GPU, line, n);
        lr->st.query_kind = 0;
    }
}

/* The queries whose answer comes on a later line. */
static void match_queries(struct logread *lr, const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    const char *s = line, *p;
    size_t sn = n;

    while (sn && is_space(s[sn - 1]))
        sn--;
    if (mfind(line, n, "list_physical_devices(") && mfind(line, n, "GPU")) {
        const char *cm = mfind(line, n, ") #");
        /* the answer as a comment after the call: "tf.config.list_physical_devices('GPU') # [] is returned" */
        if ((sn >= 2 && !memcmp(s + sn - 2, "[]", 2)) || (cm && mfind(cm, left(line, n, cm), "[]"))) {
            hit(lr, LE_GPU_LIST_EMPTY, line, n);
        } else {
            lr->st.query_line = (long)f->lines;
            lr->st.query_kind = 1;
        }
    } else if (mfind(line, n, "Num GPUs Available") && sn >= 2 && s[sn - 1] == '0' &&
               !is_digit(s[sn - 2])) {
        hit(lr, LE_GPU_LIST_EMPTY, line, n);
    }
    /* torch.cuda.is_available() -> False; collect_env.py "Is CUDA available: False". */
    if (mfind(line, n, "is_available()")) {
        lr->st.query_line = (long)f->lines;
        lr->st.query_kind = 2;
        if (sn >= 5 && !memcmp(s + sn - 5, "False", 5))
            hit(lr, LE_TORCH_NO_GPU, line, n);
    }
    /* ">>> torch.__version__" or ">>> print(torch.__version__)": the answer is on the next line */
    if (mfind(line, n, "torch.__version__") && sn && (s[sn - 1] == '_' || (sn > 1 && s[sn - 1] == ')' && s[sn - 2] == '_'))) {
        lr->st.query_line = (long)f->lines;
        lr->st.query_kind = 3;
    }
    if (mfind(line, n, "tf.__version__") && sn && (s[sn - 1] == '_' || (sn > 1 && s[sn - 1] == ')' && s[sn - 2] == '_'))) {
        lr->st.query_line = (long)f->lines;
        lr->st.query_kind = 4;
    }
    /* tf.test.is_built_with_cuda() answered False (on the next line, or as a comment after the call;
       "is_build_with_cuda" is a common misspelling) */
    if ((p = gmfind(lr, line, n, "with_cuda()")) != NULL && p - line >= 9 &&
        (!memcmp(p - 9, "is_built_", 9) || !memcmp(p - 9, "is_build_", 9))) {
        const char *r = p + 11;
        if (mfind_ci(r, left(line, n, r), "false"))
            setval(lr, &f->tf_not_cuda_build, "False", 5, line, n);
        else if (!mfind(r, left(line, n, r), "#")) {
            lr->st.query_line = (long)f->lines;
            lr->st.query_kind = 6;
        }
    }
    if (mfind(line, n, "Is CUDA available: False"))
        hit(lr, LE_TORCH_NO_GPU, line, n);
    /* in prose: "cuda.is_available() returns false", "torch.cuda.is_available=**False**",
       "is_available() 就是False" (a few bytes of any language between) */
    else if ((p = find_after(line, n, "is_available")) != NULL) {
        const char *fl = mfind_ci(p, left(line, n, p) < 48 ? left(line, n, p) : 48, "false");
        if (fl && !mfind_ci(p, span(p, fl), "true") && !mfind_ci(p, span(p, fl), " if "))
            hit(lr, LE_TORCH_NO_GPU, line, n);
    }
}

/* JAX's "Outdated X installation found." is followed by its versions. */
static void match_jax_outdated_tail(struct logread *lr, const char *line, size_t n)
{
    struct log_event *e = &lr->facts.ev[LE_JAX_OUTDATED];
    const char *p;
    if (!lr->st.jax_outdated || mfind(line, n, " installation found"))
        return;
    if ((p = find_after(line, n, "Version JAX was built against: ")) != NULL) {
        if (!e->c)
            e->c = version_at(lr, line, n, p);
    } else if ((p = find_after(line, n, "Installed version: ")) != NULL) {
        if (!e->b)
            e->b = version_at(lr, line, n, p);
    } else if (!mfind(line, n, "Minimum supported: ") && !mfind(line, n, "local installation")) {
        lr->st.jax_outdated = 0;
    }
}

/*
 * torch's "[WinError 126] ... Error loading "C:\...\x.dll" or one of its
 * dependencies." wrapped by a terminal or a forum after "Error loading": the
 * next line (of at most the next two) that names a .dll completes it, and
 * counts as the same message (take_win_dll's capture).
 */
static void match_dll_wrapped(struct logread *lr, const char *line, size_t n)
{
    const char *p, *b;
    if (lr->st.dll_wrapped) {
        if ((p = mfind(line, n, ".dll")) != NULL) {
            for (b = p; b > line && b[-1] != '\\' && b[-1] != '/' && b[-1] != '"' && !is_space(b[-1]); b--)
                ;
            if (p > b && hit(lr, LE_WIN_DLL_LOAD, line, n)) {
                struct log_event *e = ev_of(lr, LE_WIN_DLL_LOAD);
                if (!e->a)
                    e->a = dupn(lr, b, span(b, p) + 4);
                add_lib(lr, b, span(b, p) + 4, "a dependency of this DLL is missing (WinError 126)", 51, "torch", 0,
                        line, n);
            }
            lr->st.dll_wrapped = 0;
        } else if (++lr->st.dll_wrapped > 2) {
            lr->st.dll_wrapped = 0;
        }
        return;
    }
    if (n > 14 && (p = mfind(line, n, "Error loading")) != NULL && left(line, n, p) < 16 &&
        !mfind(p, left(line, n, p), ".dll") && (gmfind(lr, line, n, "WinError 126") || gmfind(lr, line, n, "WinError 127")))
        lr->st.dll_wrapped = 1;
}

static int exception_line(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && (name_char(s[k]) && s[k] != '-'))
        k++;
    if (!k || !is_alpha(s[0]))
        return 0;
    if (k < n && s[k] != ':')
        return 0;
    return mfind(s, k, "Error") || mfind(s, k, "Exception") || mfind(s, k, "Warning") ||
           mfind(s, k, "Interrupt") || mfind(s, k, "Exit");
}

static void match_traceback(struct logread *lr, const char *line, size_t n)
{
    struct logread_state *st = &lr->st;
    if (mfind(line, n, "Traceback (most recent call last):")) {
        st->in_traceback = 1;
        return;
    }
    if (!st->in_traceback || !n || is_space(line[0]))
        return;
    if (exception_line(line, n)) {
        size_t k = n < LOG_QUOTE_MAX ? n : LOG_QUOTE_MAX;
        memcpy(st->exc, line, k);
        st->exc[k] = '\0';
        st->exc_line = (long)lr->facts.lines;
        hit(lr, LE_EXCEPTION, line, n);
    }
    st->in_traceback = 0;
}

/*
 * The log's date: the first timestamp "20YY-MM-DD HH:MM" (or with 'T')
 * that starts within the first 48 bytes of a line, as TensorFlow, ONNX
 * Runtime, Python logging and journald's ISO form print it.  Only the date
 * is kept; a line without one costs at most 48 tries of two bytes.
 */
static void match_date(struct logread *lr, const char *line, size_t n)
{
    size_t i, lim = n < 48 ? n : 48;
    if (lr->facts.date.v || n < 16)
        return;
    for (i = 0; i + 16 <= n && i < lim; i++) {
        const char *p = line + i;
        if (p[0] != '2' || p[1] != '0' || !is_digit(p[2]) || !is_digit(p[3]) || p[4] != '-' || !is_digit(p[5]) ||
            !is_digit(p[6]) || p[7] != '-' || !is_digit(p[8]) || !is_digit(p[9]) || (p[10] != ' ' && p[10] != 'T') ||
            !is_digit(p[11]) || !is_digit(p[12]) || p[13] != ':' || !is_digit(p[14]) || !is_digit(p[15]))
            continue;
        if ((p[5] - '0') * 10 + (p[6] - '0') < 1 || (p[5] - '0') * 10 + (p[6] - '0') > 12 ||
            (p[8] - '0') * 10 + (p[9] - '0') < 1 || (p[8] - '0') * 10 + (p[9] - '0') > 31)
            continue;
        if (i && (is_digit(p[-1]) || is_alpha(p[-1])))
            continue;
        setval(lr, &lr->facts.date, p, 10, line, n);
        return;
    }
}

/* One segment of the current line: what a terminal shows between two '\r' (a
 * progress bar's refresh), or one window of a long line. */
/* Indentation that marks a code block: four spaces, or one tab first. */
static int block_mark(const char *s, size_t n)
{
    return n && (s[0] == '\t' || (n >= 4 && !memcmp(s, "    ", 4)));
}

/*
 * How many bytes of a line's first segment are the indentation of a log
 * pasted as one code block (logread.h): the first non-blank line sets it;
 * a later line indented otherwise keeps the common part while that part
 * still marks a block, else the log is not one block and nothing more is
 * dropped (lines read before keep what was dropped: it was indentation).
 */
static size_t block_indent(struct logread_state *st, const char *raw, size_t rn)
{
    size_t w = 0, c = 0;
    if (st->block_state == 2)
        return 0;
    while (w < rn && (raw[w] == ' ' || raw[w] == '\t'))
        w++;
    if (w == rn)
        return 0;   /* blank: decides nothing */
    if (st->block_state == 0) {
        if (w > sizeof(st->block_indent) - 1 || !block_mark(raw, w)) {
            st->block_state = 2;
            return 0;
        }
        memcpy(st->block_indent, raw, w);
        st->block_len = w;
        st->block_state = 1;
        return w;
    }
    while (c < st->block_len && c < w && raw[c] == st->block_indent[c])
        c++;
    if (!block_mark(raw, c)) {
        st->block_state = 2;
        return 0;
    }
    st->block_len = c;
    return c;
}

/* A byte of a word, a name or a path: a wrap between two of them cut it. */
static int word_byte(char c)
{
    return is_alpha(c) || is_digit(c) || c == '.' || c == '_' || c == '-' || c == '/' || c == '\\' ||
           c == '\'' || c == '"';
}

/* A byte of a file name (no separator, no quote): a wrap between two of them cut the name. */
static int name_byte(char c)
{
    return is_alpha(c) || is_digit(c) || c == '.' || c == '_' || c == '-' || c == '+';
}

/* Where the wrap cut a name, keep the part of it before the cut for the
 * continuation's own reading (cut_whole): the tail's last name bytes. */
static void wrap_cut_name(struct logread *lr, size_t k1)
{
    size_t k = 0;
    lr->cut_len = 0;
    if (!name_byte(lr->norm[k1 - 1]) || !name_byte(lr->norm[k1]))
        return;
    while (k < k1 && name_byte(lr->norm[k1 - k - 1]))
        k++;
    memcpy(lr->cut_name, lr->norm + k1 - k, k);
    lr->cut_len = k;
}

/*
 * The previous line may have been hard-wrapped (st->wrap_len): match its
 * tail joined with this line's head, as the previous line (its number, so
 * that a family it already showed is not counted twice), for the table's
 * messages that start in the tail (logread.h).
 */
static void wrap_join(struct logread *lr, const char *raw, size_t rn)
{
    struct logread_state *st = &lr->st;
    size_t k1, k2, i, hn = rn < LOGREAD_WRAP ? rn : LOGREAD_WRAP;
    unsigned long line = lr->facts.lines;
    k1 = normalise(st->wrap_tail, st->wrap_len, lr->norm);
    if (!k1 || !hn)
        return;
    k2 = normalise(raw, hn, lr->norm + k1);
    /* A line with a log prefix of its own starts a record: no wrap. */
    if (!k2 || message_start(lr->norm + k1, k2))
        return;
    lr->join_cut = word_byte(lr->norm[k1 - 1]) && word_byte(lr->norm[k1]);
    wrap_cut_name(lr, k1);
    for (i = 0; i < k1 + k2; i++)
        lr->low[i] = (char)lower((unsigned char)lr->norm[i]);
    grams_fill(lr->grams, lr->norm, k1 + k2);
    lr->facts.lines = st->wrap_line;
    lr->join_at = k1;
    match_table(lr, lr->norm, k1 + k2);
    lr->join_at = 0;
    lr->facts.lines = line;
}

/* The wrapped line's tail grows by its continuation: the last LOGREAD_WRAP
 * bytes of both. */
static void wrap_keep(struct logread_state *st, const char *s, size_t n)
{
    size_t keep;
    if (n >= LOGREAD_WRAP) {
        memcpy(st->wrap_tail, s + n - LOGREAD_WRAP, LOGREAD_WRAP);
        st->wrap_len = LOGREAD_WRAP;
        return;
    }
    keep = LOGREAD_WRAP - n;
    if (st->wrap_len > keep) {
        memmove(st->wrap_tail, st->wrap_tail + st->wrap_len - keep, keep);
        st->wrap_len = keep;
    }
    memcpy(st->wrap_tail + st->wrap_len, s, n);
    st->wrap_len += n;
}

static void segment(struct logread *lr, const char *raw, size_t rn)
{
    const char *line = lr->norm, *msg;
    size_t n, i, off, mn;
    int first = !lr->in_line;
    lr->cut_len = 0;
    if (first) {
        lr->facts.lines++;
        lr->in_line = 1;
        i = block_indent(&lr->st, raw, rn);
        raw += i;
        rn -= i;
        if (lr->st.wrap_len)
            wrap_join(lr, raw, rn);
    }
    if (!rn)
        return;
    n = normalise(raw, rn, lr->norm);
    if (!n)
        return;
    /* the continuation of a name the wrap cut starts this line's first segment */
    lr->cut_head = first && lr->cut_len ? line : NULL;
    for (i = 0; i < n; i++)
        lr->low[i] = (char)lower((unsigned char)line[i]);
    grams_fill(lr->grams, line, n);
    /* The readers that look at a line's start see the message, not its log prefix. */
    off = message_start(line, n);
    msg = line + off;
    mn = n - off;
    match_date(lr, line, n);
    match_context(lr, msg, mn);
    match_template(lr, msg, mn);
    match_query_result(lr, msg, mn);
    match_queries(lr, msg, mn);
    match_traceback(lr, msg, mn);
    match_jax_outdated_tail(lr, msg, mn);
    match_dll_wrapped(lr, msg, mn);
    match_smi(lr, msg, mn);
    match_pip(lr, msg, mn);
    match_table(lr, line, n);
    lr->cut_head = NULL;
}

/* Match what the line buffer holds as a segment, and empty it. */
static void flush_segment(struct logread *lr)
{
    segment(lr, lr->buf, lr->len);
    if (lr->len)
        lr->seg_len = lr->len;   /* a CRLF line's text stays in buf after its '\r' */
    lr->len = 0;
}

/*
 * Append to the current segment.  A segment longer than the buffer is
 * matched in windows of LOGREAD_LINE_MAX bytes, each sharing its last
 * LOGREAD_OVERLAP bytes with the next, so that a message anywhere in a long
 * line is matched whole in one window; memory stays one buffer.
 */
static void append(struct logread *lr, const char *s, size_t n)
{
    lr->st.line_bytes += n;
    while (n) {
        size_t room = LOGREAD_LINE_MAX - lr->len, k = n < room ? n : room;
        memcpy(lr->buf + lr->len, s, k);
        lr->len += k;
        s += k;
        n -= k;
        if (n && lr->len == LOGREAD_LINE_MAX) {
            if (!lr->long_line) {
                lr->facts.long_lines++;
                lr->long_line = 1;
            }
            segment(lr, lr->buf, lr->len);
            memmove(lr->buf, lr->buf + LOGREAD_LINE_MAX - LOGREAD_OVERLAP, LOGREAD_OVERLAP);
            lr->len = LOGREAD_OVERLAP;
        }
    }
}

/* Part of a line (no '\n'): each '\r' ends a segment (a progress bar redraws over it). */
static void line_part(struct logread *lr, const char *p, size_t n)
{
    const char *cr;
    while ((cr = memchr(p, '\r', n)) != NULL) {
        append(lr, p, (size_t)(cr - p));
        if ((size_t)(cr - p) + 1 < n) {
            lr->facts.segments++;   /* more follows: a redraw, not a CRLF */
            lr->st.line_segs++;
        }
        flush_segment(lr);
        n -= (size_t)(cr - p) + 1;
        p = cr + 1;
    }
    append(lr, p, n);
}

/* The line ends: its last segment, then the next line starts afresh.  A
 * line that may have been hard-wrapped (one segment in the buffer, at least
 * LOGREAD_WRAP_MIN bytes, none longer before it) leaves its tail for
 * wrap_join, with the tail it continued when it was itself a continuation
 * (a long line wrapped three times or more). */
static void line_end(struct logread *lr)
{
    struct logread_state *st = &lr->st;
    size_t len;
    int wrapped = !lr->long_line && !st->line_segs && st->line_bytes >= LOGREAD_WRAP_MIN &&
                  st->line_bytes >= st->max_line_bytes;
    int cont = st->wrap_len > 0;   /* this line continued a wrapped one (wrap_join) */
    flush_segment(lr);
    len = lr->seg_len;   /* the line's last segment, flushed here or at its CRLF's '\r' */
    lr->seg_len = 0;
    if (!wrapped) {
        st->wrap_len = 0;
    } else {
        if (!cont)
            st->wrap_line = lr->facts.lines;
        wrap_keep(st, lr->buf, len);   /* wrapped again: the tail spans both */
    }
    if (st->line_bytes > st->max_line_bytes)
        st->max_line_bytes = st->line_bytes;
    st->line_bytes = 0;
    st->line_segs = 0;
    lr->in_line = 0;
    lr->long_line = 0;
}

void logread_line(struct logread *lr, const char *line, size_t n)
{
    line_part(lr, line, n);
    line_end(lr);
}

void logread_init(struct logread *lr)
{
    memset(lr, 0, sizeof(*lr));
    arena_init(&lr->arena);
    lr->buf = xmalloc(LOGREAD_LINE_MAX + 1);
    lr->norm = xmalloc(LOGREAD_LINE_MAX + 1);
    lr->low = xmalloc(LOGREAD_LINE_MAX + 1);
}

void logread_release(struct logread *lr)
{
    arena_release(&lr->arena);
    free(lr->buf);
    free(lr->norm);
    free(lr->low);
    lr->buf = lr->norm = lr->low = NULL;
    lr->len = 0;
}

void logread_feed(struct logread *lr, const char *buf, size_t len)
{
    const char *p = buf, *end = buf + len;

    lr->facts.bytes += len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        line_part(lr, p, nl ? (size_t)(nl - p) : (size_t)(end - p));
        if (!nl)
            break;
        line_end(lr);
        p = nl + 1;
    }
}

static void pkg_fallback(struct logread *lr, struct log_value *v, const char *const *names)
{
    const struct log_pkg *pk;
    size_t i;
    if (v->v)
        return;
    for (i = 0; names[i]; i++) {
        pk = log_facts_pkg(&lr->facts, names[i]);
        if (pk) {
            v->v = pk->version;
            v->line = pk->line;
            v->text = pk->text;
            return;
        }
    }
}

void logread_finish(struct logread *lr)
{
    static const char *const tf[] = { "tensorflow", "tensorflow-gpu", "tensorflow-cpu",
                                      "tensorflow-intel", "tf-nightly", NULL };
    static const char *const torch[] = { "torch", NULL };
    static const char *const jax[] = { "jax", NULL };
    static const char *const jaxlib[] = { "jaxlib", NULL };
    static const char *const ort[] = { "onnxruntime-gpu", "onnxruntime", NULL };
    static const char *const cupy[] = { "cupy-cuda13x", "cupy-cuda12x", "cupy-cuda11x", "cupy", NULL };

    if (lr->len || lr->in_line)
        line_end(lr);
    if (lr->st.exc_line)
        lr->facts.ev[LE_EXCEPTION].a = arena_strdup(&lr->arena, lr->st.exc);
    lr->facts.ev[LE_EXCEPTION].b = NULL;
    pkg_fallback(lr, &lr->facts.tf_version, tf);
    pkg_fallback(lr, &lr->facts.torch_version, torch);
    pkg_fallback(lr, &lr->facts.jax_version, jax);
    pkg_fallback(lr, &lr->facts.jaxlib_version, jaxlib);
    pkg_fallback(lr, &lr->facts.ort_version, ort);
    pkg_fallback(lr, &lr->facts.cupy_version, cupy);
}

void logread_name_errors(struct logread *lr, const struct kb *kb)
{
    struct log_facts *f = &lr->facts;
    size_t i, j, k = 0;
    for (i = 0; i < f->n_errs; i++) {
        struct log_cuda_error e = f->errs[i];
        struct kb_cuda_error row;
        if (kb && kb_cuda_error(kb, e.api, e.name, e.number, &row) == 1) {
            if (!e.name)
                e.name = arena_strdup(&lr->arena, row.name);
            if (e.number < 0)
                e.number = strtol(row.number, NULL, 10);
            e.api = !strcmp(row.api, "driver") ? "driver" : !strcmp(row.api, "nvml") ? "nvml"
                    : !strcmp(row.api, "cudnn") ? "cudnn" : "runtime";
            e.meaning = row.meaning ? arena_strdup(&lr->arena, row.meaning) : NULL;
            e.finding = row.finding ? arena_strdup(&lr->arena, row.finding) : NULL;
        } else if (!e.name) {
            /* a number no table knows ("error code 126" of a DLL) is no CUDA error */
            if (kb)
                continue;
            e.name = arena_printf(&lr->arena, "error %ld", e.number);
        }
        for (j = 0; j < k && strcmp(f->errs[j].name, e.name); j++)
            ;
        if (j < k)
            continue;   /* the same code, once by number and once by name or message */
        f->errs[k++] = e;
    }
    f->n_errs = k;
    if (!k)
        f->ev[LE_CUDA_ERROR].count = 0, f->ev[LE_CUDA_ERROR].n_hits = 0;
}
