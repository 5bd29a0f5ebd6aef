# A healthy tree: TensorFlow 2.10 with CUDA 11.2 and cuDNN 8.1 installed and
# the CUDA bin on PATH (6104's tree).  gpudoctor.exe under Wine finds every
# DLL, reports no error, and answers exactly as the Linux binary does, in
# text and JSON.  The tree has "program files" in lower case, as a copy on a
# Linux disk may: Wine's file system ignores case, so the .exe must ask for
# the stored names to report the same paths (util/winpath.c, disk_case).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
. "$GD_TESTS/cli/winexe.inc"
wexe_setup
TK='C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA'
winmachine 31,0,15,3833
wincuda 11.2
wincudnn 11.2 8.1.1
winpython u 310
wintf 2.10.0 64_112 64_8
mv "$ROOT/Program Files" "$ROOT/program files"
WPATH="C:\\Windows\\system32;C:\\Windows;$TK\\v11.2\\bin;C:\\Users\\u\\AppData\\Local\\Programs\\Python\\Python310\\"
wexe_check --json --env "Path=$WPATH" --env "CUDA_PATH=$TK\\v11.2" --env "CUDA_PATH_V11_2=$TK\\v11.2"
expect_rc 0
expect_json '.system.os == "windows"'
expect_json "$(wv tensorflow) | .gpu != \"no\""
expect_json "$(wv tensorflow) | .needs | length > 0 and all(.resolved_path != null)"
expect_json "$(wv tensorflow) | .needs[] | select(.library == \"cudart64_110.dll\") | .resolved_path == \"/program files/NVIDIA GPU Computing Toolkit/CUDA/v11.2/bin/cudart64_110.dll\""
expect_json '[.findings[] | select(.severity == "error")] | length == 0'
expect_same_as_linux
wexe_check --env "Path=$WPATH" --env "CUDA_PATH=$TK\\v11.2"
expect_rc 0
expect_no_text "GPU NO"
expect_no_text "error   GD"
expect_same_as_linux
exit 0
