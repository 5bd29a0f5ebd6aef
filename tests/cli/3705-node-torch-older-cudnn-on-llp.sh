# torch's pip wheels with an older cuDNN first on LD_LIBRARY_PATH, two ways
# torch really loads it (pytorch/pytorch#80637, #119989, #188892):
# (1) a wheel with pip CUDA dependencies (2.6.0+cu124: libtorch_cuda's
#     DT_RPATH, --force-rpath, finds nvidia/cudnn/lib's libcudnn.so.9
#     before LD_LIBRARY_PATH), but libcudnn dlopens its sub-libraries by
#     soname and its own DT_RUNPATH ($ORIGIN, as NVIDIA ships cuDNN 9 for
#     x86_64) comes after LD_LIBRARY_PATH: the engines come from the other
#     cuDNN.  GD207 for the mix, not for libcudnn itself.
# (2) a bundled (hermetic) 1.12.1+cu113 wheel: libcudnn.so.8 in torch/lib,
#     reached through libtorch_cuda's DT_RUNPATH ($ORIGIN), which
#     LD_LIBRARY_PATH precedes: torch loads cuDNN 8.0.3 where it was built
#     with 8.3.2 -- "cuDNN version incompatibility".  GD207 with torch's words.
# The real loader (dlwhich, glibc's dlopen from inside the same libraries)
# agrees with the file gpudoctor names each time.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
DLWHICH=${GD_BUILD:?}/helpers/dlwhich
[ -x "$DLWHICH" ] || fail "no $DLWHICH"
machine 550.163.01 0x2684
# cudnnlib PATH SONAME: a cuDNN library whose gd_dlopen() dlopens from inside it.
cudnnlib() {
    mkdir -p "$(dirname "$ROOT/$1")"
    printf '#include <dlfcn.h>\nvoid *gd_dlopen(const char *n) { return dlopen(n, RTLD_NOW); }\n' >"$CASE_DIR/cudnn.c"
    $CC -shared -fPIC -o "$ROOT/$1" -Wl,-soname,"$2" "$CASE_DIR/cudnn.c" -ldl -Wl,--enable-new-dtags '-Wl,-rpath,$ORIGIN' ||
        fail "cannot build $1"
}
subs="libcudnn_graph.so.9 libcudnn_ops.so.9 libcudnn_cnn.so.9 libcudnn_adv.so.9"

# (1) PyPI 2.6.0 (cu124): nvidia-cudnn-cu12 9.1.0.70 in the wheel, cuDNN 9.0.0 in /opt.
venv /home/u/pt 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.4.127
nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.4.5.8
w=$SITE/nvidia/cudnn/lib
cudnnlib "$w/libcudnn.so.9" libcudnn.so.9
for s in $subs; do cudnnlib "$w/$s" "$s"; done
: >"$ROOT/$SITE/nvidia/__init__.py"
dist "$SITE" nvidia-cudnn-cu12 9.1.0.70
torch 2.6.0+cu124 12.4 libcudart.so.12 libcublas.so.12 libcudnn.so.9
o=/opt/cudnn-9.0/lib
cudnnlib "$o/libcudnn.so.9.0.0" libcudnn.so.9
link libcudnn.so.9.0.0 "$o/libcudnn.so.9"
for s in $subs; do cudnnlib "$o/$s.0.0" "$s"; link "$s.0.0" "$o/$s"; done
gdcheck --json --env VIRTUAL_ENV=/home/u/pt --env LD_LIBRARY_PATH=$o
expect_rc 1
expect_json "$(v torch) | .needs[] | select(.role == \"cudnn\") | .resolved_path | endswith(\"nvidia/cudnn/lib/libcudnn.so.9\")"
expect_json "$(v torch) | .needs[] | select(.role == \"cudnn\") | .step == \"rpath\""
expect_json '[.findings[] | select(.code == "GD207")] | length == 1'
expect_json '.findings[] | select(.code == "GD207") | .severity == "error" and (.title | test("sub-libraries from /opt/cudnn-9.0/lib \\(cuDNN 9.0.0\\)")) and (.title | test("SUBLIBRARY_VERSION_MISMATCH"))'
expect_json "[.findings[] | select(.code == \"GD207\") | .evidence[].path] | index(\"$o/libcudnn_graph.so.9\") != null"
expect_json "[.findings[] | select(.code == \"GD207\") | .fixes[] | select(.shell == \"sh\") | .command] | index(\"export LD_LIBRARY_PATH=\\\"\$(printf %s \\\"\$LD_LIBRARY_PATH\\\" | tr ':' '\\\\n' | grep -vxF '$o' | paste -sd: -)\\\"\") != null"
# the pipeline run by sh drops exactly that directory (a fixed string: '.' is no pattern)
cmd=$(jq -r '[.findings[] | select(.code == "GD207") | .fixes[] | select(.shell == "sh") | .command][0]' "$OUT")
got=$(LD_LIBRARY_PATH="/x/cudnn-9x0/lib:$o:/y" sh -c "$cmd"'; printf %s "$LD_LIBRARY_PATH"')
[ "$got" = "/x/cudnn-9x0/lib:/y" ] || fail "the drop pipeline leaves LD_LIBRARY_PATH=$got"
expect_json "$(v torch) | .gpu == \"no\""
lt=$ROOT$SITE/torch/lib/libtorch_cuda.so
REAL=$(env LD_LIBRARY_PATH="$ROOT$o" "$DLWHICH" --needed-of "$lt" libcudnn.so.9)
[ "$REAL" = "$ROOT$SITE/torch/lib/../../nvidia/cudnn/lib/libcudnn.so.9" ] || fail "the real loader's libcudnn.so.9 is $REAL"
REAL=$(env LD_LIBRARY_PATH="$ROOT$o" "$DLWHICH" --via "$lt" libcudnn_graph.so.9)
[ "$REAL" = "$ROOT$o/libcudnn_graph.so.9" ] || fail "the real loader's libcudnn_graph.so.9 is $REAL"
# Without LD_LIBRARY_PATH the wheel's own engines load: no finding.
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 0
expect_json '[.findings[] | select(.code == "GD207")] | length == 0'
REAL=$(env -u LD_LIBRARY_PATH "$DLWHICH" --via "$lt" libcudnn_graph.so.9)
case $REAL in "$ROOT$SITE"/*/nvidia/cudnn/lib/libcudnn_graph.so.9) ;; *) fail "without LD_LIBRARY_PATH the real loader's engine is $REAL" ;; esac

# (2) the bundled 1.12.1+cu113 wheel in another venv, cuDNN 8.0.3 on LD_LIBRARY_PATH.
venv /home/u/old 3.10
dist "$SITE" torch 1.12.1+cu113
put "$SITE/torch/__init__.py" ""
put "$SITE/torch/version.py" "__version__ = '1.12.1+cu113'
cuda = '11.3'
hip = None"
b=$SITE/torch/lib
cudnnlib "$b/libcudnn.so.8" libcudnn.so.8
mklib "$b/libcudart-a7b20f20.so.11.0" libcudart-a7b20f20.so.11.0
mkdir -p "$CASE_DIR/stubs8"
for so in libcudnn.so.8 libcudart-a7b20f20.so.11.0; do
    $CC -shared -fPIC -o "$CASE_DIR/stubs8/$so" -Wl,-soname,"$so" "$CASE_DIR/cudnn.c" -ldl || fail "stub $so"
done
printf 'int torch_cuda(void) { return 1; }\n' >"$CASE_DIR/tc.c"
$CC -shared -fPIC -o "$ROOT$b/libtorch_cuda.so" "$CASE_DIR/tc.c" -Wl,--no-as-needed -L"$CASE_DIR/stubs8" \
    -l:libcudart-a7b20f20.so.11.0 -l:libcudnn.so.8 -Wl,--enable-new-dtags '-Wl,-rpath,$ORIGIN' || fail "libtorch_cuda"
u=/usr/local/cuda-11.0/lib64
cudnnlib "$u/libcudnn.so.8.0.3" libcudnn.so.8
link libcudnn.so.8.0.3 "$u/libcudnn.so.8"
gdcheck --json --env VIRTUAL_ENV=/home/u/old --env LD_LIBRARY_PATH=$u
expect_rc 1
expect_json "$(v torch) | select(.version == \"1.12.1+cu113\") | .needs[] | select(.role == \"cudnn\") | .resolved_path == \"$u/libcudnn.so.8\" and .step == \"ld_library_path\""
expect_json '.findings[] | select(.code == "GD207") | .title | test("compiled against cuDNN 8.3.2.44 but would load cuDNN 8.0.3 \\(\"cuDNN version incompatibility: PyTorch was compiled against \\(8, 3, 2\\) but found runtime version \\(8, 0, 3\\)")'
expect_json "[.findings[] | select(.code == \"GD207\") | .fixes[] | select(.shell == \"fish\") | .command] | index(\"set -gx LD_LIBRARY_PATH (string match -v -- '$u' \$LD_LIBRARY_PATH)\") != null"
REAL=$(env LD_LIBRARY_PATH="$ROOT$u" "$DLWHICH" --needed-of "$ROOT$b/libtorch_cuda.so" libcudnn.so.8)
[ "$REAL" = "$ROOT$u/libcudnn.so.8" ] || fail "the real loader's libcudnn.so.8 is $REAL"
