# tests/reliability/lib.sh - helpers for the reliability cases
# (tests/reliability/rNNN-*.sh), sourced after tests/cli/lib.sh.
#
# The cases hold gpudoctor to what docs/reliability.md promises, on hostile
# inputs built here: no write, no exec of examined code outside probe, no
# read outside --root, bounded time and memory per input size, nothing lost
# in fleet.  Bounds are asserted as limits (generous: several times what a
# loaded 2-core CI machine needs, under ASan), never as timings.

# limit SECONDS MIB CMD...: run CMD with stdout in $OUT and stderr in $ERR;
# fail if it runs past SECONDS (it is killed) or its peak resident set
# passes MIB.  Sets RC (the command's exit status), SECS and PEAK_MIB.
limit() {
    _secs=$1 _mib=$2; shift 2
    command -v /usr/bin/time >/dev/null 2>&1 || skip "GNU time (Debian: time) is not installed"
    _t0=$(date +%s)
    timeout -s KILL "$_secs" /usr/bin/time -f '%M' -o "$CASE_DIR/time.out" "$@" >"$OUT" 2>"$ERR"
    RC=$?
    SECS=$(( $(date +%s) - _t0 ))
    [ "$RC" -ne 137 ] || fail "still running after $_secs s (killed): $*"
    PEAK_MIB=$(( $(tail -n 1 "$CASE_DIR/time.out" | tr -dc 0-9) / 1024 ))
    [ "$PEAK_MIB" -le "$_mib" ] || fail "peak RSS $PEAK_MIB MiB, over the limit of $_mib MiB: $*"
    case $RC in 86|87) fail "a sanitizer stopped it (exit $RC): $(head -c 2000 "$ERR")" ;; esac
    [ "$RC" -lt 128 ] || fail "killed by signal $((RC - 128)): $*"
}

# tree_digest DIR: a listing of every entry's path, type, size, mode and
# mtime (and a link's target), to show that nothing under DIR changed.
tree_digest() {
    (cd "$1" && find . -printf '%p %y %s %m %T@ %l\n' 2>/dev/null | LC_ALL=C sort)
}

# no_exec_but_self LOG: the strace -f log of one run holds no execve but
# the first (gpudoctor itself).
no_exec_but_self() {
    _n=$(grep -c 'execve(' "$1")
    [ "$_n" -le 1 ] || fail "$((_n - 1)) programs were executed: $(grep 'execve(' "$1" | sed -n '2,4p')"
}

# no_write LOG ROOT: no open for writing, no creat, unlink, rename, mkdir,
# chmod or truncate of anything under ROOT in the strace log (the output
# goes to a file outside ROOT).
no_write() {
    _bad=$(grep -E "(O_WRONLY|O_RDWR|O_CREAT|O_TRUNC)" "$1" | grep -F "$2" || true)
    [ -z "$_bad" ] || fail "opened for writing under the tree: $(printf '%s' "$_bad" | head -n 3)"
    _bad=$(grep -E "^[0-9]+ +(unlink|unlinkat|rename|renameat2?|mkdir|mkdirat|rmdir|chmod|fchmodat|truncate|symlink|symlinkat|link|linkat)\(" "$1" \
        | grep -F "$2" || true)
    [ -z "$_bad" ] || fail "changed the tree: $(printf '%s' "$_bad" | head -n 3)"
}

# hostile_tree: on top of a Debian base under $ROOT (osrelease), a machine
# built to hurt a scanner.  Outside the root, $CASE_DIR/outside holds files
# whose contents must never reach a report (MARKER-OUTSIDE...).
#   loops      symlink cycles (a -> b -> a, a directory that links to
#              itself or its parent) on every path gpudoctor walks: the
#              loader directories, a CUDA toolkit, a Python env, Lmod
#   escapes    absolute and ../../.. links to the outside files, at the
#              places gpudoctor reads (os-release, version.json, METADATA,
#              ld.so.conf.d, /proc/driver/nvidia/version)
#   hardlinks  one library hard-linked under 2,000 names in the cache dirs
#   wide       HOSTILE_WIDE (default 100,000) entries in site-packages and
#              in the multiarch library directory
#   deep       HOSTILE_DEEP (default 600) nested directories in
#              site-packages and in a CUDA toolkit (paths past PATH_MAX)
#   sparse     1 TiB sparse files where an ELF, METADATA, os-release,
#              ld.so.cache, version.json and /proc files are read
#   proc       a lying /proc and /sys: NUL bytes and 16 MiB garbage in the
#              driver's version, 5,000 fake NVIDIA PCI devices, a
#              cpuinfo of a million lines
hostile_tree() {
    _o="$CASE_DIR/outside"
    mkdir -p "$_o/cuda" "$_o/site/evil-9.9.dist-info"
    printf 'PRETTY_NAME="MARKER-OUTSIDE-OS"\nID=marker\n' >"$_o/os-release"
    printf '{"cuda": {"name": "CUDA SDK", "version": "77.7.701"}}\n' >"$_o/cuda/version.json"
    printf 'Metadata-Version: 2.1\nName: marker-outside-pkg\nVersion: 77.7.702\n' >"$_o/site/evil-9.9.dist-info/METADATA"
    printf '/outside-marker-libdir-77\n' >"$_o/ld.conf"
    printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  777.77.03  MARKER\n' >"$_o/nvversion"
    _sp=usr/lib/python3/dist-packages
    _ml=usr/lib/x86_64-linux-gnu
    mkd "$_sp" "$_ml" etc/ld.so.conf.d opt/venv/lib/python3.11/site-packages proc/driver/nvidia usr/local
    # loops
    ln -s b "$ROOT/$_ml/a"; ln -s a "$ROOT/$_ml/b"
    ln -s . "$ROOT/$_ml/self"
    ln -s .. "$ROOT/$_sp/up"
    ln -s /usr/local/cuda-loop "$ROOT/usr/local/cuda-loop"
    ln -s cuda-loop "$ROOT/usr/local/cuda"
    mkd usr/local/cuda-12.4/lib64
    ln -s /usr/local/cuda-12.4 "$ROOT/usr/local/cuda-12.4/lib64/again"
    ln -s ../../opt/venv "$ROOT/opt/venv/lib/python3.11/site-packages/venv-again"
    mkd etc/lmod/modulefiles
    ln -s . "$ROOT/etc/lmod/modulefiles/cuda"
    # escapes
    rm -f "$ROOT/etc/os-release"
    ln -s "$_o/os-release" "$ROOT/etc/os-release"
    ln -s ../../../../../../../../../../../../"$_o"/cuda "$ROOT/usr/local/cuda-13.0"
    ln -s "$_o/site/evil-9.9.dist-info" "$ROOT/$_sp/evil-9.9.dist-info"
    ln -s "$_o/ld.conf" "$ROOT/etc/ld.so.conf.d/zz-outside.conf"
    ln -s "$_o/nvversion" "$ROOT/proc/driver/nvidia/version"
    ln -s /proc/self/root "$ROOT/opt/hostroot"
    printf 'include /opt/hostroot%s/ld.conf\n' "$_o" >"$ROOT/etc/ld.so.conf.d/yy-magic.conf"
    # hardlinks
    mklib "$_ml/libgdhard.so.1" libgdhard.so.1
    perl -e 'for (0 .. 1999) { link $ARGV[0], "$ARGV[0].$_" or die "link: $!" }' "$ROOT/$_ml/libgdhard.so.1" \
        || fail "cannot make the hard links"
    # wide
    _n=${HOSTILE_WIDE:-100000}
    (cd "$ROOT/$_sp" && seq 1 "$_n" | sed 's/.*/pkg&-1.0.dist-info/' | xargs mkdir)
    (cd "$ROOT/$_ml" && seq 1 "$_n" | sed 's/.*/libwide&.so.1/' | xargs touch)
    # deep: perl (Debian's perl-base is essential) walks past PATH_MAX, where sh's cd stops
    _d=${HOSTILE_DEEP:-600}
    perl -e 'my ($dir, $n, $name, $leaf) = @ARGV; chdir $dir or die "$dir: $!";
             for (1 .. $n) { mkdir $name or die "mkdir: $!"; chdir $name or die "chdir: $!" }
             if ($leaf) { mkdir $leaf or die; open(my $f, ">", "$leaf/METADATA") or die; print $f "Name: deepest\nVersion: 1.0\n" }' \
        "$ROOT/$_sp" "$_d" deepdir deepest-1.0.dist-info || fail "cannot make the deep tree"
    perl -e 'my ($dir, $n) = @ARGV; chdir $dir or die; for (1 .. $n) { mkdir "d" or die; chdir "d" or die }' \
        "$ROOT/usr/local/cuda-12.4/lib64" "$_d" || fail "cannot make the deep toolkit"
    # sparse giants (1 TiB apparent size, no blocks)
    _T=1099511627776
    for _f in "$_ml/libcudart.so.12" "$_sp/giant-1.0.dist-info/METADATA" etc/ld.so.cache \
              usr/local/cuda-12.4/version.json proc/cpuinfo proc/modules opt/venv/pyvenv.cfg; do
        mkdir -p "$(dirname "$ROOT/$_f")"
        truncate -s "$_T" "$ROOT/$_f" || skip "no sparse files here"
    done
    # an ELF header in front of a sparse giant
    head -c 64 "$ROOT/$_ml/libgdhard.so.1" | dd of="$ROOT/$_ml/libcudart.so.12" conv=notrunc 2>/dev/null
    # lying /proc and /sys
    head -c 16777216 /dev/urandom | tr -d '\n' >"$ROOT/proc/driver/nvidia/gpus-garbage" 2>/dev/null
    printf 'NVRM version: \000\000 535\000.54\n' >"$ROOT/proc/driver/nvidia/registry"
    mkd proc/driver/nvidia/gpus
    (cd "$ROOT/proc/driver/nvidia/gpus" && seq 1 2000 | sed 's/.*/0000:&:00.0/' | xargs mkdir)
    mkd sys/bus/pci/devices
    perl -e 'chdir $ARGV[0] or die; for my $k (1 .. 5000) {
                 my $p = sprintf("0000:%02x:%02x.%x", $k >> 8, $k & 31, $k & 7) . "-$k";
                 mkdir $p or die; for (["vendor", "0x10de"], ["device", sprintf("0x%04x", $k)], ["class", "0x030000"]) {
                     open(my $f, ">", "$p/$_->[0]") or die; print $f "$_->[1]\n" } }' \
        "$ROOT/sys/bus/pci/devices" || fail "cannot make the fake GPUs"
    printf 'precomputed\n' >"$ROOT/proc/version_signature"
    seq 1 1000000 | sed 's/^/processor\t: /' >"$ROOT/proc/cpuinfo.big"
}

# no_outside: nothing of $CASE_DIR/outside reached the output files.
no_outside() {
    for _f in "$@"; do
        if grep -a -q -E 'MARKER-OUTSIDE|77\.7\.70[12]|outside-marker-libdir|777\.77\.03|marker-outside-pkg' "$_f"; then
            fail "something from outside the root reached $_f: $(grep -a -o -E 'MARKER-OUTSIDE[^"]*|77\.7\.70[12]|outside-marker-libdir-77|777\.77\.03|marker-outside-pkg' "$_f" | head -n 3)"
        fi
    done
}
