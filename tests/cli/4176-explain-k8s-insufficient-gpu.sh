#!/bin/sh
# 4176-explain-k8s-insufficient-gpu: kube-scheduler's NodeResourcesFit ("Insufficient nvidia.com/gpu")
# says no node has the requested GPU free.  The NVIDIA device plugin advertises a node's GPUs only
# where the NVIDIA container runtime is the default runtime (k8s-device-plugin's prerequisites), so
# that ranks first (GD408); every GPU taken, or more asked than one node has, next (GD403).
# Log: tests/explain/k8s-insufficient-gpu.log (written for this test: kubectl describe pod's events).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/k8s-insufficient-gpu.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "k8s_insufficient_gpu" and .first_line == 13)'
expect_json '.hypotheses[0].code == "GD408" and .hypotheses[0].kind == "container_toolkit_missing"'
expect_json 'any(.hypotheses[1:][]; .code == "GD403" and (.tell_apart | contains("kubectl describe nodes")))'
