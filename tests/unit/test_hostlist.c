/* test_hostlist.c - Slurm hostlist notation: compress, expand, round trip. */
#include <stdlib.h>
#include <string.h>

#include "fleet/hostlist.h"
#include "harness.h"
#include "util/strbuf.h"

static const char *compress(const char *const *names, size_t n)
{
    static struct strbuf sb = STRBUF_INIT;
    strbuf_reset(&sb);
    hostlist_compress(names, n, &sb);
    return sb.buf;
}

#define C(expect, ...)                                                        \
    do {                                                                      \
        const char *v_[] = { __VA_ARGS__ };                                   \
        CHECK_STR(compress(v_, sizeof(v_) / sizeof(v_[0])), expect);          \
    } while (0)

static void test_compress(void)
{
    C("node[03-07,12]", "node03", "node04", "node05", "node06", "node07", "node12");
    C("node7", "node7");
    C("node[8-10]", "node10", "node8", "node9");
    C("node[08-10]", "node08", "node09", "node10");
    C("node2,node01", "node2", "node01");                 /* unpadded class first */
    C("node[1-2]", "node1", "node2", "node1");              /* duplicates once */
    C("gpu[1-2],login,node[1,3]", "node3", "login", "gpu2", "node1", "gpu1");
    C("a[1-2],a1b3", "a1", "a2", "a1b3");                   /* different prefixes */
    C("x[0-1]", "x0", "x1");
    C("n[098-100]", "n098", "n099", "n100");
    /* names holding ",[]\\" are literal and escaped: never read as a range */
    C("plain,weird\\[1\\]\\,name", "plain", "weird[1],name");
    C("gpu\\[01-99\\]", "gpu[01-99]");
    C("a\\\\b", "a\\b");
    C("h1234567890123456789", "h1234567890123456789");      /* 19 digits: literal */
    CHECK_STR(compress(NULL, 0), "");
}

struct collect {
    struct strbuf sb;
    int n, stop_at;
};

static int collect(const char *name, void *arg)
{
    struct collect *c = arg;
    if (c->sb.len)
        strbuf_addch(&c->sb, ' ');
    strbuf_addstr(&c->sb, name);
    return ++c->n == c->stop_at ? 7 : 0;
}

static const char *expand(const char *s, int *rc)
{
    static struct collect c = { STRBUF_INIT, 0, 0 };
    struct gd_err err;
    strbuf_reset(&c.sb);
    c.n = 0;
    *rc = hostlist_expand(s, collect, &c, &err);
    return c.sb.buf;
}

static void test_expand(void)
{
    int rc;
    CHECK_STR(expand("node[03-05,12]", &rc), "node03 node04 node05 node12");
    CHECK_INT(rc, 0);
    CHECK_STR(expand("gpu[1-2]-ib,login", &rc), "gpu1-ib gpu2-ib login");
    CHECK_STR(expand("n[8-10]", &rc), "n8 n9 n10");
    CHECK_STR(expand("a,b", &rc), "a b");
    expand("node[3-1]", &rc);
    CHECK_INT(rc, -1);
    expand("node[1-2", &rc);
    CHECK_INT(rc, -1);
    expand("node]", &rc);
    CHECK_INT(rc, -1);
    expand("a,,b", &rc);
    CHECK_INT(rc, -1);
    expand("a,", &rc);
    CHECK_INT(rc, -1);
    expand("n[]", &rc);
    CHECK_INT(rc, -1);
    expand("n[1-x]", &rc);
    CHECK_INT(rc, -1);
    expand("n[0-99999999999]", &rc);                        /* over the limit */
    CHECK_INT(rc, -1);
    expand("n[1][2]", &rc);
    CHECK_INT(rc, -1);
    /* a backslash makes the next byte part of the name */
    CHECK_STR(expand("gpu\\[01-99\\],n[1-2]", &rc), "gpu[01-99] n1 n2");
    CHECK_INT(rc, 0);
    CHECK_STR(expand("a\\,b,c\\\\", &rc), "a,b c\\");
    CHECK_STR(expand("g[1-2]\\]x", &rc), "g1]x g2]x");
    expand("a\\", &rc);                                        /* nothing to escape */
    CHECK_INT(rc, -1);
    expand("n[1\\2]", &rc);                                    /* not inside brackets */
    CHECK_INT(rc, -1);
}

static void test_expand_stops(void)
{
    struct collect c = { STRBUF_INIT, 0, 2 };
    struct gd_err err;
    CHECK_INT(hostlist_expand("n[1-5]", collect, &c, &err), 7);
    CHECK_STR(c.sb.buf, "n1 n2");
    strbuf_release(&c.sb);
}

/* compress(expand(x)) == x for lists compress itself writes. */
static void test_round_trip(void)
{
    static const char *cases[] = { "node[03-07,12]", "gpu[1-2],login,node[1,3]", "n[098-100]", "x[0-1]",
                                   "node[8-10]", "a[1-3],b[001-002]", "gpu[01-02],gpu\\[01-99\\]",
                                   "x\\,y,z\\\\" };
    size_t i;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct collect c = { STRBUF_INIT, 0, 0 };
        struct gd_err err;
        char *names[64], *p, *save;
        size_t n = 0;
        CHECK_INT(hostlist_expand(cases[i], collect, &c, &err), 0);
        for (p = c.sb.buf; p && *p && n < 64; p = save) {
            save = strchr(p, ' ');
            if (save)
                *save++ = '\0';
            names[n++] = p;
        }
        CHECK_STR(compress((const char *const *)names, n), cases[i]);
        strbuf_release(&c.sb);
    }
}

static const char *written(const struct hostset *hs)
{
    static struct strbuf sb = STRBUF_INIT;
    strbuf_reset(&sb);
    hostset_write(hs, &sb);
    return sb.buf;
}

/* Names arrive in any order and leave in hostlist order; remove and has. */
static void test_hostset(void)
{
    struct hostpool *pool = hostpool_new();
    struct hostset a, b, d;
    char name[32];
    int i;
    hostset_init(&a, pool);
    hostset_init(&b, pool);
    hostset_init(&d, pool);
    CHECK_STR(written(&a), "");
    CHECK_INT(hostset_add(&a, "node09"), 1);
    CHECK_INT(hostset_add(&a, "login"), 1);
    CHECK_INT(hostset_add(&a, "node10"), 1);      /* unpadded, but prints as the padded class */
    CHECK_INT(hostset_add(&a, "node08"), 1);
    CHECK_INT(hostset_add(&a, "node08"), 0);
    CHECK_INT(hostset_add(&a, "gpu[1]"), 1);
    CHECK_INT((int)hostset_count(&a), 5);
    CHECK_STR(written(&a), "gpu\\[1\\],login,node[08-10]");
    CHECK_INT(hostset_has(&a, "node10"), 1);
    CHECK_INT(hostset_has(&a, "node010"), 0);
    CHECK_INT(hostset_has(&a, "nobody"), 0);
    CHECK_INT(hostset_remove(&a, "node08"), 1);
    CHECK_INT(hostset_remove(&a, "node08"), 0);
    CHECK_INT(hostset_remove(&a, "login"), 1);
    CHECK_STR(written(&a), "gpu\\[1\\],node[09-10]");
    CHECK_INT((int)hostset_count(&a), 3);
    /* Numbers beyond one chunk, in reverse, dense enough for a bitmap. */
    for (i = 200000; i > 0; i--) {
        snprintf(name, sizeof(name), "n%d", i);
        hostset_add(&b, name);
    }
    hostset_remove(&b, "n70000");
    CHECK_STR(written(&b), "n[1-69999,70001-200000]");
    CHECK_INT((int)hostset_count(&b), 199999);
    /* The difference. */
    for (i = 1; i <= 10; i++) {
        snprintf(name, sizeof(name), "n%d", i * 10000);
        hostset_add(&a, name);
    }
    hostset_add_difference(&d, &a, &b);
    CHECK_STR(written(&d), "gpu\\[1\\],n70000,node[09-10]");
    hostset_release(&a);
    hostset_release(&b);
    hostset_release(&d);
    hostpool_free(pool);
}

int main(void)
{
    RUN(test_compress);
    RUN(test_hostset);
    RUN(test_expand);
    RUN(test_expand_stops);
    RUN(test_round_trip);
    return harness_done();
}
