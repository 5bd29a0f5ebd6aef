# plan with the corrected and added rows (issue #18): ONNX Runtime 1.18.1's
# CUDA 12 build needs cuDNN 9, TF 2.13 on native Windows is "no GPU after
# 2.10" (not "not in the knowledge base"), JAX's CUDA 13 plugin starts at
# 0.7.2, and a plan resting on an unverified row says so (ONNX Runtime 1.29;
# 1.21-1.26 and 1.28 are confirmed since).
. "$GD_TESTS/cli/lib.sh"

gd plan --framework onnxruntime --version 1.18.1 --cuda 12
expect_rc 0
expect_text "cudnn        9.0"
expect_text "cudnn=9"
expect_no_text "cudnn=8"
expect_no_text "UNVERIFIED"

gd plan --framework onnxruntime --version 1.18.0 --cuda 12
expect_rc 0
expect_text "cudnn=8"

gd plan --framework tensorflow --version 2.13.0 --os windows
expect_rc 1
expect_text "no GPU build on native Windows (the last is 2.10.0)"
expect_no_text "not in the knowledge base"

gd plan --framework jax --version 0.7.0 --cuda 13
expect_rc 1
expect_no_text "jax[cuda13]==0.7.0"

gd plan --framework jax --version 0.7.2 --cuda 13
expect_rc 0
expect_text "jax[cuda13]"

gd plan --framework onnxruntime --version 1.22.0
expect_rc 0
expect_text "cuda         12.0"
expect_no_text "UNVERIFIED"

gd plan --framework onnxruntime --version 1.29.0
expect_rc 0
expect_text "UNVERIFIED: this plan rests on knowledge-base rows not confirmed"

gd plan --framework onnxruntime --version 1.29.0 --json
expect_rc 0
expect_json '[.notes[] | select(.topic == "unverified")] | length == 1'

gd plan --framework onnxruntime --version 1.27.0
expect_rc 0
expect_text "cuda         13.0"
expect_text "min driver   580"
# Its build row and its Python range (py_support's 1.24+ floor) are both verified.
expect_no_text "UNVERIFIED"
