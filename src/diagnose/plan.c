/*
 * plan.c - choose one consistent install set from the knowledge base.
 *
 * Candidates are the rows of the framework's table, sorted newest first;
 * check() returns why a candidate fails (or NULL), and the first that
 * passes becomes the plan.  The commands are built from the chosen row
 * only, so every line of the plan agrees with every other.
 */
#include "diagnose/plan.h"
#include "diagnose/fixes.h"
#include "diagnose/fw.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kb/kb.h"
#include "kb/ver_dotted.h"
#include "kb/ver_driver.h"
#include "util/alloc.h"
#include "util/banned.h"

#define TORCH_INDEX "https://download.pytorch.org/whl/"
#define TORCH_STABLE "https://download.pytorch.org/whl/torch_stable.html"
#define JAX_RELEASES "https://storage.googleapis.com/jax-releases/jax_cuda_releases.html"
#define ORT_CUDA12_FEED \
    "https://aiinfra.pkgs.visualstudio.com/PublicPackages/_packaging/onnxruntime-cuda-12/pypi/simple/"
/* Installed from PyPI before onnxruntime-gpu from ORT's feed as the only index
 * (microsoft/onnxruntime#19356; see fixes.c). */
#define ORT_FEED_DEPS "coloredlogs flatbuffers numpy packaging protobuf sympy"
#define ORT_FEED_SRC                                                                          \
    "microsoft/onnxruntime#19356 (its maintainer: \"python -m pip install coloredlogs flatbuffers " \
    "numpy packaging protobuf sympy\", then \"pip install onnxruntime-gpu --index-url "          \
    ".../onnxruntime-cuda-12/pypi/simple\"); #20745 (with the feed as --extra-index-url, a "     \
    "CUDA 11 build was installed)"

/* One row of the framework's table, as a candidate. */
struct cand {
    const char *version, *last;   /* last: JAX / ONNX Runtime ranges, else == version */
    const char *variant;          /* torch "cu124", jax flavor "cuda12" */
    const char *python, *cuda, *cudnn, *arch, *cc_min, *driver_min, *extras, *pypi;
    int is_default;
    const char *default_cell;     /* torch: "yes" / "no" / "unknown" */
    const char *source;
    /* JAX / ONNX Runtime: the release proposed from the row (fix_row_release) and its
     * requirement's version, and the Python support of that release (py_support.kb). */
    const char *point, *pin;
    struct kb_py py;
    int has_py;
};

struct pctx {
    const struct kb *kb;
    const struct plan_constraints *c;
    struct plan *p;
    const char *os;       /* linux windows wsl macos */
    const char *drv_os;   /* the os whose driver rules apply: windows for wsl */
    const char *tab_os;   /* the os of TensorFlow's rows: linux for wsl */
    const char *cc;       /* the GPU's compute capability, or NULL */
    int record;           /* 1: add notes while checking (the chosen candidate) */
    struct fix_ctx fx;    /* the fix engine over the kb (release pins) */
    const char *pyc;      /* the interpreter a pip line runs before any environment exists */
};

/* Indexed by enum plan_fw: the framework modules' names (diagnose/fw.h). */
static const char *const fw_names[] = { "tensorflow", "torch", "jax", "onnxruntime" };

void plan_init(struct plan *p)
{
    memset(p, 0, sizeof(*p));
    arena_init(&p->arena);
}

void plan_release(struct plan *p)
{
    free(p->notes);
    free(p->rejects);
    arena_release(&p->arena);
    plan_init(p);
}

int plan_framework_parse(const char *s, enum plan_fw *fw)
{
    /* The framework modules' names and aliases (diagnose/fw.h): "pytorch"
     * is torch here as in check and matrix. */
    const struct fw_def *d = fw_find(s);
    size_t i;
    for (i = 0; d && i < sizeof(fw_names) / sizeof(fw_names[0]); i++)
        if (!strcmp(fw_names[i], d->name)) {
            *fw = (enum plan_fw)i;
            return 0;
        }
    return -1;
}

const char *plan_framework_name(enum plan_fw fw)
{
    return fw_names[fw];
}

static void add_note(struct plan_note **v, size_t *n, size_t *alloc, const char *topic,
                     const char *text, const char *source)
{
    ALLOC_GROW(*v, *n + 1, *alloc);
    (*v)[*n].topic = topic;
    (*v)[*n].text = text;
    (*v)[*n].source = source;
    (*n)++;
}

static void note(struct pctx *x, const char *topic, const char *text, const char *source)
{
    if (x->record)
        add_note(&x->p->notes, &x->p->n_notes, &x->p->alloc_notes, topic, text, source);
}

/* Number of dot-separated components in v ("12" 1, "11.8" 2). */
static int ncomp(const char *v)
{
    int n = 1;
    for (; *v; v++)
        if (*v == '.')
            n++;
    return n;
}

static int is_version(const char *s)
{
    const char *q;
    if (!s || !*s || *s < '0' || *s > '9')
        return 0;
    for (q = s; *q; q++)
        if (!((*q >= '0' && *q <= '9') || *q == '.'))
            return 0;
    return q[-1] != '.';
}

/* The first two components of v, in the arena ("2.15.0" -> "2.15"). */
static const char *major_minor(struct plan *p, const char *v)
{
    return ver_dotted_prefix(&p->arena, v, 2);
}

static const char *major_of(struct plan *p, const char *v)
{
    return ver_dotted_prefix(&p->arena, v, 1);
}

/* Is python ("3.10") inside range ("3.9-3.11" or "2.7,3.3-3.7")? */
static int python_in_range(const char *range, const char *py)
{
    char buf[128], *part, *next;
    if (snprintf(buf, sizeof(buf), "%s", range) >= (int)sizeof(buf))
        return 1;  /* cannot tell: do not reject */
    for (part = buf; part; part = next) {
        char *dash;
        const char *lo, *hi;
        next = strchr(part, ',');
        if (next)
            *next++ = '\0';
        dash = strchr(part, '-');
        lo = part;
        hi = part;
        if (dash) {
            *dash = '\0';
            hi = dash + 1;
        }
        if (ver_cmp_dotted_n(py, lo, 2) >= 0 && ver_cmp_dotted_n(py, hi, 2) <= 0)
            return 1;
    }
    return 0;
}

/*
 * conda solves CUDA packages against the __cuda virtual package, which it
 * detects from the driver: on a login node without a GPU there is none and
 * the solve fails.  CONDA_OVERRIDE_CUDA sets it
 * (https://docs.conda.io/projects/conda/en/latest/user-guide/tasks/manage-virtual.html).
 */
static void note_conda_override(struct pctx *x, const char *cuda)
{
    note(x, "conda", arena_printf(&x->p->arena, "on a machine without a GPU (a cluster's login node) conda cannot "
                                  "detect CUDA: run the conda line as CONDA_OVERRIDE_CUDA=%s conda create ...",
                                  major_minor(x->p, cuda)),
         "https://docs.conda.io/projects/conda/en/latest/user-guide/tasks/manage-virtual.html");
}

/* The highest Python in a range ("3.9-3.11" -> "3.11"). */
static const char *python_top(struct plan *p, const char *range)
{
    const char *s = strrchr(range, ',');
    const char *d;
    s = s ? s + 1 : range;
    d = strchr(s, '-');
    return arena_strdup(&p->arena, d ? d + 1 : s);
}

/*
 * Does CUDA toolkit cuda know compute capability cc's architecture family:
 * an sm_MAJOR<minor> with minor <= cc's, compiled by this toolkit?  1 yes,
 * 0 no (*first: the toolkit that introduced the exact sm), -1 the tables
 * know no sm of that major.
 */
static int toolkit_knows_cc(const struct kb *kb, const char *cc, const char *cuda,
                            const char **first_exact)
{
    long maj, min, m;
    char *end, sm[32];
    int any = 0;
    maj = strtol(cc, &end, 10);
    if (*end != '.')
        return -1;
    min = strtol(end + 1, NULL, 10);
    *first_exact = NULL;
    for (m = min; m >= 0; m--) {
        const char *first, *last, *src;
        snprintf(sm, sizeof(sm), "sm_%ld%ld", maj, m);
        if (kb_sm_toolkits(kb, sm, &first, &last, &src) != 1)
            continue;
        any = 1;
        if (m == min)
            *first_exact = first;
        if (ver_cmp_dotted(cuda, first) >= 0 && (!last || ver_cmp_dotted_n(cuda, last, 2) <= 0))
            return 1;
    }
    return any ? 0 : -1;
}

static const char *fw_label(struct pctx *x, const struct cand *k)
{
    struct plan *p = x->p;
    if (x->c->fw == PLAN_PYTORCH)
        return arena_printf(&p->arena, "pytorch %s (%s)", k->version, k->variant);
    if (x->c->fw == PLAN_JAX)
        return arena_printf(&p->arena, "jax %s-%s (%s)", k->version, k->last, k->variant);
    if (x->c->fw == PLAN_ONNXRUNTIME)
        return arena_printf(&p->arena, "onnxruntime-gpu %s-%s (CUDA %s)", k->version, k->last,
                            k->cuda ? k->cuda : "-");
    return arena_printf(&p->arena, "tensorflow %s", k->version);
}

/* The pip lines for onnxruntime-gpu requirement req with interpreter py: from
 * ORT's feed (feed), its dependencies from PyPI first and then the feed as the
 * only index, since PyPI's onnxruntime-gpu of the same version is another build. */
static const char *ort_pip(struct arena *a, const char *py, const char *req, int feed)
{
    if (feed)
        return arena_printf(a, "%s -m pip install " ORT_FEED_DEPS "\n%s -m pip install \"%s\" --index-url "
                            ORT_CUDA12_FEED, py, py, req);
    return arena_printf(a, "%s -m pip install \"%s\"", py, req);
}

/* Which rule gave a TensorFlow plan's minimum driver, in words. */
static const char *tf_rule_text(struct pctx *x, const char *rule)
{
    if (!strcmp(rule, "TensorFlow"))
        return "TensorFlow's own documented minimum";
    if (!strcmp(rule, "PTX JIT"))
        return arena_printf(&x->p->arena, "the CUDA toolkit's own driver: compute capability %s runs this "
                            "release only from PTX, which the driver JIT-compiles", x->cc ? x->cc : "?");
    if (!strcmp(rule, "GPU family"))
        return "the GPU family's floor";
    return "the CUDA toolkit's own driver; the knowledge base has no TensorFlow-documented minimum for it";
}

/* The minimum driver for k on this OS, and which rule gave it. */
static const char *min_driver(struct pctx *x, const struct cand *k, const char **rule,
                              const char **src)
{
    const char *d = NULL;
    *rule = "minor-version compatibility";
    *src = NULL;
    switch (x->c->fw) {
    case PLAN_TENSORFLOW: {
        /* TensorFlow's own documented minimum where the kb has it (tf_driver),
         * else the toolkit's release driver; the toolkit's when the GPU runs
         * the release only from PTX, the GPU family's when higher. */
        struct kb_tf_floor tf;
        *rule = "toolkit";
        if (kb_tf_driver_floor(x->kb, k->version, k->cuda, x->cc, NULL, x->os, &tf) == 1) {
            d = tf.driver;
            *src = tf.source;
            *rule = tf.rule;
        }
        break;
    }
    case PLAN_PYTORCH:
        if (kb_torch_min_driver(x->kb, k->version, k->variant, x->drv_os, &d, src) != 1)
            d = NULL;
        if (x->cc) {
            /* The GPU family's floor when it is higher (Blackwell: 570.26 on Linux). */
            const char *bd = NULL, *bsrc = NULL;
            int ok = 1;
            if (kb_build_min_driver(x->kb, k->cuda, x->cc, x->drv_os, &bd, &bsrc, &ok) == 1 && ok && bd &&
                (!d || ver_cmp_driver(bd, d) > 0)) {
                d = bd;
                *src = bsrc;
                *rule = "GPU family";
            }
        }
        break;
    case PLAN_JAX:
        d = k->driver_min;
        *src = k->source;
        break;
    case PLAN_ONNXRUNTIME:
        if (kb_cuda_mvc_floor(x->kb, k->cuda, x->drv_os, &d, src) != 1) {
            *rule = "toolkit";
            if (kb_cuda_min_driver(x->kb, major_minor(x->p, k->cuda), x->drv_os, &d, src) != 1)
                d = NULL;
        }
        break;
    }
    return d;
}

/* Why candidate k fails the constraints (topic in *topic), or NULL. */
static const char *check(struct pctx *x, const struct cand *k, const char **topic)
{
    const struct plan_constraints *c = x->c;
    struct plan *p = x->p;
    struct arena *a = &p->arena;
    const char *label = fw_label(x, k);

    if (!k->cuda) {
        *topic = "os";
        if (c->fw == PLAN_TENSORFLOW && !strcmp(x->tab_os, "windows"))
            return kb_tf_last_windows_gpu(x->kb)
                   ? arena_printf(a, "%s has no GPU build on native Windows (the last is %s); use WSL2", label,
                                  kb_tf_last_windows_gpu(x->kb))
                   : arena_printf(a, "%s has no GPU build on native Windows; use WSL2", label);
        return arena_printf(a, "%s is not a CUDA build", label);
    }
    if (c->cuda) {
        *topic = "cuda";
        if (ver_cmp_dotted_n(k->cuda, c->cuda, ncomp(c->cuda)) != 0)
            return arena_printf(a, "%s uses CUDA %s, not %s", label, k->cuda, c->cuda);
        note(x, "cuda", arena_printf(a, "CUDA %s matches --cuda %s", k->cuda, c->cuda), NULL);
    }
    if (c->python && (c->fw == PLAN_JAX || c->fw == PLAN_ONNXRUNTIME)) {
        *topic = "python";
        if (k->has_py && !kb_python_in(&k->py, c->python))
            return arena_printf(a, "%s %s supports Python %s, not %s", label, k->pin, k->python, c->python);
        if (k->has_py)
            note(x, "python", arena_printf(a, "Python %s is in %s %s's range %s", c->python, label, k->pin,
                                           k->python), k->py.source);
        else
            note(x, "python", arena_printf(a, "the knowledge base has no Python range for %s %s: check that "
                                           "Python %s has wheels", label, k->pin, c->python), NULL);
    } else if (c->python) {
        *topic = "python";
        if (k->python && !python_in_range(k->python, c->python))
            return arena_printf(a, "%s supports Python %s, not %s", label, k->python, c->python);
        if (k->python)
            note(x, "python", arena_printf(a, "Python %s is in %s's tested range %s", c->python,
                                           label, k->python), k->source);
        else
            note(x, "python", arena_printf(a, "the knowledge base has no Python range for %s: "
                                           "check that Python %s has wheels", label, c->python),
                 NULL);
    }
    /* The driver. */
    {
        const char *rule, *src, *need = min_driver(x, k, &rule, &src);
        *topic = "driver";
        if (c->driver && c->fw == PLAN_TENSORFLOW) {
            if (need && ver_cmp_driver(c->driver, need) < 0)
                return arena_printf(a, "%s uses CUDA %s and needs driver >= %s on %s (%s); driver %s is older",
                                    label, k->cuda, need, x->drv_os, tf_rule_text(x, rule), c->driver);
            if (!need)
                note(x, "driver", arena_printf(a, "the minimum driver for CUDA %s on %s is not in "
                                               "the knowledge base", k->cuda, x->drv_os), NULL);
        } else if (c->driver) {
            enum kb_drv_verdict dv;
            const char *dneed = NULL, *dsrc = NULL;
            int r = kb_driver_runs_cuda(x->kb, c->driver, k->cuda, x->drv_os, &dv, &dneed, &dsrc);
            if (r == 1 && dv == KB_DRV_TOO_OLD)
                return arena_printf(a, "%s uses CUDA %s, which needs driver >= %s on %s; driver "
                                    "%s is older", label, k->cuda, dneed ? dneed : "?", x->drv_os,
                                    c->driver);
            if (need && ver_cmp_driver(c->driver, need) < 0)
                return arena_printf(a, "%s needs driver >= %s; driver %s is older", label, need,
                                    c->driver);
            if (r == 1 && dv == KB_DRV_OK_MVC)
                note(x, "driver", arena_printf(a, "driver %s runs CUDA %s through minor-version "
                                               "compatibility (>= %s)", c->driver, k->cuda,
                                               dneed ? dneed : need ? need : "?"), dsrc);
            else if (r != 1)
                note(x, "driver", arena_printf(a, "whether driver %s runs CUDA %s is not in the "
                                               "knowledge base", c->driver, k->cuda), NULL);
        }
        if (x->record) {
            p->min_driver = need;
            p->driver_rule = rule;
            if (need && c->fw == PLAN_TENSORFLOW)
                note(x, "driver", arena_printf(a, "minimum driver %s on %s (%s)%s%s", need, x->drv_os,
                                               tf_rule_text(x, rule), c->driver ? "; yours is " : "",
                                               c->driver ? c->driver : ""), src);
            else if (need)
                note(x, "driver", arena_printf(a, "minimum driver %s on %s (%s of CUDA %s)%s%s",
                                               need, x->drv_os,
                                               !strcmp(rule, "toolkit") ? "the toolkit's own driver"
                                               : !strcmp(rule, "GPU family") ? "the GPU family's floor, for a build"
                                               : "the minor-version-compatibility floor",
                                               k->cuda, c->driver ? "; yours is " : "",
                                               c->driver ? c->driver : ""), src);
        }
        if (x->record && c->fw == PLAN_TENSORFLOW && !strcmp(rule, "PTX JIT")) {
            /* The build list behind it (tf_arch), which may be an unverified row. */
            struct kb_tf_floor tf;
            if (kb_tf_driver_floor(x->kb, k->version, k->cuda, x->cc, NULL, x->os, &tf) == 1 && tf.arch)
                note(x, "gpu", arena_printf(a, "%s has machine code for %s only: compute capability %s runs "
                                            "its PTX, which the driver JIT-compiles", label, tf.arch, x->cc),
                     tf.arch_source);
        }
        if (x->record && c->fw == PLAN_TENSORFLOW && !strcmp(rule, "TensorFlow")) {
            /* Between TensorFlow's floor and the toolkit's own driver XLA runs,
             * but says so and compiles serially (xla nvptx_compiler.cc). */
            struct kb_tf_floor tf;
            if (kb_tf_driver_floor(x->kb, k->version, k->cuda, x->cc, NULL, x->os, &tf) == 1 && tf.toolkit &&
                need && ver_cmp_driver(tf.toolkit, need) > 0 && (!c->driver || ver_cmp_driver(c->driver, tf.toolkit) < 0))
                note(x, "driver", arena_printf(a, "from %s up to CUDA %s's own release driver %s, TensorFlow runs "
                                               "through minor-version compatibility; where XLA's ptxas is newer than "
                                               "the driver, XLA says so and compiles serially", need, k->cuda,
                                               tf.toolkit),
                     "https://github.com/tensorflow/tensorflow/blob/01b163ce081786728e90f039cf86b41ce3a7b5c3/third_party/xla/"
                     "xla/service/gpu/nvptx_compiler.cc (ChooseLinkingMethod: \"Because the driver is older than the "
                     "ptxas version, XLA is disabling parallel compilation\")");
        }
    }
    /* The GPU. */
    if (x->cc) {
        *topic = "gpu";
        if (c->fw == PLAN_PYTORCH) {
            int r = k->arch ? kb_arch_list_covers(k->arch, x->cc) : -1;
            const char *bd = NULL, *bsrc = NULL;
            int ok = 1;
            if (kb_build_min_driver(x->kb, k->cuda, x->cc, x->drv_os, &bd, &bsrc, &ok) == 1 && !ok)
                return arena_printf(a, "%s uses CUDA %s, older than the CUDA that compute capability %s's "
                                    "GPU family needs (arch_floor)", label, k->cuda, x->cc);
            if (r == 0)
                return arena_printf(a, "%s is built for %s, which does not include compute "
                                    "capability %s", label, k->arch, x->cc);
            if (r == 1)
                note(x, "gpu", arena_printf(a, "%s runs compute capability %s only through PTX JIT "
                                            "(built for %s): the first start is slow", label,
                                            x->cc, k->arch), k->source);
            else if (r == 2)
                note(x, "gpu", arena_printf(a, "%s has native code for compute capability %s "
                                            "(built for %s)", label, x->cc, k->arch), k->source);
            else
                note(x, "gpu", arena_printf(a, "%s's architecture list is not in the knowledge "
                                            "base", label), NULL);
        } else if (c->fw == PLAN_JAX && k->cc_min) {
            if (ver_cmp_dotted(x->cc, k->cc_min) < 0)
                return arena_printf(a, "%s needs compute capability >= %s; the GPU has %s", label,
                                    k->cc_min, x->cc);
            note(x, "gpu", arena_printf(a, "compute capability %s >= %s, the lowest %s supports",
                                        x->cc, k->cc_min, label), k->source);
        } else {
            const char *first = NULL;
            int r = toolkit_knows_cc(x->kb, x->cc, k->cuda, &first);
            if (r == 0)
                return arena_printf(a, "%s uses CUDA %s, which predates compute capability %s%s%s%s: "
                                    "its kernels and cuDNN %s have no code for this GPU", label,
                                    k->cuda, x->cc, first ? " (first supported by CUDA " : "",
                                    first ? first : "", first ? ")" : "",
                                    k->cudnn ? k->cudnn : "");
            if (r == 1)
                note(x, "gpu", arena_printf(a, "CUDA %s compiles for compute capability %s's "
                                            "architecture family", k->cuda, x->cc), NULL);
            else
                note(x, "gpu", arena_printf(a, "the knowledge base cannot tell whether CUDA %s "
                                            "supports compute capability %s", k->cuda, x->cc),
                     NULL);
        }
    }
    return NULL;
}

static int cand_cmp(const void *pa, const void *pb)
{
    const struct cand *a = pa, *b = pb;
    int r = ver_cmp_dotted(b->last, a->last);
    if (r)
        return r;
    if ((r = ver_cmp_dotted(b->version, a->version)) != 0)
        return r;
    if (a->is_default != b->is_default)
        return b->is_default - a->is_default;
    return ver_cmp_dotted(b->cuda, a->cuda);
}

/* The candidate rows, newest first (caller frees). */
static struct cand *collect(struct pctx *x, size_t *n)
{
    static const char *const tables[] = { "tf_build", "torch", "jax", "onnxruntime" };
    const struct kb_table *tab = kb_table(x->kb, tables[x->c->fw]);
    struct cand *v;
    size_t r, k = 0;

    *n = 0;
    if (!tab)
        return NULL;
    v = xcalloc(tab->nrows + 1, sizeof(*v));
    for (r = 0; r < tab->nrows; r++) {
        struct cand *d = &v[k];
        d->source = kb_table_get(tab, r, "source");
        switch (x->c->fw) {
        case PLAN_TENSORFLOW:
            if (strcmp(kb_table_get(tab, r, "os"), x->tab_os))
                continue;
            d->version = d->last = kb_table_get(tab, r, "version");
            d->python = kb_table_get(tab, r, "python");
            d->cuda = kb_table_get(tab, r, "cuda");
            d->cudnn = kb_table_get(tab, r, "cudnn");
            break;
        case PLAN_PYTORCH:
            d->cuda = kb_table_get(tab, r, "cuda");
            if (!d->cuda)
                continue;  /* CPU and ROCm builds are not GPU plans for NVIDIA */
            d->version = d->last = kb_table_get(tab, r, "version");
            d->variant = kb_table_get(tab, r, "variant");
            d->default_cell = kb_table_get(tab, r, "default");
            d->is_default = d->default_cell && !strcmp(d->default_cell, "yes");
            d->cudnn = kb_table_get(tab, r, "cudnn");
            d->arch = kb_table_get(tab, r, "arch");
            {
                /* Its Python range (data/torch_python.kb), so that a plan never pairs a
                 * release with a Python it has no wheels for. */
                const char *lo, *hi, *src;
                struct kb_py kp;
                if (kb_torch_python(x->kb, d->version, &lo, &hi, &src) == 1)
                    d->python = arena_printf(&x->p->arena, "%s-%s", lo, hi);
                else if (kb_python_support(x->kb, "pytorch", d->version, &kp) == 1 && kp.python_max)
                    d->python = arena_printf(&x->p->arena, "%s-%s", kp.python_min, kp.python_max);
            }
            break;
        case PLAN_JAX:
            d->version = kb_table_get(tab, r, "first");
            d->last = kb_table_get(tab, r, "last");
            if (!(d->point = fix_row_release(&x->fx, "jax", d->version, d->last, &d->pin)))
                continue;   /* starts after the newest release the kb knows */
            d->variant = kb_table_get(tab, r, "flavor");
            d->cuda = kb_table_get(tab, r, "cuda_min");
            d->cudnn = kb_table_get(tab, r, "cudnn_min");
            d->driver_min = kb_table_get(tab, r, "driver_min");
            d->cc_min = kb_table_get(tab, r, "cc_min");
            d->extras = kb_table_get(tab, r, "extras");
            break;
        case PLAN_ONNXRUNTIME:
            d->version = kb_table_get(tab, r, "first");
            d->last = kb_table_get(tab, r, "last");
            d->cuda = kb_table_get(tab, r, "cuda");
            d->cudnn = kb_table_get(tab, r, "cudnn");
            d->pypi = kb_table_get(tab, r, "pypi");
            d->is_default = d->pypi && !strcmp(d->pypi, "yes");
            if (!(d->point = fix_row_release(&x->fx, "onnxruntime", d->version, d->last, &d->pin)))
                continue;
            break;
        }
        if (d->point) {
            /* The Python the proposed release supports (data/py_support.kb). */
            d->has_py = kb_python_support(x->kb, x->c->fw == PLAN_JAX ? "jax" : "onnxruntime", d->point,
                                          &d->py) == 1;
            if (d->has_py)
                d->python = d->py.python_max ? arena_printf(&x->p->arena, "%s-%s", d->py.python_min, d->py.python_max)
                                             : arena_printf(&x->p->arena, "%s or newer", d->py.python_min);
        }
        k++;
    }
    qsort(v, k, sizeof(*v), cand_cmp);
    *n = k;
    return v;
}

/* Does the asked version select candidate k? */
static int version_matches(const struct plan_constraints *c, const char *ver, const struct cand *k)
{
    if (c->fw == PLAN_TENSORFLOW || c->fw == PLAN_PYTORCH)
        return ver_cmp_dotted_n(ver, k->version, 2) == 0;
    return ver_cmp_dotted_n(ver, k->version, ncomp(k->version)) >= 0 &&
           ver_cmp_dotted_n(ver, k->last, ncomp(k->last)) <= 0;
}

/* The extra that installs JAX for flavor from a row's extras list. */
static const char *jax_extra(struct plan *p, const struct cand *k, int *needs_link)
{
    char want[32];
    const char *e = k->extras ? k->extras : "";
    size_t n;
    *needs_link = 0;
    n = strlen(k->variant);
    /* A plain "cuda12" among the extras: PyPI has the plugin. */
    for (const char *s = e; *s;) {
        const char *comma = strchr(s, ',');
        size_t len = comma ? (size_t)(comma - s) : strlen(s);
        if (len == n && !strncmp(s, k->variant, n))
            return k->variant;
        s += len + (comma ? 1 : 0);
    }
    snprintf(want, sizeof(want), "%s_pip", k->variant);
    *needs_link = 1;
    return arena_strdup(&p->arena, want);
}

/*
 * The plan must not present an unverified knowledge-base row as certain:
 * when the chosen row, or a row behind any note (a driver floor, a cuDNN
 * range), is marked unverified (kbdata_source_unverified), say so in a note
 * of its own, topic "unverified".
 */
static void flag_unverified(struct plan *p, const char *row_source)
{
    const char *topics = NULL;
    size_t i, n = p->n_notes;

    if (kbdata_source_unverified(row_source))
        topics = "the build row";
    for (i = 0; i < n; i++) {
        if (!kbdata_source_unverified(p->notes[i].source))
            continue;
        topics = topics ? arena_printf(&p->arena, "%s, %s", topics, p->notes[i].topic)
                        : p->notes[i].topic;
    }
    if (!topics)
        return;
    add_note(&p->notes, &p->n_notes, &p->alloc_notes, "unverified",
             arena_printf(&p->arena, "UNVERIFIED: this plan rests on knowledge-base rows not "
                                     "confirmed from a primary source (%s); check them before "
                                     "relying on it ('gpudoctor matrix --unverified')", topics),
             kbdata_source_unverified(row_source) ? row_source : NULL);
}

/*
 * "conda create ... python=PY" when the kb names a Python for the release,
 * else plain "python" (conda's newest) with a note that the kb has none.
 */
static const char *conda_python(struct pctx *x, const char *py, const char *what)
{
    if (py)
        return arena_printf(&x->p->arena, "python=%s", py);
    note(x, "python", arena_printf(&x->p->arena, "the knowledge base has no Python range for %s: the conda line "
                                   "takes conda-forge's newest Python (pass --python X.Y); check that it has wheels",
                                   what), NULL);
    return "python";
}

/* Fill the plan's choices and commands from the chosen candidate. */
static void fill(struct pctx *x, const struct cand *k, const char *asked)
{
    struct plan *p = x->p;
    struct arena *a = &p->arena;
    const char *py, *env;
    int linux_like = strcmp(x->os, "windows") != 0;

    p->cuda = k->cuda;
    p->cudnn = k->cudnn;
    p->variant = k->variant;
    p->python = k->python;
    if (x->c->fw == PLAN_JAX || x->c->fw == PLAN_ONNXRUNTIME)
        p->version_range = arena_printf(a, "%s-%s", k->version, k->last);

    /* Every pip line names its interpreter: before an environment exists the Python on
     * PATH (python3; python on Windows), after "conda activate" the environment's own. */
    switch (x->c->fw) {
    case PLAN_TENSORFLOW: {
        const char *pkg = "tensorflow", *gp = NULL, *gsrc = NULL;
        struct kb_tf_libs tl;
        p->version = asked ? asked : k->version;
        /* Before 2.1 the GPU build was its own package (pkg_fact gpu_package). */
        if (kb_pkg_fact(x->kb, "tensorflow", "gpu_package", p->version, &gp, &gsrc) == 1) {
            pkg = gp;
            note(x, "install", arena_printf(a, "TensorFlow %s's GPU build is the %s package", p->version, gp), gsrc);
        }
        py = x->c->python ? x->c->python : python_top(p, k->python);
        env = "tf-gpu";
        /* The [and-cuda] extra: whether this release's wheels bring CUDA
         * (tf_libs' pip_libs, kb_tf_pip_extra). */
        if (linux_like && kb_tf_libs(x->kb, p->version, "linux", &tl) == 1 && kb_tf_pip_extra(&tl)) {
            p->pip_package = arena_printf(a, "tensorflow[and-cuda]==%s", p->version);
            p->pip = arena_printf(a, "%s -m pip install \"%s\"", x->pyc, p->pip_package);
            p->conda = arena_printf(a, "conda create -n %s -c conda-forge python=%s\n"
                                    "conda activate %s\npython -m pip install \"%s\"", env, py, env, p->pip_package);
            note(x, "install", "on Linux, this release's [and-cuda] extra installs CUDA and cuDNN "
                 "as pip wheels: no system CUDA toolkit is needed", NULL);
        } else {
            const char *cudnn = ncomp(k->cudnn) == 2 ? arena_printf(a, "%s.0", k->cudnn) : k->cudnn;
            p->pip_package = arena_printf(a, "%s==%s", pkg, p->version);
            p->pip = arena_printf(a, "%s -m pip install \"%s\"", x->pyc, p->pip_package);
            p->conda = arena_printf(a, "conda create -n %s -c conda-forge python=%s cudatoolkit=%s "
                                    "cudnn=%s\nconda activate %s\n%spython -m pip install \"%s\"", env, py, k->cuda,
                                    cudnn, env, linux_like ? "export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:"
                                    "$CONDA_PREFIX/lib/\n" : "", p->pip_package);
            note_conda_override(x, k->cuda);
            note(x, "install", arena_printf(a, "TensorFlow %s loads the system's CUDA %s and "
                                            "cuDNN %s: the conda environment isolates them",
                                            p->version, k->cuda, k->cudnn), k->source);
        }
        p->docker_image = arena_printf(a, "tensorflow/tensorflow:%s-gpu", p->version);
        p->python_pick = py;
        break;
    }
    case PLAN_PYTORCH: {
        const char *ver = asked ? asked : arena_printf(a, "%s.0", k->version);
        const char *cpy, *pip_index = NULL;
        p->version = ver;
        {
            /* A Python the release has wheels for (data/torch_python.kb, else py_support.kb):
             * the user's when it is in range, else the newest the release supports. */
            const char *lo = NULL, *hi = NULL, *src = NULL;
            struct kb_py kp;
            if (kb_torch_python(x->kb, ver, &lo, &hi, &src) != 1) {
                lo = hi = NULL;
                if (kb_python_support(x->kb, "pytorch", ver, &kp) == 1 && kp.python_max) {
                    lo = kp.python_min;
                    hi = kp.python_max;
                    src = kp.source;
                }
            }
            if (lo && hi) {
                const char *range = arena_printf(a, "%s-%s", lo, hi);
                p->python = range;
                if (x->c->python && !fix_python_in_range(range, x->c->python))
                    note(x, "python", arena_printf(a, "torch %s has no wheels for Python %s (it supports %s): "
                                                   "the conda line uses Python %s", major_minor(p, ver),
                                                   x->c->python, range, hi), src);
                py = x->c->python && fix_python_in_range(range, x->c->python) ? x->c->python : hi;
            } else {
                py = x->c->python;
            }
        }
        env = "torch-gpu";
        /* The per-variant index or torch_stable.html: pkg_fact's torch
         * pip_index (an unknown release gets the index, as every current one). */
        if (!(kb_pkg_fact(x->kb, "torch", "pip_index", ver, &pip_index, NULL) == 1 &&
              !strcmp(pip_index, "find_links"))) {
            p->index_url = arena_printf(a, TORCH_INDEX "%s", k->variant);
            p->pip = arena_printf(a, "%s -m pip install \"torch==%s\" --index-url %s", x->pyc, ver, p->index_url);
        } else {
            p->index_url = TORCH_STABLE;
            p->pip = arena_printf(a, "%s -m pip install \"torch==%s+%s\" -f %s", x->pyc, ver, k->variant, TORCH_STABLE);
        }
        p->pip_package = arena_printf(a, "torch==%s+%s", ver, k->variant);
        cpy = conda_python(x, py, arena_printf(a, "torch %s", major_minor(p, ver)));
        p->conda = arena_printf(a, "conda create -n %s -c conda-forge %s\nconda activate %s\npython%s",
                                env, cpy, env, strstr(p->pip, " -m pip install"));
        if (k->cudnn)
            p->docker_image = arena_printf(a, "pytorch/pytorch:%s-cuda%s-cudnn%s-runtime", ver,
                                           k->cuda, major_of(p, k->cudnn));
        note(x, "install", arena_printf(a, "the %s wheel brings its own CUDA %s runtime and cuDNN "
                                        "%s: only the driver comes from the system", k->variant,
                                        k->cuda, k->cudnn ? k->cudnn : "(unknown)"), k->source);
        if (k->default_cell && !strcmp(k->default_cell, "unknown"))
            note(x, "install", arena_printf(a, "whether PyPI's plain torch %s is this %s build is unknown (the "
                                            "knowledge base's default column): install it from the index URL, "
                                            "as the lines above do", major_minor(p, ver), k->variant), k->source);
        if (p->docker_image)
            note(x, "docker", "image tag pattern pytorch/pytorch:VERSION-cudaX.Y-cudnnN-runtime "
                 "(Docker Hub); not every combination is published: docker pull it first", NULL);
        if (!p->python && py)
            note(x, "python", "the knowledge base has no Python range for this PyTorch release: check "
                 "that your Python has wheels", NULL);
        p->python_pick = py;
        break;
    }
    case PLAN_JAX: {
        int link;
        const char *extra = jax_extra(p, k, &link);
        /* A release, never an open range: the asked one, else the row's newest the kb knows. */
        p->version = asked ? asked : k->pin;
        /* The Python: the user's, else the release's floor (jax declares no upper bound). */
        py = x->c->python ? x->c->python : k->has_py ? k->py.python_min : NULL;
        env = "jax-gpu";
        p->pip_package = arena_printf(a, "jax[%s]==%s", extra, p->version);
        p->pip = arena_printf(a, "%s -m pip install \"%s\"%s%s", x->pyc, p->pip_package, link ? " -f " : "",
                              link ? JAX_RELEASES : "");
        if (link)
            p->index_url = JAX_RELEASES;
        p->conda = arena_printf(a, "conda create -n %s -c conda-forge %s\nconda activate %s\npython%s", env,
                                conda_python(x, py, arena_printf(a, "jax %s", p->version)), env,
                                strstr(p->pip, " -m pip install"));
        if (k->has_py && !x->c->python)
            note(x, "python", arena_printf(a, "jax %s supports Python %s", p->version, k->python), k->py.source);
        note(x, "install", arena_printf(a, "jax[%s] installs the CUDA plugin with CUDA >= %s and "
                                        "cuDNN >= %s as pip wheels", extra, k->cuda, k->cudnn),
             k->source);
        p->python_pick = py;
        break;
    }
    case PLAN_ONNXRUNTIME: {
        const char *ver = asked ? asked : k->pin;
        int feed = k->pypi && strcmp(k->pypi, "yes") != 0;
        const char *cpy, *tk = NULL;
        p->version = ver;
        py = x->c->python ? x->c->python
             : k->has_py ? (k->py.python_max ? k->py.python_max : k->py.python_min) : NULL;
        env = "ort-gpu";
        p->pip_package = arena_printf(a, "onnxruntime-gpu==%s", ver);
        p->pip = ort_pip(a, x->pyc, p->pip_package, feed);
        if (feed) {
            p->index_url = ORT_CUDA12_FEED;
            note(x, "install", arena_printf(a, "onnxruntime-gpu %s's CUDA %s build is on ORT's own feed, and PyPI's "
                                            "onnxruntime-gpu %s is another build: its dependencies come from PyPI "
                                            "first, then the feed is the only index", ver, major_of(p, k->cuda), ver),
                 ORT_FEED_SRC);
        }
        cpy = conda_python(x, py, arena_printf(a, "onnxruntime-gpu %s", ver));
        /* conda-forge's cudatoolkit ends where pkg_fact conda_cudatoolkit says "no": from
         * there CUDA comes as cuda-version + the split cuda-* / libcu* packages. */
        if (kb_pkg_fact(x->kb, "cuda", "conda_cudatoolkit", k->cuda, &tk, NULL) == 1 && !strcmp(tk, "no"))
            p->conda = arena_printf(a, "conda create -n %s -c conda-forge %s cuda-version=%s "
                                    "cuda-cudart libcublas libcufft libcurand cudnn=%s\n"
                                    "conda activate %s\n%s", env, cpy, major_of(p, k->cuda),
                                    major_of(p, k->cudnn), env, ort_pip(a, "python", p->pip_package, feed));
        else
            p->conda = arena_printf(a, "conda create -n %s -c conda-forge %s cudatoolkit=%s "
                                    "cudnn=%s\nconda activate %s\n%s", env, cpy,
                                    major_minor(p, k->cuda), major_minor(p, k->cudnn), env,
                                    ort_pip(a, "python", p->pip_package, feed));
        if (k->has_py && !x->c->python)
            note(x, "python", arena_printf(a, "onnxruntime-gpu %s supports Python %s", ver, k->python), k->py.source);
        note_conda_override(x, k->cuda);
        note(x, "install", arena_printf(a, "onnxruntime-gpu %s loads the system's CUDA %s and "
                                        "cuDNN %s: the conda environment provides them", ver,
                                        major_minor(p, k->cuda), k->cudnn), k->source);
        p->python_pick = py;
        break;
    }
    }
}

static int bad(struct gd_err *err, const char *fmt, ...) GD_PRINTF(2, 3);
static int bad(struct gd_err *err, const char *fmt, ...)
{
    char msg[GD_ERR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    return err_setx(err, GD_ERR_USAGE, "%s", msg);
}
int plan_make(const struct kb *kb, const struct plan_constraints *c, struct plan *p,
              struct gd_err *err)
{
    struct pctx x;
    struct cand *v = NULL;
    size_t n, i;
    const char *asked = NULL, *want_variant = NULL;
    int matched = 0;

    memset(&x, 0, sizeof(x));
    x.kb = kb;
    x.c = c;
    x.p = p;
    x.os = c->os ? c->os : "linux";
    fix_ctx_init(&x.fx, kb, &p->arena);
    x.pyc = !strcmp(x.os, "windows") ? "python" : "python3";
    p->fw = c->fw;
    p->framework = fw_names[c->fw];
    p->os = x.os;
    if (!strcmp(x.os, "linux")) {
        x.drv_os = x.tab_os = "linux";
    } else if (!strcmp(x.os, "wsl")) {
        x.drv_os = "windows";
        x.tab_os = "linux";
    } else if (!strcmp(x.os, "windows")) {
        x.drv_os = x.tab_os = "windows";
    } else if (!strcmp(x.os, "macos")) {
        x.drv_os = x.tab_os = "macos";
    } else {
        return bad(err, "unknown OS '%s'%s (linux, windows, wsl or macos)", x.os, "");
    }
    if (c->cuda && !is_version(c->cuda))
        return bad(err, "'%s' is not a CUDA version (e.g. 12 or 11.8)%s", c->cuda, "");
    if (c->python && !is_version(c->python))
        return bad(err, "'%s' is not a Python version (e.g. 3.10)%s", c->python, "");
    if (c->driver && !is_version(c->driver))
        return bad(err, "'%s' is not a driver version (e.g. 535.104.05)%s", c->driver, "");
    if (c->version) {
        const char *plus = strchr(c->version, '+');
        asked = plus ? arena_strndup(&p->arena, c->version, (size_t)(plus - c->version))
                     : c->version;
        if (plus)
            want_variant = plus + 1;
        if (!is_version(asked))
            return bad(err, "'%s' is not a %s version", c->version, p->framework);
    }
    if (c->gpu) {
        const char *name = NULL, *cc = NULL, *src = NULL;
        if (is_version(c->gpu) && ncomp(c->gpu) == 2) {
            cc = c->gpu;
        } else if (kb_gpu_by_name(kb, c->gpu, &name, &cc, &src) != 1) {
            return bad(err, "unknown GPU '%s' (try a compute capability such as 8.9, or "
                       "'gpudoctor matrix gpu %s')", c->gpu, c->gpu);
        } else if (!cc) {
            return bad(err, "the compute capability of GPU '%s' is not known; give it as --gpu "
                       "X.Y%s", c->gpu, "");
        }
        p->gpu_name = name;
        p->gpu_cc = cc;
        x.cc = cc;
        if (name)
            add_note(&p->notes, &p->n_notes, &p->alloc_notes, "gpu",
                     arena_printf(&p->arena, "%s has compute capability %s", name, cc), src);
    }
    if (c->driver) {
        const char *cmax = NULL, *src = NULL;
        if (kb_driver_cuda_max(kb, c->driver, &cmax, &src) == 1)
            add_note(&p->notes, &p->n_notes, &p->alloc_notes, "driver",
                     arena_printf(&p->arena, "driver %s supports CUDA up to %s", c->driver, cmax),
                     src);
    }

    if (!strcmp(x.os, "macos"))
        return plan_macos(kb, c, p);   /* Metal, not CUDA (plan_macos.c) */
    if (c->fw == PLAN_JAX && !strcmp(x.os, "windows")) {
        p->why = "JAX has no CUDA build for native Windows: use WSL2 (--os wsl)";
        add_note(&p->rejects, &p->n_rejects, &p->alloc_rejects, "os", p->why,
                 "https://docs.jax.dev/en/latest/installation.html");
        return 0;
    }

    v = collect(&x, &n);
    for (i = 0; i < n; i++) {
        const char *topic = NULL, *why;
        if (asked && !version_matches(c, asked, &v[i]))
            continue;
        if (want_variant && v[i].variant && strcmp(want_variant, v[i].variant))
            continue;
        matched++;
        why = check(&x, &v[i], &topic);
        if (why) {
            add_note(&p->rejects, &p->n_rejects, &p->alloc_rejects, topic, why, v[i].source);
            continue;
        }
        x.record = 1;
        (void)check(&x, &v[i], &topic);
        /* "2.10" pins the row's release ("2.10.0", "2.16.1"); "2.4" -> "2.4.0". */
        if (asked && ncomp(asked) < 3)
            asked = c->fw == PLAN_TENSORFLOW ? v[i].version
                    : arena_printf(&p->arena, ncomp(asked) == 1 ? "%s.0.0" : "%s.0", asked);
        fill(&x, &v[i], asked);
        p->found = 1;
        flag_unverified(p, v[i].source);
        break;
    }
    free(v);
    if (p->found)
        return 1;
    if (asked && !matched) {
        return bad(err, "%s %s is not in the knowledge base (see 'gpudoctor matrix')",
                   p->framework, c->version);
    }
    if (p->n_rejects == 1)
        p->why = p->rejects[0].text;
    else if (asked)
        p->why = arena_printf(&p->arena, "no build of %s %s satisfies the constraints",
                              p->framework, c->version);
    else
        p->why = arena_printf(&p->arena, "no %s release in the knowledge base satisfies the "
                              "constraints", p->framework);
    return 0;
}
