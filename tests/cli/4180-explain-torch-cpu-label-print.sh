#!/bin/sh
# 4180-explain-torch-cpu-label-print: print('torch:', torch.__version__) writes "torch: 2.5.1+cpu"; the
# +cpu local label is PyTorch's CPU wheel (download.pytorch.org/whl/cpu), so the log's torch is that
# version and fw_torch judges it a CPU-only build (GD211), above "a container started without GPUs"
# that the docker exec alone would suggest.  A +cpu only asked of pip (an install that then finds no
# such distribution) is no torch installed: nothing is judged from it.
# Logs: tests/explain/torch-cpu-label-print.log, torch-cpu-label-pip-failed.log (written for this
# test: Python's print of torch.__version__, pip 20's resolver errors).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/torch-cpu-label-print.log"
expect_rc 0
expect_json '.facts.torch.value == "2.5.1+cpu" and .facts.torch.line == 2'
expect_json '.hypotheses[0].code == "GD211" and .hypotheses[0].kind == "cpu_only_build"'
expect_json '.ranking[0].judged == true'

# pip could not find the +cpu build it was asked for: no torch version, no CPU build judged
gd explain --json "$GD_TESTS/explain/torch-cpu-label-pip-failed.log"
expect_rc 0
expect_json '.facts.torch == null'
expect_json 'all(.hypotheses[]; .kind != "cpu_only_build")'
