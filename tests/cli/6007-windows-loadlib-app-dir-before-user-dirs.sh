# DEFAULT_DIRS: the application directory comes before AddDllDirectory folders.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput app
wput d4
oracle app cwd "" default:1000 "add:$(wp d4)" load:cudart64_110.dll
predict app cwd "" --default-dirs 0x1000 --dll-dir "$(wp d4)" cudart64_110.dll
agree /app/cudart64_110.dll
wcleanup
