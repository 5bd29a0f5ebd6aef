#!/bin/sh
# PyTorch builds: +cu121 with its nvidia-* wheels (one missing, one at the
# wrong version), +cpu, ROCm with bundled HIP libraries, and two torch
# dist-infos in one site-packages (a broken pip state).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
S=/envs/cu/lib/python3.11/site-packages
venv_cfg /envs/cu 3.11.7
dist $S torch 2.1.0+cu121 'Requires-Dist: filelock
Requires-Dist: nvidia-cuda-runtime-cu12 (==12.1.105) ; platform_system == "Linux" and platform_machine == "x86_64"
Requires-Dist: nvidia-cudnn-cu12 (==8.9.2.26) ; platform_system == "Linux" and platform_machine == "x86_64"
Requires-Dist: nvidia-nccl-cu12 (==2.18.1) ; platform_system == "Linux" and platform_machine == "x86_64"
Requires-Dist: triton (==2.1.0) ; platform_system == "Linux" and platform_machine == "x86_64"'
put $S/torch/version.py "from typing import Optional

__all__ = ['__version__', 'debug', 'cuda', 'git_version', 'hip']
__version__ = '2.1.0+cu121'
debug = False
cuda: Optional[str] = '12.1'
git_version = '7bcf7da3a268b435777fe87c7794c382f444e86d'
hip: Optional[str] = None"
put $S/torch/lib/libtorch_cuda.so ""
put $S/torch/lib/libc10_cuda.so ""
dist $S nvidia-cuda-runtime-cu12 12.1.105
dist $S nvidia-cudnn-cu12 9.1.0.70
mkd $S/nvidia/cuda_runtime/lib $S/nvidia/cudnn/lib

C=/envs/cpu/lib/python3.11/site-packages
venv_cfg /envs/cpu 3.11.7
dist $C torch 2.2.1+cpu
put $C/torch/version.py "__version__ = '2.2.1+cpu'
debug = False
cuda: Optional[str] = None
git_version = '6c8c5ad5eaf47a62fafbb4a2747198cbffbf1ff0'
hip: Optional[str] = None"

R=/envs/rocm/lib/python3.10/site-packages
venv_cfg /envs/rocm 3.10.12
dist $R torch 2.3.0+rocm6.0
put $R/torch/version.py "__version__ = '2.3.0+rocm6.0'
debug = False
cuda: Optional[str] = None
git_version = '97ff6cfd9c86c5c09d7ce775ab64ec5c99230f5d'
hip: Optional[str] = '6.0.32830-d62f6a171'"
put $R/torch/lib/libtorch_hip.so ""
put $R/torch/lib/libamdhip64.so ""

D=/envs/dup/lib/python3.11/site-packages
venv_cfg /envs/dup 3.11.7
dist $D torch 2.0.1
dist $D torch 2.1.2
dist $D Torch_Vision 0.16.2

mkd /envs/cu/bin /envs/cpu/bin /envs/rocm/bin /envs/dup/bin
for e in cu cpu rocm dup; do put /envs/$e/bin/python3 "#!/bin/false"; done
facts --env HOME=/nohome --env PATH=/envs/cu/bin:/envs/cpu/bin:/envs/rocm/bin:/envs/dup/bin
expect_json '.python_envs | length == 4'
expect_json '.python_envs[0].frameworks[0] | .name == "torch" and .version == "2.1.0+cu121" and .local == "cu121" and .build.cuda == "12.1" and .build.variant == "cuda" and .build.cudnn == "8.9.2.26" and (.build.source | endswith("torch/version.py")) and .build.git_version == "7bcf7da3a268b435777fe87c7794c382f444e86d" and .build.debug == false'
expect_json '.python_envs[0].frameworks[0].bundled_libs == ["libc10_cuda.so", "libtorch_cuda.so"]'
expect_json '[.python_envs[0].frameworks[0].requires[] | {name, installed, satisfied}] == [{"name":"nvidia-cuda-runtime-cu12","installed":"12.1.105","satisfied":true},{"name":"nvidia-cudnn-cu12","installed":"9.1.0.70","satisfied":false},{"name":"nvidia-nccl-cu12","installed":null,"satisfied":null}]'
expect_json '[.python_envs[0].packages_cuda[].name] == ["nvidia-cuda-runtime-cu12", "nvidia-cudnn-cu12"]'
expect_json '.python_envs[1].frameworks[0] | .build.variant == "cpu" and .build.cuda == null and .local == "cpu"'
expect_json '.python_envs[2].frameworks[0] | .build.variant == "rocm" and .build.hip == "6.0.32830-d62f6a171" and .local == "rocm6.0" and (.bundled_libs | index("libtorch_hip.so")) != null'
expect_json '.python_envs[3].duplicates | length == 1 and .[0].name == "torch" and .[0].versions == ["2.0.1", "2.1.2"]'
expect_json '.python_envs[3].n_distributions == 3'
expect_json '.warnings == []'
# The two torch records are a finding (GD216) in the report.
gdcheck --json --env HOME=/nohome --env PATH=/envs/cu/bin:/envs/cpu/bin:/envs/rocm/bin:/envs/dup/bin
expect_json '[.findings[] | select(.code == "GD216" and .kind == "broken_install" and (.title | test("torch is installed twice")))] | length == 1'
expect_json '.findings[] | select(.code == "GD216") | .evidence | length == 2'
# Its fix reinstalls one version the fix engine validated (the newer record's release, a
# CUDA variant torch.kb has for it, in the environment's own interpreter), never a bare name.
expect_json '[.findings[] | select(.code == "GD216") | .fixes[].command] == ["/envs/dup/bin/python3 -m pip uninstall -y torch", "/envs/dup/bin/python3 -m pip install --force-reinstall \"torch==2.1.*\" --index-url https://download.pytorch.org/whl/cu121"]'
exit 0
