# Python >= 3.8 loads an extension module with LoadLibraryExW(pyd,
# DEFAULT_DIRS|DLL_LOAD_DIR): its import cudart64_110.dll comes from the
# os.add_dll_directory folder; PATH is not searched.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput pyd outer outer.pyd
wput d4
wput d2
oracle app cwd "$(wp d2)" "add:$(wp d4)" "dep:1100:$(wp pyd)\\outer.pyd:cudart64_110.dll"
predict app cwd "$(wp d2)" --python-ext --from "$(wp pyd)\\outer.pyd" --dll-dir "$(wp d4)" cudart64_110.dll
agree /d4/cudart64_110.dll
wcleanup
