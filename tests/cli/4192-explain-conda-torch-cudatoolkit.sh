#!/bin/sh
# 4192-explain-conda-torch-cudatoolkit: pytorch.org's conda command "conda install pytorch ...
# cudatoolkit=X.Y -c pytorch" (pytorch-cuda=X.Y from 1.13) installs the pytorch channel's build for
# that CUDA (build strings py3.8_cuda11.3_cudnn8.2.0_0): logscan gives torch's build CUDA to check's
# judges, and the driver judge holds it against nvidia-smi's ceiling (GD208).  A pinned release gets
# it only where torch.kb lists that CUDA variant (else conda may have solved the CPU build); the
# channel's name after -c is no package of the spec.
# Log: tests/explain/conda-torch-cudatoolkit-old-driver.log (written for this test: conda's command
# line and nvidia-smi 440's table).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/conda-torch-cudatoolkit-old-driver.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD208" and .hypotheses[0].kind == "driver_too_old"'
expect_json '.hypotheses[0].why | test("CUDA 11.3")'

# pytorch-cuda=, and a pinned release with that variant in torch.kb (1.12: cu113)
sed 's/pytorch torchvision torchaudio cudatoolkit=11.3 -c pytorch/pytorch==1.12.1 pytorch-cuda=11.3 -c pytorch -c nvidia/' \
    "$GD_TESTS/explain/conda-torch-cudatoolkit-old-driver.log" >"$CASE_DIR/pinned.log"
gd explain --json "$CASE_DIR/pinned.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD208"'

# A pinned release the channel has no build of for that CUDA (1.9: cu102 and cu111): no build CUDA.
sed 's/pytorch torchvision/pytorch=1.9.0 torchvision/' \
    "$GD_TESTS/explain/conda-torch-cudatoolkit-old-driver.log" >"$CASE_DIR/nobuild.log"
gd explain --json "$CASE_DIR/nobuild.log"
expect_rc 0
expect_json 'all(.hypotheses[]; .why | test("CUDA 11.3 runtime") | not)'

# Only cudatoolkit from the pytorch channel: no PyTorch in the spec.
sed 's/pytorch torchvision torchaudio cudatoolkit=11.3 -c pytorch/cudatoolkit=11.3 -c pytorch/' \
    "$GD_TESTS/explain/conda-torch-cudatoolkit-old-driver.log" >"$CASE_DIR/toolkit.log"
gd explain --json "$CASE_DIR/toolkit.log"
expect_rc 0
expect_json 'all(.hypotheses[]; .why | test("torch.s CUDA") | not)'
