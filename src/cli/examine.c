/*
 * examine.c - the scan `check` runs (examine.h).
 */
#include "cli/examine.h"

#include "kb/kb.h"
#include "util/banned.h"

void examine_scan_view(struct fs *fs, const struct env *env, const struct kb *kb, const struct scan_options *so,
                       struct resolve_config *rcfg, struct resolver *resolver, struct facts *facts)
{
    struct scan_ctx sc;

    /* The loader model of the examined machine (glibc or musl, its
     * directories and hwcaps), for the rules that resolve libraries. */
    resolve_config_default(rcfg);
    resolve_config_detect(fs, &facts->arena, rcfg);
    resolver_init(resolver, fs, rcfg);
    sc.fs = fs;
    sc.env = env;
    sc.kb = kb;
    sc.opts = so;
    sc.resolver = resolver;
    sc.facts = facts;
    scan_all(&sc);
}

void examine_scan(struct run_ctx *ctx, struct kb *kb, const struct scan_options *so,
                  struct resolve_config *rcfg, struct resolver *resolver, struct facts *facts)
{
    struct gd_err err;

    err_init(&err);
    /* A newer pci.ids on the examined machine names newer GPUs (read before
     * the scan: the GPU observer names them). */
    if (kb_read_pci_ids(kb, &ctx->fs, &err) < 0)
        facts_warn(facts, "/usr/share/misc/pci.ids", err.msg);
    examine_scan_view(&ctx->fs, &ctx->env, kb, so, rcfg, resolver, facts);
}
