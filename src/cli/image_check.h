/*
 * image_check.h - `check --image REF`: the image read from its files, the
 * NVIDIA Container Toolkit's start modelled, and the container that
 * results scanned as one machine for the same diagnosis as `check`.
 *
 * The caller (cmd_check) has the host's facts: this machine's scan (or
 * --root HOST), or a node's recorded facts (--host-facts node.json).
 * image_check_open reads the image (image/image.h), scans its root with
 * the container's environment (the image's Env, then --env / --env-file
 * as `docker run -e` would set them), and builds into `combined` the
 * machine the container is: the image's files, the kernel side of the
 * host, and what the runtime injects (image/ctk.h).  The caller then runs
 * diagnose_run on `combined` with ic->resolver (the loader model of the
 * image's tree) and reports.
 */
#ifndef GD_CLI_IMAGE_CHECK_H
#define GD_CLI_IMAGE_CHECK_H

#include "cli/options.h"
#include "facts/facts.h"
#include "image/image.h"
#include "loader/resolve.h"
#include "scan/scan.h"

struct kb;

struct image_check {
    struct image im;
    struct run_ctx ictx;         /* fs: the image's root; env: the container's environment
                                    (the resolver keeps a pointer to ictx.fs) */
    struct resolve_config rcfg;
    struct resolver resolver;    /* the loader model of the image's tree */
    int have_fs, have_resolver;
};

/**
 * Read ref, scan it, build combined (facts_init'ed by the caller) from it
 * and host (borrowed; host_label names it in the report: "this machine",
 * the --root directory or the facts file).  0, or -1 with err (the image
 * could not be read: the caller prints err and exits).  ic is released by
 * image_check_release in both cases.
 */
int image_check_open(struct image_check *ic, struct run_ctx *ctx, struct kb *kb, const char *ref,
                     const struct facts *host, const char *host_label, struct facts *combined,
                     struct gd_err *err);
/**
 * The two halves of image_check_open, for judging one image against
 * several hosts (a fleet's node groups, cli/image_fleet.h): read and
 * unpack ref once (arch: the node's architecture for the manifest, NULL
 * any; 0, or -1 with err), then build combined for each host in turn
 * (each call scans the image's tree again and replaces ic->resolver).
 */
int image_check_read(struct image_check *ic, const char *ref, const char *arch, struct gd_err *err);
void image_check_model(struct image_check *ic, struct run_ctx *ctx, struct kb *kb, const struct facts *host,
                       const char *host_label, struct facts *combined);
void image_check_release(struct image_check *ic);

#endif
