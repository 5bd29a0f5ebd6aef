# CUDA 11.8 installed under /usr/local with its directory in ld.so.conf.d,
# but the cache was built before the libraries arrived (ldconfig not rerun):
# GD204 says so, and the fix is `sudo ldconfig`.  After ldconfig: GPU yes.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
LDCONFIG=$(command -v ldconfig || echo /sbin/ldconfig)
[ -x "$LDCONFIG" ] || skip "ldconfig not found"
machine 535.104.05 0x2684
put /etc/ld.so.conf "include /etc/ld.so.conf.d/*.conf"
put /etc/ld.so.conf.d/cuda-11-8.conf "/usr/local/cuda-11.8/lib64"
mkd usr/local/cuda-11.8/lib64
"$LDCONFIG" -r "$ROOT" 2>/dev/null || fail "ldconfig -r"
cuda_toolkit /usr/local/cuda-11.8 11.8.89
for l in libcublas.so.11 libcublasLt.so.11 libcufft.so.10 libcurand.so.10 libcusolver.so.11 libcusparse.so.11; do
    mklib "/usr/local/cuda-11.8/lib64/$l" "$l"
done
mklib /usr/local/cuda-11.8/lib64/libcudnn.so.8.6.0 libcudnn.so.8
link libcudnn.so.8.6.0 /usr/local/cuda-11.8/lib64/libcudnn.so.8
venv /home/u/tf 3.10
tensorflow 2.12.0 11.8 8 ""
gdcheck --json --env VIRTUAL_ENV=/home/u/tf
expect_rc 1
expect_json '.findings[] | select(.code == "GD204") | .title | test("ldconfig was not run")'
expect_json '.findings[] | select(.code == "GD204") | .fixes[0].command == "sudo ldconfig"'
"$LDCONFIG" -r "$ROOT" 2>/dev/null || fail "ldconfig -r"
gdcheck --json --env VIRTUAL_ENV=/home/u/tf
expect_rc 0
expect_json "$(v tensorflow) | .gpu == \"yes\" and ([.needs[].step] | all(. == \"cache\"))"
