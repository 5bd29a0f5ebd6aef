# LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR with a bare name: 87 (ERROR_INVALID_PARAMETER).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput app
oracle app cwd "" loadex:100:cudart64_110.dll
predict app cwd "" --load-flags 0x100 cudart64_110.dll
agree err=87
wcleanup
