# The kernel module chain on a real Debian kernel: bookworm's
# linux-image-*-cloud-amd64 (one package, cached; 1121 uncompressed modules
# signed by Debian's build key), indexed by the real depmod of bookworm's
# kmod, with an nvidia module in DKMS's place.  Oracles:
#  - kmod's modinfo on the same files: gpudoctor's .modinfo and signature
#    reader (scan/kmodinfo.c) agrees on name, vermagic, version and the
#    signature for a sample of Debian's own modules and for the nvidia one;
#  - the real depmod: a module it indexed is in modules.dep, one added
#    after it ran is not (GD125), until depmod runs again;
#  - bookworm's dkms (3.0.10) `dkms status` on the DKMS layout its own
#    functions read (is_module_built, _is_module_installed): the states
#    gpudoctor reports are dkms's.  The NVIDIA module itself is not built
#    here (no NVIDIA source in CI); it is an ELF relocatable with the
#    .modinfo the kernel's MODULE_INFO writes and this kernel's vermagic.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
rp_base bookworm
rp_kernel bookworm
K=$RP_KERNEL
kmoddir=$(rp_unpacked "$(rp_deb kmod/bookworm)") || exit $?
mkdir -p "$CASE_DIR/bin"
for t in modinfo depmod; do ln -sfn "$kmoddir/usr/bin/kmod" "$CASE_DIR/bin/$t" 2>/dev/null; done
[ -x "$kmoddir/usr/bin/kmod" ] || for t in modinfo depmod; do ln -sfn "$kmoddir/bin/kmod" "$CASE_DIR/bin/$t"; done
"$CASE_DIR/bin/modinfo" -V >/dev/null 2>&1 || rp_unavailable "bookworm's kmod does not run here"
put /proc/sys/kernel/osrelease "$K"
put /proc/version "Linux version $K (debian-kernel@lists.debian.org) #1 SMP PREEMPT_DYNAMIC Debian"
mkdriver 550.163.01
gpu 0000:01:00.0 0x2684
rm -rf "$ROOT/proc/driver"

# The nvidia module DKMS installs for this kernel, with its vermagic.
rp_nvidia_module "$K" 550.163.01
m=$RP_NVIDIA_KO vm=$RP_VERMAGIC

# (1) modinfo agrees with gpudoctor's reader on Debian's modules and ours.
: >"$CASE_DIR/oracle.tsv"
for f in $(find "$ROOT/usr/lib/modules/$K/kernel" -name '*.ko' | sort | awk 'NR % 97 == 1') "$ROOT$m"; do
    s=0
    [ -n "$("$CASE_DIR/bin/modinfo" -F sig_id "$f")" ] && s=1
    printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$("$CASE_DIR/bin/modinfo" -F name "$f")" "$("$CASE_DIR/bin/modinfo" -F vermagic "$f")" \
        "$("$CASE_DIR/bin/modinfo" -F version "$f")" "$s" >>"$CASE_DIR/oracle.tsv"
done
[ "$(grep -c '	1$' "$CASE_DIR/oracle.tsv")" -ge 10 ] || fail "fewer than 10 signed modules in the sample"
GD_KMODINFO_ORACLE=$CASE_DIR/oracle.tsv "$GD_BUILD/tests/test_kmodinfo" >"$CASE_DIR/unit.out" 2>&1 ||
    fail "gpudoctor's module reader disagrees with modinfo: $(grep -v '^PASS' "$CASE_DIR/unit.out" | head -n 5)"
grep -q '^PASS test_real_modules' "$CASE_DIR/unit.out" || fail "the comparison with modinfo did not run"

# (2) The module is there, indexed, for the running kernel, not loaded;
#     Secure Boot on and the module unsigned: GD124.
mkdir -p "$ROOT/sys/firmware/efi/efivars"
printf '\006\000\000\000\001' >"$ROOT/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
printf '\006\000\000\000\000' >"$ROOT/sys/firmware/efi/efivars/SetupMode-8be4df61-93ca-11d2-aa0d-00e098032b8c"
D=/var/lib/dkms/nvidia-current/550.163.01
mkdir -p "$ROOT$D/$K/x86_64/module" "$ROOT/usr/src/nvidia-current-550.163.01"
cp "$ROOT$m" "$ROOT$D/$K/x86_64/module/"
ln -sfn /usr/src/nvidia-current-550.163.01 "$ROOT$D/source"
ln -sfn "550.163.01/$K/x86_64" "$ROOT/var/lib/dkms/nvidia-current/kernel-$K-x86_64"
printf 'PACKAGE_NAME="nvidia-current"\nPACKAGE_VERSION="550.163.01"\nBUILT_MODULE_NAME[0]="nvidia-current"\nDEST_MODULE_LOCATION[0]="/updates/dkms"\nAUTOINSTALL=yes\n' \
    >"$ROOT/usr/src/nvidia-current-550.163.01/dkms.conf"
gdcheck --json
expect_rc 1
expect_json ".node.kernel_modules.files[] | select(.path == \"/lib/modules/$K/updates/dkms/nvidia-current.ko\" or .path == \"$m\") | .name == \"nvidia\" and .vermagic == \"$vm\" and .signed == false and .in_modules_dep == true"
expect_json ".node.kernel_modules.kernels == [\"$K\"]"
expect_json '.findings[] | select(.code == "GD124") | .severity == "error"'
expect_json "[.findings[] | select(.code == \"GD124\") | .fixes[].command] | index(\"sudo dkms install --force nvidia-current/550.163.01 -k $K\") != null"

# (3) dkms status on the same layout (its source link made absolute on this
#     host, since dkms runs outside the tree): installed, as gpudoctor says.
dkmsdir=$(rp_unpacked "$(rp_deb dkms/bookworm)") || exit $?
cp -a "$ROOT/var/lib/dkms" "$CASE_DIR/dkms-tree"
ln -sfn "$ROOT/usr/src/nvidia-current-550.163.01" "$CASE_DIR/dkms-tree/nvidia-current/550.163.01/source"
dk() { bash "$dkmsdir/usr/sbin/dkms" status --dkmstree "$CASE_DIR/dkms-tree" --sourcetree "$ROOT/usr/src" --installtree "$ROOT/usr/lib/modules" 2>&1; }
case $(dk) in "nvidia-current/550.163.01, $K, x86_64: installed"*) ;; *) fail "dkms status says: $(dk)" ;; esac
expect_json ".node.kernel_modules.dkms_builds[] | select(.kernel == \"$K\") | .built and .installed"
rm "$CASE_DIR/dkms-tree/nvidia-current/kernel-$K-x86_64" "$ROOT/var/lib/dkms/nvidia-current/kernel-$K-x86_64"
case $(dk) in "nvidia-current/550.163.01, $K, x86_64: built"*) ;; *) fail "dkms status says: $(dk)" ;; esac
gdcheck --json
expect_json ".node.kernel_modules.dkms_builds[] | select(.kernel == \"$K\") | .built and (.installed | not)"

# (4) A module installed after depmod ran: not in modules.dep (GD125),
#     until the real depmod indexes it.
rm -f "$ROOT/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
rm -f "$ROOT$m" && "$CASE_DIR/bin/depmod" -b "$ROOT/usr" "$K" && cp "$ROOT$D/$K/x86_64/module/nvidia-current.ko" "$ROOT$m"
gdcheck --json
expect_json '.findings[] | select(.code == "GD125") | .title | test("not in modules.dep")'
"$CASE_DIR/bin/depmod" -b "$ROOT/usr" "$K"
gdcheck --json
expect_json '[.findings[] | select(.code == "GD125")] | length == 0'
