/*
 * procfs.c - pure parsers for /proc/PID files (procfs.h).
 */
#include "scan/procfs.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

/* The bytes as text: parsers take uint8_t (CONVENTIONS.md 8) and read chars. */
#define TXT(b) ((const char *)(b))

static int is_hex(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static unsigned hexval(char c)
{
    if (c >= '0' && c <= '9')
        return (unsigned)(c - '0');
    if (c >= 'a' && c <= 'f')
        return (unsigned)(c - 'a' + 10);
    return (unsigned)(c - 'A' + 10);
}

/* A hex number at s[*i..n), at most 16 digits; 1 and *v, or 0. */
static int take_hex(const char *s, size_t n, size_t *i, uint64_t *v)
{
    size_t start = *i;
    uint64_t x = 0;
    while (*i < n && is_hex(s[*i])) {
        if (*i - start >= 16)
            return 0;
        x = (x << 4) | hexval(s[*i]);
        (*i)++;
    }
    *v = x;
    return *i > start;
}

/* A decimal number at s[*i..n) that fits in 63 bits; 1 and *v, or 0. */
static int take_dec(const char *s, size_t n, size_t *i, uint64_t *v)
{
    size_t start = *i;
    uint64_t x = 0;
    while (*i < n && s[*i] >= '0' && s[*i] <= '9') {
        unsigned d = (unsigned)(s[*i] - '0');
        if (x > (UINT64_MAX / 2 - d) / 10)
            return 0;
        x = x * 10 + d;
        (*i)++;
    }
    *v = x;
    return *i > start;
}

static int take_char(const char *s, size_t n, size_t *i, char c)
{
    if (*i < n && s[*i] == c) {
        (*i)++;
        return 1;
    }
    return 0;
}

static void skip_spaces(const char *s, size_t n, size_t *i)
{
    while (*i < n && s[*i] == ' ')
        (*i)++;
}

static void *arena_copy(struct arena *a, const void *src, size_t n, size_t size)
{
    void *p;
    if (!n)
        return NULL;
    p = arena_alloc(a, st_mult(n, size));
    memcpy(p, src, n * size);
    return p;
}

/* ---- maps ------------------------------------------------------------- */

/* FNV-1a over a path, for the one-entry-per-file set. */
static uint64_t hash_path(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h;
}

struct mapset {
    size_t *slot;          /* index + 1 into files; 0 empty */
    size_t cap;            /* a power of two */
};

/* The index of the file (path, n) in files, or (size_t)-1 when new (then
 * *where is the slot to fill). */
static size_t mapset_find(const struct mapset *ms, const struct proc_map *files, const char *path, size_t n,
                          size_t *where)
{
    size_t i = (size_t)(hash_path(path, n) & (ms->cap - 1));
    for (;;) {
        size_t k = ms->slot[i];
        if (!k) {
            *where = i;
            return (size_t)-1;
        }
        if (strlen(files[k - 1].path) == n && !memcmp(files[k - 1].path, path, n))
            return k - 1;
        i = (i + 1) & (ms->cap - 1);
    }
}

static void mapset_grow(struct mapset *ms, const struct proc_map *files, size_t nfiles)
{
    size_t cap = ms->cap ? ms->cap * 2 : 64, i;
    size_t *slot = xcalloc(cap, sizeof(*slot));
    free(ms->slot);
    ms->slot = slot;
    ms->cap = cap;
    for (i = 0; i < nfiles; i++) {
        size_t where = 0;
        mapset_find(ms, files, files[i].path, strlen(files[i].path), &where);
        ms->slot[where] = i + 1;
    }
}

void procfs_parse_maps(const uint8_t *buf, size_t len, struct arena *a, size_t max_files,
                       struct proc_map **out, size_t *n, size_t *skipped)
{
    const char *s = TXT(buf), *line;
    size_t pos = 0, ln, nfiles = 0, alloc = 0, bad = 0;
    struct proc_map *files = NULL;
    struct mapset ms = { NULL, 0 };
    static const char deleted[] = " (deleted)";

    /* The kernel ends every line with '\n': a last line without one was cut
     * by the reader's limit, and its path may be cut too. */
    while (len && buf[len - 1] != '\n')
        len--;

    while (next_line(s, len, &pos, &line, &ln)) {
        size_t i = 0, where = 0, k, pl;
        uint64_t lo, hi, off, maj, min, ino;
        const char *perms, *path;
        int ok, del = 0;

        if (!ln)
            continue;
        ok = take_hex(line, ln, &i, &lo) && take_char(line, ln, &i, '-') && take_hex(line, ln, &i, &hi) &&
             take_char(line, ln, &i, ' ');
        perms = line + i;
        ok = ok && i + 4 < ln && line[i + 4] == ' ';
        if (ok)
            i += 5;
        ok = ok && take_hex(line, ln, &i, &off) && take_char(line, ln, &i, ' ') && take_hex(line, ln, &i, &maj) &&
             take_char(line, ln, &i, ':') && take_hex(line, ln, &i, &min) && take_char(line, ln, &i, ' ') &&
             take_dec(line, ln, &i, &ino) && maj <= 0xfffff && min <= 0xfffff;
        (void)lo;
        (void)hi;
        (void)off;
        if (!ok) {
            bad++;
            continue;
        }
        skip_spaces(line, ln, &i);
        if (i >= ln || line[i] != '/')
            continue;   /* anonymous, [heap], [vdso], anon_inode:... */
        path = line + i;
        pl = ln - i;
        if (pl > sizeof(deleted) - 1 && !memcmp(path + pl - (sizeof(deleted) - 1), deleted, sizeof(deleted) - 1)) {
            pl -= sizeof(deleted) - 1;
            del = 1;
        }
        if (ms.cap && (k = mapset_find(&ms, files, path, pl, &where)) != (size_t)-1) {
            if (perms[2] == 'x')
                files[k].exec = 1;
            continue;
        }
        if (nfiles >= max_files)
            continue;
        ALLOC_GROW(files, nfiles + 1, alloc);
        memset(&files[nfiles], 0, sizeof(files[nfiles]));
        files[nfiles].path = arena_strndup(a, path, pl);
        files[nfiles].deleted = del;
        files[nfiles].dev_major = (unsigned)maj;
        files[nfiles].dev_minor = (unsigned)min;
        files[nfiles].inode = ino;
        files[nfiles].exec = perms[2] == 'x';
        nfiles++;
        /* Keep the set at most half full. */
        if (2 * nfiles > ms.cap)
            mapset_grow(&ms, files, nfiles);
        else
            ms.slot[where] = nfiles;
    }
    *out = arena_copy(a, files, nfiles, sizeof(*files));
    *n = nfiles;
    if (skipped)
        *skipped = bad;
    free(files);
    free(ms.slot);
}

/* ---- environ, cmdline --------------------------------------------------- */

void procfs_parse_environ(const uint8_t *buf, size_t len, procfs_keep_fn *keep, void *arg,
                          struct arena *a, struct env_fact **out, size_t *n, size_t *total)
{
    const char *s = TXT(buf);
    size_t pos = 0, nk = 0, alloc = 0, seen = 0;
    struct env_fact *v = NULL;

    while (pos < len) {
        const char *str = s + pos, *end = memchr(str, '\0', len - pos), *eq;
        size_t sl = end ? (size_t)(end - str) : len - pos;
        pos += sl + 1;
        eq = memchr(str, '=', sl);
        if (!eq || eq == str)
            continue;
        seen++;
        if (!keep || !keep(str, (size_t)(eq - str), arg))
            continue;
        ALLOC_GROW(v, nk + 1, alloc);
        v[nk].name = arena_strndup(a, str, (size_t)(eq - str));
        v[nk].value = arena_strndup(a, eq + 1, sl - (size_t)(eq - str) - 1);
        nk++;
    }
    *out = arena_copy(a, v, nk, sizeof(*v));
    *n = nk;
    *total = seen;
    free(v);
}

void procfs_parse_cmdline(const uint8_t *buf, size_t len, struct arena *a, size_t max_words,
                          size_t max_word_len, const char ***out, size_t *n, size_t *total)
{
    const char *s = TXT(buf);
    size_t pos = 0, nw = 0, alloc = 0, seen = 0;
    const char **v = NULL;

    /* One trailing NUL ends the last word; without it the last word is
     * what is left (a rewritten command line). */
    if (len && s[len - 1] == '\0')
        len--;
    while (len && pos <= len) {
        const char *w = s + pos, *end = memchr(w, '\0', len - pos);
        size_t wl = end ? (size_t)(end - w) : len - pos;
        pos += wl + 1;
        seen++;
        if (nw >= max_words)
            continue;
        ALLOC_GROW(v, nw + 1, alloc);
        v[nw++] = arena_strndup(a, w, wl < max_word_len ? wl : max_word_len);
    }
    *out = arena_copy(a, v, nw, sizeof(*v));
    *n = nw;
    *total = seen;
    free(v);
}

/* ---- status, stat ------------------------------------------------------- */

/* The decimal at the start of s[0..n) (after blanks), or -1. */
static long first_long(const char *s, size_t n, size_t *i)
{
    uint64_t v;
    while (*i < n && (s[*i] == ' ' || s[*i] == '\t'))
        (*i)++;
    if (!take_dec(s, n, i, &v) || v > 0x7fffffffu)
        return -1;
    return (long)v;
}

void procfs_parse_status(const uint8_t *buf, size_t len, struct arena *a, struct proc_status *st)
{
    const char *s = TXT(buf), *line;
    size_t pos = 0, ln;

    memset(st, 0, sizeof(*st));
    st->ppid = st->uid = st->euid = st->gid = st->nspid = -1;
    st->threads = -1;
    while (next_line(s, len, &pos, &line, &ln)) {
        const char *colon = memchr(line, ':', ln);
        size_t kl, i;
        if (!colon)
            continue;
        kl = (size_t)(colon - line);
        i = kl + 1;
#define KEY(k) (kl == sizeof(k) - 1 && !memcmp(line, k, kl))
        if (KEY("Name")) {
            const char *v = line + i;
            size_t vl = ln - i;
            while (vl && (*v == '\t' || *v == ' ')) {
                v++;
                vl--;
            }
            st->name = arena_strndup(a, v, vl);
        } else if (KEY("PPid")) {
            st->ppid = first_long(line, ln, &i);
        } else if (KEY("Uid")) {
            st->uid = first_long(line, ln, &i);
            st->euid = st->uid < 0 ? -1 : first_long(line, ln, &i);
        } else if (KEY("Gid")) {
            st->gid = first_long(line, ln, &i);
        } else if (KEY("Threads")) {
            long t = first_long(line, ln, &i);
            st->threads = t > 0x7fffffff ? -1 : (int)t;
        } else if (KEY("NSpid")) {
            long v;
            int levels = 0;
            while ((v = first_long(line, ln, &i)) >= 0) {
                st->nspid = v;
                levels++;
            }
            st->nspid_levels = levels;
        }
#undef KEY
    }
}

int procfs_parse_stat(const uint8_t *buf, size_t len, struct proc_stat *st)
{
    const char *s = TXT(buf);
    size_t i, field = 3;
    uint64_t v;

    memset(st, 0, sizeof(*st));
    /* The last ')' ends comm, whatever comm holds. */
    for (i = len; i > 0 && s[i - 1] != ')'; i--)
        ;
    if (!i)
        return 0;
    while (i < len && s[i] != '\n') {
        skip_spaces(s, len, &i);
        if (i >= len || s[i] == '\n')
            break;
        if (field == 3) {
            st->state = s[i++];
        } else {
            if (!take_dec(s, len, &i, &v)) {
                /* a negative or odd field: skip it */
                while (i < len && s[i] != ' ' && s[i] != '\n')
                    i++;
                v = 0;
            }
            if (field == 14)
                st->utime = v;
            else if (field == 15)
                st->stime = v;
            else if (field == 22) {
                st->starttime = v;
                st->valid = st->state != 0;
                return st->valid;
            }
        }
        if (i < len && s[i] != ' ' && s[i] != '\n')
            return 0;
        field++;
    }
    return 0;
}

/* ---- cgroup --------------------------------------------------------------- */

static int all_hex(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (!is_hex(s[i]))
            return 0;
    return n > 0;
}

/* Does the component c[0..n) name a container?  Sets kind and the id. */
static int container_component(const char *c, size_t n, const char **kind, const char **id, size_t *idn)
{
    static const struct { const char *prefix, *kind; } scopes[] = {
        { "docker-", "docker" }, { "libpod-conmon-", NULL }, { "libpod-", "podman" },
        { "cri-containerd-", "containerd" }, { "crio-conmon-", NULL }, { "crio-", "cri-o" },
    };
    size_t k, pl;
    for (k = 0; k < sizeof(scopes) / sizeof(scopes[0]); k++) {
        pl = strlen(scopes[k].prefix);
        if (n > pl + 6 && !memcmp(c, scopes[k].prefix, pl) && !memcmp(c + n - 6, ".scope", 6)) {
            if (!scopes[k].kind)
                return 0;   /* the engine's monitor process, not the container */
            *kind = scopes[k].kind;
            *id = c + pl;
            *idn = n - pl - 6;
            return 1;
        }
    }
    if (n > 12 && !memcmp(c, "lxc.payload.", 12)) {
        *kind = "lxc";
        *id = c + 12;
        *idn = n - 12;
        return 1;
    }
    return 0;
}

static void classify_cgroup(const char *p, size_t n, struct arena *a, struct proc_cgroup *cg)
{
    size_t i = 0;
    const char *prev = NULL;
    size_t prevn = 0;
    int kube = 0;

    while (i < n) {
        const char *c, *id = NULL, *kind = NULL;
        size_t cn, idn = 0;
        while (i < n && p[i] == '/')
            i++;
        c = p + i;
        while (i < n && p[i] != '/')
            i++;
        cn = (size_t)(p + i - c);
        if (!cn)
            break;
        if (cn >= 8 && !memcmp(c, "kubepods", 8))
            kube = 1;
        if (!cg->container && container_component(c, cn, &kind, &id, &idn)) {
            cg->container = kube ? "kubernetes" : kind;
            cg->container_id = arena_strndup(a, id, idn);
        } else if (!cg->container && prev && all_hex(c, cn) && cn >= 32 &&
                   ((prevn == 6 && !memcmp(prev, "docker", 6)) || kube)) {
            /* cgroup v1 and cgroupfs drivers: /docker/ID, /kubepods/.../ID */
            cg->container = kube ? "kubernetes" : "docker";
            cg->container_id = arena_strndup(a, c, cn);
        } else if (!cg->container && prev && prevn == 3 && !memcmp(prev, "lxc", 3)) {
            cg->container = "lxc";
            cg->container_id = arena_strndup(a, c, cn);
        }
        if (!cg->slurm_job && cn > 4 && !memcmp(c, "job_", 4))
            cg->slurm_job = arena_strndup(a, c + 4, cn - 4);
        else if (cg->slurm_job && !cg->slurm_step && cn > 5 && !memcmp(c, "step_", 5))
            cg->slurm_step = arena_strndup(a, c + 5, cn - 5);
        prev = c;
        prevn = cn;
    }
    if (kube && !cg->container)
        cg->container = "kubernetes";
}

void procfs_parse_cgroup(const uint8_t *buf, size_t len, struct arena *a, struct proc_cgroup *cg)
{
    const char *s = TXT(buf), *line, *best = NULL;
    size_t pos = 0, ln, bestn = 0;

    memset(cg, 0, sizeof(*cg));
    while (next_line(s, len, &pos, &line, &ln)) {
        const char *c1 = memchr(line, ':', ln), *c2;
        if (!c1)
            continue;
        c2 = memchr(c1 + 1, ':', ln - (size_t)(c1 + 1 - line));
        if (!c2 || c2 + 1 >= line + ln || c2[1] != '/')
            continue;
        if (c1 - line == 1 && line[0] == '0' && c2 == c1 + 1) {
            best = c2 + 1;   /* the unified hierarchy */
            bestn = ln - (size_t)(best - line);
            break;
        }
        if (!best) {
            best = c2 + 1;
            bestn = ln - (size_t)(best - line);
        }
    }
    if (!best)
        return;
    cg->path = arena_strndup(a, best, bestn);
    classify_cgroup(best, bestn, a, cg);
}

/* ---- namespaces, mountinfo, passwd, uptime -------------------------------- */

int procfs_parse_ns(const char *link, uint64_t *ino)
{
    const char *b = link ? strchr(link, '[') : NULL;
    size_t i = 0, n;
    if (!b)
        return 0;
    b++;
    n = strlen(b);
    if (!take_dec(b, n, &i, ino) || i + 1 != n || b[i] != ']')
        return 0;
    return 1;
}

/* The next space-separated field of line[0..n) from *i. */
static int field(const char *line, size_t n, size_t *i, const char **f, size_t *fn)
{
    skip_spaces(line, n, i);
    if (*i >= n)
        return 0;
    *f = line + *i;
    while (*i < n && line[*i] != ' ')
        (*i)++;
    *fn = (size_t)(line + *i - *f);
    return 1;
}

int procfs_proc_mount(const uint8_t *buf, size_t len, struct arena *a, const char **hidepid, long *gid)
{
    const char *s = TXT(buf), *line;
    size_t pos = 0, ln;
    int found = 0;

    *hidepid = NULL;
    *gid = -1;
    /* Mounts are listed in the order they were made: the last one at /proc
     * is the one on top, the one a path lookup reaches. */
    while (next_line(s, len, &pos, &line, &ln)) {
        const char *f = NULL, *mnt = NULL, *opts;
        size_t i = 0, fn = 0, mn = 0, on, k;
        int nf = 0, dash = 0;
        /* id parent maj:min root mount-point options [optional...] - fstype source super-options */
        while (field(line, ln, &i, &f, &fn)) {
            nf++;
            if (nf == 5) {
                mnt = f;
                mn = fn;
            }
            if (nf > 6 && fn == 1 && f[0] == '-') {
                dash = 1;
                break;
            }
        }
        if (!dash || !mnt || mn != 5 || memcmp(mnt, "/proc", 5))
            continue;
        if (!field(line, ln, &i, &f, &fn) || fn != 4 || memcmp(f, "proc", 4))
            continue;
        found = 1;
        *hidepid = NULL;
        *gid = -1;
        if (!field(line, ln, &i, &f, &fn) || !field(line, ln, &i, &opts, &on))
            continue;
        for (k = 0; k < on;) {
            const char *o = opts + k, *comma = memchr(o, ',', on - k);
            size_t ol = comma ? (size_t)(comma - o) : on - k;
            k += ol + 1;
            if (ol > 8 && !memcmp(o, "hidepid=", 8) && !(ol == 9 && o[8] == '0'))
                *hidepid = arena_strndup(a, o + 8, ol - 8);
            else if (ol > 4 && !memcmp(o, "gid=", 4)) {
                size_t j = 4;
                uint64_t v;
                if (take_dec(o, ol, &j, &v) && j == ol && v <= 0x7fffffffu)
                    *gid = (long)v;
            }
        }
    }
    return found;
}

int procfs_passwd_name(const uint8_t *buf, size_t len, long uid, struct arena *a, const char **name)
{
    const char *s = TXT(buf), *line;
    size_t pos = 0, ln;

    while (next_line(s, len, &pos, &line, &ln)) {
        const char *c1 = memchr(line, ':', ln), *c2, *c3;
        size_t i;
        uint64_t v;
        if (!c1 || c1 == line)
            continue;
        c2 = memchr(c1 + 1, ':', ln - (size_t)(c1 + 1 - line));
        if (!c2)
            continue;
        c3 = c2 + 1;
        i = (size_t)(c3 - line);
        if (!take_dec(line, ln, &i, &v) || i >= ln || line[i] != ':' || v != (uint64_t)uid)
            continue;
        *name = arena_strndup(a, line, (size_t)(c1 - line));
        return 1;
    }
    return 0;
}

int procfs_parse_uptime(const uint8_t *buf, size_t len, uint64_t *centis)
{
    const char *s = TXT(buf);
    size_t i = 0;
    uint64_t whole, frac = 0;
    if (!take_dec(s, len, &i, &whole) || whole > UINT64_MAX / 200)
        return 0;
    if (take_char(s, len, &i, '.')) {
        size_t d0 = i;
        if (!take_dec(s, len, &i, &frac) || i - d0 != 2)
            return 0;
    }
    *centis = whole * 100 + frac;
    return 1;
}
