# Letter case does not matter, in the name or in the PATH entry, although
# the Linux file system under the prefix is case-sensitive.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d2
P=$(wp d2 | tr a-z A-Z)
oracle app cwd "$P" load:CUDART64_110.DLL
predict app cwd "$P" CUDART64_110.DLL
agree /d2/cudart64_110.dll
wcleanup
