# tests/image/lib.sh - real container images for the 86xx cases (sourced
# after tests/cli/lib.sh).
#
# Images are built by buildah from fixture trees, without running anything
# in them (buildah from scratch, copy, config, commit; later layers through
# buildah mount: a removal becomes a whiteout, two new names of one file a
# hard link), in a private vfs store under $CASE_DIR, and exported with
# buildah push / skopeo copy to each format check --image reads:
#
#   oci:DIR:NAME             buildah push (gzip layers)
#   oci:DIR:NAME, zstd       skopeo copy --dest-compress-format zstd
#   oci-archive:FILE:NAME    buildah push
#   docker-archive FILE      buildah push (= podman save / skopeo: containers/image)
#   docker save (v24, v25)   tests/image/docker-save.py from the docker-archive,
#                            in the layouts moby's save.go writes
#
# The oracle is umoci (opencontainers' own tool): `umoci unpack` of the same
# OCI layout gives the rootfs check --image must unpack, file for file.
IMG_TOOLS="buildah skopeo umoci python3 jq"

img_init() {
    for _t in $IMG_TOOLS; do
        command -v "$_t" >/dev/null 2>&1 && continue
        [ "${CI:-}" = true ] && fail "$_t is not installed (tools/install-deps.sh --test)"
        skip "$_t is not installed"
    done
    [ "$(id -u)" -eq 0 ] || skip "buildah's vfs store needs root here"
    IMG="$CASE_DIR/img"
    mkdir -p "$IMG"
    BS="--root $IMG/store --runroot $IMG/run --storage-driver vfs"
}

# b ARGS...: buildah on the private store.
b() {
    # shellcheck disable=SC2086
    buildah $BS "$@" 2>>"$CASE_DIR/buildah.log"
}

# img_base NAME TREE [buildah config args...]: a one-layer image of TREE.
img_base() {
    _name=$1 _tree=$2; shift 2
    _c=$(b from scratch) || fail "buildah from scratch: $(tail -n 3 "$CASE_DIR/buildah.log")"
    b copy "$_c" "$_tree/" / >/dev/null || fail "buildah copy: $(tail -n 3 "$CASE_DIR/buildah.log")"
    if [ $# -gt 0 ]; then b config "$@" "$_c" || fail "buildah config: $(tail -n 3 "$CASE_DIR/buildah.log")"; fi
    b commit -q --format oci "$_c" "localhost/$_name:1" >/dev/null || fail "buildah commit: $(tail -n 3 "$CASE_DIR/buildah.log")"
    b rm "$_c" >/dev/null
}

# img_layer NAME FROM FUNCTION [buildah config args...]: a layer on FROM made
# by FUNCTION, called with ROOT set to the mounted container.
img_layer() {
    _name=$1 _from=$2 _fn=$3; shift 3
    _c=$(b from "localhost/$_from:1") || fail "buildah from $_from"
    _m=$(b mount "$_c") || fail "buildah mount"
    _saved=$ROOT
    ROOT=$_m
    "$_fn"
    ROOT=$_saved
    b umount "$_c" >/dev/null
    if [ $# -gt 0 ]; then b config "$@" "$_c" || fail "buildah config"; fi
    b commit -q --format oci "$_c" "localhost/$_name:1" >/dev/null || fail "buildah commit $_name"
    b rm "$_c" >/dev/null
}

# img_export NAME: every format into $IMG/NAME.*; sets OCI, OCIZ, OCIA, DA, D24, D25.
img_export() {
    _in=$1
    OCI="$IMG/$_in.oci" OCIZ="$IMG/$_in.zstd.oci" OCIA="$IMG/$_in.oci.tar" DA="$IMG/$_in.docker.tar"
    D24="$IMG/$_in.docker24.tar" D25="$IMG/$_in.docker25.tar"
    b push -q "localhost/$_in:1" "oci:$OCI:$_in" || fail "buildah push oci: $(tail -n 3 "$CASE_DIR/buildah.log")"
    b push -q "localhost/$_in:1" "oci-archive:$OCIA:$_in" || fail "buildah push oci-archive"
    b push -q "localhost/$_in:1" "docker-archive:$DA:localhost/$_in:1" || fail "buildah push docker-archive"
    skopeo copy -q --dest-compress-format zstd "docker-archive:$DA" "oci:$OCIZ:$_in" 2>>"$CASE_DIR/buildah.log" ||
        fail "skopeo copy zstd: $(tail -n 3 "$CASE_DIR/buildah.log")"
    python3 "$GD_TESTS/image/docker-save.py" v24 "$DA" "$D24" || fail "docker-save.py v24"
    python3 "$GD_TESTS/image/docker-save.py" v25 "$DA" "$D25" || fail "docker-save.py v25"
}

# img_umoci LAYOUT NAME DIR: the oracle's unpack into DIR/rootfs (and DIR/config.json).
img_umoci() {
    umoci unpack --rootless --image "$1:$2" "$3" >"$CASE_DIR/umoci.log" 2>&1 || fail "umoci unpack: $(tail -n 3 "$CASE_DIR/umoci.log")"
}

# img_tree DIR: a listing of a tree (path, type, link target, content digest,
# mode bits that matter), hard links grouped by inode, for comparing trees.
img_tree() {
    python3 - "$1" <<'PYEOF'
import hashlib, os, stat, sys
root = sys.argv[1]
inodes = {}
out = []
for d, dirs, files in os.walk(root):
    dirs.sort()
    for n in sorted(dirs + files):
        p = os.path.join(d, n)
        rel = os.path.relpath(p, root)
        st = os.lstat(p)
        if stat.S_ISLNK(st.st_mode):
            out.append("%s l %s" % (rel, os.readlink(p)))
        elif stat.S_ISDIR(st.st_mode):
            out.append("%s d" % rel)
        elif stat.S_ISREG(st.st_mode):
            h = hashlib.sha256(open(p, 'rb').read()).hexdigest()[:16]
            x = "x" if st.st_mode & 0o111 else "-"
            out.append("%s f %s %s" % (rel, h, x))
            inodes.setdefault(st.st_ino, []).append(rel)
        else:
            out.append("%s other" % rel)
for group in sorted(sorted(v) for v in inodes.values() if len(v) > 1):
    out.append("hardlinks " + " ".join(group))
print("\n".join(out))
PYEOF
}

# The sections of a facts document that come from the image's own files.
IMG_SECTIONS='{system: (.system | {os, distro, arch, libc, libc_version, multiarch}), cuda_toolkits, cudnn, loader,
  environment, python_envs, interpreters, packages, library_dirs, loader_answers}'

# img_host DIR DRIVER PCI_ID [toolkit]: a node (tests/cli/diag.inc machine:
# Debian 12, the driver loaded, one GPU) with its real ld.so.cache
# (ldconfig -r) and, with "toolkit", the NVIDIA Container Toolkit as its
# packages install it and `nvidia-ctk runtime configure --runtime=docker`
# leaves Docker's daemon.json.
img_host() {
    _saved=$ROOT
    ROOT=$1
    mkdir -p "$ROOT"
    machine "$2" "$3"
    put /etc/ld.so.conf "include /etc/ld.so.conf.d/*.conf"
    put /etc/ld.so.conf.d/x86_64-linux-gnu.conf "/usr/lib/x86_64-linux-gnu"
    put /etc/hostname node7
    if [ "${4:-}" = toolkit ]; then
        for _b in nvidia-container-runtime-hook nvidia-container-cli nvidia-container-runtime nvidia-ctk; do
            put "/usr/bin/$_b" "#!/bin/false"
            chmod +x "$ROOT/usr/bin/$_b"
        done
        mklib /usr/lib/x86_64-linux-gnu/libnvidia-container.so.1.17.5 libnvidia-container.so.1
        put /usr/bin/nvidia-smi "#!/bin/false"
        ctk_configured @/sbin/ldconfig.real legacy
    fi
    _ldc=$(command -v ldconfig || echo /sbin/ldconfig)
    "$_ldc" -r "$ROOT" 2>/dev/null || fail "ldconfig -r $ROOT failed"
    ROOT=$_saved
}

# img_torch_tree DIR: an image's files: Debian 12's layout, a venv with
# torch 2.1.0+cu121 and pip's CUDA wheels (tests/cli/diag.inc), an app.
img_torch_tree() {
    _saved=$ROOT
    ROOT=$1
    put /etc/os-release 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
ID=debian'
    put /etc/debian_version 12.5
    mkd lib64 usr/lib/x86_64-linux-gnu opt/data/sub
    : >"$ROOT/lib64/ld-linux-x86-64.so.2"
    put /opt/data/sub/x data
    venv /opt/venv 3.11
    nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.1.105
    nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.1.3.1
    nvwheel cudnn libcudnn.so.8 nvidia-cudnn-cu12 8.9.2.26
    torch 2.1.0+cu121 12.1 libcudart.so.12 libcublas.so.12 libcudnn.so.8
    put /app/train.py "import torch"
    ROOT=$_saved
}
IMG_CONFIG="--env PATH=/opt/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --env VIRTUAL_ENV=/opt/venv --workingdir /app"

# gdimage ARGS...: gd check --image ARGS... (its own --from-facts replay:
# the combined facts must give the same verdicts, findings and status).
gdimage() {
    GD_NO_FROM_FACTS=1 gd check "$@"
    case $RC in 0|1) ;; *) return 0 ;; esac
    case " $* " in *" --facts "*|*" --markdown "*) return 0 ;; esac
    # --facts is a document of its own: without --json (the two are refused together)
    _fa=""
    for _a in "$@"; do [ "$_a" = --json ] || _fa="$_fa $(_q "$_a")"; done
    eval "\"\$GD_BIN\" check $_fa --facts" >"$CASE_DIR/img.facts.json" 2>"$CASE_DIR/img.facts.err"
    [ -s "$CASE_DIR/img.facts.json" ] || fail "check --image --facts wrote nothing ($(head -c 300 "$CASE_DIR/img.facts.err"))"
    "$GD_BIN" check --from-facts "$CASE_DIR/img.facts.json" --json >"$CASE_DIR/img.judged.json" 2>"$CASE_DIR/img.judged.err"
    _rj=$?
    case $_rj in 86|87) fail "sanitizer error in check --from-facts (exit $_rj)";; esac
    [ $_rj -eq $RC ] || fail "check --from-facts of the container exits $_rj, check --image exits $RC ($(head -c 300 "$CASE_DIR/img.judged.err"))"
    "$GD_BIN" check "$@" --json >"$CASE_DIR/img.scan.json" 2>/dev/null
    _sel='{verdicts: [.verdicts[] | {subject, gpu, reason}], findings: [.findings[] | {code, severity, title, fixes}]}'
    jq -S "$_sel" "$CASE_DIR/img.scan.json" >"$CASE_DIR/img.scan.sel"
    jq -S "$_sel" "$CASE_DIR/img.judged.json" >"$CASE_DIR/img.judged.sel"
    cmp -s "$CASE_DIR/img.scan.sel" "$CASE_DIR/img.judged.sel" ||
        fail "check --from-facts differs from check --image: $(diff "$CASE_DIR/img.scan.sel" "$CASE_DIR/img.judged.sel" | head -20)"
}

# img_cuda124: t1, the torch tree as an image that runs train.py, and req on
# it with CUDA_VERSION and NVIDIA_REQUIRE_CUDA as nvidia/cuda:12.4 images set
# them.
img_noop() { :; }
img_cuda124() {
    img_torch_tree "$CASE_DIR/tree"
    # shellcheck disable=SC2086
    img_base t1 "$CASE_DIR/tree" $IMG_CONFIG --entrypoint '["python3", "train.py"]'
    img_layer req t1 img_noop --env CUDA_VERSION=12.4.1 \
        --env 'NVIDIA_REQUIRE_CUDA=cuda>=12.4 brand=tesla,driver>=470,driver<471 brand=unknown,driver>=470,driver<471'
}

# img_three NAME_PREFIX: 8601's image in three layers on the store: t1 the
# torch tree, t2 a hard link and a directory replaced by a symlink, t3 a
# whiteout deleting libcudnn.so.8.
img_l2() {
    mkdir -p "$ROOT/opt/tools"
    echo tool >"$ROOT/opt/tools/a"
    ln "$ROOT/opt/tools/a" "$ROOT/opt/tools/b"
    rm -r "$ROOT/opt/data"
    ln -s /tmp "$ROOT/opt/data"
}
img_l3() { rm "$ROOT/opt/venv/lib/python3.11/site-packages/nvidia/cudnn/lib/libcudnn.so.8"; }
img_three() {
    # shellcheck disable=SC2086
    img_base t1 "$CASE_DIR/tree" $IMG_CONFIG --entrypoint '["python3", "train.py"]' "$@"
    img_layer t2 t1 img_l2
    img_layer t3 t2 img_l3
}
