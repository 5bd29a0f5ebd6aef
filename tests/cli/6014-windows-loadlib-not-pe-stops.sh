# A file that is not a PE image stops the search with 193, although a good
# copy follows on PATH.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput dtxt text
wput d2
oracle app cwd "$(wp dtxt);$(wp d2)" load:cudart64_110.dll
predict app cwd "$(wp dtxt);$(wp d2)" cudart64_110.dll
agree err=193
expect_json ".attempts[-1].outcome == \"invalid\""
wcleanup
