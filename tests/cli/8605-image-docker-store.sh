# check --image docker-daemon:NAME reads an image from Docker's own image
# store, from its files (image/<driver>/repositories.json, imagedb,
# layerdb's chain IDs, the driver's layer directories), without asking the
# daemon.  Oracle: a real dockerd (Debian 12's docker.io, run privately on
# its own data root, socket and exec root, no iptables, no bridge) loads the
# docker-archive export of 8601's three-layer image (a hard link, a
# directory replaced by a symlink, a whiteout); its store must give the
# same facts as the export, and the same tree as umoci's unpack, with the
# vfs driver (read in place) and with overlay2 (applied: overlayfs
# whiteouts) when the kernel lets dockerd use it.  Then hostile copies of
# that real store: links, a config that is not its ID, a layer record that
# is not the image's layer, a cache-id leaving the store, a broken
# repositories.json, and the stores not read (containerd's, other drivers).
# Needs root (dockerd), Debian's archive for docker.io/containerd/runc
# (tests/realpkg/lib.sh's cache); where dockerd cannot start here, the case
# is skipped with dockerd's own reason.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/image/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
img_init
rp_init
DK=
for _p in docker.io/bookworm containerd/bookworm runc/bookworm; do
    _u=$(rp_unpacked "$(rp_deb "$_p")")
    DK="$DK$_u/usr/bin:$_u/usr/sbin:"
done
img_torch_tree "$CASE_DIR/tree"
img_three
DA="$IMG/t3.docker.tar"
b push -q localhost/t3:1 "docker-archive:$DA:localhost/t3:1" || fail "buildah push docker-archive"
b push -q localhost/t3:1 "oci:$IMG/t3.oci:t3" || fail "buildah push oci"
img_host "$CASE_DIR/host" 535.104.05 0x2684 toolkit
img_umoci "$IMG/t3.oci" t3 "$CASE_DIR/bundle"
img_tree "$CASE_DIR/bundle/rootfs" | grep -v '^hardlinks ' >"$CASE_DIR/tree.umoci"
GD_NO_FROM_FACTS=1 gd check --image "$DA" --root "$CASE_DIR/host" --facts
jq -S "$IMG_SECTIONS" "$OUT" >"$CASE_DIR/archive.facts"
cfg=$(jq -r .container.image.config_digest "$OUT")

# dockerd_load DRIVER DIR: a private dockerd on DIR loads the archive and stops.
DPID=
dockerd_stop() {
    [ -n "$DPID" ] || return 0
    kill "$DPID" 2>/dev/null
    _i=0
    while kill -0 "$DPID" 2>/dev/null && [ $_i -lt 100 ]; do sleep 0.1; _i=$((_i + 1)); done
    kill -9 "$DPID" 2>/dev/null
    DPID=
}
trap 'dockerd_stop' EXIT
trap 'exit 1' INT TERM
dockerd_load() {
    mkdir -p "$2/data" "$2/exec"
    PATH="$DK$PATH" dockerd --data-root "$2/data" --exec-root "$2/exec" --pidfile "$2/pid" \
        --host "unix://$2/sock" --storage-driver "$1" --iptables=false --ip6tables=false --bridge=none \
        >"$2/dockerd.log" 2>&1 &
    DPID=$!
    _i=0
    until PATH="$DK$PATH" docker -H "unix://$2/sock" version >/dev/null 2>&1; do
        if ! kill -0 "$DPID" 2>/dev/null || [ $_i -ge 300 ]; then
            DPID=
            return 1
        fi
        sleep 0.1
        _i=$((_i + 1))
    done
    PATH="$DK$PATH" docker -H "unix://$2/sock" load -q -i "$DA" >"$2/load.log" 2>&1 ||
        fail "docker load: $(cat "$2/load.log")"
    dockerd_stop
}
if ! dockerd_load vfs "$CASE_DIR/dv"; then
    skip "dockerd (Debian 12's docker.io) does not start here: $(grep -v 'level=info' "$CASE_DIR/dv/dockerd.log" | tail -n 2)"
fi
grep -q 'Loaded image: localhost/t3:1' "$CASE_DIR/dv/load.log" || fail "docker load: $(cat "$CASE_DIR/dv/load.log")"

for driver in vfs overlay2; do
    d=$CASE_DIR/dv
    if [ $driver = overlay2 ]; then
        d=$CASE_DIR/do
        if ! dockerd_load overlay2 "$d"; then
            echo "note: dockerd's overlay2 driver does not work here: not tested ($(tail -n 1 "$d/dockerd.log"))"
            break
        fi
    fi
    rm -rf "$CASE_DIR/keep"
    GPUDOCTOR_TEST_KEEP_IMAGE="$CASE_DIR/keep" GD_NO_FROM_FACTS=1 \
        gd check --image "docker-daemon:[$driver@$d/data]localhost/t3:1" --root "$CASE_DIR/host" --facts
    expect_rc 1   # GD202: the whiteout took libcudnn.so.8, as from the archive
    expect_json ".container.image.format == \"docker-daemon ($driver)\" and .container.image.layers == 3"
    expect_json ".container.image.name == \"localhost/t3:1\" and .container.image.config_digest == \"$cfg\""
    jq -S "$IMG_SECTIONS" "$OUT" >"$CASE_DIR/store.$driver"
    cmp -s "$CASE_DIR/archive.facts" "$CASE_DIR/store.$driver" ||
        fail "dockerd's $driver store reads otherwise than the archive it loaded: $(diff "$CASE_DIR/archive.facts" "$CASE_DIR/store.$driver" | head -20)"
    if [ $driver = overlay2 ]; then
        img_tree "$CASE_DIR/keep" | grep -v '^hardlinks ' >"$CASE_DIR/tree.store"
    else
        [ ! -e "$CASE_DIR/keep" ] || fail "the vfs store's tree was moved"
        # the top layer by the chain ID of image-spec config.md, computed here
        chain=
        for di in $(jq -r '.rootfs.diff_ids[]' "$d/data/image/vfs/imagedb/content/sha256/${cfg#sha256:}"); do
            if [ -z "$chain" ]; then chain=$di; else chain="sha256:$(printf '%s %s' "$chain" "$di" | sha256sum | cut -c1-64)"; fi
        done
        c=$(cat "$d/data/image/vfs/layerdb/sha256/${chain#sha256:}/cache-id") || fail "no layer record for the chain $chain"
        img_tree "$d/data/vfs/dir/$c" | grep -v '^hardlinks ' >"$CASE_DIR/tree.store"
    fi
    cmp -s "$CASE_DIR/tree.umoci" "$CASE_DIR/tree.store" ||
        fail "the $driver store's tree differs from umoci's: $(diff "$CASE_DIR/tree.umoci" "$CASE_DIR/tree.store" | head -20)"
done

S="$CASE_DIR/dv/data"
# By ID, by its start, by sha256:ID; a name the store lacks (no tag: :latest).
GD_NO_FROM_FACTS=1 gd check --image "docker-daemon:[vfs@$S]$(printf '%s' "${cfg#sha256:}" | cut -c1-12)" --root "$CASE_DIR/host" --json
expect_rc 1
expect_json ".container.image.config_digest == \"$cfg\" and .container.image.name == \"localhost/t3:1\""
GD_NO_FROM_FACTS=1 gd check --image "docker-daemon:[vfs@$S]$cfg" --root "$CASE_DIR/host" --json
expect_rc 1
GD_NO_FROM_FACTS=1 gd check --image "docker-daemon:[vfs@$S]localhost/t3" --root "$CASE_DIR/host"
expect_rc 2
expect_err "no image 'localhost/t3' in Docker's store"

# Hostile and unread stores: copies of the real one, changed.
hostile() {   # hostile NAME EXPECTED_RC MESSAGE: check the copy H
    GD_NO_FROM_FACTS=1 gd check --image "docker-daemon:[${HD:-vfs}@$H]localhost/t3:1" --root "$CASE_DIR/host"
    expect_rc "$2"
    expect_err "$3"
}
fresh() { rm -rf "$CASE_DIR/h"; cp -a "$S" "$CASE_DIR/h"; H="$CASE_DIR/h"; }
I="image/vfs/imagedb/content/sha256/${cfg#sha256:}"
fresh; mv "$H/$I" "$H/cfg"; ln -s ../../../../../cfg "$H/$I"
hostile config-link 3 "is a symbolic link in the store: refused"
fresh; mv "$H/image/vfs/layerdb" "$H/ldb"; ln -s ../../ldb "$H/image/vfs/layerdb"
hostile layerdb-link 3 "is a symbolic link in the store: refused"
fresh; printf ' ' >>"$H/$I"
hostile config-digest 3 "has digest sha256:"
fresh; rec=$(dirname "$(grep -l . "$H"/image/vfs/layerdb/sha256/*/parent | head -n 1)")
printf 'sha256:%064d' 0 >"$rec/diff"
hostile layer-record 3 "does not hold diff_id"
fresh; printf '../../../etc' >"$rec/cache-id"
hostile cache-id 3 "malformed cache-id"
fresh; for f in "$H"/image/vfs/layerdb/sha256/*/cache-id; do id=$(cat "$f"); rm -rf "$H/vfs/dir/$id"; ln -s / "$H/vfs/dir/$id"; done
hostile vfs-dir-link 3 "or it is a link"
if [ -d "$CASE_DIR/do/data/overlay2" ]; then
    # overlay2: a layer's diff replaced by a link to the host's /
    rm -rf "$CASE_DIR/h"; cp -a "$CASE_DIR/do/data" "$CASE_DIR/h"
    for f in "$H"/image/overlay2/layerdb/sha256/*/cache-id; do
        id=$(cat "$f"); rm -rf "$H/overlay2/$id/diff"; ln -s / "$H/overlay2/$id/diff"
    done
    HD=overlay2
    hostile overlay2-diff-link 3 "is a symbolic link in the store: refused"
    HD=
fi
fresh; printf '{"Repositories": ["x"]' >"$H/image/vfs/repositories.json"
hostile repos 3 "repositories.json"
fresh; mkdir -p "$H/image/overlay2"; GD_NO_FROM_FACTS=1 gd check --image "docker-daemon:[$H]localhost/t3:1" --root "$CASE_DIR/host"
expect_rc 2
expect_err "holds the images of several storage drivers"
HD=overlayfs   # a containerd snapshotter's name: the containerd image store
hostile containerd 3 "containerd's bbolt database"
HD=btrfs
hostile btrfs 3 "storage driver 'btrfs' is not read"
HD=
mkdir -p "$CASE_DIR/empty"
GD_NO_FROM_FACTS=1 gd check --image "docker-daemon:[$CASE_DIR/empty]t3" --root "$CASE_DIR/host"
expect_rc 2
expect_err "holds no graph-driver image store"
exit 0
