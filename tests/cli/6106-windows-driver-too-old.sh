# torch 2.1.0+cu121 (its wheels bring the CUDA 12.1 DLLs in torch\lib) on
# driver 527.41 (nvcuda.dll 31.0.15.2741): Linux's 12.x floor 525.60.13
# would pass, Windows' own floor (528.33) does not: GD208.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
winmachine 31,0,15,2741
winpython u 310
wintorch 2.1.0+cu121 12.1 cudart64_12.dll cublas64_12.dll
mkdll "$SITE/torch/lib/cudart64_12.dll"
mkdll "$SITE/torch/lib/cublas64_12.dll"
wincheck --json
expect_rc 1
expect_json '.driver.version == "527.41"'
expect_json "$(wv torch) | .gpu == \"no\""
expect_json "$(wv torch) | .findings | index(\"GD208\") != null"
expect_json "$(wv torch) | .needs[] | select(.library == \"cudart64_12.dll\") | .step == \"dll_load_dir\""
exit 0
