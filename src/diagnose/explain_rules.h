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

/** Run every rule; strings go into out's arena.  Never fails. */
void explain_rules(const struct explain_input *in, struct findings *out);

#endif
