# WSL2 with a Linux driver installed inside it, shadowing /usr/lib/wsl/lib.
. "$GD_TESTS/cli/lib.sh"
osrelease 5.15.153.1-microsoft-standard-WSL2
mklib /usr/lib/wsl/lib/libcuda.so.1.1 libcuda.so.1
link libcuda.so.1.1 /usr/lib/wsl/lib/libcuda.so.1
mkdriver 535.54.03
gdcheck --json
expect_rc 1
expect_json '.system.wsl == 2'
expect_json '.driver.wsl_libcuda == "/usr/lib/wsl/lib/libcuda.so.1"'
expect_json '[.findings[] | select(.code == "GD107" and .kind == "wsl_driver_issue")] | length == 1'
expect_json '[.findings[] | select(.kind == "no_gpu" or .kind == "no_driver")] | length == 0'
# Healthy WSL2: only the Windows driver's libraries: no error.
rm -f "$ROOT"/usr/lib/x86_64-linux-gnu/libcuda.so.* "$ROOT"/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.*
gdcheck --json
expect_rc 0
expect_json '[.findings[] | select(.severity == "error")] | length == 0'
