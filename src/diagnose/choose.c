/*
 * choose.c - the release chooser (choose.h): every framework's candidates,
 * judged by one set of rules and ranked by one order.
 */
#include "diagnose/choose.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose/fw.h"
#include "kb/kb.h"
#include "kb/kbdata.h"
#include "kb/ver_dotted.h"
#include "kb/ver_driver.h"
#include "kb/ver_pep440.h"
#include "util/alloc.h"
#include "util/banned.h"

/* ---- helpers for column maps ---- */

static int ncomp(const char *v)
{
    int n = 1;
    for (; v && *v; v++)
        n += *v == '.';
    return n;
}

static void note_add(struct arena *a, struct choose_note **head, const char *topic, const char *text,
                     const char *source)
{
    struct choose_note *n = arena_alloc(a, sizeof(*n)), **p = head;
    n->topic = topic;
    n->text = text;
    n->source = source;
    while (*p)
        p = &(*p)->next;
    *p = n;
}

struct choice *choose_add(struct choose_ctx *cx)
{
    struct choice *c = arena_alloc(cx->a, sizeof(*c));
    c->framework = cx->in->fw->name;
    c->driver_ok = -1;
    c->python_ok = -1;
    if (cx->tail)
        cx->tail->next = c;
    else
        cx->head = c;
    cx->tail = c;
    return c;
}

void choose_note(struct choose_ctx *cx, struct choice *c, const char *topic, const char *text, const char *source)
{
    note_add(cx->a, &c->notes, topic, text, source);
}

void choose_reject(struct choose_ctx *cx, const char *topic, const char *text, const char *source)
{
    note_add(cx->a, &cx->rejects, topic, text, source);
}

int choose_within(const char *v, const char *first, const char *last)
{
    if (first && ver_cmp_dotted_n(v, first, ncomp(first)) < 0)
        return 0;
    return !last || ver_cmp_dotted_n(v, last, ncomp(last)) <= 0;
}

const char *choose_pin(struct arena *a, const char *v)
{
    size_t n = strlen(v);
    if (n > 3 && !strcmp(v + n - 3, ".99"))
        return arena_printf(a, "%.*s.*", (int)(n - 3), v);
    if (ncomp(v) < 3)
        return arena_printf(a, "%s.*", v);
    return v;
}

int choose_wants(const struct choose_ctx *cx, const char *release)
{
    return cx->want && release && ver_cmp_dotted_n(cx->want, release, ncomp(release)) == 0;
}

const char *choose_want_exact(const struct choose_ctx *cx, const char *release)
{
    return choose_wants(cx, release) && ncomp(cx->want) >= 3 ? cx->want : NULL;
}

int choose_python_in(const char *range, const char *py)
{
    const char *p = range;
    if (!range || !py)
        return 0;
    while (*p) {
        const char *comma = strchr(p, ','), *dash;
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char part[40];
        const char *lo, *hi;
        if (len >= sizeof(part))
            return 0;
        memcpy(part, p, len);
        part[len] = '\0';
        dash = strchr(part, '-');
        lo = part;
        hi = dash ? dash + 1 : part;
        if (dash)
            part[dash - part] = '\0';
        /* X.Y only: "3.11.7" is in "3.9-3.11"; an empty upper end is open */
        if (ver_cmp_dotted_n(py, lo, 2) >= 0 && (!*hi || ver_cmp_dotted_n(py, hi, 2) <= 0))
            return 1;
        p = comma ? comma + 1 : p + len;
    }
    return 0;
}

void choose_python_support(struct choose_ctx *cx, struct choice *c, const char *pyfw)
{
    struct kb_py kp;
    if (kb_python_support(cx->kb, pyfw, c->release, &kp) != 1)
        return;
    c->python_range = arena_printf(cx->a, "%s-%s", kp.python_min, kp.python_max ? kp.python_max : "");
    c->python_source = kp.source;
    if (kbdata_source_unverified(kp.source))
        c->unverified = 1;
}

void choose_cuda_floor(struct choose_ctx *cx, struct choice *c)
{
    const char *d = NULL, *src = NULL;
    if (!c->cuda)
        return;
    if (kb_cuda_mvc_floor(cx->kb, c->cuda, cx->drv_os, &d, &src) == 1) {
        c->driver_rule = "minor-version compatibility";
    } else if (kb_cuda_min_driver(cx->kb, ver_dotted_prefix(cx->a, c->cuda, 2), cx->drv_os, &d, &src) == 1) {
        c->driver_rule = "toolkit";
    } else {
        return;
    }
    c->driver_need = d;
    c->driver_source = src;
}

void choose_points(struct choose_ctx *cx, const char *pyfw, const char *table, const char *first, const char *last,
                   void (*point)(struct choose_ctx *cx, const char *release, void *arg), void *arg)
{
    const struct kb_table *ps = kb_tab(cx->kb, KB_T_py_support);
    const char *checked, *newest = NULL, *src, *p0, *seen[24];
    size_t r, n = 0, i;

    if (kb_meta(cx->kb, table, &checked, &newest, &src) != 1)
        newest = NULL;
    /* The user's own release, as published. */
    if (cx->want && choose_within(cx->want, first, last))
        seen[n++] = cx->want;
    /* The row's newest: its last, or the table's newest release when that is older. */
    if (newest && first && ver_cmp_dotted(newest, first) < 0)
        p0 = NULL;   /* the row starts after the newest release the kb knows */
    else if (!last || (newest && ver_cmp_dotted_n(newest, last, ncomp(last)) < 0))
        p0 = newest;
    else
        p0 = last;
    /* The last release of each Python range inside the row (an older release may
     * support an older Python), at most p0 (compared on p0's components: a row
     * ending at "13" holds 13.6). */
    for (r = 0; p0 && ps && r < ps->nrows && n < sizeof(seen) / sizeof(seen[0]); r++) {
        const char *pf = kb_cell(ps, r, py_support, first), *pl = kb_cell(ps, r, py_support, last), *v;
        if (strcmp(kb_cell(ps, r, py_support, framework), pyfw) || !pl)
            continue;
        v = ver_cmp_dotted_n(pl, p0, ncomp(p0)) <= 0 ? pl : p0;
        if (!choose_within(v, first, last) || !choose_within(v, pf, pl))
            continue;
        for (i = 0; i < n && ver_cmp_dotted(seen[i], v); i++)
            ;
        if (i == n)
            seen[n++] = v;
    }
    /* The row's newest, unless a point above names it more precisely. */
    for (i = 0; p0 && i < n && !(ver_cmp_dotted_n(seen[i], p0, ncomp(p0)) == 0 && ncomp(seen[i]) >= ncomp(p0)); i++)
        ;
    if (p0 && i == n && n < sizeof(seen) / sizeof(seen[0]))
        seen[n++] = p0;
    for (i = 0; i < n; i++)
        point(cx, seen[i], arg);
}

/* ---- the rules ---- */

static int sbsa(const struct choose_in *in)
{
    return in->arch && !strcmp(in->arch, "aarch64") && !in->jetson;
}

int choose_list_has(const char *list, const char *item)
{
    size_t n = strlen(item);
    const char *s = list;
    while (s && *s) {
        const char *c = strchr(s, ',');
        size_t len = c ? (size_t)(c - s) : strlen(s);
        if (len == n && !strncmp(s, item, n))
            return 1;
        s = c ? c + 1 : NULL;
    }
    return 0;
}

/* What c's route accepts (data/cuda_compat.kb), into c->accepts. */
static void accepts_of(struct choose_ctx *cx, struct choice *c)
{
    const struct kb_table *t = kb_tab(cx->kb, KB_T_cuda_compat);
    size_t r;
    for (r = 0; t && r < t->nrows && c->route; r++) {
        struct kb_row_cuda_compat row;
        kb_row(t, r, cuda_compat, &row);
        if (!strcmp(row.framework, c->framework) && !strcmp(row.route, c->route) &&
            choose_within(c->release, row.first, row.last)) {
            c->accepts = row.accepts;
            c->accepts_source = row.source;
            return;
        }
    }
}

/* Does a build of CUDA cuda (its rule accepts, newest max) take CUDA want? */
static int cuda_fits(const char *accepts, const char *cuda, const char *max, const char *want)
{
    int n = ncomp(want);
    if (max && ver_cmp_dotted_n(want, max, n) > 0)
        return 0;
    if (!accepts || !strcmp(accepts, "exact"))
        return ver_cmp_dotted_n(cuda, want, n) == 0;
    if (ver_cmp_dotted_n(cuda, want, 1) != 0)
        return 0;
    /* "minor-min": at least the build's minor (on the components asked) */
    return strcmp(accepts, "minor-min") || ver_cmp_dotted_n(want, cuda, n) >= 0;
}

/*
 * Does CUDA toolkit cuda know compute capability cc's architecture family
 * (an sm_MAJOR<minor> with minor <= cc's, data/cuda_sm.kb)?  1 yes, 0 no
 * (*first / *last: the exact sm's toolkits), -1 the tables cannot tell.
 */
static int toolkit_knows_cc(const struct kb *kb, const char *cc, const char *cuda, const char **first_exact,
                            const char **last_exact)
{
    long maj, min, m;
    char *end, sm[32];
    int any = 0;
    maj = strtol(cc, &end, 10);
    if (*end != '.')
        return -1;
    min = strtol(end + 1, NULL, 10);
    *first_exact = *last_exact = NULL;
    for (m = min; m >= 0; m--) {
        const char *first, *last, *src;
        snprintf(sm, sizeof(sm), "sm_%ld%ld", maj, m);
        if (kb_sm_toolkits(kb, sm, &first, &last, &src) != 1)
            continue;
        any = 1;
        if (m == min) {
            *first_exact = first;
            *last_exact = last;
        }
        if (ver_cmp_dotted(cuda, first) >= 0 && (!last || ver_cmp_dotted_n(cuda, last, 2) <= 0))
            return 1;
    }
    return any ? 0 : -1;
}

const char *choose_python_text(struct arena *a, const char *range)
{
    size_t n = range ? strlen(range) : 0;
    return n && range[n - 1] == '-' ? arena_printf(a, "%.*s or newer", (int)(n - 1), range) : range;
}

static const char *rule_text(struct choose_ctx *cx, const struct choice *c)
{
    const char *r = c->driver_rule ? c->driver_rule : "";
    if (!strcmp(r, "TensorFlow"))
        return "TensorFlow's own documented minimum";
    if (!strcmp(r, "PTX JIT"))
        return arena_printf(cx->a, "the CUDA toolkit's own driver: compute capability %s runs this release only "
                            "from PTX, which the driver JIT-compiles", cx->in->gpu_cc ? cx->in->gpu_cc : "?");
    if (!strcmp(r, "GPU family"))
        return "the GPU family's floor";
    if (!strcmp(r, "release"))
        return "the release's own documented minimum";
    if (!strcmp(r, "toolkit"))
        return !strcmp(c->framework, "tensorflow")
               ? "the CUDA toolkit's own driver; the knowledge base has no TensorFlow-documented minimum for it"
               : "the CUDA toolkit's own driver";
    return arena_printf(cx->a, "the minor-version-compatibility floor of CUDA %s", c->cuda ? c->cuda : "?");
}

/* Why c fails the platform, the wanted release or a constraint (*topic), or NULL; notes when rec. */
static const char *judge(struct choose_ctx *cx, struct choice *c, const char **topic, int rec)
{
    const struct choose_in *in = cx->in;
    const char *title = in->fw->title;
    struct arena *a = cx->a;

    *topic = "os";
    if (c->platform_why)
        return c->platform_why;
    if (sbsa(in)) {
        const char *v = NULL;
        if (kb_pkg_fact(cx->kb, c->framework, "cuda_aarch64", c->release, &v, NULL) != 1 || !v ||
            !strcmp(v, "unknown") || !strcmp(v, "none") ||
            (strcmp(v, "yes") && !(c->variant && choose_list_has(v, c->variant))))
            return arena_printf(a, "the knowledge base knows no CUDA build of %s %s published for Linux aarch64",
                                title, c->release);
    }
    if (in->cuda) {
        *topic = "cuda";
        if (!cuda_fits(c->accepts, c->cuda, c->cuda_max, in->cuda)) {
            if (c->accepts && !strcmp(c->accepts, "major"))
                return arena_printf(a, "%s takes CUDA %s.x%s%s, not %s", c->label, ver_dotted_prefix(a, c->cuda, 1),
                                    c->cuda_max ? " up to " : "", c->cuda_max ? c->cuda_max : "", in->cuda);
            if (c->accepts && !strcmp(c->accepts, "minor-min"))
                return arena_printf(a, "%s needs CUDA %s or a newer %s.x, not %s", c->label, c->cuda,
                                    ver_dotted_prefix(a, c->cuda, 1), in->cuda);
            return arena_printf(a, "%s uses CUDA %s, not %s", c->label, c->cuda, in->cuda);
        }
        if (rec)
            note_add(a, &c->notes, "cuda",
                     c->accepts && strcmp(c->accepts, "exact")
                         ? arena_printf(a, "CUDA %s fits: %s (%s route) takes %s %s.x", in->cuda, c->label,
                                        c->route ? c->route : "its",
                                        !strcmp(c->accepts, "major") ? "any" : arena_printf(a, "%s or a newer", c->cuda),
                                        ver_dotted_prefix(a, c->cuda, 1))
                         : arena_printf(a, "CUDA %s matches --cuda %s", c->cuda, in->cuda),
                     c->accepts_source);
    }
    if (in->python) {
        *topic = "python";
        c->python_ok = c->python_range ? choose_python_in(c->python_range, in->python) : -1;
        if (c->python_ok == 0)
            return arena_printf(a, "%s %s has no wheels for Python %s (it supports %s)", title, c->release,
                                in->python, choose_python_text(a, c->python_range));
        if (rec && c->python_ok == 1)
            note_add(a, &c->notes, "python", arena_printf(a, "Python %s is in %s %s's range %s", in->python, title,
                                                          c->release, choose_python_text(a, c->python_range)),
                     c->python_source);
    }
    if (rec && !c->python_range)
        note_add(a, &c->notes, "python", arena_printf(a, "the knowledge base has no Python range for %s %s: check "
                                                      "that your Python has wheels", title, c->release), NULL);
    *topic = "driver";
    if (in->driver && c->driver_need) {
        c->driver_ok = ver_cmp_driver(in->driver, c->driver_need) >= 0;
        if (!c->driver_ok && in->strict)
            return arena_printf(a, "%s uses CUDA %s, which needs driver >= %s on %s (%s); driver %s is older", c->label,
                                c->cuda ? c->cuda : "?", c->driver_need, cx->drv_os, rule_text(cx, c), in->driver);
    }
    if (rec && c->driver_need)
        note_add(a, &c->notes, "driver", arena_printf(a, "minimum driver %s on %s (%s)%s%s", c->driver_need, cx->drv_os,
                                                      rule_text(cx, c), in->driver ? "; yours is " : "",
                                                      in->driver ? in->driver : ""), c->driver_source);
    else if (rec && c->cuda)
        note_add(a, &c->notes, "driver", arena_printf(a, "the minimum driver for CUDA %s on %s is not in the knowledge "
                                                      "base", c->cuda, cx->drv_os), NULL);
    if (in->gpu_cc && c->cuda) {
        const char *cc = in->gpu_cc;
        *topic = "gpu";
        if (c->arch) {
            int r = kb_arch_list_covers(c->arch, cc);
            const char *bd = NULL, *bsrc = NULL;
            int ok = 1;
            if (r == 0)
                return arena_printf(a, "%s is built for %s, which does not include compute capability %s", c->label,
                                    c->arch, cc);
            if (kb_build_min_driver(cx->kb, c->cuda, cc, cx->drv_os, &bd, &bsrc, &ok) == 1 && !ok)
                return arena_printf(a, "%s uses CUDA %s, older than the CUDA that compute capability %s's GPU family "
                                    "needs (arch_floor)", c->label, c->cuda, cc);
            if (rec)
                note_add(a, &c->notes, "gpu",
                         r == 2 ? arena_printf(a, "%s has native code for compute capability %s (built for %s)",
                                               c->label, cc, c->arch)
                         : r == 1 ? arena_printf(a, "%s runs compute capability %s only through PTX JIT (built for "
                                                 "%s): the first start is slow", c->label, cc, c->arch)
                                  : arena_printf(a, "%s's architecture list is not in the knowledge base", c->label),
                         c->arch_source);
        } else if (c->cc_min) {
            if (ver_cmp_dotted(cc, c->cc_min) < 0)
                return arena_printf(a, "%s needs compute capability >= %s; the GPU has %s", c->label, c->cc_min, cc);
            if (rec)
                note_add(a, &c->notes, "gpu", arena_printf(a, "compute capability %s >= %s, the lowest %s supports",
                                                           cc, c->cc_min, c->label), c->source);
        } else {
            const char *kc = c->kernel_cuda ? c->kernel_cuda : c->cuda, *first, *last;
            int r = toolkit_knows_cc(cx->kb, cc, kc, &first, &last);
            if (r == 0 && last && ver_cmp_dotted_n(kc, last, 2) > 0)
                return arena_printf(a, "%s uses CUDA %s, which dropped compute capability %s (CUDA %s was the last "
                                    "to build for it)", c->label, kc, cc, last);
            if (r == 0)
                return arena_printf(a, "%s uses CUDA %s, which predates compute capability %s%s%s%s: its kernels and "
                                    "cuDNN %s have no code for this GPU", c->label, kc, cc,
                                    first ? " (first supported by CUDA " : "", first ? first : "", first ? ")" : "",
                                    c->cudnn ? c->cudnn : "");
            if (rec)
                note_add(a, &c->notes, "gpu",
                         r == 1 ? arena_printf(a, "CUDA %s compiles for compute capability %s's architecture family", kc, cc)
                                : arena_printf(a, "the knowledge base cannot tell whether CUDA %s supports compute "
                                               "capability %s", kc, cc), NULL);
        }
    }
    return NULL;
}

/* ---- the ranking ---- */

/* <0, 0, >0: a ranks below, with, above b on what a candidate is (not how it fits). */
static int static_cmp(const struct choose_ctx *cx, const struct choice *a, const struct choice *b)
{
    int r;
    if (a->rank != b->rank)
        return a->rank - b->rank;
    if (!a->caveat != !b->caveat)
        return !a->caveat ? 1 : -1;
    if (a->unverified != b->unverified)
        return a->unverified ? -1 : 1;
    if ((r = ver_cmp_dotted(a->release, b->release)) != 0)
        return r;
    if (a->is_default != b->is_default)
        return a->is_default - b->is_default;
    /* The highest CUDA for a known driver; the lowest, which runs on the most drivers, else. */
    r = ver_cmp_dotted(a->cuda, b->cuda);
    return cx->in->driver ? r : -r;
}

static int better(const struct choose_ctx *cx, const struct choice *a, const struct choice *b)
{
    if (!b)
        return 1;
    if ((a->driver_ok != 0) != (b->driver_ok != 0))
        return a->driver_ok != 0;
    if ((a->python_ok == 1) != (b->python_ok == 1))
        return a->python_ok == 1;
    return static_cmp(cx, a, b) > 0;
}

/* ---- choose ---- */

/* One candidate's verdict. */
struct verdict_row {
    struct choice *c;
    const char *why, *topic;
    int wanted;
};

/* Why nothing fits, from the rejections: one reason when they share one. */
static const char *why_none(struct choose_ctx *cx, const struct verdict_row *v, size_t n)
{
    const char *topic = NULL, *title = cx->in->fw->title;
    size_t i;
    if (cx->why_none)
        return cx->why_none;
    for (i = 0; i < n && cx->want && cx->in->strict; i++)
        if (v[i].why && *v[i].why)
            return v[i].why;   /* that release's own reason */
    for (i = 0; i < n; i++)
        if (v[i].why && *v[i].why)
            topic = !topic || !strcmp(topic, v[i].topic) ? v[i].topic : "";
    if (!n || !topic)
        return arena_printf(cx->a, "the knowledge base has no CUDA build of %s", title);
    if (!strcmp(topic, "python"))
        return arena_printf(cx->a, "no CUDA build of %s in the knowledge base supports Python %s", title,
                            cx->in->python);
    if (!strcmp(topic, "gpu"))
        return arena_printf(cx->a, "no CUDA build of %s in the knowledge base has code for compute capability %s",
                            title, cx->in->gpu_cc);
    if (!strcmp(topic, "os") && sbsa(cx->in))
        return arena_printf(cx->a, "the knowledge base does not know of a Linux aarch64 CUDA wheel of %s (this "
                            "machine is aarch64)", title);
    if (!strcmp(topic, "cuda"))
        return arena_printf(cx->a, "no CUDA build of %s in the knowledge base takes CUDA %s", title, cx->in->cuda);
    for (i = 0; i < n; i++)
        if (v[i].why && *v[i].why)
            return v[i].why;
    return arena_printf(cx->a, "the knowledge base has no CUDA build of %s", title);
}

int choose(const struct kb *kb, const struct choose_in *in, struct arena *a, struct choice *out)
{
    struct choose_ctx cx;
    struct choose_in local;
    struct verdict_row *v;
    struct choice *c;
    struct choice *pick = NULL, *best = NULL, *best_w = NULL;
    const char *want_why = NULL;
    size_t n = 0, i;

    memset(&cx, 0, sizeof(cx));
    memset(out, 0, sizeof(*out));
    /* The Python compared and shown as X.Y ("3.11.2" is 3.11). */
    local = *in;
    local.python = in->python ? ver_dotted_prefix(a, in->python, 2) : NULL;
    in = &local;
    cx.kb = kb;
    cx.a = a;
    cx.in = in;
    out->framework = in->fw->name;
    cx.drv_os = (in->os && !strcmp(in->os, "windows")) || in->wsl ? "windows" : "linux";
    if (in->want) {
        /* "2.6.0+cu124": the release and its variant; a version that does not parse is no wish */
        struct ver_pep440 pv;
        size_t pub = ver_pep440_public_len(in->want);
        if (ver_pep440_parse(in->want, &pv) == 0) {
            cx.want = in->want[pub] ? arena_strndup(a, in->want, pub) : in->want;
            cx.want_local = in->want[pub] == '+' ? in->want + pub + 1 : NULL;
        }
    }
    if (!kb || !in->fw->candidates) {
        out->why_not = arena_printf(a, "the knowledge base has no release table of %s", in->fw->title);
        return 0;
    }
    if (in->os && !strcmp(in->os, "macos")) {
        out->why_not = arena_printf(a, "%s has no CUDA build for macOS (macOS has no CUDA)", in->fw->title);
        return 0;
    }
    if (in->jetson) {
        /* the package index's aarch64 wheels are built for Arm servers, not for L4T */
        out->why_not = arena_printf(a, "on a Jetson %s comes as NVIDIA's build for its JetPack (L4T) release, which "
                                    "the knowledge base's release tables do not list", in->fw->title);
        note_add(a, &out->rejects, "os", out->why_not, NULL);
        return 0;
    }
    in->fw->candidates(&cx);
    for (c = cx.head; c; c = c->next)
        n++;
    v = xcalloc(n + 1, sizeof(*v));
    /* newest (best ranked) first, so that every list below reads that way; an
     * insertion sort: a framework has a few hundred candidates at most */
    for (c = cx.head, i = 0; c; c = c->next, i++) {
        size_t j = i;
        for (; j > 0 && static_cmp(&cx, c, v[j - 1].c) > 0; j--)
            v[j] = v[j - 1];
        v[j].c = c;
    }
    for (i = 0; i < n; i++) {
        c = v[i].c;
        /* the variant asked for; plan's "2.7.0+cu118" names one, an installed "+cpu" does not */
        const char *want_local = in->variant ? in->variant : in->strict ? cx.want_local : NULL;
        if ((want_local && c->variant && strcmp(want_local, c->variant) &&
             !(c->local && !strcmp(want_local, c->local))) ||
            (in->route && c->route && strcmp(in->route, c->route))) {
            v[i].why = "";   /* another variant or route than the one asked: not a candidate */
            v[i].topic = "";
            continue;
        }
        v[i].wanted = choose_wants(&cx, c->release);
        out->n_wanted += v[i].wanted;
        if (cx.want && in->strict && !v[i].wanted) {
            v[i].why = "";   /* plan --version: only that release's builds */
            v[i].topic = "";
            continue;
        }
        accepts_of(&cx, c);
        v[i].why = judge(&cx, c, &v[i].topic, 0);
        if (v[i].why)
            continue;
        if (better(&cx, c, best))
            best = c;
        if (v[i].wanted && better(&cx, c, best_w))
            best_w = c;
    }
    if (cx.want && in->strict) {
        pick = best_w;
    } else if (cx.want && best_w) {
        pick = best_w;
        /* Keep the release unless a driver too old or a known defect is the price and another has neither. */
        if ((best_w->driver_ok == 0 || best_w->caveat) && best && best->driver_ok != 0 && !best->caveat) {
            want_why = best_w->caveat ? best_w->caveat
                       : arena_printf(a, "every CUDA build of %s %s needs driver %s or newer", in->fw->title,
                                      best_w->release, best_w->driver_need);
            pick = best;
        }
    } else {
        if (cx.want)
            for (i = 0; i < n && !want_why; i++)
                if (v[i].wanted && v[i].why && *v[i].why)
                    want_why = v[i].why;
        if (cx.want && !want_why)
            want_why = arena_printf(a, "the knowledge base has no CUDA build of %s %s", in->fw->title, cx.want);
        pick = best;
    }
    if (!pick) {
        const char *none = why_none(&cx, v, n);
        struct choose_note *r;
        for (i = 0; i < n; i++)
            if (v[i].why && *v[i].why)
                note_add(a, &out->rejects, v[i].topic, v[i].why, v[i].c->source);
        for (r = cx.rejects; r; r = r->next)
            note_add(a, &out->rejects, r->topic, r->text, r->source);
        out->why_not = want_why && !in->strict ? arena_printf(a, "%s; %s", want_why, none) : none;
        free(v);
        return 0;
    }
    {
        int nw = out->n_wanted;
        *out = *pick;
        out->n_wanted = nw;
    }
    out->next = NULL;
    out->why_not = want_why;
    {
        const char *topic;
        (void)judge(&cx, pick, &topic, 1);   /* the notes of the one chosen */
        out->notes = pick->notes;
        out->python_ok = pick->python_ok;
        out->driver_ok = pick->driver_ok;
    }
    /* What is newer (or ranks above it in its release) and was turned down, and why
     * (strict with want: the release's builds). */
    for (i = 0; i < n; i++)
        if (v[i].why && *v[i].why && (!cx.want || !in->strict || v[i].wanted) && v[i].c != pick &&
            (ver_cmp_dotted(v[i].c->release, pick->release) > 0 ||
             (!ver_cmp_dotted(v[i].c->release, pick->release) && static_cmp(&cx, v[i].c, pick) > 0)))
            note_add(a, &out->rejects, v[i].topic, v[i].why, v[i].c->source);
    if (cx.want && ncomp(cx.want) >= 3 && choose_wants(&cx, out->release))
        out->version = cx.want;
    else if (!out->version)
        out->version = choose_wants(&cx, out->release) && ncomp(cx.want) < 3
                       ? arena_printf(a, ncomp(cx.want) == 1 ? "%s.0.0" : "%s.0", cx.want) : out->pin;
    out->python = in->python ? ver_dotted_prefix(a, in->python, 2) : NULL;
    free(v);
    return 1;
}
