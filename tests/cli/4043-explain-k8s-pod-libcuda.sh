#!/bin/sh
# 4043-explain-k8s-pod-libcuda: libcuda.so.1 missing in a Kubernetes pod: the NVIDIA container runtime not being the default runtime (GD408) ranks first.
# Log: tests/explain/k8s-pod-libcuda.log (written from the message's format in the cited source)
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/k8s-pod-libcuda.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "container_toolkit_missing"'
expect_json '[.hypotheses[].kind] | index("no_driver") != null'
