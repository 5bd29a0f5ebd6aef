#!/bin/sh
# fleet slurm on a real three-node Slurm cluster on localhost (slurmctld,
# three slurmd, munge; tests/fleet/slurm-ci.sh, the recipe in
# shared/knowledge/slurm-recipe.md), stopped by PID when the case ends.
# Each node examines its own fixture machine (tests/fleet/machines.inc),
# chosen by SLURMD_NODENAME through --root: node1 healthy, node2 a driver
# too old for its torch, node3 without cuDNN.  Then a node whose gpudoctor
# hangs must be reported unreachable within the timeout, and a node whose
# gpudoctor fails must be reported with srun's reason.
#
# Needs (Debian): slurmctld slurmd slurm-client munge, and root.  Skips
# (77) without them, except under CI=true, where that is a failure.
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/fleet/machines.inc"

missing=""
for b in slurmctld slurmd srun sinfo squeue scancel munged mungekey; do
    command -v "$b" >/dev/null 2>&1 || missing="$missing $b"
done
if [ -n "$missing" ] || [ "$(id -u)" -ne 0 ]; then
    why="needs root and the Debian packages slurmctld slurmd slurm-client munge (missing:${missing:- none}; uid $(id -u))"
    [ "${CI:-}" = true ] && fail "$why"
    skip "$why"
fi
command -v jq >/dev/null || skip "jq is not installed"

M="$CASE_DIR/m"
fleet_machines "$M"
cat >"$CASE_DIR/node-gd" <<EOF2
#!/bin/sh
# Stands in for gpudoctor on each node: examine this node's fixture machine.
case "\$SLURMD_NODENAME" in
"\${HANG_NODE:-}") exec sleep 300 ;;
"\${FAIL_NODE:-}") echo "gpudoctor: simulated failure" >&2; exit 3 ;;
esac
exec "$GD_BIN" "\$@" --root "$M/\$SLURMD_NODENAME" --clear-env --env VIRTUAL_ENV=/srv/env
EOF2
chmod +x "$CASE_DIR/node-gd"

. "$GD_TESTS/fleet/slurm-ci.sh"
trap 'slurm_ci_down; rm -rf "${SLURM_CI_DIR:-/nonexistent}"' EXIT
trap 'exit 1' INT TERM
BASEPORT=${GD_SLURM_BASEPORT:-16817} NODES=3 slurm_ci_up >"$CASE_DIR/slurm-up.log" 2>&1 || { cat "$CASE_DIR/slurm-up.log"; fail "the Slurm cluster did not come up"; }

# 1. All three nodes answer: exactly these verdicts, groups and fixes.
gd fleet slurm --json --per-node --gpudoctor "$CASE_DIR/node-gd" --nodes 3 --timeout 60
expect_rc 1
expect_json '.origin == "slurm" and .summary == {"nodes": 3, "reports": 3, "ok": 1, "failing": 2, "unreachable": 0, "rejected": 0}'
expect_json '.hostlists == {"ok": "node1", "failing": "node[2-3]", "unreachable": ""}'
expect_json '[.nodes[] | {name, state, v: [.verdicts[] | [.framework, .version, .gpu]]}] | sort_by(.name) == [
  {"name": "node1", "state": "ok", "v": [["torch", "2.4.0+cu124", "yes"]]},
  {"name": "node2", "state": "failing", "v": [["torch", "2.4.0+cu124", "no"]]},
  {"name": "node3", "state": "failing", "v": [["torch", "2.4.0+cu124", "no"]]}]'
expect_json '[.groups[] | {code, kind, severity, nodes}] == [
  {"code": "GD202", "kind": "missing_cudnn", "severity": "error", "nodes": "node3"},
  {"code": "GD208", "kind": "driver_too_old", "severity": "error", "nodes": "node2"}]'
expect_json '.groups[] | select(.code == "GD208") | .title == "the driver 470.223.02 is too old for torch 2.4.0+cu124 (CUDA 12.4 needs driver 525.60.13 or newer)"'
# the group's fix is the node's first, least invasive (issue 31): torch 2.4's
# cu118 build, which runs on driver 470, before the driver upgrade
expect_json '.groups[] | select(.code == "GD208") | .fix.command | test("whl/cu118")'
expect_json '.groups[] | select(.code == "GD202") | .fix.command | test("pip install")'
expect_json '.drift[] | select(.what == "driver") | .values == [{"value": "550.54.15", "count": 2, "nodes": "node[1,3]"}, {"value": "470.223.02", "count": 1, "nodes": "node2"}]'
expect_json '.drift[] | select(.what == "cudnn") | .values[1] == {"value": "none", "count": 1, "nodes": "node3"}'
expect_json '[.nodes[].hostname] | sort == ["node1", "node2", "node3"]'

# The same run as text, as an admin reads it.
gd fleet slurm --no-color --gpudoctor "$CASE_DIR/node-gd" --nodelist 'node[1-3]' --timeout 60
expect_rc 1
expect_text "every framework uses the GPU               1  node1"
expect_text "some framework will not use the GPU        2  node[2-3]"
expect_text "error GD208 driver_too_old: the driver 470.223.02 is too old for torch 2.4.0+cu124"
expect_text "nodes (1): node2"
expect_text "470.223.02           node2"

# 2. node3's gpudoctor hangs: unreachable within the timeout (5 s, plus
# srun's own teardown), the others still reported.
t0=$(date +%s)
HANG_NODE=node3 gd fleet slurm --json --per-node --gpudoctor "$CASE_DIR/node-gd" --nodes 3 --timeout 5
t1=$(date +%s)
expect_rc 1
[ $((t1 - t0)) -le 15 ] || fail "fleet slurm took $((t1 - t0)) s with --timeout 5"
expect_json '.summary.unreachable == 1 and .hostlists.unreachable == "node3" and .hostlists.ok == "node1"'
expect_json '.nodes[] | select(.name == "node3") | .reason == "no report within 5 s (timed out)"'
expect_json '.unreachable == [{"reason": "no report within 5 s (timed out)", "nodes": "node3", "node_count": 1}]'
expect_json '.nodes[] | select(.name == "node2") | .state == "failing"'

# 3. node2's gpudoctor fails: unreachable, with srun's reason.
FAIL_NODE=node2 gd fleet slurm --json --per-node --gpudoctor "$CASE_DIR/node-gd" --nodes 3 --timeout 60
expect_rc 1
expect_json '.nodes[] | select(.name == "node2") | .state == "unreachable" and (.reason | test("exit code 3"))'
expect_json '.hostlists.ok == "node1" and .hostlists.failing == "node3"'

# 4. srun refuses the request (no such partition): no report at all, exit 3.
gd fleet slurm --gpudoctor "$CASE_DIR/node-gd" --partition nosuch --timeout 30
expect_rc 3
expect_err "srun gathered no report"
expect_err "partition"

# 5. The batch script in contrib/: the same view in the job's output file.
GPUDOCTOR="$GD_BIN" GPUDOCTOR_NODE="$CASE_DIR/node-gd" TIMEOUT=60 PROM_DIR="$CASE_DIR" \
    timeout 90 sbatch --wait -N 3 -o "$CASE_DIR/job-%j.out" "$GD_TESTS/../contrib/slurm/gpudoctor-fleet.sbatch" >"$OUT" 2>"$ERR"
RC=$?
expect_rc 1
cat "$CASE_DIR"/job-*.out >"$OUT"
expect_text "every framework uses the GPU               1  node1"
expect_text "some framework will not use the GPU        2  node[2-3]"
grep -q 'gpudoctor_node_gpu_ok{node="node2"} 0' "$CASE_DIR/gpudoctor.prom" || fail "no metrics from the batch script"

# Nothing of the jobs is left behind.
[ -z "$(squeue -h -o %i 2>/dev/null)" ] || { sleep 3; [ -z "$(squeue -h -o '%i %t' | grep -v ' CG')" ] || fail "jobs left: $(squeue)"; }
