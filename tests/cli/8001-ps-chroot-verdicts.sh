#!/bin/sh
# gpudoctor ps on real running jobs, chrooted into a fixture machine (driver
# 550.54.15, an H100, torch 2.4.0+cu124 with its pip NVIDIA wheels): each
# verdict from what the kernel says the job mapped and opened -- on the GPU,
# CUDA hidden by CUDA_VISIBLE_DEVICES, the driver opened with no GPU,
# framework loaded but CUDA not yet initialised, nothing loaded -- and every
# CUDA library the job mapped agreeing with the loader model's prediction
# for its environment (the real glibc loader chose them).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/ps.inc"
machine 550.54.15 0x2330
ps_glibc
ps_torch_gpu /srv/env
E="VIRTUAL_ENV=/srv/env PATH=/srv/env/bin:/usr/bin HOME=/root"

job gpu $E -- /srv/env/bin/python train.py --dlopen $TC --dlopen libcuda.so.1 --open /dev/nvidiactl --open /dev/nvidia0 --open /dev/nvidia-uvm
G=$PID
job hid $E CUDA_VISIBLE_DEVICES=-1 -- /srv/env/bin/python --dlopen $TC --dlopen libcuda.so.1 --open /dev/nvidiactl
H=$PID
job ctl $E -- /srv/env/bin/python --dlopen $TC --dlopen libcuda.so.1 --open /dev/nvidiactl
C=$PID
job lazy $E -- /srv/env/bin/python --dlopen $TC
L=$PID
job idle $E -- /srv/env/bin/python
I=$PID

# What /proc itself says (the oracle): glibc mapped the wheels' libraries and the driver.
maps_has $G "$ROOT$SITE/nvidia/cudnn/lib/libcudnn.so.9"
maps_has $G "$ROOT/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15"
[ "$(readlink /proc/$G/root)" = "$ROOT" ] || fail "the job is not chrooted into $ROOT"

gd ps --json $G $H $C $L $I
expect_rc 1
expect_json '.schema == "gpudoctor-ps/1" and .listed == "pids" and (.jobs | length == 5)'
expect_json "$(pj $G) | .state == \"gpu\" and .other_mount_namespace == false and .root == \"$ROOT\""
expect_json "$(pj $G) | .interpreter == \"/srv/env/bin/python\" and .environment == \"/srv/env\" and .environment_chosen_by == \"the site-packages it mapped\""
expect_json "$(pj $G) | .framework == \"torch 2.4.0+cu124 (/srv/env)\" and .framework_gpu == \"yes\""
expect_json "$(pj $G) | .devices == [\"/dev/nvidiactl\", \"/dev/nvidia0\", \"/dev/nvidia-uvm\"] and .driver_library == \"/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15\""
# Prediction against reality: every library it mapped is the model's file.
expect_json "[$(pj $G) | .libraries[] | select(.mapped != null) | .role] | sort == [\"cublas\", \"cudart\", \"cudnn\", \"driver\", \"framework\", \"nccl\"]"
expect_json "[$(pj $G) | .libraries[] | select(.match != \"agree\")] | length == 0"
expect_json "$(pj $G) | .libraries[] | select(.role == \"cudnn\") | .mapped == \"$SITE/nvidia/cudnn/lib/libcudnn.so.9\" and .predicted == .mapped and .step == \"rpath\" and .name == \"libcudnn.so.9\""
expect_json "$(pj $G) | .libraries[] | select(.role == \"driver\") | .predicted == \"/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15\" and .source == \"driver scan\""
expect_json "[$(pj $G) | .findings[] | select(.severity != \"info\")] | length == 0"
# Its variables: only the ones that matter were read.
expect_json "[$(pj $G) | .env[].name] == [\"VIRTUAL_ENV\", \"PATH\", \"HOME\"] and ($(pj $G) | .env_total == 4)"

expect_json "$(pj $H) | .state == \"cuda_no_device\" and .no_device == \"hidden\""
expect_json "[$(pj $H) | .findings[] | select(.code == \"GD903\" and .severity == \"error\") | .evidence[] | select(.text | startswith(\"GD108\"))] | length == 1"
expect_json "$(pj $C) | .state == \"cuda_no_device\" and .no_device == \"none_visible\" and ([.findings[].code] | index(\"GD901\") != null)"
expect_json "$(pj $L) | .state == \"cuda_no_device\" and .no_device == \"not_initialised\" and .driver_library == null and ([.findings[] | select(.code == \"GD902\") | .severity] == [\"info\"])"
# Lazily loaded libraries are predicted, not (yet) mapped: not a disagreement.
expect_json "[$(pj $L) | .libraries[] | select(.match == \"disagree\")] | length == 0"
expect_json "$(pj $I) | .state == \"no_framework\" and .framework == null and (.findings | length == 0)"
# Five jobs, three views of the machine: the hidden job has its own
# variables, the idle one mapped no site-packages (its interpreter says).
expect_json '.environments | length == 3'
expect_json "$(pj $I) | .environment_chosen_by == \"argv[0]\" and .environment == \"/srv/env\""
expect_json "$(pj $G) | .diagnosis == $(jq "$(pj $C) | .diagnosis" "$OUT")"
expect_json '.environments[0].verdicts[0].gpu == "yes" and .environments[0].root == "'"$ROOT"'"'

gd ps $G
expect_rc 0
expect_text "PID $G"
expect_text "ON THE GPU: libcuda.so.550.54.15 is mapped and /dev/nvidia0 is open"
expect_text "cudnn      $SITE/nvidia/cudnn/lib/libcudnn.so.9  = predicted (rpath)"
expect_text "framework    torch 2.4.0+cu124 (/srv/env): check says GPU YES"
gd ps $L --strict
expect_rc 0
expect_text "CUDA, NO GPU DEVICE: the framework is loaded but has not loaded the CUDA driver yet"
expect_text "how to tell:"
gd ps --markdown $G $C
expect_rc 1
expect_text "| $G | \`/srv/env/bin/python\` | **ON THE GPU** |"
