# XGBoost's macOS wheel on Apple Silicon: its GPU algorithms are CUDA
# only, and macOS has no CUDA (GD214, from the framework registry's
# macOS route: rules_macos.c), whatever its package says.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/macos.inc"
macos 14.4.1 23E224 binary
macpy /Users/ann/miniforge3 3.12 arm64
mkd /Users/ann/miniforge3/conda-meta
SITE=/Users/ann/miniforge3/lib/python3.12/site-packages
dist "$SITE" xgboost 3.0.5 "Requires-Dist: numpy
Requires-Dist: scipy"
put "$SITE/xgboost/__init__.py" ""

gdcheck --os macos --json
expect_rc 1
expect_json '.verdicts[] | select(.framework == "xgboost") | .gpu == "no" and .findings == ["GD214"]'
expect_json '.findings[] | select(.code == "GD214") | .title | test("xgboost needs CUDA, and macOS has no CUDA")'
