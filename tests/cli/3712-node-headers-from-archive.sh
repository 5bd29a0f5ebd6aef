# DKMS must build the driver's module for the running kernel, whose headers
# are not installed: what the headers fix is depends on the release's
# archive (data/distro_pkg.kb kernel_abi, read from its Packages index).
# Debian keeps only the current kernel ABIs, so the exact headers of a
# current kernel install (bookworm 6.1.0-50), while a superseded kernel's
# are gone: the current kernel of its flavour and its headers, then a
# reboot (bookworm 6.1.0-40 cloud, trixie 6.12.57).
. "$GD_TESTS/cli/lib.sh"
# machine OS KERNEL: a node whose DKMS has nvidia-current built for another kernel only.
machine() {
    rm -rf "$ROOT" && mkdir -p "$ROOT"
    if [ "$1" = 13 ]; then osrelease_trixie "$2"; else osrelease "$2"; fi
    if [ "$1" = 11 ]; then
        put /etc/os-release 'PRETTY_NAME="Debian GNU/Linux 11 (bullseye)"
NAME="Debian GNU/Linux"
VERSION_ID="11"
ID=debian'
    fi
    mkdriver 550.163.01
    gpu 0000:01:00.0 0x2684
    rm -f "$ROOT/proc/driver/nvidia/version"
    put "/lib/modules/$2/modules.order" "kernel/drivers/net/virtio_net.ko"
    mkdir -p "$ROOT/var/lib/dkms/nvidia-current/550.163.01/5.0.0-1-amd64/x86_64/module" "$ROOT/usr/src/nvidia-current-550.163.01"
    : >"$ROOT/var/lib/dkms/nvidia-current/550.163.01/5.0.0-1-amd64/x86_64/module/nvidia-current.ko"
    ln -sfn /usr/src/nvidia-current-550.163.01 "$ROOT/var/lib/dkms/nvidia-current/550.163.01/source"
    ln -sfn 550.163.01/5.0.0-1-amd64/x86_64 "$ROOT/var/lib/dkms/nvidia-current/kernel-5.0.0-1-amd64-x86_64"
    gdcheck --json
    expect_rc 1
    expect_json '[.findings[] | select(.code == "GD121")] | length == 1'
}
cmds='[.findings[] | select(.code == "GD121") | .fixes[].command]'

machine 12 6.1.0-50-amd64
expect_json "$cmds | (index(\"sudo apt-get install linux-headers-6.1.0-50-amd64\") != null) and (index(\"sudo dkms install nvidia-current/550.163.01 -k 6.1.0-50-amd64\") != null) and (index(\"sudo reboot\") == null)"

machine 12 6.1.0-40-cloud-amd64
expect_json "$cmds | (index(\"sudo apt-get update\\nsudo apt-get install linux-image-cloud-amd64 linux-headers-cloud-amd64\") != null) and (index(\"sudo reboot\") != null) and (map(select(test(\"linux-headers-6.1.0-40|dkms install\"))) | length == 0)"
# The reboot route is ranked as one: a reboot, after every less invasive fix.
expect_json '[.findings[] | select(.code == "GD121") | .fixes[-1].command] == ["sudo reboot"]'

machine 13 6.12.57+deb13-amd64
expect_json "$cmds | index(\"sudo apt-get update\\nsudo apt-get install linux-image-amd64 linux-headers-amd64\") != null"
machine 13 6.12.117+deb13-amd64
expect_json "$cmds | index(\"sudo apt-get install linux-headers-6.12.117+deb13-amd64\") != null"

