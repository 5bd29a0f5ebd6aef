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
static_frameworks_tree
G=/usr/local/libexec/gd-test/gpudoctor

static_in_tree "$TREE" "$G" check --json
expect_json '[.verdicts[] | select(.framework == "torch") | .gpu] == ["no"]'
expect_json '[.verdicts[] | select(.framework == "onnxruntime") | .gpu] == ["no"]'

static_in_tree "$TREE" "$G" probe --import --json
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

static_in_tree "$TREE" "$G" probe --import
expect_text "torch.cuda.is_available(): no GPU"
expect_text "check predicted no: agrees"
