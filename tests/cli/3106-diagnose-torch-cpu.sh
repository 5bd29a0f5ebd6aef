# torch +cpu: no GPU support at all, whatever the machine.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 550.54.15 0x2684
venv /home/u/pt 3.11
torch_cpu 2.3.1+cpu
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD211\") != null)"
expect_json '.findings[] | select(.code == "GD211") | .fixes[0].command | test("download.pytorch.org/whl/cu1")'
# Issue 31: "Next step" shows one finding's title with that finding's own
# fix.  No NVIDIA GPU on the PCI bus and a CPU-only torch: the machine-wide
# error comes first (a CUDA build cannot help without a GPU), so the step
# is GD102's title with GD102's advice -- never the torch verdict's reason
# with the GPU finding's fix, or the other way round.
rm -rf "$ROOT/sys/bus/pci/devices/0000:01:00.0"
gpu 0000:00:02.0 0x4680 0x030000
put /sys/bus/pci/devices/0000:00:02.0/vendor 0x8086
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json '[.findings[] | select(.code == "GD102")] | length == 1'
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD211\") != null)"
COLUMNS=200 gdcheck -v --env VIRTUAL_ENV=/home/u/pt
sed -n '/^Next step:/,$p' "$OUT" >"$CASE_DIR/tail"
grep -q '^Next step: no NVIDIA GPU on this machine' "$CASE_DIR/tail" || fail "next step: $(cat "$CASE_DIR/tail")"
grep -q 'choose a GPU instance type' "$CASE_DIR/tail" || fail "next step lacks GD102's fix: $(cat "$CASE_DIR/tail")"
if grep -q 'download.pytorch.org\|will not use the GPU' "$CASE_DIR/tail"; then fail "next step mixes torch's: $(cat "$CASE_DIR/tail")"; fi
exit 0
