#!/bin/sh
# 0080-system-wheel-cudart-not-loadable: torch's wheel runtime
# nvidia/cuda_runtime/lib/libcudart.so.12 that is empty, truncated or built
# for aarch64 is not a loadable library: neither the RUNPATH search nor
# torch's preload of site-packages/nvidia/*/lib may accept it, so the
# verdict is not "GPU YES" and the runtime is reported missing.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 550.54.15 0x2330
venv /srv/env 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.4.127
nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.4.5.8
nvwheel cudnn libcudnn.so.9 nvidia-cudnn-cu12 9.1.0.70
nvwheel nccl libnccl.so.2 nvidia-nccl-cu12 2.20.5
torch 2.4.0+cu124 12.4 libcudart.so.12 libcublas.so.12 libcudnn.so.9 libnccl.so.2
CUDART="$ROOT/srv/env/lib/python3.11/site-packages/nvidia/cuda_runtime/lib/libcudart.so.12"
cp "$CUDART" "$CASE_DIR/good.so"

# The healthy wheel first: the oracle that the fixture itself is sound.
gdcheck --json --env VIRTUAL_ENV=/srv/env
expect_rc 0
expect_json "$(v torch) | .gpu == \"yes\""

broken() {   # broken WHAT: check the machine with the runtime broken that way
    gdcheck --json --env VIRTUAL_ENV=/srv/env
    expect_json "$(v torch) | .gpu != \"yes\""
    expect_json "$(v torch) | .needs[] | select(.role == \"cudart\") | .path == null"
    expect_json '[.findings[] | select(.code == "GD201")] | length == 1'
    gdcheck --no-color --env VIRTUAL_ENV=/srv/env
    expect_no_text "torch 2.4.0+cu124 (venv /srv/env): GPU YES"
    [ "$RC" -ne 0 ] || fail "$1: exit status 0 for a runtime that cannot load"
}

: >"$CUDART"
broken empty
head -c 100 "$CASE_DIR/good.so" >"$CUDART"
broken truncated-in-program-headers
head -c $(($(wc -c <"$CASE_DIR/good.so") / 2)) "$CASE_DIR/good.so" >"$CUDART"
broken truncated-in-segments
command -v aarch64-linux-gnu-gcc >/dev/null || skip "no aarch64-linux-gnu-gcc for the aarch64 runtime"
printf 'int gd_which(void) { return 1; }\n' >"$CASE_DIR/a64.c"
aarch64-linux-gnu-gcc -shared -fPIC -nostdlib -o "$CUDART" -Wl,-soname,libcudart.so.12 "$CASE_DIR/a64.c" \
    || fail "cannot build the aarch64 runtime"
broken aarch64
