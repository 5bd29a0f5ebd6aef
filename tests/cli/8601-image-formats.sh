# check --image reads one real image, built by buildah in three layers (a
# hard link, a directory replaced by a symlink, a library deleted by a
# whiteout), from every format it is handed in: an OCI layout (gzip and
# zstd layers), an OCI archive, a docker-archive (skopeo / podman save) and
# the two layouts of `docker save` (moby v24 and v25+).  All give the same
# image facts.  Oracle: umoci's unpack of the same layout is the same tree,
# file for file and link for link, and `check --root` on it with the
# container's environment gives the same scan.  On a node whose toolkit
# mounts the driver, torch's verdict names the whiteout's victim, with the
# fix written as a Dockerfile line.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/image/lib.sh"
img_init
img_torch_tree "$CASE_DIR/tree"
img_three --label org.opencontainers.image.base.name=scratch
img_export t3
img_host "$CASE_DIR/host" 535.104.05 0x2684 toolkit

# The same facts from every format.
n=0
for ref in "oci:$OCI:t3" "oci:$OCIZ:t3" "oci-archive:$OCIA:t3" "$OCI" "$OCIA" "$DA" "docker-archive:$DA:localhost/t3:1" "$D24" "$D25"; do
    n=$((n + 1))
    rm -rf "$CASE_DIR/keep$n"
    GPUDOCTOR_TEST_KEEP_IMAGE="$CASE_DIR/keep$n" GD_NO_FROM_FACTS=1 gd check --image "$ref" --root "$CASE_DIR/host" --facts
    expect_rc 1   # GD202: the whiteout took libcudnn.so.8
    jq -S "$IMG_SECTIONS" "$OUT" >"$CASE_DIR/sections.$n" || fail "$ref: no facts"
    [ $n -eq 1 ] || cmp -s "$CASE_DIR/sections.1" "$CASE_DIR/sections.$n" ||
        fail "$ref reads to other facts: $(diff "$CASE_DIR/sections.1" "$CASE_DIR/sections.$n" | head -20)"
    img_tree "$CASE_DIR/keep$n" >"$CASE_DIR/tree.$n"
    [ $n -eq 1 ] || cmp -s "$CASE_DIR/tree.1" "$CASE_DIR/tree.$n" || fail "$ref unpacks to another tree"
    case $ref in
        *zstd*) expect_json '.container.image.format == "oci-layout"' ;;
        *docker24*) expect_json '.container.image.format == "docker-archive" and .container.image.manifest_digest == null' ;;
        *docker25*) expect_json '.container.image.format == "docker-archive" and (.container.image.manifest_digest | startswith("sha256:"))' ;;
    esac
    expect_json '.container.image.layers == 3 and .container.image.platform == "linux/amd64"'
done
# The image's identity: the manifest digest is the index's; the config digest the same everywhere.
mdig=$(jq -r '.manifests[0].digest' "$OCI/index.json")
gdimage --image "oci:$OCI:t3" --root "$CASE_DIR/host" --json
expect_json ".container.image.manifest_digest == \"$mdig\""
cfg=$(jq -r .container.image.config_digest "$OUT")
GD_NO_FROM_FACTS=1 gd check --image "$D24" --root "$CASE_DIR/host" --json
expect_json ".container.image.config_digest == \"$cfg\""

# Oracle: umoci's rootfs.
img_umoci "$OCI" t3 "$CASE_DIR/bundle"
img_tree "$CASE_DIR/bundle/rootfs" >"$CASE_DIR/tree.umoci"
cmp -s "$CASE_DIR/tree.1" "$CASE_DIR/tree.umoci" || fail "check --image's tree differs from umoci's: $(diff "$CASE_DIR/tree.1" "$CASE_DIR/tree.umoci" | head -20)"
grep -q '^hardlinks opt/tools/a opt/tools/b$' "$CASE_DIR/tree.1" || fail "the hard link is lost"
grep -q '^opt/data l /tmp$' "$CASE_DIR/tree.1" || fail "the directory replaced by a symlink"
grep -q 'cudnn/lib/libcudnn.so.8' "$CASE_DIR/tree.1" && fail "the whiteout did not delete libcudnn.so.8"
set --
for e in $(jq -r '.process.env[]' "$CASE_DIR/bundle/config.json"); do set -- "$@" --env "$e"; done
GD_NO_FROM_FACTS=1 gd check --root "$CASE_DIR/bundle/rootfs" --clear-env "$@" --env NVIDIA_VISIBLE_DEVICES=all \
    --cwd "$(jq -r .process.cwd "$CASE_DIR/bundle/config.json")" --facts
jq -S "$IMG_SECTIONS" "$OUT" >"$CASE_DIR/sections.root"
cmp -s "$CASE_DIR/sections.1" "$CASE_DIR/sections.root" ||
    fail "check --root on umoci's unpack scans another machine: $(diff "$CASE_DIR/sections.1" "$CASE_DIR/sections.root" | head -20)"

# The verdict on the node: the whiteout's victim, an image-side fix, the driver from the host.
gdimage --image "oci:$OCI:t3" --root "$CASE_DIR/host" --json
expect_rc 1
expect_json '.verdicts[0].gpu == "no"'
expect_json '[.findings[] | select(.severity == "error") | .code] == ["GD202"]'
expect_json '.findings[] | select(.code == "GD202") | [.fixes[] | select(.command != null) | .command] | all(startswith("RUN "))'
expect_json '.findings[] | select(.code == "GD202") | [.fixes[].title] | all(startswith("In the image"))'
expect_json '.container.start.started == true and .container.start.runtime_path == "legacy"'
expect_json '[.container.start.injected[] | select(.capability == "compute") | .target] | index("/usr/lib/x86_64-linux-gnu/libcuda.so.535.104.05") != null'
expect_json '.libraries[] | select(.library == "libcuda.so.1") | .origin == "host" and .path == "/usr/lib/x86_64-linux-gnu/libcuda.so.535.104.05"'
expect_json '.libraries[] | select(.library == "libcudart.so.12") | .origin == "image"'
expect_json '.container.image.entry_python == "/opt/venv/bin/python3" and .container.image.entry_env == "/opt/venv"'
expect_json '.container.image.base_image == "scratch"'
# The layer before the whiteout: the same node gives the GPU.
b push -q localhost/t2:1 "oci:$IMG/t2.oci:t2" || fail "push t2"
gdimage --image "oci:$IMG/t2.oci:t2" --root "$CASE_DIR/host"
expect_rc 0
expect_text "torch 2.1.0+cu121 (venv /opt/venv): GPU YES"
expect_text "libcuda.so.1 -> /usr/lib/x86_64-linux-gnu/libcuda.so.535.104.05 [host]"
# No scratch directory is left behind.
ls -d "${TMPDIR:-/var/tmp}"/gpudoctor-image.* 2>/dev/null | while read -r d; do
    [ "$(stat -c %Y "$d")" -lt "$(stat -c %Y "$CASE_DIR/stdout")" ] || fail "scratch left behind: $d"
done
exit 0
