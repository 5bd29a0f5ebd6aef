/*
 * plan.c - `gpudoctor plan` as an adapter (plan.h): the constraints read
 * into the release chooser's input, its choice written out by the fix
 * engine, and why each part was chosen.
 */
#include "diagnose/plan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diagnose/choose.h"
#include "diagnose/fixes.h"
#include "diagnose/fw.h"
#include "kb/kb.h"
#include "kb/kbdata.h"
#include "kb/ver_dotted.h"
#include "util/alloc.h"
#include "util/banned.h"

#define CONDA_VIRTUAL "https://docs.conda.io/projects/conda/en/latest/user-guide/tasks/manage-virtual.html"

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

static void add_note(struct plan_note **v, size_t *n, size_t *alloc, const char *topic, const char *text,
                     const char *source)
{
    ALLOC_GROW(*v, *n + 1, *alloc);
    (*v)[*n].topic = topic;
    (*v)[*n].text = text;
    (*v)[*n].source = source;
    (*n)++;
}

static void note(struct plan *p, const char *topic, const char *text, const char *source)
{
    add_note(&p->notes, &p->n_notes, &p->alloc_notes, topic, text, source);
}

static int ncomp(const char *v)
{
    int n = 1;
    for (; *v; v++)
        n += *v == '.';
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

/* Where the build's CUDA comes from, in words, with what it needs besides. */
static void route_notes(struct plan *p, const struct choice *ch, const struct fix_set *set)
{
    struct arena *a = &p->arena;
    const char *cudnn = ch->cudnn ? ch->cudnn : "(unknown)";
    if (!strcmp(ch->route, "pip"))
        note(p, "install", arena_printf(a, "%s brings CUDA %s%s and cuDNN %s%s as pip wheels: only the driver comes "
                                        "from the system", ch->package, ch->cuda, p->cuda_note ? " or newer" : "",
                                        cudnn, p->cuda_note ? " or newer" : ""), ch->accepts_source);
    else if (!strcmp(ch->route, "conda"))
        note(p, "install", arena_printf(a, "%s loads the system's CUDA %s and cuDNN %s: the conda environment "
                                        "isolates them (conda-forge's)", ch->label, ch->cuda, cudnn), ch->source);
    else
        note(p, "install", arena_printf(a, "%s loads CUDA %s (%s) and cuDNN %s from the system: install them on the "
                                        "loader path first%s", ch->label, ch->cuda,
                                        ch->accepts && !strcmp(ch->accepts, "major")
                                            ? arena_printf(a, "any %s.x", ver_dotted_prefix(a, ch->cuda, 1))
                                        : ch->accepts && !strcmp(ch->accepts, "minor-min")
                                            ? arena_printf(a, "%s or a newer %s.x", ch->cuda,
                                                           ver_dotted_prefix(a, ch->cuda, 1))
                                            : "exactly",
                                        cudnn, set->conda ? ", or use the conda line, which brings them" : ""),
             ch->accepts_source);
    if (set->conda && strcmp(ch->route, "pip"))
        /* conda solves CUDA packages against the __cuda virtual package, which it
         * detects from the driver: on a login node without a GPU there is none. */
        note(p, "conda", arena_printf(a, "on a machine without a GPU (a cluster's login node) conda cannot detect "
                                      "CUDA: run the conda line as CONDA_OVERRIDE_CUDA=%s conda create ...",
                                      ver_dotted_prefix(a, ch->cuda, 2)), CONDA_VIRTUAL);
    if (ch->extra_reqs)
        note(p, "install", arena_printf(a, "%s: %s", ch->extra_reqs, ch->extra_why), ch->extra_source);
    if (ch->warning)
        note(p, "gpu", ch->warning, ch->arch_source);
    if (!set->python_pick)
        note(p, "python", arena_printf(a, "the knowledge base has no Python range for %s: the conda line takes "
                                       "conda-forge's newest Python (pass --python X.Y); check that it has wheels",
                                       ch->label), NULL);
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
        topics = topics ? arena_printf(&p->arena, "%s, %s", topics, p->notes[i].topic) : p->notes[i].topic;
    }
    if (!topics)
        return;
    note(p, "unverified",
         arena_printf(&p->arena, "UNVERIFIED: this plan rests on knowledge-base rows not confirmed from a primary "
                                 "source (%s); check them before relying on it ('gpudoctor matrix --unverified')",
                      topics),
         kbdata_source_unverified(row_source) ? row_source : NULL);
}

/* Fill p from the chooser's choice, the commands from the fix engine. */
static void fill(const struct kb *kb, const struct fw_def *d, const struct choice *ch, struct plan *p)
{
    struct arena *a = &p->arena;
    const struct choose_note *n;
    struct fix_ctx fx;
    struct fix_set set;

    fix_ctx_init(&fx, kb, a);
    fx.os = !strcmp(p->os, "windows") ? "windows" : "linux";
    fix_set_commands(&fx, ch, arena_printf(a, "%s-gpu", fw_short_name(d)), 1, &set);
    p->found = 1;
    p->version = ch->version;
    p->version_range = ch->range;
    p->variant = ch->variant;
    p->route = ch->route;
    p->python = choose_python_text(a, ch->python_range);
    p->python_pick = set.python_pick;
    p->cuda = ch->cuda;
    p->cudnn = ch->cudnn;
    if (ch->accepts && !strcmp(ch->accepts, "minor-min"))
        p->cuda_note = !strcmp(ch->route, "pip") ? "or newer (pip wheels)" : "or a newer minor";
    else if (ch->accepts && !strcmp(ch->accepts, "major") && ch->cuda)
        p->cuda_note = arena_printf(a, "(any %s.x%s%s)", ver_dotted_prefix(a, ch->cuda, 1),
                                    ch->cuda_max ? " up to " : "", ch->cuda_max ? ch->cuda_max : "");
    p->min_driver = ch->driver_need;
    p->driver_rule = ch->driver_rule;
    p->docker_image = ch->image;
    p->pip = set.pip;
    p->conda = set.conda;
    p->index_url = ch->index;
    p->index_only = ch->index_only;
    p->pip_package = set.requirement;
    p->requirements = set.requirements;
    p->dockerfile = set.dockerfile;
    p->docker = set.docker;
    p->image_build = set.image_build;
    p->image_run = set.image_run;
    for (n = ch->notes; n; n = n->next)
        note(p, n->topic, n->text, n->source);
    route_notes(p, ch, &set);
    flag_unverified(p, ch->source);
}

int plan_make(const struct kb *kb, const struct plan_constraints *c, struct plan *p, struct gd_err *err)
{
    const struct fw_def *d = c->framework ? fw_find(c->framework) : NULL;
    struct choose_in in;
    struct choice ch;
    const struct choose_note *r;
    const char *os = c->os ? c->os : "linux";

    if (!d || !d->candidates)
        return bad(err, "unknown framework '%s'", c->framework ? c->framework : "");
    p->framework = d->name;
    p->os = os;
    memset(&in, 0, sizeof(in));
    in.fw = d;
    in.strict = 1;
    in.os = os;
    if (!strcmp(os, "wsl")) {
        in.os = "linux";   /* the Linux builds, with the Windows driver */
        in.wsl = 1;
    } else if (strcmp(os, "linux") && strcmp(os, "windows") && strcmp(os, "macos")) {
        return bad(err, "unknown OS '%s'%s (linux, windows, wsl or macos)", os, "");
    }
    if (c->cuda && !is_version(c->cuda))
        return bad(err, "'%s' is not a CUDA version (e.g. 12 or 11.8)%s", c->cuda, "");
    if (c->python && !is_version(c->python))
        return bad(err, "'%s' is not a Python version (e.g. 3.10)%s", c->python, "");
    if (c->driver && !is_version(c->driver))
        return bad(err, "'%s' is not a driver version (e.g. 535.104.05)%s", c->driver, "");
    if (c->version) {
        const char *plus = strchr(c->version, '+');
        if (!is_version(plus ? arena_strndup(&p->arena, c->version, (size_t)(plus - c->version)) : c->version))
            return bad(err, "'%s' is not a %s version", c->version, p->framework);
    }
    if (c->gpu) {
        const char *name = NULL, *cc = NULL, *src = NULL;
        if (is_version(c->gpu) && ncomp(c->gpu) == 2)
            cc = c->gpu;
        else if (kb_gpu_by_name(kb, c->gpu, &name, &cc, &src) != 1)
            return bad(err, "unknown GPU '%s' (try a compute capability such as 8.9, or 'gpudoctor matrix gpu %s')",
                       c->gpu, c->gpu);
        else if (!cc)
            return bad(err, "the compute capability of GPU '%s' is not known; give it as --gpu X.Y%s", c->gpu, "");
        p->gpu_name = name;
        p->gpu_cc = in.gpu_cc = cc;
        if (name)
            note(p, "gpu", arena_printf(&p->arena, "%s has compute capability %s", name, cc), src);
    }
    if (c->driver) {
        const char *cmax = NULL, *src = NULL;
        if (kb_driver_cuda_max(kb, c->driver, &cmax, &src) == 1)
            note(p, "driver", arena_printf(&p->arena, "driver %s supports CUDA up to %s", c->driver, cmax), src);
    }
    if (!strcmp(os, "macos"))
        return plan_macos(kb, d->name, c, p);   /* Metal, not CUDA (plan_macos.c) */
    in.want = c->version;
    in.python = c->python;
    in.driver = c->driver;
    in.cuda = c->cuda;
    in.arch = c->arch;
    in.jetson = c->jetson;
    if (choose(kb, &in, &p->arena, &ch) == 1) {
        fill(kb, d, &ch, p);
        for (r = ch.rejects; r; r = r->next)
            add_note(&p->rejects, &p->n_rejects, &p->alloc_rejects, r->topic, r->text, r->source);
        return 1;
    }
    if (c->version && !ch.n_wanted)
        return bad(err, "%s %s is not in the knowledge base (see 'gpudoctor matrix')", p->framework, c->version);
    for (r = ch.rejects; r; r = r->next)
        add_note(&p->rejects, &p->n_rejects, &p->alloc_rejects, r->topic, r->text, r->source);
    if (p->n_rejects == 1)
        p->why = p->rejects[0].text;
    else if (c->version)
        p->why = arena_printf(&p->arena, "no build of %s %s satisfies the constraints", p->framework, c->version);
    else
        p->why = arena_printf(&p->arena, "no %s release in the knowledge base satisfies the constraints: %s",
                              p->framework, ch.why_not);
    return 0;
}
