# A toolkit stub: refused by its path (…/stubs/ on LD_LIBRARY_PATH, skipped
# for the real driver behind it), and recognised by CUDA_ERROR_STUB_LIBRARY
# when a stub sits where no path gives it away.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
STUBS="$CASE_DIR/cuda-12.4/lib64/stubs"
install_fake "$STUBS" cuda
install_fake "$DRV"
gd probe --clear-env --env "LD_LIBRARY_PATH=$STUBS:$DRV" --json
expect_rc 1
expect_json '.probe.libraries[0].refused == [{"path": "'"$STUBS"'/libcuda.so.1", "reason": "stub"}]'
expect_json '.probe.libraries[0].path == "'"$DRV"'/libcuda.so.1" and .probe.libraries[0].state == "loaded"'
expect_json '[.findings[].code] == ["GD502"] and .findings[0].kind == "stub_driver_on_path"'
expect_json '.findings[0].fixes[0].command | contains("'"$STUBS"'")'
# Only the stub: nothing is loaded at all.
gd probe --clear-env --env "LD_LIBRARY_PATH=$STUBS" --json
expect_rc 1
expect_json '.probe.child.end == "not_run" and .probe.libraries[0].state == "not_found"'
expect_json '[.findings[].code] == ["GD502"]'
# A stub by its answer.
export GD_FAKE_DRIVER="cuinit=34"
gdprobe --json
expect_rc 1
expect_json '.probe.cuda.result == 34 and .probe.cuda.name == "CUDA_ERROR_STUB_LIBRARY"'
expect_json '[.findings[].code] == ["GD502"]'
