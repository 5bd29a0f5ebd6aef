# CUDA install instructions followed on a Mac: nvidia-* wheels, a CuPy CUDA
# wheel and CUDA_VISIBLE_DEVICES.  GD214 says plainly that macOS has no
# CUDA (a warning for the inert packages, an error for CuPy, which has no
# GPU path on a Mac, info for the variable); torch's MPS path needs macOS
# 12.3 (GD702).
# An Intel Mac (macOS 10.15 predates Apple Silicon).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/macos.inc"
macos 10.15.7 19H2
P=/Users/ed/miniconda3
macpy "$P" 3.9 x86_64 10.9
mkd "$P/conda-meta"
SITE=$P/lib/python3.9/site-packages
mactorch "$SITE" 2.2.2 x86_64 1 10.9
dist "$SITE" nvidia-cudnn-cu12 8.9.2.26
dist "$SITE" nvidia-cuda-runtime-cu12 12.1.105
dist "$SITE" cupy-cuda12x 13.0.0
put "$SITE/cupy/__init__.py" ""

gdcheck --os macos --json --env CUDA_VISIBLE_DEVICES=0
expect_rc 1
expect_json '.findings[] | select(.code == "GD214" and .severity == "warning") | (.title | test("macOS has no CUDA")) and ([.evidence[].text] | any(test("nvidia-cudnn-cu12 8.9.2.26")))'
expect_json '.findings[] | select(.code == "GD214" and .severity == "warning") | [.fixes[].command] | any(test("pip uninstall -y .*nvidia-cudnn-cu12"))'
expect_json '[.findings[] | select(.code == "GD214" and .severity == "info")] | length == 1'
expect_json '.verdicts[] | select(.framework == "cupy") | .gpu == "no" and (.findings | index("GD214") != null)'
# torch's MPS needs macOS 12.3: on 10.15 it says so (GD702), not "CUDA"
expect_json '.verdicts[] | select(.framework == "torch") | .gpu == "no" and (.findings == ["GD702"])'
expect_json '.checklist[] | select(.step == "Apple Silicon") | .status == "failed" and (.detail | test("predates Apple Silicon"))'
