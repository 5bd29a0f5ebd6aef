# LoadLibrary("cudart64_110.dll") with two x64 copies on PATH: the first PATH
# entry wins (Wine's loader is the oracle).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d3
wput d2
oracle app cwd "$(wp d3);$(wp d2)" load:cudart64_110.dll
predict app cwd "$(wp d3);$(wp d2)" cudart64_110.dll
agree /d3/cudart64_110.dll
expect_json '.attempts[-1].step == "win_path"'
wcleanup
