# Who may open the device nodes: the examined user (USER, uid and gid from
# /etc/passwd, groups from /etc/group) against each node's mode and owner,
# and the cgroup's device rules (v1 devices.list; v2 says what it cannot see).
# Nodes are real character devices (mknod) where the case runs as root,
# with the driver's numbers (nv-chardev-numbers.h: 195:N, 195:255).
. "$GD_TESTS/cli/lib.sh"
[ "$(id -u)" -eq 0 ] || skip "mknod needs root"
osrelease
kmod 550.163.01
mkdriver 550.163.01
gpu 0000:01:00.0 0x2684
mkdir -p "$ROOT/dev"
mknod "$ROOT/dev/nvidiactl" c 195 255 && mknod "$ROOT/dev/nvidia0" c 195 0 && mknod "$ROOT/dev/nvidia-uvm" c 508 0 ||
    skip "mknod is not allowed here"
put /proc/devices "Character devices:
  1 mem
195 nvidia
508 nvidia-uvm

Block devices:
  8 sd"
put /etc/passwd "root:x:0:0:root:/root:/bin/bash
alice:x:1000:1000:Alice:/home/alice:/bin/bash"
put /etc/group "root:x:0:
video:x:44:
alice:x:1000:"
chgrp 44 "$ROOT"/dev/nvidia*; chmod 0660 "$ROOT"/dev/nvidia*

# alice is not in video, the nodes are 0660 root:video: GD105 with usermod.
gdcheck --json --env USER=alice
expect_rc 1
expect_json '.node.user | .name == "alice" and .uid == 1000 and .gid == 1000 and .groups == ["alice"]'
expect_json '.driver.device_nodes[] | select(.path == "/dev/nvidia0") | .char_device and .major == 195 and .minor == 0 and .mode == 432 and .group == "video" and .user_access == false'
expect_json '.findings[] | select(.code == "GD105") | .severity == "error" and (.title | test("not read/write for alice"))'
expect_json '[.findings[] | select(.code == "GD105") | .evidence[].text] | any(test("crw-rw---- 0:video"))'
expect_json '[.findings[] | select(.code == "GD105") | .fixes[].command] | index("sudo usermod -aG video alice") != null'
expect_json '.checklist[] | select(.step == "device nodes accessible") | .status == "failed"'
# In the group: fine.  root: fine whatever the mode.
put /etc/group "root:x:0:
video:x:44:alice
alice:x:1000:"
gdcheck --json --env USER=alice
expect_rc 0
expect_json '.node.user.groups == ["video", "alice"]'
expect_json '[.findings[] | select(.code == "GD105")] | length == 0'
chmod 0600 "$ROOT"/dev/nvidia*
gdcheck --json --env USER=alice
expect_json '.findings[] | select(.code == "GD105") | [.fixes[].command] | any(. != null and test("chmod 0666"))'
gdcheck --json --env USER=root
expect_json '[.findings[] | select(.code == "GD105")] | length == 0'
chmod 0666 "$ROOT"/dev/nvidia*

# cgroup v1: a Slurm job's device list without the GPU (only nvidiactl and uvm).
put /proc/self/cgroup "12:devices:/slurm/uid_1000/job_42/step_0
0::/user.slice"
put /sys/fs/cgroup/devices/slurm/uid_1000/job_42/step_0/devices.list "c 1:3 rwm
c 195:255 rwm
c 508:* rwm"
gdcheck --json --env USER=alice --env SLURM_JOB_ID=42
expect_rc 1
expect_json '.node.cgroup | .version == "v1" and .path == "/slurm/uid_1000/job_42/step_0" and (.allow | length == 3)'
expect_json '.driver.device_nodes[] | select(.path == "/dev/nvidia0") | .cgroup_access == false'
expect_json '.driver.device_nodes[] | select(.path == "/dev/nvidiactl") | .cgroup_access == true'
expect_json '.findings[] | select(.code == "GD117") | .severity == "error" and .kind == "device_permissions" and (.title | test("/dev/nvidia0, c 195:0"))'
expect_json '[.findings[] | select(.code == "GD117") | .fixes[].command] | any(. != null and test("srun --gres=gpu:1"))'
# The job with its GPU: "c 195:0 rw" allows it.
put /sys/fs/cgroup/devices/slurm/uid_1000/job_42/step_0/devices.list "c 195:0 rw
c 195:255 rwm
c 508:* rwm"
gdcheck --json --env USER=alice --env SLURM_JOB_ID=42
expect_json '[.findings[] | select(.code == "GD117")] | length == 0'
# A default-allow cgroup prints "a *:* rwm".
put /sys/fs/cgroup/devices/slurm/uid_1000/job_42/step_0/devices.list "a *:* rwm"
gdcheck --json --env USER=alice
expect_json '.driver.device_nodes | all(.cgroup_access == true or .exists == false)'
# cgroup v2: the rules are eBPF programs; unknown, said so, nothing judged.
put /proc/self/cgroup "0::/user.slice/user-1000.slice/session-3.scope"
gdcheck --json --env USER=alice
expect_rc 0
expect_json '.node.cgroup | .version == "v2" and (.note | test("eBPF"))'
expect_json '.driver.device_nodes | all(.cgroup_access == null)'
expect_json '[.findings[] | select(.code == "GD117")] | length == 0'
