# An RTX 5090 (12.0) with TensorFlow 2.10 on native Windows: no such set.
. "$GD_TESTS/cli/lib.sh"
gd plan --framework tensorflow --version 2.10 --gpu "RTX 5090" --os windows
expect_rc 1
expect_text "no plan: tensorflow on windows"
expect_text "CUDA 11.2, which predates compute capability 12.0"
gd plan --framework tensorflow --version 2.10 --gpu "RTX 5090" --os windows --json
expect_rc 1
expect_json '.found == false and .exit_status == 1 and (.why | test("12.0"))'
expect_json '.rejected[0].topic == "gpu"'
gd plan --framework tensorflow --os macos
expect_rc 1
expect_text "tensorflow-metal"
gd plan --framework tensorflow --gpu "RTX 9999"
expect_rc 2
expect_err "unknown GPU"
gd plan --framework caffe
expect_rc 2
gd plan --framework tensorflow --version 9.9 --driver 535.104.05
expect_rc 2
