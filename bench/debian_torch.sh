#!/bin/sh
# bench/debian_torch.sh ROOT [SUITE] - a machine with Debian's CPU build of
# PyTorch installed, built from Debian's real packages (SUITE's
# python3-torch, bookworm's 1.13.1 by default or trixie's 2.6, and
# everything `apt-get install --no-install-recommends python3-torch
# python3-pip` installs with it, plus the shell, coreutils and util-linux
# that collect_env runs) through the real-package tests' cache and private
# apt configuration (tests/realpkg/lib.sh): nothing is installed into this
# machine's system.
#
# The maintainer scripts that matter for the loader are replayed: the BLAS
# and LAPACK alternatives (libblas3, liblapack3 and OpenBLAS register them in
# their postinst) and the loader cache (the root's own ldconfig in a chroot,
# or the host's `ldconfig -r`).  Then, when this runs as root, the tree's own
# loader checks that torch's extension module loads inside it.
#
# Exit 0 with the tree built (or already there: ROOT/.built), 77 when
# Debian's archive, apt or dpkg-deb is not available (the reason on stderr).
# The first build downloads the .debs into the cache (bookworm: about
# 150 MB); later builds take seconds (hard links from the cache).
set -u
ROOT=${1:?usage: debian_torch.sh ROOT [SUITE]}
SUITE=${2:-bookworm}
here=$(cd "$(dirname "$0")" && pwd)
GD_TESTS="$here/../tests"
[ -f "$ROOT/.built" ] && exit 0
rm -rf "$ROOT"
mkdir -p "$ROOT"
CASE_DIR="$ROOT.work"
mkdir -p "$CASE_DIR"
CC=${CC:-cc}
fail() { echo "debian_torch: $*" >&2; exit 1; }
skip() { echo "debian_torch: $*" >&2; exit 77; }
put() {
    _p="$ROOT/$1"; mkdir -p "$(dirname "$_p")"
    if [ $# -ge 2 ]; then printf '%s\n' "$2" >"$_p"; else cat >"$_p"; fi
}
# shellcheck source=../tests/realpkg/lib.sh
. "$GD_TESTS/realpkg/lib.sh"
CI=
rp_init
rp_base "$SUITE"
rp_install_closure "$SUITE" python3-torch python3-pip dash coreutils util-linux
# What the Essential packages' and python3-minimal's maintainer scripts leave.
[ -e "$ROOT/usr/bin/sh" ] || ln -sfn dash "$ROOT/usr/bin/sh"
# The alternatives libblas3, liblapack3 and libopenblas0-pthread register
# (their postinst: update-alternatives --install LINK NAME PATH PRIO), the
# highest priority winning, as on a system apt installed.
alt() {   # LINK NAME, then PATH PRIO pairs
    _link=$1 _name=$2; shift 2
    _best= _bp=-1
    while [ $# -ge 2 ]; do
        if [ -e "$ROOT$1" ] && [ "$2" -gt "$_bp" ]; then _best=$1 _bp=$2; fi
        shift 2
    done
    [ -n "$_best" ] || return 0
    mkdir -p "$ROOT/etc/alternatives"
    ln -sfn "$_best" "$ROOT/etc/alternatives/$_name"
    ln -sfn "/etc/alternatives/$_name" "$ROOT$_link"
}
L=/usr/lib/$RP_TRIPLET
for so in libblas.so.3 liblapack.so.3; do
    b=${so%%.so.3}; b=${b#lib}
    alt "$L/$so" "$so-$RP_TRIPLET" "$L/$b/$so" 10 "$L/openblas-pthread/$so" 100
done
rp_ldconfig
if rp_can_chroot; then
    ext=$(cd "$ROOT" && ls usr/lib/python3/dist-packages/torch/_C.cpython-*.so 2>/dev/null | head -n 1)
    [ -n "$ext" ] || fail "no torch extension module in the tree"
    rp_ldso_list "/$ext" || fail "the tree's loader cannot load /$ext: $(grep 'not found' "$CASE_DIR/ldso.out" | head -n 3)"
fi
rm -rf "$CASE_DIR"
: >"$ROOT/.built"
