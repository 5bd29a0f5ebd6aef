# A name without an extension gets ".dll".
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d2
oracle app cwd "$(wp d2)" load:cudart64_110
predict app cwd "$(wp d2)" cudart64_110
agree /d2/cudart64_110.dll
wcleanup
