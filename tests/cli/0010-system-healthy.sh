# A healthy machine: driver 535 loaded, an RTX 4090, CUDA 12.2 in
# /usr/local with /usr/local/cuda pointing at it.  No error finding.
. "$GD_TESTS/cli/lib.sh"
osrelease
kmod 535.104.05
mkdriver 535.104.05
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
cuda_toolkit /usr/local/cuda-12.2 12.2.140
link /usr/local/cuda-12.2 /usr/local/cuda
gdcheck --json
expect_rc 0
expect_json '.schema == "gpudoctor/1"'
expect_json '.system.os == "linux" and .system.distro.id == "debian" and .system.arch == "x86_64"'
expect_json '.system.kernel == "6.1.0-18-amd64" and .system.wsl == false'
expect_json '.driver.version == "535.104.05" and .driver.kernel_module_version == "535.104.05"'
expect_json '.driver.kernel_module_flavor == "proprietary"'
expect_json '.driver.cuda_max == "12.2"'
expect_json '.gpus | length == 1'
expect_json '.gpus[0].pci_id == "10de:2684" and .gpus[0].compute_capability == "8.9"'
expect_json '.gpus[0].name | test("4090")'
expect_json '.cuda_toolkits | length == 1'
expect_json '.cuda_toolkits[0].path == "/usr/local/cuda-12.2" and .cuda_toolkits[0].version == "12.2.140"'
expect_json '.cuda_toolkits[0].aliases | index("/usr/local/cuda") != null'
expect_json '.cuda_toolkits[0].source == "/usr/local/cuda-12.2/version.json"'
expect_json '[.findings[] | select(.severity == "error")] | length == 0'
expect_json '.exit_status == 0'
gdcheck -v
expect_rc 0
expect_text "Driver and GPUs"
expect_text "535.104.05 (kernel module, proprietary; /proc/driver/nvidia/version)"
expect_text "CUDA 12.2"
expect_text "/usr/local/cuda-12.2 (usr_local; also /usr/local/cuda)"
expect_text "[passed        ] NVIDIA driver loaded"
expect_text "0 errors"
