# CUDA_VISIBLE_DEVICES=-1 hides the GPU; so does an index past the last one.
. "$GD_TESTS/cli/lib.sh"
osrelease
kmod 535.104.05
mkdriver 535.104.05
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
gdcheck --json --env CUDA_VISIBLE_DEVICES=-1
expect_rc 1
expect_json '[.findings[] | select(.code == "GD108" and .kind == "env_hides_gpu")] | length == 1'
gdcheck --json --env CUDA_VISIBLE_DEVICES=1
expect_rc 1
gdcheck --json --env CUDA_VISIBLE_DEVICES=0
expect_rc 0
gdcheck --json --env NVIDIA_VISIBLE_DEVICES=void
expect_rc 1
expect_json '[.findings[] | select(.kind == "env_hides_gpu")] | length == 1'
# --env-file works the same way
printf 'CUDA_VISIBLE_DEVICES=""\n' >"$CASE_DIR/e.env"
gdcheck --json --env-file "$CASE_DIR/e.env"
expect_rc 1
gdcheck
expect_rc 0
