#!/bin/sh
# 4186-explain-warp-gl-interop: NVIDIA Warp's OpenGL renderer warns "Could not register GL buffer
# since CUDA/OpenGL interoperability is not available. Falling back to copy operations ..." when
# CUDA refuses to register the GL buffer (the CUDA error Warp prints from
# wp_cuda_graphics_register_gl_buffer); drawing gets slower, the computation stays on the GPU, as
# Warp's own "Module ... load on device 'cuda:0'" lines show: harmless noise (GD401), not a CUDA
# failure.  The same CUDA error without the fallback stays a CUDA error.
# Log: tests/explain/warp-gl-interop-fallback.log (written for this test in Warp 1.5's format).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/warp-gl-interop-fallback.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "warp_gl_interop_fallback" and .first_line == 11)'
expect_json 'any(.facts.messages[]; .family == "gpu_in_use")'
expect_json '.hypotheses[0].kind == "harmless_noise"'
expect_json 'all(.hypotheses[]; .code != "GD402")'

# the CUDA error alone (no fallback): it is not called harmless
grep -v UserWarning "$GD_TESTS/explain/warp-gl-interop-fallback.log" >"$CASE_DIR/error.log"
gd explain --json "$CASE_DIR/error.log"
expect_rc 0
expect_json '.hypotheses[0].kind != "harmless_noise"'
