/*
 * image_fleet.h - the report of `check --image REF --host-facts FLEET`
 * (cli/image_fleet.h): the image, then each node group with what its nodes
 * share (kernel module, GPUs, toolkit), the verdict of every framework in
 * the image on that group's nodes, and its errors and warnings with their
 * first fix.  Text and JSON (schema "gpudoctor-image-fleet/1",
 * docs/json.md).  Renders only: the groups were judged before.
 */
#ifndef GD_REPORT_IMAGE_FLEET_H
#define GD_REPORT_IMAGE_FLEET_H

#include <stdio.h>

struct image_fleet;

#define GD_IMAGE_FLEET_SCHEMA "gpudoctor-image-fleet/1"

/** Text; color: ANSI colours; shell: the reader's shell for fixes (NULL: all). */
void report_image_fleet_text(FILE *fp, const struct image_fleet *fl, int exit_status, int color, const char *shell);
void report_image_fleet_json(FILE *fp, const struct image_fleet *fl, int exit_status, const char *gd_version,
                             const char *kb_revision);

#endif
