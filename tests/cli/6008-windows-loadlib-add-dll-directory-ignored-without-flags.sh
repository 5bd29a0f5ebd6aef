# AddDllDirectory alone changes nothing for a plain LoadLibrary: PATH is used.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d4
wput d2
oracle app cwd "$(wp d2)" "add:$(wp d4)" load:cudart64_110.dll
predict app cwd "$(wp d2)" --dll-dir "$(wp d4)" cudart64_110.dll
agree /d2/cudart64_110.dll
wcleanup
