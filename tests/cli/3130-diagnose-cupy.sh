# CuPy (cupy-cuda12x): its runtime module links libcudart.so.12 and cuBLAS;
# with CUDA 12.2 installed under /usr/local but not on the loader path the
# libraries are off the path (GD204); on LD_LIBRARY_PATH, GPU yes; with
# driver 470 (CUDA 11.4 at most), too old for any CUDA 12 wheel.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 535.104.05 0x2684
cuda_toolkit /usr/local/cuda-12.2 12.2.140
mklib /usr/local/cuda-12.2/lib64/libcublas.so.12 libcublas.so.12
venv /home/u/cp 3.11
dist "$SITE" cupy-cuda12x 13.3.0
put "$SITE/cupy/__init__.py" ""
mkdir -p "$CASE_DIR/cstubs" "$ROOT/$SITE/cupy_backends/cuda/api"
for so in libcudart.so.12 libcublas.so.12; do
    printf 'int x(void) { return 0; }\n' >"$CASE_DIR/s.c"
    $CC -shared -fPIC -o "$CASE_DIR/cstubs/$so" -Wl,-soname,$so "$CASE_DIR/s.c" || fail "stub"
done
printf 'int rt(void) { return 1; }\n' >"$CASE_DIR/rt.c"
$CC -shared -fPIC -o "$ROOT/$SITE/cupy_backends/cuda/api/runtime.cpython-311-x86_64-linux-gnu.so" "$CASE_DIR/rt.c" \
    -Wl,--no-as-needed -L"$CASE_DIR/cstubs" -l:libcudart.so.12 -l:libcublas.so.12 || fail "cannot link the module"
gdcheck --json --env VIRTUAL_ENV=/home/u/cp
expect_rc 1
expect_json "$(v cupy) | .gpu == \"no\""
expect_json "$(v cupy) | [.needs[].library] == [\"libcudart.so.12\", \"libcublas.so.12\"]"
expect_json '[.findings[] | select(.code == "GD204")] | length == 1'
gdcheck --json --env VIRTUAL_ENV=/home/u/cp --env LD_LIBRARY_PATH=/usr/local/cuda-12.2/lib64
expect_rc 0
expect_json "$(v cupy) | .gpu == \"yes\""
# Driver 470: CUDA 11.4 at most, and cupy-cuda12x needs 12.0.
rm -f "$ROOT"/usr/lib/x86_64-linux-gnu/libcuda.so* "$ROOT"/usr/lib/x86_64-linux-gnu/libnvidia-ml.so*
kmod 470.223.02
mkdriver 470.223.02
gdcheck --json --env VIRTUAL_ENV=/home/u/cp --env LD_LIBRARY_PATH=/usr/local/cuda-12.2/lib64
expect_rc 1
expect_json '[.findings[] | select(.code == "GD208" and (.title | test("cupy-cuda12x needs CUDA 12.0")))] | length == 1'
# The wheel for the driver's CUDA 11.4 comes from cupy.kb: cupy-cuda11x, last built by CuPy 13;
# the fix engine pins the newest 13.x release line py_support.kb has for the environment's
# Python (fix_choose_cupy), after removing the installed wheel.
expect_json '[.findings[] | select(.code == "GD208") | .fixes[].command // ""] | any(test("pip install \"cupy-cuda11x==13[.][0-9]+[.][*]\""))'
expect_json '[.findings[] | select(.code == "GD208") | .fixes[].command // ""] | any(test("pip uninstall -y cupy-cuda12x$"))'
