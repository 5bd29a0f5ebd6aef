# The classic: TensorFlow 2.10 in a python.org Python 3.10 on native
# Windows, CUDA 12.0 installed (on PATH, CUDA_PATH set), cudart64_110.dll
# nowhere.  Verdict no; the evidence (the search made, cudart64_12.dll is
# another CUDA); why renaming is not the fix; the PowerShell fix.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
winmachine 31,0,15,3833
wincuda 12.0
winpython u 310
wintf 2.10.0 64_112 64_8
CP='C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v12.0'
WPATH="C:\\Windows\\system32;C:\\Windows;$CP\\bin;$CP\\libnvvp;C:\\Users\\u\\AppData\\Local\\Programs\\Python\\Python310\\"
wincheck --json --env "Path=$WPATH" --env "CUDA_PATH=$CP" --env "CUDA_PATH_V12_0=$CP"
expect_rc 1
expect_json '.system.os == "windows"'
expect_json "$(wv tensorflow) | .gpu == \"no\""
expect_json "$(wv tensorflow) | .needs[] | select(.role == \"cudart\") | .library == \"cudart64_110.dll\" and .resolved_path == null"
# One root cause, one error finding (issue 16): the missing DLLs are evidence
# of GD603, not GD201/GD202/GD203 of their own, and no GD601 proposes the
# CUDA 12.0 folder (it cannot make TensorFlow 2.10 load).
expect_json "$(wv tensorflow) | .findings == [\"GD603\"]"
expect_json '[.findings[] | select(.severity == "error")] | length == 1'
expect_json '[.findings[] | select(.code == "GD603") | .evidence[].text] | any(test("System32"))'
expect_json '[.findings[].fixes[].command // ""] | all(test("v12.0") | not)'
expect_json '.findings[] | select(.code == "GD603") | .title | test("cudart64_12.dll")'
expect_json '[.findings[] | select(.code == "GD603") | .evidence[].text] | any(test("renaming"))'
expect_json '[.findings[] | select(.code == "GD603") | .fixes[] | select(.shell == "powershell") | .command] | any(test("env:PATH"))'
expect_json '[.findings[] | select(.code == "GD603") | .fixes[].command] | any(test("cudatoolkit=11.2"))'
expect_json '[.findings[].fixes[].command // ""] | all(test("System32") | not)'
# The checklist does not pass a step that found 2 of its 8 libraries.
expect_json '[.checklist[] | select(.step | test("its CUDA libraries on the loader path"))][0] | .status == "failed" and (.detail | test("^2 of 8 found"))'
wincheck -v --env "Path=$WPATH" --env "CUDA_PATH=$CP"
expect_text "GPU NO"
expect_text "cudart64_110.dll is not installed; only cudart64_12.dll is (another CUDA version)"
expect_text '$env:PATH'
exit 0
