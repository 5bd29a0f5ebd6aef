# Without flags, the imports of a DLL loaded by full path are searched in the
# standard order, not in that DLL's folder: the PATH copy.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d1 outer outer.dll
wput d1
wput d2
oracle app cwd "$(wp d2)" "dep:0:$(wp d1)\\outer.dll:cudart64_110.dll"
predict app cwd "$(wp d2)" --from "$(wp d1)\\outer.dll" cudart64_110.dll
agree /d2/cudart64_110.dll
wcleanup
