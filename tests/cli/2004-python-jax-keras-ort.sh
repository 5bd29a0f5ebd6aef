#!/bin/sh
# JAX with a CUDA plugin one release behind jaxlib (skew), an old monolithic
# CUDA jaxlib, Keras 3 with keras.json and KERAS_BACKEND, onnxruntime-gpu
# next to onnxruntime, and CuPy.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
S=/v/a/lib/python3.11/site-packages
venv_cfg /v/a 3.11.7
dist $S jax 0.4.31 'Requires-Dist: jaxlib <=0.4.31,>=0.4.30
Requires-Dist: jax-cuda12-plugin[with_cuda] <=0.4.31,>=0.4.31 ; extra == "cuda12"'
dist $S jaxlib 0.4.31
dist $S jax-cuda12-plugin 0.4.30
dist $S jax-cuda12-pjrt 0.4.30
dist $S keras 3.3.3
dist $S onnxruntime-gpu 1.18.1 'Requires-Dist: coloredlogs'
dist $S onnxruntime 1.17.0
put $S/onnxruntime/capi/libonnxruntime_providers_cuda.so ""
dist $S cupy-cuda12x 13.1.0
put /home/u/.keras/keras.json '{"floatx": "float32", "epsilon": 1e-07, "backend": "jax", "image_data_format": "channels_last"}'

T=/v/b/lib/python3.10/site-packages
venv_cfg /v/b 3.10.12
dist $T jax 0.4.20
dist $T jaxlib 0.4.20+cuda12.cudnn89
dist $T keras 2.15.0
dist $T cupy-cuda117 10.6.0

mkd /v/b/bin; put /v/b/bin/python3 "#!/bin/false"
facts --env HOME=/home/u --env VIRTUAL_ENV=/v/a --env PATH=/v/b/bin
expect_json '.python_envs | length == 2'
expect_json '[.python_envs[0].frameworks[].name] == ["jax", "keras", "cupy", "onnxruntime"]'
expect_json '.python_envs[0].frameworks[0] | .version == "0.4.31" and .build.variant == "cuda" and .build.cuda == "12" and .version_skew == true and ([.components[].name] == ["jaxlib", "jax-cuda12-pjrt", "jax-cuda12-plugin"])'
expect_json '.python_envs[0].frameworks[0].requires | map({(.name): .satisfied}) | add == {"jaxlib": true}'
expect_json '.python_envs[0].frameworks[1] | .backend == "jax" and .backend_source == "/home/u/.keras/keras.json"'
expect_json '.python_envs[0].frameworks[2] | .dist == "cupy-cuda12x" and .build.cuda == "12.x" and .build.variant == "cuda"'
expect_json '.python_envs[0].frameworks[3] | .dist == "onnxruntime-gpu" and .build.variant == "cuda" and (.components | length == 2) and ([.evidence[].what] | index("CUDA execution provider present")) != null'
expect_json '.python_envs[1].frameworks[0] | .build.cuda == "12" and .build.cudnn == "8.9" and .local == "cuda12.cudnn89" and .version_skew == false'
expect_json '.python_envs[1].frameworks[1] | .backend == "tensorflow" and .backend_source == "keras 2.4+ uses tensorflow only"'
expect_json '.python_envs[1].frameworks[2].build.cuda == "11.7"'

# KERAS_BACKEND wins over keras.json; KERAS_HOME moves keras.json.
facts --env HOME=/home/u --env VIRTUAL_ENV=/v/a --env KERAS_BACKEND=torch
expect_json '.python_envs[0].frameworks[1] | .backend == "torch" and .backend_source == "KERAS_BACKEND"'
put /kh/keras.json '{"backend": "tensorflow"}'
facts --env HOME=/home/u --env VIRTUAL_ENV=/v/a --env KERAS_HOME=/kh
expect_json '.python_envs[0].frameworks[1] | .backend == "tensorflow" and .backend_source == "/kh/keras.json"'
exit 0
