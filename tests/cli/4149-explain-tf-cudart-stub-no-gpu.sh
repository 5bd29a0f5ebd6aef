#!/bin/sh
# 4149-explain-tf-cudart-stub-no-gpu: TensorFlow's cudart stub (2.1-2.11) follows a failed libcudart
# with "Ignore above cudart dlerror if you do not have a GPU set up on your machine": libcudart
# missing (GD201) leads, and "a machine without an NVIDIA GPU, nothing wrong" (GD401) stays ranked
# with the command that tells; a GPU, a driver or another failed library in the log rules it out.
# Log: tests/explain/tf-cudart-stub-no-gpu.log (written for this test from dso_loader.cc's and
# cudart_stub.cc's messages).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/tf-cudart-stub-no-gpu.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD201" and .hypotheses[0].judged == true'
expect_json 'any(.hypotheses[1:][]; .kind == "harmless_noise" and (.tell_apart | contains("lspci")))'
expect_json 'all(.findings[]; .code != "GD401" or .severity == "info")'

# The log shows the GPU (nvidia-smi's row): it has one, the lines are the problem.
{ cat "$GD_TESTS/explain/tf-cudart-stub-no-gpu.log"
  echo '| NVIDIA-SMI 525.85.12    Driver Version: 525.85.12    CUDA Version: 12.0     |'
} >"$CASE_DIR/gpu.log"
gd explain --json "$CASE_DIR/gpu.log"
expect_rc 0
expect_json 'all(.ranking[]; .kind != "harmless_noise")'

# Another CUDA library failed too: the machine was meant to use CUDA.
{ cat "$GD_TESTS/explain/tf-cudart-stub-no-gpu.log"
  echo "2022-11-20 08:01:14.100311: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'libcublas.so.11'; dlerror: libcublas.so.11: cannot open shared object file: No such file or directory"
} >"$CASE_DIR/more.log"
gd explain --json "$CASE_DIR/more.log"
expect_rc 0
expect_json 'all(.ranking[]; .kind != "harmless_noise")'
