/*
 * lookup.h - the loader model as the diagnosis sees it: recorded answers.
 *
 * The framework rules ask two kinds of question of the examined machine's
 * dynamic loader: "which file would dlopen / LoadLibrary give for this name,
 * from this object, in this environment" and "what is this path's canonical
 * form".  In `check` a live resolver (loader/resolve.h) answers, and every
 * answer is recorded in the facts (facts.answers), so that `--facts` carries
 * them.  In `check --from-facts` there is no resolver and no disk: the
 * recorded answers are the only source, and a question that was never
 * recorded is answered "unknown" (the verdict says so), never guessed.
 *
 * This is the one way the diagnosis reaches the disk, and only through the
 * loader model.  Everything else it reads is facts (scan/fwfiles.c lists
 * the directories and reads the modules it needs).
 */
#ifndef GD_DIAGNOSE_LOOKUP_H
#define GD_DIAGNOSE_LOOKUP_H

#include "diagnose/win_dll.h"
#include "facts/facts.h"
#include "loader/resolve.h"

struct lookup {
    struct resolver *r;            /* borrowed: the live loader model, or NULL (replay only) */
    struct facts *rec;             /* borrowed: answers are looked up and recorded here */
    /* The last module read for its RPATH/RUNPATH (live mode). */
    const char *obj_path;
    struct resolve_object obj;
    struct elf_info info;
    int obj_ok;
};

/** Answer from r (NULL: recorded answers only), recording into rec.  Never fails. */
void lookup_init(struct lookup *lk, struct resolver *r, struct facts *rec);

/* Every function below accepts lk NULL: then every answer is unknown. */

/** One answer; strings live in rec's arena. */
struct lookup_answer {
    const char *path;              /* the file, or NULL */
    const char *step;              /* how it was found */
    const char *stale;             /* see struct lib_answer */
};

/**
 * ELF: the file dlopen(name) gets when the object `from` (NULL: the main
 * program) asks, with LD_LIBRARY_PATH llp (NULL: unset).  1 found, 0 not
 * found (out->stale may say why), -1 unknown (not recorded and no resolver,
 * or `from` could not be read).
 */
int lookup_library(struct lookup *lk, const char *name, const char *from, const char *llp,
                   struct lookup_answer *out);

/**
 * ELF, for a dlopen made by a library that was itself loaded by others:
 * chain[0] asks, chain[i + 1] loaded chain[i] (its DT_NEEDED), n at most
 * LOOKUP_MAX_CHAIN; glibc searches the DT_RPATH of every object of the
 * chain when chain[0] has no DT_RUNPATH (elf/dl-load.c _dl_map_object).
 * As lookup_library otherwise.
 */
#define LOOKUP_MAX_CHAIN 4
int lookup_library_chain(struct lookup *lk, const char *name, const char *const *chain, size_t n,
                         const char *llp, struct lookup_answer *out);

/** Windows: the DLL LoadLibrary gets with search s (diagnose/win_dll.h).  1 / 0 / -1 as above. */
int lookup_windows(struct lookup *lk, const struct win_dll_search *s, const char *name,
                   struct lookup_answer *out);

/**
 * ELF: would the loader accept the file at path, as it verifies a candidate
 * before mapping it (loader/resolve.h resolve_check_file: a regular file,
 * an ELF header of the loader's class and machine, not truncated)?  1 yes,
 * 0 no (out->step names the outcome, e.g. "invalid", "wrong_machine"), -1
 * unknown.  For files the diagnosis finds by name rather than through a
 * search (torch's preload of its pip wheels, a library off the loader
 * path): present is not loadable.
 */
int lookup_loadable(struct lookup *lk, const char *path, struct lookup_answer *out);

/** The canonical form of path (symlinks and ".." resolved), or NULL when unknown. */
const char *lookup_realpath(struct lookup *lk, const char *path);

#endif
