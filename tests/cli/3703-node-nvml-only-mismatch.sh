# A Debian 13 (trixie) machine: its archive has the 550.163.01-2 driver used here.
# NVML alone at another version (libnvidia-ml and nvidia-smi 535, libcuda
# and the kernel module 550): nvidia-smi fails with "Failed to initialize
# NVML: Driver/library version mismatch", CUDA works.  Not GD103 (torch is
# not "no" and a reboot would not help): GD115, a warning naming what fails
# and what still works, with the packages to align at libcuda1's version.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
osrelease_trixie
d=/usr/lib/x86_64-linux-gnu
mklib "$d/nvidia/current/libcuda.so.550.163.01" libcuda.so.1
link libcuda.so.550.163.01 "$d/nvidia/current/libcuda.so.1"
mklib "$d/nvidia/current/libnvidia-ml.so.535.261.03" libnvidia-ml.so.1
link libnvidia-ml.so.535.261.03 "$d/nvidia/current/libnvidia-ml.so.1"
for l in libcuda libnvidia-ml; do
    link "$d/nvidia/current/$l.so.1" "/etc/alternatives/nvidia--$l.so.1-x86_64-linux-gnu"
    link "/etc/alternatives/nvidia--$l.so.1-x86_64-linux-gnu" "$d/$l.so.1"
done
put /etc/ld.so.conf "include /etc/ld.so.conf.d/*.conf"
put /etc/ld.so.conf.d/x86_64-linux-gnu.conf "/usr/lib/x86_64-linux-gnu"
ldconfig -r "$ROOT" 2>/dev/null || PATH=$PATH:/sbin:/usr/sbin ldconfig -r "$ROOT" || fail "ldconfig -r failed"
put /var/lib/dpkg/status "Package: libcuda1
Status: install ok installed
Architecture: amd64
Source: nvidia-graphics-drivers
Version: 550.163.01-2

Package: libnvidia-ml1
Status: install ok installed
Architecture: amd64
Source: nvidia-graphics-drivers
Version: 535.261.03-1

Package: nvidia-smi
Status: install ok installed
Architecture: amd64
Source: nvidia-graphics-drivers
Version: 535.261.03-1"
kmod 550.163.01
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
torch_cu124 /home/u/pt

gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 0
expect_json '[.findings[] | select(.code == "GD103" or .code == "GD111")] | length == 0'
expect_json '.findings[] | select(.code == "GD115") | .severity == "warning" and .kind == "driver_component_mismatch" and (.title | test("libnvidia-ml 535.261.03 is not the driver.s version 550.163.01")) and (.title | test("nvidia-smi"))'
expect_json '[.findings[] | select(.code == "GD115") | .evidence[].text] | any(test("CUDA itself"))'
expect_json '[.findings[] | select(.code == "GD115") | .fixes[].command] | index("sudo apt-get install libnvidia-ml1=550.163.01-2 nvidia-smi=550.163.01-2") != null'
expect_json "$(v torch) | .gpu == \"yes\""
expect_json '.checklist[] | select(.step == "driver libraries match the kernel module") | .status == "failed"'
gdcheck --strict
expect_rc 1
expect_text "Failed to initialize NVML: Driver/library version mismatch"

# Without dpkg's database the fix finds the owner, never a guessed name.
rm "$ROOT/var/lib/dpkg/status"
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_json "[.findings[] | select(.code == \"GD115\") | .fixes[].command] | index(\"dpkg -S $d/nvidia/current/libnvidia-ml.so.535.261.03\") != null"
