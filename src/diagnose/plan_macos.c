/*
 * plan_macos.c - `plan --os macos`: there is no CUDA set to pin on a Mac,
 * so the plan is "not found" (a CUDA plan) with the Metal recipe as its
 * reason, built from the knowledge base: tensorflow-metal paired with its
 * TensorFlow (data/tf_metal.kb, the distribution Apple's page names for the
 * release and the oldest macOS: data/pkg_fact.kb macos_dist,
 * metal_min_macos), PyTorch's MPS backend (pkg_fact mps_min_macos), JAX's
 * jax-metal plugin, ONNX Runtime's CoreML provider; CuPy and Paddle have no
 * GPU build there.  Each fact's row is a note with its source.
 */
#include "diagnose/plan.h"

#include <string.h>

#include "kb/kb.h"
#include "util/alloc.h"
#include "util/banned.h"

/* The reason is the one "rejection" (the OS); the facts behind it are
 * notes (shown by --json). */
static void note(struct plan *p, const char *text, const char *source)
{
    if (text == p->why) {
        ALLOC_GROW(p->rejects, p->n_rejects + 1, p->alloc_rejects);
        p->rejects[p->n_rejects].topic = "os";
        p->rejects[p->n_rejects].text = text;
        p->rejects[p->n_rejects].source = source;
        p->n_rejects++;
        return;
    }
    ALLOC_GROW(p->notes, p->n_notes + 1, p->alloc_notes);
    p->notes[p->n_notes].topic = "os";
    p->notes[p->n_notes].text = text;
    p->notes[p->n_notes].source = source;
    p->n_notes++;
}

static void plan_tf(const struct kb *kb, const struct plan_constraints *c, struct plan *p)
{
    const char *metal = NULL, *tf = NULL, *src = NULL, *dist = NULL, *dsrc = NULL, *min = NULL, *msrc = NULL;
    if (kb_tf_metal_for_tf(kb, c->version, &metal, &tf, &src) != 1) {
        p->why = arena_printf(&p->arena, "macOS has no CUDA; TensorFlow uses the GPU there through Apple's "
                              "tensorflow-metal plugin, and %s%s is in no tensorflow-metal pairing the "
                              "knowledge base knows ('gpudoctor matrix tensorflow-metal')",
                              c->version ? "TensorFlow " : "", c->version ? c->version : "no release");
        note(p, p->why, NULL);
        return;
    }
    if (kb_pkg_fact(kb, "tensorflow", "macos_dist", tf, &dist, &dsrc) != 1)
        dist = "tensorflow";
    (void)kb_pkg_fact(kb, "tensorflow", "metal_min_macos", tf, &min, &msrc);
    p->why = arena_printf(&p->arena, "macOS has no CUDA: TensorFlow uses the GPU there through Apple's "
                          "tensorflow-metal plugin: python3 -m pip install \"%s==%s.*\" \"tensorflow-metal==%s\" "
                          "(an arm64 Python%s%s)", dist, tf, metal, min ? ", macOS " : "",
                          min ? arena_printf(&p->arena, "%s or later", min) : "");
    note(p, p->why, src);
    if (dsrc)
        note(p, arena_printf(&p->arena, "TensorFlow %s is installed as %s on a Mac", tf, dist), dsrc);
    if (msrc)
        note(p, arena_printf(&p->arena, "tensorflow-metal needs macOS %s or later", min), msrc);
}

static void plan_torch(const struct kb *kb, struct plan *p)
{
    const char *min = NULL, *src = NULL;
    /* The requirement of current releases. */
    if (kb_pkg_fact_current(kb, "torch", "mps_min_macos", &min, &src) != 1)
        min = NULL;
    p->why = arena_printf(&p->arena, "macOS has no CUDA: PyTorch uses Apple's GPU through its MPS backend: "
                          "python3 -m pip install torch (PyPI's macOS wheels are built with MPS), device "
                          "\"mps\"; an arm64 Python%s%s", min ? ", macOS " : "",
                          min ? arena_printf(&p->arena, "%s or later", min) : "");
    note(p, p->why, src);
}

int plan_macos(const struct kb *kb, const char *framework, const struct plan_constraints *c, struct plan *p)
{
    p->found = 0;
    if (!strcmp(framework, "tensorflow")) {
        plan_tf(kb, c, p);
    } else if (!strcmp(framework, "torch")) {
        plan_torch(kb, p);
    } else if (!strcmp(framework, "jax")) {
        p->why = "macOS has no CUDA: JAX uses Apple's GPU only through the experimental jax-metal plugin: "
                 "python3 -m pip install jax-metal (it pins the jaxlib it works with)";
        note(p, p->why, "https://developer.apple.com/metal/jax/");
    } else if (!strcmp(framework, "onnxruntime")) {
        p->why = "macOS has no CUDA: ONNX Runtime uses the CoreML execution provider there";
        note(p, p->why, NULL);
    } else {
        p->why = arena_printf(&p->arena, "macOS has no CUDA, and %s has no GPU build for macOS", framework);
        note(p, p->why, NULL);
    }
    return 0;
}
