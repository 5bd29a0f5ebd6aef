# The node scans ask only what can change the answer (issue 29's "under
# 100 system calls"), and say what they did not ask:
# - device nodes read-write for owner, group and others (the driver's
#   default NVreg_DeviceFileMode 0666) admit any user: /etc/passwd and
#   /etc/group are not read (node.user.accounts_unasked), user_access is
#   true; a 0660 node makes them read again;
# - every NVIDIA GPU bound to the nvidia driver: nouveau holds none and is
#   not asked (driver.nouveau_unasked); a GPU bound to nouveau makes it
#   asked, and GD104 says it;
# - the module loaded and every GPU's Device Minor known
#   (/proc/driver/nvidia/gpus/BUS/information, nv-procfs.c): each
#   /dev/nvidiaN is asked by its minor, /dev is not listed (dev_listed
#   false) and a missing node is still GD105; a minor not known lists /dev.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
osrelease
kmod 550.163.01
mkdriver 550.163.01
gpu 0000:01:00.0 0x2684
gpuinfo 0000:01:00.0 "NVIDIA GeForce RTX 4090" 0
mkdir -p "$ROOT/sys/bus/pci/drivers/nvidia" "$ROOT/sys/bus/pci/drivers/nouveau"
ln -sfn ../../../bus/pci/drivers/nvidia "$ROOT/sys/bus/pci/devices/0000:01:00.0/driver"
devnodes nvidiactl nvidia0 nvidia-uvm
chmod 0666 "$ROOT/dev/nvidiactl" "$ROOT/dev/nvidia0" "$ROOT/dev/nvidia-uvm"
put /etc/passwd "root:x:0:0:root:/root:/bin/bash
u:x:1000:1000::/home/u:/bin/sh"
put /etc/group "root:x:0:
video:x:44:u
u:x:1000:"
mkdir -p "$ROOT/sys/module/nouveau"

gdcheck --json --clear-env --env USER=u
expect_rc 0
expect_json '.node.user.accounts_unasked | test("read-write for owner, group and others")'
expect_json '.node.user.groups_known == false and .node.user.uid == null'
expect_json '[.driver.device_nodes[] | select(.exists) | .user_access] | all'
expect_json '.driver.nouveau_unasked | test("bound to the nvidia driver")'
expect_json '.driver.nouveau_loaded == false'
expect_json '.driver.dev_listed == false'
expect_json '[.driver.device_nodes[].path] == ["/dev/nvidiactl", "/dev/nvidia0", "/dev/nvidia-uvm"]'
expect_json '[.findings[] | select(.code == "GD104" or .code == "GD105" or .code == "GD106")] | length == 0'

# A node the examined user may reach only through a group: the account
# files decide, and are read.
chmod 0660 "$ROOT/dev/nvidia0"
gdcheck --json --clear-env --env USER=u
expect_json '.node.user.accounts_unasked == null and .node.user.groups_known == true and .node.user.uid == 1000'
expect_json '.driver.device_nodes[] | select(.path == "/dev/nvidia0") | .group == "root" and .user_access == false'
chmod 0666 "$ROOT/dev/nvidia0"

# The node of the known minor missing: still GD105, named by the minor.
rm -f "$ROOT/dev/nvidia0"
gdcheck --json --clear-env --env USER=u
expect_rc 1
expect_json '.driver.dev_listed == false'
expect_json '.findings[] | select(.code == "GD105") | .title | test("missing: /dev/nvidia0")'
devnodes nvidia0
chmod 0666 "$ROOT/dev/nvidia0"

# A second GPU whose minor the driver does not show: /dev is listed.
gpu 0000:02:00.0 0x2684
ln -sfn ../../../bus/pci/drivers/nvidia "$ROOT/sys/bus/pci/devices/0000:02:00.0/driver"
gdcheck --json --clear-env --env USER=u
expect_json '.driver.dev_listed == true'

# That GPU bound to nouveau instead: nouveau is asked, and holds it.
ln -sfn ../../../bus/pci/drivers/nouveau "$ROOT/sys/bus/pci/devices/0000:02:00.0/driver"
gdcheck --json --clear-env --env USER=u
expect_json '.driver.nouveau_unasked == null and .driver.nouveau_loaded == true'
expect_json '.findings[] | select(.code == "GD104") | .severity == "warning"'
expect_json '.driver.dev_listed == false'
