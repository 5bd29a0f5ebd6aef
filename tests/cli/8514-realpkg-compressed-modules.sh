# Compressed kernel modules, read by scan/kmodz.c + scan/kmodinfo.c, on a
# real Debian 13 kernel: trixie's linux-image-*-cloud-amd64 ships its
# 1138 modules as .ko.xz (scripts/Makefile.modinst: signed by Debian's build
# key, then `xz --check=crc32 --lzma2=dict=1MiB`).  Oracles:
#  - kmod's modinfo (bookworm's kmod 30, +XZ +ZSTD) on the same files:
#    gpudoctor agrees on name, vermagic, version, the signature's presence
#    and its PKCS#7 type, for a sample of Debian's .ko.xz and the largest;
#  - Ubuntu-style .ko.zst made from the same modules with the real zstd
#    (xz -dc | zstd, as the kernel compresses: the signed module whole),
#    once with and once without the frame's content size (zstd
#    --no-content-size; kmod's modinfo needs the size, so the oracle for
#    that one is modinfo on the .ko it decompresses to), and .ko.gz made
#    with the real gzip (bookworm's kmod is built -ZLIB: its oracle is
#    modinfo on the .ko gzip -d gives back);
#  - then gpudoctor check on the kernel with DKMS's nvidia module written
#    as Debian 13's dkms writes it (.ko.xz): the vermagic read from inside
#    the xz stream, and GD124 for it unsigned with Secure Boot on.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
for t in xz zstd gzip; do
    command -v $t >/dev/null 2>&1 || rp_unavailable "$t is not installed (xz-utils, zstd, gzip)"
done
rp_init
rp_base trixie
rp_kernel trixie
K=$RP_KERNEL img=$RP_KERNEL_PKG
M=$ROOT/usr/lib/modules/$K
nxz=$(find "$M/kernel" -name '*.ko.xz' | wc -l)
[ "$nxz" -ge 500 ] || fail "trixie's $img ships $nxz .ko.xz modules"
[ -z "$(find "$M/kernel" -name '*.ko' | head -n 1)" ] || fail "trixie's $img ships uncompressed modules"
kmoddir=$(rp_unpacked "$(rp_deb kmod/bookworm)") || exit $?
mkdir -p "$CASE_DIR/bin"
for t in modinfo depmod; do ln -sfn "$kmoddir/bin/kmod" "$CASE_DIR/bin/$t"; done
"$CASE_DIR/bin/modinfo" -V >/dev/null 2>&1 || rp_unavailable "bookworm's kmod does not run here"
"$CASE_DIR/bin/modinfo" -V | grep -q '+XZ' || fail "bookworm's kmod reads no xz"

# row FILE ORACLE-FILE COMPRESSION: modinfo on ORACLE-FILE, for FILE.
row() {
    _s=0
    [ "$("$CASE_DIR/bin/modinfo" -F sig_id "$2")" = "PKCS#7" ] && _s=1
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$("$CASE_DIR/bin/modinfo" -F name "$2")" \
        "$("$CASE_DIR/bin/modinfo" -F vermagic "$2")" "$("$CASE_DIR/bin/modinfo" -F version "$2")" "$_s" "$3" \
        >>"$CASE_DIR/oracle.tsv"
}
: >"$CASE_DIR/oracle.tsv"
big=$(find "$M/kernel" -name '*.ko.xz' -size +600k | sort)
for f in $(find "$M/kernel" -name '*.ko.xz' | sort | awk 'NR % 53 == 1') $big; do
    row "$f" "$f" xz
done
# The same modules as .ko.zst (with and without content size) and .ko.gz.
mkdir -p "$CASE_DIR/z"
i=0
for f in $(find "$M/kernel" -name '*.ko.xz' | sort | awk 'NR % 151 == 1') $big; do
    i=$((i + 1))
    b=$CASE_DIR/z/$i-$(basename "$f" .xz)
    xz -dc "$f" >"$b"
    zstd -q -f "$b" -o "$b.zst"
    zstd -q -f --no-content-size "$b" -o "$b.nosize.zst"
    gzip -9 -c "$b" >"$b.gz"
    row "$b.zst" "$b.zst" zstd
    row "$b.nosize.zst" "$b" zstd
    row "$b.gz" "$b" gzip
done
[ "$(grep -c '	1	[a-z]*$' "$CASE_DIR/oracle.tsv")" -ge 20 ] || fail "fewer than 20 signed modules in the sample"
[ "$(awk -F '\t' -v k="$K " 'index($3, k) == 1' "$CASE_DIR/oracle.tsv" | wc -l)" -eq "$(wc -l <"$CASE_DIR/oracle.tsv")" ] ||
    fail "modinfo read another vermagic from a module of $K"
GD_KMODINFO_ORACLE=$CASE_DIR/oracle.tsv "$GD_BUILD/tests/test_kmodinfo" >"$CASE_DIR/unit.out" 2>&1 ||
    fail "gpudoctor's compressed-module reader disagrees with modinfo: $(grep -v '^PASS' "$CASE_DIR/unit.out" | head -n 5)"
grep -q '^PASS test_real_modules' "$CASE_DIR/unit.out" || fail "the comparison with modinfo did not run"

# check on this kernel: DKMS's nvidia module, xz-compressed as Debian 13's
# dkms writes it, with this kernel's vermagic (modinfo's, from virtio_net).
put /proc/sys/kernel/osrelease "$K"
put /proc/version "Linux version $K (debian-kernel@lists.debian.org) #1 SMP PREEMPT_DYNAMIC Debian"
mkdriver 550.163.01
gpu 0000:01:00.0 0x2684
rm -rf "$ROOT/proc/driver"
vm=$("$CASE_DIR/bin/modinfo" -F vermagic "$M/kernel/drivers/net/virtio_net.ko.xz")
[ -n "$vm" ] || fail "modinfo read no vermagic from virtio_net.ko.xz"
printf '%s\n' 'static const char a[] __attribute__((section(".modinfo"), used, aligned(1))) = "license=NVIDIA";' \
    'static const char b[] __attribute__((section(".modinfo"), used, aligned(1))) = "version=550.163.01";' \
    'static const char c[] __attribute__((section(".modinfo"), used, aligned(1))) = "name=nvidia";' \
    "static const char d[] __attribute__((section(\".modinfo\"), used, aligned(1))) = \"vermagic=$vm\";" \
    'int nv_init(void) { return 0; }' >"$CASE_DIR/ko.c"
m=/usr/lib/modules/$K/updates/dkms/nvidia-current.ko
mkdir -p "$ROOT$(dirname "$m")"
$CC -c -o "$ROOT$m" "$CASE_DIR/ko.c" || fail "cannot build the nvidia module"
xz --check=crc32 --lzma2=dict=1MiB -f "$ROOT$m"
"$CASE_DIR/bin/depmod" -b "$ROOT/usr" "$K" 2>"$CASE_DIR/depmod.err" || fail "depmod failed: $(head -n 1 "$CASE_DIR/depmod.err")"
grep -q '^updates/dkms/nvidia-current.ko.xz:' "$M/modules.dep" || fail "depmod did not index nvidia-current.ko.xz"
[ "$("$CASE_DIR/bin/modinfo" -F vermagic "$ROOT$m.xz")" = "$vm" ] || fail "modinfo reads another vermagic from the nvidia module"
mkdir -p "$ROOT/sys/firmware/efi/efivars"
printf '\006\000\000\000\001' >"$ROOT/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
printf '\006\000\000\000\000' >"$ROOT/sys/firmware/efi/efivars/SetupMode-8be4df61-93ca-11d2-aa0d-00e098032b8c"
gdcheck --json
expect_rc 1
expect_json ".node.kernel_modules.files[] | select(.path == \"/lib/modules/$K/updates/dkms/nvidia-current.ko.xz\" or .path == \"$m.xz\") | .compression == \"xz\" and .name == \"nvidia\" and .vermagic == \"$vm\" and .signed == false and .in_modules_dep == true"
expect_json '.findings[] | select(.code == "GD124") | .severity == "error"'
expect_json '.checklist[] | select(.step == "the nvidia module is built for the running kernel") | .status == "passed"'
