# A module of that base name already loaded (here by full path from d3) is
# returned for the bare name, before the application dir's copy.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput app
wput d3
oracle app cwd "" "load:$(wp d3)\\cudart64_110.dll" load:cudart64_110.dll
predict app cwd "" --loaded "$(wp d3)\\cudart64_110.dll" cudart64_110.dll
agree /d3/cudart64_110.dll
expect_json ".step == \"win_loaded\""
wcleanup
