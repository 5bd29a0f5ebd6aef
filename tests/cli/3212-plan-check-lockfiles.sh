# plan --check FILE (issue 30 item 2): the framework builds a dependency file
# installs, judged by the release chooser (the judge plan and check's fix
# engine share) against a fixture machine (--root), a node's recorded facts
# (--facts) and a fixture fleet of check reports (--fleet), for every format
# (tests/fixtures/plan-check/formats) and six real files from public
# repositories (tests/fixtures/plan-check/real, each citing its commit).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/diag.inc"
FX="$GD_TESTS/fixtures/plan-check"

# The fixture machine: driver 535.104.05, an RTX 3090 (8.6).
machine 535.104.05 0x2204
gd plan --check "$FX/formats/requirements.txt" --root "$ROOT" --json
expect_rc 1
expect_json '.schema == "gpudoctor-plan-check/1" and .format == "requirements" and .exit_status == 1'
expect_json '.targets[0] | .driver == "535.104.05" and .compute_capability == "8.6"'
expect_json '.builds[] | select(.distribution == "torch") | .variant == "cu124" and (.variant_from | test("whl/cu124")) and .verdicts[0].gpu == "yes"'
expect_json '.builds[] | select(.distribution == "onnxruntime") | .verdicts[0].gpu == "no" and (.cpu_build | test("onnxruntime-gpu"))'
expect_json '.builds[] | select(.distribution == "cupy-cuda12x") | .verdicts[0].gpu == "yes"'
expect_json '[.notes[] | select(test("other-requirements.txt"))] | length == 1'

# The node's recorded facts give the same answers.
"$GD_BIN" check --root "$ROOT" --clear-env --facts >"$CASE_DIR/node.json"
gd plan --check "$FX/formats/requirements.txt" --facts "$CASE_DIR/node.json" --json
expect_rc 1
expect_json '.builds[] | select(.distribution == "torch") | .verdicts[0].gpu == "yes"'

# Each format.
gd plan --check "$FX/formats/uv.lock" --facts "$CASE_DIR/node.json" --json
expect_rc 0
expect_json '.format == "uv.lock" and ([.builds[].distribution] == ["torch", "jax", "onnxruntime-gpu"])'
expect_json '.builds[0] | .version == "2.5.1+cu124" and .variant_from == "its local version label"'
expect_json '.builds[1] | .variant == "cuda12" and .verdicts[0].gpu == "yes"'
gd plan --check "$FX/formats/poetry.lock" --facts "$CASE_DIR/node.json" --json
expect_rc 1
expect_json '.builds[] | select(.distribution == "torch") | .version == "2.1.2+cu118" and .index == "https://download.pytorch.org/whl/cu118" and .verdicts[0].gpu == "yes"'
expect_json '.builds[] | select(.distribution == "tensorflow") | .cpu_build | test("without \\[and-cuda\\]")'
gd plan --check "$FX/formats/Pipfile.lock" --facts "$CASE_DIR/node.json" --json
expect_rc 1
expect_json '.builds[] | select(.distribution == "torch") | .index == "https://download.pytorch.org/whl/cu121" and .verdicts[0].gpu == "yes"'
expect_json '.builds[] | select(.distribution == "paddlepaddle") | .verdicts[0].gpu == "no"'
gd plan --check "$FX/formats/environment.yml" --facts "$CASE_DIR/node.json" --json
expect_rc 0
expect_json '.python == "3.11" and (.builds | length == 2)'
expect_json '.builds[0] | .distribution == "pytorch" and .variant == "cu121" and (.variant_from | test("pytorch-cuda=12.1"))'
gd plan --check "$FX/formats/conda-linux-64.lock" --facts "$CASE_DIR/node.json" --json
expect_rc 0
expect_json '.format == "conda-explicit" and .builds[0].version == "2.2.2" and .builds[0].variant == "cu121"'
gd plan --check "$FX/formats/Dockerfile" --facts "$CASE_DIR/node.json" --json
expect_rc 1
expect_json '.image == "nvidia/cuda:12.4.1-cudnn-runtime-ubuntu22.04"'
expect_json '.builds[] | select(.distribution == "torch") | .version == "2.4.1" and .variant == "cu124"'
expect_json '.builds[] | select(.distribution == "jax") | .variant == "cuda12" and .verdicts[0].gpu == "yes"'
expect_json '.builds[] | select(.distribution == "tensorflow-cpu") | .verdicts[0].gpu == "no"'
gd plan --check "$FX/formats/pyproject.toml" --facts "$CASE_DIR/node.json" --json
expect_rc 1
expect_json '[.builds[] | select(.distribution == "torch" and .version == null)] | .[0].unknown | test("does not pin torch")'
expect_json '.builds[] | select(.version == "2.3.1+cu121") | .index == "https://download.pytorch.org/whl/cu121"'
expect_json '[.builds[].verdicts[0].gpu] == ["yes", "unknown", "yes"]'

# Real files from public repositories.
gd plan --check "$FX/real/vllm-requirements-cuda.txt" --facts "$CASE_DIR/node.json"
expect_rc 1
expect_text "torch 2.13 (cu130), CUDA 13.0; variant from the default build PyPI serves"
expect_text "falls back to the CPU on"
expect_text "needs driver >= 580"
gd plan --check "$FX/real/fooocus-requirements_docker.txt" --facts "$CASE_DIR/node.json"
expect_rc 0
expect_text "uses the GPU on"
gd plan --check "$FX/real/compvis-stable-diffusion-environment.yaml" --facts "$CASE_DIR/node.json" --json
expect_rc 0
expect_json '.builds[0] | .version == "1.11.0" and .variant == "cu113"'
gd plan --check "$FX/real/stylegan3-environment.yml" --facts "$CASE_DIR/node.json" --json
expect_rc 0
expect_json '.builds[0] | .version == "1.9.1" and .variant == "cu111"'
gd plan --check "$FX/real/transformers-pytorch-gpu.Dockerfile" --facts "$CASE_DIR/node.json" --json
expect_rc 0
expect_json '.image == "nvidia/cuda:12.1.0-cudnn8-devel-ubuntu22.04" and (.builds | length == 0)'
expect_json '[.notes[] | select(test("shell variable"))] | length == 3'
gd plan --check "$FX/real/whisperx-pyproject.toml" --facts "$CASE_DIR/node.json" --json
expect_rc 1
expect_json '.builds[0] | .index == "https://download.pytorch.org/whl/cu128" and .verdicts[0].gpu == "unknown"'

# A fixture fleet: node01-node40 with driver 550, node41-node44 with 470.
mkdir -p "$CASE_DIR/fleet"
i=1
while [ $i -le 44 ]; do
    n=$(printf 'node%02d' $i)
    if [ $i -le 40 ]; then src="$GD_TESTS/fleet/reports/gpu01.json"; else src="$GD_TESTS/fleet/reports/gpu04.json"; fi
    sed "s/\"gpu0[14]\"/\"$n\"/" "$src" >"$CASE_DIR/fleet/$n.json"
    i=$((i + 1))
done
gd plan --check "$FX/formats/uv.lock" --fleet "$CASE_DIR/fleet"
expect_rc 1
expect_text "against the fleet in $CASE_DIR/fleet (44 nodes)"
expect_text "uses the GPU on node[01-40]"
expect_text "falls back to the CPU on node[41-44]: torch 2.5 (cu124) uses CUDA 12.4"
gd plan --check "$FX/formats/uv.lock" --fleet "$CASE_DIR/fleet" --json
expect_json '.builds[0].summary | map({gpu, targets, count}) == [{"gpu": "yes", "targets": "node[01-40]", "count": 40}, {"gpu": "no", "targets": "node[41-44]", "count": 4}]'
# A report that is not one: that node cannot be judged, the rest are.
printf '{"schema": "gpudoctor-facts/1"}\n' >"$CASE_DIR/fleet/node45.json"
gd plan --check "$FX/real/fooocus-requirements_docker.txt" --fleet "$CASE_DIR/fleet" --json
expect_rc 1
expect_json '[.builds[0].summary[] | select(.gpu == "unknown") | .targets] == ["node45"]'

# contrib/pre-commit/gpudoctor-lockcheck as a git hook, against the fleet:
# the staged uv.lock falls back to the CPU on node41-44, so the commit is
# refused; against the 550 nodes alone it goes through.
if command -v git >/dev/null 2>&1; then
    rm -f "$CASE_DIR/fleet/node45.json"
    mkdir -p "$CASE_DIR/bin" "$CASE_DIR/repo" "$CASE_DIR/good"
    ln -sf "$GD_BIN" "$CASE_DIR/bin/gpudoctor"
    cp "$CASE_DIR"/fleet/node0*.json "$CASE_DIR/good/"
    hook="$GD_TESTS/../contrib/pre-commit/gpudoctor-lockcheck"
    (cd "$CASE_DIR/repo" && git init -q . && git config user.email t@example.org && git config user.name t &&
        cp "$FX/formats/uv.lock" uv.lock && git add uv.lock) || fail "git setup"
    (cd "$CASE_DIR/repo" && PATH="$CASE_DIR/bin:$PATH" GPUDOCTOR_FLEET="$CASE_DIR/fleet" sh "$hook") >"$OUT" 2>"$ERR"
    RC=$?
    expect_rc 1
    expect_text "falls back to the CPU on node[41-44]"
    (cd "$CASE_DIR/repo" && PATH="$CASE_DIR/bin:$PATH" GPUDOCTOR_FLEET="$CASE_DIR/good" sh "$hook") >"$OUT" 2>"$ERR"
    RC=$?
    expect_rc 0
    expect_text "uses the GPU on node[01-09]"
fi

# Usage errors.
gd plan --check "$CASE_DIR/nonexistent.txt"
expect_rc 2
gd plan --facts "$CASE_DIR/node.json"
expect_rc 2
expect_err "go with --check"
gd plan --check "$FX/formats/uv.lock" --framework torch
expect_rc 2
printf 'torch==2.4.1\n' >"$CASE_DIR/deps.unknownext"
gd plan --check "$CASE_DIR/deps.unknownext"
expect_rc 2
expect_err "--format"
gd plan --check "$CASE_DIR/deps.unknownext" --format requirements --facts "$CASE_DIR/node.json"
expect_rc 0
# Not the format it says: an error, not a guess.
printf '[[package]\nname = \n' >"$CASE_DIR/uv.lock"
gd plan --check "$CASE_DIR/uv.lock" --facts "$CASE_DIR/node.json"
expect_rc 3
expect_err "not TOML"
