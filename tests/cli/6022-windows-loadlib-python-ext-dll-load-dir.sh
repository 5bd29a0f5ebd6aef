# DLL_LOAD_DIR: the extension's own folder comes first, before the
# application dir and the AddDllDirectory folders.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput pyd outer outer.pyd
wput pyd
wput app
wput d4
oracle app cwd "" "add:$(wp d4)" "dep:1100:$(wp pyd)\\outer.pyd:cudart64_110.dll"
predict app cwd "" --python-ext --from "$(wp pyd)\\outer.pyd" --dll-dir "$(wp d4)" cudart64_110.dll
agree /pyd/cudart64_110.dll
expect_json ".step == \"win_dll_load_dir\""
wcleanup
