# The scheduler and the container around the process.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"

# (1) A Docker container started without the NVIDIA runtime: the host's
#     module shows in /proc and the GPU in sysfs, but no libcuda and no
#     device nodes.  One cause (GD132), not GD114 + GD105; torch "no".
osrelease
put /.dockerenv ""
kmod 550.163.01
gpu 0000:01:00.0 0x2684
torch_cu124 /home/u/pt
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json '.findings[] | select(.code == "GD132") | .severity == "error" and .kind == "container_toolkit_missing"'
expect_json '[.findings[] | select(.code == "GD114" or .code == "GD105")] | length == 0'
expect_json '[.findings[] | select(.code == "GD132") | .fixes[].command] | index("docker run --gpus all --ipc=host IMAGE") != null'
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD132\") != null)"
# With the runtime: the host's libraries and nodes are there.
mkdriver 550.163.01
devnodes nvidiactl nvidia0 nvidia-uvm
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 0
expect_json '[.findings[] | select(.code == "GD132")] | length == 0'
rm -f "$ROOT/.dockerenv"

# (2) A Slurm job without GPUs (none of the variables the gres plugin sets).
gdcheck --json --env VIRTUAL_ENV=/home/u/pt --env SLURM_JOB_ID=77
expect_json '.findings[] | select(.code == "GD130") | .severity == "warning" and (.title | test("Slurm job 77 has no GPU"))'
expect_json '[.findings[] | select(.code == "GD130") | .fixes[].command] | any(. != null and test("srun --gres=gpu:1"))'
gdcheck --json --env VIRTUAL_ENV=/home/u/pt --env SLURM_JOB_ID=77 --env SLURM_JOB_GPUS=0 --env CUDA_VISIBLE_DEVICES=0
expect_json '[.findings[] | select(.code == "GD130")] | length == 0'

# (3) The host: Docker installed, no NVIDIA Container Toolkit (GD133, info);
#     a CDI spec generated for the old driver (GD134).
put /usr/bin/docker "#!/bin/false"
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 0
expect_json '.node.container_runtime | .read and .engine == "/usr/bin/docker" and .toolkit == null'
expect_json '.findings[] | select(.code == "GD133") | .severity == "info"'
expect_json '[.findings[] | select(.code == "GD133") | .fixes[].command] | any(. != null and test("nvidia-ctk runtime configure --runtime=docker"))'
put /usr/bin/nvidia-ctk "#!/bin/false"
put /etc/cdi/nvidia.yaml "cdiVersion: 0.5.0
kind: nvidia.com/gpu
containerEdits:
  mounts:
  - hostPath: /usr/lib/x86_64-linux-gnu/libcuda.so.535.104.05
    containerPath: /usr/lib/x86_64-linux-gnu/libcuda.so.535.104.05"
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_json '[.findings[] | select(.code == "GD133")] | length == 0'
expect_json '.findings[] | select(.code == "GD134") | .title | test("generated for driver 535.104.05, the driver is now 550.163.01")'
expect_json '[.findings[] | select(.code == "GD134") | .fixes[].command] | index("sudo nvidia-ctk cdi generate --output=/etc/cdi/nvidia.yaml") != null'

# (4) Lmod: a loaded cuda/12.0 module puts CUDA 12.0 first on
#     LD_LIBRARY_PATH; a torch whose libtorch_cuda has a DT_RUNPATH (a
#     source build) gets 12.0's libcudart.so.12 instead of its 12.4 one.
venv /home/u/src 3.11
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.4.127
nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.4.5.8
TORCH_RUNPATH=1 torch 2.6.0+cu124 12.4 libcudart.so.12 libcublas.so.12
mklib /opt/cuda-12.0/lib64/libcudart.so.12.0.146 libcudart.so.12
ln -sfn libcudart.so.12.0.146 "$ROOT/opt/cuda-12.0/lib64/libcudart.so.12"
put /opt/modulefiles/cuda/12.0.lua 'setenv("CUDA_HOME", "/opt/cuda-12.0")
prepend_path("LD_LIBRARY_PATH", "/opt/cuda-12.0/lib64")'
gdcheck --json --env VIRTUAL_ENV=/home/u/src --env MODULEPATH=/opt/modulefiles --env _LMFILES_=/opt/modulefiles/cuda/12.0.lua \
    --env LOADEDMODULES=cuda/12.0 --env LD_LIBRARY_PATH=/opt/cuda-12.0/lib64
expect_json '.findings[] | select(.code == "GD131") | .severity == "warning" and (.title | test("libcudart.so.12 from the loaded module cuda/12.0 \\(CUDA 12.0\\), not the CUDA 12.4"))'
expect_json '[.findings[] | select(.code == "GD131") | .fixes[].command] | index("module unload cuda/12.0") != null'
