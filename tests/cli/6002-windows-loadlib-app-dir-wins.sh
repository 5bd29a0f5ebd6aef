# The application directory (the .exe's) comes before the CWD and PATH.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput app
wput cwd
wput d2
oracle app cwd "$(wp d2)" load:cudart64_110.dll
predict app cwd "$(wp d2)" cudart64_110.dll
agree /app/cudart64_110.dll
expect_json ".step == \"win_app_dir\""
wcleanup
