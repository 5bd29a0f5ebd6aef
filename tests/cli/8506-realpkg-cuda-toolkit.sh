# Debian 13's CUDA toolkit as apt installs it: nvidia-cuda-toolkit
# (/usr/bin/nvcc, a wrapper; cuobjdump, ptxas ...) and libcudart12
# (/usr/lib/x86_64-linux-gnu/libcudart.so.12.4.127).  Without
# nvidia-cuda-dev's headers the version is libcudart's full file name, and
# with the header (CUDART_VERSION 12040 = "12.4") the file name still
# refines it to 12.4.127.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
rp_base trixie
rp_install libcudart12/trixie
rp_install nvidia-cuda-toolkit/trixie
rp_standins
rp_ldconfig
[ -e "$ROOT/usr/bin/nvcc" ] || fail "nvidia-cuda-toolkit has no /usr/bin/nvcc"

gdcheck --json
expect_json '.cuda_toolkits | length == 1'
expect_json '.cuda_toolkits[0].path == "/usr" and .cuda_toolkits[0].provenance == "distro"'
expect_json '.cuda_toolkits[0].version == "12.4.127"'
expect_json '.cuda_toolkits[0].source == "/usr/lib/x86_64-linux-gnu/libcudart.so.12.4.127"'
expect_json '.packages.dpkg.packages[] | select(.name == "nvidia-cuda-toolkit") | .state == "installed" and (.version | startswith("12.4"))'

# nvidia-cuda-dev's header (not downloaded: 930 MB) as it defines the
# version; written beside the real files, never into them.
put /usr/include/cuda_runtime_api.h '#define CUDART_VERSION 12040'
gdcheck --json
expect_json '.cuda_toolkits[0].version == "12.4.127"'
expect_json '[.cuda_toolkits[0].evidence[].what] | index("CUDART_VERSION 12040") != null'
