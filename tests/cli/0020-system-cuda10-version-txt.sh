# A CUDA 10.2 install with only version.txt (before version.json existed).
. "$GD_TESTS/cli/lib.sh"
osrelease
put /usr/local/cuda-10.2/version.txt "CUDA Version 10.2.89"
mklib /usr/local/cuda-10.2/lib64/libcudart.so.10.2.89 libcudart.so.10.2
link libcudart.so.10.2.89 /usr/local/cuda-10.2/lib64/libcudart.so.10.2
gdcheck --json
expect_json '.cuda_toolkits[0].version == "10.2.89"'
expect_json '.cuda_toolkits[0].source == "/usr/local/cuda-10.2/version.txt"'
expect_json '.cuda_toolkits[0].cudart_soname == "libcudart.so.10.2"'
expect_json '[.cuda_toolkits[0].evidence[].what] | index("runtime library libcudart.so.10.2.89") != null'
