#!/bin/sh
# 4023-explain-torch-libcudnn-so9: import torch fails: libcudnn.so.9 not found.
# Corpus file: tests/explain/torch-libcudnn-so9.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/torch-libcudnn-so9.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD202"'
expect_json '.facts.torch.value == "2.4.1"'
# torch's judge: its validated reinstall (the wheels bring cuDNN 9)
expect_json 'any(.findings[0].fixes[]; .command | test("-m pip install --force-reinstall \"torch==2.4.\\*\" --index-url https://download.pytorch.org/whl/cu"))'
expect_json '.hypotheses[0].judged'
