# 0074-cli-deb-package: the Debian package (debian/, tools/build-deb.sh).
# Builds the .deb with dpkg-buildpackage in a copy of the tree, asserts that
# lintian reports no error or warning (the tags left are overridden and
# accounted for in docs/packaging.md), then installs it with dpkg into a
# fresh Debian bookworm (mmdebstrap --variant=minbase, kept as a tarball in
# the real-package cache, $GD_PKG_CACHE) and runs what it installed there:
# `gpudoctor --version`, `gpudoctor check` on that chroot (exit status 0:
# no error finding in a bare system), the man pages and completions in
# place, and `dpkg --purge` leaving none of its files.
#
# Costs (2 busy cores): the package build ~1-2 min, lintian ~25 s,
# unpacking the chroot ~5-15 s; the first run downloads bookworm minbase
# (~45 MB, ~1-2 min).  Outside CI, missing tools, no root (chroot) or an
# unreachable archive skip with one line; in CI they fail.
. "$GD_TESTS/cli/lib.sh"
unavailable() {
    [ "${CI:-}" = true ] && fail "Debian package test cannot run in CI: $*"
    skip "Debian package test skipped: $*"
}
for t in dpkg-buildpackage dh fakeroot lintian mmdebstrap flock tar; do
    command -v "$t" >/dev/null 2>&1 || unavailable "$t is not installed (tools/install-deps.sh --test)"
done
[ "$(id -u)" -eq 0 ] || unavailable "installing into a chroot needs root"
for p in libjansson-dev pci.ids; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        unavailable "build dependency $p is not installed"
done
repo=$(cd "$GD_TESTS/.." && pwd)

# --- the package, built in a copy of the tree, and lintian's verdict
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL sh "$repo/tools/build-deb.sh" "$CASE_DIR/deb" >"$OUT" 2>"$ERR" ||
    fail "tools/build-deb.sh failed"
deb=$(tail -n 1 "$OUT")
[ -f "$deb" ] || fail "no .deb at '$deb'"
dpkg-deb -c "$deb" | awk '{print $6}' >"$CASE_DIR/contents"
for f in ./usr/bin/gpudoctor ./usr/share/man/man1/gpudoctor.1.gz ./usr/share/man/man1/gpudoctor-check.1.gz \
         ./usr/share/man/man1/gpudoctor-plan.1.gz ./usr/share/bash-completion/completions/gpudoctor \
         ./usr/share/zsh/site-functions/_gpudoctor ./usr/share/fish/vendor_completions.d/gpudoctor.fish \
         ./usr/share/doc/gpudoctor/copyright ./usr/share/doc/gpudoctor/NOTICE; do
    grep -qx "$f" "$CASE_DIR/contents" || fail "the package lacks $f"
done
grep -q '^[EW]: ' "$CASE_DIR/deb/lintian.txt" && { cat "$CASE_DIR/deb/lintian.txt"; fail "lintian reports errors or warnings"; }
grep -q 'not run' "$CASE_DIR/deb/lintian.txt" && fail "lintian did not run"

# --- a fresh bookworm, cached as a tarball
cache=${GD_PKG_CACHE:-/var/cache/gpudoctor-test-debs}
if ! mkdir -p "$cache/chroot" 2>/dev/null || [ ! -w "$cache/chroot" ]; then
    cache=${XDG_CACHE_HOME:-$HOME/.cache}/gpudoctor-test-debs
    mkdir -p "$cache/chroot" || unavailable "cannot create the cache $cache"
fi
mirror=${GD_DEBIAN_MIRROR:-http://deb.debian.org/debian}
tarball="$cache/chroot/bookworm-minbase.tar"
exec 8>"$cache/chroot/lock"
flock 8
# Remade when a month old (security updates); the old one serves when
# the archive cannot be reached.
# (--format=tar: mmdebstrap guesses the format from the name's extension,
# and "NAME.tmp" would be a directory.  One left by that mistake is removed.)
[ -d "$tarball" ] && rm -rf "$tarball"
if [ ! -s "$tarball" ] || [ -n "$(find "$tarball" -mtime +30 2>/dev/null)" ]; then
    rm -rf "$tarball.tmp"
    if mmdebstrap --variant=minbase --format=tar --quiet --keyring=/usr/share/keyrings/debian-archive-keyring.gpg \
        bookworm "$tarball.tmp" "deb $mirror bookworm main" >"$CASE_DIR/mmdebstrap.log" 2>&1; then
        mv "$tarball.tmp" "$tarball"
    else
        rm -rf "$tarball.tmp"
        [ -s "$tarball" ] || { flock -u 8; unavailable "cannot make a bookworm chroot from $mirror: $(grep -E '^(E|W):' "$CASE_DIR/mmdebstrap.log" | head -n 1)"; }
    fi
fi
flock -u 8
chr="$CASE_DIR/chroot"
mkdir -p "$chr"
tar -C "$chr" -xf "$tarball" || fail "cannot unpack $tarball"
cp "$deb" "$chr/tmp/gpudoctor.deb"
inchroot() { chroot "$chr" /bin/sh -c "cd / && $1" >"$OUT" 2>"$ERR"; RC=$?; }

# --- installed with dpkg: Depends met by a bare bookworm
inchroot "dpkg -i /tmp/gpudoctor.deb"
expect_rc 0
inchroot "gpudoctor --version"
expect_rc 0
expect_text "gpudoctor 0."
expect_text "knowledge base"
# The chroot is a bare system: no /proc, no GPU, no Python; it reads the
# chroot's own files and finds no error.
inchroot "gpudoctor check -v"
expect_rc 0
expect_text "Debian GNU/Linux 12 (bookworm)"
expect_text "glibc 2.36"
expect_text "0 errors"
inchroot "gpudoctor check --json"
expect_rc 0
jq -e '.exit_status == 0 and .schema != null' "$OUT" >/dev/null || fail "check --json in the chroot"
for f in /usr/share/man/man1/gpudoctor.1.gz /usr/share/man/man1/gpudoctor-which.1.gz \
         /usr/share/bash-completion/completions/gpudoctor /usr/share/zsh/site-functions/_gpudoctor \
         /usr/share/fish/vendor_completions.d/gpudoctor.fish; do
    inchroot "test -s $f"
    [ "$RC" -eq 0 ] || fail "not installed in the chroot: $f"
done
# The installed page is the one the binary generates (gzip is in minbase).
inchroot "gzip -dc /usr/share/man/man1/gpudoctor-plan.1.gz"
cp "$OUT" "$CASE_DIR/plan.installed"
inchroot "gpudoctor help --man plan"
cmp -s "$OUT" "$CASE_DIR/plan.installed" || fail "installed gpudoctor-plan.1 is not what the binary generates"

# --- purged: none of its files left
inchroot "dpkg -L gpudoctor"
grep -v '^/\.$' "$OUT" >"$CASE_DIR/files"
inchroot "dpkg --purge gpudoctor"
expect_rc 0
while read -r f; do
    [ -d "$chr$f" ] && continue
    [ -e "$chr$f" ] && fail "left after purge: $f"
done <"$CASE_DIR/files"
exit 0
