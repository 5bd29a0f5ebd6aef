/*
 * cmd_plan.c - `gpudoctor plan`: a consistent framework/CUDA/cuDNN/driver
 * set and the commands that install it.
 *
 * With no constraint besides the framework, the driver and GPU come from a
 * scan of this machine (or --root), done as `check` does it.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/examine.h"
#include "compat/compat.h"
#include "diagnose/lockcheck.h"
#include "fleet/fleet_target.h"
#include "report/lockcheck.h"
#include "scan/lockfile.h"
#include "util/alloc.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "diagnose/fw.h"
#include "diagnose/plan.h"
#include "kb/kb.h"
#include "loader/resolve.h"
#include "report/plan.h"
#include "scan/scan.h"
#include "util/strbuf.h"
#include "util/banned.h"

/* Scan the machine; fill c->driver / c->gpu from it (copied into p's arena). */
static void plan_from_machine(struct run_ctx *ctx, struct kb *kb, struct plan_constraints *c,
                              struct plan *p)
{
    struct facts facts;
    struct scan_options so = { NULL, NULL, NULL, NULL, 0 };
    struct scan_ctx sc;
    struct resolve_config rcfg;
    struct resolver resolver;
    struct gd_err err;
    const char *drv, *cmax = NULL, *src = NULL, *gname = NULL;
    size_t i;

    err_init(&err);
    facts_init(&facts);
    resolve_config_default(&rcfg);
    resolve_config_detect(&ctx->fs, &facts.arena, &rcfg);
    resolver_init(&resolver, &ctx->fs, &rcfg);
    if (kb_read_pci_ids(kb, &ctx->fs, &err) < 0)
        facts_warn(&facts, "/usr/share/misc/pci.ids", err.msg);
    sc.fs = &ctx->fs;
    sc.env = &ctx->env;
    sc.kb = kb;
    sc.opts = &so;
    sc.resolver = &resolver;
    sc.facts = &facts;
    scan_all(&sc);

    drv = facts_driver_version(&facts);
    if (facts.system.arch && !strcmp(facts.system.arch, "aarch64"))
        c->arch = "aarch64";   /* the aarch64 builds (the chooser's platform rule) */
    c->jetson = facts.tegra.present;
    if (drv && !c->driver)
        c->driver = arena_strdup(&p->arena, drv);
    for (i = 0; i < facts.n_gpus && !c->gpu; i++)
        if (facts.gpus[i].compute_capability) {
            c->gpu = arena_strdup(&p->arena, facts.gpus[i].compute_capability);
            gname = facts.gpus[i].name ? arena_strdup(&p->arena, facts.gpus[i].name) : NULL;
            break;
        }
    if (c->driver && kb_driver_cuda_max(kb, c->driver, &cmax, &src) != 1)
        cmax = NULL;
    if (c->driver)
        p->from_machine = arena_printf(&p->arena, "your driver %s supports CUDA %s%s%s%s%s: here is "
                                       "the newest %s that will use your GPU", c->driver,
                                       cmax ? cmax : "(unknown)", c->gpu ? " and your " : "",
                                       c->gpu ? (gname ? gname : "GPU") : "",
                                       c->gpu ? " has compute capability " : "",
                                       c->gpu ? c->gpu : "", fw_find(c->framework)->name);
    else
        p->from_machine = arena_printf(&p->arena, "no NVIDIA driver found on this machine: "
                                       "planning without a driver constraint (install the "
                                       "minimum driver below)");
    resolver_release(&resolver);
    facts_release(&facts);
}

struct plan_args {
    const char *fw, *version, *cuda, *driver, *gpu, *python;
    int requirements, dockerfile;
    const char *check, *facts, *fleet, *format;   /* plan --check FILE */
};

/* The names --framework accepts (completion): every framework module (each
 * plans, diagnose/fw.h), and its aliases. */
static void plan_frameworks(opt_put_fn *put, void *ctx)
{
    const struct fw_def *d;
    const char *const *a;
    size_t i;
    for (i = 0; (d = fw_at(i)) != NULL; i++) {
        put(ctx, d->name);
        for (a = d->aliases; a && *a; a++)
            put(ctx, *a);
    }
}

static const char *const plan_os_words[] = { "linux", "windows", "wsl", "macos", NULL };

#define OFF(field) offsetof(struct plan_args, field)

static const struct opt_def plan_rows[] = {
    { .name = "framework", .kind = OPT_STRING, .off = OFF(fw), .metavar = "NAME", .values = plan_frameworks,
      .help = "tensorflow (tf), pytorch (torch), jax, onnxruntime (ort), cupy, paddle (paddlepaddle), xgboost" },
    { .name = "version", .kind = OPT_STRING, .off = OFF(version), .metavar = "V",
      .help = "check this framework version (torch: 2.4.0+cu118 picks the variant too)" },
    { .name = "cuda", .kind = OPT_STRING, .off = OFF(cuda), .metavar = "X[.Y]",
      .help = "the CUDA the set must use (12 = any 12.x), held to what the build takes (matrix cuda-compat)" },
    { .name = "driver", .kind = OPT_STRING, .off = OFF(driver), .metavar = "D",
      .help = "the installed NVIDIA driver, e.g. 535.104.05" },
    { .name = "gpu", .kind = OPT_STRING, .off = OFF(gpu), .metavar = "NAME|CC",
      .help = "a GPU name (\"RTX 4090\") or compute capability (8.9)" },
    { .name = "os", .kind = OPT_STRING, .off = offsetof(struct options, os), .metavar = "OS",
      .choices = plan_os_words, .flags = OPT_IN_OPTIONS,
      .help = "linux (default), windows (native; TensorFlow GPU <= 2.10), wsl (Linux builds, Windows "
              "driver), macos (no CUDA)" },
    { .name = "python", .kind = OPT_STRING, .off = OFF(python), .metavar = "3.X",
      .help = "the Python version to use" },
    { .name = "requirements", .kind = OPT_FLAG, .off = OFF(requirements), .ival = 1,
      .help = "write a pinned requirements.txt fragment instead" },
    { .name = "dockerfile", .kind = OPT_FLAG, .off = OFF(dockerfile), .ival = 1,
      .help = "write a Dockerfile instead" },
    { .name = "check", .kind = OPT_STRING, .off = OFF(check), .metavar = "FILE", .arg = ARG_FILE,
      .help = "judge the framework builds a dependency file installs (requirements.txt, pyproject.toml, "
              "uv.lock, poetry.lock, Pipfile.lock, environment.yml, a conda explicit lock, a Dockerfile) "
              "against this machine, --facts or --fleet; exit 1 unless every one uses the GPU (docs/plan-check.md)" },
    { .name = "facts", .kind = OPT_STRING, .off = OFF(facts), .metavar = "FILE", .arg = ARG_FILE,
      .help = "with --check: judge against the node whose `check --facts` FILE holds" },
    { .name = "fleet", .kind = OPT_STRING, .off = OFF(fleet), .metavar = "DIR|FILE", .arg = ARG_FILE,
      .help = "with --check: judge against every node of a directory of `check --json` reports (or one)" },
    { .name = "format", .kind = OPT_STRING, .off = OFF(format), .metavar = "NAME",
      .help = "with --check: the file's format when its name does not say (requirements, pyproject, uv.lock, "
              "poetry.lock, Pipfile.lock, environment.yml, conda-explicit, Dockerfile)" },
    { .name = "json", .kind = OPT_FLAG, .off = offsetof(struct options, format), .ival = FMT_JSON,
      .flags = OPT_IN_OPTIONS, .help = "JSON, schema gpudoctor-plan/1 (docs/json.md, \"plan\"); with --check "
              "gpudoctor-plan-check/1" },
    OPT_END
};
static const struct opt_group plan_group = { "Options of plan", NULL, plan_rows, 0 };
static const struct opt_group *const plan_groups[] = { &plan_group, &options_shared, NULL };
static const char *const plan_synopsis[] = {
    "gpudoctor plan --framework NAME [--version V] [--cuda X.Y] [--driver D] [--gpu NAME|CC] "
    "[--os linux|windows|wsl|macos] [--python 3.X] [--requirements | --dockerfile] [--json] [--db PATH] "
    "[--root DIR] [-o FILE]",
    "gpudoctor plan --check FILE [--facts NODE.json | --fleet DIR] [--format NAME] [--json] [--root DIR]",
    NULL
};
static const struct help_block plan_about[] = {
    { NULL, "Answer with one consistent set from the knowledge base: the framework version, its Python "
            "range, CUDA, cuDNN, the minimum driver on that OS (minor-version compatibility applied "
            "where the framework allows it), the official Docker image where one exists, and the pip, "
            "conda and docker commands that install it.  Given constraints, it picks the build check's fix "
            "would install (the same chooser): the newest release that satisfies all of them; with "
            "--version it checks that version and says which "
            "constraint fails.  With only --framework (and --version), the driver and GPU come from "
            "scanning this machine (or --root DIR) as `check` does." },
    { NULL, NULL }
};
static const struct exit_doc plan_exits[] = {
    { GD_EXIT_OK, "a set exists (--check: every framework build the file installs uses the GPU on every target)" },
    { GD_EXIT_FINDINGS, "no set satisfies the constraints (the reason is printed); --check: a build falls back "
                        "to the CPU or cannot be judged somewhere" },
    { GD_EXIT_USAGE, "usage error (unknown GPU name or version included)" },
    { GD_EXIT_FAILURE, "the output could not be written" },
    { -1, NULL }
};

static const struct opt_conflict plan_conflicts[] = {
    { "requirements", "dockerfile", "each is a whole file of its own" },
    { "json", "dockerfile", "--dockerfile writes a Dockerfile, not JSON" },
    { "json", "requirements", "--requirements writes a requirements file, not JSON" },
    { "facts", "fleet", "one target: a node's facts or a fleet's reports" },
    { "check", "framework", "--check judges the frameworks the file installs" },
    { "check", "requirements", "--check judges a file; it writes none" },
    { "check", "dockerfile", "--check judges a file; it writes none" },
    { NULL, NULL, NULL }
};

const struct cmd_spec plan_spec = { plan_synopsis, plan_about, plan_groups, NULL, 0, 0, NULL, plan_exits,
                                    NULL, plan_conflicts };

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every check --json report of a directory (*.json, in name order) or one file, as targets. */
static int fleet_targets(const char *path, struct arena *a, struct lock_target **out, size_t *n_out,
                         struct gd_err *err)
{
    struct compat_dir *d = compat_opendir(path);
    const char **names = NULL, *name;
    size_t n = 0, alloc = 0, i;
    enum compat_ftype type;
    struct lock_target *t;

    if (!d) {
        ALLOC_GROW(names, 1, alloc);
        names[n++] = path;
    } else {
        while (compat_readdir(d, &name, &type) == 1) {
            size_t l = strlen(name);
            if (l <= 5 || strcmp(name + l - 5, ".json") || n >= 100000)
                continue;
            ALLOC_GROW(names, n + 1, alloc);
            names[n++] = arena_printf(a, "%s/%s", path, name);
        }
        compat_closedir(d);
        qsort(names, n, sizeof(*names), cmp_str);
    }
    if (!n) {
        free(names);
        return err_setx(err, GD_ERR_NOTFOUND, "--fleet %s: no *.json reports there", path);
    }
    t = xcalloc(n, sizeof(*t));
    for (i = 0; i < n; i++) {
        struct strbuf sb = STRBUF_INIT;
        struct gd_err e2;
        const char *base = strrchr(names[i], '/');
        const char *nm = arena_strdup(a, base ? base + 1 : names[i]);
        size_t l = strlen(nm);
        if (l > 5 && !strcmp(nm + l - 5, ".json"))
            nm = arena_strndup(a, nm, l - 5);
        err_init(&e2);
        if (examine_read_input(names[i], 64u << 20, &sb, &e2) < 0 ||
            fleet_report_target(sb.buf, sb.len, nm, a, &t[i], &e2) < 0) {
            memset(&t[i], 0, sizeof(t[i]));
            t[i].name = nm;
            t[i].unusable = arena_printf(a, "%s: %s", names[i], e2.msg);
        }
        strbuf_release(&sb);
    }
    free(names);
    *out = t;
    *n_out = n;
    return 0;
}

/* plan --check FILE [--facts F | --fleet DIR]. */
static int plan_check(struct options *o, const struct plan_args *pa)
{
    struct run_ctx ctx;
    struct kb *kb = NULL;
    struct gd_err err;
    struct strbuf sb = STRBUF_INIT;
    struct lock_file lf;
    struct lock_target *targets = NULL;
    struct lock_pin *pins = NULL;
    struct lock_verdict *v = NULL;
    struct lock_report r;
    struct arena a;
    struct facts facts;
    enum lock_format fmt;
    size_t n_targets = 0, n_pins, i, t;
    int rc;

    err_init(&err);
    if ((rc = options_open(o, "plan", &ctx, &kb)) != 0)
        return rc;
    arena_init(&a);
    lock_file_init(&lf);
    facts_init(&facts);
    memset(&r, 0, sizeof(r));
    if (examine_read_input(pa->check, LOCK_MAX_BYTES, &sb, &err) < 0) {
        fprintf(stderr, "gpudoctor plan: --check: %s\n", err.msg);
        rc = strstr(err.msg, "cannot open") ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
        goto out;
    }
    fmt = pa->format ? lock_format_named(pa->format) : lock_format_guess(pa->check, sb.buf, sb.len);
    if (fmt == LOCK_UNKNOWN) {
        fprintf(stderr, "gpudoctor plan: --check %s: %s; name it with --format (requirements, pyproject, uv.lock, "
                "poetry.lock, Pipfile.lock, environment.yml, conda-explicit, Dockerfile)\n", pa->check,
                pa->format ? "unknown --format" : "the file name does not say its format");
        rc = GD_EXIT_USAGE;
        goto out;
    }
    if (lock_read(&lf, fmt, sb.buf ? sb.buf : "", sb.len, &err) < 0) {
        fprintf(stderr, "gpudoctor plan: --check %s: %s\n", pa->check, err.msg);
        rc = GD_EXIT_FAILURE;
        goto out;
    }
    /* The targets: a fleet, a node's facts, or this machine. */
    if (pa->fleet) {
        if (fleet_targets(pa->fleet, &a, &targets, &n_targets, &err) < 0) {
            fprintf(stderr, "gpudoctor plan: %s\n", err.msg);
            rc = GD_EXIT_USAGE;
            goto out;
        }
        r.against = arena_printf(&a, "the fleet in %s (%zu node%s)", pa->fleet, n_targets, n_targets == 1 ? "" : "s");
    } else {
        targets = xcalloc(1, sizeof(*targets));
        n_targets = 1;
        if (pa->facts) {
            if (examine_read_facts(pa->facts, &facts, &err) < 0) {
                fprintf(stderr, "gpudoctor plan: --facts: %s\n", err.msg);
                rc = err.code == GD_ERR_SYS && strstr(err.msg, "cannot open") ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
                goto out;
            }
            lockcheck_target_from_facts(&targets[0], &facts,
                                        facts.system.hostname ? facts.system.hostname : pa->facts, &a);
            r.against = arena_printf(&a, "the node in %s", pa->facts);
        } else {
            struct scan_options so = { NULL, NULL, NULL, NULL, 0 };
            struct resolve_config rcfg;
            struct resolver resolver;
            examine_scan(&ctx, kb, &so, &rcfg, &resolver, &facts);
            resolver_release(&resolver);
            lockcheck_target_from_facts(&targets[0], &facts, o->root ? o->root : "this machine", &a);
            r.against = o->root ? arena_printf(&a, "the machine at %s", o->root) : "this machine";
        }
    }
    n_pins = lockcheck_pins(kb, &lf, &a, &pins);
    v = xcalloc(n_pins * n_targets + 1, sizeof(*v));
    rc = GD_EXIT_OK;
    for (i = 0; i < n_pins; i++)
        for (t = 0; t < n_targets; t++) {
            lockcheck_judge(kb, &pins[i], &targets[t], &a, &v[i * n_targets + t]);
            if (v[i * n_targets + t].gpu != LOCK_GPU_YES)
                rc = GD_EXIT_FINDINGS;
        }
    r.file = pa->check;
    r.lf = &lf;
    r.pins = pins;
    r.n_pins = n_pins;
    r.targets = targets;
    r.n_targets = n_targets;
    r.v = v;
    r.exit_status = rc;
    if (o->format == FMT_JSON)
        report_lockcheck_json(ctx.out, &r);
    else
        report_lockcheck_text(ctx.out, &r);
out:
    free(v);
    free(pins);
    free(targets);
    facts_release(&facts);
    lock_file_release(&lf);
    arena_release(&a);
    strbuf_release(&sb);
    kb_free(kb);
    if (run_ctx_release(&ctx, &err) < 0) {
        fprintf(stderr, "gpudoctor plan: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
    }
    return rc;
}

int cmd_plan(int argc, char **argv)
{
    struct options o;
    struct plan_args pa;
    struct run_ctx ctx;
    struct gd_err err;
    struct kb *kb = NULL;
    struct plan_constraints c;
    struct plan p;
    const char *fw;
    int rc, requirements, dockerfile, constrained;

    options_init(&o);
    err_init(&err);
    memset(&c, 0, sizeof(c));
    memset(&pa, 0, sizeof(pa));
    if (cmd_parse("plan", &plan_spec, &o, &pa, argc, argv, &rc) < 0) {
        options_release(&o);
        return rc;
    }
    if (pa.check || pa.facts || pa.fleet || pa.format) {
        if (!pa.check) {
            options_release(&o);
            return usage_error("plan", "--facts, --fleet and --format go with --check FILE");
        }
        if (pa.version || pa.cuda || pa.driver || pa.gpu || pa.python || o.os) {
            options_release(&o);
            return usage_error("plan", "--check judges the file against a machine: --version, --cuda, --driver, "
                               "--gpu, --python and --os do not apply (use --facts or --fleet for another machine)");
        }
        rc = plan_check(&o, &pa);
        options_release(&o);
        return rc;
    }
    fw = pa.fw;
    c.version = pa.version;
    c.cuda = pa.cuda;
    c.driver = pa.driver;
    c.gpu = pa.gpu;
    c.python = pa.python;
    requirements = pa.requirements;
    dockerfile = pa.dockerfile;
    /* any constraint besides the framework: plan for it, not for this machine */
    constrained = pa.version || pa.cuda || pa.driver || pa.gpu || pa.python;
    if (!fw || !fw_find(fw)) {
        struct strbuf names = STRBUF_INIT;
        struct suggest sg;
        char hint[256];
        const char *h = "";
        const struct fw_def *d;
        size_t k;
        for (k = 0; (d = fw_at(k)) != NULL; k++)   /* the registry's frameworks: each plans */
            strbuf_addf(&names, "%s%s", k ? (fw_at(k + 1) ? ", " : " or ") : "", d->name);
        if (fw) {
            suggest_init(&sg, fw, strlen(fw));
            plan_frameworks(suggest_add, &sg);
            h = suggest_text(&sg, "", hint, sizeof(hint));
        }
        options_release(&o);
        rc = !fw ? usage_error("plan", "--framework is required (%s)", names.buf)
                 : usage_error("plan", "unknown framework '%s' (%s)%s", fw, names.buf, h);
        strbuf_release(&names);
        return rc;
    }
    c.framework = fw;
    if (o.os)
        constrained = 1;
    c.os = o.os;

    if ((rc = options_open(&o, "plan", &ctx, &kb)) != 0) {
        options_release(&o);
        return rc;
    }

    plan_init(&p);
    /* Only --framework (and perhaps --version): plan for this machine. */
    if (!constrained || o.root)
        plan_from_machine(&ctx, kb, &c, &p);
    rc = plan_make(kb, &c, &p, &err);
    if (rc < 0) {
        fprintf(stderr, "gpudoctor plan: %s\n", err.msg);
        rc = GD_EXIT_USAGE;
    } else {
        rc = rc == 1 ? GD_EXIT_OK : GD_EXIT_FINDINGS;
        if ((requirements || dockerfile) && rc != GD_EXIT_OK)
            report_plan_text(ctx.out, &p, ctx.color);
        else if (requirements)
            report_plan_requirements(ctx.out, &p);
        else if (dockerfile)
            report_plan_dockerfile(ctx.out, &p);
        else if (o.format == FMT_JSON)
            report_plan_json(ctx.out, &p, &c, rc);
        else
            report_plan_text(ctx.out, &p, ctx.color);
    }

    plan_release(&p);
    kb_free(kb);
    if (run_ctx_release(&ctx, &err) < 0) {
        fprintf(stderr, "gpudoctor plan: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
    }
    options_release(&o);
    return rc;
}
