# CUDA_VISIBLE_DEVICES (from the examined environment) hides one of two GPUs:
# NVML lists both, CUDA one, matched by PCI bus id; "" hides them all.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
install_fake "$DRV"
gdprobe --env CUDA_VISIBLE_DEVICES=1 --json
expect_rc 0
expect_json '.probe.cuda_visible_devices == "1" and .probe.cuda.device_count == 1'
expect_json '[.probe.gpus[].visible_to_cuda] == [false, true]'
expect_json '.probe.gpus[1].cuda_index == 0 and .probe.gpus[1].nvml_index == 1'
expect_json '[.findings[] | [.code, .severity]] == [["GD504", "info"]]'
gdprobe --env CUDA_VISIBLE_DEVICES=1
expect_text "hidden from CUDA (CUDA_VISIBLE_DEVICES)"
gdprobe --env CUDA_VISIBLE_DEVICES= --json
expect_rc 1
expect_json '[.findings[] | [.code, .severity, .kind]] == [["GD504", "error", "env_hides_gpu"]]'
# The process's own variable does not leak past the examined environment.
CUDA_VISIBLE_DEVICES=-1 "$GD_BIN" probe --clear-env --env "LD_LIBRARY_PATH=$DRV" --json >"$OUT" 2>"$ERR"
RC=$?
expect_rc 0
expect_json '.probe.cuda.device_count == 2'
