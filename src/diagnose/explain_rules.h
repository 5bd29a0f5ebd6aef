/*
 * explain_rules.h - from the facts of a log (scan/logread) to findings,
 * with the same codes and kinds as `check` (docs/findings.md; the
 * log-only codes GD4xx are in codes_explain.c).
 *
 * The rules read the whole log's facts at once (so a TensorFlow version
 * printed after the failure still counts), ask the knowledge base for the
 * reasoning ("cudart64_110.dll + TensorFlow 2.10 -> CUDA 11.2, cuDNN 8.1"),
 * and may use the facts of a scan of this machine (--with-check) where the
 * log is silent.  Harmless noise is reported as GD401 (info), never as the
 * cause.  When nothing in the log explains a GPU problem, GD405 says what
 * is missing.  Rules never print and never read files.
 */
#ifndef GD_EXPLAIN_RULES_H
#define GD_EXPLAIN_RULES_H

#include "diagnose/finding.h"
#include "facts/facts.h"
#include "facts/log_facts.h"

struct kb;

struct explain_input {
    const struct log_facts *log;
    const struct facts *machine;   /* a scan of this machine (--with-check), or NULL */
    const struct kb *kb;
};

/**
 * The operating system the log comes from: "windows", "wsl", "linux",
 * "macos", or NULL when neither the log nor the machine says.  *line is the
 * first log line that shows it (0: from the machine or unknown).
 */
const char *explain_log_os(const struct explain_input *in, long *line);

#define EXPLAIN_MAX_HYP 3        /* the most likely cause and up to two alternatives */
#define EXPLAIN_HYP_EVIDENCE 6   /* quoted log lines per hypothesis */

/*
 * A ranked hypothesis: a cause (kind and code, as in findings), how sure
 * the rules are (0-100, comparable only within one log), why, the log lines
 * that support it, and for an alternative what tells it apart from the top
 * one (a command to run, or `gpudoctor check` on that machine).
 */
struct explain_hypothesis {
    const char *kind;
    const char *code;
    int confidence;
    const char *why;
    const char *tell;            /* NULL for the top one, or when nothing can tell */
    int from_alt;                /* raised as an alternative (no finding of its own until promoted) */
    size_t n_evidence;
    long ev_line[EXPLAIN_HYP_EVIDENCE];
    const char *ev_text[EXPLAIN_HYP_EVIDENCE];
};

struct explain_result {
    struct explain_hypothesis hyp[EXPLAIN_MAX_HYP];
    size_t n;                    /* 0 only for an empty log */
};

/**
 * Run every rule; strings go into out's arena.  Never fails.  out ends
 * ordered for printing: the top hypothesis's finding first, then the other
 * causes by confidence, then the informational ones.  res (may be NULL)
 * receives the ranked hypotheses.
 */
void explain_rules(const struct explain_input *in, struct findings *out, struct explain_result *res);

#endif
