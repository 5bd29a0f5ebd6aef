# TensorFlow 2.15 on native Windows: no GPU build exists (2.10 was the
# last); GD212 with the WSL2 and TensorFlow 2.10 fixes, whatever CUDA is there.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
winmachine 31,0,15,3833
wincuda 12.0
winpython u 311
wintf 2.15.0 64_121 64_8
wincheck --json
expect_rc 1
expect_json "$(wv tensorflow) | .gpu == \"no\""
expect_json "$(wv tensorflow) | .findings | index(\"GD212\") != null"
expect_json '[.findings[] | select(.code == "GD212") | .fixes[].command // ""] | any(test("wsl --install"))'
exit 0
