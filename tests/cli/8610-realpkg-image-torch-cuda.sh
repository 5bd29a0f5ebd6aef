# A real image: Debian 13's python3-torch-cuda 2.6 with its CUDA libraries
# and cuDNN in place (tests/realpkg: rp_torch_cuda installed), committed by
# buildah into one 1.5 GB layer.  check --image reads it with the same scan
# as `check --root` on the tree it was built from, and on a node with the
# toolkit and driver 550 torch gets the GPU, the host's libcuda mounted over
# the one Debian's libcuda1 put in the image (GD807: the image ships a
# driver).  The built image is cached under $GD_PKG_CACHE/images (built once:
# a few minutes; then the case reads it once, a minute or two).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/image/lib.sh"
rp_init
img_init
rp_torch_cuda installed
PATHV=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
key=$( (cat "$ROOT/var/lib/dpkg/status"; echo "recipe 1: python3 entrypoint, PATH=$PATHV") | sha256sum | cut -c1-16)
cache="$RP_CACHE/images/torch-cuda-$key.oci"
mkdir -p "$RP_CACHE/images"
exec 8>"$RP_CACHE/images/lock"
flock 8
if [ ! -f "$cache/index.json" ]; then
    rm -rf "$RP_CACHE/images"/torch-cuda-*.oci "$cache.tmp"
    img_base tc "$ROOT" --env "PATH=$PATHV" --entrypoint '["python3"]'
    b push -q localhost/tc:1 "oci:$cache.tmp:tc" || fail "buildah push: $(tail -n 3 "$CASE_DIR/buildah.log")"
    mv "$cache.tmp" "$cache"
fi
flock -u 8
img_host "$CASE_DIR/host" 550.163.01 0x2684 toolkit

# One read of the image (1.5 GB unpacked): its facts, judged from them.
GD_NO_FROM_FACTS=1 gd check --image "oci:$cache:tc" --root "$CASE_DIR/host" --facts
expect_rc 0
cp "$OUT" "$CASE_DIR/image.facts.json"
jq -S "$IMG_SECTIONS" "$OUT" >"$CASE_DIR/sections.image"
GD_NO_FROM_FACTS=1 gd check --from-facts "$CASE_DIR/image.facts.json" --json
expect_rc 0
expect_json '.verdicts | length == 1 and .[0].gpu == "yes"'
expect_json '.python_envs[0].frameworks[0] | .name == "torch" and .version == "2.6.0+debian"'
expect_json '[.findings[] | .code] == ["GD807"] and .findings[0].severity == "warning"'
expect_json '.findings[0].title | test("nvidia/current/libcuda.so.550.163.01")'
expect_json '.libraries[] | select(.library == "libcuda.so.1") | .origin == "host" and .path == "/usr/lib/x86_64-linux-gnu/libcuda.so.550.163.01"'
expect_json '[.libraries[] | select(.role == "cudnn") | .origin] == ["image"]'
expect_json '.container.image.entry_python == "/usr/bin/python3" and .container.image.entry_env == "/usr"'
GD_NO_FROM_FACTS=1 gd check --root "$ROOT" --clear-env --env "PATH=$PATHV" --env NVIDIA_VISIBLE_DEVICES=all --facts
jq -S "$IMG_SECTIONS" "$OUT" >"$CASE_DIR/sections.tree"
cmp -s "$CASE_DIR/sections.image" "$CASE_DIR/sections.tree" ||
    fail "the image scans otherwise than its tree: $(diff "$CASE_DIR/sections.image" "$CASE_DIR/sections.tree" | head -20)"
exit 0
