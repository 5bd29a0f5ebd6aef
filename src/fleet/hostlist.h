/*
 * hostlist.h - Slurm hostlist notation: "node[03-07,12],gpu1".
 *
 * hostlist_compress turns a set of node names into the compact form Slurm
 * prints (sinfo, squeue): names that share a prefix and end in a decimal
 * number are folded into one bracket of ranges.  Zero padding is kept
 * exactly: every name in a bracket prints with the bracket's width, so
 * "node08,node09,node10" becomes "node[08-10]" and "node8,node9,node10"
 * "node[8-10]", while "node01,node2" stays two entries.  hostlist_expand is
 * the inverse (for --nodelist and the tests): it accepts what compress
 * writes and what Slurm users type (one bracket per entry, optional suffix
 * after it: "gpu[1-2]-ib").
 *
 * Both are pure (no I/O).  Names are compared as bytes.  A name holding one
 * of ",[]\" is never folded and is written with a backslash before each
 * such byte: the node "gpu[01-99]" prints as "gpu\[01-99\]", not as 99
 * nodes, and hostlist_expand reads a backslash as "the next byte is part of
 * the name" (outside brackets).  Slurm has no such escape: host names
 * cannot hold these bytes, but names in reports are untrusted.  Numbers
 * longer than 18 digits are treated as part of the name.  The output is
 * deterministic: entries sorted by prefix, then by number.
 */
#ifndef GD_HOSTLIST_H
#define GD_HOSTLIST_H

#include <stddef.h>

#include "util/err.h"
#include "util/strbuf.h"

/**
 * Append the hostlist form of names[0..n) to out.  Duplicates are written
 * once.  names is borrowed and not reordered.  Never fails.
 */
void hostlist_compress(const char *const *names, size_t n, struct strbuf *out);

/** Upper bound on the names one hostlist_expand call may produce. */
#define HOSTLIST_MAX_NAMES 1000000

/**
 * Expand hostlist s into the names it denotes, in order, calling
 * fn(name, arg) for each (name valid during the call only).  A non-zero
 * return from fn stops the expansion and is returned.  Returns 0, or -1
 * with err (GD_ERR_USAGE) on a malformed list ("node[3-1]", an unclosed
 * bracket, more than HOSTLIST_MAX_NAMES names).
 */
int hostlist_expand(const char *s, int (*fn)(const char *name, void *arg), void *arg,
                    struct gd_err *err);

#endif
