# A 32-bit copy in the application directory is skipped too.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput app x86
wput d2
oracle app cwd "$(wp d2)" load:cudart64_110.dll
predict app cwd "$(wp d2)" cudart64_110.dll
agree /d2/cudart64_110.dll
wcleanup
