#!/bin/sh
# 4174-explain-ctranslate2-cuda-major: CTranslate2 (src/cuda/cublas_stub.cc) loads cuBLAS by the CUDA
# major it was built for: "Library cublas64_12.dll is not found or cannot be loaded".  With torch's
# +cu118 wheel in the same environment the build wants another CUDA than the one there (GD206) ahead
# of "cuBLAS missing" (GD203, the judges'); without a CUDA of the environment in the log, missing first.
# Log: tests/explain/ctranslate2-cublas-major.log (written for this test: pip list, faster-whisper's traceback).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ctranslate2-cublas-major.log"
expect_rc 0
expect_json 'any(.facts.libraries[]; .name == "cublas64_12.dll" and .via == "ctranslate2" and .loaded == false)'
expect_json '.hypotheses[0].code == "GD206" and .hypotheses[0].kind == "toolkit_version_mismatch"'
expect_json 'any(.hypotheses[1:][]; .kind == "missing_other_cuda_lib")'

# the torch wheel named in prose counts too ("pytorch2.1.2+cu118": PyTorch's own wheel label)
grep -v '^torch ' "$GD_TESTS/explain/ctranslate2-cublas-major.log" >"$CASE_DIR/prose.log"
echo 'the environment has pytorch2.1.2+cu118' >>"$CASE_DIR/prose.log"
gd explain --json "$CASE_DIR/prose.log"
expect_rc 0
expect_json '.facts.torch.value == "2.1.2+cu118"'
expect_json '.hypotheses[0].code == "GD206"'

# no CUDA of the environment in the log: the library is missing first, another CUDA next
grep -v '^torch ' "$GD_TESTS/explain/ctranslate2-cublas-major.log" >"$CASE_DIR/bare.log"
gd explain --json "$CASE_DIR/bare.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "missing_other_cuda_lib"'
expect_json 'any(.hypotheses[1:][]; .kind == "toolkit_version_mismatch")'
