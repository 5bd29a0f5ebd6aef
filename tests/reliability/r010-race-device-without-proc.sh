#!/bin/sh
# 0010-race-device-without-proc: without /proc (GPUDOCTOR_TEST_NO_PROC_FD
# makes compat_reopen_read fail as it does there), a file gpudoctor reads is
# swapped with a FIFO as fast as the machine allows.  Promise: nothing is
# ever read from the FIFO (its writer offers a marker; the report never
# shows it), no scan hangs, and the FIFO is opened for reading in few runs:
# util/fs takes a second O_PATH handle and compares (st_dev, st_ino), then
# compat_open_in_root_as stats the last component from its parent's handle
# and opens it in the next system call (before: the open by name came after
# a whole second resolution, and the FIFO was opened in about 1 run of
# 100).  Limited, not asserted to be zero: no Linux call turns a handle into
# a readable descriptor without /proc, so a swap between that stat and that
# open can still get a special file opened (and at once closed, unread);
# docs/reliability.md.  Measured here: 0 opens in 800 runs.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/reliability/lib.sh"
GD_NO_FROM_FACTS=1
osrelease
mkfifo "$CASE_DIR/fifo" 2>/dev/null || skip "cannot make a FIFO"
ln "$CASE_DIR/fifo" "$ROOT/etc/.alt-os-release" 2>/dev/null || skip "cannot hard-link a FIFO here"
cat >"$CASE_DIR/race.c" <<'C'
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
/* race swap DIR A B | race watch FIFO COUNTFILE */
int main(int argc, char **argv)
{
    if (argc == 5 && !strcmp(argv[1], "swap")) {
        if (chdir(argv[2]) != 0)
            return 2;
        for (;;)
            if (syscall(SYS_renameat2, AT_FDCWD, argv[3], AT_FDCWD, argv[4], 2) != 0)
                return 3;
    }
    if (argc == 4 && !strcmp(argv[1], "watch")) {
        const char *m = "PRETTY_NAME=\"MARKER-FROM-FIFO\"\nID=marker\n";
        unsigned long n = 0;
        signal(SIGPIPE, SIG_IGN);
        for (;;) {
            int fd = open(argv[2], O_WRONLY);   /* returns when a reader opens it */
            FILE *c;
            if (fd < 0)
                return 4;
            n++;
            if (write(fd, m, strlen(m)) < 0) { /* the reader went away */ }
            close(fd);
            if ((c = fopen(argv[3], "w"))) {
                fprintf(c, "%lu\n", n);
                fclose(c);
            }
        }
    }
    return 1;
}
C
$CC -O1 -o "$CASE_DIR/race" "$CASE_DIR/race.c" || fail "cannot build the racer"
echo 0 >"$CASE_DIR/opens"
"$CASE_DIR/race" watch "$CASE_DIR/fifo" "$CASE_DIR/opens" &
pw=$!
"$CASE_DIR/race" swap "$ROOT/etc" os-release .alt-os-release &
ps=$!
trap 'kill $pw $ps 2>/dev/null' EXIT
sleep 0.2
kill -0 $ps 2>/dev/null || skip "renameat2(RENAME_EXCHANGE) is not supported here"
GPUDOCTOR_TEST_NO_PROC_FD=1
export GPUDOCTOR_TEST_NO_PROC_FD
runs=${GD_RACE_RUNS:-100}
i=0 inside=0
while [ $i -lt "$runs" ]; do
    if [ $((i % 2)) = 1 ]; then GPUDOCTOR_TEST_NO_OPENAT2=1; export GPUDOCTOR_TEST_NO_OPENAT2
    else unset GPUDOCTOR_TEST_NO_OPENAT2; fi
    limit 60 400 "$GD_BIN" check --root "$ROOT" --clear-env --json
    case $RC in 0|1|3) ;; *) fail "run $i: exit status $RC" ;; esac
    grep -q 'MARKER-FROM-FIFO' "$OUT" && fail "run $i read from the FIFO"
    grep -q 'Debian GNU/Linux 12' "$OUT" && inside=$((inside + 1))
    i=$((i + 1))
done
kill $ps 2>/dev/null
[ "$inside" -gt 0 ] || fail "the real os-release was never read in $runs runs"
opens=$(cat "$CASE_DIR/opens")
[ "$opens" -le $((runs / 50)) ] || fail "the FIFO was opened for reading in $opens of $runs runs"
echo "$runs runs: os-release read in $inside, the FIFO opened (and closed unread) $opens times, read never"
