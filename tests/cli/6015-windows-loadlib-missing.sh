# Nowhere: 126 (ERROR_MOD_NOT_FOUND).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
oracle app cwd "$(wp d2)" load:cudart64_110.dll
predict app cwd "$(wp d2)" cudart64_110.dll
agree err=126
expect_json ".error | test(\"error 126\")"
wcleanup
