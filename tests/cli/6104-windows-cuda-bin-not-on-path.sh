# TensorFlow 2.10 with CUDA 11.2 and cuDNN 8.1 installed, but the CUDA bin
# is not on PATH (CUDA_PATH alone does not help TensorFlow): GD601 with the
# PowerShell ($env:PATH, SetEnvironmentVariable 'User') and cmd (setx) fixes;
# with the bin on PATH the same tree is healthy.  The tree is lower case,
# as a copy on a Linux disk may be.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
TK='C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA'
winmachine 31,0,15,3833
wincuda 11.2
wincudnn 11.2 8.1.1
winpython u 310
wintf 2.10.0 64_112 64_8
mv "$ROOT/Program Files" "$ROOT/program files"
wincheck --json --env "CUDA_PATH=$TK\v11.2" --env 'PATH=C:\Windows\system32'
expect_rc 1
expect_json "$(wv tensorflow) | .gpu == \"no\""
expect_json "$(wv tensorflow) | .findings | index(\"GD601\") != null"
expect_json '[.findings[] | select(.code == "GD601") | .fixes[] | select(.shell == "powershell") | .command] | any(test("SetEnvironmentVariable.*User"))'
expect_json '[.findings[] | select(.code == "GD601") | .fixes[] | select(.shell == "cmd") | .command] | any(test("setx PATH"))'
expect_json '[.findings[] | select(.code == "GD601") | .fixes[].command // ""] | all(test("System32") | not)'
expect_json '[.findings[] | select(.code == "GD601") | .evidence[].text] | any(test("discouraged"))'
wincheck --json --env "CUDA_PATH=$TK\v11.2" --env "PATH=C:\Windows\system32;$TK\v11.2\bin"
expect_json "$(wv tensorflow) | .needs | all(.resolved_path != null)"
expect_json "$(wv tensorflow) | .findings | index(\"GD601\") == null"
exit 0
