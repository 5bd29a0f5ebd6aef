#!/bin/sh
# tools/install-deps.sh - install what gpudoctor's build and tests need on
# Debian (bookworm and later), and nothing when it is all there already.
#
#   gcc make          the build
#   libjansson-dev    JSON parsing, linked statically (libjansson.a)
#   libarchive-dev zlib1g-dev libzstd-dev libbz2-dev liblzma-dev
#                     check --image reads image archives and their gzip/zstd
#                     (bzip2/xz) layers through libarchive, linked statically
#                     with the decompressors' static libraries (mk/image.mk)
#   liblzma-dev libzstd-dev zlib1g-dev (above, also)
#                     check reads compressed kernel modules (.ko.xz, .ko.zst,
#                     .ko.gz) with them, linked statically (mk/kmodz.mk); the
#                     cross builds build them from Debian's source packages
#                     (tools/build-compress-libs.sh: cmake, dpkg-dev, below)
#   xz-utils zstd gzip  the real compressors that make the compressed modules
#                     of 3707 and 8514 (as the kernel and DKMS compress them)
#   libyaml-dev       check reads the host's CDI specs (/etc/cdi/*.yaml) with
#                     libyaml, linked statically (libyaml.a)
#   pci.ids           the PCI id database, embedded at build time (GPU names)
#   jq                the CLI tests assert on JSON output with it
#   clang             libFuzzer for the fuzz targets (make fuzz); its NVPTX back end
#                     generates probe --compute's PTX kernel at build time
#                     (mk/compute.mk: without clang the build says so and
#                     --compute has no kernel; CI requires it)
#   gcc-aarch64-linux-gnu  foreign-architecture decoy libraries in the loader tests
#   libc6-dev-arm64-cross qemu-user-static
#                     the AArch64 loader cases (tests/cli/11xx-aarch64-*): real AArch64
#                     programs and libraries, run by the real AArch64 ld.so under qemu
#   gcc-mingw-w64-x86-64-win32, gcc-mingw-w64-i686-win32
#                     real PE files (x64 and x86) for the PE reader's tests
#   wine64 wine       runs the MinGW-built LoadLibrary oracle and gpudoctor.exe in the Windows tests
#   cmake dpkg-dev    build jansson for MinGW from Debian's source package (make windows)
#   slurmctld slurmd slurm-client munge
#                     a real 3-node Slurm cluster on localhost for `fleet slurm`
#   strace            0091 asserts that --root never opens a FIFO or device for
#                     reading; `make bench` counts system calls with it
#   mandoc groff-base man-db lint and render the generated man pages (0071)
#   zsh fish          check the generated completion scripts parse (0072)
#   python3 python3-wheel python3-venv python3-pip python3-ipython unzip
#                     build the Python wheel (make wheel), install it with no
#                     index into a fresh venv and run its API and %gpudoctor
#                     magic (0077)
#   lld llvm python3  real Mach-O files for the macOS tests: clang emits Mach-O
#                     objects, lld's ld64.lld links them, llvm-objdump --macho
#                     checks the fat headers the test helper writes, python3's
#                     plistlib writes SystemVersion.plist (tests/helpers/mkmacho.sh)
#   musl-tools mmdebstrap busybox-static qemu-user-static
#                     `make static` (musl-gcc) and its tests (96xx; 8511's
#                     trixie userland with python3-torch and python3-onnxruntime): a
#                     bullseye chroot made by mmdebstrap, a musl userland
#                     from Debian's musl package and busybox-static;
#                     `make static-aarch64` run under qemu-aarch64-static
#   debhelper fakeroot lintian (and mmdebstrap, above)
#                     build the Debian package, lint it, and install it in a
#                     fresh bookworm chroot (0074, tools/build-deb.sh)
#   cmark-gfm         GitHub's Markdown renderer: the oracle for check --markdown (0083)
#   buildah           builds and runs contrib/container's FROM-scratch image (0084);
#                     builds the real OCI images of the check --image cases (86xx)
#   skopeo umoci      86xx: skopeo exports those images as docker-archive and
#                     zstd OCI layouts; umoci (opencontainers) unpacks them: the
#                     oracle check --image's unpacked tree must equal
#   python3-yaml git  parse the contrib/ recipes, run the pre-commit hook in a
#                     temporary repository (0084)
#   python3-jsonschema  validates every --json document the suite writes against
#                     its schema in docs/schemas (tests/schema/validate.py, 0032)
#
# Usage: sh tools/install-deps.sh [--test]   (--test adds the test-only tools)
set -eu
need="gcc make libc6-dev libjansson-dev pci.ids"
need="$need libarchive-dev zlib1g-dev libzstd-dev libbz2-dev liblzma-dev libyaml-dev"
if [ "${1:-}" = "--test" ]; then
    need="$need jq clang gcc-aarch64-linux-gnu gcc-mingw-w64-x86-64-win32 gcc-mingw-w64-i686-win32"
    need="$need libc6-dev-arm64-cross qemu-user-static"
    need="$need wine64 wine cmake dpkg-dev debian-archive-keyring slurmctld slurmd slurm-client munge strace"
    # --- real-package tests (tests/realpkg, tests/cli/85xx-realpkg-*): apt and
    # dpkg-deb download and unpack Debian's packages through a private apt
    # configuration, readelf (binutils) lists what they link, flock
    # (util-linux) guards the shared cache, the archive keyring verifies.
    need="$need apt binutils util-linux debian-archive-keyring"
    # bookworm's kmod (modinfo, depmod: the kernel-module oracles of 8510)
    # runs from its unpacked package on this host and links these.
    need="$need libssl3 liblzma5 libzstd1"
    # --- end real-package tests
    need="$need mandoc groff-base man-db zsh fish"
    need="$need python3 python3-wheel python3-venv python3-pip python3-ipython unzip"
    need="$need lld llvm python3"
    need="$need musl-tools mmdebstrap busybox-static qemu-user-static"
    need="$need debhelper fakeroot lintian"
    need="$need cmark-gfm python3-yaml git buildah"
    need="$need skopeo umoci"
    need="$need python3-jsonschema"
    need="$need xz-utils zstd gzip"
fi
missing=""
for p in $need; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
echo "installing:$missing" >&2
$SUDO apt-get update -qq
# One package at a time: a conflict in one must not block the others.
for p in $missing; do
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$p" >/dev/null
done
