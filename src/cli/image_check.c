/*
 * image_check.c - check --image: read, scan, and model the start
 * (image_check.h).
 */
#include "cli/image_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/examine.h"
#include "image/ctk.h"
#include "kb/kb.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

/* moby's default PATH for a container whose image sets none
 * (oci/defaults.go DefaultPathEnv, applied by daemon/oci_linux.go). */
#define DEFAULT_PATH "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

static int is_python_name(const char *b)
{
    if (!str_starts(b, "python"))
        return 0;
    b += 6;
    return strspn(b, "0123456789.") == strlen(b);
}

static int is_shell(const char *b)
{
    return !strcmp(b, "sh") || !strcmp(b, "bash") || !strcmp(b, "dash") || !strcmp(b, "zsh");
}

/* The interpreter the entrypoint runs, by the container's PATH. */
static void entry_python(struct image_check *ic, struct facts *cf)
{
    struct container_facts *c = &cf->container;
    struct strbuf word = STRBUF_INIT, p = STRBUF_INIT, real = STRBUF_INIT, ereal = STRBUF_INIT;
    struct gd_err err;
    const char *prog, *path;
    size_t i;

    err_init(&err);
    if (!c->n_entrypoint) {
        c->entry_note = "the image sets neither Entrypoint nor Cmd";
        return;
    }
    prog = c->entrypoint[0];
    if (is_shell(path_basename(prog)) && c->n_entrypoint >= 3 && !strcmp(c->entrypoint[1], "-c")) {
        /* sh -c "exec python train.py": the script's first command */
        const char *s = c->entrypoint[2];
        size_t n;
        s += strspn(s, " \t");
        if (str_starts(s, "exec "))
            s += 5 + strspn(s + 5, " \t");
        n = strcspn(s, " \t;&|");
        strbuf_add(&word, s, n);
        prog = word.buf;
    }
    if (!is_python_name(path_basename(prog))) {
        c->entry_note = facts_printf(cf, "the entrypoint runs %s, not a Python interpreter", prog);
        goto out;
    }
    if (strchr(prog, '/')) {
        struct compat_stat st;
        if (fs_stat(&ic->ictx.fs, prog, &st, NULL) != 1 || st.type != COMPAT_FT_REG) {
            c->entry_note = facts_printf(cf, "the entrypoint runs %s, which is not in the image", prog);
            goto out;
        }
        strbuf_addstr(&p, prog);
    } else {
        const char *dirs = env_get(&ic->ictx.env, "PATH");
        while (dirs && *dirs && !p.len) {
            size_t n = strcspn(dirs, ":");
            struct compat_stat st;
            strbuf_reset(&real);
            strbuf_add(&real, dirs, n);
            path_join(&p, real.buf, prog);
            if (fs_stat(&ic->ictx.fs, p.buf, &st, NULL) != 1 || st.type != COMPAT_FT_REG)
                strbuf_reset(&p);
            dirs += n;
            if (*dirs == ':')
                dirs++;
        }
        if (!p.len) {
            c->entry_note = facts_printf(cf, "%s is not on the container's PATH", prog);
            goto out;
        }
    }
    c->entry_python = facts_str(cf, p.buf);
    path = fs_realpath(&ic->ictx.fs, p.buf, &real, &err) == 1 ? real.buf : p.buf;
    for (i = 0; i < cf->n_pyenvs; i++) {
        const struct python_env *e = &cf->pyenvs[i];
        struct strbuf dir = STRBUF_INIT, up = STRBUF_INIT;
        int hit = 0;
        if (e->interpreter && fs_realpath(&ic->ictx.fs, e->interpreter, &ereal, &err) == 1 && !strcmp(ereal.buf, path))
            hit = 1;
        path_dirname(&dir, path);
        path_dirname(&up, dir.buf);
        if (!hit && e->prefix && !strcmp(up.buf, e->prefix))
            hit = 1;
        strbuf_release(&dir);
        strbuf_release(&up);
        if (hit) {
            c->entry_env = e->prefix;
            break;
        }
    }
out:
    strbuf_release(&word);
    strbuf_release(&p);
    strbuf_release(&real);
    strbuf_release(&ereal);
}

static void record_image(struct image_check *ic, struct facts *cf, const char *host_label, const struct facts *host)
{
    struct container_facts *c = &cf->container;
    const struct image *im = &ic->im;
    const struct image_config *g = &im->config;
    size_t i, n = 0;

    c->ref = facts_str(cf, im->ref);
    c->format = facts_str(cf, im->format);
    c->name = facts_str(cf, im->name);
    c->manifest_digest = facts_str(cf, im->manifest_digest);
    c->config_digest = facts_str(cf, im->config_digest);
    c->platform = facts_str(cf, im->platform);
    c->n_layers = (unsigned)im->n_layers;
    c->workdir = facts_str(cf, g->workdir);
    c->user = facts_str(cf, g->user);
    c->host = facts_str(cf, host_label);
    c->host_name = facts_str(cf, host->system.hostname);
    c->host_distro = facts_str(cf, host->system.distro_id);
    /* Entrypoint + Cmd, as the runtime joins them (image-spec config.md). */
    (void)n;
    for (i = 0; i < g->n_entrypoint + g->n_cmd; i++) {
        ALLOC_GROW(c->entrypoint, c->n_entrypoint + 1, c->alloc_entrypoint);
        c->entrypoint[c->n_entrypoint++] =
            facts_str(cf, i < g->n_entrypoint ? g->entrypoint[i] : g->cmd[i - g->n_entrypoint]);
    }
    for (i = 0; i < g->n_labels; i++) {
        ALLOC_GROW(c->labels, c->n_labels + 1, c->alloc_labels);
        c->labels[c->n_labels++] = facts_printf(cf, "%s=%s", g->labels[i].key, g->labels[i].value);
        /* annotations.md: the base image, when the builder recorded it */
        if (!strcmp(g->labels[i].key, "org.opencontainers.image.base.name"))
            c->base_image = facts_str(cf, g->labels[i].value);
    }
    for (i = 0; i < im->n_warnings; i++)
        facts_warn(cf, im->ref, im->warnings[i]);
}

int image_check_read(struct image_check *ic, const char *ref, const char *arch, struct gd_err *err)
{
    struct image_options io;

    memset(ic, 0, sizeof(*ic));
    env_init(&ic->ictx.env);
    image_options_default(&io);
    io.arch = arch;
    /* Test hooks (tests/image/): keep the unpacked tree, to compare it with
     * umoci's; smaller limits, to meet them without writing gigabytes
     * ("ENTRIES:BYTES:FILE_BYTES"). */
    io.keep = getenv("GPUDOCTOR_TEST_KEEP_IMAGE");
    if (getenv("GPUDOCTOR_TEST_IMAGE_LIMITS")) {
        unsigned long long e, b, f;
        if (sscanf(getenv("GPUDOCTOR_TEST_IMAGE_LIMITS"), "%llu:%llu:%llu", &e, &b, &f) == 3) {
            io.limits.max_entries = e;
            io.limits.max_bytes = b;
            io.limits.max_file = f;
        }
    }
    if (image_open(&ic->im, ref, &io, err) < 0)
        return -1;
    if (fs_init(&ic->ictx.fs, ic->im.rootfs, err) < 0)
        return -1;
    ic->have_fs = 1;
    return 0;
}

void image_check_model(struct image_check *ic, struct run_ctx *ctx, struct kb *kb, const struct facts *host,
                       const char *host_label, struct facts *combined)
{
    struct scan_options so;
    struct ctk_start cs;
    size_t i;

    ic->ictx.out = ctx->out;
    /* The container's environment: the image's Env, the GPU request of
     * `docker run --gpus all` (moby adds NVIDIA_VISIBLE_DEVICES), then
     * --env / --env-file as given. */
    env_release(&ic->ictx.env);
    env_init(&ic->ictx.env);
    for (i = 0; i < ic->im.config.n_env; i++)
        if (env_put(&ic->ictx.env, ic->im.config.env[i], NULL) < 0)
            facts_warn(combined, ic->im.ref, "the image's Env holds an entry without '='");
    if (!env_get(&ic->ictx.env, "PATH"))
        env_set(&ic->ictx.env, "PATH", DEFAULT_PATH);
    env_set(&ic->ictx.env, "NVIDIA_VISIBLE_DEVICES", "all");
    for (i = 0; i < ctx->env.nr; i++)
        env_put(&ic->ictx.env, ctx->env.vars[i], NULL);

    if (ic->have_resolver) {
        resolver_release(&ic->resolver);
        ic->have_resolver = 0;
    }
    memset(&so, 0, sizeof(so));
    so.os = "linux";
    so.cwd = ic->im.config.workdir && *ic->im.config.workdir ? ic->im.config.workdir : "/";
    examine_scan(&ic->ictx, kb, &so, &ic->rcfg, &ic->resolver, combined);
    ic->have_resolver = 1;
    record_image(ic, combined, host_label, host);
    entry_python(ic, combined);

    memset(&cs, 0, sizeof(cs));
    cs.host = host;
    cs.env = &ic->ictx.env;
    cs.img = &ic->ictx.fs;
    cs.resolver = &ic->resolver;
    cs.kb = kb;
    ctk_model_start(&cs, combined);
}

int image_check_open(struct image_check *ic, struct run_ctx *ctx, struct kb *kb, const char *ref,
                     const struct facts *host, const char *host_label, struct facts *combined,
                     struct gd_err *err)
{
    if (image_check_read(ic, ref, host->system.arch, err) < 0)
        return -1;
    image_check_model(ic, ctx, kb, host, host_label, combined);
    return 0;
}

void image_check_release(struct image_check *ic)
{
    if (ic->have_resolver)
        resolver_release(&ic->resolver);
    if (ic->have_fs)
        fs_release(&ic->ictx.fs);
    env_release(&ic->ictx.env);
    image_release(&ic->im);
    memset(ic, 0, sizeof(*ic));
}
