#!/bin/sh
# r030-hostile-tree: check, which and check --markdown over a tree built to
# hurt a scanner (lib.sh hostile_tree: loops, escapes, 2,000 hard links,
# 100,000 entries, 600-deep directories, 1 TiB sparse files, a lying /proc
# and 5,000 fake GPUs).  Promises checked: it ends within the limits with a
# report (no crash, no sanitizer error), nothing from outside the root
# reaches the report, nothing in the tree is written, and (with strace)
# nothing is executed and nothing is opened for writing.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/reliability/lib.sh"
GD_NO_FROM_FACTS=1
command -v jq >/dev/null || skip "jq is not installed"
osrelease
hostile_tree
tree_digest "$ROOT" >"$CASE_DIR/before"
ST=""
if command -v strace >/dev/null 2>&1; then
    ST="strace -f -qq -e trace=execve,open,openat,openat2,creat,unlink,unlinkat,rename,renameat,renameat2,mkdir,mkdirat,rmdir,chmod,fchmodat,truncate,symlink,symlinkat,link,linkat -o $CASE_DIR/strace"
fi
for mode in openat2 walk; do
    if [ $mode = walk ]; then GPUDOCTOR_TEST_NO_OPENAT2=1; export GPUDOCTOR_TEST_NO_OPENAT2; fi
    limit 300 1024 "$GD_BIN" check --root "$ROOT" --clear-env --env VIRTUAL_ENV=/opt/venv --json
    case $RC in 0|1|3) ;; *) fail "check ($mode): exit status $RC: $(head -c 1500 "$ERR")" ;; esac
    jq -e '.schema == "gpudoctor/1"' "$OUT" >/dev/null || fail "check ($mode): no report"
    no_outside "$OUT" "$ERR"
    [ "$(jq '[.warnings[]] | length' "$OUT")" -gt 0 ] || fail "check ($mode): a tree like this costs warnings, none were given"
    if [ -n "$ST" ]; then
        # again under strace (LeakSanitizer cannot run under ptrace: leaks were checked above)
        # shellcheck disable=SC2086
        ASAN_OPTIONS=detect_leaks=0:exitcode=86 limit 300 1024 $ST "$GD_BIN" check --root "$ROOT" --clear-env \
            --env VIRTUAL_ENV=/opt/venv --json
        no_outside "$OUT" "$ERR"
        no_exec_but_self "$CASE_DIR/strace"
        no_write "$CASE_DIR/strace" "$ROOT"
    fi
    echo "check ($mode): exit $RC in $SECS s, peak $PEAK_MIB MiB"
    limit 120 512 "$GD_BIN" which --root "$ROOT" --clear-env --json libgdhard.so.1
    case $RC in 0|1) ;; *) fail "which ($mode): exit status $RC" ;; esac
    no_outside "$OUT" "$ERR"
    limit 120 512 "$GD_BIN" which --root "$ROOT" --clear-env --json --deps /usr/lib/x86_64-linux-gnu/libcudart.so.12
    case $RC in 0|1) ;; *) fail "which --deps ($mode): exit status $RC" ;; esac
done
limit 300 1024 "$GD_BIN" check --root "$ROOT" --clear-env --markdown
case $RC in 0|1|3) ;; *) fail "check --markdown: exit status $RC" ;; esac
no_outside "$OUT" "$ERR"
tree_digest "$ROOT" >"$CASE_DIR/after"
cmp -s "$CASE_DIR/before" "$CASE_DIR/after" || fail "the tree changed: $(diff "$CASE_DIR/before" "$CASE_DIR/after" | head -n 5)"
