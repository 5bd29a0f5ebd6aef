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
