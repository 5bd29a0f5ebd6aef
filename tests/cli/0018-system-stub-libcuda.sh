# The toolkit's stub libcuda on LD_LIBRARY_PATH shadows the driver.
. "$GD_TESTS/cli/lib.sh"
osrelease
kmod 535.104.05
mkdriver 535.104.05
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
cuda_toolkit /usr/local/cuda-12.2 12.2.140
mklib /usr/local/cuda-12.2/lib64/stubs/libcuda.so libcuda.so.1
link libcuda.so /usr/local/cuda-12.2/lib64/stubs/libcuda.so.1
gdcheck --json --env LD_LIBRARY_PATH=/usr/local/cuda-12.2/lib64/stubs:/usr/local/cuda-12.2/lib64
expect_rc 1
expect_json '[.findings[] | select(.code == "GD106" and .kind == "stub_driver_on_path")] | length == 1'
expect_json '.driver.stubs_on_loader_path[0] | startswith("/usr/local/cuda-12.2/lib64/stubs/libcuda.so")'
gdcheck --json --env LD_LIBRARY_PATH=/usr/local/cuda-12.2/lib64
expect_rc 0
gdcheck --json --env LD_LIBRARY_PATH=/usr/local/cuda-12.2/lib64/stubs:/usr/local/cuda-12.2/lib64
expect_json '.driver.libcuda_resolved == "/usr/local/cuda-12.2/lib64/stubs/libcuda.so.1" and .driver.libcuda_step == "ld_library_path"'
expect_json '.findings[] | select(.code == "GD106") | .severity == "error"'
# Only the link-time name (libcuda.so) in the stubs directory: dlopen of
# libcuda.so.1 still gets the driver; a warning, not an error.
rm "$ROOT/usr/local/cuda-12.2/lib64/stubs/libcuda.so.1"
gdcheck --json --env LD_LIBRARY_PATH=/usr/local/cuda-12.2/lib64/stubs:/usr/local/cuda-12.2/lib64
expect_rc 0
expect_json '.driver.libcuda_resolved | startswith("/usr/lib/x86_64-linux-gnu/")'
expect_json '.findings[] | select(.code == "GD106") | .severity == "warning"'
