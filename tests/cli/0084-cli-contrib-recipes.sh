# 0084-cli-contrib-recipes: the recipes in contrib/ do what they say, with
# the real binary on fixture machines.
#   - github-actions/gpudoctor.yml parses as YAML, runs in a CUDA container,
#     every run step passes `sh -n`, and its check step, run as GitHub runs
#     it (sh -e), fails on a node without a driver (exit 1) and passes on a
#     healthy one, with the Markdown report in the job summary;
#   - pre-commit/gpudoctor-requirements, installed as a git hook in a
#     temporary repository, refuses a commit whose staged requirements.txt
#     pins a TensorFlow no consistent set allows on the target driver, and
#     lets it through on a driver that fits;
#   - container/Containerfile and kubernetes/gpudoctor-initcontainer.yaml:
#     the image's CMD and HEALTHCHECK and the init container's args, run
#     as written (with /host a fixture node), exit 1 without a driver and 0
#     on a healthy node; the Pod's structure (host mounted read-only, GPU
#     requested by the training container).  Building the image needs the
#     static binary (make static) and buildah: done when both are there.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
python3 -c 'import yaml' 2>/dev/null || {
    [ "${CI:-}" = true ] && fail "python3-yaml is not installed (tools/install-deps.sh --test)"
    skip "python3 with yaml is not installed"
}
command -v git >/dev/null 2>&1 || skip "git is not installed"
repo=$(cd "$GD_TESTS/.." && pwd)
c="$repo/contrib"

# Two nodes: a healthy one (driver 535 loaded, an RTX 4090, no Python) and
# one without a driver.
ROOT="$CASE_DIR/good"; mkdir -p "$ROOT"
machine 535.104.05 0x2684
ROOT="$CASE_DIR/bad"; mkdir -p "$ROOT"
osrelease
good="$CASE_DIR/good" bad="$CASE_DIR/bad"
# gpudoctor on PATH as the recipes call it
mkdir -p "$CASE_DIR/bin"
ln -s "$GD_BIN" "$CASE_DIR/bin/gpudoctor"
P="$CASE_DIR/bin:$PATH"

# --- GitHub Actions
y() { python3 -c "import sys, yaml; d = yaml.safe_load(open(sys.argv[1])); $1" "$2"; }
cp "$c/github-actions/gpudoctor.yml" "$CASE_DIR/wf.yml"
y 'import json
on = d.get("on", d.get(True))
assert "push" in on, on
job = d["jobs"]["gpu-check"]
assert job["container"]["image"].startswith("nvidia/cuda:"), job["container"]
assert "--gpus all" in job["container"]["options"]
steps = job["steps"]
assert any("gpudoctor check --json" in s.get("run", "") for s in steps)
for i, s in enumerate(steps):
    if "run" in s:
        open(sys.argv[1] + ".step%d" % i, "w").write(s["run"])
    if s.get("name") == "gpudoctor check":
        open(sys.argv[1] + ".check", "w").write(s["run"])' "$CASE_DIR/wf.yml" 2>"$ERR" ||
    fail "the workflow: $(tail -n 1 "$ERR")"
for s in "$CASE_DIR"/wf.yml.step*; do
    sh -n "$s" 2>"$ERR" || fail "a run step does not parse: $(cat "$ERR")"
done
[ -s "$CASE_DIR/wf.yml.check" ] || fail "no 'gpudoctor check' step"
wf_check() {
    (cd "$CASE_DIR" && : >summary.md && PATH="$P" GITHUB_STEP_SUMMARY="$CASE_DIR/summary.md" \
        GPUDOCTOR_ARGS="--root $1" sh -e wf.yml.check) >"$OUT" 2>"$ERR"
    RC=$?
}
wf_check "$bad"
expect_rc 1
expect_text "::error::gpudoctor: a framework will not use the GPU"
jq -e '.exit_status == 1' "$CASE_DIR/gpudoctor.json" >/dev/null || fail "gpudoctor.json of the failed step"
grep -q '^## gpudoctor .* report (knowledge base' "$CASE_DIR/summary.md" || fail "no Markdown in the job summary"
wf_check "$good"
expect_rc 0
expect_text "every framework found will use the GPU"
jq -e '.exit_status == 0' "$CASE_DIR/gpudoctor.json" >/dev/null || fail "gpudoctor.json of the passed step"

# --- the pre-commit hook, as a git hook in a fresh repository
hook="$c/pre-commit/gpudoctor-requirements"
sh -n "$hook" || fail "the hook does not parse"
r="$CASE_DIR/repo"
git init -q "$r" || fail "git init"
git -C "$r" config user.email t@example.org; git -C "$r" config user.name t
cp "$hook" "$r/.git/hooks/pre-commit"; chmod +x "$r/.git/hooks/pre-commit"
printf 'numpy<2\ntensorflow[and-cuda]==2.15.0  # the model\n' >"$r/requirements.txt"
git -C "$r" add requirements.txt
commit() { (cd "$r" && PATH="$P" GPUDOCTOR_PLAN_ARGS="$1" git commit -q -m "$2") >"$OUT" 2>&1; RC=$?; }
# (git hands a hook's standard output to its standard error: both kept.)
# TF 2.15 uses CUDA 12.2; TensorFlow documents driver >= 525.60.13 for it (data/tf_driver.kb)
commit "--driver 450.80.02 --gpu 8.9" "old driver"
[ "$RC" -ne 0 ] || fail "the hook let a commit through that no driver 450 can run"
expect_text "tensorflow==2.15.0: no consistent set"
[ -z "$(git -C "$r" rev-list --all 2>/dev/null)" ] || fail "a commit was made"
commit "--driver 535.104.05 --gpu 8.9" "new driver"
expect_rc 0
expect_text "tensorflow==2.15.0: a consistent set exists"
expect_text "tensorflow[and-cuda]==2.15.0"
# What is staged counts, not the work tree.
printf 'torch==2.4.0+cu118\n' >"$r/requirements-gpu.txt"
git -C "$r" add requirements-gpu.txt
printf 'torch==9.9.9\n' >"$r/requirements-gpu.txt"
commit "--driver 535.104.05 --gpu 8.9" "staged torch"
expect_rc 0
expect_text "torch==2.4.0+cu118: a consistent set exists"
# CPU-only packages never use the GPU
printf 'tensorflow-cpu==2.15.0\n' >"$CASE_DIR/cpu.txt"
(PATH="$P" sh "$hook" "$CASE_DIR/cpu.txt") >"$OUT" 2>"$ERR"; RC=$?
expect_rc 1
expect_err "CPU-only"

# --- the image and the init container: their commands, run as written
python3 - "$c/container/Containerfile" >"$CASE_DIR/image.cmds" <<'PY' || fail "Containerfile: no FROM scratch, ENTRYPOINT, CMD or HEALTHCHECK"
import json, re, sys
text = open(sys.argv[1]).read().replace("\\\n", " ")
lines = [l.strip() for l in text.splitlines() if l.strip() and not l.strip().startswith("#")]
assert lines[0] == "FROM scratch", lines[0]
assert not [l for l in lines if l.startswith("FROM ") and l != "FROM scratch"]
assert [l for l in lines if l.startswith("COPY build/static/gpudoctor ")]
ep = [json.loads(l[len("ENTRYPOINT"):]) for l in lines if l.startswith("ENTRYPOINT ")][0]
cmd = [json.loads(l[len("CMD"):]) for l in lines if l.startswith("CMD ")][0]
hc = [l for l in lines if l.startswith("HEALTHCHECK ")][0]
hc = json.loads(hc[hc.index(" CMD ") + 5:])
print(" ".join(ep[1:] + cmd))
print(" ".join(hc[1:]))
PY
python3 - "$c/kubernetes/gpudoctor-initcontainer.yaml" >>"$CASE_DIR/image.cmds" <<'PY' || fail "the initContainer manifest"
import sys, yaml
pod = list(yaml.safe_load_all(open(sys.argv[1])))[0]
spec = pod["spec"]
init = spec["initContainers"][0]
mount = [m for m in init["volumeMounts"] if m["mountPath"] == "/host"][0]
assert mount["readOnly"] is True
vol = [v for v in spec["volumes"] if v["name"] == mount["name"]][0]
assert vol["hostPath"]["path"] == "/"
assert any("nvidia.com/gpu" in c.get("resources", {}).get("limits", {}) for c in spec["containers"])
assert not init.get("command"), "the image's ENTRYPOINT runs the args"
print(" ".join(init["args"]))
PY
[ "$(wc -l <"$CASE_DIR/image.cmds")" -eq 3 ] || fail "expected three commands: $(cat "$CASE_DIR/image.cmds")"
while read -r cmdline; do
    case " $cmdline " in *" --root /host "*) ;; *) fail "not judging /host: $cmdline" ;; esac
    for node in bad good; do
        # shellcheck disable=SC2086
        "$GD_BIN" $(printf '%s' "$cmdline" | sed "s|--root /host|--root $CASE_DIR/$node|") >"$OUT" 2>"$ERR"
        RC=$?
        if [ $node = bad ]; then expect_rc 1; else expect_rc 0; fi
    done
done <"$CASE_DIR/image.cmds"

# The image itself, where the static binary (make static), buildah and
# root (chroot isolation) are there: built from a context holding only the
# binary, with its own storage under the case directory; then its command
# and its health check run in it, the node mounted read-only at /host as
# the Pod mounts it.  The node's device nodes are made real (mknod): a
# plain file on a read-only mount is not writable (EROFS), a device node is.
# In CI the static build is made here when absent (static.inc's
# static_setup: under the lock the 96xx cases share) and buildah must be
# there; outside CI the image is tried only when both are.
static=${GD_STATIC_DIR:-$repo/build/static}/gpudoctor
if [ "${CI:-}" = true ] && [ "$(id -u)" -eq 0 ]; then
    command -v buildah >/dev/null 2>&1 || fail "buildah is not installed (sh tools/install-deps.sh --test)"
    . "$GD_TESTS/cli/static.inc"
    static_setup
    static=$SBIN
fi
if [ -x "$static" ] && command -v buildah >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    B="buildah --root $CASE_DIR/storage --runroot $CASE_DIR/run --storage-driver vfs"
    mkdir -p "$CASE_DIR/ctx/build/static"
    cp "$static" "$CASE_DIR/ctx/build/static/gpudoctor"
    $B bud --isolation chroot --format docker -q -f "$c/container/Containerfile" -t gpudoctor-test:case \
        "$CASE_DIR/ctx" >"$OUT" 2>"$ERR" || fail "buildah bud failed"
    $B inspect --type image gpudoctor-test:case >"$CASE_DIR/inspect.json" || fail "buildah inspect"
    jq -e '.Docker.config.Entrypoint == ["/gpudoctor"] and .Docker.config.Healthcheck.Test[0] == "CMD"
           and (.Docker.config.Healthcheck.Test | index("/host")) != null' "$CASE_DIR/inspect.json" >/dev/null ||
        fail "the image lacks its ENTRYPOINT or HEALTHCHECK"
    jq -r '(.Docker.config.Entrypoint + .Docker.config.Cmd | join(" ")), (.Docker.config.Healthcheck.Test[1:] | join(" "))' \
        "$CASE_DIR/inspect.json" >"$CASE_DIR/image.run"
    for n in nvidiactl:255 nvidia0:0; do
        rm -f "$good/dev/${n%:*}"; mknod "$good/dev/${n%:*}" c 195 "${n#*:}" || fail "mknod"
    done
    rm -f "$good/dev/nvidia-uvm"; mknod "$good/dev/nvidia-uvm" c 510 0 || fail "mknod"
    chmod 666 "$good"/dev/nvidia*
    ctr=$($B from -q gpudoctor-test:case) || fail "buildah from"
    while read -r cmdline; do
        for node in bad good; do
            # shellcheck disable=SC2086
            $B run --isolation chroot -v "$CASE_DIR/$node:/host:ro" "$ctr" -- $cmdline >"$OUT" 2>"$ERR"
            RC=$?
            if [ $node = bad ]; then expect_rc 1; else expect_rc 0; fi
        done
    done <"$CASE_DIR/image.run"
    $B rm "$ctr" >/dev/null 2>&1
    $B rmi -a >/dev/null 2>&1
else
    echo "0084: image build not tried (needs $static from make static, buildah and root)"
fi
exit 0
