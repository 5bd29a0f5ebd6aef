/*
 * whatif.h - `check --set KEY=VALUE`: edit the facts as an upgrade would,
 * judge them again with the same rules, and say what changes.
 *
 * A person asks "what breaks if I upgrade the driver to 580?" or "does
 * torch 2.14.0+cu132 run here?".  whatif edits a struct facts (a live scan's
 * or a --from-facts document's) the way the change would, and compares the
 * diagnosis before with the one after: the verdicts that flip, the findings
 * that are new, gone or changed.  Nothing is read from any disk and nothing
 * is executed: the edits are what the facts say, so what the facts cannot
 * say is named (struct whatif_edit.caveat) rather than guessed.
 *
 * The keys (docs/whatif.md, and check's help):
 *   driver=VERSION    the NVIDIA driver's version wherever the facts record
 *                     it (kernel module, user-space libraries, modinfo,
 *                     DKMS, the container's view: every string member of the
 *                     field tables, facts/facts_fields.h, that holds the old
 *                     version), and its CUDA ceiling from the kb
 *   cuda=X.Y          the CUDA toolkit's version (the only one, or the one
 *                     /usr/local/cuda names)
 *   gpu=NAME|CC       every GPU: the kb's name and compute capability
 *   os=ID-VERSION     the distribution (os-release ID and VERSION_ID)
 *   pkg:ENV:NAME=V    framework NAME in environment ENV (its prefix, conda
 *                     name, or number in the report, 1 first) at release V
 *                     ("2.14.0+cu132"): its CUDA and cuDNN from the release
 *                     chooser's row for that build (diagnose/choose.h);
 *                     the old build's files (modules, bundled libraries,
 *                     declared dependencies) are dropped, so the rules judge
 *                     the release, not files that would be replaced
 *   PATH=VALUE        any scalar member of the --facts document by its JSON
 *                     path ("system.arch=aarch64"); through an array, every
 *                     element ("gpus.compute_capability=9.0"); "null" makes
 *                     it unknown.  Derived from the field tables: every
 *                     string, number, boolean and tri-state member is
 *                     settable, and no other.
 *
 * Pure: no printing (report/whatif.c renders), strings in the facts' arena.
 */
#ifndef GD_DIAGNOSE_WHATIF_H
#define GD_DIAGNOSE_WHATIF_H

#include <stddef.h>

#include "diagnose/diagnose.h"
#include "util/err.h"

struct kb;

/* One edit as applied. */
struct whatif_edit {
    const char *key, *value;   /* as given */
    const char *was;           /* the value it replaced, or NULL (unknown or added) */
    const char *what;          /* what changed, one line */
    const char *caveat;        /* what the facts cannot say about the change, or NULL */
};

/* One verdict before and after (matched by environment and framework). */
struct whatif_verdict {
    const char *subject_before, *subject_after;   /* NULL: absent on that side */
    enum gpu_verdict before, after;
    const char *reason_before, *reason_after;
};

/* A finding whose code and subject stayed while its text changed. */
struct whatif_changed {
    const struct finding *before, *after;
};

struct whatif {
    struct arena *arena;                 /* borrowed: the facts' */
    struct whatif_edit *edits;
    size_t n_edits, alloc_edits;
    struct whatif_verdict *verdicts;
    size_t n_verdicts, alloc_verdicts;
    struct findings added, gone;         /* shallow copies of the findings */
    struct whatif_changed *changed;
    size_t n_changed, alloc_changed;
    int exit_before, exit_after;
    /* the diagnosis before, kept by whatif_begin */
    const struct finding *prev;
    size_t n_prev;
    const char **prev_keys;              /* each verdict's "ENV\tFRAMEWORK" */
    const struct verdict *prev_v;
    size_t n_prev_v;
};

/**
 * Start: before is the diagnosis of f as it is (kept, borrowed: it must
 * outlive w), exit_before its exit status.  Strings go into f's arena.
 */
void whatif_begin(struct whatif *w, struct facts *f, const struct diagnosis *before, int exit_before);

/**
 * Apply one "KEY=VALUE" to f.  0, or -1 with err (GD_ERR_USAGE: an unknown
 * key, a value of the wrong form, a change the facts cannot take, such as
 * driver= where no driver was found); f is unchanged then.
 */
int whatif_apply(struct whatif *w, struct facts *f, const struct kb *kb, const char *assignment,
                 struct gd_err *err);

/** Compare after (the diagnosis of the edited f) with the one kept by whatif_begin. */
void whatif_finish(struct whatif *w, const struct facts *f, const struct diagnosis *after, int exit_after);

/** Free w's arrays (strings stay in the arena). */
void whatif_release(struct whatif *w);

#endif
