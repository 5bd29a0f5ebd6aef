/*
 * report/fleet.h - the renderers of a merged fleet (fleet/fleet.h): human
 * text, JSON (schema "gpudoctor-fleet/1", docs/json.md "fleet"), Markdown
 * and Prometheus text exposition (for node_exporter's textfile collector,
 * docs/fleet.md).  They read a finished struct fleet and judge nothing.
 * Node lists are written in Slurm hostlist notation (fleet/hostlist.h).
 */
#ifndef GD_REPORT_FLEET_H
#define GD_REPORT_FLEET_H

#include <stdio.h>

#include "fleet/fleet.h"

struct fleet_report_input {
    struct fleet *fleet;           /* after fleet_finish */
    const char *gd_version;
    const char *origin;            /* "reports", "slurm" */
    int exit_status;
    int nodes;                     /* write the per-node table (kept: fleet_keep_nodes) */
};

/*
 * Each writes the view to fp; 0, or -1 with err when the per-node table
 * cannot be read back (the output is then incomplete).  --prometheus
 * needs the table: its samples are per node.
 */
int report_fleet_text(FILE *fp, const struct fleet_report_input *in, int color, struct gd_err *err);
int report_fleet_json(FILE *fp, const struct fleet_report_input *in, struct gd_err *err);
int report_fleet_markdown(FILE *fp, const struct fleet_report_input *in, struct gd_err *err);
int report_fleet_prometheus(FILE *fp, const struct fleet_report_input *in, struct gd_err *err);

#endif
