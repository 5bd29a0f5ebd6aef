#!/bin/sh
# 4177-explain-xla-ptxas-old: XLA warns about the ptxas it invokes (ptx_compiler_helpers.cc,
# WarnIfBadPtxasVersion: CUDA 12.0-12.6.2).  After pip install "jax[cuda12]" (its own ptxas, from
# nvidia-cuda-nvcc-cu12) a ptxas 12.1 is another toolkit's found first on PATH: GD109; without that
# install in the log, the toolkit's own ptxas is older than XLA wants (GD206, a warning) first.
# Log: tests/explain/xla-ptxas-old.log (written for this test in XLA's absl log format).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/xla-ptxas-old.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "xla_ptxas_old" and .first_line == 4)'
expect_json '.hypotheses[0].code == "GD109" and .hypotheses[0].kind == "multiple_cuda_conflict"'
expect_json '.hypotheses[0].why | contains("ptxas 12.1.66")'
expect_json 'any(.hypotheses[1:][]; .kind == "toolkit_version_mismatch")'

grep -v 'jax\[cuda12\]\|Successfully installed' "$GD_TESTS/explain/xla-ptxas-old.log" >"$CASE_DIR/nopip.log"
gd explain --json "$CASE_DIR/nopip.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "toolkit_version_mismatch"'
expect_json 'any(.hypotheses[1:][]; .kind == "multiple_cuda_conflict")'

# TensorFlow's earlier spelling, with its version
printf '%s\n' "2021-07-26 21:05:36.322576: W tensorflow/stream_executor/gpu/asm_compiler.cc:116] *** WARNING *** You are using ptxas 9.1.108, which is older than 9.2.88. ptxas 9.x before 9.2.88 is known to miscompile XLA code" >"$CASE_DIR/tf.log"
gd explain --json "$CASE_DIR/tf.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "toolkit_version_mismatch" and (.hypotheses[0].why | contains("ptxas 9.1.108"))'

# ptxas given PTX of a newer ISA, in an environment with pip's CUDA wheels
printf '%s\n' "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: ptxas exited with non-zero error code 65280, output: ptxas /tmp/tempfile-x, line 5; fatal   : Unsupported .version 8.3; current version is '7.8'" \
    "  File \"/home/u/venv/lib/python3.11/site-packages/nvidia/cudnn/__init__.py\"" >"$CASE_DIR/isa.log"
gd explain --json "$CASE_DIR/isa.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "multiple_cuda_conflict"'
