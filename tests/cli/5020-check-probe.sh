# check --probe: the driver's answers (fake driver, two GPUs) fold into
# check's report under "probe"; a driver error becomes a finding that makes
# check exit 1; --probe refuses --root.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
install_fake "$DRV"
export GD_FAKE_DRIVER="devices=2;name0=NVIDIA GeForce RTX 4090;cc0=8.9;mem0=24564;name1=NVIDIA A100-SXM4-80GB;cc1=8.0;mem1=81920;driver=550.54.15;cuda=12040"
gd check --clear-env --env "LD_LIBRARY_PATH=$DRV" --probe --json
expect_json '.probe.driver.version == "550.54.15"'
expect_json '[.probe.gpus[].compute_capability] == ["8.9", "8.0"]'
expect_json '[.findings[] | select(.code | startswith("GD5"))] | length == 0'
gd check -v --clear-env --env "LD_LIBRARY_PATH=$DRV" --probe
expect_text "Probe (the driver, loaded in a child process)"
expect_text "NVIDIA GeForce RTX 4090, compute capability 8.9"
export GD_FAKE_DRIVER="devices=0;cu_init=100"
gd check --clear-env --env "LD_LIBRARY_PATH=$DRV" --probe --json
expect_rc 1
expect_json '[.findings[] | select(.code == "GD503" and .kind == "no_gpu")] | length == 1'
gd check -v --probe --root "$ROOT"
expect_rc 2
expect_err "cannot examine --root"
