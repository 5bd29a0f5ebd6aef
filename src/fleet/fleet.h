/*
 * fleet.h - merge many machines' `check --json` reports into one view.
 *
 * A struct fleet takes reports one at a time (fleet_add_json) and keeps
 * only what the cluster view needs, so memory grows with the number of
 * nodes and of distinct problems, never with the size of the reports:
 *
 *   - one struct fleet_node per node: its state (every framework uses the
 *     GPU / some do not / unreachable), the versions the drift tables
 *     compare, its per-framework verdicts and its finding counts by kind
 *     and severity (for the Prometheus metrics);
 *   - groups: nodes that share a problem, i.e. an error or warning finding
 *     with the same code and the same title (titles carry the key evidence:
 *     the versions, the variable, the library), with the first fix;
 *   - drift: for each dimension (driver, CUDA toolkits, cuDNN, each
 *     framework) the nodes per value, so renderers can show which nodes
 *     differ from the majority;
 *   - rejects: every input that was not a usable report (broken JSON,
 *     another schema, a duplicate node), named with its source.  Nothing is
 *     dropped silently.
 *
 * Node identity is the caller's name (the Slurm node name), else
 * host.hostname, else host.machine_id, else the source.  Strings are owned
 * by the fleet's arena.  Nothing here prints; report/fleet.c renders.
 * This module understands schema "gpudoctor/1" only: a report of another
 * schema is refused with a message that says what it is.
 */
#ifndef GD_FLEET_H
#define GD_FLEET_H

#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "util/arena.h"
#include "util/err.h"

#define FLEET_SCHEMA "gpudoctor-fleet/1"

enum fleet_state {
    FLEET_OK = 0,          /* every framework found uses the GPU, no error finding */
    FLEET_FAILING,         /* some framework will not (or may not) use the GPU, or an error */
    FLEET_UNREACHABLE      /* no usable report from this node */
};

struct fleet_verdict {
    const char *env, *framework, *version;
    const char *gpu;       /* "yes", "no", "unknown" */
    const char *reason;    /* may be NULL */
};

/* Findings of one kind and severity on one node (Prometheus). */
struct fleet_count {
    const char *kind;
    int severity;          /* 0 info, 1 warning, 2 error */
    uint32_t n;
};

struct fleet_node {
    const char *name;
    const char *hostname;      /* host.hostname of the report (may differ from name) */
    const char *machine_id;
    const char *source;        /* file, "stdin #3", "srun task 2" */
    enum fleet_state state;
    const char *reason;        /* failing: the first problem; unreachable: why */
    const char *driver;        /* version, or NULL: no driver */
    const char *cuda;          /* toolkit versions, sorted, comma-separated; NULL: none */
    const char *cudnn;         /* likewise */
    struct fleet_verdict *verdicts;
    size_t n_verdicts, alloc_verdicts;
    struct fleet_count *counts;
    size_t n_counts, alloc_counts;
    uint32_t errors, warnings, infos;
};

struct fleet_group {
    const char *code, *kind, *title;
    int severity;
    const char *evidence;      /* the first evidence line seen, or NULL */
    const char *fix_title, *fix_command;   /* the first fix, or NULL */
    uint32_t *nodes;           /* indexes into fleet.nodes, ascending, no duplicates */
    size_t nr, alloc;
};

struct fleet_drift_value {
    const char *value;         /* "535.104.05", "11.8,12.2", "none" */
    uint32_t *nodes;
    size_t nr, alloc;
};

struct fleet_drift {
    const char *what;          /* "driver", "cuda", "cudnn", or a framework name */
    struct fleet_drift_value *values;  /* after fleet_finish: majority first */
    size_t nr, alloc;
};

struct fleet_reject {
    const char *source;
    const char *node;          /* when the report named one, else NULL */
    const char *reason;
};

struct fleet_map;

struct fleet {
    struct arena arena;
    struct fleet_node *nodes;
    size_t n_nodes, alloc_nodes;
    struct fleet_group *groups;
    size_t n_groups, alloc_groups;
    struct fleet_drift *drift;
    size_t n_drift, alloc_drift;
    struct fleet_reject *rejects;
    size_t n_rejects, alloc_rejects;
    size_t n_reports;          /* accepted reports */
    size_t n_state[3];         /* nodes per enum fleet_state (after fleet_finish) */
    struct fleet_map *by_name, *by_key, *strings;
};

void fleet_init(struct fleet *fl);
void fleet_release(struct fleet *fl);

/**
 * Merge one parsed report (borrowed; nothing of it is kept).  name
 * overrides the node identity (NULL: from the report); source names the
 * input in messages.  Returns 0 when merged, -1 when refused: the refusal
 * is recorded in fl->rejects and its reason is also in err.
 */
int fleet_add_json(struct fleet *fl, json_t *doc, const char *name, const char *source,
                   struct gd_err *err);

/** Parse buf[0..len) as one report and merge it (fleet_add_json). */
int fleet_add_report(struct fleet *fl, const char *buf, size_t len, const char *name,
                     const char *source, struct gd_err *err);

/** Record an input that is not a report (broken, foreign, too large). */
void fleet_add_reject(struct fleet *fl, const char *source, const char *node, const char *reason);

/**
 * A node from which no usable report came (Slurm: failed, timed out).
 * A node already known keeps its report; the call is then ignored.
 */
void fleet_add_unreachable(struct fleet *fl, const char *name, const char *reason);

/** The index of node name, or -1. */
long fleet_find_node(const struct fleet *fl, const char *name);

/**
 * Finish merging: count nodes per state, order groups (errors first, then
 * by the number of nodes, then by code) and each drift dimension's values
 * (the majority first).  Call once, after the last add.
 */
void fleet_finish(struct fleet *fl);

/** 1 if some node is failing or unreachable or an input was refused. */
int fleet_has_problems(const struct fleet *fl);

const char *fleet_state_name(enum fleet_state st);

#endif
