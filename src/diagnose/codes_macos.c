/*
 * codes_macos.c - finding codes GD7xx: macOS (check --os macos), where the
 * GPU is reached through Metal.  Registry rows only; the rules live in
 * rules_macos.c (which also uses GD213 and GD214).  Codes are never reused;
 * document each in docs/findings.md.  Append new rows, never reorder.
 */
#include "diagnose/finding.h"

#include <stddef.h>

#include "util/banned.h"

const struct finding_code finding_codes_macos[] = {
    { "GD701", "apple_silicon", "macOS: an x86_64-only Python on Apple Silicon runs under Rosetta 2, "
      "without the Metal GPU path" },
    { "GD702", "apple_silicon", "macOS: the release is older than the framework's Metal path needs "
      "(PyTorch's MPS, tensorflow-metal)" },
    { "GD703", "cpu_only_build", "macOS: the framework's Metal path is not built or not installed "
      "(torch without MPS, no tensorflow-metal, no jax-metal)" },
    { "GD704", "extension_build_mismatch", "macOS: a native module cannot load (no slice for the "
      "interpreter's architecture, or built for a newer macOS)" },
    { "GD705", "framework_plugin_mismatch", "macOS: tensorflow-macos and tensorflow: Apple's instructions "
      "name the other distribution for this release" },
    { NULL, NULL, NULL }
};
