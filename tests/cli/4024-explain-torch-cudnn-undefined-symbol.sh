#!/bin/sh
# 4024-explain-torch-cudnn-undefined-symbol: two cuDNN 8 copies mixed: undefined symbol with a version tag.
# The symbol is cuDNN's own (_ZN5cudnn...), asked by one cuDNN sub-library of another: two installs
# mixed (GD109), ahead of a framework built against another cuDNN (GD207, ranked second).
# Corpus file: tests/explain/torch-cudnn-undefined-symbol.log
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/torch-cudnn-undefined-symbol.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.cause == "GD109"'
expect_json '[.ranking[].code] | index("GD207") == 1'
expect_json '.findings[0].title | test("libcudnn_cnn_infer.so.8")'
