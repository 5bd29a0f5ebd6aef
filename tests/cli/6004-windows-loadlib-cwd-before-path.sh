# SafeDllSearchMode (the default): the CWD after the system folders, before PATH.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput cwd
wput d2
oracle app cwd "$(wp d2)" load:cudart64_110.dll
predict app cwd "$(wp d2)" cudart64_110.dll
agree /cwd/cudart64_110.dll
expect_json ".step == \"win_cwd\""
wcleanup
