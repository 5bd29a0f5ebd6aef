#!/bin/sh
# 4150-explain-ort-unnamed-dependency: ONNX Runtime's CUDA provider failed and the log names no library
# it missed (Windows' LoadLibrary error 126 names only the provider DLL; "Require cuDNN N.* and CUDA
# M.*" is printed whatever failed).  The provider is built for one CUDA and one cuDNN major, so a
# dependency missing, cuDNN of another major and CUDA of another major stay ranked, each with the
# command that tells; a log that names the missing library keeps only its own answer.
# Logs: tests/explain/ort-windows-loadlibrary-126.log, ort-ep-require.log (shared with 4029, 4030).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ort-windows-loadlibrary-126.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD203"'
expect_json '.hypotheses[1].code == "GD207" and .hypotheses[1].kind == "cudnn_version_mismatch"'
expect_json '.hypotheses[1].tell_apart | contains("cudnn")'
expect_json 'any(.hypotheses[]; .code == "GD206")'

gd explain --json "$GD_TESTS/explain/ort-ep-require.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD206"'
expect_json '.hypotheses[1].code == "GD207" and (.hypotheses[1].why | contains("cuDNN 9.* and CUDA 12.*"))'

# The loader named the missing library: that library decides, no version guess from the provider.
{ cat "$GD_TESTS/explain/ort-ep-require.log"
  echo '2025-01-05 10:00:00.000000 [E:onnxruntime:Default, provider_bridge_ort.cc:1862 TryGetProviderInfo_CUDA] Failed to load library libonnxruntime_providers_cuda.so with error: libcublasLt.so.12: cannot open shared object file: No such file or directory'
} >"$CASE_DIR/named.log"
gd explain --json "$CASE_DIR/named.log"
expect_rc 0
expect_json 'all(.ranking[]; .code != "GD207")'
