# Native Windows: TensorFlow GPU stops at 2.10 (CUDA 11.2, cuDNN 8.1).  2.10
# is built against NumPy 1 (pkg_fact numpy_abi_major): numpy<2 on every line
# (issue 27: the fix engine's requirement, no longer the Windows route's alone);
# conda's cudnn=8.1 matches conda-forge's 8.1.0.77 (was cudnn=8.1.0).
. "$GD_TESTS/cli/lib.sh"
gd plan --framework tensorflow --os windows --json
expect_rc 0
expect_json '.version == "2.10.0" and .cuda == "11.2" and .cudnn == "8.1" and .os == "windows"'
expect_json '.commands.pip == "python -m pip install \"tensorflow==2.10.0\" \"numpy<2\""'
expect_json '.commands.conda | startswith("conda create -n tf-gpu -c conda-forge python=3.10 cudatoolkit=11.2 cudnn=8.1\n")'
expect_json '[.rejected[] | select(.text | test("no GPU build on native Windows"))] | length > 0'
