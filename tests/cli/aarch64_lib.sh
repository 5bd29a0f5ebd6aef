# tests/cli/aarch64_lib.sh - helpers for the AArch64 loader differential
# cases (tests/cli/11xx-aarch64-*.sh).  Sourced after lib.sh.
#
# Each case builds an AArch64 Debian machine under $ROOT: the real AArch64
# glibc (Debian's libc6-arm64-cross, the arm64 build of glibc 2.36 moved
# under /usr/aarch64-linux-gnu) at /lib/aarch64-linux-gnu, real AArch64
# libraries made by aarch64-linux-gnu-gcc, and when the case asks for one
# (a64_ldconfig) the ld.so.cache written by the real AArch64 ldconfig
# (Debian's libc-bin:arm64, run under qemu-aarch64-static in a chroot of
# the tree).  Then it asks two questions with the same environment:
#
#   the oracle: the real AArch64 dlopen -- tests/helpers/dlwhich.c built
#   for AArch64, run by the tree's own /lib/ld-linux-aarch64.so.1 under
#   qemu-aarch64-static, chrooted into $ROOT, so every path it opens is
#   the tree's;
#
#   the prediction: `gpudoctor which --root $ROOT` from this x86-64 host,
#   which must judge the tree as the AArch64 machine it is.
#
# Both must equal what the case expects (agree, from loader_lib.sh's
# contract), so agreeing on a wrong answer fails too.
#
# Needs: aarch64-linux-gnu-gcc and libc6-dev-arm64-cross, qemu-user-static,
# root (chroot), and once the libc-bin:arm64 .deb (535 kB, fetched with
# apt through a private configuration into the real-package cache,
# tests/realpkg/README.md).  Outside CI a missing piece skips the case
# with one line; with CI=true it fails.

A64_SYSROOT=/usr/aarch64-linux-gnu
A64_CACHE=${GD_PKG_CACHE:-/var/cache/gpudoctor-test-debs}

a64_unavailable() {
    echo "aarch64 loader tests: $*" >&2
    [ "${CI:-}" = true ] && fail "aarch64 loader tests cannot run in CI: $*"
    skip "aarch64 loader tests skipped: $*"
}

command -v jq >/dev/null || a64_unavailable "jq is not installed"
command -v aarch64-linux-gnu-gcc >/dev/null || a64_unavailable "no aarch64-linux-gnu-gcc (gcc-aarch64-linux-gnu)"
[ -f "$A64_SYSROOT/lib/ld-linux-aarch64.so.1" ] && [ -f "$A64_SYSROOT/lib/libc_nonshared.a" ] ||
    a64_unavailable "no AArch64 glibc in $A64_SYSROOT (libc6-dev-arm64-cross)"
A64_QEMU=$(command -v qemu-aarch64-static) || a64_unavailable "no qemu-aarch64-static (qemu-user-static)"
[ "$(id -u)" -eq 0 ] || a64_unavailable "the oracle runs in a chroot of the tree (root needed)"
A64_CHROOT=$(command -v chroot) || a64_unavailable "no chroot"

A64_CC="aarch64-linux-gnu-gcc"

# a64_base: the AArch64 Debian 12 machine (Debian's own layout: the
# interpreter at /lib/ld-linux-aarch64.so.1, libc in /lib/aarch64-linux-gnu,
# /etc/ld.so.conf including ld.so.conf.d), the oracle at /usr/bin/dlwhich,
# qemu to run it, and a /proc/cpuinfo that says what the emulated CPU is
# (qemu's "max" CPU has LSE atomics: ld.so searches the legacy "atomics"
# subdirectories, ld.so --help says so under qemu).
a64_base() {
    mkdir -p "$ROOT/lib/aarch64-linux-gnu" "$ROOT/usr/lib/aarch64-linux-gnu" "$ROOT/etc/ld.so.conf.d" \
        "$ROOT/usr/bin" "$ROOT/bin" "$ROOT/sbin"
    for _f in ld-linux-aarch64.so.1 libc.so.6 libdl.so.2; do
        cp "$A64_SYSROOT/lib/$_f" "$ROOT/lib/aarch64-linux-gnu/$_f" || fail "cannot copy $_f"
    done
    ln -sfn aarch64-linux-gnu/ld-linux-aarch64.so.1 "$ROOT/lib/ld-linux-aarch64.so.1"
    put /etc/debian_version "12.5"
    put /etc/os-release 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
ID=debian'
    put /etc/ld.so.conf "include /etc/ld.so.conf.d/*.conf"
    put /proc/cpuinfo "processor	: 0
BogoMIPS	: 50.00
Features	: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm jscvt fcma lrcpc dcpop sha3 sm3 sm4 asimddp sha512 sve asimdfhm dit uscat ilrcpc flagm ssbs sb paca pacg dcpodp sve2 sveaes svepmull svebitperm svesha3 svesm4 flagm2 frint svei8mm svebf16 i8mm bf16 dgh bti
CPU implementer	: 0x00
CPU architecture: 8
CPU variant	: 0x0
CPU part	: 0x051
CPU revision	: 0
"
    $A64_CC -D_GNU_SOURCE -O1 -o "$ROOT/usr/bin/dlwhich" "$GD_TESTS/helpers/dlwhich.c" -ldl ||
        fail "cannot build the AArch64 dlwhich"
    cp "$A64_QEMU" "$ROOT/usr/bin/qemu-aarch64-static" || fail "cannot copy qemu-aarch64-static"
}
# a64_sh: /bin/sh as an AArch64 program (Debian's dash is one).
a64_sh() {
    printf 'int main(void) { return 0; }\n' >"$CASE_DIR/sh.c"
    $A64_CC -o "$ROOT/bin/sh" "$CASE_DIR/sh.c" || fail "cannot build /bin/sh"
}

# a64lib PATH SONAME [CC FLAGS...]: a real AArch64 library whose gd_which()
# returns a distinct number.
a64lib() {
    _p="$ROOT/$1"; _so=$2; shift 2
    _n=$((_n + 1))
    mkdir -p "$(dirname "$_p")"
    printf 'int gd_which(void) { return %d; }\n' "$_n" >"$CASE_DIR/lib$_n.c"
    $A64_CC -shared -fPIC -o "$_p" -Wl,-soname,"$_so" "$CASE_DIR/lib$_n.c" "$@" || fail "cannot build $_p"
}
# a64via PATH [CC FLAGS...]: an AArch64 library exporting gd_dlopen(name),
# so that dlopen is called from inside it (its RPATH/RUNPATH apply).
a64via() {
    _p="$ROOT/$1"; shift
    mkdir -p "$(dirname "$_p")"
    printf '#include <dlfcn.h>\nvoid *gd_dlopen(const char *n) { return dlopen(n, RTLD_NOW); }\n' >"$CASE_DIR/via.c"
    $A64_CC -shared -fPIC -o "$_p" "$CASE_DIR/via.c" "$@" -ldl || fail "cannot build $_p"
}
# x86lib PATH SONAME: a same-name x86-64 decoy (the other machine).
x86lib() {
    mkdir -p "$(dirname "$ROOT/$1")"
    printf 'int gd_which(void) { return 86; }\n' >"$CASE_DIR/x86.c"
    $CC -shared -fPIC -o "$ROOT/$1" -Wl,-soname,"$2" "$CASE_DIR/x86.c" || fail "cannot build $1"
}

# a64_ldconfig_bin: the path of Debian's AArch64 ldconfig (libc-bin:arm64
# of bookworm), downloaded once through a private apt configuration (arm64
# package lists of bookworm main, refreshed daily) into the shared cache.
a64_ldconfig_bin() {
    _a="$A64_CACHE/apt-arm64"
    mkdir -p "$_a/lists/partial" "$_a/archives/partial" "$_a/cache" "$A64_CACHE/debs" 2>/dev/null ||
        a64_unavailable "cannot create the package cache $A64_CACHE"
    exec 8>"$A64_CACHE/lock.arm64"
    flock 8
    if [ ! -x "$_a/ldconfig/sbin/ldconfig" ]; then
        command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null || {
            flock -u 8; a64_unavailable "apt-get and dpkg-deb are needed to fetch libc-bin:arm64"; }
        : >>"$_a/empty-status"
        printf 'deb [arch=arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s bookworm main\n' \
            "${GD_DEBIAN_MIRROR:-http://deb.debian.org/debian}" >"$_a/sources.list"
        _o="-o Dir::Etc::SourceList=$_a/sources.list -o Dir::Etc::SourceParts=/dev/null
            -o Dir::State::Lists=$_a/lists -o Dir::Cache=$_a/cache -o Dir::Cache::Archives=$_a/archives
            -o Dir::State::status=$_a/empty-status -o APT::Architecture=arm64 -o APT::Architectures=arm64
            -o Debug::NoLocking=1 -o APT::Sandbox::User=root -q"
        # shellcheck disable=SC2086
        apt-get $_o update >"$_a/update.log" 2>&1
        # shellcheck disable=SC2086
        if ! (cd "$A64_CACHE/debs" && apt-get $_o download libc-bin:arm64) >"$CASE_DIR/apt.log" 2>&1; then
            flock -u 8
            a64_unavailable "cannot download libc-bin:arm64: $(grep -E '^(E|W):' "$_a/update.log" "$CASE_DIR/apt.log" | head -n 1)"
        fi
        rm -rf "$_a/ldconfig.tmp"
        dpkg-deb -x "$(ls -t "$A64_CACHE"/debs/libc-bin_*_arm64.deb | head -n 1)" "$_a/ldconfig.tmp" &&
            mv "$_a/ldconfig.tmp" "$_a/ldconfig" || { flock -u 8; fail "cannot unpack libc-bin:arm64"; }
    fi
    flock -u 8
    printf '%s\n' "$_a/ldconfig/sbin/ldconfig"
}
# a64_ldconfig: write the tree's /etc/ld.so.cache with the real AArch64
# ldconfig, in a chroot of the tree (it reads /etc/ld.so.conf there).
a64_ldconfig() {
    _lc=$(a64_ldconfig_bin) || exit $?
    cp "$_lc" "$ROOT/sbin/ldconfig" || fail "cannot copy ldconfig"
    chroot "$ROOT" /usr/bin/qemu-aarch64-static /sbin/ldconfig 2>"$CASE_DIR/ldconfig.err" ||
        fail "the AArch64 ldconfig failed: $(head -n 1 "$CASE_DIR/ldconfig.err")"
}

# a64_oracle [--via P | --needed-of P] NAME: the real AArch64 dlopen, with
# $LLP as LD_LIBRARY_PATH (unset when LLP is unset); sets REAL.
a64_oracle() {
    if [ "${LLP+set}" = set ]; then
        REAL=$(env -i LD_LIBRARY_PATH="$LLP" "$A64_CHROOT" "$ROOT" /usr/bin/qemu-aarch64-static /usr/bin/dlwhich "$@" 2>&1)
    else
        REAL=$(env -i "$A64_CHROOT" "$ROOT" /usr/bin/qemu-aarch64-static /usr/bin/dlwhich "$@" 2>&1)
    fi
    case $REAL in ERROR:*) REAL=null ;; esac
}
# a64_predict NAME [which options...]: gpudoctor's answer for the tree.
a64_predict() {
    if [ "${LLP+set}" = set ]; then
        gd which --root "$ROOT" --clear-env --env "LD_LIBRARY_PATH=$LLP" --main /usr/bin/dlwhich --cwd / --json "$@"
    else
        gd which --root "$ROOT" --clear-env --main /usr/bin/dlwhich --cwd / --json "$@"
    fi
    PRED=$(jq -r '.found // "null"' "$OUT" 2>/dev/null) || fail "which --json gave no JSON"
}
# a64_agree EXPECTED: the real loader and gpudoctor both chose EXPECTED.
a64_agree() {
    [ "$REAL" = "$1" ] || fail "the real AArch64 dlopen loaded '$REAL', the case expects '$1'"
    [ "$PRED" = "$1" ] || fail "gpudoctor predicts '$PRED', the real AArch64 dlopen loaded '$REAL'"
}
# a64case EXPECTED NAME [--via P | --needed-of P]: both questions at once.
a64case() {
    _exp=$1; _name=$2; shift 2
    case ${1:-} in
        --via) a64_oracle --via "$2" "$_name"; a64_predict "$_name" --from "$2" ;;
        --needed-of) a64_oracle --needed-of "$2" "$_name"; a64_predict "$_name" --from "$2" ;;
        *) a64_oracle "$_name"; a64_predict "$_name" ;;
    esac
    a64_agree "$_exp"
}
