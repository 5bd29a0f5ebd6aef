# check --probe --verify-libs: the files the loader model predicts for a
# torch venv are loaded for real, in a child process.  The CUDA runtime is a
# real library (loads); cuBLAS links a library that exists nowhere (dlopen
# fails: missing DT_NEEDED); cuDNN calls a function no library defines
# (dlopen with RTLD_NOW fails: undefined symbol).  The model says "found"
# for all three (it reads headers and DT_NEEDED names, not symbols), so the
# two failures become GD516 with the dlerror text.  (A truncated cuDNN is no
# longer such a case: the model refuses it, see 0080.)  Without --verify-libs nothing of the venv is loaded;
# --verify-libs alone is a usage error; probe --verify-libs says the same.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
install_fake "$DRV"
export GD_FAKE_DRIVER="devices=1;name0=NVIDIA A100-SXM4-80GB;cc0=8.0"
PT=/home/u/pt
venv $PT 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.1.105
# cuBLAS with a DT_NEEDED that no directory holds.
mkdir -p "$CASE_DIR/gone"
printf 'int gone(void) { return 7; }\n' >"$CASE_DIR/gone.c"
$CC -shared -fPIC -o "$CASE_DIR/gone/libgd_gone.so.1" -Wl,-soname,libgd_gone.so.1 "$CASE_DIR/gone.c" || fail "gone"
mklib "$SITE/nvidia/cublas/lib/libcublas.so.12" libcublas.so.12 -Wl,--no-as-needed -L"$CASE_DIR/gone" -l:libgd_gone.so.1
rm -rf "$CASE_DIR/gone"
dist "$SITE" nvidia-cublas-cu12 12.1.3.1
# cuDNN calling a function that nothing defines (a build against another
# version of a dependency leaves such a reference).
nvwheel cudnn libcudnn.so.9 nvidia-cudnn-cu12 9.1.0.70
printf 'int gd_nowhere(void);\nint cudnn_uses(void) { return gd_nowhere(); }\n' >"$CASE_DIR/undef.c"
$CC -shared -fPIC -o "$ROOT/$SITE/nvidia/cudnn/lib/libcudnn.so.9" -Wl,-soname,libcudnn.so.9 "$CASE_DIR/undef.c" || fail "undef"
torch 2.4.0+cu121 12.1 libcudart.so.12 libcublas.so.12 libcudnn.so.9
VENV="$ROOT$PT"
ck() { gd check --clear-env --env "LD_LIBRARY_PATH=$DRV" --prefix "$VENV" "$@"; }

ck --probe --verify-libs --json
expect_rc 1
T='.probe.verify_libs[] | select(.subject | startswith("torch"))'
expect_json "[$T | .libraries[].library] == [\"libcudart.so.12\", \"libcublas.so.12\", \"libcudnn.so.9\"]"
expect_json "$T | .libraries[0].result == \"loaded\" and .libraries[0].dlerror == null"
expect_json "$T | .libraries[0].path | startswith(\"$VENV/lib/python3.11/site-packages/\") and endswith(\"/nvidia/cuda_runtime/lib/libcudart.so.12\")"
expect_json "$T | .libraries[1].result == \"failed\" and (.libraries[1].dlerror | contains(\"libgd_gone.so.1: cannot open shared object file\"))"
expect_json "$T | .libraries[2].result == \"failed\" and (.libraries[2].dlerror | test(\"undefined symbol: gd_nowhere\"))"
expect_json "$T | .child.end == \"exited\" and .child.complete == true"
expect_json '[.findings[] | select(.code == "GD516" and .kind == "broken_install")] | length == 2'
expect_json '[.findings[] | select(.code == "GD516") | .evidence[].text | select(contains("libgd_gone.so.1"))] | length == 1'
expect_json '[.findings[] | select(.code == "GD516") | .title | select(contains("libcudnn.so.9"))] | length == 1'

ck -v --probe --verify-libs
expect_rc 1
expect_text "Library check (--verify-libs"
expect_text "libcudart.so.12"
expect_text "loads"
expect_text "libgd_gone.so.1: cannot open shared object file"

# Not asked: nothing of the venv is loaded.
ck --probe --json
expect_json '.probe.verify_libs == null'
expect_json '[.findings[] | select(.code == "GD516")] | length == 0'

ck --verify-libs
expect_rc 2
expect_err "needs --probe"
gd check --probe --verify-libs --root "$ROOT"
expect_rc 2

# probe --verify-libs: the same scan and the same answer.
gd probe --clear-env --env "LD_LIBRARY_PATH=$DRV" --prefix "$VENV" --verify-libs --json
expect_rc 1
expect_json "[$T | .libraries[].result] == [\"loaded\", \"failed\", \"failed\"]"
expect_json '[.findings[] | select(.code == "GD516")] | length == 2'
gd probe --prefix "$VENV"
expect_rc 2
