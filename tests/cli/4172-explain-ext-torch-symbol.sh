#!/bin/sh
# 4172-explain-ext-torch-symbol: an extension module (site-packages/<pkg>/...so) that misses a symbol
# of torch's own C++ API (c10::, at::, torch::, caffe2:: as the Itanium ABI mangles them) was built
# against another torch (mmcv docs/en/faq.md, "undefined symbol"): GD141, extension_build_mismatch.
# torch's own library missing one is no extension's; a symbol outside torch's API says nothing.
# Log: tests/explain/ext-torch-symbol.log (written for this test in glibc's dlerror format).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ext-torch-symbol.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "extension_torch_symbol" and .first_line == 4)'
expect_json '.hypotheses[0].code == "GD141" and .hypotheses[0].kind == "extension_build_mismatch"'
expect_json '.hypotheses[0].why | contains("pytorch3d") and contains("_ZN3c104impl")'

# torch's own library: not an extension built for another torch
sed 's,site-packages/pytorch3d/_C.cpython-39-x86_64-linux-gnu.so,site-packages/torch/lib/libtorch_cpu.so,' \
    "$GD_TESTS/explain/ext-torch-symbol.log" >"$CASE_DIR/own.log"
gd explain --json "$CASE_DIR/own.log"
expect_rc 0
expect_json 'all(.hypotheses[]; .code != "GD141")'

# a symbol that is not torch's (the C library of another package): no cause of this kind
sed 's/_ZN3c104impl23ExcludeDispatchKeyGuardC1ENS_11DispatchKeyE/cairo_tee_surface_index/' \
    "$GD_TESTS/explain/ext-torch-symbol.log" >"$CASE_DIR/other.log"
gd explain --json "$CASE_DIR/other.log"
expect_rc 0
expect_json 'all(.hypotheses[]; .kind != "extension_build_mismatch")'

# the loader's line without a space after the path's colon, at:: and caffe2:: symbols
printf '%s\n' 'OSError: /home/u/env/lib/python3.7/site-packages/mmcv/_ext.cpython-37m-x86_64-linux-gnu.so:undefined symbol: _ZN6caffe28TypeMeta21_typeMetaDataInstanceIdEEPKNS_6detail12TypeMetaDataEv' >"$CASE_DIR/mmcv.log"
gd explain --json "$CASE_DIR/mmcv.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD141" and (.hypotheses[0].why | contains("mmcv"))'
printf '%s\n' 'ImportError: /srv/venv/lib/python3.10/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZNK2at6Tensor7is_cudaEv' >"$CASE_DIR/top.log"
gd explain --json "$CASE_DIR/top.log"
expect_rc 0
expect_json '.hypotheses[0].code == "GD141" and (.hypotheses[0].why | contains("flash_attn_2_cuda"))'
