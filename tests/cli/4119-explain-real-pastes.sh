#!/bin/sh
# 4119-explain-real-pastes: issue 28's reading of real pastes.  The named
# missing file decides (a cuDNN sub-library whose error names libcuda is a
# driver problem, not cuDNN); on WSL a cuDNN sub-library that does not load
# is first the WSL libcuda path; an error number in another program's format
# (Warp's "CUDA error 34", inside ANSI colour codes) is named from
# data/cuda_error.kb and points where the table says; torch's own DLL that does
# not load is a broken install (GD412).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/cudnn-sublib-needs-libcuda.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "no_driver"'
expect_json 'all(.facts.libraries[]; .name != "libcudnn_cnn_infer.so.8")'
expect_json 'any(.facts.libraries[]; .name == "libcuda.so")'

gd explain --json "$GD_TESTS/explain/wsl-cudnn-sublib.log"
expect_rc 0
expect_json '.facts.os == "wsl"'
expect_json '.hypotheses[0].kind == "wsl_driver_issue"'
expect_json 'any(.hypotheses[]; .kind == "missing_cudnn")'

gd explain --json "$GD_TESTS/explain/error-code-formats.log"
expect_rc 0
expect_json '.facts.cuda_errors[0].name == "cudaErrorStubLibrary"'
expect_json '.facts.cuda_errors[0].number == 34'
expect_json '.facts.cuda_errors[0].points_to == "GD106"'
expect_json '.hypotheses[0].kind == "stub_driver_on_path"'

# torch's own DLL (no CUDA library) that does not load: an incomplete install
# or a missing runtime (GD412), not a missing CUDA library.
gd explain --json "$GD_TESTS/explain/torch-own-dll-fbgemm.log"
expect_rc 0
expect_json '.cause == "GD412"'
expect_json '.hypotheses[0].kind == "broken_install"'
