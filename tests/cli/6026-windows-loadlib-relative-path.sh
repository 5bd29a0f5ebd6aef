# A relative path with a folder (d3\cudart64_110.dll) is tried below every
# search folder: here below the PATH entry C:\gdt\CASE.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d3
oracle app cwd "$(wp .)" "load:d3\\cudart64_110.dll"
predict app cwd "$(wp .)" "d3\\cudart64_110.dll"
agree /d3/cudart64_110.dll
wcleanup
