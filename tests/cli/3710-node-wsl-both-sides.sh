# WSL2 from both sides: the Windows driver WSL maps in (the DriverStore's
# nv*.inf_amd64_* folders under /usr/lib/wsl/drivers, nvcuda64.dll's version
# resource in Windows' numbering), Windows' own lxss\lib through /mnt/c,
# /dev/dxg, and a Linux NVML installed inside WSL ("GPU access blocked by
# the operating system").
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
. "$GD_TESTS/cli/diag.inc"
osrelease 5.15.153.1-microsoft-standard-WSL2
mklib /usr/lib/wsl/lib/libcuda.so.1.1 libcuda.so.1
link libcuda.so.1.1 /usr/lib/wsl/lib/libcuda.so.1
mkdll /usr/lib/wsl/drivers/nv_dispi.inf_amd64_1b5f0a0d8e2c11aa/nvcuda64.dll 31,0,15,3833
mkdll /usr/lib/wsl/drivers/nv_dispi.inf_amd64_7e5d4e6a2d0b9c01/nvcuda64.dll 31,0,15,4601
mkd dev
put /dev/dxg ""
gdcheck --json
expect_rc 0
expect_json '.driver | .wsl_driver_version == "546.01" and .wsl_driver_packages == 2 and (.wsl_driver_source | test("7e5d4e6a2d0b9c01/nvcuda64.dll$"))'
expect_json '.driver.version == "546.01" and .driver.cuda_max != null'
expect_json '[.findings[] | select(.severity == "error")] | length == 0'

# No /dev/dxg (a custom WSL kernel without dxgkrnl): GD150.
rm -f "$ROOT/dev/dxg"
gdcheck --json
expect_rc 1
expect_json '.findings[] | select(.code == "GD150") | .kind == "wsl_driver_issue" and (.title | test("GPU access blocked by the operating system"))'
expect_json '[.findings[] | select(.code == "GD150") | .fixes[] | select(.shell == "powershell") | .command] | index("wsl --update\nwsl --shutdown") != null'
put /dev/dxg ""

# The mapping missing, but Windows has the libraries (lxss\lib): restart WSL.
rm -rf "$ROOT/usr/lib/wsl/lib"
mklib /mnt/c/Windows/System32/lxss/lib/libcuda.so.1.1 libcuda.so.1
gdcheck --json
expect_json '.driver.wsl_lxss_libcuda == true'
expect_json '[.findings[] | select(.code == "GD110") | .fixes[] | select(.shell == "cmd") | .command] | index("wsl --shutdown") != null'
mklib /usr/lib/wsl/lib/libcuda.so.1.1 libcuda.so.1
link libcuda.so.1.1 /usr/lib/wsl/lib/libcuda.so.1

# A Linux NVML (nvidia-utils) installed inside WSL: GD107 says what nvidia-smi will print.
mklib /usr/lib/x86_64-linux-gnu/libnvidia-ml.so.535.183.01 libnvidia-ml.so.1
gdcheck --json
expect_json '.findings[] | select(.code == "GD107") | [.evidence[].text] | any(test("GPU access blocked by the operating system"))'
