# Bad input costs a warning each, never the scan: a version.json that is not
# JSON, a looping symlink, a dangling one, an enormous file where a small one
# is expected, an unreadable directory (injected: tests run as root).
. "$GD_TESTS/cli/lib.sh"
osrelease
kmod 535.104.05
mkdriver 535.104.05
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
cuda_toolkit /usr/local/cuda-12.2 12.2.140
put /usr/local/cuda-12.2/version.json '{"cuda": {"version": "12.2'
link /usr/local/cuda-loop2 /usr/local/cuda-loop1
link /usr/local/cuda-loop1 /usr/local/cuda-loop2
link /nowhere /usr/local/cuda-dangling
truncate -s 200M "$ROOT/etc/os-release"
mkd opt/cuda-secret
GPUDOCTOR_TEST_EACCES=/opt gdcheck --json
expect_rc 0
expect_json '.cuda_toolkits | length == 1'
expect_json '.cuda_toolkits[0].version == "12.2.140"'
expect_json '.cuda_toolkits[0].source == "/usr/local/cuda-12.2/lib64/libcudart.so.12.2.140"'
expect_json '[.warnings[] | select(.path == "/usr/local/cuda-12.2/version.json")] | length == 1'
expect_json '[.warnings[] | select(.path == "/etc/os-release")] | length == 1'
expect_json '[.warnings[] | select(.reason | test("Too many levels"))] | length >= 1'
expect_json '[.warnings[] | select(.path == "/opt")] | length == 1'
expect_json '[.findings[] | select(.code == "GD001" and .severity == "info")] | length == 1'
expect_json '.driver.version == "535.104.05"'
