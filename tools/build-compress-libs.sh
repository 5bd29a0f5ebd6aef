#!/bin/sh
# tools/build-compress-libs.sh - static liblzma, libzstd and zlib for a
# cross build of gpudoctor (make aarch64, make static, make static-aarch64,
# make windows), from Debian's own source packages, as
# tools/build-jansson-mingw.sh builds jansson.  scan/kmodz.c reads
# compressed kernel modules (.ko.xz, .ko.zst, .ko.gz) with them.
#
#   sh tools/build-compress-libs.sh PREFIX CC AR [SYSTEM [PROCESSOR]]
#
# SYSTEM and PROCESSOR are CMake's CMAKE_SYSTEM_NAME and
# CMAKE_SYSTEM_PROCESSOR for liblzma (xz-utils' CMakeLists.txt); SYSTEM
# "native" (the default) sets neither (musl-gcc for this machine).  zlib's
# and zstd's library sources are compiled as their own Makefiles list them
# (zlib: the library objects but the gz* file layer, which nothing here
# uses; zstd: lib/common, lib/compress, lib/decompress, with
# ZSTD_DISABLE_ASM, the portable decoder, as its Makefile's ZSTD_NO_ASM).
# Installs PREFIX/include/{lzma.h,lzma/,zstd.h,zstd_errors.h,zlib.h,zconf.h}
# and PREFIX/lib/{liblzma,libzstd,libz}.a.
#
# The sources (Debian's zlib, xz-utils and libzstd source packages of this
# machine's suite) are fetched once, with `apt-get source` through a private
# apt configuration (one deb-src line; /etc/apt is left as it is), into
# COMPRESS_SRC (default build/debian-src), and shared by every build that
# needs them: a fresh clone fetches them once and builds each target's
# libraries once (make keeps PREFIX/lib/libz.a as the stamp).
# COMPRESS_FETCH_TIMEOUT (seconds, default 300) bounds each apt call.
# Needs: cmake, dpkg-dev (dpkg-source), the cross compiler and its ar.
set -eu
prefix=$1
cc=$2
ar=$3
system=${4:-native}
processor=${5:-}
src=${COMPRESS_SRC:-build/debian-src}
mkdir -p "$src" "$prefix/include" "$prefix/lib"
src=$(cd "$src" && pwd)
prefix=$(cd "$prefix" && pwd)

. "$(dirname "$0")/debian-source.sh"

# objs OUTDIR CFLAGS... -- FILES...: compile each file into OUTDIR, print
# the objects' names (one per line).
compile() {
    out=$1
    shift
    flags=""
    while [ "$1" != -- ]; do flags="$flags $1"; shift; done
    shift
    mkdir -p "$out"
    for f in "$@"; do
        o=$out/$(echo "$f" | sed 's|^.*/lib/||; s|/|_|g; s|\.c$|.o|')
        # shellcheck disable=SC2086
        "$cc" -O2 $flags -c -o "$o" "$f"
        echo "$o"
    done
}

# Locked: make's parallel jobs may start two targets' builds at once, and
# they share the sources.
exec 8>"$src/.lock"
command -v flock >/dev/null 2>&1 && flock 8
debian_source "$src" build-compress-libs.sh COMPRESS_FETCH_TIMEOUT zlib xz-utils libzstd || {
    echo "build-compress-libs.sh: or set COMPRESS_SRC=DIR holding zlib/, xz-utils/ and libzstd/ unpacked" >&2
    exit 1
}
flock -u 8 2>/dev/null || true

work=$prefix/build
rm -rf "$work"
mkdir -p "$work"

# zlib: its Makefile's OBJZ (the gz* layer, OBJG, left out).
z=$src/zlib
rm -f "$prefix/lib/libz.a"
# shellcheck disable=SC2046
"$ar" rcs "$prefix/lib/libz.a" $(compile "$work/z" -- $(for f in adler32 crc32 deflate infback inffast inflate inftrees trees zutil compress uncompr; do echo "$z/$f.c"; done))
cp "$z/zlib.h" "$z/zconf.h" "$prefix/include/"

# zstd: lib/common, lib/compress, lib/decompress (its Makefile's
# ZSTD_LIB_COMPRESSION and ZSTD_LIB_DECOMPRESSION), no threads, no asm.
s=$src/libzstd/lib
rm -f "$prefix/lib/libzstd.a"
# shellcheck disable=SC2046
"$ar" rcs "$prefix/lib/libzstd.a" $(compile "$work/zstd" -I"$s" -I"$s/common" -DZSTD_DISABLE_ASM -DXXH_NAMESPACE=ZSTD_ -- \
    "$s"/common/*.c "$s"/compress/*.c "$s"/decompress/*.c)
cp "$s/zstd.h" "$s/zstd_errors.h" "$prefix/include/"

# liblzma: xz-utils' CMake build, the library target only.
mkdir -p "$work/xz"
set --
[ "$system" = native ] || set -- "$@" -DCMAKE_SYSTEM_NAME="$system"
[ -z "$processor" ] || set -- "$@" -DCMAKE_SYSTEM_PROCESSOR="$processor"
(cd "$work/xz" && cmake "$src/xz-utils" "$@" -DCMAKE_C_COMPILER="$cc" -DCMAKE_AR="$(command -v "$ar")" \
    -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF >cmake.log 2>&1 && MAKEFLAGS= make -s liblzma >make.log 2>&1) || {
    echo "build-compress-libs.sh: liblzma's build failed: $work/xz/cmake.log, make.log" >&2
    exit 1
}
cp "$work/xz/liblzma.a" "$prefix/lib/liblzma.a"
cp -r "$src/xz-utils/src/liblzma/api/lzma.h" "$src/xz-utils/src/liblzma/api/lzma" "$prefix/include/"
rm -rf "$work"
