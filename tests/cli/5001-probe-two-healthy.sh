# Two healthy GPUs: both listed with name, compute capability, memory, PCI
# bus id and UUID, through NVML and CUDA; the libraries shown before loading.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
install_fake "$DRV"
export GD_FAKE_DRIVER="devices=2;name0=NVIDIA GeForce RTX 4090;cc0=8.9;mem0=24564;name1=NVIDIA A100-SXM4-80GB;cc1=8.0;mem1=81920;driver=550.54.15;cuda=12040"
gdprobe
expect_rc 0
expect_text "libcuda.so.1        $DRV/libcuda.so.1 (ld_library_path)"
expect_text "NVIDIA GeForce RTX 4090, compute capability 8.9"
expect_text "NVIDIA A100-SXM4-80GB, compute capability 8.0, 80.0 GiB"
expect_text "driver's CUDA version  12.4"
expect_text "CUDA device 1"
# The libraries are printed before the driver's answers.
l1=$(grep -n 'Driver libraries' "$OUT" | cut -d: -f1); l2=$(grep -n '^Driver$' "$OUT" | cut -d: -f1)
[ "$l1" -lt "$l2" ] || fail "libraries not shown first"
gdprobe --json
expect_rc 0
expect_json '.schema == "gpudoctor-probe/1"'
expect_json '.probe.libraries[0].path == "'"$DRV"'/libcuda.so.1" and .probe.libraries[0].state == "loaded"'
expect_json '.probe.driver.version == "550.54.15" and .probe.driver.cuda_version == "12.4"'
expect_json '.probe.cuda.result == 0 and .probe.cuda.device_count == 2 and .probe.nvml.device_count == 2'
expect_json '[.probe.gpus[].compute_capability] == ["8.9", "8.0"]'
expect_json '.probe.gpus[1].memory_bytes == 85899345920 and .probe.gpus[1].cuda_index == 1'
expect_json '.probe.gpus[0].pci_bus_id == "00000000:01:00.0" and (.probe.gpus[0].uuid | startswith("GPU-"))'
expect_json '.probe.child.end == "exited" and .probe.child.complete == true'
expect_json '.findings == [] and .exit_status == 0'
