# Why the nvidia module is not loaded, from files (the "NVIDIA-SMI has
# failed because it couldn't communicate with the NVIDIA driver" machine).
# Modules are real ELF relocatables with a .modinfo section as the kernel's
# MODULE_INFO writes it (the real-package case 8510 reads Debian's own
# modules against kmod's modinfo); the DKMS tree follows dkms's own layout
# (dkms.in: is_module_built, _is_module_installed).
. "$GD_TESTS/cli/lib.sh"
K=6.1.0-40-amd64
osrelease "$K"
mkdriver 550.163.01
gpu 0000:01:00.0 0x2684
rm -f "$ROOT/proc/driver/nvidia/version"
# mkko PATH VERMAGIC [signed]: a module named nvidia with that vermagic.
mkko() {
    mkdir -p "$(dirname "$ROOT/$1")"
    printf '%s\n' 'static const char a[] __attribute__((section(".modinfo"), used, aligned(1))) = "license=NVIDIA";' \
        'static const char b[] __attribute__((section(".modinfo"), used, aligned(1))) = "version=550.163.01";' \
        'static const char c[] __attribute__((section(".modinfo"), used, aligned(1))) = "name=nvidia";' \
        "static const char d[] __attribute__((section(\".modinfo\"), used, aligned(1))) = \"vermagic=$2 SMP preempt mod_unload modversions \";" \
        'int nv_init(void) { return 0; }' >"$CASE_DIR/ko.c"
    $CC -c -o "$ROOT/$1" "$CASE_DIR/ko.c" || fail "cannot build $1"
    if [ "${3:-}" = signed ]; then
        head -c 16 /dev/zero >>"$ROOT/$1"
        printf '\000\000\002\000\000\000\000\000\000\000\000\020~Module signature appended~\n' >>"$ROOT/$1"
    fi
}
kernel_dir() { put "/lib/modules/$1/modules.order" "kernel/drivers/net/virtio_net.ko"; }
m=/lib/modules/$K/updates/dkms/nvidia-current.ko
kernel_dir "$K"
mkko "$m" "$K"
put "/lib/modules/$K/modules.dep" "kernel/drivers/net/virtio_net.ko:
updates/dkms/nvidia-current.ko:"
efi() {
    mkdir -p "$ROOT/sys/firmware/efi/efivars"
    printf "\\006\\000\\000\\000\\00$1" >"$ROOT/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
    printf '\006\000\000\000\000' >"$ROOT/sys/firmware/efi/efivars/SetupMode-8be4df61-93ca-11d2-aa0d-00e098032b8c"
}

# 1. Secure Boot on, the module unsigned: GD124 with DKMS's key and mokutil.
efi 1
mkdir -p "$ROOT/var/lib/dkms/nvidia-current/550.163.01/$K/x86_64/module" "$ROOT/usr/src/nvidia-current-550.163.01"
cp "$ROOT$m" "$ROOT/var/lib/dkms/nvidia-current/550.163.01/$K/x86_64/module/"
ln -sfn /usr/src/nvidia-current-550.163.01 "$ROOT/var/lib/dkms/nvidia-current/550.163.01/source"
ln -sfn "550.163.01/$K/x86_64" "$ROOT/var/lib/dkms/nvidia-current/kernel-$K-x86_64"
gdcheck --json
expect_rc 1
expect_json ".node.kernel_modules | .scanned and .running == \"$K\" and .secure_boot == true"
expect_json ".node.kernel_modules.files[] | select(.path == \"$m\") | .name == \"nvidia\" and .version == \"550.163.01\" and (.vermagic | startswith(\"$K SMP\")) and .signed == false and .in_modules_dep == true and .license == \"NVIDIA\""
expect_json ".node.kernel_modules.dkms_builds[] | select(.kernel == \"$K\") | .built and .installed"
expect_json '.findings[] | select(.code == "GD124") | .severity == "error" and .kind == "no_driver"'
expect_json '[.findings[] | select(.code == "GD101")] | length == 0'
expect_json "[.findings[] | select(.code == \"GD124\") | .fixes[].command] | (index(\"sudo dkms install --force nvidia-current/550.163.01 -k $K\") != null) and (map(select(. != null and test(\"mokutil --import /var/lib/dkms/mok.pub\"))) | length == 1)"
expect_json '.checklist[] | select(.step == "NVIDIA driver loaded") | .status == "failed"'
expect_json ".checklist[] | select(.step == \"the nvidia module is built for the running kernel\") | .status == \"passed\" and .detail == \"$m: vermagic $K\""
# Signed: nothing in the files explains it; GD101 with modprobe.
mkko "$m" "$K" signed
gdcheck --json
expect_json ".node.kernel_modules.files[] | select(.path == \"$m\") | .signed == true"
expect_json '[.findings[] | select(.code == "GD124")] | length == 0'
expect_json '[.findings[] | select(.code == "GD101") | .fixes[].command] | index("sudo modprobe nvidia") != null'
# Secure Boot off (SecureBoot = 0): unsigned is fine for the kernel.
mkko "$m" "$K"
efi 0
gdcheck --json
expect_json '.node.kernel_modules.secure_boot == false'
expect_json '[.findings[] | select(.code == "GD124")] | length == 0'

# 2. Not in modules.dep: depmod has not run.
put "/lib/modules/$K/modules.dep" "kernel/drivers/net/virtio_net.ko:"
gdcheck --json
expect_json ".findings[] | select(.code == \"GD125\") | .title | test(\"not in modules.dep\")"
expect_json "[.findings[] | select(.code == \"GD125\") | .fixes[].command] | index(\"sudo depmod -a $K\\nsudo modprobe nvidia\") != null"
put "/lib/modules/$K/modules.dep" "updates/dkms/nvidia-current.ko:"

# 3. Built for another kernel (vermagic).
mkko "$m" 6.1.0-38-amd64
gdcheck --json
expect_json '.findings[] | select(.code == "GD123") | .title | test("built for kernel 6.1.0-38-amd64")'
expect_json '.checklist[] | select(.step == "the nvidia module is built for the running kernel") | .status == "failed"'
mkko "$m" "$K"

# 4. No module for the running kernel; DKMS built it for the old one only,
#    and this kernel's headers are missing.
rm -f "$ROOT$m" "$ROOT/var/lib/dkms/nvidia-current/kernel-$K-x86_64"
rm -rf "$ROOT/var/lib/dkms/nvidia-current/550.163.01/$K"
mkdir -p "$ROOT/var/lib/dkms/nvidia-current/550.163.01/6.1.0-38-amd64/x86_64/module"
: >"$ROOT/var/lib/dkms/nvidia-current/550.163.01/6.1.0-38-amd64/x86_64/module/nvidia-current.ko"
ln -sfn 550.163.01/6.1.0-38-amd64/x86_64 "$ROOT/var/lib/dkms/nvidia-current/kernel-6.1.0-38-amd64-x86_64"
kernel_dir 6.1.0-38-amd64
mkko /lib/modules/6.1.0-38-amd64/updates/dkms/nvidia-current.ko 6.1.0-38-amd64
gdcheck --json
expect_rc 1
expect_json ".findings[] | select(.code == \"GD121\") | .title | test(\"DKMS has nvidia-current 550.163.01 but has not built it for kernel $K \\\\(its headers are not installed\\\\)\")"
# Kernel 6.1.0-40 is superseded: bookworm's archive keeps only 6.1.0-47 and
# 6.1.0-50 (data/distro_pkg.kb kernel_abi), so its headers cannot be
# installed -- the current amd64 kernel and headers, then a reboot into it
# (DKMS builds the module for it on install); 3712 has a current ABI.
expect_json "[.findings[] | select(.code == \"GD121\") | .fixes[].command] | (index(\"sudo apt-get update\\nsudo apt-get install linux-image-amd64 linux-headers-amd64\") != null) and (index(\"sudo reboot\") != null) and (map(select(test(\"linux-headers-$K|dkms install\"))) | length == 0)"
expect_json '[.findings[] | select(.code == "GD121") | .fixes[].title] | any(test("no longer has the headers of kernel 6.1.0-40-amd64"))'
expect_json '[.findings[] | select(.code == "GD101" or .code == "GD122")] | length == 0'
# With headers, and a build that failed: its log first.
mkdir -p "$ROOT/usr/src/linux-headers-$K" "$ROOT/var/lib/dkms/nvidia-current/550.163.01/build"
ln -sfn "/usr/src/linux-headers-$K" "$ROOT/lib/modules/$K/build"
put /var/lib/dkms/nvidia-current/550.163.01/build/make.log "DKMS make.log for nvidia-current-550.163.01 for kernel $K (x86_64)"
gdcheck --json
expect_json '.findings[] | select(.code == "GD121") | .title | test("its build failed")'
expect_json "[.findings[] | select(.code == \"GD121\") | .fixes[].command] | index(\"less /var/lib/dkms/nvidia-current/550.163.01/build/make.log\") != null"

# 5. No DKMS: the module exists for the newer installed kernel only -> boot it.
rm -rf "$ROOT/var/lib/dkms" "$ROOT/lib/modules/6.1.0-38-amd64"
kernel_dir 6.1.0-41-amd64
mkko /lib/modules/6.1.0-41-amd64/updates/dkms/nvidia-current.ko 6.1.0-41-amd64
gdcheck --json
expect_json '.findings[] | select(.code == "GD122") | .title | test("installed for kernel 6.1.0-41-amd64, not for the running kernel 6.1.0-40-amd64")'
expect_json '[.findings[] | select(.code == "GD122") | .fixes[].command] | index("sudo reboot") != null'
expect_json '.node.kernel_modules.kernels == ["6.1.0-40-amd64", "6.1.0-41-amd64"]'
expect_json '[.findings[] | select(.code == "GD122") | .fixes[].title] | any(test("Reboot into the installed kernel 6.1.0-41-amd64"))'
# ... but only where that kernel would load it.  Its module built for yet
# another kernel (the kernel's "version magic ... should be ..."): no reboot,
# the rebuild for the running kernel, and why as evidence.
mkko /lib/modules/6.1.0-41-amd64/updates/dkms/nvidia-current.ko 6.1.0-39-amd64
gdcheck --json
expect_json '.node.kernel_modules.files[] | select(.kernel == "6.1.0-41-amd64") | .name == "nvidia" and (.vermagic | startswith("6.1.0-39-amd64 SMP"))'
expect_json '[.findings[] | select(.code == "GD122") | .fixes[].title] | (length > 0) and (any(test("Reboot into the installed kernel")) | not)'
expect_json '[.findings[] | select(.code == "GD122") | .evidence[].text] | any(test("^vermagic 6.1.0-39-amd64 .*: built for kernel 6.1.0-39-amd64, not 6.1.0-41-amd64$"))'
# Unsigned while Secure Boot is on: the kernel would refuse it ("Key was
# rejected by service"): no reboot either.  Signed: the reboot again.
mkko /lib/modules/6.1.0-41-amd64/updates/dkms/nvidia-current.ko 6.1.0-41-amd64
efi 1
gdcheck --json
expect_json '[.findings[] | select(.code == "GD122") | .fixes[].title] | any(test("Reboot into the installed kernel")) | not'
expect_json '[.findings[] | select(.code == "GD122") | .evidence[].text] | any(test("not signed, and Secure Boot is on: kernel 6.1.0-41-amd64 would refuse it"))'
expect_json '[.findings[] | select(.code == "GD124")] | length == 0'
mkko /lib/modules/6.1.0-41-amd64/updates/dkms/nvidia-current.ko 6.1.0-41-amd64 signed
gdcheck --json
expect_json '[.findings[] | select(.code == "GD122") | .fixes[].title] | any(test("Reboot into the installed kernel 6.1.0-41-amd64"))'
efi 0
mkko /lib/modules/6.1.0-41-amd64/updates/dkms/nvidia-current.ko 6.1.0-41-amd64

# 6. The running kernel's modules removed (upgraded since boot): GD120.
rm -rf "$ROOT/lib/modules/$K"
gdcheck --json
expect_json ".findings[] | select(.code == \"GD120\") | .title | test(\"running kernel $K has no modules\")"
expect_json '[.findings[] | select(.code == "GD120") | .fixes[].title] | any(test("6.1.0-41-amd64"))'

# 7. Compressed modules (Debian 13's DKMS writes .ko.xz, Ubuntu's kernels
#    .ko.zst, gzip for .ko.gz), made with the real xz, zstd and gzip from
#    the module mkko builds (signed before compressed, as the kernel's
#    scripts/Makefile.modinst does): read from inside the stream.
kernel_dir "$K"
z=/lib/modules/$K/updates/dkms/nvidia-current.ko
# mkz FORMAT VERMAGIC [signed]: $z.EXT compressed with the real tool.
mkz() {
    rm -f "$ROOT$z" "$ROOT$z".*
    mkko "$z" "$2" ${3:-}
    case $1 in
    xz) xz --check=crc32 --lzma2=dict=1MiB -f "$ROOT$z"; ZEXT=xz ;;
    zstd) zstd -q --rm -f "$ROOT$z"; ZEXT=zst ;;
    gzip) gzip -9 -f "$ROOT$z"; ZEXT=gz ;;
    esac
    put "/lib/modules/$K/modules.dep" "updates/dkms/nvidia-current.ko.$ZEXT:"
}
efi 1
# Good and signed, each format: the checklist passes from the vermagic read.
for fmt in xz zstd gzip; do
    mkz $fmt "$K" signed
    gdcheck --json
    expect_json ".node.kernel_modules.files[] | select(.path == \"$z.$ZEXT\") | .compression == \"$fmt\" and .signed == true and .name == \"nvidia\" and .version == \"550.163.01\" and (.vermagic | startswith(\"$K SMP\"))"
    expect_json '[.findings[] | select(.code == "GD124" or .code == "GD123")] | length == 0'
    expect_json ".checklist[] | select(.step == \"the nvidia module is built for the running kernel\") | .status == \"passed\" and .detail == \"$z.$ZEXT: vermagic $K\""
done
# Unsigned with Secure Boot on: GD124 (xz, as Debian 13's dkms writes it).
mkz xz "$K"
gdcheck --json
expect_rc 1
expect_json ".node.kernel_modules.files[] | select(.path == \"$z.xz\") | .signed == false"
expect_json '.findings[] | select(.code == "GD124") | .severity == "error" and .kind == "no_driver"'
# Built for another kernel, zstd: GD123 and the checklist fails.
mkz zstd 6.1.0-38-amd64 signed
gdcheck --json
expect_json '.findings[] | select(.code == "GD123") | .title | test("built for kernel 6.1.0-38-amd64")'
expect_json '.checklist[] | select(.step == "the nvidia module is built for the running kernel") | .status == "failed"'
# A broken stream: named, its contents unknown, nothing guessed.
rm -f "$ROOT$z".*
printf '\375\067\172\130\132\000rest-of-an-xz-stream' >"$ROOT$z.xz"
put "/lib/modules/$K/modules.dep" "updates/dkms/nvidia-current.ko.xz:"
gdcheck --json
expect_json ".node.kernel_modules.files[] | select(.kernel == \"$K\") | .compression == \"xz\" and .signed == null and .name == null"
expect_json '[.findings[] | select(.code == "GD124" or .code == "GD123")] | length == 0'
expect_json '[.findings[] | select(.code == "GD101")] | length == 1'
expect_json '.checklist[] | select(.step == "the nvidia module is built for the running kernel") | .status == "unknown" and (.detail | test("nvidia-current.ko.xz is xz-compressed and its vermagic and signature were not read: .*xz stream"))'
efi 0

# 7b. Only another kernel's module, compressed (xz): GD122 from its place;
#     the newest kernel's core module is read from inside the stream (would
#     a reboot into it load it?).
rm -f "$ROOT$z".*
put "/lib/modules/$K/modules.dep" "kernel/drivers/net/virtio_net.ko:"
kernel_dir 6.1.0-41-amd64
mkko /lib/modules/6.1.0-41-amd64/updates/dkms/nvidia-current.ko 6.1.0-41-amd64 signed
xz -f "$ROOT/lib/modules/6.1.0-41-amd64/updates/dkms/nvidia-current.ko"
gdcheck --json
expect_json '.findings[] | select(.code == "GD122") | .title | test("installed for kernel 6.1.0-41-amd64, not for the running kernel 6.1.0-40-amd64")'
expect_json '.node.kernel_modules.files[] | select(.kernel == "6.1.0-41-amd64") | (.path | endswith(".ko.xz")) and .compression == "xz" and .signed == true and (.vermagic | startswith("6.1.0-41-amd64 SMP"))'
expect_json '[.findings[] | select(.code == "GD122") | .fixes[].title] | any(test("Reboot into the installed kernel 6.1.0-41-amd64"))'
rm -rf "$ROOT/lib/modules/6.1.0-41-amd64/updates"
mkdir -p "$ROOT/lib/modules/$K/updates/dkms"
printf '\375\067\172\130\132\000rest-of-an-xz-stream' >"$ROOT$z.xz"
put "/lib/modules/$K/modules.dep" "updates/dkms/nvidia-current.ko.xz:"

# 8. The module loaded; the newest installed kernel's DKMS build is missing:
#    the next boot has no driver (GD126, a warning).
kmod 550.163.01
devnodes nvidiactl nvidia0 nvidia-uvm
mkdir -p "$ROOT/var/lib/dkms/nvidia-current/550.163.01/$K/x86_64/module"
: >"$ROOT/var/lib/dkms/nvidia-current/550.163.01/$K/x86_64/module/nvidia-current.ko"
ln -sfn "550.163.01/$K/x86_64" "$ROOT/var/lib/dkms/nvidia-current/kernel-$K-x86_64"
ln -sfn /usr/src/nvidia-current-550.163.01 "$ROOT/var/lib/dkms/nvidia-current/550.163.01/source"
rm -rf "$ROOT/lib/modules/6.1.0-41-amd64/updates"
gdcheck --json
expect_rc 0
expect_json '.findings[] | select(.code == "GD126") | .severity == "warning" and (.title | test("the next boot: DKMS has nvidia-current 550.163.01 but has not built it for kernel 6.1.0-41-amd64"))'
# 6.1.0-41's headers are gone from bookworm's archive too: the current kernel.
expect_json '[.findings[] | select(.code == "GD126") | .fixes[].command] | index("sudo apt-get update\nsudo apt-get install linux-image-amd64 linux-headers-amd64") != null'
