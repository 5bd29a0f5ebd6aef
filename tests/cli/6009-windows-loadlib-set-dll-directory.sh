# SetDllDirectory(d5): right after the application directory, before the CWD.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d5
wput cwd
wput d2
oracle app cwd "$(wp d2)" "setdir:$(wp d5)" load:cudart64_110.dll
predict app cwd "$(wp d2)" --set-dll-dir "$(wp d5)" cudart64_110.dll
agree /d5/cudart64_110.dll
expect_json ".step == \"win_set_dll_directory\""
wcleanup
