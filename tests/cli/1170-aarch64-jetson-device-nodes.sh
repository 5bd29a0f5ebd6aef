#!/bin/sh
# A Jetson (L4T 36.4.3) whose /dev has none of L4T's GPU nodes -- what an
# L4T container started without NVIDIA's runtime sees: GD105 for the
# Jetson's nodes (/dev/nvmap, /dev/nvhost-ctrl-gpu, /dev/nvgpu); with
# /dev/nvmap and the nvgpu directory of newer releases, nothing; without a
# /dev at all (an image), nothing is judged.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64_sh
a64_jetson_tree 36 4.3 "NVIDIA Jetson AGX Orin Developer Kit" 'nvidia,p3737-0000+p3701-0000\0nvidia,p3701-0000\0nvidia,tegra234\0'
a64_ldconfig
gdcheck --json
expect_json '.system.arch == "aarch64" and .tegra.soc == "tegra234"'
expect_json '[.findings[] | select(.code == "GD105")] | length == 0'
mkd dev
put /dev/null ""
gdcheck --json
expect_rc 1
expect_json '.findings[] | select(.code == "GD105") | .severity == "error" and (.title | test("Jetson.s GPU device nodes are missing"))'
mkdir -p "$ROOT/dev/nvgpu/igpu0"
put /dev/nvmap ""
gdcheck --json
expect_json '[.findings[] | select(.code == "GD105")] | length == 0'
