/*
 * ctk_dsl.h - the requirement language of NVIDIA_REQUIRE_* values, as
 * nvidia-container-cli evaluates a --require expression
 * (NVIDIA/libnvidia-container src/cli/dsl.c, src/cli/configure.c).
 *
 * An expression is groups separated by spaces, OR'ed; a group is terms
 * separated by commas, AND'ed; a term is KEY OP VALUE with OP one of
 * = != < <= > >= and KEY (any case) cuda (the driver's CUDA version, as
 * nvmlSystemGetCudaDriverVersion gives it: "12.4"), driver (the NVRM
 * version "550.54.15"), arch (the GPU's compute capability "8.9") or brand
 * (NVML's brand name, = and != only, any case).  Versions compare number
 * by number, trailing ".0"s ignored; a version with anything but digits
 * and dots, an unknown key or a malformed term makes the whole expression
 * invalid (the CLI then fails with "requirement error: invalid
 * expression").  The CLI counts a fact it does not have (no GPU selected:
 * arch and brand) as satisfied; gpudoctor keeps apart what it does not
 * know about the node (a NULL field here): such a term is "unknown", and
 * an expression whose outcome depends on it is "cannot tell".
 *
 * When an expression fails, the CLI's message names the first
 * space-separated group of the whole value, not the failing term, and
 * adds its driver advice when that group starts with "cuda>=".
 */
#ifndef GD_IMAGE_CTK_DSL_H
#define GD_IMAGE_CTK_DSL_H

#include <stddef.h>

struct dsl_facts {
    const char *cuda;        /* "12.4", or NULL unknown */
    const char *driver;      /* "550.54.15", or NULL */
    const char *arch;        /* "8.9"; NULL unknown */
    const char *brand;       /* "Tesla", "GeForce"...; NULL unknown */
    int no_device;           /* evaluated without a GPU (--device none): arch, brand true */
};

enum dsl_result { DSL_INVALID = -2, DSL_UNKNOWN = -1, DSL_FALSE = 0, DSL_TRUE = 1 };

/**
 * Evaluate expr against f.  On DSL_FALSE or DSL_UNKNOWN, *term (when not
 * NULL) is the first term that failed / could not be evaluated, written
 * into buf (size bytes).
 */
enum dsl_result ctk_dsl_eval(const char *expr, const struct dsl_facts *f, char *buf, size_t size);

/**
 * The message nvidia-container-cli prints when expr fails:
 * "unsatisfied condition: <first group>[, please update your driver to a
 * newer version, or use an earlier cuda container]", into buf.
 */
void ctk_dsl_message(const char *expr, char *buf, size_t size);

/** libnvidia-container's dsl_compare_version: 1 / 0, -1 when a side is not [0-9.]* . */
int ctk_dsl_compare_version(const char *v1, const char *op, const char *v2);

#endif
