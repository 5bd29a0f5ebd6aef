/*
 * fleet.h - merge many machines' `check --json` reports into one view.
 *
 * A struct fleet takes reports one at a time (fleet_add_report) and keeps
 * only what the cluster view needs, in memory that does not grow with the
 * number of nodes when their names are numbered (node0001...): every node
 * list is a hostset (fleet/hostlist.h), folded as names arrive, and every
 * string is interned once.
 *
 *   - nodes by state: every framework uses the GPU / some do not /
 *     unreachable, as hostsets and counts;
 *   - groups: nodes that share a problem, i.e. an error or warning finding
 *     with the same code and the same title (titles carry the key evidence:
 *     the versions, the variable, the library), with the first evidence
 *     line and fix seen;
 *   - drift: for each dimension (driver, CUDA toolkits, cuDNN, each
 *     framework) the nodes per value, so renderers can show which nodes
 *     differ from the majority;
 *   - unreachable nodes, grouped by reason;
 *   - rejects: every input that was not a usable report (broken JSON,
 *     another schema, a duplicate node, an empty file), named with its
 *     source.  Nothing is dropped silently: a refused input whose node is
 *     known (named by the caller, or by the report's host.hostname) also
 *     makes that node unreachable, unless a usable report of it is merged.
 *
 * The per-node table (each node's versions, verdicts and finding counts)
 * is kept only when asked (fleet_keep_nodes): rows are appended to an
 * anonymous temporary file as nodes are merged and read back in order by
 * fleet_each_node, so it costs disk, not memory.
 *
 * Node identity is the caller's name (the Slurm node name, the file name),
 * else host.hostname, else host.machine_id, else the source.  Strings from
 * reports are bounded: a name longer than FLEET_NAME_MAX bytes refuses the
 * report, any other string is cut at FLEET_TEXT_MAX bytes (a fix command
 * at FLEET_COMMAND_MAX) and ends in "[...]".  Nothing here prints;
 * report/fleet.c renders.  This module understands schema "gpudoctor/1"
 * only: a report of another schema is refused with a message that says
 * what it is.
 */
#ifndef GD_FLEET_H
#define GD_FLEET_H

#include <stddef.h>
#include <stdint.h>

#include "fleet/hostlist.h"
#include "util/arena.h"
#include "util/err.h"

#define FLEET_SCHEMA "gpudoctor-fleet/1"
#define FLEET_NAME_MAX 255         /* a DNS name is at most 253 bytes */
#define FLEET_TEXT_MAX 1024
#define FLEET_COMMAND_MAX 8192

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

/* One row of the per-node table; its strings live until the next row. */
struct fleet_node {
    const char *name;
    const char *hostname;      /* host.hostname of the report (may differ from name) */
    const char *machine_id;
    const char *source;        /* file, "stdin #3", "srun task 2"; NULL when unreachable */
    enum fleet_state state;
    const char *reason;        /* failing: the first problem; unreachable: why */
    const char *driver;        /* version, or NULL: no driver */
    const char *cuda;          /* toolkit versions, sorted, comma-separated; NULL: none */
    const char *cudnn;         /* likewise */
    const struct fleet_verdict *verdicts;
    size_t n_verdicts;
    const struct fleet_count *counts;
    size_t n_counts;
    uint32_t errors, warnings, infos;
};

struct fleet_group {
    const char *code, *kind, *title;
    int severity;
    const char *evidence;      /* the first evidence line seen, or NULL */
    const char *fix_title, *fix_command;   /* the first fix, or NULL */
    const char *fix_rank;      /* its rank ("look", ... "reboot"; docs/json.md), NULL: the report has none */
    struct hostset nodes;
};

struct fleet_drift_value {
    const char *value;         /* "535.104.05", "11.8,12.2", "none" */
    struct hostset nodes;
};

struct fleet_drift {
    const char *what;          /* "driver", "cuda", "cudnn", or a framework name */
    struct fleet_drift_value *values;  /* after fleet_finish: majority first */
    size_t nr, alloc;
    struct hostset seen;       /* frameworks: every node with a value (for "none") */
};

struct fleet_unreachable {
    const char *reason;
    struct hostset nodes;
};

struct fleet_reject {
    const char *source;
    const char *node;          /* when the input named one, else NULL */
    const char *reason;
};

struct fleet_map;
struct fleet_scratch;
struct fleet_table;

struct fleet {
    struct arena arena;
    struct hostpool *pool;     /* the names of every hostset below */
    struct hostset state[3];   /* by enum fleet_state */
    struct fleet_group *groups;
    size_t n_groups, alloc_groups;
    struct fleet_drift *drift;
    size_t n_drift, alloc_drift;
    struct fleet_unreachable *unreach;     /* in the order reasons first appeared */
    size_t n_unreach, alloc_unreach;
    struct fleet_reject *rejects;
    size_t n_rejects, alloc_rejects;
    size_t n_reports;          /* accepted reports */
    size_t n_nodes;            /* after fleet_finish */
    size_t n_state[3];         /* nodes per enum fleet_state (after fleet_finish) */
    struct fleet_map *by_key, *strings;
    struct fleet_scratch *scratch;     /* one report's values while it is read */
    struct fleet_table *table;         /* the per-node table, when kept */
    int finished;
};

void fleet_init(struct fleet *fl);
void fleet_release(struct fleet *fl);

/**
 * Keep the per-node table: from now on each node's row is appended to an
 * anonymous temporary file (tmpfile(3): in the C library's temporary
 * directory, gone when the process ends).  Call before the first add.
 * -1 with err when the file cannot be made.
 */
int fleet_keep_nodes(struct fleet *fl, struct gd_err *err);

/**
 * After fleet_finish, with the table kept: call fn for every node's row, in
 * the order the nodes were merged (reports first, then the unreachable
 * nodes by reason, each group in hostlist order).  A non-zero return from
 * fn stops the walk and is returned; -1 with err when the table cannot be
 * read back.  May be called any number of times.
 */
int fleet_each_node(struct fleet *fl, int (*fn)(const struct fleet_node *n, void *arg), void *arg,
                    struct gd_err *err);

/**
 * Parse buf[0..len) as one report (blanks before it are skipped; bytes
 * after the first JSON value are ignored) and merge it.  name overrides the
 * node identity (NULL: from the report); source names the input in
 * messages.  Returns 0 when merged, -1 when refused: the refusal is
 * recorded in fl->rejects (and the node, when known, is unreachable), and
 * its reason is also in err.
 */
int fleet_add_report(struct fleet *fl, const char *buf, size_t len, const char *name,
                     const char *source, struct gd_err *err);

/**
 * Read the JSON value at the front of buf[0..len) (which must not start
 * with blanks) and merge it, for readers of streams.  Returns the bytes it
 * took (> 0) when it was a complete JSON value, merged or refused (err
 * then says why); 0 when buf ends inside it and more is set (nothing is
 * recorded: call again with more input); -1 when it is not valid JSON (or
 * ends early and more is not set): refused and recorded, the caller skips
 * ahead.
 */
long fleet_add_front(struct fleet *fl, const char *buf, size_t len, int more, const char *name,
                     const char *source, struct gd_err *err);

/**
 * Record an input that is not a report (broken, foreign, too large,
 * empty).  node, when not NULL, is the node it was meant to be: it is
 * unreachable with reason, unless a report of it is (or gets) merged.
 */
void fleet_add_reject(struct fleet *fl, const char *source, const char *node, const char *reason);

/**
 * A node from which no usable report came (Slurm: failed, timed out; an
 * expected node with no report).  A node already known keeps its state and
 * the call is ignored; a report merged later replaces it.
 */
void fleet_add_unreachable(struct fleet *fl, const char *name, const char *reason);

/** 1 if a node of that name is known (reported or unreachable), else 0. */
int fleet_has_node(const struct fleet *fl, const char *name);

/**
 * Finish merging: count nodes per state, order groups (errors first, then
 * by the number of nodes, then by code) and each drift dimension's values
 * (the majority first), add the "none" values, write the unreachable rows
 * of the per-node table.  Call once, after the last add; -1 with err only
 * when the per-node table cannot be written.
 */
int fleet_finish(struct fleet *fl, struct gd_err *err);

/** 1 if some node is failing or unreachable or an input was refused. */
int fleet_has_problems(const struct fleet *fl);

const char *fleet_state_name(enum fleet_state st);

#endif
