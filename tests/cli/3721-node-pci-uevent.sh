# A GPU as sysfs shows it: beside vendor, device, class, subsystem_vendor,
# subsystem_device and the driver link, the uevent the kernel writes from
# the same fields (drivers/base/core.c dev_uevent: DRIVER while a driver
# is bound; drivers/pci/pci-driver.c pci_uevent: PCI_CLASS=%04X,
# PCI_ID=%04X:%04X, PCI_SUBSYS_ID=%04X:%04X, PCI_SLOT_NAME, MODALIAS).
# The GPU scan reads that one file first: the facts from the uevent alone
# are those from the files alone; a uevent without DRIVER (none bound, or
# a tree that lacks the line) takes the driver link, one without
# PCI_SUBSYS_ID the subsystem files, one without PCI_ID or PCI_CLASS is
# not used at all; a non-NVIDIA function's uevent is no GPU.
. "$GD_TESTS/cli/lib.sh"
command -v jq >/dev/null || skip "jq is not installed"
osrelease
kmod 550.163.01
mkdriver 550.163.01
devnodes nvidiactl nvidia0 nvidia-uvm
D=/sys/bus/pci/devices/0000:01:00.0
files() {
    gpu 0000:01:00.0 0x2684
    put $D/subsystem_vendor 0x1043
    put $D/subsystem_device 0x88e2
    mkdir -p "$ROOT/sys/bus/pci/drivers/nvidia"
    ln -sfn ../../../bus/pci/drivers/nvidia "$ROOT$D/driver"
}
uevent() {
    put $D/uevent "${1:-DRIVER=nvidia
}PCI_CLASS=30000
PCI_ID=10DE:2684
${2-PCI_SUBSYS_ID=1043:88E2
}PCI_SLOT_NAME=0000:01:00.0
MODALIAS=pci:v000010DEd00002684sv00001043sd000088E2bc03sc00i00"
}
gpus() { gdcheck --facts; [ "$RC" -le 1 ] || fail "check --facts exit $RC"; jq -S .gpus "$OUT" >"$CASE_DIR/$1"; }

# The files alone (what the fixtures have).
files
gpus files.json
jq -e '.[0] | .pci_id == "10de:2684" and .subsystem_id == "1043:88e2" and .pci_class == 196608 and .bound_driver == "nvidia"' \
    "$CASE_DIR/files.json" >/dev/null || fail "the files alone: $(cat "$CASE_DIR/files.json")"

# The uevent alone: the same facts.
rm -rf "$ROOT$D"
uevent
gpus uevent.json
cmp -s "$CASE_DIR/files.json" "$CASE_DIR/uevent.json" || fail "uevent alone: $(diff "$CASE_DIR/files.json" "$CASE_DIR/uevent.json")"

# Both, as on a real machine: the same.
files
gpus both.json
cmp -s "$CASE_DIR/files.json" "$CASE_DIR/both.json" || fail "both: $(diff "$CASE_DIR/files.json" "$CASE_DIR/both.json")"

# No DRIVER line: the driver link says it; no link either: none bound.
uevent " "
sed -i '/^ $/d' "$ROOT$D/uevent"
gpus nodriver.json
jq -e '.[0].bound_driver == "nvidia"' "$CASE_DIR/nodriver.json" >/dev/null || fail "no DRIVER line: $(cat "$CASE_DIR/nodriver.json")"
rm -f "$ROOT$D/driver"
gpus unbound.json
jq -e '.[0].bound_driver == null' "$CASE_DIR/unbound.json" >/dev/null || fail "unbound: $(cat "$CASE_DIR/unbound.json")"

# No PCI_SUBSYS_ID: the subsystem files.
uevent "" ""
gpus nosubsys.json
jq -e '.[0].subsystem_id == "1043:88e2"' "$CASE_DIR/nosubsys.json" >/dev/null || fail "no PCI_SUBSYS_ID: $(cat "$CASE_DIR/nosubsys.json")"

# A uevent without PCI_ID is not used at all: the files (and the driver
# link) say what it is, whatever its other lines say.
ln -sfn ../../../bus/pci/drivers/nvidia "$ROOT$D/driver"
put $D/uevent "DRIVER=vfio-pci
PCI_CLASS=20000
PCI_SLOT_NAME=0000:01:00.0"
gpus noid.json
cmp -s "$CASE_DIR/files.json" "$CASE_DIR/noid.json" || fail "no PCI_ID: $(diff "$CASE_DIR/files.json" "$CASE_DIR/noid.json")"

# A function whose uevent says Intel (and no files): no GPU.
rm -rf "$ROOT$D"
put $D/uevent "DRIVER=i915
PCI_CLASS=30000
PCI_ID=8086:9A49
PCI_SUBSYS_ID=1028:0A1F
PCI_SLOT_NAME=0000:01:00.0"
gpus intel.json
jq -e 'length == 0' "$CASE_DIR/intel.json" >/dev/null || fail "Intel's uevent: $(cat "$CASE_DIR/intel.json")"
