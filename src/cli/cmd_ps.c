/*
 * cmd_ps.c - `gpudoctor ps [PID...]`: is this running job on the GPU, and
 * why not (docs/ps.md).
 *
 * For each job: observe it through /proc (scan/proc.h); choose the
 * environment it runs (the site-packages it mapped, else its interpreter)
 * and its root (this machine, its chroot, or /proc/PID/root for another
 * mount namespace); scan that machine view with the job's own variables
 * and diagnose it (the one diagnosis `check` runs); then hold the
 * diagnosis against what the job mapped and opened (diagnose/ps.h).  Jobs
 * with the same view share one scan.  --cwd adds the interpreters an IDE
 * will run for a project; --probe the driver's own process list.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/examine.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "cli/version.h"
#include "compat/compat.h"
#include "diagnose/diagnose.h"
#include "diagnose/fixes.h"
#include "diagnose/lookup.h"
#include "diagnose/ps.h"
#include "kb/kb.h"
#include "loader/resolve.h"
#include "probe/probe.h"
#include "report/ps.h"
#include "scan/idecfg.h"
#include "scan/proc.h"
#include "scan/scan.h"
#include "util/alloc.h"
#include "util/banned.h"

#define MAX_TIMEOUT_S 600
#define MAX_PIDS 4096

struct ps_args {
    long *pids;
    size_t n_pids;
    int probe;
    long timeout_s;
    unsigned timeout_ms;
    const char *cwd;
};

#define OFF(field) offsetof(struct ps_args, field)

static const struct opt_def ps_rows[] = {
    { .name = "cwd", .kind = OPT_STRING, .off = OFF(cwd), .metavar = "DIR", .arg = ARG_DIR,
      .help = "also the interpreters the IDEs will run for the project at DIR: VS Code's "
              "python.defaultInterpreterPath (.vscode/settings.json, with python.envFile), PyCharm's "
              "project SDK (.idea/misc.xml and its jdk.table.xml), each with the diagnosis of its "
              "environment" },
    { .name = "probe", .kind = OPT_FLAG, .off = OFF(probe), .ival = 1,
      .help = "also load the NVIDIA driver in a child process (as `gpudoctor probe` does) and ask it which "
              "processes hold each GPU, and how much memory" },
    { .name = "timeout", .kind = OPT_LONG, .off = OFF(timeout_s), .min = 1, .max = MAX_TIMEOUT_S,
      .metavar = "SECONDS", .help = "with --probe: give the driver this long in all (1-600, default 10)" },
    { .name = "json", .kind = OPT_FLAG, .off = offsetof(struct options, format), .ival = FMT_JSON,
      .flags = OPT_IN_OPTIONS, .help = "write JSON (schema gpudoctor-ps/1, docs/json.md)" },
    { .name = "root", .kind = OPT_STRING, .off = offsetof(struct options, root), .metavar = "DIR",
      .arg = ARG_DIR, .flags = OPT_IN_OPTIONS,
      .help = "refused: ps examines the processes running on this machine (a container's jobs are read "
              "through their /proc/PID/root)" },
    OPT_END
};
static const struct opt_group ps_group = { "Options of ps", NULL, ps_rows, 0 };
static const struct opt_group *const ps_groups[] = { &ps_group, &options_shared, NULL };
static const struct opt_operand ps_operands[] = { { "PID", NULL, ARG_WORD }, { NULL, NULL, ARG_WORD } };
static const char *const ps_synopsis[] = { "gpudoctor ps [PID...] [--probe] [--cwd DIR] [--json|--markdown] [options]",
                                           NULL };
static const struct help_block ps_about[] = {
    { NULL, "Look at running jobs instead of the disk: what each process really mapped and opened, read "
            "from /proc (its maps, descriptors, environment, command line, owner, cgroup and mount "
            "namespace), against what the loader model predicts for its own environment.  Without PID, "
            "every process whose command is a Python interpreter or launcher (python*, torchrun, "
            "accelerate, deepspeed, jupyter*, Ray workers); with PIDs, those, whatever they run." },
    { NULL, "Per job a verdict: on the GPU (libcuda mapped, a GPU device file open), CUDA loaded but no "
            "device (hidden, none visible, or not initialised yet), on the CPU (and why), or no GPU "
            "framework loaded; then the diagnosis `check` gives for the job's own interpreter and "
            "variables, every CUDA library it mapped against the file the model predicts (a "
            "disagreement is GD904), and how a job on the CPU differs from one on the GPU.  A job in a "
            "container is read through /proc/PID/root." },
    { NULL, "Nothing is signalled, traced or loaded; another user's job is reported as unreadable.  Only "
            "the variables that matter are read from a job's environment (docs/ps.md); --redact also "
            "shortens command lines.  Linux only." },
    { NULL, NULL }
};
static const struct exit_doc ps_exits[] = {
    { GD_EXIT_OK, "every job examined is on the GPU or has no GPU framework loaded" },
    { GD_EXIT_FINDINGS, "a job cannot use the GPU, or an IDE's interpreter has an error finding (with "
                        "--strict: or a warning)" },
    { GD_EXIT_USAGE, "usage error" },
    { GD_EXIT_FAILURE, "not supported on this OS, /proc cannot be read, or the output could not be written" },
    { -1, NULL }
};

const struct cmd_spec ps_spec = { ps_synopsis, ps_about, ps_groups, ps_operands, OPT_MAX_OPERANDS, 0, NULL,
                                  ps_exits, NULL, NULL };

/* A process id: decimal digits, 1 to 2^30. */
static int parse_pid(const char *s, long *pid)
{
    long v = 0;
    const char *p = s;
    if (!*p)
        return -1;
    for (; *p; p++) {
        if (*p < '0' || *p > '9' || v > 0x3fffffff / 10)
            return -1;
        v = v * 10 + (*p - '0');
    }
    if (v < 1 || v > 0x3fffffff)
        return -1;
    *pid = v;
    return 0;
}

static int parse_args(int argc, char **argv, struct options *o, struct ps_args *pa, int *rc)
{
    size_t i, alloc = 0;

    if (cmd_parse("ps", &ps_spec, o, pa, argc, argv, rc) < 0)
        return -1;
    if (pa->timeout_s)
        pa->timeout_ms = (unsigned)pa->timeout_s * 1000u;
    for (i = 0; i < o->operands.n; i++) {
        long v;
        if (parse_pid(o->operands.v[i].arg, &v) < 0) {
            *rc = usage_error("ps", "'%s' is not a process id", o->operands.v[i].arg);
            return -1;
        }
        if (pa->n_pids >= MAX_PIDS) {
            *rc = usage_error("ps", "at most %d process ids", MAX_PIDS);
            return -1;
        }
        ALLOC_GROW(pa->pids, pa->n_pids + 1, alloc);
        pa->pids[pa->n_pids++] = v;
    }
    if (o->root) {
        *rc = usage_error("ps", "'--root' cannot be used: ps examines the processes running on this machine "
                                "(a container's jobs are read through their /proc/PID/root)");
        return -1;
    }
    if (o->os || o->format == FMT_FACTS || o->format == FMT_PROMETHEUS) {
        *rc = usage_error("ps", "'%s' cannot be used with ps", o->os ? "--os" : "--facts");
        return -1;
    }
    return 0;
}

/* One view of a machine -- a root, a set of variables, an environment --
 * scanned and diagnosed once for every job (or IDE) that shares it. */
struct group {
    char *key;
    struct fs own;             /* the root when it is not this machine's */
    int has_own;
    struct fs *fs;
    struct env env;
    struct scan_options so;
    struct facts facts;
    struct resolve_config rcfg;
    struct resolver resolver;
    struct lookup lk;
    struct diagnosis dx;
    struct proc_sonames sonames;   /* the libraries' sonames read on this root */
    const char *root, *how;
};

struct ps_run {
    struct run_ctx *ctx;
    struct kb *kb;
    struct arena *a;
    struct group **groups;
    size_t n_groups, alloc_groups;
};

/* ---- groups ------------------------------------------------------------------ */

static void key_add(struct strbuf *k, const char *s)
{
    strbuf_addstr(k, s ? s : "\x01");
    strbuf_addch(k, '\0');
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The group for this view of a machine, scanned and diagnosed on first use;
 * NULL when its root cannot be used (err says why). */
static struct group *group_get(struct ps_run *run, const char *root, int pinned, const struct env_fact *vars,
                               size_t n_vars, const char *python, const char *prefix, const char *cwd,
                               const char *how, struct gd_err *err)
{
    struct strbuf key = STRBUF_INIT;
    struct group *g;
    const char **kv;
    size_t i;

    key_add(&key, root);
    key_add(&key, pinned ? "pinned" : "path");
    key_add(&key, python);
    key_add(&key, prefix);
    key_add(&key, cwd);
    kv = xcalloc(n_vars ? n_vars : 1, sizeof(*kv));
    for (i = 0; i < n_vars; i++)
        kv[i] = arena_printf(run->a, "%s=%s", vars[i].name, vars[i].value);
    qsort(kv, n_vars, sizeof(*kv), cmp_str);
    for (i = 0; i < n_vars; i++)
        key_add(&key, kv[i]);
    free(kv);
    /* Keys hold NULs between their parts: each is stored after its length. */
    for (i = 0; i < run->n_groups; i++) {
        size_t kl;
        memcpy(&kl, run->groups[i]->key, sizeof(kl));
        if (kl == key.len && !memcmp(run->groups[i]->key + sizeof(kl), key.buf, key.len)) {
            strbuf_release(&key);
            return run->groups[i];
        }
    }
    g = xcalloc(1, sizeof(*g));
    g->key = xmalloc(sizeof(size_t) + key.len + 1);
    memcpy(g->key, &key.len, sizeof(size_t));
    memcpy(g->key + sizeof(size_t), key.buf, key.len + 1);
    strbuf_release(&key);
    if (!strcmp(root, "/")) {
        g->fs = &run->ctx->fs;
    } else {
        if ((pinned ? fs_init_pinned(&g->own, root, err) : fs_init(&g->own, root, err)) < 0) {
            free(g->key);
            free(g);
            return NULL;
        }
        g->has_own = 1;
        g->fs = &g->own;
    }
    env_init(&g->env);
    for (i = 0; i < n_vars; i++)
        env_set(&g->env, vars[i].name, vars[i].value);
    g->so.python = python;
    g->so.prefix = prefix;
    g->so.cwd = cwd;
    g->so.os = "linux";
    g->root = arena_strdup(run->a, root);
    g->how = how;
    facts_init(&g->facts);
    examine_scan_view(g->fs, &g->env, run->kb, &g->so, &g->rcfg, &g->resolver, &g->facts);
    lookup_init(&g->lk, &g->resolver, &g->facts);
    diagnose_run(&g->facts, run->kb, &g->lk, &g->dx, &g->facts.arena);
    ALLOC_GROW(run->groups, run->n_groups + 1, run->alloc_groups);
    run->groups[run->n_groups++] = g;
    return g;
}

static void group_free(struct group *g)
{
    proc_sonames_release(&g->sonames);
    diagnosis_release(&g->dx);
    resolver_release(&g->resolver);
    facts_release(&g->facts);
    env_release(&g->env);
    if (g->has_own)
        fs_release(&g->own);
    free(g->key);
    free(g);
}

static long group_index(const struct ps_run *run, const struct group *g)
{
    size_t i;
    for (i = 0; i < run->n_groups; i++)
        if (run->groups[i] == g)
            return (long)i;
    return -1;
}

/* ---- one job -------------------------------------------------------------------- */

/* The root the job's files are read through, and whether it is pinned (a
 * magic link into another mount namespace). */
static const char *job_root(struct ps_run *run, const struct ps_proc *p, int *pinned)
{
    *pinned = 0;
    if (p->other_mnt_ns == 1) {
        *pinned = 1;
        return arena_printf(run->a, "/proc/%ld/root", p->pid);
    }
    if (p->root && strcmp(p->root, "/"))
        return p->root;
    return "/";
}

/* --redact: the command line keeps the program, a module or script name,
 * and says how many arguments it left out (they may hold secrets). */
static void redact_argv(struct arena *a, struct ps_proc *p)
{
    const char **v;
    size_t i, n = 0, kept_script = 0;
    if (!p->n_argv)
        return;
    v = arena_alloc(a, (p->n_argv + 1) * sizeof(*v));
    v[n++] = p->argv[0];
    for (i = 1; i < p->n_argv && !kept_script; i++) {
        if (!strcmp(p->argv[i], "-m") && i + 1 < p->n_argv) {
            v[n++] = p->argv[i];
            v[n++] = p->argv[++i];
            kept_script = 1;
        } else if (p->argv[i][0] != '-') {
            v[n++] = p->argv[i];
            kept_script = 1;
        }
    }
    if (p->argv_total > n) {
        size_t left = p->argv_total - n;
        v[n] = arena_printf(a, "[%zu argument%s redacted]", left, left == 1 ? "" : "s");
        n++;
    }
    p->argv = v;
    p->n_argv = n;
    p->argv_total = n;
}

static void judge_one(struct ps_run *run, struct proc_reader *rd, struct ps_proc *p, struct ps_job *job,
                      long *env_idx, int redact)
{
    struct gd_err err;
    struct group *g;
    struct ps_input in;
    const char *root, *interp, *how = NULL, *prefix, *chosen;
    int pinned;

    *env_idx = -1;
    if (redact)
        redact_argv(run->a, p);
    if (p->access != PROC_READ) {
        ps_judge_unread(p, job, run->a);
        job->elapsed_s = proc_elapsed_s(rd, p);
        job->cpu_s = proc_cpu_s(rd, p);
        return;
    }
    root = job_root(run, p, &pinned);
    prefix = proc_site_prefix(run->a, p);
    err_init(&err);
    /* The interpreter is found on the job's root, which a group opens; a
     * first look through a throw-away view keeps the grouping honest. */
    {
        struct fs view;
        struct fs *vf = &run->ctx->fs;
        int own = 0;
        if (strcmp(root, "/")) {
            if ((pinned ? fs_init_pinned(&view, root, &err) : fs_init(&view, root, &err)) == 0) {
                vf = &view;
                own = 1;
            } else {
                vf = NULL;
            }
        }
        interp = vf ? proc_interpreter(vf, run->a, p, &how) : p->exe;
        if (own)
            fs_release(&view);
    }
    chosen = prefix ? "the site-packages it mapped" : how;
    g = group_get(run, root, pinned, p->env, p->n_env, prefix ? NULL : interp, prefix, p->cwd, chosen, &err);
    if (!g) {
        /* Its root cannot be opened (it exited, or a namespace we may not
         * enter): judge what /proc said without a diagnosis. */
        struct facts none;
        struct diagnosis dx;
        facts_init(&none);
        memset(&dx, 0, sizeof(dx));
        findings_init(&dx.findings, run->a);
        in.proc = p;
        in.facts = &none;
        in.dx = &dx;
        in.lk = NULL;
        in.interpreter = interp;
        in.env_prefix = prefix;
        in.env_how = chosen;
        ps_judge(&in, job, run->a);
        facts_release(&none);
        job->elapsed_s = proc_elapsed_s(rd, p);
        job->cpu_s = proc_cpu_s(rd, p);
        return;
    }
    proc_read_sonames(g->fs, run->a, &g->sonames, p);
    in.proc = p;
    in.facts = &g->facts;
    in.dx = &g->dx;
    in.lk = &g->lk;
    in.interpreter = interp;
    in.env_prefix = prefix ? prefix : (g->facts.n_pyenvs ? g->facts.pyenvs[0].prefix : NULL);
    in.env_how = chosen;
    ps_judge(&in, job, run->a);
    job->elapsed_s = proc_elapsed_s(rd, p);
    job->cpu_s = proc_cpu_s(rd, p);
    *env_idx = group_index(run, g);
}

/* Compare every job that cannot reach the GPU with one that does (the same
 * framework first). */
static void compare_jobs(struct ps_job *jobs, size_t n, struct arena *a)
{
    size_t i, k;
    for (i = 0; i < n; i++) {
        const struct ps_job *ref = NULL;
        if (jobs[i].state != PS_ON_CPU && jobs[i].state != PS_CUDA_NO_DEVICE)
            continue;
        for (k = 0; k < n; k++) {
            if (k == i || jobs[k].state != PS_ON_GPU)
                continue;
            if (!ref)
                ref = &jobs[k];
            if (jobs[i].verdict && jobs[k].verdict &&
                !strcmp(jobs[i].verdict->fw->name, jobs[k].verdict->fw->name)) {
                ref = &jobs[k];
                break;
            }
        }
        if (ref)
            ps_compare(&jobs[i], ref, a);
    }
}

static int exit_for(const struct ps_job *jobs, size_t n, const struct findings *fl,
                    const struct ps_run *run, const struct ps_report_ide *ides, size_t n_ides, int strict)
{
    int worst = findings_max_severity(fl);
    size_t i;
    for (i = 0; i < n; i++) {
        int s = findings_max_severity(&jobs[i].findings);
        if (s > worst)
            worst = s;
    }
    for (i = 0; i < n_ides; i++) {
        int s;
        if (ides[i].env < 0)
            continue;
        s = findings_max_severity(&run->groups[ides[i].env]->dx.findings);
        if (s > worst)
            worst = s;
    }
    return worst >= SEV_ERROR || (strict && worst >= SEV_WARNING) ? GD_EXIT_FINDINGS : GD_EXIT_OK;
}

int cmd_ps(int argc, char **argv)
{
    struct options o;
    struct ps_args pa;
    struct run_ctx ctx;
    struct kb *kb = NULL;
    struct arena arena;
    struct ps_run run;
    struct proc_reader rd;
    struct gd_err err;
    struct findings fl;
    struct probe_result *pr = NULL;
    struct ps_proc *procs = NULL;
    struct ps_job *jobs = NULL;
    long *job_env = NULL, *all = NULL;
    struct ps_report_ide *ides = NULL;
    struct ps_report_other *others = NULL;
    struct ps_report_env *envs = NULL;
    struct ide_interp *ide = NULL;
    size_t n_all = 0, n_jobs = 0, n_ide = 0, n_others = 0, i, k;
    int rc = 0;

    options_init(&o);
    memset(&pa, 0, sizeof(pa));
    pa.timeout_ms = PROBE_DEFAULT_TIMEOUT_MS;
    if (parse_args(argc, argv, &o, &pa, &rc) < 0) {
        free(pa.pids);
        options_release(&o);
        return rc;
    }
    if (!compat_linux()) {
        fprintf(stderr, "gpudoctor ps: not supported on this OS: it reads the running processes "
                        "from Linux's /proc\n");
        free(pa.pids);
        options_release(&o);
        return GD_EXIT_FAILURE;
    }
    if ((rc = options_open(&o, "ps", &ctx, &kb)) != 0) {
        free(pa.pids);
        options_release(&o);
        return rc;
    }
    err_init(&err);
    arena_init(&arena);
    findings_init(&fl, &arena);
    memset(&run, 0, sizeof(run));
    run.ctx = &ctx;
    run.kb = kb;
    run.a = &arena;
    /* This machine's pci.ids, once, for every view. */
    if (kb_read_pci_ids(kb, &ctx.fs, &err) < 0)
        err_init(&err);
    proc_reader_init(&rd, &ctx.fs, &arena);

    /* Which processes. */
    if (pa.n_pids) {
        all = pa.pids;
        n_all = pa.n_pids;
        pa.pids = NULL;
    } else if (proc_list(&rd, &all, &n_all, &err) < 0) {
        fprintf(stderr, "gpudoctor ps: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
        goto out;
    }
    procs = xcalloc(n_all ? n_all : 1, sizeof(*procs));
    jobs = xcalloc(n_all ? n_all : 1, sizeof(*jobs));
    job_env = xcalloc(n_all ? n_all : 1, sizeof(*job_env));
    for (i = 0; i < n_all; i++) {
        if (!pa.n_pids && !proc_is_job(&rd, all[i]))
            continue;
        proc_observe(&rd, all[i], &procs[n_jobs]);
        judge_one(&run, &rd, &procs[n_jobs], &jobs[n_jobs], &job_env[n_jobs], o.redact);
        n_jobs++;
    }
    compare_jobs(jobs, n_jobs, &arena);
    if (rd.hidepid && rd.self_uid != 0)
        ps_finding_hidepid(&fl, rd.hidepid, rd.hidepid_gid);

    /* --cwd: what the IDEs will run for the project. */
    if (pa.cwd) {
        char cwd[FS_PATH_MAX];
        const char *dir = pa.cwd;
        struct strbuf abs = STRBUF_INIT, norm = STRBUF_INIT;
        if (dir[0] != '/' && compat_getcwd(cwd, sizeof(cwd)) == 0) {
            path_join(&abs, cwd, dir);
            dir = abs.buf;
        }
        path_normalize(&norm, dir);
        pa.cwd = arena_strdup(&arena, norm.buf);
        strbuf_release(&abs);
        strbuf_release(&norm);
        ide_find(&ctx.fs, &ctx.env, pa.cwd, &arena, &ide, &n_ide);
        ides = xcalloc(n_ide ? n_ide : 1, sizeof(*ides));
        for (i = 0; i < n_ide; i++) {
            struct env_fact *vars;
            size_t nv = 0;
            struct group *g;
            ides[i].ide = &ide[i];
            ides[i].env = -1;
            if (!ide[i].interpreter || ide[i].problem)
                continue;
            /* gpudoctor's own variables (the ones a job would read), then
             * the IDE's env file over them. */
            vars = arena_alloc(&arena, (ctx.env.nr + ide[i].n_env + 1) * sizeof(*vars));
            for (k = 0; k < ctx.env.nr; k++) {
                const char *eq = strchr(ctx.env.vars[k], '=');
                if (!eq || !proc_env_kept(ctx.env.vars[k], (size_t)(eq - ctx.env.vars[k])))
                    continue;
                vars[nv].name = arena_strndup(&arena, ctx.env.vars[k], (size_t)(eq - ctx.env.vars[k]));
                vars[nv].value = eq + 1;
                nv++;
            }
            for (k = 0; k < ide[i].n_env; k++)
                vars[nv++] = ide[i].env[k];
            err_init(&err);
            g = group_get(&run, "/", 0, vars, nv, ide[i].interpreter, NULL, pa.cwd,
                          arena_printf(&arena, "%s's setting", ide[i].ide), &err);
            if (g)
                ides[i].env = group_index(&run, g);
        }
    }

    /* --probe: the driver's own list, from the child probe already uses. */
    if (pa.probe) {
        struct fix_ctx fx;
        const struct facts *host = NULL;
        pr = xcalloc(1, sizeof(*pr));
        probe_result_init(pr);
        pr->want_procs = 1;
        probe_select(pr, &ctx.fs, &ctx.env);
        if (probe_execute(pr, &ctx.fs, &ctx.env, pa.timeout_ms, &err) < 0)
            fprintf(stderr, "gpudoctor ps: probe: %s\n", err.msg);
        for (i = 0; i < run.n_groups && !host; i++)
            if (!strcmp(run.groups[i]->root, "/"))
                host = &run.groups[i]->facts;
        if (host)
            fix_ctx_from_facts(&fx, host, kb, &arena);
        probe_findings(pr, host ? &fx : NULL, &fl);
        for (i = 0; i < n_jobs; i++)
            ps_judge_probe(&jobs[i], pr, &arena);
        others = xcalloc(PROBE_MAX_PROCS, sizeof(*others));
        for (i = 0; i < pr->n_procs; i++) {
            int known = 0;
            for (k = 0; k < n_jobs; k++)
                known |= (uint64_t)jobs[k].proc->pid == pr->procs[i].pid;
            if (known)
                continue;
            others[n_others].pid = (long)pr->procs[i].pid;
            others[n_others].name = pr->procs[i].pid < 0x40000000u ? proc_comm(&rd, (long)pr->procs[i].pid) : NULL;
            others[n_others].gpu = pr->procs[i].dev;
            others[n_others].mem = pr->procs[i].mem;
            n_others++;
        }
    }
    findings_sort(&fl);
    rc = exit_for(jobs, n_jobs, &fl, &run, ides, n_ide, o.strict);

    envs = xcalloc(run.n_groups ? run.n_groups : 1, sizeof(*envs));
    for (i = 0; i < run.n_groups; i++) {
        const struct group *g = run.groups[i];
        envs[i].root = g->root;
        envs[i].interpreter = g->so.python;
        envs[i].prefix = g->so.prefix ? g->so.prefix : (g->facts.n_pyenvs ? g->facts.pyenvs[0].prefix : NULL);
        envs[i].chosen_by = g->how;
        envs[i].facts = &g->facts;
        envs[i].dx = &g->dx;
    }
    {
        struct ps_report r;
        memset(&r, 0, sizeof(r));
        r.jobs = jobs;
        r.n_jobs = n_jobs;
        r.job_env = job_env;
        r.envs = envs;
        r.n_envs = run.n_groups;
        r.ides = ides;
        r.n_ides = n_ide;
        r.ide_cwd = pa.cwd;
        r.others = others;
        r.n_others = n_others;
        r.findings = &fl;
        r.probe = pr;
        r.all = !pa.n_pids;
        r.n_examined = n_all;
        r.hidepid = rd.hidepid;
        r.exit_status = rc;
        r.gd_version = GD_VERSION;
        r.kb_revision = kb_revision(kb);
        r.shell = ctx.shell;
        switch (o.format) {
        case FMT_JSON: report_ps_json(ctx.out, &r); break;
        case FMT_MARKDOWN: report_ps_markdown(ctx.out, &r); break;
        default: report_ps_text(ctx.out, &r, ctx.color); break;
        }
    }

out:
    for (i = 0; i < n_jobs; i++)
        findings_release(&jobs[i].findings);
    for (i = 0; i < run.n_groups; i++)
        group_free(run.groups[i]);
    free(run.groups);
    if (pr) {
        probe_result_release(pr);
        free(pr);
    }
    free(envs);
    free(others);
    free(ides);
    free(procs);
    free(jobs);
    free(job_env);
    free(all);
    free(pa.pids);
    findings_release(&fl);
    proc_reader_release(&rd);
    kb_free(kb);
    if (run_ctx_release(&ctx, &err) < 0) {
        fprintf(stderr, "gpudoctor ps: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
    }
    arena_release(&arena);
    options_release(&o);
    return rc;
}
