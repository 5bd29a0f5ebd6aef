# TensorFlow for driver 535 on Linux: 2.15 (CUDA 12.2), the newest whose
# toolkit driver 535 runs without minor-version compatibility.
. "$GD_TESTS/cli/lib.sh"
gd plan --framework tensorflow --driver 535.104.05 --json
expect_rc 0
expect_json '.schema == "gpudoctor-plan/1" and .found == true and .exit_status == 0'
expect_json '.version == "2.15.0" and .cuda == "12.2" and .cudnn == "8.9" and .python == "3.9-3.11"'
expect_json '.min_driver == "535.54.03" and .driver_rule == "toolkit"'
expect_json '.docker_image == "tensorflow/tensorflow:2.15.0-gpu"'
# Every pip line names its interpreter (issue 16: no bare pip).
expect_json '.commands.pip == "python3 -m pip install \"tensorflow[and-cuda]==2.15.0\""'
expect_json '.commands.docker == "docker run --gpus all -it tensorflow/tensorflow:2.15.0-gpu"'
expect_json '.rejected[0].topic == "driver"'
gd plan --framework tensorflow --driver 535.104.05
expect_rc 0
expect_text "plan: tensorflow 2.15.0 on linux"
expect_text 'pip install "tensorflow[and-cuda]==2.15.0"'
expect_text "conda create -n tf-gpu -c conda-forge python=3.11"
