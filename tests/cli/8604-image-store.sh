# check --image containers-storage:NAME reads an image from podman's and
# buildah's store without exporting it: the vfs driver's top layer is the
# image (read in place, never written), the overlay driver's diffs are
# applied in order (overlayfs whiteouts: character devices 0:0; opaque
# directories by xattr).  The image is the three-layer one of 8601 (a hard
# link, a directory replaced by a symlink, a whiteout); both stores give the
# same facts as its OCI export, and the overlay tree is umoci's (hard links
# become copies there: said in docs/image.md).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/image/lib.sh"
img_init
img_torch_tree "$CASE_DIR/tree"
img_host "$CASE_DIR/host" 535.104.05 0x2684 toolkit
build() {
    img_three
    b push -q localhost/t3:1 "oci:$IMG/$1.oci:t3" || fail "push"
}
build vfs
for driver in vfs overlay; do
    if [ $driver = overlay ]; then
        BS="--root $IMG/ostore --runroot $IMG/orun --storage-driver overlay"
        if ! c=$(b from scratch); then
            echo "note: buildah's overlay driver does not work here: the overlay store is not tested"
            break
        fi
        b rm "$c" >/dev/null
        build overlay
        store="[overlay@$IMG/ostore+$IMG/orun]"
    else
        store="[vfs@$IMG/store+$IMG/run]"
    fi
    GD_NO_FROM_FACTS=1 gd check --image "oci:$IMG/$driver.oci:t3" --root "$CASE_DIR/host" --facts
    jq -S "$IMG_SECTIONS" "$OUT" >"$CASE_DIR/oci.$driver"
    rm -rf "$CASE_DIR/keep"
    GPUDOCTOR_TEST_KEEP_IMAGE="$CASE_DIR/keep" GD_NO_FROM_FACTS=1 \
        gd check --image "containers-storage:${store}localhost/t3:1" --root "$CASE_DIR/host" --facts
    expect_rc 1
    expect_json ".container.image.format == \"containers-storage ($driver)\" and .container.image.layers == 3"
    expect_json '.container.image.name == "localhost/t3:1" and (.container.image.config_digest | startswith("sha256:"))'
    jq -S "$IMG_SECTIONS" "$OUT" >"$CASE_DIR/store.$driver"
    cmp -s "$CASE_DIR/oci.$driver" "$CASE_DIR/store.$driver" ||
        fail "the $driver store reads otherwise than the export: $(diff "$CASE_DIR/oci.$driver" "$CASE_DIR/store.$driver" | head -20)"
    img_umoci "$IMG/$driver.oci" t3 "$CASE_DIR/bundle.$driver"
    img_tree "$CASE_DIR/bundle.$driver/rootfs" | grep -v '^hardlinks ' >"$CASE_DIR/tree.umoci"
    if [ $driver = overlay ]; then
        img_tree "$CASE_DIR/keep" | grep -v '^hardlinks ' >"$CASE_DIR/tree.store"
    else
        [ ! -e "$CASE_DIR/keep" ] || fail "the vfs store's tree was moved"
        img_tree "$IMG/store/vfs/dir/$(jq -r '.[] | select(.names[0] == "localhost/t3:1") | .layer' "$IMG/store/vfs-images/images.json")" |
            grep -v '^hardlinks ' >"$CASE_DIR/tree.store"
    fi
    cmp -s "$CASE_DIR/tree.umoci" "$CASE_DIR/tree.store" ||
        fail "the $driver store's tree differs from umoci's: $(diff "$CASE_DIR/tree.umoci" "$CASE_DIR/tree.store" | head -20)"
done
# By name without a tag (:latest), by ID, and a name the store lacks.
GD_NO_FROM_FACTS=1 gd check --image "containers-storage:[vfs@$IMG/store+$IMG/run]t3" --root "$CASE_DIR/host"
expect_rc 2
expect_err "no image 't3' in the containers-storage"
id=$(jq -r '.[] | select(.names[0] == "localhost/t3:1") | .id' "$IMG/store/vfs-images/images.json")
GD_NO_FROM_FACTS=1 gd check --image "containers-storage:[vfs@$IMG/store+$IMG/run]$(printf '%s' "$id" | cut -c1-12)" \
    --root "$CASE_DIR/host" --json
expect_rc 1
expect_json ".container.image.config_digest == \"sha256:$id\""
exit 0
