# check --redact: home directories become ~, the user, host name and
# machine-id are gone from text, Markdown and JSON; JSON stays valid and
# the verdicts are unchanged.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 535.104.05 0x2684
cuda_toolkit /usr/local/cuda-12.0 12.0.140
venv /home/alice/proj/.venv 3.10
tensorflow 2.10.0 11.2 8 ""
put /etc/hostname "dgx-alice07.lab.example.org"
put /etc/machine-id "4f9c2a7d1e8b4c6a9f0e3d2c1b0a9f8e"
envs="--env VIRTUAL_ENV=/home/alice/proj/.venv --env HOME=/home/alice --env USER=alice"

gdcheck $envs --json
expect_rc 1
cp "$OUT" "$CASE_DIR/plain.json"
grep -q 'dgx-alice07' "$OUT" || fail "fixture: the unredacted report lacks the host name"
grep -q '4f9c2a7d1e8b4c6a9f0e3d2c1b0a9f8e' "$OUT" || fail "fixture: the unredacted report lacks the machine-id"
grep -q '/home/alice' "$OUT" || fail "fixture: the unredacted report lacks the home path"

for fmt in "" --markdown --json; do
    gdcheck $envs --redact $fmt
    expect_rc 1
    for secret in alice dgx-alice07 4f9c2a7d1e8b4c6a9f0e3d2c1b0a9f8e /home/; do
        grep -q -- "$secret" "$OUT" && fail "--redact $fmt leaves '$secret': $(grep -m1 -- "$secret" "$OUT")"
    done
    grep -qF '~/proj/.venv' "$OUT" || fail "--redact $fmt: the venv is not shown as ~/proj/.venv"
done
# JSON: still valid, host and machine-id replaced, the same verdicts
command -v jq >/dev/null 2>&1 || skip "jq is not installed"
jq -e '.host.hostname == "REDACTED-HOST" and .host.machine_id == "REDACTED-MACHINE-ID"' "$OUT" >/dev/null ||
    fail "JSON host fields: $(jq -c .host "$OUT")"
jq -c '[.verdicts[] | .gpu]' "$OUT" >"$CASE_DIR/v.redacted"
jq -c '[.verdicts[] | .gpu]' "$CASE_DIR/plain.json" >"$CASE_DIR/v.plain"
cmp -s "$CASE_DIR/v.plain" "$CASE_DIR/v.redacted" || fail "--redact changed the verdicts"
# with -o FILE too
gdcheck $envs --redact --json -o "$CASE_DIR/out.json"
expect_rc 1
grep -q alice "$CASE_DIR/out.json" && fail "--redact -o leaves the user name"
jq -e . "$CASE_DIR/out.json" >/dev/null || fail "--redact -o wrote invalid JSON"
exit 0
