# The open kernel module's version line has another shape; parse it too.
. "$GD_TESTS/cli/lib.sh"
osrelease
kmod 560.35.03 open
mkdriver 560.35.03
gpu 0000:41:00.0 0x2330
devnodes nvidiactl nvidia0 nvidia-uvm
gdcheck --json
expect_rc 0
expect_json '.driver.kernel_module_version == "560.35.03" and .driver.kernel_module_flavor == "open"'
expect_json '.gpus[0].compute_capability == "9.0"'
expect_json '.driver.cuda_max == "12.6"'
