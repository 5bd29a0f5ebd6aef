/*
 * image_fleet.h - `check --image REF --host-facts FLEET`: one image judged
 * against every node group of a fleet.
 *
 * FLEET is what the nodes recorded with `gpudoctor check --facts`: a
 * directory of such files (every entry not starting with '.', in name
 * order, subdirectories skipped), or one file or standard input ("-")
 * holding several documents (JSON lines, as `kubectl logs` or srun gather
 * them, or documents back to back).  A document that is not a facts
 * document (a `check --json` report carries no container_toolkit record:
 * the toolkit would be unknown) or a second one of a node already seen is
 * refused with its reason and counted; each input is read up to
 * FACTS_DOC_MAX bytes.
 *
 * Nodes are grouped by what the container's start and the judges depend
 * on: the loaded kernel module's version, the architecture, the GPUs
 * (vendor:device, name, compute capability) and the container_toolkit
 * record (runtime, configuration, engines, CDI specs, the driver files it
 * would mount).  Only each group's first node's facts are kept.  The image
 * is read once (image_check_read) and each group judged on its own
 * combined machine (image_check_model, diagnose_run).
 */
#ifndef GD_CLI_IMAGE_FLEET_H
#define GD_CLI_IMAGE_FLEET_H

#include <stddef.h>

#include "diagnose/diagnose.h"
#include "facts/facts.h"
#include "util/err.h"

struct image_check;
struct run_ctx;
struct kb;

struct image_fleet_group {
    struct facts *host;          /* its first node's facts (owned) */
    char *key;                   /* what its nodes share (owned) */
    char **nodes;                /* node names, in input order (owned) */
    size_t n_nodes, alloc_nodes;
    struct facts combined;       /* the container on that host (image_fleet_judge) */
    struct diagnosis dx;
    int judged;
    int exit_status;
};

struct image_fleet_refused {
    char *input;                 /* "fleet.jsonl #3", "dir/node07.json" (owned) */
    char *reason;                /* owned */
};

struct image_fleet {
    const char *path;            /* as given (borrowed) */
    int is_dir;
    size_t n_docs;               /* facts documents read */
    struct image_fleet_group **groups;
    size_t n_groups, alloc_groups;
    struct image_fleet_refused *refused;
    size_t n_refused, alloc_refused;
};

/**
 * Read every node's facts under path into groups.  0, or -1 with err when
 * path cannot be opened or read (a usage error for the caller); bad
 * documents are refused records, not errors.
 */
int image_fleet_read(struct image_fleet *fl, const char *path, struct gd_err *err);

/**
 * Add the documents of one input (buf, len; input names it in refusals)
 * to fl (zeroed, or filled by image_fleet_read).  Never fails: what is not
 * a node's facts is refused.  (The pure part of image_fleet_read.)
 */
void image_fleet_add(struct image_fleet *fl, const char *input, const char *buf, size_t len);

/** 1 when path is one facts file with one document (the single-node --host-facts). */
int image_fleet_is_single(const struct image_fleet *fl);

/**
 * Judge the image read into ic (image_check_read) on each group: the
 * container's machine, the diagnosis and its exit status (strict: warnings
 * count, as --strict).  Returns the fleet's exit status: the highest of
 * the groups', and GD_EXIT_FINDINGS when an input was refused.
 */
int image_fleet_judge(struct image_fleet *fl, struct image_check *ic, struct run_ctx *ctx, struct kb *kb,
                      int strict);

void image_fleet_release(struct image_fleet *fl);

#endif
