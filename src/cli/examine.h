/*
 * examine.h - the scan `check` runs, for every subcommand that needs the
 * same facts about the examined machine (check, probe --verify-libs).
 *
 * One function, so that the subcommands judge the same machine the same
 * way: the loader model of the examined machine (glibc or musl, its
 * directories and hwcaps), a newer pci.ids from the machine when it has one,
 * then every observer (scan_all).  The diagnosis is left to the caller,
 * because check folds the probe's answers into the facts before it.
 */
#ifndef GD_EXAMINE_H
#define GD_EXAMINE_H

#include "cli/options.h"
#include "facts/facts.h"
#include "loader/resolve.h"
#include "scan/scan.h"
#include "util/strbuf.h"

struct kb;

/**
 * Scan ctx's machine into facts (facts_init'ed by the caller).  rcfg and
 * resolver are the caller's, filled here; the caller releases resolver
 * (resolver_release) after the diagnosis, which uses it.  Never fails:
 * problems are facts warnings.
 */
void examine_scan(struct run_ctx *ctx, struct kb *kb, const struct scan_options *so,
                  struct resolve_config *rcfg, struct resolver *resolver, struct facts *facts);

/**
 * The same over any machine view: fs and env (borrowed), without reading
 * the machine's pci.ids into kb (examine_scan does that once per run).
 * For ps, which scans each running job's root with its own variables.
 */
void examine_scan_view(struct fs *fs, const struct env *env, const struct kb *kb, const struct scan_options *so,
                       struct resolve_config *rcfg, struct resolver *resolver, struct facts *facts);

/**
 * The environment the user named (--python PATH, --prefix DIR) must exist
 * in the examined tree: else print "gpudoctor CMD: ..." and return the
 * usage exit status (2), as for a missing --root; 0 when it exists or none
 * was named.  Windows paths (--os windows) are left to the Windows
 * observers, which map drive letters.
 */
int examine_check_named_env(struct run_ctx *ctx, const struct scan_options *so, const char *cmd);

/**
 * The bytes of the user's file at path ("-": standard input), at most max,
 * appended to sb: 0, or -1 with err (GD_ERR_SYS "cannot open ..." /
 * "cannot read ...", GD_ERR_LIMIT).
 */
int examine_read_input(const char *path, size_t max, struct strbuf *sb, struct gd_err *err);

/**
 * Read the facts document at path ("-": standard input), at most
 * FACTS_DOC_MAX bytes, into f (facts_init'ed): check --from-facts, check
 * --host-facts, plan --check --facts.  0, or -1 with err (GD_ERR_SYS
 * "cannot open ..." when it cannot be opened).
 */
int examine_read_facts(const char *path, struct facts *f, struct gd_err *err);

#endif
