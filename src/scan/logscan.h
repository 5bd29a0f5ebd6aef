/*
 * logscan.h - the log as a machine: a partial struct facts from what a
 * pasted log shows, for the same rules `check` runs (explain).
 *
 * scan/logread.c reads the log's lines into struct log_facts (what was
 * printed, with the line it came from); this observer turns that into the
 * facts a scan of the machine that wrote the log would have found: the OS
 * and platform (native Windows, WSL2, macOS, a container), the driver (its
 * version, its CUDA ceiling, a kernel module the log shows is not loaded),
 * the GPU and its compute capability, the environment variables the log
 * shows, the CUDA toolkit and cuDNN versions it names, one Python
 * environment with a framework build for each framework the log shows at
 * work (the one most of the log is about first), and the loader's answers
 * the log records -- "libcudnn.so.9: cannot
 * open shared object file" is that name not found, "Successfully opened
 * dynamic library libcudart.so.11.0" found -- as answers by name
 * (LIB_ANSWER_ANY, facts.h) that diagnose/lookup.h replays.
 *
 * The facts are partial (facts.partial = "log"): whatever the log does not
 * show stays unknown, never absent.  Every value names its log line as its
 * source ("log:LINE", FACTS_LOG_SOURCE in facts.h), so a finding's evidence points back
 * into the log.  The work is one table of extractors (logscan.c), each
 * filling one part of the facts from the log's; nothing here judges.
 */
#ifndef GD_SCAN_LOGSCAN_H
#define GD_SCAN_LOGSCAN_H

#include "facts/facts.h"
#include "facts/log_facts.h"

struct kb;

/**
 * Fill f (initialised with facts_init, empty) from the log's facts lf.  kb
 * (may be NULL) gives what a scan would derive the same way: the driver's
 * CUDA ceiling from its version, a GPU's compute capability from its name.
 * machine (may be NULL: a scan of this machine, explain --with-check) fills
 * what the log does not show: the OS, the distribution, the driver.
 * Strings go into f's arena (lf's are copied).  Never fails.
 */
void logscan_facts(const struct log_facts *lf, const struct kb *kb, const struct facts *machine,
                   struct facts *f);

/** The i-th extractor's description (for docs and tests), or NULL past the last. */
const char *logscan_extractor_at(size_t i);

#endif
