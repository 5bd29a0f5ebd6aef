#!/bin/sh
# 4173-explain-ext-cuda-differs: torchvision's extension.py and torch_scatter's __init__.py (also
# torch_sparse, torch_cluster) compare the CUDA they were compiled with to torch.version.cuda:
# "Detected that PyTorch and X were compiled with different CUDA versions": GD141, with both CUDAs.
# Log: tests/explain/ext-cuda-differs.log (written for this test in torchvision's format).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ext-cuda-differs.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "extension_cuda_differs" and .first_line == 10)'
expect_json '.hypotheses[0].code == "GD141" and .hypotheses[0].kind == "extension_build_mismatch"'
expect_json '.hypotheses[0].why | contains("torchvision was compiled with CUDA 12.1, PyTorch with CUDA 11.8")'

# torch_scatter's spelling ("CUDA version X.Y")
printf '%s\n' 'RuntimeError: Detected that PyTorch and torch_scatter were compiled with different CUDA versions. PyTorch has CUDA version 10.1 and torch_scatter has CUDA version 10.2. Please reinstall the torch_scatter that matches your PyTorch install.' >"$CASE_DIR/scatter.log"
gd explain --json "$CASE_DIR/scatter.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD141" and (.hypotheses[0].why | contains("torch_scatter was compiled with CUDA 10.2, PyTorch with CUDA 10.1"))'
