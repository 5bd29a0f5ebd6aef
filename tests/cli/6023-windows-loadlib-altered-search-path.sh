# LOAD_WITH_ALTERED_SEARCH_PATH: the imports of d1\outer.dll come from d1.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
wput d1 outer outer.dll
wput d1
wput d2
oracle app cwd "$(wp d2)" "dep:8:$(wp d1)\\outer.dll:cudart64_110.dll"
predict app cwd "$(wp d2)" --load-flags 0x8 --from "$(wp d1)\\outer.dll" cudart64_110.dll
agree /d1/cudart64_110.dll
expect_json ".step == \"win_altered_dir\""
wcleanup
