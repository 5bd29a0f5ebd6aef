# Only a 32-bit copy exists: error 193 (ERROR_BAD_EXE_FORMAT).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d32 x86
oracle app cwd "$(wp d32)" load:cudart64_110.dll
predict app cwd "$(wp d32)" cudart64_110.dll
agree err=193
wcleanup
