# A libcuda.so.1 inside a Python environment, first on LD_LIBRARY_PATH, is
# never loaded: probe refuses it (and proves it by its answers: the planted
# copy would crash) and loads the driver's behind it.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
SP="$CASE_DIR/venv/lib/python3.11/site-packages/nvidia/cuda_runtime/lib"
install_fake "$SP"
install_fake "$DRV"
# The planted copy crashes when a test variable it alone reads is set...
# both copies are the same file, so prove it by path instead: the result
# names the driver's path, and the refusal names the planted one.
gd probe --clear-env --env "LD_LIBRARY_PATH=$SP:$DRV" --json
expect_rc 0
expect_json '.probe.libraries[0].path == "'"$DRV"'/libcuda.so.1" and .probe.libraries[0].state == "loaded"'
expect_json '.probe.libraries[0].refused == [{"path": "'"$SP"'/libcuda.so.1", "reason": "python_environment"}]'
expect_json '.probe.libraries[1].path == "'"$DRV"'/libnvidia-ml.so.1"'
expect_json '[.findings[] | [.code, .severity]] == [["GD515", "warning"], ["GD515", "warning"]]'
# Only the planted copy: nothing is loaded.
gd probe --clear-env --env "LD_LIBRARY_PATH=$SP" --json
expect_json '.probe.child.end == "not_run" and .probe.libraries[0].state == "not_found"'
expect_json '[.findings[].code] | index("GD501") != null'
# A symlink into site-packages is refused too.
mkdir -p "$CASE_DIR/linkdir"
ln -s "$SP/libcuda.so.1" "$CASE_DIR/linkdir/libcuda.so.1"
gd probe --clear-env --env "LD_LIBRARY_PATH=$CASE_DIR/linkdir" --json
expect_json '.probe.libraries[0].state == "not_found" and (.probe.libraries[0].refused | length) == 1'
