# SetDefaultDllDirectories(DEFAULT_DIRS) + AddDllDirectory(d4), (d5): the folder
# added last is searched first.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d4
wput d5
oracle app cwd "" default:1000 "add:$(wp d4)" "add:$(wp d5)" load:cudart64_110.dll
predict app cwd "" --default-dirs 0x1000 --dll-dir "$(wp d4)" --dll-dir "$(wp d5)" cudart64_110.dll
agree /d5/cudart64_110.dll
expect_json ".step == \"win_dll_directory\""
wcleanup
