# XGBoost (issue 27's worked framework): its libxgboost.so links the CUDA
# runtime statically and loads NCCL at run time, so whether it is a GPU
# build is read from its fat binaries (.nv_fatbin), not from DT_NEEDED or
# its name.  A CUDA wheel on an RTX 4090 with driver 535: yes; xgboost-cpu:
# no, with the reinstall of the CUDA wheel the chooser takes for the driver; a libxgboost.so without device
# code: no; compiled only for sm_50/sm_60: the 4090 (sm_89) is not in it;
# the CUDA 12.8 build of 2.1.4 on driver 470 (CUDA 11.4): too old.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 535.104.05 0x2684
venv /home/u/xg 3.12
dist "$SITE" xgboost 3.0.5 "Requires-Dist: numpy
Requires-Dist: scipy
Requires-Dist: nvidia-nccl-cu12 ; platform_system == \"Linux\" and platform_machine != \"aarch64\""
put "$SITE/xgboost/__init__.py" ""
# cmake/Utils.cmake's defaults with CUDA >= 12.8: 50 60 70 80 90 100 120
cuda_ext "$SITE/xgboost/lib/libxgboost.so" libxgboost.so "50 60 70 80 90 100 120"
gdcheck --json --env VIRTUAL_ENV=/home/u/xg
expect_rc 0
expect_json "$(v xgboost) | .gpu == \"yes\""
gdcheck --facts --env VIRTUAL_ENV=/home/u/xg
expect_json '.python_envs[0].frameworks[] | select(.name == "xgboost") | .device_code == true and (.compiled_archs | index("sm_90") != null) and (.compiled_archs_source | endswith("xgboost/lib/libxgboost.so"))'

# Only sm_50 and sm_60 compiled in, no PTX: the RTX 4090 (8.9) cannot run it.
cuda_ext "$SITE/xgboost/lib/libxgboost.so" libxgboost.so "50 60"
gdcheck --json --env VIRTUAL_ENV=/home/u/xg
expect_rc 1
expect_json "$(v xgboost) | .gpu == \"no\""
expect_json '[.findings[] | select(.code == "GD209")] | length == 1'

# A libxgboost.so without a fat binary (a CPU build under the xgboost name).
printf 'int XGBoosterCreate(void) { return 0; }\n' >"$CASE_DIR/cpu.c"
$CC -shared -fPIC -o "$ROOT/$SITE/xgboost/lib/libxgboost.so" -Wl,-soname,libxgboost.so "$CASE_DIR/cpu.c" || fail "cpu lib"
gdcheck --json --env VIRTUAL_ENV=/home/u/xg
expect_rc 1
expect_json "$(v xgboost) | .gpu == \"no\""
expect_json '.findings[] | select(.code == "GD211") | (.title | test("xgboost 3.0.5 has no CUDA code")) and ([.evidence[].text] | any(test("no CUDA fat binary")))'
# Driver 535 runs CUDA 12 only: the chooser's newest CUDA 12 wheel is
# xgboost-cu12 3.4 (xgboost 3.4 itself is a CUDA 13 build).
expect_json '[.findings[] | select(.code == "GD211") | .fixes[].command // ""] | any(test("pip install \"xgboost-cu12==3[.]4[.][*]\""))'

# xgboost-cpu: CPU only whatever its library; the fix removes it for the CUDA wheel.
rm -rf "$ROOT/$SITE"/xgboost-3.0.5.dist-info
dist "$SITE" xgboost-cpu 3.0.5
gdcheck --json --env VIRTUAL_ENV=/home/u/xg
expect_rc 1
expect_json "$(v xgboost) | .gpu == \"no\""
expect_json '.findings[] | select(.code == "GD211") | .title | test("xgboost-cpu 3.0.5 is a CPU-only build")'
expect_json '[.findings[] | select(.code == "GD211") | .fixes[].command // ""] | any(test("pip uninstall -y .*xgboost-cpu"))'
expect_json '[.findings[] | select(.code == "GD211") | .fixes[].command // ""] | any(test("pip install \"xgboost-cu12==3[.]4[.][*]\""))'

# 2.1.4, built with CUDA 12.8 (xgboost.kb), on driver 470 (CUDA 11.4 at most): too old.
rm -rf "$ROOT/$SITE"/xgboost_cpu-3.0.5.dist-info
dist "$SITE" xgboost 2.1.4
cuda_ext "$SITE/xgboost/lib/libxgboost.so" libxgboost.so "50 60 70 80 90 100 120"
rm -f "$ROOT"/usr/lib/x86_64-linux-gnu/libcuda.so* "$ROOT"/usr/lib/x86_64-linux-gnu/libnvidia-ml.so*
kmod 470.223.02
mkdriver 470.223.02
gdcheck --json --env VIRTUAL_ENV=/home/u/xg
expect_rc 1
expect_json "$(v xgboost) | .gpu == \"no\""
expect_json '.findings[] | select(.code == "GD208") | (.title | test("too old for xgboost.s CUDA 12.8")) and ([.evidence[].text] | any(test("xgboost 2.1.4: built with CUDA 12.8")))'
