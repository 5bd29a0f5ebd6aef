/*
 * finding.h - what the rules conclude: findings with codes, kinds,
 * severities, evidence and fixes.
 *
 * A finding's code (GDnnn) is stable: once released it never changes
 * meaning (docs/findings.md is the registry).  Its kind comes from a fixed
 * vocabulary shared with `explain` (kinds are added, never renamed).
 * Evidence names what proves the finding and the file it came from; a fix
 * is a command to paste, with the shell it is for and how invasive it is
 * (enum fix_rank).  Fixes are written by the fix engine only
 * (diagnose/fixes*.c).
 *
 * All strings are owned by the findings' arena (borrowed from the caller,
 * usually the facts arena); arrays are freed by findings_release.
 */
#ifndef GD_FINDING_H
#define GD_FINDING_H

#include <stddef.h>

#include "util/arena.h"
#include "util/err.h"

enum severity { SEV_INFO = 0, SEV_WARNING = 1, SEV_ERROR = 2 };

struct evidence {
    const char *text;     /* "kernel module 535.104.05" */
    const char *path;     /* the file it came from, or NULL */
    long line;            /* line number in a log (explain), or 0 */
};

/*
 * How invasive a fix is (issue 31): a finding's fixes are shown least
 * invasive first (findings_sort orders them by rank, stably).  The fix
 * engine stamps each fix it writes (diagnose/fixes_intent.h); FIX_RANK_NONE
 * is a continuation ("Or ...", "Then ..."): it keeps the rank of the fix
 * before it, so a route's steps stay together and in their order.
 */
enum fix_rank {
    FIX_RANK_NONE = 0,   /* a continuation of the fix before (or LOOK when first) */
    FIX_RANK_LOOK,       /* reads something, changes nothing (a log, nvidia-smi, gpudoctor probe) */
    FIX_RANK_ENV,        /* an environment variable or an activation, this shell only */
    FIX_RANK_USER,       /* a user-space (re)install inside the environment, a user's own setting */
    FIX_RANK_NEW_ENV,    /* a new environment (venv, conda, a container image) */
    FIX_RANK_SYSTEM,     /* root: a distribution package, the loader's configuration, a group */
    FIX_RANK_DRIVER,     /* the NVIDIA driver installed or upgraded (and what needs it first) */
    FIX_RANK_REBOOT      /* a reboot, or the driver's kernel modules unloaded */
};

struct fix {
    const char *title;    /* what it does: "Put the toolkit's lib64 on the loader path" */
    const char *shell;    /* NULL (any), "sh", "fish", "powershell", "cmd"; or "python": not a
                             command line but Python source to put in the program (before
                             the framework's import), checked by Python's parser */
    const char *command;  /* what to paste, may be multi-line; NULL for advice only */
    unsigned group;       /* 0, or the same number for the one command written for several
                             shells (sh / fish, powershell / cmd): a report may show only
                             the reader's shell (diagnose/fixes.h) */
    enum fix_rank rank;   /* how invasive (enum fix_rank) */
    int continues;        /* 1: written as a continuation (FIX_RANK_NONE) of the fix before it;
                             findings_sort then gives it that fix's rank and keeps this */
};

struct finding {
    const char *code;     /* "GD101" */
    const char *kind;     /* "no_driver" */
    enum severity severity;
    const char *title;
    const char *subject;  /* the framework install it is about, or NULL for the machine */
    struct evidence *evidence;
    size_t n_evidence, alloc_evidence;
    struct fix *fixes;
    size_t n_fixes, alloc_fixes;
};

struct findings {
    struct arena *arena;  /* borrowed */
    struct finding *v;
    size_t nr, alloc;
};

/** Empty list whose strings go into arena. */
void findings_init(struct findings *fl, struct arena *arena);
void findings_release(struct findings *fl);

/** The first finding of fl with that code, or NULL: none. */
const struct finding *findings_find(const struct findings *fl, const char *code);

/**
 * Add a finding; the title is formatted.  The code must be registered in
 * finding_codes[] (an unknown code is a BUG()); its kind comes from there.
 * Returns the new finding (valid until the next findings_add).
 */
struct finding *findings_add(struct findings *fl, const char *code, enum severity sev,
                             const char *title_fmt, ...) GD_PRINTF(4, 5);
void finding_evidence(struct findings *fl, struct finding *fd, const char *path,
                      const char *fmt, ...) GD_PRINTF(4, 5);
void finding_evidence_line(struct findings *fl, struct finding *fd, long line, const char *text);
/**
 * Add a fix (command formatted; NULL: advice only).  For the fix engine
 * only (diagnose/fixes*.c; tools/checksrc refuses it elsewhere): a rule
 * says what has to happen through diagnose/fixes_intent.h.
 */
void finding_fix(struct findings *fl, struct finding *fd, const char *shell, const char *title,
                 const char *command_fmt, ...) GD_PRINTF(5, 6);

/**
 * Add a fix whose command is already built (NULL: advice only) to group g
 * (0, or one number shared by the same command written for several shells;
 * struct fix.group).  For the fix engine (diagnose/fixes*.c).
 */
void finding_fix_group(struct findings *fl, struct finding *fd, unsigned g, const char *shell,
                       const char *title, const char *command);
/** A group number no fix of fd uses yet (the next after the highest). */
unsigned finding_next_group(const struct finding *fd);

/**
 * The rank fix i of fd stands at: its own, or for a continuation the rank
 * of the fix it continues (FIX_RANK_LOOK for a first fix without one), as
 * findings_sort orders them, sorted or not.
 */
enum fix_rank finding_fix_rank(const struct finding *fd, size_t i);

/**
 * The route fix i of fd belongs to, counted from 0 in fd's order: a fix
 * starts a new route unless it continues the one before it ("Or ...",
 * "Then ...", a step of fixes_rank_all) or is that fix's command for
 * another shell (the same nonzero group).  Fixes of one route are shown,
 * and meant, together.
 */
size_t finding_fix_route(const struct finding *fd, size_t i);

/** The name of rank r for JSON: "look", "env", "user", "new_env", "system", "driver", "reboot". */
const char *fix_rank_name(enum fix_rank r);

/** Highest severity present, or -1 when there are no findings. */
int findings_max_severity(const struct findings *fl);
/** Number of findings with exactly this severity. */
size_t findings_count(const struct findings *fl, enum severity sev);
/**
 * Sort by severity (errors first), keeping the rules' order within one
 * severity, and each finding's fixes least invasive first (enum fix_rank;
 * continuations take the rank before them, which they then hold).
 */
void findings_sort(struct findings *fl);

const char *severity_name(enum severity sev);

/* The registry of codes (docs/findings.md documents each). */
struct finding_code {
    const char *code;
    const char *kind;
    const char *summary;
};
/*
 * One table per area, each in its own file: finding.c (the machine and the
 * frameworks: GD0xx-GD2xx), codes_explain.c (GD4xx), codes_probe.c (GD5xx),
 * codes_windows.c (GD6xx), codes_macos.c (GD7xx), codes_image.c (GD8xx: check
 * --image), codes_ps.c (GD9xx).  Each ends with a {NULL} row.
 */
extern const struct finding_code finding_codes[];
extern const struct finding_code finding_codes_explain[];
extern const struct finding_code finding_codes_probe[];
extern const struct finding_code finding_codes_windows[];
extern const struct finding_code finding_codes_macos[];
extern const struct finding_code finding_codes_ps[];
extern const struct finding_code finding_codes_image[];
/** Iterate over every registered code: start with NULL; NULL at the end. */
const struct finding_code *finding_code_next(const struct finding_code *prev);
/** The registry row for code, or NULL. */
const struct finding_code *finding_code_find(const char *code);
/** 1 if kind is in the fixed vocabulary. */
int finding_kind_valid(const char *kind);

#endif
