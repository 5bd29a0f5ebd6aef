/*
 * explain_rules.h - from a log to findings, with the same codes, kinds and
 * judges as `check` (docs/findings.md; the log-only codes GD4xx are in
 * codes_explain.c).
 *
 * A log is a machine seen through what it printed: scan/logscan.h turns the
 * log's facts into a partial struct facts, and explain_rules runs the same
 * machine rules and framework judges on it (diagnose_run), with the fix
 * engine's context built from those facts.  Those judged findings are the
 * decided answers.  What stays here is what only a log has: the messages
 * in which a program names its own cause (a table of rows: the family, the
 * cause it names, how sure, what decides it and the fix engine's look tool
 * that reads it: no command text is written here),
 * the log-only causes (out of memory, NCCL and /dev/shm, a CUDA extension's
 * build, CUDA error numbers...), the harmless noise (GD401, never a cause),
 * and the ranking of hypotheses.  A message whose cause a judge also makes
 * carries no fix of its own: its fixes come from the fix engine.  When
 * nothing in the log explains a GPU problem, GD405 says what is missing.
 * Rules never print and never read files.
 */
#ifndef GD_EXPLAIN_RULES_H
#define GD_EXPLAIN_RULES_H

#include "diagnose/finding.h"
#include "diagnose/fixes_intent.h"
#include "facts/facts.h"
#include "facts/log_facts.h"

struct kb;

struct explain_input {
    const struct log_facts *log;
    struct facts *facts;           /* the log's partial facts (scan/logscan.h); borrowed: the
                                      judges' loader questions are answered from its answers */
    const struct kb *kb;
};

#define EXPLAIN_MAX_HYP 3        /* the most likely cause and up to two alternatives */
#define EXPLAIN_HYP_EVIDENCE 6   /* quoted log lines per hypothesis */

/*
 * A ranked hypothesis: a cause (kind and code, as in findings), how sure
 * the rules are (0-100, comparable only within one log), why, the log lines
 * that support it, and for an alternative what tells it apart from the top
 * one (a command to run, or `gpudoctor check` on that machine: the text the
 * fix engine wrote for tell_tool and tell_arg, fixes_tell, in the log's
 * OS's spelling).
 */
struct explain_hypothesis {
    const char *kind;
    const char *code;
    int confidence;
    const char *why;
    const char *tell;            /* NULL for the top one, or when nothing can tell */
    enum fix_tool tell_tool;     /* the look tool tell is the text of (when tell is not NULL) */
    const char *tell_arg;        /* its argument (a name), or NULL */
    int from_alt;                /* raised as an alternative (no finding of its own until promoted) */
    int judged;                  /* a judge of check decided it from the log's facts */
    size_t n_evidence;
    long ev_line[EXPLAIN_HYP_EVIDENCE];
    const char *ev_text[EXPLAIN_HYP_EVIDENCE];
};

#define EXPLAIN_MAX_RANKED 24    /* every candidate cause the JSON keeps, best first */

struct explain_result {
    struct explain_hypothesis hyp[EXPLAIN_MAX_RANKED];
    size_t n;                    /* shown: at most EXPLAIN_MAX_HYP; 0 only for an empty log */
    size_t n_ranked;             /* every candidate, n of them shown (JSON "ranking") */
    const char *os;              /* the log's OS: "windows", "wsl", "linux", "macos", or NULL */
    long os_line;                /* the first line that shows it (0: a scan of this machine, or none) */
};

/**
 * Run the judges on in->facts and every log rule; strings go into out's
 * arena.  Never fails.  out ends ordered for printing: the top
 * hypothesis's finding first, then the other causes by confidence, then
 * the informational ones.  res (may be NULL) receives the ranked
 * hypotheses and the log's OS.
 */
void explain_rules(const struct explain_input *in, struct findings *out, struct explain_result *res);

#endif
