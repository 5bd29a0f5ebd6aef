#!/bin/sh
# 4204-explain-same-as-check-xgboost: XGBoost (issue 27's worked framework):
# each fixture machine to check and a log of the same machine to explain
# give the same finding codes (tests/cli/pairs.inc).  The log shows the
# package and the driver; check reads libxgboost.so's fat binaries too.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/pairs.inc"
command -v jq >/dev/null || skip "jq is not installed"

# XGBoost's CPU-only package (GD211): pip list.
newmachine xgboost-cpu
machine 550.54.15 0x2684
venv /home/u/xg 3.12
dist "$SITE" xgboost-cpu 3.0.5
put "$SITE/xgboost/__init__.py" ""
pair --env VIRTUAL_ENV=/home/u/xg <<'EOF'
$ pip list | grep xgboost
xgboost-cpu              3.0.5
EOF

# 2.1.4's wheel, built with CUDA 12.8, on a CUDA 11.4 driver (GD208): nvidia-smi, pip.
newmachine xgboost-old-driver
machine 470.223.02 0x2684
venv /home/u/xg 3.12
dist "$SITE" xgboost 2.1.4
put "$SITE/xgboost/__init__.py" ""
cuda_ext "$SITE/xgboost/lib/libxgboost.so" libxgboost.so "50 60 70 80 90 100 120"
pair --env VIRTUAL_ENV=/home/u/xg <<'EOF'
$ nvidia-smi
| NVIDIA-SMI 470.223.02   Driver Version: 470.223.02   CUDA Version: 11.4     |
$ pip list | grep xgboost
xgboost                  2.1.4
EOF

[ "$PAIRS" -eq 2 ] || fail "2 pairs expected, $PAIRS ran"
exit 0
