/*
 * ps.h (report) - rendering `gpudoctor ps`: text, Markdown and JSON
 * (schema "gpudoctor-ps/1", docs/json.md "ps").  Reads the judged jobs
 * (diagnose/ps.h), the diagnosis of each job's environment and the IDE
 * interpreters; decides nothing.
 */
#ifndef GD_REPORT_PS_H
#define GD_REPORT_PS_H

#include <stdint.h>
#include <stdio.h>

#include "diagnose/ps.h"
#include "scan/idecfg.h"

#define GD_PS_JSON_SCHEMA "gpudoctor-ps/1"

/* One environment as jobs (or an IDE) see it: the scan and its diagnosis. */
struct ps_report_env {
    const char *root;            /* the root scanned: "/", "/proc/PID/root", a chroot */
    const char *interpreter;     /* the interpreter it was scanned for, or NULL */
    const char *prefix;          /* or the environment prefix, or NULL */
    const char *chosen_by;       /* how: "the site-packages it mapped", "argv[0]", ... */
    const struct facts *facts;
    const struct diagnosis *dx;
};

struct ps_report_ide {
    const struct ide_interp *ide;
    long env;                    /* index into envs, or -1 (no interpreter to examine) */
};

/* A process the driver lists on a GPU that is not among the jobs shown. */
struct ps_report_other {
    long pid;
    const char *name;            /* /proc/PID/comm, or NULL */
    int gpu;
    uint64_t mem;                /* UINT64_MAX unknown */
};

struct ps_report {
    const struct ps_job *jobs;
    size_t n_jobs;
    const long *job_env;         /* per job: index into envs, or -1 */
    const struct ps_report_env *envs;
    size_t n_envs;
    const struct ps_report_ide *ides;
    size_t n_ides;
    const char *ide_cwd;         /* --cwd, or NULL */
    const struct ps_report_other *others;
    size_t n_others;
    const struct findings *findings;   /* about the run: hidepid, the probe's */
    const struct probe_result *probe;  /* ps --probe, or NULL */
    int all;                     /* no PID given: every job-like process */
    size_t n_examined;           /* processes looked at */
    const char *hidepid;         /* /proc's hidepid=, or NULL */
    int exit_status;
    const char *gd_version;
    const char *kb_revision;
    const char *shell;           /* the reader's shell for fixes; NULL: all */
};

void report_ps_text(FILE *fp, const struct ps_report *r, int color);
void report_ps_markdown(FILE *fp, const struct ps_report *r);
void report_ps_json(FILE *fp, const struct ps_report *r);

#endif
