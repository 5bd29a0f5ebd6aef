# CUDA extensions beside torch, judged before import: each module's fat
# binaries against the GPU, its Requires-Dist on torch and its CUDA build
# against the torch installed, its CUDA libraries against what torch loads.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 550.163.01 0x2684
torch_cu124 /home/u/pt
# flash-attn for sm_80 and sm_90, libcudart.so.12 (torch loads it): fine on an RTX 4090 (8.9).
cuda_ext "$SITE/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so" flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so "80 90" libcudart.so.12
extdist "$SITE" flash-attn 2.7.4 "" flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so flash_attn/__init__.py
# torchvision built for CUDA 11.8 beside torch's 12.4.
cuda_ext "$SITE/torchvision/_C.so" _C.so "50 60 70 75 80 86 90"
extdist "$SITE" torchvision 0.21.0+cu118 "==2.6.0" torchvision/_C.so torchvision.libs/libpng16.so.16
# xformers pinned to another torch.
cuda_ext "$SITE/xformers/_C.so" _C.so "80 90"
extdist "$SITE" xformers 0.0.28.post1 "==2.4.1" xformers/_C.so
# bitsandbytes' CUDA 11.8 library: libcudart.so.11.0, which nothing provides.
cuda_ext "$SITE/bitsandbytes/libbitsandbytes_cuda118.so" libbitsandbytes_cuda118.so "75 80" libcudart.so.11.0
extdist "$SITE" bitsandbytes 0.45.0 ">=2.0" bitsandbytes/libbitsandbytes_cuda118.so
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json '[.python_envs[0].cuda_extensions[].dist] | sort == ["bitsandbytes", "flash-attn", "torchvision", "xformers"]'
expect_json '.python_envs[0].cuda_extensions[] | select(.dist == "flash-attn") | .archs == "sm_80,sm_90" and .cuda_needed == ["libcudart.so.12"] and .torch_pin == null'
expect_json '.python_envs[0].cuda_extensions[] | select(.dist == "xformers") | .torch_pin == "==2.4.1" and .torch_pin_ok == false and .torch_version == "2.6.0+cu124"'
expect_json '[.findings[] | select(.subject | tostring | startswith("flash-attn"))] | length == 0'
expect_json '.findings[] | select(.code == "GD141" and (.subject | startswith("xformers"))) | .title | test("requires torch==2.4.1 but the environment has torch 2.6.0\\+cu124")'
expect_json '[.findings[] | select(.code == "GD141" and (.subject | startswith("xformers"))) | .fixes[].command] | index("/home/u/pt/bin/python3.11 -m pip check") != null or index("/home/u/pt/bin/python3 -m pip check") != null'
expect_json '.findings[] | select(.code == "GD141" and (.subject | startswith("torchvision"))) | .title | test("built for CUDA 11.x, torch for CUDA 12.4")'
expect_json '.findings[] | select(.code == "GD142") | (.subject | startswith("bitsandbytes")) and (.title | test("needs libcudart.so.11.0"))'
expect_json '[.findings[] | select(.code == "GD140")] | length == 0'
expect_json "$(v torch) | .gpu == \"yes\""
# On a GTX 1080 (6.1): flash-attn has no code for it.
rm -rf "$ROOT/sys/bus/pci/devices"
gpu 0000:01:00.0 0x1b80
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_json '.findings[] | select(.code == "GD140" and (.subject | startswith("flash-attn"))) | .title | test("compute capability 6.1")'
expect_json '[.findings[] | select(.code == "GD140" and (.subject | startswith("torchvision")))] | length == 0'

# A source build for Hopper only (TORCH_CUDA_ARCH_LIST="9.0a+PTX": sm_90a
# and compute_90a, architecture-specific): native on an H100 (9.0); on a
# B200 (10.0) its PTX cannot be JIT-compiled ("PTX code generated for such
# targets cannot be run on later generation devices": PTX ISA, Target ISA
# notes), so no kernel image, where a compute_90 build would run.
rm -rf "$ROOT$SITE"/flash_attn* "$ROOT$SITE"/torchvision* "$ROOT$SITE"/xformers* "$ROOT$SITE"/bitsandbytes*
cuda_ext "$SITE/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so" flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so "90a ptx90a" libcudart.so.12
extdist "$SITE" flash-attn 2.7.4 "" flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so
rm -rf "$ROOT/sys/bus/pci/devices" "$ROOT/proc/driver/nvidia/gpus"
gpu 0000:01:00.0 0x2330
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_json '.gpus[0].compute_capability == "9.0"'
expect_json '.python_envs[0].cuda_extensions[0].archs == "compute_90a,sm_90a"'
expect_json '[.findings[] | select(.code == "GD140")] | length == 0'
rm -rf "$ROOT/sys/bus/pci/devices"
gpu 0000:01:00.0 0x2901
gpuinfo 0000:01:00.0 "NVIDIA B200"
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_json '.gpus[0].compute_capability == "10.0"'
expect_json '.findings[] | select(.code == "GD140" and (.subject | startswith("flash-attn"))) | .title | test("compute capability 10.0")'
