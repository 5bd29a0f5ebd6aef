/*
 * slurm.c - one srun, many reports (see slurm.h).
 */
#include "fleet/slurm.h"

#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "compat/spawn.h"
#include "fleet/fleet_input.h"
#include "fleet/hostlist.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

#define ERR_TAIL_MAX 4096
#define MAX_TASKS 100000
#define KILL_GRACE_MS 5000ULL

void slurm_demux_init(struct slurm_demux *d)
{
    memset(d, 0, sizeof(*d));
    strbuf_init(&d->line_out);
    strbuf_init(&d->line_err);
    strbuf_init(&d->err_tail);
}

void slurm_demux_release(struct slurm_demux *d)
{
    size_t i;
    for (i = 0; i < d->nr; i++) {
        strbuf_release(&d->tasks[i].out);
        free(d->tasks[i].node);
        free(d->tasks[i].reason);
    }
    free(d->tasks);
    strbuf_release(&d->line_out);
    strbuf_release(&d->line_err);
    strbuf_release(&d->err_tail);
    free(d->step_nodelist);
    memset(d, 0, sizeof(*d));
}

static struct slurm_task *task_get(struct slurm_demux *d, unsigned long k)
{
    if (k >= MAX_TASKS)
        return NULL;
    if (k >= d->nr) {
        size_t i;
        ALLOC_GROW(d->tasks, k + 1, d->alloc);
        for (i = d->nr; i <= k; i++) {
            memset(&d->tasks[i], 0, sizeof(d->tasks[i]));
            strbuf_init(&d->tasks[i].out);
        }
        d->nr = k + 1;
    }
    return &d->tasks[k];
}

static void tail_add(struct slurm_demux *d, const char *s, size_t n)
{
    if (d->err_tail.len + n + 1 > ERR_TAIL_MAX) {
        size_t drop = d->err_tail.len + n + 1 - ERR_TAIL_MAX;
        if (drop >= d->err_tail.len) {
            strbuf_reset(&d->err_tail);
            if (n >= ERR_TAIL_MAX)
                return;
        } else {
            memmove(d->err_tail.buf, d->err_tail.buf + drop, d->err_tail.len - drop);
            strbuf_setlen(&d->err_tail, d->err_tail.len - drop);
        }
    }
    strbuf_add(&d->err_tail, s, n);
    strbuf_addch(&d->err_tail, '\n');
}

/* The value of "key=" in a header line, up to the next blank (heap copy). */
static char *header_value(const char *s, size_t n, const char *key)
{
    size_t kl = strlen(key), i;
    for (i = 0; i + kl <= n; i++) {
        if ((i == 0 || s[i - 1] == ' ') && !memcmp(s + i, key, kl)) {
            size_t j = i + kl;
            while (j < n && s[j] != ' ')
                j++;
            return j > i + kl ? xstrndup(s + i + kl, j - i - kl) : NULL;
        }
    }
    return NULL;
}

static void out_line(struct slurm_demux *d, const char *s, size_t n)
{
    size_t i = 0;
    unsigned long k = 0;
    struct slurm_task *t;
    while (i < n && s[i] == ' ')
        i++;
    if (i == n || s[i] < '0' || s[i] > '9') {
        tail_add(d, s, n);
        return;
    }
    while (i < n && s[i] >= '0' && s[i] <= '9' && k < MAX_TASKS)
        k = k * 10 + (unsigned long)(s[i++] - '0');
    if (i + 1 >= n + 1 || i >= n || s[i] != ':' || !(t = task_get(d, k))) {
        tail_add(d, s, n);
        return;
    }
    i++;
    if (i < n && s[i] == ' ')
        i++;
    s += i;
    n -= i;
    if (!t->seen && n >= strlen(SLURM_HEADER) && !memcmp(s, SLURM_HEADER, strlen(SLURM_HEADER))) {
        t->seen = 1;
        free(t->node);
        t->node = header_value(s, n, "node=");
        if (!d->step_nodelist)
            d->step_nodelist = header_value(s, n, "nodelist=");
        return;
    }
    t->seen = 1;
    if (t->too_large)
        return;
    if (t->out.len + n + 1 > FLEET_DOC_MAX) {
        t->too_large = 1;
        strbuf_release(&t->out);
        return;
    }
    strbuf_add(&t->out, s, n);
    strbuf_addch(&t->out, '\n');
}

/* "srun: error: node3: task 2: Killed", "srun: error: node3: tasks 2-3: ..." */
static void err_line(struct slurm_demux *d, const char *s, size_t n)
{
    static const char pre[] = "srun: error: ";
    const char *p, *end = s + n, *node, *msg;
    size_t nl;
    unsigned long lo = 0, hi;
    if (n > sizeof(pre) - 1 && !memcmp(s, pre, sizeof(pre) - 1)) {
        node = s + sizeof(pre) - 1;
        for (p = node; p + 1 < end && !(p[0] == ':' && p[1] == ' '); p++)
            ;
        nl = (size_t)(p - node);
        p += 2;
        if (p < end && (size_t)(end - p) > 5 && (!memcmp(p, "task ", 5) || !memcmp(p, "tasks ", 6))) {
            p += p[4] == 's' ? 6 : 5;
            while (p < end && *p >= '0' && *p <= '9' && lo < MAX_TASKS)
                lo = lo * 10 + (unsigned long)(*p++ - '0');
            hi = lo;
            if (p < end && *p == '-') {
                hi = 0;
                for (p++; p < end && *p >= '0' && *p <= '9' && hi < MAX_TASKS; p++)
                    hi = hi * 10 + (unsigned long)(*p - '0');
            }
            if (p + 1 < end && p[0] == ':' && p[1] == ' ' && hi >= lo && hi - lo < 1024) {
                msg = p + 2;
                for (; lo <= hi; lo++) {
                    struct slurm_task *t = task_get(d, lo);
                    struct strbuf r = STRBUF_INIT;
                    if (!t)
                        break;
                    strbuf_addstr(&r, "srun: ");
                    strbuf_add(&r, msg, (size_t)(end - msg));
                    free(t->reason);
                    t->reason = strbuf_detach(&r, NULL);
                    if (!t->node && nl)
                        t->node = xstrndup(node, nl);
                }
                return;
            }
        }
    }
    tail_add(d, s, n);
}

static void feed_lines(struct slurm_demux *d, struct strbuf *part, const char *buf, size_t len,
                       void (*fn)(struct slurm_demux *, const char *, size_t))
{
    size_t i, start = 0;
    for (i = 0; i < len; i++) {
        if (buf[i] != '\n')
            continue;
        if (part->len) {
            strbuf_add(part, buf + start, i - start);
            fn(d, part->buf, part->len);
            strbuf_reset(part);
        } else {
            fn(d, buf + start, i - start);
        }
        start = i + 1;
    }
    if (start < len && part->len + (len - start) <= FLEET_DOC_MAX)
        strbuf_add(part, buf + start, len - start);
}

void slurm_demux_feed(struct slurm_demux *d, int stream, const char *buf, size_t len)
{
    if (stream == 1)
        feed_lines(d, &d->line_out, buf, len, out_line);
    else
        feed_lines(d, &d->line_err, buf, len, err_line);
}

void slurm_demux_end(struct slurm_demux *d)
{
    if (d->line_out.len)
        out_line(d, d->line_out.buf, d->line_out.len);
    if (d->line_err.len)
        err_line(d, d->line_err.buf, d->line_err.len);
    strbuf_reset(&d->line_out);
    strbuf_reset(&d->line_err);
}

static void argv_push(char ***v, size_t *n, size_t *alloc, const char *s)
{
    ALLOC_GROW(*v, *n + 1, *alloc);
    (*v)[(*n)++] = s ? xstrdup(s) : NULL;
}

struct name_list {
    char **v;
    size_t nr, alloc;
};

static int collect_name(const char *name, void *arg)
{
    struct name_list *l = arg;
    ALLOC_GROW(l->v, l->nr + 1, l->alloc);
    l->v[l->nr++] = xstrdup(name);
    return 0;
}

static void names_free(struct name_list *l)
{
    size_t i;
    for (i = 0; i < l->nr; i++)
        free(l->v[i]);
    free(l->v);
    memset(l, 0, sizeof(*l));
}

int slurm_argv(const struct slurm_opts *o, char ***argv, struct gd_err *err)
{
    char **v = NULL;
    size_t n = 0, alloc = 0;
    int i;
    struct strbuf sb = STRBUF_INIT;

    argv_push(&v, &n, &alloc, o->srun ? o->srun : "srun");
    argv_push(&v, &n, &alloc, "--ntasks-per-node=1");
    argv_push(&v, &n, &alloc, "--label");
    argv_push(&v, &n, &alloc, "--job-name=gpudoctor-fleet");
    if (o->nodes) {
        strbuf_addf(&sb, "--nodes=%s", o->nodes);
        argv_push(&v, &n, &alloc, sb.buf);
    }
    if (o->nodelist) {
        struct name_list l = { NULL, 0, 0 };
        if (hostlist_expand(o->nodelist, collect_name, &l, err) < 0) {
            names_free(&l);
            argv_push(&v, &n, &alloc, NULL);
            slurm_argv_free(v);
            strbuf_release(&sb);
            return -1;
        }
        strbuf_reset(&sb);
        strbuf_addf(&sb, "--nodelist=%s", o->nodelist);
        argv_push(&v, &n, &alloc, sb.buf);
        if (!o->nodes) {
            strbuf_reset(&sb);
            strbuf_addf(&sb, "--nodes=%zu", l.nr);
            argv_push(&v, &n, &alloc, sb.buf);
        }
        names_free(&l);
    }
    if (o->partition) {
        strbuf_reset(&sb);
        strbuf_addf(&sb, "--partition=%s", o->partition);
        argv_push(&v, &n, &alloc, sb.buf);
    }
    for (i = 0; i < o->n_extra; i++)
        argv_push(&v, &n, &alloc, o->extra[i]);
    argv_push(&v, &n, &alloc, o->gpudoctor);
    argv_push(&v, &n, &alloc, "fleet");
    argv_push(&v, &n, &alloc, "node");
    argv_push(&v, &n, &alloc, "check");
    argv_push(&v, &n, &alloc, "--json");
    argv_push(&v, &n, &alloc, NULL);
    strbuf_release(&sb);
    *argv = v;
    return 0;
}

void slurm_argv_free(char **argv)
{
    size_t i;
    if (!argv)
        return;
    for (i = 0; argv[i]; i++)
        free(argv[i]);
    free(argv);
}

static int only_blank(const struct strbuf *sb)
{
    size_t i;
    for (i = 0; i < sb->len; i++)
        if (!strchr(" \t\r\n", sb->buf[i]))
            return 0;
    return 1;
}

/* The last non-empty line of s, into out. */
static void last_line(struct strbuf *out, const struct strbuf *s)
{
    size_t end = s->len, start;
    while (end && s->buf[end - 1] == '\n')
        end--;
    start = end;
    while (start && s->buf[start - 1] != '\n')
        start--;
    strbuf_add(out, s->buf + start, end - start);
}

size_t slurm_merge(struct fleet *fl, struct slurm_demux *d, const struct slurm_opts *o, int timed_out,
                   int srun_status)
{
    struct name_list expected = { NULL, 0, 0 }, step = { NULL, 0, 0 };
    struct strbuf name = STRBUF_INIT, reason = STRBUF_INIT, src = STRBUF_INIT;
    struct gd_err err;
    size_t k, count = 0;

    if (o->nodelist)
        hostlist_expand(o->nodelist, collect_name, &expected, &err);
    if (d->step_nodelist && hostlist_expand(d->step_nodelist, collect_name, &step, &err) < 0)
        names_free(&step);

    for (k = 0; k < d->nr; k++) {
        struct slurm_task *t = &d->tasks[k];
        if (!t->seen && !t->reason)
            continue;
        count++;
        strbuf_reset(&name);
        if (t->node)
            strbuf_addstr(&name, t->node);
        else if (k < step.nr)
            strbuf_addstr(&name, step.v[k]);
        else if (k < expected.nr)
            strbuf_addstr(&name, expected.v[k]);
        else
            strbuf_addf(&name, "task%zu", k);
        strbuf_reset(&src);
        strbuf_addf(&src, "srun task %zu", k);
        strbuf_reset(&reason);
        if (!t->too_large && !only_blank(&t->out)) {
            if (!timed_out || t->out.buf[t->out.len - 2] == '}') {
                err_init(&err);
                if (fleet_add_report(fl, t->out.buf, t->out.len, name.buf, src.buf, &err) == 0)
                    continue;
                strbuf_addf(&reason, "report refused: %s", err.msg);
            } else {
                strbuf_addf(&reason, "report incomplete: no end within %d s (timed out)", o->timeout_s);
            }
        } else if (t->too_large) {
            strbuf_addf(&reason, "report larger than %u MiB", FLEET_DOC_MAX >> 20);
        } else if (timed_out) {
            /* srun's "Killed" for this task is our own doing: say why. */
            strbuf_addf(&reason, "no report within %d s (timed out)", o->timeout_s);
        } else if (t->reason) {
            strbuf_addstr(&reason, t->reason);
        } else {
            strbuf_addf(&reason, "no report (srun exit status %d)", srun_status);
        }
        fleet_add_unreachable(fl, name.buf, reason.buf);
    }

    /* Nodes of the step or of --nodelist from which nothing came at all. */
    for (k = 0; k < step.nr + expected.nr; k++) {
        const char *nm = k < step.nr ? step.v[k] : expected.v[k - step.nr];
        if (fleet_has_node(fl, nm))
            continue;
        count++;
        strbuf_reset(&reason);
        if (timed_out) {
            strbuf_addf(&reason, "no report within %d s (timed out)", o->timeout_s);
        } else {
            strbuf_addf(&reason, "no task ran on this node (srun exit status %d", srun_status);
            if (d->err_tail.len) {
                strbuf_addstr(&reason, ": ");
                last_line(&reason, &d->err_tail);
            }
            strbuf_addch(&reason, ')');
        }
        fleet_add_unreachable(fl, nm, reason.buf);
    }
    names_free(&expected);
    names_free(&step);
    strbuf_release(&name);
    strbuf_release(&reason);
    strbuf_release(&src);
    return count;
}

static void on_data(int stream, const char *buf, size_t len, void *arg)
{
    slurm_demux_feed(arg, stream, buf, len);
}

int slurm_gather(struct fleet *fl, const struct slurm_opts *o, struct gd_err *err)
{
    struct compat_child c;
    struct slurm_demux d;
    char **argv;
    uint64_t deadline, now;
    int r = 0, status = 0, timed_out = 0, ret = 0;

    if (slurm_argv(o, &argv, err) < 0)
        return -1;
    if (compat_spawn(&c, argv) < 0) {
        err_set(err, "cannot run '%s'", argv[0]);
        slurm_argv_free(argv);
        return -1;
    }
    slurm_demux_init(&d);
    deadline = compat_now_ns() + (uint64_t)(unsigned)o->timeout_s * 1000000000ULL;
    while ((now = compat_now_ns()) < deadline) {
        uint64_t left_ms = (deadline - now) / 1000000 + 1;
        r = compat_child_pump(&c, left_ms > 1000 ? 1000 : (int)left_ms, on_data, &d);
        if (r != 0)
            break;
    }
    if (r == 0) {
        /* Time is up: SIGTERM makes srun end the step on every node. */
        timed_out = 1;
        compat_child_kill(&c, 0);
        deadline = compat_now_ns() + KILL_GRACE_MS * 1000000ULL;
        while ((now = compat_now_ns()) < deadline &&
               compat_child_pump(&c, (int)((deadline - now) / 1000000 + 1), on_data, &d) == 0)
            ;
        if (!compat_child_done(&c, &status)) {
            compat_child_kill(&c, 1);
        }
    }
    /* srun closed its output: it is ending.  Bounded: a stuck srun is killed, then left. */
    if (compat_child_wait(&c, &status, (int)KILL_GRACE_MS) == 1) {
        compat_child_kill(&c, 1);
        compat_child_wait(&c, &status, 1000);
    }
    slurm_demux_end(&d);
    if (slurm_merge(fl, &d, o, timed_out, status) == 0) {
        struct strbuf sb = STRBUF_INIT;
        last_line(&sb, &d.err_tail);
        err_setx(err, GD_ERR_SYS, "srun gathered no report (exit status %d)%s%s", status,
                 sb.len ? ": " : "", sb.buf);
        strbuf_release(&sb);
        ret = -1;
    }
    slurm_demux_release(&d);
    slurm_argv_free(argv);
    return ret;
}
