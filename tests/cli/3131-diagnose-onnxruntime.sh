# onnxruntime-gpu 1.19.2: its CUDA provider links libcudart.so.12 and
# libcudnn.so.9, neither installed.  Besides the missing libraries, with
# driver 470 (CUDA 11.4 at most) the driver is too old for the CUDA 12.0
# that release was built with: onnxruntime.kb (row for 1.19-1.20, CUDA
# major 12 as linked), cited in the finding.  With driver 535 it is not.
# The missing libraries' fix brings them where the release documents its
# [cuda,cudnn] extras (1.21 on, microsoft/onnxruntime#23659), else names the
# CUDA and cuDNN to install first (issue 29).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 470.223.02 0x2684
venv /home/u/ort 3.11
dist "$SITE" onnxruntime-gpu 1.19.2
put "$SITE/onnxruntime/__init__.py" ""
mkdir -p "$CASE_DIR/stubs" "$ROOT/$SITE/onnxruntime/capi"
for so in libcudart.so.12 libcudnn.so.9; do
    printf 'int x(void) { return 0; }\n' >"$CASE_DIR/s.c"
    $CC -shared -fPIC -o "$CASE_DIR/stubs/$so" -Wl,-soname,$so "$CASE_DIR/s.c" || fail "stub"
done
printf 'int ep(void) { return 1; }\n' >"$CASE_DIR/ep.c"
$CC -shared -fPIC -o "$ROOT/$SITE/onnxruntime/capi/libonnxruntime_providers_cuda.so" "$CASE_DIR/ep.c" \
    -Wl,--no-as-needed -L"$CASE_DIR/stubs" -l:libcudart.so.12 -l:libcudnn.so.9 || fail "cannot link the provider"
gdcheck --json --env VIRTUAL_ENV=/home/u/ort
expect_rc 1
expect_json "$(v onnxruntime) | .gpu == \"no\""
expect_json "$(v onnxruntime) | [.needs[].library] == [\"libcudart.so.12\", \"libcudnn.so.9\"]"
expect_json "$(v onnxruntime) | .findings | index(\"GD201\") != null"
expect_json '[.findings[] | select(.code == "GD208" and (.title | test("CUDA 12.0 runtime")))] | length == 1'
expect_json '.findings[] | select(.code == "GD208") | [.evidence[].text] | any(test("onnxruntime-gpu 1.19.2 is built for CUDA 12.0 and cuDNN 9.0"))'
expect_json '.findings[] | select(.code == "GD208") | [.evidence[].path] | any(test("onnxruntime.ai"))'
# A driver for CUDA 12: the libraries are still missing, the driver is fine.
rm -f "$ROOT"/usr/lib/x86_64-linux-gnu/libcuda.so* "$ROOT"/usr/lib/x86_64-linux-gnu/libnvidia-ml.so*
kmod 535.104.05
mkdriver 535.104.05
gdcheck --json --env VIRTUAL_ENV=/home/u/ort
expect_rc 1
expect_json "$(v onnxruntime) | .findings | index(\"GD201\") != null"
expect_json '[.findings[] | select(.code == "GD208")] | length == 0'
expect_json '[.findings[] | select(.code == "GD201") | .fixes[].title] | any(test("onnxruntime-gpu 1.19.2 loads CUDA 12.x and cuDNN 9 from the system: install them"))'
# 1.22.0: the same release with the nvidia-* wheels its extras bring.
rm -rf "$ROOT/$SITE"/onnxruntime_gpu-1.19.2.dist-info
dist "$SITE" onnxruntime-gpu 1.22.0
gdcheck --json --env VIRTUAL_ENV=/home/u/ort
expect_rc 1
expect_json '[.findings[] | select(.code == "GD201") | .fixes[].command // ""] | any(test("pip install \"onnxruntime-gpu\\[cuda,cudnn\\]==1.22.0\"$"))'
exit 0
