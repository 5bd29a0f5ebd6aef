#!/bin/sh
# 4203-explain-same-as-check-windows: native Windows: a fixture C: drive to
# `check --os windows` and a log of the same machine to explain give the same
# finding codes (tests/cli/pairs.inc; the machines of windows_machine.inc).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
. "$GD_TESTS/cli/pairs.inc"
command -v jq >/dev/null || skip "jq is not installed"
PAIR_CHECK=wincheck

# TensorFlow 2.15 in python.org's CPython on native Windows (GD212): the
# interpreter's banner (CPython's PC/pyconfig.h: "[MSC v.NNNN 64 bit (AMD64)]"),
# pip's listing, tensorflow/python/framework/config.py's empty list.
newmachine tf215-native
winmachine 31,0,15,3833
wincuda 12.0
winpython u 311
wintf 2.15.0 64_121 64_8
pair <<'EOF'
PS C:\Users\u> python
Python 3.11.9 (tags/v3.11.9:de54cf5, Apr  2 2024, 10:12:12) [MSC v.1938 64 bit (AMD64)] on win32
>>> import tensorflow as tf
>>> tf.config.list_physical_devices('GPU')
[]
PS C:\Users\u> pip list | findstr tensorflow
tensorflow                   2.15.0
tensorflow-intel             2.15.0
EOF

# PyPI's CPU-only torch on native Windows (GD211): torch/cuda/__init__.py _lazy_init.
newmachine torch-cpu-windows
winmachine 31,0,15,3833
winpython u 311
dist "$SITE" torch 2.3.1+cpu
put "$SITE/torch/version.py" "__version__ = '2.3.1+cpu'
debug = False
cuda = None
git_version = 'abc'
hip = None"
pair <<'EOF'
PS C:\Users\u\proj> python train.py
Traceback (most recent call last):
  File "C:\Users\u\proj\train.py", line 4, in <module>
    model = model.to("cuda")
  File "C:\Users\u\AppData\Local\Programs\Python\Python311\Lib\site-packages\torch\cuda\__init__.py", line 284, in _lazy_init
    raise AssertionError("Torch not compiled with CUDA enabled")
AssertionError: Torch not compiled with CUDA enabled
PS C:\Users\u\proj> pip list | findstr torch
torch                    2.3.1+cpu
EOF

[ "$PAIRS" -eq 2 ] || fail "2 pairs expected, $PAIRS ran"
exit 0
