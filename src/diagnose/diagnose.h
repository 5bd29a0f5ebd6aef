/*
 * diagnose.h - from facts to findings: the rules.
 *
 * diagnose_run() applies every rule to the facts (asking the knowledge base
 * and, later, the loader model) and fills a struct diagnosis: the findings
 * and the checklist a person would otherwise walk by hand.  Rules never
 * read files and never print; each finding names the facts that prove it.
 * Unknown stays unknown: a rule that cannot decide emits nothing, or an
 * info finding that says what would decide it.
 */
#ifndef GD_DIAGNOSE_H
#define GD_DIAGNOSE_H

#include "diagnose/finding.h"
#include "facts/facts.h"

struct kb;

enum check_status { CHECK_PASSED = 0, CHECK_FAILED, CHECK_NOT_APPLICABLE, CHECK_UNKNOWN };

struct check_item {
    const char *step;        /* "NVIDIA driver loaded" */
    enum check_status status;
    const char *detail;      /* "535.104.05 (/proc/driver/nvidia/version)" */
};

struct diagnosis {
    struct findings findings;
    struct check_item *checklist;
    size_t n_checklist, alloc_checklist;
};

/** Run every rule; strings go into facts->arena.  Never fails. */
void diagnose_run(const struct facts *facts, const struct kb *kb, struct diagnosis *dx,
                  struct arena *arena);
void diagnosis_release(struct diagnosis *dx);

const char *check_status_name(enum check_status s);

/* Rule groups (one file each), called by diagnose_run in this order. */
void rules_scan(const struct facts *f, struct findings *out);
void rules_driver(const struct facts *f, const struct kb *kb, struct findings *out);
void rules_env(const struct facts *f, struct findings *out);
void rules_cuda(const struct facts *f, struct findings *out);

/**
 * How many GPUs CUDA_VISIBLE_DEVICES leaves visible out of n_gpus (-1 when
 * n_gpus is unknown and the value names devices), following CUDA's rule
 * that the list ends at the first invalid entry.  value NULL: all.
 */
long cuda_visible_count(const char *value, long n_gpus);

#endif
