# The classic Python 3.8 break: the extension's DLL is only on PATH: 126.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput pyd outer outer.pyd
wput d2
oracle app cwd "$(wp d2)" "dep:1100:$(wp pyd)\\outer.pyd:cudart64_110.dll"
predict app cwd "$(wp d2)" --python-ext --from "$(wp pyd)\\outer.pyd" cudart64_110.dll
agree err=126
wcleanup
