# TensorFlow for driver 535 on Linux.  Issue 18: the floor is TensorFlow's own
# documented minimum (pip page: ">= 525.60.13 for Linux" for its CUDA 12
# builds, data/tf_driver.kb), not CUDA 12.5's release driver 555.42.02, so
# 535 gets the newest release, 2.21.0 (this case expected 2.15.0 with the
# toolkit's 535.54.03 before).  Where the GPU runs the release only from PTX,
# the toolkit's own driver applies again.
. "$GD_TESTS/cli/lib.sh"
gd plan --framework tensorflow --driver 535.104.05 --json
expect_rc 0
expect_json '.schema == "gpudoctor-plan/1" and .found == true and .exit_status == 0'
expect_json '.version == "2.21.0" and .cuda == "12.5" and .cudnn == "9.3" and .python == "3.10-3.13"'
expect_json '.min_driver == "525.60.13" and .driver_rule == "TensorFlow"'
expect_json '[.notes[] | select(.topic == "driver" and (.source // "" | test("tensorflow.org/install/pip")))] | length == 1'
expect_json '[.notes[] | select(.topic == "driver" and (.source // "" | test("nvptx_compiler.cc")))] | length == 1'
expect_json '.docker_image == "tensorflow/tensorflow:2.21.0-gpu"'
# Every pip line names its interpreter (issue 16: no bare pip).
expect_json '.commands.pip == "python3 -m pip install \"tensorflow[and-cuda]==2.21.0\""'
expect_json '.commands.docker == "docker run --gpus all -it tensorflow/tensorflow:2.21.0-gpu"'
expect_json '.rejected == []'
gd plan --framework tensorflow --driver 535.104.05
expect_rc 0
expect_text "plan: tensorflow 2.21.0 on linux"
expect_text "min driver   525.60.13 (TensorFlow's own documented minimum)"
expect_text "up to CUDA 12.5's own release driver 555.42.02, TensorFlow runs through minor-version compatibility"
expect_text 'pip install "tensorflow[and-cuda]==2.21.0"'
expect_text "conda create -n tf-gpu -c conda-forge python=3.13"
# Below TensorFlow's CUDA 12 floor: 2.14, the newest CUDA 11 build (450.80.02).
gd plan --framework tensorflow --driver 520.61.05 --json
expect_rc 0
expect_json '.version == "2.14.0" and .cuda == "11.8" and .min_driver == "450.80.02" and .driver_rule == "TensorFlow"'
expect_json '.rejected[0].topic == "driver" and (.rejected[0].text | test("needs driver >= 525.60.13 on linux \\(TensorFlow.s own documented minimum\\); driver 520.61.05 is older"))'
# An H100 (9.0): 2.18-2.21 carry no sm_90 SASS, only compute_90 PTX, which the
# driver JIT-compiles and a driver older than CUDA 12.5's refuses: 2.15.0
# (CUDA 12.2, 535.54.03) is the newest that 535 runs there.
gd plan --framework tensorflow --driver 535.104.05 --gpu H100 --json
expect_rc 0
expect_json '.version == "2.15.0" and .min_driver == "535.54.03" and .driver_rule == "PTX JIT"'
expect_json '.rejected[0].text | test("needs driver >= 555.42.02 on linux \\(the CUDA toolkit.s own driver: compute capability 9.0 runs this release only from PTX")'
gd plan --framework tensorflow --driver 535.104.05 --gpu H100
expect_text "min driver   535.54.03 (the CUDA toolkit's own driver, for PTX JIT)"
# 2.15's list (tf_arch 2.4-2.17) is an unverified row: the plan says so.
expect_text "tensorflow 2.15.0 has machine code for 5.0;6.0;7.0;7.5;8.0 only"
expect_text "UNVERIFIED: this plan rests on knowledge-base rows not confirmed from a primary source (gpu)"
# Native Windows 2.10: TensorFlow documents no floor there, the toolkit's own.
gd plan --framework tensorflow --os windows --json
expect_json '.version == "2.10.0" and .min_driver == "460.82" and .driver_rule == "toolkit"'
gd plan --framework tensorflow --os windows
expect_text "min driver   460.82 (the CUDA toolkit's own driver)"
expect_text "the knowledge base has no TensorFlow-documented minimum for it"
