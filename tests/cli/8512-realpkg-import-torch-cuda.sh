# probe --import against Debian 13's python3-torch-cuda 2.6 as apt leaves it
# on a machine where nobody answered nvidia-cudnn's licence question (a
# noninteractive install: its postinst downloads cuDNN only after "I
# Agree"), so libcudnn.so.9 is missing.  The tree is 8511's trixie userland
# (hard-linked, private to the case) with python3-torch, libtorch2.6 and
# libtorch-test taken out as apt does (python3-torch-cuda and
# libtorch-cuda-2.6 conflict with the first two; the third depends on one) and
# Debian's real libtorch-cuda-2.6, python3-torch-cuda, libcudart12,
# nvidia-cudnn and the 550 driver's user space put in; the CUDA libraries
# nobody needs to download (cuBLAS, cuFFT, NCCL, ...: 2 GB) are stand-ins
# with their sonames (tests/realpkg: rp_standins).  check predicts GD202,
# libcudnn.so.9 not found; the real import by the tree's own python3 fails
# on exactly that file (glibc maps every DT_NEEDED before it binds a
# symbol, so the stand-ins cannot change which file is reported missing),
# and probe --import says the two agree.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/static.inc"
. "$GD_TESTS/realpkg/lib.sh"
static_frameworks_tree
rp_init
RP_SUITE=trixie
rm -rf "$ROOT"
cp -al "$TREE" "$ROOT" || fail "cannot copy the frameworks tree"

# dpkg_remove PKG: what dpkg -r leaves (its files gone, no status stanza).
# The tree is hard-linked: rm unlinks the case's name only.
dpkg_remove() {
    _l="$ROOT/var/lib/dpkg/info/$1.list"
    [ -f "$_l" ] || _l="$ROOT/var/lib/dpkg/info/$1:amd64.list"   # Multi-Arch: same
    [ -f "$_l" ] || fail "$1 is not in the frameworks tree"
    while read -r _f; do
        if [ -L "$ROOT$_f" ] || [ -f "$ROOT$_f" ]; then rm -f "$ROOT$_f"; fi
    done <"$_l"
    rm -f "$ROOT/var/lib/dpkg/info/$1".* "$ROOT/var/lib/dpkg/info/$1:amd64".*
    awk -v p="Package: $1" 'BEGIN { RS = ""; ORS = "\n\n" } { split($0, l, "\n"); if (l[1] != p) print }' \
        "$ROOT/var/lib/dpkg/status" >"$CASE_DIR/status" || fail "cannot rewrite the dpkg status"
    rm -f "$ROOT/var/lib/dpkg/status"
    cp "$CASE_DIR/status" "$ROOT/var/lib/dpkg/status"
}
# Debian's python3-torchvision 0.21 is built against the CPU libtorch: its
# _C links libc10.so.2.6 and libtorch_cpu.so.2.6 and has no fat binary.
# Oracle (torch's own dispatcher, with the tree's python3 and the CPU torch
# still in it): once that _C is loaded, torchvision::nms has a CPU kernel
# and no CUDA one.  It stays when apt swaps torch for python3-torch-cuda
# (it depends on "python3-torch | python3-torch-cuda"): check warns GD143.
cp "$ROOT/var/lib/dpkg/status" "$CASE_DIR/status" && rm -f "$ROOT/var/lib/dpkg/status" &&
    cp "$CASE_DIR/status" "$ROOT/var/lib/dpkg/status" || fail "cannot unshare the dpkg status"
rp_install python3-torchvision/trixie
tvc=/usr/lib/python3/dist-packages/torchvision/_C.cpython-313-x86_64-linux-gnu.so
[ -f "$ROOT$tvc" ] || fail "python3-torchvision has no $tvc"
static_in_tree "$ROOT" /usr/bin/python3 -I -c "import torch; torch.ops.load_library('$tvc')
h = torch._C._dispatch_has_kernel_for_dispatch_key
print('nms', h('torchvision::nms', 'CPU'), h('torchvision::nms', 'CUDA'))"
expect_rc 0
expect_text "nms True False"

dpkg_remove python3-torch
dpkg_remove libtorch-test   # depends on libtorch2.6 (=): apt removes it too
dpkg_remove libtorch2.6
rp_driver trixie
rp_install libcudart12/trixie
rp_install libtorch-cuda-2.6/trixie
rp_install python3-torch-cuda/trixie
rp_install nvidia-cudnn/trixie
rp_standins libcudnn.so.9
rp_ldconfig
grep -q '^Package: python3-torch$' "$ROOT/var/lib/dpkg/status" && fail "python3-torch still in the status file"
ext=/usr/lib/python3/dist-packages/torch/_C.cpython-313-x86_64-linux-gnu.so
[ -f "$ROOT$ext" ] || fail "python3-torch-cuda has no $ext"
G=/usr/local/libexec/gd-test/gpudoctor

# The loader oracle first: the tree's own ld.so misses libcudnn.so.9 only.
rp_ldso_list "$ext" && fail "ld.so --list succeeded; expected libcudnn.so.9 to be missing"
grep -q 'libcudnn.so.9: cannot open shared object file' "$CASE_DIR/ldso.out" ||
    fail "the real loader says: $(head -c 300 "$CASE_DIR/ldso.out")"

static_in_tree "$ROOT" "$G" check --json
expect_rc 1
expect_json '[.verdicts[] | select(.framework == "torch") | .gpu] == ["no"]'
expect_json '.python_envs[0].frameworks[] | select(.name == "torch") | .installer.package == "python3-torch-cuda" and .build.cuda == "12.4"'
expect_json '[.python_envs[0].frameworks[] | select(.name == "torch") | .unresolved[].name] == ["libcudnn.so.9"]'
expect_json '[.findings[] | select(.code == "GD202") | .title] | any(test("libcudnn.so.9 not found"))'

static_in_tree "$ROOT" "$G" probe --import --json
T='.probe.import[] | select(.framework == "torch")'
expect_json "$T | .interpreter == \"/usr/bin/python3\" and .run_error == null"
expect_json "$T | .answer.import_ok == false and (.answer.import_error | test(\"libcudnn.so.9: cannot open shared object file\"))"
expect_json "$T | .predicted_gpu == \"no\" and .gpu_comparison == \"agrees\""
expect_json "$T | .missing_library == \"libcudnn.so.9\" and .missing_comparison == \"agrees\""
expect_json "$T | .child.network_isolated == true"
expect_json '[.findings[] | select(.code == "GD525" or .code == "GD526" or .code == "GD527")] == []'

static_in_tree "$ROOT" "$G" probe --import
expect_text "libcudnn.so.9"
expect_text "agrees"

# No PCI bus in the tree: the architecture step was not checked (unknown,
# not passed); the driver's version is known from its libraries.
static_in_tree "$ROOT" "$G" check --json
C='.checklist[] | select(.step | startswith("torch "))'
expect_json "[$C | select(.step | endswith(\"the GPU's architecture is compiled in\")) | .status] == [\"unknown\"]"
expect_json "[$C | select(.step | endswith(\"the driver supports its CUDA\")) | .status] == [\"passed\"]"

# torchvision's CPU build beside the CUDA torch: GD143, and under PEP 668
# (Debian's python3.13 is externally managed) a new venv with both.
static_in_tree "$ROOT" "$G" check --json
expect_json '.python_envs[0].cuda_extensions | map(select(.dist == "torchvision")) | length > 0 and all(.device_code == false)'
expect_json '[.findings[] | select(.code == "GD143") | .subject] | length == 1 and (.[0] | startswith("torchvision 0.21.0"))'
expect_json '.findings[] | select(.code == "GD143") | .fixes[0] | .rank == "new_env" and (.command | test("-m venv ~/.venvs/torch2\\.6-cu[0-9]+\n~/.venvs/torch2\\.6-cu[0-9]+/bin/python -m pip install \"torch==2\\.6\\.[*0-9]+\" \"torchvision==0\\.21\\.0\" --index-url https://download\\.pytorch\\.org/whl/cu[0-9]+$"))'
