# check --image against hosts, modelled from the NVIDIA Container Toolkit's
# source: a host without the toolkit (GD801), NVIDIA_REQUIRE_CUDA refusing
# the start on a driver too old, with nvidia-container-cli's own message
# (GD802), the same image on a newer driver and with
# NVIDIA_DISABLE_REQUIRE, the image's CUDA forward-compatibility libcuda
# used on a data-centre GPU and on a GeForce (GD806, error 804), a grant
# without compute (GD803), hidden and unknown devices, an unsupported
# capability (GD804), a host whose driver is not loaded (GD805), containerd
# not wired (GD808), a CDI-only host, and the node's recorded facts
# (--host-facts) giving the same verdict as the node itself.  Every run is
# replayed from its combined facts (--from-facts).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/image/lib.sh"
img_init
img_cuda124
compat() {
    mklib /usr/local/cuda-12.4/compat/libcuda.so.550.54.15 libcuda.so.1
    ln -s libcuda.so.550.54.15 "$ROOT/usr/local/cuda-12.4/compat/libcuda.so.1"
    ln -s cuda-12.4 "$ROOT/usr/local/cuda"
}
img_layer compat t1 compat --env CUDA_VERSION=12.4.1 \
    --env 'NVIDIA_REQUIRE_CUDA=cuda>=12.4 brand=tesla,driver>=535,driver<536'
for i in t1 req compat; do b push -q "localhost/$i:1" "oci:$IMG/$i:$i" || fail "push $i"; done
img_host "$CASE_DIR/h535" 535.104.05 0x2684 toolkit
img_host "$CASE_DIR/h535a" 535.104.05 0x20b0 toolkit
img_host "$CASE_DIR/h550" 550.54.15 0x2684 toolkit
img_host "$CASE_DIR/hnone" 535.104.05 0x2684

# No toolkit on the host: the container gets no GPU.
gdimage --image "oci:$IMG/t1" --root "$CASE_DIR/hnone" --json
expect_rc 1
expect_json '[.findings[] | select(.severity == "error") | .code] == ["GD801"]'
expect_json '.verdicts[0].gpu == "no" and (.verdicts[0].reason | test("no NVIDIA Container Toolkit"))'
expect_json '[.findings[0].evidence[].text] | any(test("could not select device driver"))'
expect_json '[.findings[0].fixes[].command] | any(. != null and test("apt-get install -y nvidia-container-toolkit"))'
expect_json '[.findings[0].fixes[].title] | all(startswith("On the host"))'
expect_json '.container.start.runtime_path == null and .container.start.started == false'

# NVIDIA_REQUIRE_CUDA refuses driver 535 (CUDA 12.2): the CLI's message, both sides' fixes.
gdimage --image "oci:$IMG/req" --root "$CASE_DIR/h535" --json
expect_rc 1
expect_json '[.findings[] | select(.severity == "error") | .code] == ["GD802"]'
expect_json '.container.start.refused == "requirement error: unsatisfied condition: cuda>=12.4, please update your driver to a newer version, or use an earlier cuda container"'
expect_json '[.container.start.requirements[] | {var, result}] == [{"result": false, "var": "NVIDIA_REQUIRE_CUDA"}] and .container.start.legacy_image == false'
expect_json '.findings[0].fixes | any(.title | test("Upgrade the NVIDIA driver to 550.54.14 or newer.*on the host"))'
expect_json '.findings[0].fixes | any(.title | test("In the image: rebuild it FROM a base made for CUDA 12.2 or older"))'
expect_json '.verdicts[0].gpu == "no"'
gdimage --image "oci:$IMG/req" --root "$CASE_DIR/h535"
expect_text "Result        the start fails: requirement error: unsatisfied condition: cuda>=12.4"
# The same image on driver 550, and on 535 with the check disabled.
gdimage --image "oci:$IMG/req" --root "$CASE_DIR/h550" --json
expect_rc 0
expect_json '.verdicts[0].gpu == "yes" and .container.start.started == true'
gdimage --image "oci:$IMG/req" --root "$CASE_DIR/h535" --env NVIDIA_DISABLE_REQUIRE=1 --json
expect_rc 0
expect_json '.container.start.requirements == [] and .container.start.disable_require == true and .verdicts[0].gpu == "yes"'
# The node's recorded facts judge like the node.
GD_NO_FROM_FACTS=1 gd check --root "$CASE_DIR/h535" --clear-env --facts
cp "$OUT" "$CASE_DIR/node.json"
gdimage --image "oci:$IMG/req" --host-facts "$CASE_DIR/node.json" --json
expect_rc 1
expect_json '[.findings[] | .code] == ["GD802"] and (.container.host.source | endswith("node.json"))'
expect_json '.container.host.hostname == "node7"'

# Forward compatibility: the image's compat libcuda 550 over driver 535.
gdimage --image "oci:$IMG/compat" --root "$CASE_DIR/h535a" --json
expect_rc 0
expect_json '.container.start.started == null and [.findings[] | .code] == ["GD809"]'
expect_json '.container.start.requirements[] | select(.var == "NVIDIA_REQUIRE_CUDA") | .result == null and .unknown == "brand=tesla"'
gdimage --image "oci:$IMG/compat" --root "$CASE_DIR/h535a" --env NVIDIA_DISABLE_REQUIRE=1 --json
expect_rc 0
expect_json '.container.start.compat.used == true and .container.start.compat.gpu_supported == true'
expect_json '.container.start.compat.mode == "ldconfig" and .container.start.compat.version == "550.54.15"'
expect_json '.driver.cuda_max == "12.4" and .verdicts[0].gpu == "yes"'
expect_json '.libraries[] | select(.library == "libcuda.so.1") | .path == "/usr/local/cuda-12.4/compat/libcuda.so.550.54.15" and .origin == "image"'
expect_json '[.findings[] | select(.code == "GD103")] == []'
gdimage --image "oci:$IMG/compat" --root "$CASE_DIR/h535" --env NVIDIA_DISABLE_REQUIRE=1 --json
expect_rc 1
expect_json '[.findings[] | select(.severity == "error") | .code] == ["GD806"] and (.findings[0].title | test("error 804"))'
expect_json '.verdicts[0].gpu == "no"'
expect_json '.findings[0].fixes | any(.command == "RUN rm -rf /usr/local/cuda/compat")'
# A driver at least as new as the compat libraries: they are not used.
gdimage --image "oci:$IMG/compat" --root "$CASE_DIR/h550" --json
expect_rc 0
expect_json '.container.start.compat.used == false and (.container.start.compat.reason | test("not older"))'
expect_json '.libraries[] | select(.library == "libcuda.so.1") | .origin == "host"'

# What the environment asks for.
gdimage --image "oci:$IMG/t1" --root "$CASE_DIR/h550" --env NVIDIA_DRIVER_CAPABILITIES=utility --json
expect_rc 1
expect_json '[.findings[] | select(.severity == "error") | .code] == ["GD803"] and .verdicts[0].gpu == "no"'
expect_json '.findings[0].fixes | any(.command == "ENV NVIDIA_DRIVER_CAPABILITIES=compute,utility")'
expect_json '[.container.start.injected[].capability] | all(. == "utility")'
gdimage --image "oci:$IMG/t1" --root "$CASE_DIR/h550" --env NVIDIA_VISIBLE_DEVICES=void --json
expect_rc 1
expect_json '[.findings[] | select(.severity == "error") | .code] == ["GD108"] and .container.start.gpu_container == false'
expect_json '.verdicts[0].gpu == "no"'
gdimage --image "oci:$IMG/t1" --root "$CASE_DIR/h550" --env NVIDIA_VISIBLE_DEVICES=3 --json
expect_rc 1
expect_json '.container.start.refused == "device error: 3: unknown device" and .findings[0].code == "GD804"'
gdimage --image "oci:$IMG/t1" --root "$CASE_DIR/h550" --env NVIDIA_VISIBLE_DEVICES=0000:01:00.0 --json
expect_rc 0
gdimage --image "oci:$IMG/t1" --root "$CASE_DIR/h550" --env NVIDIA_DRIVER_CAPABILITIES=compute,bogus --json
expect_rc 1
expect_json '.container.start.refused | test("^unsupported capabilities found in .compute,bogus.")'

# The driver installed but not loaded on the host: the CLI fails at start.
cp -R "$CASE_DIR/h550" "$CASE_DIR/hnomod"
rm -rf "$CASE_DIR/hnomod/proc/driver" "$CASE_DIR/hnomod/sys/module/nvidia"
gdimage --image "oci:$IMG/t1" --root "$CASE_DIR/hnomod" --json
expect_rc 1
expect_json '[.findings[] | select(.severity == "error") | .code] == ["GD805"]'
expect_json '.container.start.refused == "initialization error: nvml error: driver not loaded"'

# containerd without the NVIDIA runtime: Kubernetes pods get no GPU there.
mkdir -p "$CASE_DIR/h550/etc/containerd"
printf 'version = 2\n[plugins."io.containerd.grpc.v1.cri".containerd]\n  default_runtime_name = "runc"\n' \
    >"$CASE_DIR/h550/etc/containerd/config.toml"
gdimage --image "oci:$IMG/t1" --root "$CASE_DIR/h550" --json
expect_rc 0
expect_json '[.findings[] | .code] == ["GD808"] and .findings[0].severity == "warning"'
expect_json '.findings[0].fixes[0].command | test("nvidia-ctk runtime configure --runtime=containerd")'
printf '[plugins."io.containerd.grpc.v1.cri".containerd.runtimes.nvidia.options]\n  BinaryName = "/usr/bin/nvidia-container-runtime"\n' \
    >>"$CASE_DIR/h550/etc/containerd/config.toml"
gdimage --image "oci:$IMG/t1" --root "$CASE_DIR/h550" --json
expect_json '.findings == [] and .container_toolkit.containerd.nvidia_runtime == true'

# A CDI-only host (nvidia-ctk cdi generate, no hook): no requirement check on that path.
cp -R "$CASE_DIR/h535" "$CASE_DIR/hcdi"
rm -f "$CASE_DIR/hcdi/usr/bin/nvidia-container-runtime-hook" "$CASE_DIR/hcdi/usr/bin/nvidia-container-cli"
mkdir -p "$CASE_DIR/hcdi/etc/cdi"
cat >"$CASE_DIR/hcdi/etc/cdi/nvidia.yaml" <<'YAML'
---
cdiVersion: 0.5.0
containerEdits:
  mounts:
  - containerPath: /usr/lib/x86_64-linux-gnu/libcuda.so.535.104.05
    hostPath: /usr/lib/x86_64-linux-gnu/libcuda.so.535.104.05
    options: [ro, nosuid, nodev, bind]
devices:
- containerEdits:
    deviceNodes:
    - path: /dev/nvidia0
  name: "0"
- containerEdits:
    deviceNodes:
    - path: /dev/nvidia0
  name: all
kind: nvidia.com/gpu
YAML
gdimage --image "oci:$IMG/req" --root "$CASE_DIR/hcdi" --json
expect_json '.container.start.runtime_path == "cdi" and .container.start.refused == null'
expect_json '.container_toolkit.cdi_specs[0] | .kind == "nvidia.com/gpu" and .devices == ["0", "all"] and .mounts_libcuda == true'
exit 0
