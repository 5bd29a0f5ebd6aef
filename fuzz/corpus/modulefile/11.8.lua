-- -*- lua -*-
whatis("Name: CUDA")
whatis("Version: 11.8")
help([[NVIDIA CUDA Toolkit 11.8]])
local root = "/opt/nvidia/cuda-11.8.0"
setenv("CUDA_HOME", "/opt/nvidia/cuda-11.8.0")
prepend_path("PATH", pathJoin(root, "bin"))
prepend_path("LD_LIBRARY_PATH", "/opt/nvidia/cuda-11.8.0/lib64")
