# The "no driver" fix comes from the fix engine, in check (GD101) as in
# probe (GD501, tests/unit/test_probe.c): the examined machine's
# distribution decides the command -- Debian has no ubuntu-drivers --, and a
# container gets the host's NVIDIA Container Toolkit and --gpus.
. "$GD_TESTS/cli/lib.sh"
osrelease
gpu 0000:01:00.0 0x2684
cmds() { expect_json "[.findings[] | select(.code == \"GD101\") | .fixes[].command // \"\" | select($1)] | length == $2"; }
gdcheck --json
expect_rc 1
cmds 'contains("sudo apt-get install linux-headers-amd64 nvidia-driver firmware-misc-nonfree")' 1
cmds 'contains("ubuntu-drivers")' 0
put /etc/os-release 'NAME="Ubuntu"
VERSION_ID="22.04"
ID=ubuntu
ID_LIKE=debian'
gdcheck --json
cmds '. == "sudo ubuntu-drivers install"' 1
cmds 'contains("firmware-misc-nonfree")' 0
put /etc/os-release 'NAME="Rocky Linux"
VERSION_ID="9.4"
ID="rocky"
ID_LIKE="rhel centos fedora"'
gdcheck --json
cmds 'contains("dnf install nvidia-open")' 1
cmds 'contains("apt-get")' 0
put /etc/os-release 'NAME="Arch Linux"
ID=arch'
gdcheck --json
cmds 'contains("pacman -S nvidia-open")' 1
put /etc/os-release 'NAME="openSUSE Tumbleweed"
ID="opensuse-tumbleweed"'
gdcheck --json
cmds 'contains("zypper install-new-recommends")' 1
# A container (with /proc, a GPU and no driver): the host's toolkit.
osrelease
put /.dockerenv ""
gdcheck --json
cmds 'contains("docker run --gpus all")' 1
cmds 'contains("nvidia-ctk runtime configure --runtime=docker")' 1
cmds 'contains("firmware-misc-nonfree")' 0
