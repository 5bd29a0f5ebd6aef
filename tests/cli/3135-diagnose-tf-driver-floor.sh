# Issue 18: check judges a TensorFlow install's driver by TensorFlow's own
# documented minimum (data/tf_driver.kb: ">= 525.60.13 for Linux" for its CUDA
# 12 builds), not CUDA 12.5's release driver 555.42.02 -- except on a GPU the
# build has no SASS for (build_info's list), whose PTX the driver JIT-compiles:
# there the toolkit's own driver applies.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
tf218() {
    venv /home/u/tf 3.12
    nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.5.82
    nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.5.3.2
    mklib "$SITE/nvidia/cublas/lib/libcublasLt.so.12" libcublasLt.so.12
    nvwheel cufft libcufft.so.11 nvidia-cufft-cu12 11.2.3.61
    nvwheel cusolver libcusolver.so.11 nvidia-cusolver-cu12 11.6.3.83
    nvwheel cusparse libcusparse.so.12 nvidia-cusparse-cu12 12.5.1.3
    nvwheel cudnn libcudnn.so.9 nvidia-cudnn-cu12 9.3.0.75
    tensorflow 2.18.0 12.5.1 9 "$(tf_rpath cublas cuda_runtime cudnn cufft cusolver cusparse)" tensorflow \
        "'sm_60', 'sm_70', 'sm_80', 'sm_89', 'compute_90'"
}
# 1. RTX 4090 (8.9, sm_89 SASS) on driver 530: above TensorFlow's 525.60.13,
# below the toolkit's 555.42.02 -- no driver finding.
machine 530.30.02 0x2684
tf218
gdcheck --json --env VIRTUAL_ENV=/home/u/tf
expect_json '[.findings[] | select(.code == "GD208")] | length == 0'
expect_json "$(v tensorflow) | .gpu == \"yes\""
# 2. Driver 520 (CUDA 11.8's): older than TensorFlow's floor -- GD208 cites
# TensorFlow's install page.
rm -rf "$ROOT"; mkdir -p "$ROOT"
machine 520.61.05 0x2684
tf218
gdcheck --json --env VIRTUAL_ENV=/home/u/tf
expect_rc 1
expect_json '[.findings[] | select(.code == "GD208")] | length == 1'
expect_json '.findings[] | select(.code == "GD208") | .title | test("needs 525.60.13 or newer: TensorFlow.s own documented minimum")'
expect_json '.findings[] | select(.code == "GD208") | [.evidence[].path] | any(. != null and test("tensorflow.org/install/pip"))'
# 3. H100 (9.0): 2.18 carries compute_90 PTX only, so driver 535 (>= 525.60.13,
# < 555.42.02) is too old for the JIT -- GD208 with the toolkit's driver.
rm -rf "$ROOT"; mkdir -p "$ROOT"
machine 535.104.05 0x2330
tf218
gdcheck --json --env VIRTUAL_ENV=/home/u/tf
expect_rc 1
expect_json '.findings[] | select(.code == "GD208") | .title | test("needs 555.42.02 or newer: its PTX is JIT-compiled")'
expect_json '.findings[] | select(.code == "GD208") | [.evidence[].text] | any(test("PTX only for compute capability 9.0"))'
gdcheck --env VIRTUAL_ENV=/home/u/tf
expect_text "555.42.02"
