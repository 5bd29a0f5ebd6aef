#!/bin/sh
# 4146-explain-container-no-driver: a log written inside a container (Docker's container-id prompt
# root@<12 hex>, or TensorFlow's CUDA diagnostics naming such a host) whose start the log does not
# show: the driver judged absent is what a container started without the GPU looks like (an image
# holds no driver; the NVIDIA container runtime mounts the host's), so the container toolkit (GD408)
# ranks just above the judged "no driver", which stays second.  The toolkit's hook at work or a
# driver that answered rules it out.  The NVIDIA GPU Operator named in a log is Kubernetes.
# Logs: tests/explain/container-prompt-no-driver.log, gpu-operator-pod-error35.log (written for this
# test from TensorFlow's cuda_diagnostics.cc and the CUDA vectorAdd sample's messages).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/container-prompt-no-driver.log"
expect_rc 0
expect_json '.facts.setting.container.value == "container" and .facts.setting.container.line == 1'
expect_json '.hypotheses[0].code == "GD408" and .hypotheses[0].kind == "container_toolkit_missing"'
expect_json '.hypotheses[1].kind == "no_driver" and .hypotheses[1].judged == true'

# Without the prompt: the hostname TensorFlow prints is Docker's container id.
sed 1d "$GD_TESTS/explain/container-prompt-no-driver.log" >"$CASE_DIR/host.log"
gd explain --json "$CASE_DIR/host.log"
expect_rc 0
expect_json '.facts.setting.container.line == 2'
expect_json '.hypotheses[0].kind == "container_toolkit_missing"'

# Another hostname is no container: the driver's absence leads.
sed 's/3f9c2ab41e07/gpu-node-07/g' "$CASE_DIR/host.log" >"$CASE_DIR/other.log"
gd explain --json "$CASE_DIR/other.log"
expect_rc 0
expect_json '.facts.setting.container == null'
expect_json '.hypotheses[0].kind == "no_driver"'
expect_json 'all(.hypotheses[]; .kind != "container_toolkit_missing")'

# The container got the GPU (the toolkit's requirement check ran): the driver, not the start.
{ cat "$GD_TESTS/explain/container-prompt-no-driver.log"
  echo 'nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.2, please update your driver to a newer version, or use an earlier cuda container: unknown'
} >"$CASE_DIR/hook.log"
gd explain --json "$CASE_DIR/hook.log"
expect_rc 0
expect_json '.hypotheses[0].kind != "container_toolkit_missing"'

# A pod under the GPU Operator: error 35 (no driver library in the pod) is the runtime first.
gd explain --json "$GD_TESTS/explain/gpu-operator-pod-error35.log"
expect_rc 0
expect_json '.facts.setting.container.value == "kubernetes"'
expect_json '.hypotheses[0].code == "GD408" and .hypotheses[1].kind == "driver_too_old"'
grep -v gpu-operator "$GD_TESTS/explain/gpu-operator-pod-error35.log" >"$CASE_DIR/plain.log"
gd explain --json "$CASE_DIR/plain.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "driver_too_old"'
