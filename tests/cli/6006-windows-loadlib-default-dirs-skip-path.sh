# SetDefaultDllDirectories(LOAD_LIBRARY_SEARCH_DEFAULT_DIRS): PATH and the CWD
# are no longer searched: 126 although PATH and the CWD hold a copy.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d2
wput cwd
oracle app cwd "$(wp d2)" default:1000 load:cudart64_110.dll
predict app cwd "$(wp d2)" --default-dirs 0x1000 cudart64_110.dll
agree err=126
expect_rc 1
expect_json "[.attempts[].step] | index(\"win_path\") == null"
wcleanup
