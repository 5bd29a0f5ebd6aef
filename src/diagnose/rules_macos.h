/*
 * rules_macos.h - the macOS rules (check --os macos; rules_macos.c).
 *
 * On a Mac the GPU is Apple's, reached through Metal (PyTorch's MPS
 * backend, tensorflow-metal, jax-metal), never CUDA.  rules_macos_machine
 * adds the machine-level findings (CUDA packages or CUDA variables on a Mac:
 * GD214); rules_macos_install replaces a framework module's CUDA judge for
 * one install: the Rosetta interpreter (GD701), macOS too old (GD702), no
 * Metal path built or installed (GD703), a native module that cannot load
 * (GD704), the distribution Apple names for the release (GD705), the
 * tensorflow-metal pairing (GD213), CUDA-only frameworks (GD214).  Both read
 * facts only (facts->macos, the environments) and the kb.
 */
#ifndef GD_DIAGNOSE_RULES_MACOS_H
#define GD_DIAGNOSE_RULES_MACOS_H

#include "diagnose/fw.h"

/* State of one install's macOS judgement. */
struct macos_ctx {
    struct fwctx *c;
};

/** 1 when the facts are a macOS machine's (system.os "macos"). */
int rules_is_macos(const struct facts *f);

/** Machine-level macOS findings; nothing on other systems. */
void rules_macos_machine(const struct facts *f, struct findings *out);

/** Judge one framework install on macOS (sets c->v: gpu, reason, codes). */
void rules_macos_install(struct fwctx *c);

#endif
