/*
 * fw_paddle.c - PaddlePaddle ("paddle", also "paddlepaddle"): the plain
 * paddlepaddle wheel is CPU-only; a paddlepaddle-gpu build's CUDA, cuDNN and
 * minimum driver come from the knowledge base's paddle table (by release and
 * its .postNNN build).  Paddle loads CUDA and cuDNN at run time by name
 * (paddle/phi/backends/dynload), so which files it would get is not modelled:
 * without a blocking finding its verdict stays unknown, and says why.
 */
#include <string.h>

#include "diagnose/choose.h"
#include "diagnose/fixes_intent.h"
#include "diagnose/fw.h"
#include "kb/kb.h"
#include "kb/kbdata.h"
#include "kb/ver_dotted.h"
#include "kb/ver_driver.h"
#include "util/banned.h"

static const char *const paddle_aliases[] = { "paddlepaddle", NULL };

static void check_paddle(struct fwctx *c)
{
    const struct framework_build *fw = c->fw;
    struct kb_paddle k;
    struct finding *fd;

    if (fw->variant && !strcmp(fw->variant, "cpu")) {
        fd = fw_finding(c, "GD211", SEV_ERROR, "%s %s is a CPU-only build", fw->dist ? fw->dist : "paddlepaddle",
                        fw_version_label(c));
        finding_evidence(c->out, fd, fw->n_evidence ? fw->evidence[0].path : fw->location,
                         "the distribution is %s, not paddlepaddle-gpu", fw->dist ? fw->dist : "paddlepaddle");
        /* paddlepaddle out, the paddlepaddle-gpu build the chooser takes for this driver in */
        fixes_paddle_install(&c->fx, c->out, fd, c->env, NULL);
        return;
    }
    if (!fw->version) {
        fw_judge_unversioned(c);   /* a log that does not show it */
        return;
    }
    memset(&k, 0, sizeof(k));
    if (kb_paddle(c->kb, fw->version, NULL, &k) != 1) {
        fw_unknown(c, arena_printf(c->a, "paddlepaddle-gpu %s is not in the knowledge base", fw->version));
        return;
    }
    if (k.driver_min && strcmp(k.driver_min, "-") && fw_driver_below(c, k.driver_min, k.cuda) == 1) {
        fd = fw_finding(c, "GD208", SEV_ERROR, "the driver %s is too old for paddlepaddle-gpu %s (CUDA %s needs %s or newer)",
                        fw_driver_label(c), fw->version, k.cuda, k.driver_min);
        finding_evidence(c->out, fd, k.source, "paddlepaddle-gpu %s %s: CUDA %s, cuDNN %s, driver >= %s", k.version,
                         k.variant, k.cuda, k.cudnn, k.driver_min);
        fixes_advice(c->out, fd, FIX_RANK_DRIVER, arena_printf(c->a, "Upgrade the NVIDIA driver to %s or newer", k.driver_min));
    } else {
        fw_judge_driver(c, k.cuda);
    }
    fw_unknown(c, arena_printf(c->a, "Paddle loads CUDA %s and cuDNN %s at run time by name; which files it would get "
                                  "is not modelled", k.cuda, k.cudnn));
}

/* Paddle's pip sources: per-CUDA indexes from 3.0, one find-links page of
 * X.Y.Z.postNNN builds for Linux before (pkg_fact paddle pip_index). */
#define PADDLE_INDEX "https://www.paddlepaddle.org.cn/packages/stable/"
#define PADDLE_FIND_LINKS "https://www.paddlepaddle.org.cn/whl/linux/mkl/avx/stable.html"

/*
 * The chooser's column map: every paddle.kb build.  From 3.0 the variant's
 * own index, whose wheels bring CUDA and cuDNN (route pip); before, PyPI's
 * build or a postNNN build from the Linux find-links page, pinned to the
 * release pkg_fact pip_release names, with the system's CUDA (route
 * system).  Driver: the row's, else the CUDA major's floor; the lowest
 * compute capability: pkg_fact cc_min_linux / cc_min_windows.  py_support.kb
 * has no Paddle rows: its Python is unknown and said so.
 */
static void paddle_candidates(struct choose_ctx *cx)
{
    const struct kb_table *t = kb_tab(cx->kb, KB_T_paddle);
    int windows = cx->in->os && !strcmp(cx->in->os, "windows") && !cx->in->wsl;
    size_t r;

    for (r = 0; t && r < t->nrows; r++) {
        struct kb_row_paddle row;
        const char *rel, *variant, *how = NULL, *patch = NULL, *cc = NULL;
        struct choice *c;
        kb_row(t, r, paddle, &row);
        rel = row.version;
        variant = row.variant;
        if (!rel || !variant || !row.cuda ||
            kb_pkg_fact(cx->kb, "paddle", "pip_index", rel, &how, NULL) != 1)
            continue;
        if (!strcmp(how, "find_links") && strcmp(variant, "pypi") &&
            (windows || kb_pkg_fact(cx->kb, "paddle", "pip_release", rel, &patch, NULL) != 1))
            continue;   /* no Windows page in the kb's sources, or no release to pin */
        c = choose_add(cx);
        c->release = rel;
        c->variant = variant;
        c->label = arena_printf(cx->a, "paddlepaddle-gpu %s (%s)", rel, variant);
        c->package = "paddlepaddle-gpu";
        c->cuda = row.cuda;
        c->cudnn = row.cudnn;
        c->source = row.source;
        c->unverified = kbdata_source_unverified(c->source);
        if (!strcmp(how, "variant_index")) {
            c->route = "pip";
            c->index = arena_printf(cx->a, PADDLE_INDEX "%s/", variant);
            c->index_only = 1;
            c->pin = choose_pin(cx->a, rel);
        } else if (patch) {
            c->route = "system";
            c->index = PADDLE_FIND_LINKS;
            c->pin = c->version = arena_printf(cx->a, "%s.%s", patch, variant);
        } else {
            c->route = "system";
            c->pin = choose_pin(cx->a, rel);
            c->is_default = 1;
        }
        if ((c->driver_need = row.driver_min) != NULL) {
            c->driver_rule = "release";
            c->driver_source = c->source;
        } else {
            choose_cuda_floor(cx, c);
        }
        if (kb_pkg_fact(cx->kb, "paddle", windows ? "cc_min_windows" : "cc_min_linux", rel, &cc, NULL) == 1)
            c->cc_min = cc;
    }
}

/* The build to reproduce: X.Y.Z.postNNN is release X.Y.Z in variant postNNN. */
static void paddle_requirement(const struct framework_build *b, struct choose_in *in, struct arena *a)
{
    const char *post = b->version ? strstr(b->version, ".post") : NULL;
    in->want = post ? arena_strndup(a, b->version, (size_t)(post - b->version)) : b->version;
    if (post)
        in->variant = post + 1;
}

const struct fw_def fw_paddle = {
    .name = "paddle",
    .aliases = paddle_aliases,
    .table = "paddle",
    .title = "paddlepaddle-gpu",
    .dists = (const char *const[]){ "paddlepaddle*", NULL },
    .replaces = "paddlepaddle paddlepaddle-gpu",
    .candidates = paddle_candidates,
    .requirement = paddle_requirement,
    .install = fixes_paddle_install,
    .judge = check_paddle,
};
