/*
 * fw_paddle.c - PaddlePaddle ("paddle", also "paddlepaddle"): the plain
 * paddlepaddle wheel is CPU-only; a paddlepaddle-gpu build's CUDA, cuDNN and
 * minimum driver come from the knowledge base's paddle table (by release and
 * its .postNNN build).  Paddle loads CUDA and cuDNN at run time by name
 * (paddle/phi/backends/dynload), so which files it would get is not modelled:
 * without a blocking finding its verdict stays unknown, and says why.
 */
#include <string.h>

#include "diagnose/fw.h"
#include "kb/kb.h"
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
        finding_fix(c->out, fd, NULL, "Replace it with paddlepaddle-gpu for the CUDA your driver supports, "
                    "from https://www.paddlepaddle.org.cn/install/quick", NULL);
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
        finding_fix(c->out, fd, NULL, arena_printf(c->a, "Upgrade the NVIDIA driver to %s or newer", k.driver_min), NULL);
    } else {
        fw_judge_driver(c, k.cuda);
    }
    fw_unknown(c, arena_printf(c->a, "Paddle loads CUDA %s and cuDNN %s at run time by name; which files it would get "
                                  "is not modelled", k.cuda, k.cudnn));
}

const struct fw_def fw_paddle = {
    "paddle", paddle_aliases, "paddle", check_paddle, NULL, NULL, NULL,
};
