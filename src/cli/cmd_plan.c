/*
 * cmd_plan.c - `gpudoctor plan`: a consistent framework/CUDA/cuDNN/driver
 * set and the commands that install it.
 *
 * With no constraint besides the framework, the driver and GPU come from a
 * scan of this machine (or --root), done as `check` does it.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "diagnose/fw.h"
#include "diagnose/plan.h"
#include "kb/kb.h"
#include "loader/resolve.h"
#include "report/plan.h"
#include "scan/scan.h"
#include "util/banned.h"

/* Scan the machine; fill c->driver / c->gpu from it (copied into p's arena). */
static void plan_from_machine(struct run_ctx *ctx, struct kb *kb, struct plan_constraints *c,
                              struct plan *p)
{
    struct facts facts;
    struct scan_options so = { NULL, NULL, NULL, NULL };
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
                                       c->gpu ? c->gpu : "", plan_framework_name(c->fw));
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
};

/* The names --framework accepts (completion): each framework module plan
 * can plan, and its aliases. */
static void plan_frameworks(opt_put_fn *put, void *ctx)
{
    const struct fw_def *d;
    const char *const *a;
    enum plan_fw fw;
    size_t i;
    for (i = 0; (d = fw_at(i)) != NULL; i++) {
        if (plan_framework_parse(d->name, &fw) < 0)
            continue;
        put(ctx, d->name);
        for (a = d->aliases; a && *a; a++)
            put(ctx, *a);
    }
}

static const char *const plan_os_words[] = { "linux", "windows", "wsl", "macos", NULL };

#define OFF(field) offsetof(struct plan_args, field)

static const struct opt_def plan_rows[] = {
    { .name = "framework", .kind = OPT_STRING, .off = OFF(fw), .metavar = "NAME", .values = plan_frameworks,
      .help = "tensorflow (tf), pytorch (torch), jax, onnxruntime (ort)" },
    { .name = "version", .kind = OPT_STRING, .off = OFF(version), .metavar = "V",
      .help = "check this framework version (torch: 2.4.0+cu118 picks the variant too)" },
    { .name = "cuda", .kind = OPT_STRING, .off = OFF(cuda), .metavar = "X[.Y]",
      .help = "the CUDA the set must use (12 = any 12.x)" },
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
    { .name = "json", .kind = OPT_FLAG, .off = offsetof(struct options, format), .ival = FMT_JSON,
      .flags = OPT_IN_OPTIONS, .help = "JSON, schema gpudoctor-plan/1 (docs/json.md, \"plan\")" },
    OPT_END
};
static const struct opt_group plan_group = { "Options of plan", NULL, plan_rows, 0 };
static const struct opt_group *const plan_groups[] = { &plan_group, &options_shared, NULL };
static const char *const plan_synopsis[] = {
    "gpudoctor plan --framework NAME [--version V] [--cuda X.Y] [--driver D] [--gpu NAME|CC] "
    "[--os linux|windows|wsl|macos] [--python 3.X] [--requirements | --dockerfile] [--json] [--db PATH] "
    "[--root DIR] [-o FILE]",
    NULL
};
static const struct help_block plan_about[] = {
    { NULL, "Answer with one consistent set from the knowledge base: the framework version, its Python "
            "range, CUDA, cuDNN, the minimum driver on that OS (minor-version compatibility applied "
            "where the framework allows it), the official Docker image where one exists, and the pip, "
            "conda and docker commands that install it.  Given constraints, it picks the NEWEST version "
            "that satisfies all of them; with --version it checks that version and says which "
            "constraint fails.  With only --framework (and --version), the driver and GPU come from "
            "scanning this machine (or --root DIR) as `check` does." },
    { NULL, NULL }
};
static const struct exit_doc plan_exits[] = {
    { GD_EXIT_OK, "a set exists" },
    { GD_EXIT_FINDINGS, "no set satisfies the constraints (the reason is printed)" },
    { GD_EXIT_USAGE, "usage error (unknown GPU name or version included)" },
    { GD_EXIT_FAILURE, "the output could not be written" },
    { -1, NULL }
};

const struct cmd_spec plan_spec = { plan_synopsis, plan_about, plan_groups, NULL, 0, 0, NULL, plan_exits,
                                    NULL };

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
    if (!fw) {
        options_release(&o);
        return usage_error("plan", "--framework is required (tensorflow, pytorch, jax or onnxruntime)");
    }
    if (plan_framework_parse(fw, &c.fw) < 0) {
        struct suggest sg;
        char hint[256];
        suggest_init(&sg, fw, strlen(fw));
        plan_frameworks(suggest_add, &sg);
        options_release(&o);
        return usage_error("plan", "unknown framework '%s' (tensorflow, pytorch, jax or onnxruntime)%s", fw,
                           suggest_text(&sg, "", hint, sizeof(hint)));
    }
    if (requirements && dockerfile) {
        options_release(&o);
        return usage_error("plan", "--requirements and --dockerfile cannot be combined");
    }
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
