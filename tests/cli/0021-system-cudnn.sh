# cuDNN in the system (Debian layout, v9 header) and copied into a toolkit (v8).
. "$GD_TESTS/cli/lib.sh"
osrelease
cuda_toolkit /usr/local/cuda-11.8 11.8.89
put /usr/local/cuda-11.8/include/cudnn_version.h "#define CUDNN_MAJOR 8
#define CUDNN_MINOR 9
#define CUDNN_PATCHLEVEL 7
#define CUDNN_VERSION (CUDNN_MAJOR * 1000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)"
mklib /usr/local/cuda-11.8/lib64/libcudnn.so.8.9.7 libcudnn.so.8
put /usr/include/x86_64-linux-gnu/cudnn_version_v9.h "#define CUDNN_MAJOR 9
#define CUDNN_MINOR 1
#define CUDNN_PATCHLEVEL 0"
mklib /usr/lib/x86_64-linux-gnu/libcudnn.so.9 libcudnn.so.9
gdcheck --json
expect_json '.cudnn | length == 2'
expect_json '.cudnn[] | select(.path == "/usr") | .version == "9.1.0" and .provenance == "system"'
expect_json '.cudnn[] | select(.path == "/usr/local/cuda-11.8") | .version == "8.9.7" and .provenance == "toolkit"'
expect_json '.cudnn[] | select(.path == "/usr/local/cuda-11.8") | .source == "/usr/local/cuda-11.8/include/cudnn_version.h"'
