# CUDA 12.0 is on PATH and in CUDA_PATH; TensorFlow 2.10 wants the 11.x
# DLLs, which are only in CUDA 11.8's bin: GD602 says where, why copying
# them next to 12.0 is not the fix, and puts v11.8\bin on PATH.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
TK='C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA'
winmachine 31,0,15,3833
wincuda 12.0
wincuda 11.8
wincudnn 11.8 8.9.7
winpython u 310
wintf 2.10.0 64_112 64_8
wincheck --json --env "CUDA_PATH=$TK\v12.0" --env "CUDA_PATH_V11_8=$TK\v11.8" --env "Path=C:\Windows\system32;$TK\v12.0\bin"
expect_rc 1
expect_json "$(wv tensorflow) | .findings | index(\"GD602\") != null"
expect_json '.findings[] | select(.code == "GD602") | .title | test("CUDA 11.8")'
expect_json '[.findings[] | select(.code == "GD602") | .evidence[].text] | any(test("not the fix"))'
expect_json '[.findings[] | select(.code == "GD602") | .fixes[] | select(.shell == "powershell") | .command] | any(test("v11.8.bin"))'
exit 0
