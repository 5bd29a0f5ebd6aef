# A GPU on the PCI bus, the nvidia module loaded, /dev/nvidiactl present,
# but no /dev/nvidia0: CUDA finds no device ("no CUDA-capable device is
# detected").  GD105 names the missing node; the checklist does not say
# "device nodes accessible".  Then by the driver's own minor numbers
# (/proc/driver/nvidia/gpus/*/information "Device Minor", nv-procfs.c), and
# a GPU handed to vfio-pci (a VM's), which has no node by design.
. "$GD_TESTS/cli/lib.sh"
machine_nodes() { rm -rf "$ROOT/dev"; devnodes "$@"; }
osrelease
kmod 550.163.01
mkdriver 550.163.01
gpu 0000:01:00.0 0x2684
machine_nodes nvidiactl nvidia-uvm
gdcheck --json
expect_rc 1
expect_json '.findings[] | select(.code == "GD105") | .severity == "error" and (.title | test("missing: /dev/nvidia0"))'
expect_json '[.findings[] | select(.code == "GD105") | .fixes[].command] | any(. != null and test("nvidia-modprobe"))'
expect_json '.checklist[] | select(.step == "device nodes accessible") | .status == "failed"'

# With the node: nothing.
machine_nodes nvidiactl nvidia0 nvidia-uvm
gdcheck --json
expect_rc 0
expect_json '[.findings[] | select(.code == "GD105")] | length == 0'
expect_json '.checklist[] | select(.step == "device nodes accessible") | .status == "passed"'

# Two GPUs, the driver numbers them 0 and 1; only /dev/nvidia0 exists.
gpu 0000:02:00.0 0x2684
put /proc/driver/nvidia/gpus/0000:01:00.0/information "Model: 		 NVIDIA GeForce RTX 4090
Device Minor: 	 0"
put /proc/driver/nvidia/gpus/0000:02:00.0/information "Model: 		 NVIDIA GeForce RTX 4090
Device Minor: 	 1"
gdcheck --json
expect_rc 1
expect_json '.gpus[] | select(.pci_slot == "0000:02:00.0") | .minor == 1'
expect_json '.findings[] | select(.code == "GD105") | .title | test("missing: /dev/nvidia1")'
expect_json '[.findings[] | select(.code == "GD105") | .evidence[].text] | any(test("GPU 0000:02:00.0 \\(Device Minor 1\\)"))'

# The second GPU bound to vfio-pci (passed through to a VM): no node expected.
rm -rf "$ROOT/proc/driver/nvidia/gpus/0000:02:00.0"
mkdir -p "$ROOT/sys/bus/pci/drivers/vfio-pci"
ln -sfn ../../../bus/pci/drivers/vfio-pci "$ROOT/sys/bus/pci/devices/0000:02:00.0/driver"
gdcheck --json
expect_rc 0
expect_json '.gpus[] | select(.pci_slot == "0000:02:00.0") | .bound_driver == "vfio-pci"'
expect_json '[.findings[] | select(.code == "GD105")] | length == 0'
