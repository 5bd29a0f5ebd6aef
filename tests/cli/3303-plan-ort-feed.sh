# ONNX Runtime builds on ORT's own onnxruntime-cuda-12 feed (issue 18): 1.28's
# CUDA 12 build (microsoft/onnxruntime#29831) for a driver that runs CUDA 12
# but not 13, and 1.18.1's.  PyPI's onnxruntime-gpu of the same version is
# another build (1.28: CUDA 13; 1.18: CUDA 11.8), which pip may take with the
# feed as an extra index (#20745: a CUDA 11 build): so the dependencies come from PyPI
# first and the feed is the only index (#19356), in pip, conda, the
# Dockerfile and requirements.txt alike.
. "$GD_TESTS/cli/lib.sh"
FEED=https://aiinfra.pkgs.visualstudio.com/PublicPackages/_packaging/onnxruntime-cuda-12/pypi/simple/

gd plan --framework onnxruntime --version 1.28 --driver 550.54.14 --json
expect_rc 0
expect_json '.version == "1.28.0" and .cuda == "12.0" and .cudnn == "9.0" and .min_driver == "525.60.13"'
expect_json ".index_url == \"$FEED\""
expect_json ".commands.pip == \"python3 -m pip install coloredlogs flatbuffers numpy packaging protobuf sympy\\npython3 -m pip install \\\"onnxruntime-gpu==1.28.0\\\" --index-url $FEED\""
expect_json '.commands.conda | test("\npython -m pip install coloredlogs flatbuffers numpy packaging protobuf sympy\npython -m pip install \"onnxruntime-gpu==1.28.0\" --index-url ")'
expect_json '[.commands.pip, .commands.conda] | all(test("extra-index-url") | not)'
expect_json '[.notes[] | select(.source // "" | test("onnxruntime#19356"))] | length == 1'
expect_json '.rejected[0].text | test("CUDA 13.0, which needs driver >= 580")'

# The same release on a driver that runs CUDA 13: PyPI's own build, one line.
gd plan --framework onnxruntime --version 1.28 --driver 580.65.06 --json
expect_rc 0
expect_json '.cuda == "13.0" and .index_url == null'
expect_json '.commands.pip == "python3 -m pip install \"onnxruntime-gpu==1.28.0\""'

gd plan --framework onnxruntime --version 1.28 --driver 550.54.14 --requirements
expect_rc 0
expect_text "#   python3 -m pip install coloredlogs flatbuffers numpy packaging protobuf sympy"
expect_text "--index-url $FEED"
expect_text "onnxruntime-gpu==1.28.0"
expect_no_text "extra-index-url"

gd plan --framework onnxruntime --version 1.28 --driver 550.54.14 --dockerfile
expect_rc 0
expect_text "RUN python -m pip install coloredlogs flatbuffers numpy packaging protobuf sympy"
expect_text "RUN python -m pip install \"onnxruntime-gpu==1.28.0\" --index-url $FEED"

gd plan --framework onnxruntime --version 1.18.1 --cuda 12
expect_rc 0
expect_text "python3 -m pip install \"onnxruntime-gpu==1.18.1\" --index-url $FEED"
expect_no_text "extra-index-url"
