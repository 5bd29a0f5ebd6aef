#!/bin/sh
# tools/build-deb.sh - build gpudoctor's Debian package (debian/) and run
# lintian on it.
#
#   sh tools/build-deb.sh [OUTDIR]      (default OUTDIR: build/deb)
#
# dpkg-buildpackage writes its results into the parent of the source tree
# and its own files into debian/, so the build runs in a copy of the tree
# under a temporary directory: the checkout's build/ and ./gpudoctor are
# neither used nor touched.  The copy holds the files git knows (tracked and
# untracked-but-not-ignored) when this is a git checkout, else the tree
# without build/, .git and ./gpudoctor.  OUTDIR receives the .deb, the
# .buildinfo and .changes, the source package (.dsc, .tar.xz) and
# lintian.txt (lintian's tags, one a line; lintian is skipped with a note
# when it is not installed).  Needs
# dpkg-dev, debhelper, fakeroot and the Build-Depends (tools/install-deps.sh
# --test installs them).
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$repo/build/deb}
mkdir -p "$out"
out=$(cd "$out" && pwd)
version=$(dpkg-parsechangelog -l "$repo/debian/changelog" -S Version)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gd-deb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
src="$tmp/gpudoctor-$version"
mkdir "$src"
if git -C "$repo" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    # -z: any file name survives; files deleted from the work tree are skipped.
    (cd "$repo" && git ls-files -z -co --exclude-standard) |
        (cd "$repo" && xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\n" "$f"; done' sh) |
        tar -C "$repo" --no-recursion -cf - -T - | tar -C "$src" -xf -
else
    tar -C "$repo" --exclude=./build --exclude=./.git --exclude=./gpudoctor -cf - . | tar -C "$src" -xf -
fi
[ -x "$src/debian/rules" ] || { echo "build-deb: copying the tree failed" >&2; exit 1; }
# The source package first (a native tarball and .dsc, cheap), so lintian
# also checks debian/ itself: control, copyright, rules.
(cd "$tmp" && dpkg-source -b "gpudoctor-$version") >"$tmp/source.log" 2>&1 || {
    cat "$tmp/source.log" >&2; echo "build-deb: dpkg-source failed" >&2; exit 1; }
[ -x "$src/debian/rules" ] || { echo "build-deb: copying the tree failed" >&2; exit 1; }
(cd "$src" && DEB_BUILD_OPTIONS="${DEB_BUILD_OPTIONS:-parallel=2}" dpkg-buildpackage -us -uc -b) >"$tmp/build.log" 2>&1 || {
    tail -40 "$tmp/build.log" >&2
    echo "build-deb: dpkg-buildpackage failed" >&2
    exit 1
}
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
deb="gpudoctor_${version}_${arch}.deb"
changes="gpudoctor_${version}_${arch}.changes"
cp "$tmp/$deb" "$tmp/$changes" "$tmp/gpudoctor_${version}_${arch}.buildinfo" \
   "$tmp/gpudoctor_${version}.dsc" "$tmp/gpudoctor_${version}.tar.xz" "$out/"
if command -v lintian >/dev/null 2>&1; then
    # Tags only (no pedantic, no experimental): what the lead reads, and
    # what docs/packaging.md accounts for.
    # Binary and source package (the .dsc: debian/control, copyright,
    # rules); the overrides in debian/*lintian-overrides are documented in
    # docs/packaging.md.  "running with root privileges" is lintian's
    # remark about the user, not about the package.
    lintian --no-cfg --display-info "$out/$deb" "$out/gpudoctor_${version}.dsc" 2>&1 |
        grep -v 'running with root privileges' >"$out/lintian.txt" || true
else
    echo "lintian not installed: not run" >"$out/lintian.txt"
fi
echo "$out/$deb"
