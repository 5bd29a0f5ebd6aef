#!/bin/sh
# A DLL whose COFF header claims 0xFFFF sections, the table running past
# the end of the file: Wine's LoadLibraryW refuses it (ERROR_BAD_EXE_FORMAT,
# 193) and stops there, although a good copy follows on PATH; the model
# must refuse it the same way, not "find" it.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d1
wput d2
f="$T/d1/cudart64_110.dll"
lfanew=$(od -An -tu4 -j60 -N4 "$f" | tr -d ' ')
printf '\377\377' | dd of="$f" bs=1 seek=$((lfanew + 6)) conv=notrunc 2>/dev/null
oracle app cwd "$(wp d1);$(wp d2)" load:cudart64_110.dll
predict app cwd "$(wp d1);$(wp d2)" cudart64_110.dll
agree err=193
expect_json '.attempts[-1].outcome == "invalid"'
wcleanup
