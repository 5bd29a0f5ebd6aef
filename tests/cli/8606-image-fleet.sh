# check --image REF --host-facts FLEET: one image judged on every node group
# of a fleet, from the facts each node recorded (`check --facts`): a
# directory of them, and the same as one JSON-lines stream (as kubectl logs
# or srun gather them).  Five nodes in three groups: driver 550 with the
# toolkit (the image starts and torch uses the GPU), driver 535 (too old for
# the image's CUDA 12.4: NVIDIA_REQUIRE_CUDA refuses the start, GD802, fix:
# upgrade the driver) and driver 535 without the toolkit (GD801, fix:
# install it).  Oracle: each group's verdicts and findings are exactly those
# of `check --image --host-facts` on the group's node alone.  A check --json
# report (no container_toolkit record) and a second document of one node
# are refused with their reason.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/image/lib.sh"
img_init
img_cuda124
b push -q localhost/req:1 "oci:$IMG/req:req" || fail "push req"
img_host "$CASE_DIR/h550" 550.54.15 0x2684 toolkit
img_host "$CASE_DIR/h535" 535.104.05 0x2684 toolkit
img_host "$CASE_DIR/hnone" 535.104.05 0x2684
mkdir -p "$CASE_DIR/fleet"
n=0
for h in h550 h550 h535 hnone h550; do
    n=$((n + 1))
    printf 'gpu%02d\n' $n >"$CASE_DIR/$h/etc/hostname"
    GD_NO_FROM_FACTS=1 gd check --root "$CASE_DIR/$h" --clear-env --facts
    expect_json ".host.hostname == \"gpu0$n\""
    cp "$OUT" "$CASE_DIR/fleet/gpu0$n.json"
done

# The directory: three groups, each with its verdict and its fix.
GD_NO_FROM_FACTS=1 gd check --image "oci:$IMG/req" --host-facts "$CASE_DIR/fleet"
expect_rc 1
expect_text "5 nodes in 3 groups"
expect_text "Group 1 (3 nodes): gpu[01-02,05]"
expect_text "Group 2 (1 node): gpu03"
expect_text "Group 3 (1 node): gpu04"
expect_text "driver 535.104.05; GeForce RTX 4090; toolkit: none"
expect_text "error GD802 the NVIDIA runtime refuses to start the container"
expect_text "fix: Upgrade the NVIDIA driver to 550.54.14 or newer"
expect_text "error GD801 the host has no NVIDIA Container Toolkit"
expect_text "apt-get install -y nvidia-container-toolkit"
[ "$(grep -c 'GPU YES' "$OUT")" -eq 1 ] && [ "$(grep -c 'GPU NO' "$OUT")" -eq 2 ] || fail "one group gets the GPU, two do not"

# The same nodes as one stream, with a report and a duplicate that are refused.
{
    cat "$CASE_DIR/fleet/"*.json
    GD_NO_FROM_FACTS=1 "$GD_BIN" check --root "$CASE_DIR/h550" --clear-env --json
    cat "$CASE_DIR/fleet/gpu03.json"
} >"$CASE_DIR/fleet.jsonl"
GD_NO_FROM_FACTS=1 gd check --image "oci:$IMG/req" --host-facts "$CASE_DIR/fleet.jsonl" --json
expect_rc 1
expect_json '.schema == "gpudoctor-image-fleet/1" and .nodes == 5 and (.groups | length) == 3'
expect_json '[.groups[] | .nodelist] == ["gpu[01-02,05]", "gpu03", "gpu04"]'
expect_json '[.groups[] | .exit_status] == [0, 1, 1]'
expect_json '[.groups[] | [.findings[] | select(.severity == "error") | .code]] == [[], ["GD802"], ["GD801"]]'
expect_json '[.groups[] | .verdicts[0].gpu] == ["yes", "no", "no"]'
expect_json '.groups[1].findings[0].fixes | any(.title | test("Upgrade the NVIDIA driver to 550.54.14 or newer.*on the host"))'
expect_json '.groups[2].container_toolkit.hook == null and .groups[0].container.start.started == true'
expect_json '.image.format == "oci-layout" and (.image.config_digest | startswith("sha256:"))'
expect_json '[.refused[] | .input | sub(".*#"; "")] == ["6", "7"]'
expect_json '.refused[0].reason | test("check --json report carries no container_toolkit record")'
expect_json '.refused[1].reason == "a second document for node '"'gpu03'"'"'
cp "$OUT" "$CASE_DIR/fleet.json"
# Oracle: each group judges as its first node alone.
g=0
for node in gpu01 gpu03 gpu04; do
    GD_NO_FROM_FACTS=1 gd check --image "oci:$IMG/req" --host-facts "$CASE_DIR/fleet/$node.json" --json
    jq -S '{verdicts: [.verdicts[] | {gpu, reason}], findings: [.findings[] | {code, severity, title, fixes}], exit_status}' \
        "$OUT" >"$CASE_DIR/single.$node"
    jq -S ".groups[$g] | {verdicts: [.verdicts[] | {gpu, reason}], findings: [.findings[] | {code, severity, title, fixes}], exit_status}" \
        "$CASE_DIR/fleet.json" >"$CASE_DIR/group.$node"
    cmp -s "$CASE_DIR/single.$node" "$CASE_DIR/group.$node" ||
        fail "group $((g + 1)) judges otherwise than $node alone: $(diff "$CASE_DIR/single.$node" "$CASE_DIR/group.$node" | head -20)"
    g=$((g + 1))
done

# A fleet where every node gets the GPU; a fleet of one file with one document is the single-node report.
mkdir -p "$CASE_DIR/ok"
cp "$CASE_DIR/fleet/gpu01.json" "$CASE_DIR/fleet/gpu05.json" "$CASE_DIR/ok/"
GD_NO_FROM_FACTS=1 gd check --image "oci:$IMG/req" --host-facts "$CASE_DIR/ok" --json
expect_rc 0
expect_json '(.groups | length) == 1 and .groups[0].nodes == ["gpu01", "gpu05"] and .refused == []'
GD_NO_FROM_FACTS=1 gd check --image "oci:$IMG/req" --host-facts "$CASE_DIR/fleet/gpu01.json" --json
expect_rc 0
expect_json '.schema == "gpudoctor/1"'
GD_NO_FROM_FACTS=1 gd check --image "oci:$IMG/req" --host-facts "$CASE_DIR/fleet" --markdown
expect_rc 2
expect_err "not --markdown or --facts"
exit 0
