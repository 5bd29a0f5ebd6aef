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
# Issue 31: the DirectML route (tensorflow-cpu 2.10 with Microsoft's plugin)
# for TensorFlow 2.15 on native Windows in Python 3.11: tensorflow-cpu 2.10
# has wheels for Python 3.7-3.10 only (the kb's Python range), so pip in
# this Python finds none -- the route creates a conda environment with a
# Python in the range, and pins numpy<2 (2.10's wheels are built for
# NumPy 1) as route 2 does.
r3='[.findings[] | select(.code == "GD212") | .fixes[] | select(.title | test("Route 3"))]'
expect_json "$r3 | length == 2"
expect_json "$r3 | all(.command | test(\"conda create -n tf2.10-directml python=3.10\"))"
expect_json "$r3 | all(.command | test(\"tensorflow-cpu==2.10\"))"
expect_json "$r3 | all(.command | test(\"numpy<2\"))"
expect_json "$r3 | all(.command | test(\"Python311\") | not)"
expect_json "$r3 | all(.title | test(\"Python 3.11 has no tensorflow-cpu 2.10 wheel\"))"
exit 0
