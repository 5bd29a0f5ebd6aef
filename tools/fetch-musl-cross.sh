#!/bin/sh
# tools/fetch-musl-cross.sh - musl for another architecture, from Debian's
# own packages, for `make static-aarch64` (mk/static.mk).
#
#   sh tools/fetch-musl-cross.sh DIR DEBARCH GNU_CC
#
# Debian's musl-tools has a musl-gcc for the machine's own architecture
# only, but Debian builds musl and musl-dev for each architecture.  This
# downloads those two packages for DEBARCH (e.g. arm64) through a private
# apt configuration under DIR (the machine's /etc/apt is left as it is),
# unpacks them into DIR/root, and writes DIR/musl-gcc: a wrapper, as
# musl-gcc is, that runs the cross compiler GNU_CC (e.g.
# aarch64-linux-gnu-gcc: its own crtbegin and libgcc) with the package's
# musl-gcc.specs, its paths moved to DIR/root.  Needs apt-get, dpkg-deb and
# the archive keyring.  MUSL_FETCH_TIMEOUT (seconds, default 300) bounds
# each apt call.
set -eu
dir=$1 arch=$2 gnucc=$3
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
apt=$dir/apt
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$dir/debs"
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
echo "deb [arch=$arch signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $suite main" >"$apt/sources.list"
set -- -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
    -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o Dir::State::status=/dev/null \
    -o APT::Architecture="$arch" -o APT::Architectures::="$arch" -o Debug::NoLocking=1 \
    -o APT::Sandbox::User=root -o Acquire::Retries=2 -o Acquire::http::Timeout=30
tmo=""
command -v timeout >/dev/null 2>&1 && tmo="timeout ${MUSL_FETCH_TIMEOUT:-300}"
if ! $tmo apt-get "$@" -qq update || ! ls "$apt/lists/" | grep -q "binary-${arch}_Packages"; then
    echo "fetch-musl-cross.sh: cannot fetch Debian's $suite package index for $arch (network, mirror or timeout)" >&2
    exit 1
fi
if ! (cd "$dir/debs" && $tmo apt-get "$@" -qq download "musl:$arch" "musl-dev:$arch"); then
    echo "fetch-musl-cross.sh: cannot download musl and musl-dev for $arch" >&2
    exit 1
fi
rm -rf "$dir/root"
for d in "$dir"/debs/musl_*_"$arch".deb "$dir"/debs/musl-dev_*_"$arch".deb; do
    dpkg-deb -x "$d" "$dir/root"
done
# Headers, start files and libc.a are what a static link needs; the rest
# (etc/ld-musl-ARCH.d/, a directory whose name the Makefile's *.d include
# would trip over) goes.
rm -rf "$dir/root/etc" "$dir/root/usr/share"
specs=$(ls "$dir"/root/usr/lib/*-linux-musl/musl-gcc.specs | head -n 1)
[ -f "$specs" ] || { echo "fetch-musl-cross.sh: no musl-gcc.specs in the musl-dev package" >&2; exit 1; }
sed -e "s| /usr/| $dir/root/usr/|g" -e "s|-L/usr/|-L$dir/root/usr/|g" "$specs" >"$dir/musl-gcc.specs"
cat >"$dir/musl-gcc" <<WRAP
#!/bin/sh
exec $gnucc "\$@" -specs "$dir/musl-gcc.specs"
WRAP
chmod +x "$dir/musl-gcc"
