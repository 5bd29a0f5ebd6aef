# probe --import against Debian's real frameworks: a trixie userland made by
# mmdebstrap with python3-torch (2.6, a CPU build) and python3-onnxruntime
# (1.21, CPU providers), with the static gpudoctor bind-mounted into it and
# run there (probe refuses --root: the interpreter must be this machine's,
# so the test makes the chroot this machine).  check predicts "no GPU" for
# both (torch: a CPU build; and no driver), and each framework, imported by
# its own /usr/bin/python3 -I in a network namespace of its own, says the
# same: torch.cuda.is_available() is False, ONNX Runtime lists no CUDA
# provider.  The chroot is made once and cached as a tarball
# ($GD_PKG_CACHE/chroots, about 1.1 GB, 8 minutes the first time), unpacked
# once into the cache and shared read-only; each run mounts /proc and the
# binary in a mount namespace of its own (about 15 s).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/static.inc"
[ "$(id -u)" -eq 0 ] || static_unavailable "needs root (mount namespace, chroot, /proc in it)"
for _t in mmdebstrap tar flock timeout unshare chroot mount; do
    command -v "$_t" >/dev/null 2>&1 || static_unavailable "$_t is not installed (sh tools/install-deps.sh --test)"
done
[ -f /usr/share/keyrings/debian-archive-keyring.gpg ] || static_unavailable "debian-archive-keyring is not installed"
static_setup
_static_cache
TAR="$STATIC_CHROOTS/trixie-frameworks-amd64.tar"
TREE="$STATIC_CHROOTS/trixie-frameworks.d"
(
    flock 9
    if [ ! -s "$TAR" ]; then
        rm -rf "$TAR.tmp"
        timeout 1500 mmdebstrap --variant=minbase --format=tar --architectures=amd64 --quiet \
            --include=python3-torch,python3-onnxruntime \
            --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
            --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
            --keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
            trixie "$TAR.tmp" "deb $STATIC_MIRROR trixie main" >"$CASE_DIR/mmdebstrap.log" 2>&1 ||
            { rm -rf "$TAR.tmp"; exit 3; }
        mv "$TAR.tmp" "$TAR"
        rm -rf "$TREE"
    fi
    if [ ! -f "$TREE/.unpacked" ]; then
        rm -rf "$TREE" && mkdir -p "$TREE"
        tar -C "$TREE" -xf "$TAR" --exclude='./dev/*' 2>"$CASE_DIR/tar.err" || exit 4
        mkdir -p "$TREE/usr/local/libexec/gd-test" "$TREE/proc" "$TREE/dev"
        : >"$TREE/.unpacked"
    fi
) 9>"$STATIC_CHROOTS/lock"
case $? in
    0) ;;
    3) static_unavailable "mmdebstrap cannot make the trixie chroot: $(grep -E 'E:|error' "$CASE_DIR/mmdebstrap.log" | head -n 1)" ;;
    *) fail "cannot unpack $TAR: $(head -c 300 "$CASE_DIR/tar.err")" ;;
esac
mkdir -p "$CASE_DIR/bin"
cp "$SBIN" "$SHELPER" "$CASE_DIR/bin/" || fail "cannot copy the static pair"
# in_tree CMD...: CMD inside the tree, in a mount namespace with /proc, /dev
# and the case's binaries (the shared tree is never written).
in_tree() {
    unshare -m sh -c 'mount --make-rprivate / && mount -t proc proc "$1/proc" && mount --rbind /dev "$1/dev" &&
        mount --bind "$2" "$1/usr/local/libexec/gd-test" && shift 2 && exec chroot "$0" "$@"' \
        "$TREE" "$TREE" "$CASE_DIR/bin" "$@" >"$OUT" 2>"$ERR"
    RC=$?
}
G=/usr/local/libexec/gd-test/gpudoctor

in_tree "$G" check --json
expect_json '[.verdicts[] | select(.framework == "torch") | .gpu] == ["no"]'
expect_json '[.verdicts[] | select(.framework == "onnxruntime") | .gpu] == ["no"]'

in_tree "$G" probe --import --json
expect_rc 1   # GD501: no NVIDIA driver in the tree
T='.probe.import[] | select(.framework == "torch")'
O='.probe.import[] | select(.framework == "onnxruntime")'
expect_json "$T | .interpreter == \"/usr/bin/python3\" and .run_error == null"
expect_json "$T | .answer.import_ok == true and (.answer.version | startswith(\"2.6.0\"))"
expect_json "$T | .answer.gpu == false and .answer.device_count == 0 and .answer.question == \"torch.cuda.is_available()\""
expect_json "$T | .predicted_gpu == \"no\" and .gpu_comparison == \"agrees\""
expect_json "$T | .child.network_isolated == true"
expect_json "$O | .answer.import_ok == true and .answer.gpu == false"
expect_json "$O | .answer.details | contains(\"CPUExecutionProvider\") and (contains(\"CUDAExecutionProvider\") | not)"
expect_json "$O | .predicted_gpu == \"no\" and .gpu_comparison == \"agrees\""
expect_json '[.findings[] | select(.code == "GD525" or .code == "GD526" or .code == "GD527")] == []'

in_tree "$G" probe --import
expect_text "torch.cuda.is_available(): no GPU"
expect_text "check predicted no: agrees"
