# An HPC node: TensorFlow 2.10 needs CUDA 11 / cuDNN 8, the system has only
# CUDA 12, but the site's Lmod tree offers cuda/11.8 and cudnn/8.9.7: the
# first fix is `module load`.  The module files are listed in the report.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 535.104.05 0x20b0
cuda_toolkit /usr/local/cuda-12.0 12.0.140
venv /home/u/tf 3.10
tensorflow 2.10.0 11.2 8 ""
mkdir -p "$ROOT/opt/modulefiles"
cp -r "$GD_TESTS/fixtures/modules/lmod/cuda" "$GD_TESTS/fixtures/modules/lmod/cudnn" "$ROOT/opt/modulefiles/"
gdcheck --json --env VIRTUAL_ENV=/home/u/tf --env MODULEPATH=/opt/modulefiles
expect_rc 1
expect_json '.modules.modulepath == "/opt/modulefiles"'
expect_json '[.modules.files[].name] | index("cuda/11.8") != null'
expect_json '.findings[] | select(.code == "GD206") | .fixes[0].command == "module load cuda/11.8 cudnn/8.9.7-cuda11"'
gdcheck -v --env VIRTUAL_ENV=/home/u/tf --env MODULEPATH=/opt/modulefiles
expect_text "Environment modules"
expect_text "\$ module load cuda/11.8 cudnn/8.9.7-cuda11"
