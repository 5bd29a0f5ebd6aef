/*
 * kb_lint.h - consistency checks over a loaded knowledge base (tools/kb-lint).
 *
 * The parser (kbdata.h) checks each row's form; kb_lint_check() checks what
 * only the whole knowledge base can show:
 *  - every CUDA version a framework or cuDNN row names has a driver floor
 *    (cuda_mvc for CUDA >= 11, else cuda_driver), on Linux;
 *  - every (CUDA, cuDNN) pair of tf_build and torch is a cudnn_cuda row;
 *  - version ranges within one lane (jax flavor, onnxruntime's PyPI
 *    default, cupy package, tf_libs / tf_driver os, py_support framework,
 *    pkg_fact framework+fact, tf_arch) neither overlap nor leave a hole: each range starts at the successor of the previous
 *    one's last ("0.5.99" -> "0.6.0", "1.18.0" -> "1.18.1", "1.13" -> "2.0");
 *    onnxruntime's builds of one CUDA major, PyPI's and ORT's own feeds
 *    together, must not overlap, but may skip releases (ORT published no
 *    CUDA 12 Python package of 1.27);
 *  - jetpack rows ascend by L4T release, their JetPack never goes back, and
 *    the rows of one JetPack major ship one CUDA major;
 *  - every source names a URL or a repository ("owner/repo@path",
 *    "owner/repo#N", "owner/repo commit"), optionally after "unverified:" or
 *    "attested by";
 *  - the revision and every kb_meta date are calendar dates, none after
 *    today, and every kb_meta table exists.
 * kb_lint_stale() lists the tables whose newest row is older than the newest
 * release kb_meta says their sources named, or that were last checked more
 * than a year before today; py_support per framework, against the newest
 * release kb_meta names for that framework's own table (pytorch: torch); and
 * the release-keyed tables that have no kb_meta row at all.
 *
 * Both are pure over the kb and today ("YYYY-MM-DD", passed in so tests are
 * deterministic); messages go to the caller's struct kb_lint, nothing is
 * printed.
 */
#ifndef GD_KB_LINT_H
#define GD_KB_LINT_H

#include <stddef.h>

#include "util/arena.h"

struct kb;

struct kb_lint_msg {
    const char *table;   /* the table concerned, or NULL */
    const char *file;    /* the row's file, or NULL */
    unsigned line;       /* its line, 0 when none */
    const char *text;
};

struct kb_lint {
    struct kb_lint_msg *v;
    size_t n, alloc;
    struct arena arena;
};

void kb_lint_init(struct kb_lint *l);
void kb_lint_release(struct kb_lint *l);

/** Run every consistency check; the number of problems added to l. */
size_t kb_lint_check(const struct kb *kb, const char *today, struct kb_lint *l);

/* How fresh one table kb_meta lists is (gpudoctor kb --stale). */
struct kb_fresh {
    const char *table;
    const char *checked;   /* the date its rows were last checked against their sources */
    const char *named;     /* the newest release those sources named then */
    const char *have;      /* the newest release its rows cover, or NULL (open-ended: "open") */
    int open;              /* a row is open-ended (covers every later release) */
    int mixed;             /* its rows are several frameworks' (py_support): compared per framework */
    int behind;            /* have is older than named */
    long age_days;         /* today - checked, or -1 when today is unknown */
};

/**
 * One entry per kb_meta row whose table exists, in kb_meta's order, into
 * *out (xrealloc'd; free it): their number.  today "YYYY-MM-DD" or NULL.
 */
size_t kb_lint_freshness(const struct kb *kb, const char *today, struct kb_fresh **out);

/** Add one message per stale table to l; their number. */
size_t kb_lint_stale(const struct kb *kb, const char *today, struct kb_lint *l);

#endif
