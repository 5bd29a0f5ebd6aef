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
 * once.  names is borrowed and not reordered.  Never fails.  (A hostset
 * holding the same names writes the same text.)
 */
void hostlist_compress(const char *const *names, size_t n, struct strbuf *out);

/*
 * A hostset is a set of node names kept in the folded form as they arrive,
 * so that `fleet report` needs memory for the brackets, not for the nodes:
 * a name that ends in a number (at most 18 digits, no ",[]\\" in it) is its
 * prefix, its padding class (0: unpadded, else the padded width) and the
 * number; the numbers of one class sit in 65536-number chunks, each a
 * sorted array of 16-bit offsets while small and a bitmap once dense
 * (8 KiB), so a million numbered nodes cost a few dozen chunks and random
 * arrival order costs no more than sorted.  Other names are "literals",
 * one pool id each.
 *
 * The strings (prefixes and literals) are interned in a struct hostpool
 * that many sets share and that must outlive them; a set borrows its pool.
 * All sets combined with each other (hostset_add_difference) must share
 * one pool.  Nothing here fails except on out-of-memory (xmalloc aborts).
 */
struct hostpool;

struct hostset {
    struct hostpool *pool;     /* borrowed */
    struct hs_class *cls;
    size_t n_cls, alloc_cls;
    struct hs_map *class_of;   /* (prefix id, width) -> index in cls */
    struct hs_idset *literals; /* the pool ids of the literal names */
    size_t count;              /* distinct names in the set */
};

/** A new, empty pool; free with hostpool_free (NULL-safe). */
struct hostpool *hostpool_new(void);
void hostpool_free(struct hostpool *pool);

/** An empty set over pool (borrowed).  Never fails, allocates nothing. */
void hostset_init(struct hostset *hs, struct hostpool *pool);
/** Free the set's contents; it is then empty (and may be reused). */
void hostset_release(struct hostset *hs);

/** Add name: 1 if it was not in the set, 0 if it was. */
int hostset_add(struct hostset *hs, const char *name);
/** Remove name: 1 if it was in the set, 0 if not. */
int hostset_remove(struct hostset *hs, const char *name);
/** 1 if name is in the set, else 0. */
int hostset_has(const struct hostset *hs, const char *name);
/** The number of names in the set. */
size_t hostset_count(const struct hostset *hs);

/** Add to dst every name of a that is not in b (all three share one pool). */
void hostset_add_difference(struct hostset *dst, const struct hostset *a, const struct hostset *b);

/**
 * Append the set's hostlist to out: the same text hostlist_compress writes
 * for the same names.  Costs time linear in the set's members and memory
 * linear in its brackets.
 */
void hostset_write(const struct hostset *hs, struct strbuf *out);

/**
 * Call fn(name, arg) for every name, in the order hostset_write lists them
 * (name valid during the call only).  A non-zero return stops the walk and
 * is returned; else 0.
 */
int hostset_each(const struct hostset *hs, int (*fn)(const char *name, void *arg), void *arg);

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
