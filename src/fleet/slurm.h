/*
 * slurm.h - gather check reports from a Slurm cluster with one srun.
 *
 * slurm_gather runs
 *     srun --ntasks-per-node=1 --label [-N N | -w LIST | -p PART] [EXTRA...] \
 *          GPUDOCTOR fleet node check --json
 * so that each node runs `gpudoctor fleet node`, which prints one header
 * line naming the node (SLURMD_NODENAME, and the step's node list) and then
 * its `check --json` report.  srun's --label prefixes every line with the
 * task number, which is how the interleaved reports are taken apart again.
 * Reports stream through srun's own I/O forwarding, so no shared
 * filesystem is needed.
 *
 * A node is unreachable when no complete report came from it: its task
 * failed (srun's "node3: task 2: Exited with exit code 2" line is the
 * reason), it did not finish within the timeout (srun is then sent SIGTERM,
 * which ends the step, and SIGKILL 5 s later), or it is in the node list
 * but ran no task.  Node names come from the header line, else from the
 * step's node list and the task number (tasks are placed one per node in
 * node-list order), else from srun's error line.
 *
 * The pure parts (argv, the labelled-line demultiplexer) are exported for
 * the unit tests.  Nothing here prints.
 */
#ifndef GD_SLURM_H
#define GD_SLURM_H

#include <stddef.h>

#include "fleet/fleet.h"
#include "util/err.h"
#include "util/strbuf.h"

#define SLURM_HEADER "#gpudoctor-fleet "

struct slurm_opts {
    const char *srun;          /* default "srun" */
    const char *gpudoctor;     /* the binary the nodes run (absolute path) */
    const char *nodes;         /* -N */
    const char *nodelist;      /* -w, hostlist notation */
    const char *partition;     /* -p */
    int timeout_s;             /* for the whole gathering */
    char **extra;              /* extra srun options (borrowed) */
    int n_extra;
};

struct slurm_task {
    struct strbuf out;         /* the report text (header removed) */
    char *node;                /* from the header line, or NULL */
    char *reason;              /* srun's error line for this task, or NULL */
    int too_large;
    int seen;
};

struct slurm_demux {
    struct slurm_task *tasks;
    size_t nr, alloc;
    struct strbuf line_out, line_err;  /* partial lines */
    char *step_nodelist;       /* from a header line */
    struct strbuf err_tail;    /* srun's stderr lines that are not per task (bounded) */
};

void slurm_demux_init(struct slurm_demux *d);
void slurm_demux_release(struct slurm_demux *d);
/** Feed srun output: stream 1 stdout (labelled), 2 stderr. */
void slurm_demux_feed(struct slurm_demux *d, int stream, const char *buf, size_t len);
/** Flush partial last lines. */
void slurm_demux_end(struct slurm_demux *d);

/**
 * Build srun's argv into *argv (heap, NULL-terminated; free with
 * slurm_argv_free).  Fails (GD_ERR_USAGE) on a malformed --nodelist.
 */
int slurm_argv(const struct slurm_opts *o, char ***argv, struct gd_err *err);
void slurm_argv_free(char **argv);

/**
 * Merge a demultiplexed run into fl: complete reports are added, the rest
 * become unreachable nodes.  timed_out and srun_status say how srun ended
 * (for the reasons).  Returns the number of tasks or expected nodes seen.
 */
size_t slurm_merge(struct fleet *fl, struct slurm_demux *d, const struct slurm_opts *o, int timed_out,
                   int srun_status);

/**
 * Run srun and merge what it gathers into fl.  -1 with err when srun could
 * not be started or produced nothing at all (err has its last message).
 */
int slurm_gather(struct fleet *fl, const struct slurm_opts *o, struct gd_err *err);

#endif
