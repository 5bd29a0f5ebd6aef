#!/bin/sh
# tools/build-jansson-mingw.sh - build a static jansson for MinGW-w64 from
# Debian's own source package, for `make windows` (mk/windows.mk); also for
# musl, `make static` (mk/static.mk), with SYSTEM "native".
#
#   sh tools/build-jansson-mingw.sh PREFIX [CC [SYSTEM [PROCESSOR]]]
#
# SYSTEM is CMake's CMAKE_SYSTEM_NAME (default Windows); "native" sets none
# (musl-gcc builds for this machine's architecture); PROCESSOR, when given,
# is CMAKE_SYSTEM_PROCESSOR (a cross build for Linux, e.g. aarch64:
# `make aarch64`, mk/aarch64.mk, passes Linux aarch64).
#
# Debian ships jansson only for Linux, so the Windows build compiles the same
# upstream release Debian does (jansson_2.14-2 on bookworm) with the cross
# compiler.  The source comes from `apt-get source` through a private apt
# configuration under the build folder (one deb-src line), so the machine's
# /etc/apt is left as it is.  Set JANSSON_SRC=DIR to use an unpacked source
# tree instead (offline builds).  Needs: cmake, dpkg-dev (dpkg-source), and
# the cross compiler.  Installs PREFIX/include/jansson*.h and
# PREFIX/lib/libjansson.a.
set -eu
prefix=$1
cc=${2:-x86_64-w64-mingw32-gcc}
system=${3:-Windows}
processor=${4:-}
work=$(dirname "$prefix")/jansson-build
mkdir -p "$work"
work=$(cd "$work" && pwd)
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)

if [ -n "${JANSSON_SRC:-}" ]; then
    src=$JANSSON_SRC
else
    # tools/debian-source.sh: the private deb-src configuration, each apt
    # call bounded by JANSSON_FETCH_TIMEOUT seconds (default 300).
    . "$(dirname "$0")/debian-source.sh"
    debian_source "$work" build-jansson-mingw.sh JANSSON_FETCH_TIMEOUT jansson || {
        echo "build-jansson-mingw.sh: or set JANSSON_SRC=DIR to build from an unpacked jansson source tree" >&2
        exit 1
    }
    src=$work/jansson
fi

rm -rf "$work/b"
mkdir -p "$work/b"
cd "$work/b"
set --
[ "$system" = native ] || set -- "$@" -DCMAKE_SYSTEM_NAME="$system"
[ -z "$processor" ] || set -- "$@" -DCMAKE_SYSTEM_PROCESSOR="$processor"
cmake "$src" "$@" -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DJANSSON_BUILD_SHARED_LIBS=OFF -DJANSSON_BUILD_DOCS=OFF \
    -DJANSSON_WITHOUT_TESTS=ON -DJANSSON_EXAMPLES=OFF >cmake.log
make -s >make.log
make -s install >/dev/null
