# torch 2.1.0+cu121 whose torch\lib lacks the CUDA DLLs: torch adds
# %CUDA_PATH_V12_1%\bin with os.add_dll_directory (not PATH, not CUDA_PATH).
# With CUDA_PATH_V12_1 set, the DLLs load from there; without it (and no
# v12.1 in the default folder), they are not found.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
TK='C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA'
winmachine 31,0,15,3833
wincuda 12.1
wincudnn 12.1 8.9.2
winpython u 310
wintorch 2.1.0+cu121 12.1 cudart64_12.dll cublas64_12.dll cudnn64_8.dll
mv "$ROOT/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v12.1" "$ROOT/Program Files/NVIDIA GPU Computing Toolkit/CUDA/cuda-12.1"
wincheck --json --env "CUDA_PATH_V12_1=$TK\cuda-12.1" --env "CUDA_PATH=$TK\cuda-12.1"
expect_json "$(wv torch) | .needs[] | select(.library == \"cudart64_12.dll\") | .step == \"add_dll_directory\""
expect_json "$(wv torch) | .needs[] | select(.library == \"cudnn64_8.dll\") | .resolved_path != null"
expect_json "$(wv torch) | .gpu != \"no\""
wincheck --json --env "CUDA_PATH=$TK\cuda-12.1"
expect_rc 1
expect_json "$(wv torch) | .gpu == \"no\""
expect_json "$(wv torch) | .findings | index(\"GD601\") != null"
expect_json '[.findings[] | select(.code == "GD601") | .fixes[].command // ""] | any(test("add_dll_directory"))'
# "Python 3.8+": the release from which PATH is not searched, data/pkg_fact.kb.
expect_json '[.findings[] | select(.code == "GD601") | .fixes[].title] | any(test("^Python 3[.]8[+] does not search PATH"))'
expect_json '[.findings[] | select(.code == "GD601") | .evidence[].text] | any(test("^Python 3[.]8[+] loads an extension"))'
# os.add_dll_directory is Python source for the program, not a command line:
# shell "python" (no shell runs it), valid Python, shown without a prompt.
expect_json '[.findings[] | select(.code == "GD601") | .fixes[] | select(.command // "" | test("add_dll_directory")) | .shell] | . != [] and all(. == "python")'
jq -r '.findings[] | select(.code == "GD601") | .fixes[] | select(.shell == "python") | .command' "$OUT" >"$CASE_DIR/fix.py"
python3 -c 'import sys; compile(open(sys.argv[1]).read(), "fix.py", "exec")' "$CASE_DIR/fix.py" || fail "the python fix does not compile"
wincheck -v --env "CUDA_PATH=$TK\cuda-12.1"
expect_text "fix (python): Python 3.8+ does not search PATH"
expect_text "      import os"
expect_no_text "$ import os"
exit 0
