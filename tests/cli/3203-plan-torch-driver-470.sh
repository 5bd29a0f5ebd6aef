# Driver 470 (CUDA 11.4): a cu11x build through minor-version compatibility.
. "$GD_TESTS/cli/lib.sh"
gd plan --framework pytorch --driver 470.82.01 --json
expect_rc 0
expect_json '.variant | startswith("cu11")'
expect_json '.cuda | startswith("11.")'
expect_json '.min_driver == "450.80.02" and .driver_rule == "minor-version compatibility"'
expect_json '.commands.pip | test("^python3 -m pip install \"torch==[0-9.]+\" --index-url https://download.pytorch.org/whl/cu11[0-9]$")'
