# check --probe folds the driver's answers into the diagnosis: the fake
# driver reports a GPU with compute capability 9.0 that the scan cannot see
# (no NVIDIA device in this machine's /sys, as on WSL2), and a TensorFlow
# built for sm_50..sm_80 only.  Without --probe the GPU is unknown and no
# architecture rule runs; with --probe the driver's GPU and its real
# compute capability are used, and GD209 cites the probe as its source.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
if [ -d /proc/driver/nvidia ]; then skip "this machine has an NVIDIA driver: the fold would match its GPUs"; fi
install_fake "$DRV"
export GD_FAKE_DRIVER="devices=1;name0=NVIDIA Future GPU;cc0=9.0"
TF=/home/u/tf
venv $TF 3.11
tensorflow 2.15.0 12.2 8.9 "" tensorflow "'sm_50', 'sm_60', 'sm_70', 'sm_80'"
VENV="$ROOT$TF"
ck() { gd check --clear-env --env "LD_LIBRARY_PATH=$DRV" --prefix "$VENV" "$@"; }

ck --json
expect_json '[.findings[] | select(.code == "GD209")] | length == 0'

ck --probe --json
expect_json '[.gpus[] | select(.compute_capability == "9.0" and .pci_slot == "0000:01:00.0")] | length == 1'
expect_json '[.findings[] | select(.code == "GD209" and .kind == "gpu_arch_unsupported")] | length == 1'
expect_json '[.findings[] | select(.code == "GD209") | .evidence[] | select(.path == "probe (cuDeviceGetAttribute)" and (.text | contains("compute capability 9.0")))] | length == 1'
