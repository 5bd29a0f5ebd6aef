# A 32-bit cudart64_110.dll first on PATH is skipped; the x64 copy after it
# loads (Wine's behaviour, modelled; unverified on Windows, docs/windows.md).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d32 x86
wput d2
oracle app cwd "$(wp d32);$(wp d2)" load:cudart64_110.dll
predict app cwd "$(wp d32);$(wp d2)" cudart64_110.dll
agree /d2/cudart64_110.dll
expect_json "[.attempts[] | select(.outcome == \"wrong_machine\")] | length == 1"
wcleanup
