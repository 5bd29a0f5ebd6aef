# The "done when": gpudoctor.exe, run under Wine on the classic
# tree (TensorFlow 2.10 in python.org's Python 3.10, CUDA 12.0 installed and
# on PATH, cudart64_110.dll nowhere; 6101's tree), prints the verdict, the
# evidence and the PowerShell fix, in text and JSON, and answers exactly as
# the Linux binary does with --os windows --root.  No --os: the .exe
# examines Windows by default.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
. "$GD_TESTS/cli/winexe.inc"
wexe_setup
winmachine 31,0,15,3833
wincuda 12.0
winpython u 310
wintf 2.10.0 64_112 64_8
CP='C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v12.0'
WPATH="C:\\Windows\\system32;C:\\Windows;$CP\\bin;$CP\\libnvvp;C:\\Users\\u\\AppData\\Local\\Programs\\Python\\Python310\\"
wexe_check --json --env "Path=$WPATH" --env "CUDA_PATH=$CP" --env "CUDA_PATH_V12_0=$CP"
expect_rc 1
expect_json '.system.os == "windows"'
expect_json "$(wv tensorflow) | .gpu == \"no\""
expect_json "$(wv tensorflow) | .needs[] | select(.role == \"cudart\") | .library == \"cudart64_110.dll\" and .resolved_path == null"
# One root cause, one error finding (issue 16): the search for each missing
# DLL is evidence of GD603, not a GD201 of its own.
expect_json '[.findings[].code] | index("GD201") == null'
expect_json '[.findings[] | select(.code == "GD603") | .evidence[].text] | any(test("searched python.exe.s folder, System32, the Windows folder and PATH"))'
expect_json '.findings[] | select(.code == "GD603") | .title == "cudart64_110.dll is not installed; only cudart64_12.dll is (another CUDA version)"'
expect_json '[.findings[] | select(.code == "GD603") | .evidence[].path] | index("/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.0/bin/cudart64_12.dll") != null'
expect_json '[.findings[] | select(.code == "GD603") | .fixes[] | select(.shell == "powershell") | .command] | any(test("^\\$env:PATH = \"C:\\\\Program Files\\\\NVIDIA GPU Computing Toolkit\\\\CUDA\\\\v11.2\\\\bin;\" \\+ \\$env:PATH$"))'
expect_same_as_linux
wexe_check -v --env "Path=$WPATH" --env "CUDA_PATH=$CP" --env "CUDA_PATH_V12_0=$CP"
expect_rc 1
expect_text "tensorflow 2.10.0 (system C:\Users\u\AppData\Local\Programs\Python\Python310): GPU NO — cudart64_110.dll is not installed; only cudart64_12.dll is (another CUDA version)"
expect_text "GD603 toolkit_version_mismatch: cudart64_110.dll is not installed; only cudart64_12.dll is (another CUDA version)"
expect_text 'cudart64_110.dll wanted; cudart64_12.dll is installed in C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v12.0\bin'
expect_text 'PS> $env:PATH = "C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.2\bin;" + $env:PATH'
expect_same_as_linux
exit 0
