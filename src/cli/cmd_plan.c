/*
 * cmd_plan.c - `gpudoctor plan`: a consistent framework/CUDA/cuDNN/driver
 * set and the commands that install it.
 *
 * With no constraint besides the framework, the driver and GPU come from a
 * scan of this machine (or --root), done as `check` does it.
 */
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
#include "util/strbuf.h"
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

int cmd_plan(int argc, char **argv)
{
    struct options o;
    struct run_ctx ctx;
    struct gd_err err;
    struct kb *kb = NULL;
    struct plan_constraints c;
    struct plan p;
    const char *fw = NULL;
    int i, rc, requirements = 0, dockerfile = 0, constrained = 0;

    options_init(&o);
    err_init(&err);
    memset(&c, 0, sizeof(c));
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL;
        if (!strcmp(a, "--framework"))
            slot = &fw;
        else if (!strcmp(a, "--version"))
            slot = &c.version;
        else if (!strcmp(a, "--cuda"))
            slot = &c.cuda;
        else if (!strcmp(a, "--driver"))
            slot = &c.driver;
        else if (!strcmp(a, "--gpu"))
            slot = &c.gpu;
        else if (!strcmp(a, "--python"))
            slot = &c.python;
        if (slot) {
            if (i + 1 >= argc) {
                options_release(&o);
                return usage_error("plan", "option '%s' needs an argument", a);
            }
            *slot = argv[++i];
            if (slot != &fw)
                constrained = 1;
            continue;
        }
        if (!strcmp(a, "--requirements")) {
            requirements = 1;
            continue;
        }
        if (!strcmp(a, "--dockerfile")) {
            dockerfile = 1;
            continue;
        }
        switch (options_parse_common(&o, argc, argv, &i, &err)) {
        case OPT_OK:
            continue;
        case OPT_HELP:
            print_command_usage(stdout, command_find("plan"));
            options_release(&o);
            return GD_EXIT_OK;
        case OPT_BAD_USE:
            options_release(&o);
            return usage_error("plan", "%s", err.msg);
        case OPT_NOT_MINE:
            options_release(&o);
            if (a[0] == '-')
                return usage_error("plan", "unknown option '%s'", a);
            return usage_error("plan", "unexpected argument '%s'", a);
        }
    }
    if (!fw || !fw_find(fw)) {
        struct strbuf names = STRBUF_INIT;
        const struct fw_def *d;
        size_t k;
        for (k = 0; (d = fw_at(k)) != NULL; k++)   /* the registry's frameworks: each plans */
            strbuf_addf(&names, "%s%s", k ? (fw_at(k + 1) ? ", " : " or ") : "", d->name);
        options_release(&o);
        rc = !fw ? usage_error("plan", "--framework is required (%s)", names.buf)
                 : usage_error("plan", "unknown framework '%s' (%s)", fw, names.buf);
        strbuf_release(&names);
        return rc;
    }
    c.framework = fw;
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
