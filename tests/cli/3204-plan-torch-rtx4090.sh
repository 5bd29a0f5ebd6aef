# An RTX 4090 (8.9): the newest torch, covered by its architecture list.
. "$GD_TESTS/cli/lib.sh"
gd plan --framework torch --gpu "RTX 4090" --json
expect_rc 0
expect_json '.gpu.compute_capability == "8.9" and (.gpu.name | test("4090"))'
expect_json '.version == "2.14.0" and (.variant | startswith("cu"))'
expect_json '[.notes[] | select(.topic == "gpu" and (.text | test("native code")))] | length == 1'
gd plan --framework torch --gpu 8.9 --version 2.4.0 --cuda 12.4
expect_rc 0
expect_text 'python3 -m pip install "torch==2.4.0" --index-url https://download.pytorch.org/whl/cu124'
expect_text "pytorch/pytorch:2.4.0-cuda12.4-cudnn9-runtime"
