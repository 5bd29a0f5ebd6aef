#!/bin/sh
# tools/build-jansson-mingw.sh - build a static jansson for MinGW-w64 from
# Debian's own source package, for `make windows` (mk/windows.mk).
#
#   sh tools/build-jansson-mingw.sh PREFIX [CC]
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
work=$(dirname "$prefix")/jansson-build
mkdir -p "$work"
work=$(cd "$work" && pwd)
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)

if [ -n "${JANSSON_SRC:-}" ]; then
    src=$JANSSON_SRC
else
    src=$work/src
    if [ ! -f "$src/CMakeLists.txt" ]; then
        apt=$work/apt
        mkdir -p "$apt/parts" "$apt/lists/partial" "$apt/cache"
        suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
        cat >"$apt/parts/src.sources" <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $suite
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
        set -- -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$apt/parts" \
            -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" \
            -o APT::Sandbox::User=root
        apt-get "$@" -qq update
        (cd "$work" && apt-get "$@" -qq source --download-only jansson)
        rm -rf "$src"
        dpkg-source -x "$(ls "$work"/jansson_*.dsc | head -n 1)" "$src" >/dev/null
    fi
fi

rm -rf "$work/b"
mkdir -p "$work/b"
cd "$work/b"
cmake "$src" -DCMAKE_SYSTEM_NAME=Windows -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
    -DJANSSON_BUILD_SHARED_LIBS=OFF -DJANSSON_BUILD_DOCS=OFF \
    -DJANSSON_WITHOUT_TESTS=ON -DJANSSON_EXAMPLES=OFF >cmake.log
make -s >make.log
make -s install >/dev/null
