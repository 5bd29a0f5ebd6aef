#!/bin/sh
# tests/helpers/mkmacho.sh - real Mach-O files without a macOS SDK, for the
# Mach-O reader's unit tests and the macOS CLI cases (tests/cli/lib_macos.sh).
#
# clang emits Mach-O objects for any Apple target (-target
# arm64-apple-macos12 -c); lld's Mach-O port (ld64.lld, Debian package lld)
# links them into dylibs, bundles and executables.  Every image is linked
# against a stub /usr/lib/libSystem.B.dylib (it defines dyld_stub_binder,
# which lazy binding needs, as the real one does), so it loads libSystem as
# every real macOS binary does.
#
#   mkmacho.sh check                     exit 0 when clang and ld64.lld are here
#   mkmacho.sh dylib ARCH MINOS OUT [opts]   ARCH: x86_64, arm64, arm64e;
#   mkmacho.sh bundle ARCH MINOS OUT [opts]  MINOS: "12.3" (macOS)
#   mkmacho.sh exe ARCH MINOS OUT [opts]
#   mkmacho.sh obj ARCH MINOS OUT        an object file (clang -c) only: lld 14
#                                        links arm64e as plain arm64
#       opts: -install_name NAME  -rpath PATH  -dep FILE (LC_LOAD_DYLIB)
#             -weak FILE (LC_LOAD_WEAK_DYLIB)  -reexport FILE (LC_REEXPORT_DYLIB)
#             -ret N (the function gd_which returns N)
#   mkmacho.sh fat OUT IN...             a fat file (32-bit fat header)
#   mkmacho.sh fat64 OUT IN...           a fat file with the 64-bit header
#
# A fat file is written by this script (python3), not llvm-lipo, so that
# both header forms are made the same way: <mach-o/fat.h>, big-endian,
# each slice aligned to 2^14 (what lipo does for arm64; MKMACHO_FAT_ALIGN=N
# for 2^N, small fuzz seeds).
set -eu

find_ld() {
    for _c in ld64.lld ld64.lld-20 ld64.lld-19 ld64.lld-18 ld64.lld-17 ld64.lld-16 \
        ld64.lld-15 ld64.lld-14; do
        if command -v "$_c" >/dev/null 2>&1; then command -v "$_c"; return 0; fi
    done
    for _c in /usr/lib/llvm-*/bin/ld64.lld; do
        if [ -x "$_c" ]; then echo "$_c"; return 0; fi
    done
    return 1
}

CLANG=${MKMACHO_CLANG:-clang}
LD=$(find_ld) || LD=
what=${1:?usage: mkmacho.sh check|dylib|bundle|exe|fat|fat64 ...}
shift

if [ "$what" = check ]; then
    command -v "$CLANG" >/dev/null 2>&1 && [ -n "$LD" ]
    exit $?
fi
[ -n "$LD" ] || { echo "mkmacho.sh: ld64.lld not found (Debian package lld)" >&2; exit 1; }

case $what in
fat | fat64)
    out=$1; shift
    python3 - "$what" "$out" "$@" <<'EOF'
import struct, sys
kind, out, ins = sys.argv[1], sys.argv[2], sys.argv[3:]
blobs = [open(p, "rb").read() for p in ins]
align = int(__import__('os').environ.get('MKMACHO_FAT_ALIGN', '14'))
hdr_len = 8 + len(blobs) * (32 if kind == "fat64" else 20)
off = hdr_len
entries, body = [], b""
pos = hdr_len
for b in blobs:
    magic = struct.unpack("<I", b[:4])[0]
    assert magic in (0xfeedface, 0xfeedfacf), "not a thin Mach-O file"
    cputype, cpusub = struct.unpack("<iI", b[4:12])
    start = (pos + (1 << align) - 1) & ~((1 << align) - 1)
    body += b"\0" * (start - pos) + b
    entries.append((cputype, cpusub, start, len(b)))
    pos = start + len(b)
with open(out, "wb") as f:
    if kind == "fat64":
        f.write(struct.pack(">II", 0xcafebabf, len(entries)))
        for c, s, o, n in entries:
            f.write(struct.pack(">iIQQII", c, s, o, n, align, 0))
    else:
        f.write(struct.pack(">II", 0xcafebabe, len(entries)))
        for c, s, o, n in entries:
            f.write(struct.pack(">iIIII", c, s, o, n, align))
    f.write(body)
EOF
    exit $?
    ;;
dylib | bundle | exe | obj) ;;
*) echo "mkmacho.sh: unknown kind '$what'" >&2; exit 2 ;;
esac

arch=$1 minos=$2 out=$3
shift 3
work=$(mktemp -d "${TMPDIR:-/tmp}/mkmacho.XXXXXX")
trap 'rm -rf "$work"' EXIT
ret=0
extra=""
add() { extra="$extra $(printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")")"; }
while [ $# -gt 0 ]; do
    case $1 in
    -install_name) add -install_name; add "$2"; shift 2 ;;
    -rpath) add -rpath; add "$2"; shift 2 ;;
    -dep) add "$2"; shift 2 ;;
    -weak) add -weak_library; add "$2"; shift 2 ;;
    -reexport) add -reexport_library; add "$2"; shift 2 ;;
    -ret) ret=$2; shift 2 ;;
    *) echo "mkmacho.sh: unknown option '$1'" >&2; exit 2 ;;
    esac
done

target="$arch-apple-macos$minos"
case $minos in *.*) ver=$minos ;; *) ver="$minos.0" ;; esac
# The SDK version: one past the minimum, as Xcode's SDKs usually are newer.
sdk=$(echo "$ver" | awk -F. '{ printf "%d.0", $1 + 1 }')

if [ "$what" = obj ]; then
    printf 'int gd_which(void) { return %s; }\n' "$ret" >"$work/m.c"
    mkdir -p "$(dirname "$out")"
    exec "$CLANG" -target "$target" -c -o "$out" "$work/m.c"
fi

printf 'int dyld_stub_binder(void) { return 0; }\n' >"$work/sys.c"
"$CLANG" -target "$target" -c -o "$work/sys.o" "$work/sys.c"
"$LD" -arch "$arch" -platform_version macos "$ver" "$sdk" -dylib \
    -install_name /usr/lib/libSystem.B.dylib -o "$work/libSystem.B.dylib" "$work/sys.o"

if [ "$what" = exe ]; then
    printf 'int main(void) { return %s; }\n' "$ret" >"$work/m.c"
else
    printf 'int gd_which(void) { return %s; }\n' "$ret" >"$work/m.c"
fi
"$CLANG" -target "$target" -c -o "$work/m.o" "$work/m.c"
case $what in
dylib) kind=-dylib ;;
bundle) kind=-bundle ;;
exe) kind=-execute ;;
esac
mkdir -p "$(dirname "$out")"
eval "set -- $extra"
"$LD" -arch "$arch" -platform_version macos "$ver" "$sdk" $kind -o "$out" "$work/m.o" \
    "$work/libSystem.B.dylib" "$@"
