#!/bin/sh
# 4148-explain-no-device-ranked: "no CUDA-capable device is detected" alone (CUDA_ERROR_NO_DEVICE,
# cudaErrorNoDevice) is the same line for a machine without a GPU and for a process kept from it, so
# it is answered with ranked hypotheses, not one: no usable GPU (GD403) first, CUDA_VISIBLE_DEVICES
# naming no GPU of the machine (GD108) with the command that tells them apart, and in a container a
# start without the GPU (GD408).  An index the log sets is named; empty or -1 stays GD108 first.
# Log: tests/explain/cuinit-no-device-thin.log (TensorFlow's cuda_driver.cc line, written for this test).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/cuinit-no-device-thin.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD403" and .hypotheses[0].kind == "no_gpu"'
expect_json '.hypotheses[1].code == "GD108" and (.hypotheses[1].tell_apart | contains("CUDA_VISIBLE_DEVICES"))'
expect_json 'all(.hypotheses[]; .kind != "container_toolkit_missing")'

{ echo '$ CUDA_VISIBLE_DEVICES=1 python train.py'; cat "$GD_TESTS/explain/cuinit-no-device-thin.log"; } >"$CASE_DIR/index.log"
gd explain --json "$CASE_DIR/index.log"
expect_rc 0
expect_json '.hypotheses[1].code == "GD108" and (.hypotheses[1].why | contains("CUDA_VISIBLE_DEVICES=1"))'
expect_json '.hypotheses[1].evidence[0].line == 1'

{ echo '$ CUDA_VISIBLE_DEVICES="" python train.py'; cat "$GD_TESTS/explain/cuinit-no-device-thin.log"; } >"$CASE_DIR/empty.log"
gd explain --json "$CASE_DIR/empty.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD108"'

{ echo 'root@3f9c2ab41e07:/workspace# python train.py'; cat "$GD_TESTS/explain/cuinit-no-device-thin.log"; } >"$CASE_DIR/container.log"
gd explain --json "$CASE_DIR/container.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "no_gpu"'
expect_json 'any(.hypotheses[]; .code == "GD408")'
