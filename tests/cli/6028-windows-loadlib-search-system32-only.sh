# LoadLibraryExW(..., LOAD_LIBRARY_SEARCH_SYSTEM32): only System32, not the
# application dir.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput app
oracle app cwd "" loadex:800:cudart64_110.dll
predict app cwd "" --load-flags 0x800 cudart64_110.dll
agree err=126
wcleanup
