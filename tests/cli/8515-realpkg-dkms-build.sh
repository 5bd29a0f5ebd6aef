# A real DKMS build of the NVIDIA kernel module: Debian 13's dkms (3.2)
# builds Debian's nvidia-kernel-dkms (550.163.01, NVIDIA's own kernel
# interface source and binary core) against trixie's real cloud kernel
# headers with trixie's gcc-14, inside a chroot assembled from the real
# packages (apt's own closure).  What dkms writes is what users' machines
# have: the module stripped, signed with the MOK key dkms generates, and
# compressed as the kernel's own modules are (trixie's are .ko.xz), under
# /var/lib/dkms and /lib/modules/KERNEL/updates/dkms.  Oracles:
#  - the real `dkms status` after `dkms install` (installed), after
#    `dkms uninstall` (built) and for a kernel with headers but no build;
#  - kmod's modinfo (trixie's) on the files dkms wrote: name, vermagic,
#    version and the signer;
#  - the real depmod's modules.dep, which dkms ran.
# This case compiles the module (a few minutes on two cores): the one
# family that does.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
rp_can_chroot_root() { [ "$(id -u)" -eq 0 ] && command -v chroot >/dev/null 2>&1; }
rp_can_chroot_root || rp_unavailable "a DKMS build needs root and chroot"
rp_base trixie
rp_kernel trixie headers
K=$RP_KERNEL hdr=$RP_KERNEL_PKG
# What dkms runs: bash, coreutils and the rest of a base system, the
# compiler the kernel was built with (its headers' CC), make, kmod, xz
# and openssl (dkms's MOK key); the kernel itself for its modules.dep.
rp_install_closure trixie dkms gcc-14 make libc6-dev xz-utils zstd openssl kmod \
    bash dash coreutils sed grep mawk findutils diffutils tar gzip util-linux "$hdr" "linux-image-$K"
rp_install nvidia-kernel-dkms/trixie
src=$(ls -d "$ROOT"/usr/src/nvidia-current-* 2>/dev/null | head -n 1)
[ -n "$src" ] || fail "nvidia-kernel-dkms installed no /usr/src/nvidia-current-*"
V=${src##*/nvidia-current-}
[ -e "$ROOT/usr/bin/sh" ] || ln -sfn dash "$ROOT/usr/bin/sh"
[ -e "$ROOT/usr/bin/gcc" ] || ln -sfn gcc-14 "$ROOT/usr/bin/gcc"
# The links update-alternatives makes in mawk's postinst (dpkg -x runs none).
[ -e "$ROOT/usr/bin/awk" ] || ln -sfn mawk "$ROOT/usr/bin/awk"
mkdir -p "$ROOT/dev" "$ROOT/tmp" "$ROOT/var/lib/dkms"
[ -c "$ROOT/dev/null" ] || mknod -m 666 "$ROOT/dev/null" c 1 3 || rp_unavailable "cannot make /dev/null in the chroot"
chmod 1777 "$ROOT/tmp"
ldconfig -r "$ROOT" 2>/dev/null
in_root() { chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin HOME=/root "$@"; }
in_root /usr/bin/true || rp_unavailable "the trixie chroot does not run here"
# linux-image's postinst runs depmod for its kernel (dpkg -x ran none);
# dkms's own depmod after the install needs that modules.dep.
in_root depmod -a "$K" || fail "depmod $K failed in the chroot"

# (1) dkms add, build and install, as the package's postinst does.
in_root dkms add -m nvidia-current -v "$V" >"$CASE_DIR/dkms-add.log" 2>&1 || fail "dkms add failed: $(tail -n 3 "$CASE_DIR/dkms-add.log")"
in_root dkms install -m nvidia-current -v "$V" -k "$K" -j 2 >"$CASE_DIR/dkms-install.log" 2>&1 ||
    fail "dkms install failed: $(tail -n 5 "$CASE_DIR/dkms-install.log"; tail -n 20 "$ROOT/var/lib/dkms/nvidia-current/$V/build/make.log" 2>/dev/null)"
ls "$ROOT/usr/lib/modules/$K/updates/dkms/" >"$CASE_DIR/installed.txt"
cat "$CASE_DIR/installed.txt"
case $(in_root dkms status) in "nvidia-current/$V, $K, x86_64: installed"*) ;; *) fail "dkms status says: $(in_root dkms status)" ;; esac

# The files dkms wrote, as Debian 13's dkms writes them for a kernel whose
# own modules are xz-compressed: stripped, signed, then compressed.
M=/lib/modules/$K/updates/dkms/nvidia-current.ko.xz
[ -f "$ROOT/usr$M" ] || fail "dkms wrote no $M: $(cat "$CASE_DIR/installed.txt")"
grep -q "^updates/dkms/nvidia-current.ko.xz:" "$ROOT/usr/lib/modules/$K/modules.dep" || fail "dkms's depmod did not index $M"

# The user-space driver of the same release, the GPU on the bus, the module
# not loaded (no /proc/driver/nvidia), Secure Boot on.
rp_driver trixie
[ "$RP_DRIVER" = "$V" ] || fail "libcuda1 is $RP_DRIVER, the module source $V"
rp_ldconfig
put /proc/sys/kernel/osrelease "$K"
put /proc/version "Linux version $K (debian-kernel@lists.debian.org) #1 SMP PREEMPT_DYNAMIC Debian"
gpu 0000:01:00.0 0x2684
mkdir -p "$ROOT/sys/firmware/efi/efivars"
printf '\006\000\000\000\001' >"$ROOT/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
printf '\006\000\000\000\000' >"$ROOT/sys/firmware/efi/efivars/SetupMode-8be4df61-93ca-11d2-aa0d-00e098032b8c"

# (2) kmod's modinfo and gpudoctor read the same from every file dkms wrote.
gdcheck --json
for f in $(cd "$ROOT/usr/lib/modules/$K/updates/dkms" && ls); do
    mi() { in_root modinfo -F "$1" "/usr/lib/modules/$K/updates/dkms/$f"; }
    want=$(printf '%s|%s|%s|%s' "$(mi name)" "$(mi vermagic | sed 's/ *$//')" "$(mi version)" "$([ -n "$(mi sig_id)" ] && echo true || echo false)")
    got=$(jq -r --arg p "/lib/modules/$K/updates/dkms/$f" '.node.kernel_modules.files[] | select(.path == $p) |
        "\(.name)|\(.vermagic // "" | sub(" *$"; ""))|\(.version)|\(.signed)"' "$OUT")
    [ "$got" = "$want" ] || fail "$f: modinfo says $want, gpudoctor $got"
done
[ "$(in_root modinfo -F signer "/usr$M")" = "DKMS module signing key" ] || fail "the module is not signed with dkms's MOK key"
# Built for the running kernel and signed: neither GD121-GD124 nor the
# checklist's doubt; the module is simply not loaded.
expect_json '[.findings[] | select(.code == "GD121" or .code == "GD122" or .code == "GD123" or .code == "GD124")] | length == 0'
expect_json '.checklist[] | select(.step == "the nvidia module is built for the running kernel") | .status == "passed"'
expect_json ".node.kernel_modules.dkms_builds[] | select(.kernel == \"$K\") | .built and .installed"

# (3) dkms uninstall: built, not installed (dkms status), as gpudoctor says.
in_root dkms uninstall -m nvidia-current -v "$V" -k "$K" >"$CASE_DIR/dkms-uninstall.log" 2>&1 ||
    fail "dkms uninstall failed: $(tail -n 3 "$CASE_DIR/dkms-uninstall.log")"
case $(in_root dkms status) in "nvidia-current/$V, $K, x86_64: built"*) ;; *) fail "dkms status says: $(in_root dkms status)" ;; esac
[ ! -e "$ROOT/usr$M" ] || fail "dkms uninstall left $M"
gdcheck --json
expect_json ".node.kernel_modules.dkms_builds[] | select(.kernel == \"$K\") | .built and (.installed | not)"
expect_json '.findings[] | select(.code == "GD121") | .severity == "error"'
expect_json "[.findings[] | select(.code == \"GD121\") | .fixes[].command] | index(\"sudo dkms install nvidia-current/$V -k $K\") != null"
in_root dkms install -m nvidia-current -v "$V" -k "$K" >"$CASE_DIR/dkms-reinstall.log" 2>&1 || fail "dkms install (again) failed"

# (4) Booted into another kernel whose headers are not installed (bookworm's
#     cloud kernel, as on a machine upgraded to trixie and not rebooted):
#     dkms cannot build for it, and says why; gpudoctor's GD121 names the
#     headers.
rp_kernel bookworm
OK=$RP_KERNEL
in_root depmod -a "$OK" || fail "depmod $OK failed"
in_root dkms build -m nvidia-current -v "$V" -k "$OK" >"$CASE_DIR/dkms-old.log" 2>&1 && fail "dkms built for $OK without its headers"
grep -qi "headers" "$CASE_DIR/dkms-old.log" || fail "dkms did not name the headers: $(tail -n 3 "$CASE_DIR/dkms-old.log")"
# dkms status: the module added, no build for that kernel ("...: added").
in_root dkms status -k "$OK" | grep -F "$OK" && fail "dkms status lists a build for $OK: $(in_root dkms status -k "$OK")"
put /proc/sys/kernel/osrelease "$OK"
put /proc/version "Linux version $OK (debian-kernel@lists.debian.org) #1 SMP PREEMPT_DYNAMIC Debian"
gdcheck --json
expect_json ".node.kernel_modules.running == \"$OK\" and .node.kernel_modules.running_headers == false"
expect_json '.findings[] | select(.code == "GD121") | .title | test("headers")'
# The trixie kernel has the module (dkms status above): reboot into it,
# not the old kernel's headers (trixie's archive has no linux-headers-6.1).
expect_json "[.findings[] | select(.code == \"GD121\") | .fixes[].command] == [\"sudo reboot\"]"
expect_json "[.findings[] | select(.code == \"GD121\") | .evidence[].text] | index(\"kernel $K has nvidia-current $V, built and installed by DKMS\") != null"
# That kernel's module is read as the reboot would meet it: the real .ko.xz
# dkms signed and compressed, its vermagic naming kernel $K (kmod's modinfo
# says the same).
expect_json ".node.kernel_modules.files[] | select(.path == \"$M\") | .compression == \"xz\" and .signed == true and (.vermagic | startswith(\"$(in_root modinfo -F vermagic "/usr$M" | cut -d' ' -f1) \"))"
