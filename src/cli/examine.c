/*
 * examine.c - the scan `check` runs (examine.h).
 */
#include "cli/examine.h"

#include <stdio.h>
#include <string.h>

#include "cli/exit.h"

#include "kb/kb.h"
#include "compat/compat.h"
#include "facts/facts_read.h"
#include "util/strbuf.h"
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

int examine_check_named_env(struct run_ctx *ctx, const struct scan_options *so, const char *cmd)
{
    const char *what = so->python ? "--python" : "--prefix", *path = so->python ? so->python : so->prefix;
    struct strbuf real = STRBUF_INIT;
    struct compat_stat st;
    struct gd_err err;
    int r;

    if (!path || (so->os && !strcmp(so->os, "windows")))
        return 0;
    err_init(&err);
    r = fs_realpath(&ctx->fs, path, &real, &err);
    if (r == 1 && fs_stat(&ctx->fs, real.buf, &st, &err) == 1 &&
        (so->python ? st.type == COMPAT_FT_REG : st.type == COMPAT_FT_DIR)) {
        strbuf_release(&real);
        return 0;
    }
    strbuf_release(&real);
    if (r < 0)
        fprintf(stderr, "gpudoctor %s: cannot use %s '%s': %s\n", cmd, what, path, err.msg);
    else
        fprintf(stderr, "gpudoctor %s: cannot use %s '%s': %s\n", cmd, what, path,
                r == 0 ? "no such file or directory"
                       : so->python ? "not a file (the interpreter is asked for)" : "not a directory");
    fprintf(stderr, "see 'gpudoctor help %s'\n", cmd);
    return GD_EXIT_USAGE;
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

/* Read the facts document at path ("-": standard input), at most
 * FACTS_DOC_MAX bytes, into f.  0, or -1 with err. */
int examine_read_input(const char *path, size_t max, struct strbuf *sb, struct gd_err *err)
{
    char buf[65536];
    int fd = 0;
    long n;

    if (strcmp(path, "-")) {
        fd = compat_open_read(path);
        if (fd < 0)
            return err_set(err, "cannot open '%s'", path);
    }
    while ((n = compat_read(fd, buf, sizeof(buf))) > 0) {
        if (sb->len + (size_t)n > max) {
            if (fd)
                compat_close(fd);
            return err_setx(err, GD_ERR_LIMIT, "'%s' is larger than %zu bytes", path, max);
        }
        strbuf_add(sb, buf, (size_t)n);
    }
    if (fd)
        compat_close(fd);
    return n < 0 ? err_set(err, "cannot read '%s'", path) : 0;
}

int examine_read_facts(const char *path, struct facts *f, struct gd_err *err)
{
    struct strbuf sb = STRBUF_INIT;
    int rc = examine_read_input(path, FACTS_DOC_MAX, &sb, err);
    if (rc == 0)
        rc = facts_json_read(sb.buf ? sb.buf : "", sb.len, f, err);
    strbuf_release(&sb);
    return rc;
}
