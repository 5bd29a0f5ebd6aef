#!/bin/sh
# bench/node_tree.sh ROOT - a GPU node as the node scans (issue 29) see it,
# for `make bench`: Debian 12 with
#   - its real kernel: bookworm's linux-image-*-cloud-amd64 (1121 modules,
#     signed by Debian's build key), indexed by bookworm's real depmod, and
#     an nvidia module where DKMS installs it (updates/dkms/nvidia-current.ko:
#     an ELF relocatable with the .modinfo MODULE_INFO writes and this
#     kernel's vermagic, read from Debian's virtio_net.ko by the real
#     modinfo), as tests/cli/8510 builds it from the same cached packages;
#   - DKMS's records of that module (built and installed, as dkms 3.0.10's
#     is_module_built and _is_module_installed read them);
#   - Debian's user-space driver (bookworm's nvidia-alternative, libcuda1
#     and libnvidia-ml1 535, the alternatives their postinst registers, the
#     loader cache) and the kernel module of the same version loaded
#     (/proc/driver/nvidia/version, /sys/module/nvidia/version);
#   - an RTX 4090 on the PCI bus (its sysfs files and uevent, bound to the
#     nvidia driver), its device nodes (character devices with
#     the driver's numbers where this runs as root, else plain files),
#     /proc/devices, the examined user in the video group;
#   - Docker with the NVIDIA Container Toolkit configured as
#     `nvidia-ctk runtime configure --runtime=docker` and `nvidia-ctk cdi
#     generate` leave it (daemon.json runtimes.nvidia, config.toml, a CDI
#     spec for this driver);
#   - one Python environment: a venv with PyPI's torch 2.6.0+cu124, the
#     nvidia-* wheels it pins, and flash-attn's CUDA extension (sm_80,
#     sm_90) (tests/cli/diag.inc's fixtures).
# ROOT-unloaded is the same machine with the module not loaded (the
# "couldn't communicate with the NVIDIA driver" node): the kernel module
# chain is then read in full (modules.dep, the module's .modinfo, DKMS,
# Secure Boot, the blacklists).
#
# Exit 0 with both trees built (or already there: ROOT/.built-4), 77 when
# Debian's archive, apt or dpkg-deb is not available (the reason on stderr).
# Uses the real-package tests' cache (tests/realpkg/lib.sh); nothing is
# installed into this machine's system.
set -u
DEST=${1:?usage: node_tree.sh ROOT}
here=$(cd "$(dirname "$0")" && pwd)
GD_TESTS="$here/../tests"
# .built-4: the trees of this version of the script (1: no /dev/null; 2:
# no uevent, subsystem ids or driver link; 3: an information file without
# the lines after Bus Location).
[ -f "$DEST/.built-4" ] && [ -f "$DEST-unloaded/.built-4" ] && exit 0
rm -rf "$DEST" "$DEST-unloaded" "$DEST.work"
CASE_DIR="$DEST.work"
GD_BIN=/bin/false
mkdir -p "$CASE_DIR"
# shellcheck source=../tests/cli/lib.sh
. "$GD_TESTS/cli/lib.sh"
fail() { echo "node_tree: $*" >&2; exit 1; }
skip() { echo "node_tree: $*" >&2; exit 77; }
# shellcheck source=../tests/cli/python.inc
. "$GD_TESTS/cli/python.inc"
# shellcheck source=../tests/cli/diag.inc
. "$GD_TESTS/cli/diag.inc"
# shellcheck source=../tests/realpkg/lib.sh
. "$GD_TESTS/realpkg/lib.sh"
CI=
rp_init
rp_base bookworm

# The kernel, its modules indexed by the real depmod.
rp_kernel bookworm
K=$RP_KERNEL
kmoddir=$(rp_unpacked "$(rp_deb kmod/bookworm)") || exit $?
kmod_bin=$kmoddir/usr/bin/kmod
[ -x "$kmod_bin" ] || kmod_bin=$kmoddir/bin/kmod
mkdir -p "$CASE_DIR/bin"
for t in modinfo depmod; do ln -sfn "$kmod_bin" "$CASE_DIR/bin/$t"; done
"$CASE_DIR/bin/modinfo" -V >/dev/null 2>&1 || skip "bookworm's kmod does not run here"
put /proc/sys/kernel/osrelease "$K"
put /proc/version "Linux version $K (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC Debian"
put /proc/cmdline "BOOT_IMAGE=/boot/vmlinuz-$K root=UUID=0b1c2d3e-0000-4000-8000-000000000000 ro console=ttyS0"

# The user-space driver as apt installs it, and its kernel module.
rp_driver bookworm
V=$RP_DRIVER
[ -n "$V" ] || fail "no driver version in bookworm's libcuda1"
kmod "$V"
gpu 0000:01:00.0 0x2684
gpuinfo 0000:01:00.0 "NVIDIA GeForce RTX 4090"
# What sysfs has beside vendor, device and class: the subsystem ids (the
# fixture's), the driver bound (the module is loaded), and the uevent the
# kernel writes from the same fields (drivers/base/core.c dev_uevent's
# DRIVER, drivers/pci/pci-driver.c pci_uevent's lines).
P=/sys/bus/pci/devices/0000:01:00.0
put "$P/subsystem_vendor" 0x10de
put "$P/subsystem_device" 0x167c
ln -sfn ../../../bus/pci/drivers/nvidia "$ROOT$P/driver"
put "$P/uevent" "DRIVER=nvidia
PCI_CLASS=30000
PCI_ID=10DE:2684
PCI_SUBSYS_ID=10DE:167C
PCI_SLOT_NAME=0000:01:00.0
MODALIAS=pci:v000010DEd00002684sv000010DEsd0000167Cbc03sc00i00"
mkdir -p "$ROOT/dev"
if [ "$(id -u)" -eq 0 ] && mknod "$ROOT/dev/nvidiactl" c 195 255 2>/dev/null; then
    mknod "$ROOT/dev/nvidia0" c 195 0 && mknod "$ROOT/dev/nvidia-uvm" c 508 0 && mknod "$ROOT/dev/nvidia-uvm-tools" c 508 1 ||
        fail "mknod failed"
    chmod 0666 "$ROOT"/dev/nvidia*
    # What every node has (devices.txt: 1:3, 1:9): bench_run's /dev/null
    # in the chroot, jansson's /dev/urandom.
    mknod -m 0666 "$ROOT/dev/null" c 1 3 && mknod -m 0666 "$ROOT/dev/urandom" c 1 9 || fail "mknod failed"
else
    devnodes nvidiactl nvidia0 nvidia-uvm nvidia-uvm-tools
fi
put /proc/devices "Character devices:
  1 mem
  4 /dev/vc/0
  4 tty
195 nvidia
195 nvidiactl
508 nvidia-uvm

Block devices:
  8 sd
259 blkext"
put /etc/passwd "root:x:0:0:root:/root:/bin/bash
u:x:1000:1000:U:/home/u:/bin/bash"
put /etc/group "root:x:0:
video:x:44:u
docker:x:999:u
u:x:1000:"
mkdir -p "$ROOT/sys/firmware/efi/efivars"
printf '\006\000\000\000\000' >"$ROOT/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
printf '\006\000\000\000\000' >"$ROOT/sys/firmware/efi/efivars/SetupMode-8be4df61-93ca-11d2-aa0d-00e098032b8c"

# The nvidia module DKMS built and installed for this kernel (8510's).
rp_nvidia_module "$K" "$V"
m=$RP_NVIDIA_KO
D=/var/lib/dkms/nvidia-current/$V
mkdir -p "$ROOT$D/$K/x86_64/module" "$ROOT/usr/src/nvidia-current-$V"
cp "$ROOT$m" "$ROOT$D/$K/x86_64/module/"
ln -sfn "/usr/src/nvidia-current-$V" "$ROOT$D/source"
ln -sfn "$V/$K/x86_64" "$ROOT/var/lib/dkms/nvidia-current/kernel-$K-x86_64"
printf 'PACKAGE_NAME="nvidia-current"\nPACKAGE_VERSION="%s"\nBUILT_MODULE_NAME[0]="nvidia-current"\nDEST_MODULE_LOCATION[0]="/updates/dkms"\nAUTOINSTALL=yes\n' \
    "$V" >"$ROOT/usr/src/nvidia-current-$V/dkms.conf"
put /etc/modprobe.d/nvidia-blacklists-nouveau.conf "blacklist nouveau"

# Docker and the NVIDIA Container Toolkit, configured.
put /usr/bin/docker "#!/bin/false"
put /usr/bin/dockerd "#!/bin/false"
put /usr/bin/nvidia-container-runtime-hook "#!/bin/false"
put /usr/bin/nvidia-ctk "#!/bin/false"
put /usr/bin/nvidia-container-runtime "#!/bin/false"
chmod +x "$ROOT"/usr/bin/docker "$ROOT"/usr/bin/dockerd "$ROOT"/usr/bin/nvidia-*
ctk_configured @/sbin/ldconfig cdi
put /etc/cdi/nvidia.yaml "cdiVersion: 0.5.0
kind: nvidia.com/gpu
devices:
- name: \"0\"
  containerEdits:
    deviceNodes:
    - path: /dev/nvidia0
- name: all
  containerEdits:
    deviceNodes:
    - path: /dev/nvidia0
containerEdits:
  deviceNodes:
  - path: /dev/nvidiactl
  - path: /dev/nvidia-uvm
  mounts:
  - hostPath: /usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.$V
    containerPath: /usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.$V
    options: [ro, nosuid, nodev, bind]"

# One Python environment.
torch_cu124 /home/u/venv
dist "$SITE" flash-attn 2.7.4.post1 "Requires-Dist: torch"
cuda_ext "$SITE/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so" flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so \
    "80 90" libcudart.so.12 libc10.so libtorch.so
rp_ldconfig

# The same machine with the module not loaded.
rm -rf "$CASE_DIR/root-unloaded"
cp -al "$ROOT" "$CASE_DIR/root-unloaded" || fail "cannot copy the tree"
rm -rf "$CASE_DIR/root-unloaded/proc/driver/nvidia" "$CASE_DIR/root-unloaded/sys/module/nvidia"
# No driver bound to the GPU then: no driver link, no DRIVER line.
rm -f "$CASE_DIR/root-unloaded$P/driver" "$CASE_DIR/root-unloaded$P/uevent"
grep -v '^DRIVER=' "$ROOT$P/uevent" >"$CASE_DIR/root-unloaded$P/uevent" || fail "cannot write the uevent"
mv "$ROOT" "$DEST" && mv "$CASE_DIR/root-unloaded" "$DEST-unloaded" || fail "cannot move the trees into place"
rm -rf "$CASE_DIR"
: >"$DEST-unloaded/.built-4"
: >"$DEST/.built-4"
