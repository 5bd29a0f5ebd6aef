/*
 * tegra.c - the Jetson observer (tegra.h).
 */
#include "scan/tegra.h"

#include <stdio.h>
#include <string.h>

#include "kb/kb.h"
#include "util/strbuf.h"
#include "util/text.h"
#include "util/banned.h"

#define TEGRA_DIR "/usr/lib/aarch64-linux-gnu/tegra"

/* Copy [p, p + n) into out (size outsz, NUL-terminated); 0 if it does not fit. */
static int copy_field(const char *p, size_t n, char *out, size_t outsz)
{
    if (n >= outsz)
        return 0;
    memcpy(out, p, n);
    out[n] = '\0';
    return 1;
}

/* The value after "KEY: " in [line, end), up to ',' or the end; NULL if absent. */
static const char *after_key(const char *line, const char *end, const char *key, size_t *n)
{
    size_t kl = strlen(key);
    const char *p;
    for (p = line; p + kl <= end; p++) {
        if (!memcmp(p, key, kl) && (p == line || p[-1] == ' ' || p[-1] == ',')) {
            const char *v = p + kl, *e;
            while (v < end && *v == ' ')
                v++;
            e = v;
            while (e < end && *e != ',' && *e != ' ')
                e++;
            *n = (size_t)(e - v);
            return v;
        }
    }
    return NULL;
}

int tegra_parse_release(const char *buf, size_t len, struct tegra_release *out)
{
    const char *end = memchr(buf, '\n', len), *p, *v;
    unsigned long major = 0;
    size_t n, i;

    memset(out, 0, sizeof(*out));
    if (!end)
        end = buf + len;
    p = buf;
    if (p < end && *p == '#')
        p++;
    while (p < end && *p == ' ')
        p++;
    if (p >= end || *p != 'R')
        return 0;
    p++;
    for (i = 0; p < end && *p >= '0' && *p <= '9' && i < 4; p++, i++)
        major = major * 10 + (unsigned long)(*p - '0');
    if (!i || p >= end || (*p != ' ' && *p != ','))
        return 0;
    v = after_key(p, end, "REVISION:", &n);
    if (!v || !n || !(*v >= '0' && *v <= '9') || !copy_field(v, n, out->revision, sizeof(out->revision)))
        return 0;
    for (i = 0; i < n; i++)
        if (!((v[i] >= '0' && v[i] <= '9') || v[i] == '.'))
            return 0;
    out->major = (unsigned)major;
    v = after_key(p, end, "BOARD:", &n);
    if (v && n && !copy_field(v, n, out->board, sizeof(out->board)))
        out->board[0] = '\0';
    return 1;
}

int tegra_parse_compatible(const char *buf, size_t len, char *out, size_t outsz)
{
    size_t i = 0;
    while (i < len) {
        const char *s = buf + i;
        const char *z = memchr(s, '\0', len - i);
        size_t n = z ? (size_t)(z - s) : len - i, j;
        if (n > 12 && !memcmp(s, "nvidia,tegra", 12)) {
            for (j = 12; j < n && s[j] >= '0' && s[j] <= '9'; j++)
                ;
            if (j == n && j > 12)
                return copy_field(s + 7, n - 7, out, outsz);
        }
        i += n + 1;
    }
    return 0;
}

/* A small file's bytes (device tree properties hold NULs). */
static int read_small(struct scan_ctx *ctx, const char *path, struct strbuf *sb)
{
    struct gd_err err;
    int r;
    err_init(&err);
    strbuf_reset(sb);
    r = fs_read_file(ctx->fs, path, 65536, sb, &err);
    if (r < 0)
        scan_warn(ctx, path, &err);
    return r == 1;
}

/*
 * The module's GPU from the board's model ("NVIDIA Jetson AGX Orin Developer
 * Kit"): the longest leading run of its words (two at least) that is a
 * gpu_name row's name exactly ("Jetson AGX Orin": 8.7).
 */
static void model_gpu(struct scan_ctx *ctx, struct tegra_facts *t)
{
    char q[128];
    const char *m = str_starts(t->model, "NVIDIA ") ? t->model + 7 : t->model;
    size_t n = strlen(m);

    if (n >= sizeof(q))
        return;
    memcpy(q, m, n + 1);
    for (;;) {
        struct kb_gpu g;
        size_t it = 0;
        char *sp;
        while (kb_gpu_find(ctx->kb, q, &it, &g) == 1) {
            if (g.name && !strcmp(g.name, q) && g.cc) {
                t->gpu_name = g.name;
                t->gpu_cc = g.cc;
                t->gpu_source = g.source;
                return;
            }
        }
        sp = strrchr(q, ' ');
        if (!sp || !strchr(q, ' ') || sp == strchr(q, ' '))
            return;   /* one space left: two words, the shortest tried */
        *sp = '\0';
    }
}

void scan_tegra(struct scan_ctx *ctx)
{
    struct facts *f = ctx->facts;
    struct tegra_facts *t = &f->tegra;
    struct strbuf sb = STRBUF_INIT;
    struct compat_stat st;
    size_t i;

    if (read_small(ctx, "/etc/nv_tegra_release", &sb)) {
        struct tegra_release rel;
        if (tegra_parse_release(sb.buf, sb.len, &rel)) {
            t->l4t = facts_printf(f, "%u.%s", rel.major, rel.revision);
            t->l4t_source = "/etc/nv_tegra_release";
            if (rel.board[0])
                t->l4t_board = facts_str(f, rel.board);
        } else {
            facts_warn(f, "/etc/nv_tegra_release", "not an L4T release line");
        }
        t->present = 1;
    }
    for (i = 0; i < f->dpkg.n_pkgs; i++) {
        const struct dpkg_pkg *p = &f->dpkg.pkgs[i];
        if (strcmp(p->name, "nvidia-l4t-core") || !p->version)
            continue;
        if (p->state && strcmp(p->state, "installed"))
            continue;
        t->present = 1;
        t->l4t_core = p->version;
        if (!t->l4t) {
            const char *dash = strchr(p->version, '-');
            t->l4t = dash ? facts_printf(f, "%.*s", (int)(dash - p->version), p->version) : p->version;
            t->l4t_source = "dpkg:nvidia-l4t-core";
        }
    }
    /* A Tegra SoC is an aarch64 machine: its device tree is asked there
     * and where the architecture is not known. */
    if ((!f->system.arch || !strcmp(f->system.arch, "aarch64")) &&
        read_small(ctx, "/proc/device-tree/compatible", &sb)) {
        char soc[32];
        if (tegra_parse_compatible(sb.buf, sb.len, soc, sizeof(soc))) {
            t->soc = facts_str(f, soc);
            t->present = 1;
        }
    }
    if (t->present && read_small(ctx, "/proc/device-tree/model", &sb)) {
        size_t n = strnlen(sb.buf, sb.len);
        while (n && (sb.buf[n - 1] == '\n' || sb.buf[n - 1] == ' '))
            n--;
        t->model = facts_printf(f, "%.*s", (int)n, sb.buf);
        model_gpu(ctx, t);
        if (t->gpu_cc)
            t->gpu_from = "model";
    }
    if (!t->gpu_cc && t->soc) {
        /* A third-party carrier board's model, or no model file: the SoC's GPU. */
        const char *gpu, *cc, *src;
        if (kb_tegra_soc(ctx->kb, t->soc, &gpu, &cc, &src) == 1) {
            t->gpu_name = gpu;
            t->gpu_cc = cc;
            t->gpu_source = src;
            t->gpu_from = "soc";
        }
    }
    if (t->l4t) {
        struct kb_jetpack j;
        if (kb_jetpack(ctx->kb, t->l4t, &j) == 1) {
            t->jetpack = j.jetpack;
            t->jetpack_cuda = j.cuda;
            t->jetpack_source = j.source;
        }
    }
    if (fs_stat(ctx->fs, TEGRA_DIR "/libcuda.so.1", &st, NULL) == 1) {
        t->present = 1;
        t->libcuda = TEGRA_DIR "/libcuda.so.1";
        t->libcuda_on_path = f->driver.libcuda_resolved &&
                             str_starts(f->driver.libcuda_resolved, TEGRA_DIR "/");
    }
    strbuf_release(&sb);
}
