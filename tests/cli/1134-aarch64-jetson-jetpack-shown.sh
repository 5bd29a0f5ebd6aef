#!/bin/sh
# The JetPack and CUDA of a known L4T release, in the text report, check
# --json and the facts (which read back through --from-facts): L4T 35.4.1
# is JetPack 5.1.2 with CUDA 11.4 (NVIDIA's JetPack 5.1.2 page, a verified
# row); an L4T container image without /etc/nv_tegra_release, whose dpkg
# status names nvidia-l4t-core 38.2.1, is JetPack 7.0 with CUDA 13.0.  And
# NVIDIA's JetPack 6 torch (CUDA 12.6) on that JetPack 5 Jetson with a CUDA
# 12 runtime installed: everything resolves, but L4T 35's driver is older
# than the build's CUDA -- a GD206 warning that names NVIDIA's CUDA upgrade
# packages, not an error.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
a64_base
a64_jetson_tree 35 4.1 "NVIDIA Jetson AGX Orin Developer Kit" 'nvidia,p3737-0000+p3701-0000\0nvidia,p3701-0000\0nvidia,tegra234\0'
a64_ldconfig

gdcheck --facts
[ $RC -le 1 ] || fail "check --facts exit $RC"
cp "$OUT" "$CASE_DIR/facts.json"
expect_json '.tegra.l4t == "35.4.1" and .tegra.jetpack == "5.1.2" and .tegra.jetpack_cuda == "11.4"'
expect_json '.tegra.jetpack_source | test("^https://developer.nvidia.com/embedded/jetpack-sdk-512 ")'
expect_json '.tegra.gpu_name == "Jetson AGX Orin" and .tegra.gpu_from == "model"'
gdcheck --json
expect_json '.tegra.jetpack == "5.1.2" and .tegra.jetpack_cuda == "11.4"'
expect_json '[.findings[] | select(.code == "GD113")] | length == 0'
gdcheck -v
expect_text "JetPack       5.1.2 (L4T 35.4.1), which ships CUDA 11.4"
expect_no_text "unverified kb row"
GD_NO_FROM_FACTS=1 gd check --from-facts "$CASE_DIR/facts.json" --facts
jq -S .tegra "$CASE_DIR/facts.json" >"$CASE_DIR/t1"
jq -S .tegra "$OUT" >"$CASE_DIR/t2" || fail "no JSON from --from-facts --facts"
cmp -s "$CASE_DIR/t1" "$CASE_DIR/t2" || fail "tegra facts differ after the round trip: $(diff "$CASE_DIR/t1" "$CASE_DIR/t2" | head -n 5)"

# NVIDIA's JetPack 6 wheel with a CUDA 12 runtime on this JetPack 5 Jetson.
a64_jetpack6_cuda
venv /home/u/pt 3.10
a64_torch 2.5.0a0+872d972e41.nv24.08 12.6 libcudart.so.12
gdcheck --json --env VIRTUAL_ENV=/home/u/pt --env LD_LIBRARY_PATH=/$C12
expect_json '.findings[] | select(.code == "GD206") | .severity == "warning" and (.title | test("for CUDA 12.6, that is JetPack 6.1 to 6.2"))'
expect_json '[.findings[] | select(.code == "GD206") | .evidence[].text | select(test("CUDA upgrade packages for Jetson"))] | length == 1'
expect_json '[.findings[] | select(.code == "GD201")] | length == 0'

# An L4T container image: no /etc/nv_tegra_release, nvidia-l4t-core 38.2.1.
rm -rf "$ROOT/home/u/pt" "$ROOT/etc/nv_tegra_release"
put /var/lib/dpkg/status "Package: nvidia-l4t-core
Status: install ok installed
Priority: standard
Section: admin
Architecture: arm64
Version: 38.2.1-20250910153414
Description: NVIDIA Core Package"
gdcheck --json
expect_json '.tegra.l4t == "38.2.1" and .tegra.l4t_source == "dpkg:nvidia-l4t-core" and .tegra.jetpack == "7.0" and .tegra.jetpack_cuda == "13.0"'
gdcheck -v
expect_text "JetPack       7.0 (L4T 38.2.1), which ships CUDA 13.0"

# The table itself: `matrix jetson` (the jetpack table) with its sources.
gd matrix jetson 35.4
expect_rc 0
expect_text "35.4.1  5.1.2    11.4"
expect_text "https://developer.nvidia.com/embedded/jetpack-sdk-512"
gd matrix tegra-soc
expect_text "tegra234  Jetson Orin"
