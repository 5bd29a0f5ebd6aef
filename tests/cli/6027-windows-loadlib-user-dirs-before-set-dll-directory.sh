# DEFAULT_DIRS: AddDllDirectory folders come before the SetDllDirectory folder.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d4
wput d5
oracle app cwd "" default:1000 "setdir:$(wp d5)" "add:$(wp d4)" load:cudart64_110.dll
predict app cwd "" --default-dirs 0x1000 --set-dll-dir "$(wp d5)" --dll-dir "$(wp d4)" cudart64_110.dll
agree /d4/cudart64_110.dll
wcleanup
