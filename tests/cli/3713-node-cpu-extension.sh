# A CPU build of an extension beside a CUDA torch (GD143): torchvision
# 0.21.0+cpu (PyTorch's CPU index) in a venv with torch 2.6.0+cu124 -- its
# modules carry no fat binary and link torch's CPU libraries only, so its
# operators (nms, roi_align, ...) have no CUDA kernels: "Could not run
# 'torchvision::nms' with arguments from the 'CUDA' backend"
# (pytorch/vision#3058 and its many duplicates).  The fix reinstalls
# torchvision at its version from torch's own index, --no-deps.  A CUDA
# build that links libc10_cuda.so but carries no fat binary of its own is
# not a CPU build; a CPU torchvision pinned to another torch is still
# GD141; a CPU torch beside a CPU torchvision is fine.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 550.163.01 0x2684
torch_cu124 /home/u/pt
cuda_ext "$SITE/torchvision/_C.so" _C.so - libc10.so libtorch_cpu.so
cuda_ext "$SITE/torchvision/image.so" image.so - libc10.so libtorch_cpu.so libpng16.so.16
extdist "$SITE" torchvision 0.21.0+cpu "==2.6.0" torchvision/_C.so torchvision/image.so torchvision/__init__.py
# torchaudio's CUDA build: torch's CUDA libraries linked, no fat binary of its own.
cuda_ext "$SITE/torchaudio/lib/libtorchaudio.so" libtorchaudio.so - libc10.so libc10_cuda.so libtorch_cuda.so
extdist "$SITE" torchaudio 2.6.0+cu124 "==2.6.0" torchaudio/lib/libtorchaudio.so
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 0
expect_json "$(v torch) | .gpu == \"yes\""
expect_json '[.python_envs[0].cuda_extensions[] | select(.dist == "torchvision") | .device_code] == [false, false]'
expect_json '.python_envs[0].cuda_extensions[] | select(.dist == "torchaudio") | .device_code == true and .archs == null and .cuda_needed == []'
expect_json '[.findings[] | .code] == ["GD143"]'
expect_json '.findings[0] | .severity == "warning" and (.subject | startswith("torchvision 0.21.0+cpu"))'
expect_json ".findings[0].title | test(\"CPU build beside torch built for CUDA 12.4.*'torchvision::...' with arguments from the 'CUDA' backend\")"
expect_json '.findings[0].fixes[0] | .rank == "user" and (.command | test("^/home/u/pt/bin/python3?[.0-9]* -m pip install --force-reinstall --no-deps \"torchvision==0.21.0\" --index-url https://download.pytorch.org/whl/cu124$"))'
gdcheck --env VIRTUAL_ENV=/home/u/pt
expect_text "warning GD143 torchvision 0.21.0+cpu is a CPU build"

# A CPU torchvision pinned to another torch: the pin is checked all the same.
rm -rf "$ROOT$SITE"/torchvision*
cuda_ext "$SITE/torchvision/_C.so" _C.so - libc10.so libtorch_cpu.so
extdist "$SITE" torchvision 0.20.1+cpu "==2.5.1" torchvision/_C.so
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json '[.findings[] | .code] | sort == ["GD141", "GD143"]'

# A distribution's .egg-info (Debian's python3-torchaudio: PKG-INFO and
# top_level.txt, no RECORD) whose modules are in the package's lib/, as
# torchaudio keeps _torchaudio.so: read, and a CPU build (tests/cli/8516 on
# the real package).
rm -rf "$ROOT$SITE"/torchvision* "$ROOT$SITE"/torchaudio*
cuda_ext "$SITE/torchaudio/lib/_torchaudio.so" _torchaudio.so - libc10.so libtorch_cpu.so
put "$SITE/torchaudio/__init__.py" ""
put "$SITE/torchaudio-2.6.0.egg-info/PKG-INFO" "Metadata-Version: 2.1
Name: torchaudio
Version: 2.6.0
Requires-Dist: torch"
put "$SITE/torchaudio-2.6.0.egg-info/top_level.txt" "torchaudio
torio"
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_json ".python_envs[0].cuda_extensions | map([.dist, .module, .device_code]) == [[\"torchaudio\", \"$SITE/torchaudio/lib/_torchaudio.so\", false]]"
expect_json '[.findings[] | .code] == ["GD143"]'

# A CPU torch with a CPU torchvision: nothing to say.
rm -rf "$ROOT/home/u/pt"
venv /home/u/cpu 3.11
torch_cpu 2.6.0+cpu
cuda_ext "$SITE/torchvision/_C.so" _C.so - libc10.so libtorch_cpu.so
extdist "$SITE" torchvision 0.21.0+cpu "==2.6.0" torchvision/_C.so
gdcheck --json --env VIRTUAL_ENV=/home/u/cpu
expect_json '[.findings[] | select(.code == "GD143")] | length == 0'
expect_json '.python_envs[0].cuda_extensions[0].device_code == false'
