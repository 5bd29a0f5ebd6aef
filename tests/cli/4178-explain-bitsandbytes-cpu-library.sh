#!/bin/sh
# 4178-explain-bitsandbytes-cpu-library: bitsandbytes' cextension.py warns "The installed version of
# bitsandbytes was compiled without GPU support" when the native library it loaded has no CUDA entry
# points (its CPU library): on Windows a CPU-only install (GD211); on Linux also the fallback of its
# CUDA setup when it finds no libcudart, which a missing libcudart in the same log shows first.
# Log: tests/explain/bitsandbytes-cpu-library.log (written for this test in bitsandbytes 0.41's format).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/bitsandbytes-cpu-library.log"
expect_rc 0
expect_json 'any(.facts.messages[]; .family == "bitsandbytes_cpu_library" and .first_line == 2)'
expect_json '.hypotheses[0].code == "GD211" and .hypotheses[0].kind == "cpu_only_build"'

# Linux, with the CUDA runtime not found by its setup: the missing runtime first, the CPU build next
printf '%s\n' 'WARNING: No libcudart.so found! Install CUDA or the cudatoolkit package (anaconda)!' \
    'libcudart.so.12: cannot open shared object file: No such file or directory' \
    'CUDA SETUP: Loading binary /home/u/env/lib/python3.10/site-packages/bitsandbytes/libbitsandbytes_cpu.so...' \
    '/home/u/env/lib/python3.10/site-packages/bitsandbytes/cextension.py:34: UserWarning: The installed version of bitsandbytes was compiled without GPU support. 8-bit optimizers, 8-bit multiplication, and GPU quantization are unavailable.' >"$CASE_DIR/linux.log"
gd explain --json "$CASE_DIR/linux.log"
expect_rc 0
expect_json '.hypotheses[0].kind == "missing_cudart"'
expect_json 'any(.hypotheses[1:][]; .kind == "cpu_only_build")'
