# A full path is that file only: the copy in the application dir is not used.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput app
wput d3
oracle app cwd "" "load:$(wp d3)\\cudart64_110.dll"
predict app cwd "" "$(wp d3)\\cudart64_110.dll"
agree /d3/cudart64_110.dll
expect_json ".step == \"path\""
wcleanup
