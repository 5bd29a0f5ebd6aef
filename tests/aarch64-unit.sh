#!/bin/sh
# tests/aarch64-unit.sh - run the AArch64 build's unit tests under qemu-user
# (make check-aarch64, mk/aarch64.mk).
#
#   sh tests/aarch64-unit.sh QEMU SYSROOT BUILDDIR TEST...
#
# Each test binary runs with the cross glibc of SYSROOT as its root for the
# program interpreter and libraries (qemu -L), in a scratch directory with
# GD_TESTS naming tests/, as tests/run.sh runs the native ones.  Then the AArch64 gpudoctor itself
# answers --version and judges a small AArch64 tree (its own sysroot).
# Prints one line per binary and a count; exits 1 if any failed.
set -u
qemu=$1 sysroot=$2 build=$3
shift 3
case $build in /*) ;; *) build=$(pwd)/$build ;; esac
GD_TESTS=$(cd "$(dirname "$0")" && pwd)
export GD_TESTS
work=$(mktemp -d "${TMPDIR:-/tmp}/gda64.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
pass=0 failn=0 failed=""
for t in "$@"; do
    name=$(basename "$t")
    case $t in /*) ;; *) t=$(pwd)/$t ;; esac
    if (cd "$work" && "$qemu" -L "$sysroot" "$t") >"$build/tests/$name.log" 2>&1 &&
        ! grep -q '^FAIL' "$build/tests/$name.log"; then
        pass=$((pass + 1))
    else
        failn=$((failn + 1))
        failed="$failed $name"
        echo "--- $name (aarch64, exit $?)"
        grep -v '^PASS' "$build/tests/$name.log" | head -n 20
    fi
done
# The program: it runs, and judges the cross sysroot as the AArch64 glibc it is.
if out=$("$qemu" -L "$sysroot" "$build/gpudoctor" which --root "$sysroot" --clear-env --env LD_LIBRARY_PATH=/lib --json libc.so.6 2>&1) &&
    printf '%s\n' "$out" | grep -q '"found": "/lib/libc.so.6"'; then
    pass=$((pass + 1))
else
    failn=$((failn + 1))
    failed="$failed gpudoctor-which"
    echo "--- the AArch64 gpudoctor: which --root $sysroot libc.so.6"
    printf '%s\n' "$out" | head -n 20
fi
[ -n "$failed" ] && echo "aarch64 failed:$failed"
echo "aarch64 (qemu): $pass passed, $failn failed"
[ "$failn" -eq 0 ]
