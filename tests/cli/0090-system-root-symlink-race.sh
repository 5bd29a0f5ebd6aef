#!/bin/sh
# --root never reads outside the root while the tree changes: a file and a
# directory on a path gpudoctor reads are swapped, as fast as the machine
# allows, with symlinks to absolute host paths outside the root; the outside
# content must never reach the report (#13: 8 of 800 runs did before)
. "$GD_TESTS/cli/lib.sh"
# The tree changes under each run by design: a replay of its facts (lib.sh)
# would compare two different machines.
GD_NO_FROM_FACTS=1
osrelease
cuda_toolkit /usr/local/cuda-12.1 12.1.105
OUTSIDE=$CASE_DIR/outside
mkdir -p "$OUTSIDE/cuda"
printf 'PRETTY_NAME="MARKER-OUTSIDE-ROOT"\nID=marker\n' >"$OUTSIDE/os-release"
printf '{"cuda": {"name": "CUDA SDK", "version": "77.7.777"}}\n' >"$OUTSIDE/cuda/version.json"
# swap DIR A B: exchange the names A and B in DIR (renameat2
# RENAME_EXCHANGE, atomic) until killed: the file or directory gpudoctor
# resolved a moment ago becomes a symlink to the outside, and back.
cat >"$CASE_DIR/swap.c" <<'C'
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>
int main(int argc, char **argv)
{
    if (argc != 4 || chdir(argv[1]) != 0)
        return 2;
    for (;;)
        if (syscall(SYS_renameat2, AT_FDCWD, argv[2], AT_FDCWD, argv[3], 2 /* RENAME_EXCHANGE */) != 0)
            return 3;
}
C
$CC -O1 -o "$CASE_DIR/swap" "$CASE_DIR/swap.c" || fail "cannot build the swapper"
ln -s "$OUTSIDE/os-release" "$ROOT/etc/.alt-os-release"
ln -s "$OUTSIDE/cuda" "$ROOT/usr/local/.alt-cuda"
"$CASE_DIR/swap" "$ROOT/etc" os-release .alt-os-release &
p1=$!
"$CASE_DIR/swap" "$ROOT/usr/local" cuda-12.1 .alt-cuda &
p2=$!
sleep 0.2
kill -0 $p1 2>/dev/null && kill -0 $p2 2>/dev/null || skip "renameat2(RENAME_EXCHANGE) is not supported here"
trap 'kill $p1 $p2 2>/dev/null' EXIT
# Half the runs with openat2 (RESOLVE_IN_ROOT), half with the component
# walk that replaces it on kernels without openat2.
# The tree changes under every run, so a --from-facts replay (lib.sh gd)
# would scan a different tree than the run it replays: not here.
GD_NO_FROM_FACTS=1
runs=${GD_RACE_RUNS:-60}
# The tree changes under every run, so the --from-facts replay (two more
# scans, lib.sh) cannot give the same findings: it is not what this tests.
GD_NO_FROM_FACTS=1
i=0 inside=0
while [ $i -lt "$runs" ]; do
    if [ $((i % 2)) = 1 ]; then GPUDOCTOR_TEST_NO_OPENAT2=1; export GPUDOCTOR_TEST_NO_OPENAT2
    else unset GPUDOCTOR_TEST_NO_OPENAT2; fi
    gd check --root "$ROOT" --clear-env --json
    if grep -q 'MARKER-OUTSIDE-ROOT\|77\.7\.777' "$OUT"; then
        kill $p1 $p2 2>/dev/null
        fail "run $i read a file outside the root"
    fi
    grep -q 'Debian GNU/Linux 12' "$OUT" && inside=$((inside + 1))
    i=$((i + 1))
done
kill $p1 $p2 2>/dev/null
# The race was real: the inside file was seen in some runs (and in others
# the swapped-in link, which resolves inside the root to nothing).
[ "$inside" -gt 0 ] || fail "the inside os-release was never read in $runs runs"
echo "$runs runs, inside os-release read in $inside, outside never"
