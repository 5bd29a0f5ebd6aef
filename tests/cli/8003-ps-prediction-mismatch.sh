#!/bin/sh
# gpudoctor ps, prediction against reality, disagreeing: a job whose
# LD_PRELOAD preloads /usr/lib/.../libcudnn.so.9, so the real loader serves
# libtorch_cuda's libcudnn.so.9 from there while the loader model predicts
# the venv's wheel (GD904 with both paths, naming LD_PRELOAD, which the
# model does not follow); a library loaded by full path (ctypes) that the
# model can find from the framework's RUNPATH (agree) and one it cannot
# (GD904); a library replaced on disk while the job ran (GD905).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/ps.inc"
machine 550.54.15 0x2330
ps_glibc
ps_torch_gpu /srv/env
mklib "$SITE/nvidia/cublas/lib/libcublasLt.so.12" libcublasLt.so.12
mklib /usr/lib/x86_64-linux-gnu/libcudnn.so.9.0.0 libcudnn.so.9
ln -sfn libcudnn.so.9.0.0 "$ROOT/usr/lib/x86_64-linux-gnu/libcudnn.so.9"
mklib /opt/fft/libcufft.so.11 libcufft.so.11
E="VIRTUAL_ENV=/srv/env PATH=/srv/env/bin:/usr/bin"
DEV="--dlopen libcuda.so.1 --open /dev/nvidiactl --open /dev/nvidia0"

job pre $E LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libcudnn.so.9 -- /srv/env/bin/python --dlopen $TC $DEV
A=$PID
job cty $E -- /srv/env/bin/python --dlopen /opt/fft/libcufft.so.11 --dlopen "$SITE/nvidia/cublas/lib/libcublasLt.so.12" --dlopen $TC $DEV
B=$PID
# The oracle: the real loader took the preloaded cuDNN, and the venv's is not mapped.
maps_has $A "$ROOT/usr/lib/x86_64-linux-gnu/libcudnn.so.9.0.0"
grep -q "nvidia/cudnn" "/proc/$A/maps" && fail "the preloading job mapped the wheel's cuDNN too"

gd ps --json $A $B
expect_rc 0
expect_json "$(pj $A) | .state == \"gpu\""
expect_json "$(pj $A) | .libraries[] | select(.role == \"cudnn\") | .match == \"disagree\" and .mapped == \"/usr/lib/x86_64-linux-gnu/libcudnn.so.9.0.0\" and .predicted == \"$SITE/nvidia/cudnn/lib/libcudnn.so.9\" and .step == \"rpath\" and .name == \"libcudnn.so.9\""
expect_json "[$(pj $A) | .findings[] | select(.code == \"GD904\")] | length == 1"
expect_json "$(pj $A) | .findings[] | select(.code == \"GD904\") | .severity == \"warning\" and (.title | contains(\"/usr/lib/x86_64-linux-gnu/libcudnn.so.9.0.0\")) and (.title | contains(\"$SITE/nvidia/cudnn/lib/libcudnn.so.9\"))"
expect_json "[$(pj $A) | .findings[] | select(.code == \"GD904\") | .evidence[].text | select(startswith(\"LD_PRELOAD=\"))] | length == 1"
expect_json "[$(pj $A) | .findings[] | select(.code == \"GD904\") | .fixes[].title | select(contains(\"gpudoctor bug\"))] | length == 1"
# The other libraries still agree.
expect_json "[$(pj $A) | .libraries[] | select(.role != \"cudnn\" and .mapped != null and .match != \"agree\")] | length == 0"

expect_json "$(pj $B) | .libraries[] | select(.role == \"cublaslt\") | .match == \"agree\" and .source == \"loader model\" and .step == \"rpath\" and .name == \"libcublasLt.so.12\""
expect_json "$(pj $B) | .libraries[] | select(.role == \"cufft\") | .match == \"disagree\" and .predicted == null and .name == \"libcufft.so.11\" and .mapped == \"/opt/fft/libcufft.so.11\""
expect_json "$(pj $B) | [.findings[] | select(.code == \"GD904\") | .title] == [\"PID $B mapped /opt/fft/libcufft.so.11, but the loader model finds no libcufft.so.11 in its environment\"]"
gd ps $A
expect_text "cudnn      /usr/lib/x86_64-linux-gnu/libcudnn.so.9.0.0  != predicted $SITE/nvidia/cudnn/lib/libcudnn.so.9 (rpath)"
expect_text "GD904"
gd ps --strict $A
expect_rc 1

# pip replaced the NCCL wheel under the running job.
rm "$ROOT$SITE/nvidia/nccl/lib/libnccl.so.2"
mklib "$SITE/nvidia/nccl/lib/libnccl.so.2" libnccl.so.2
gd ps --json $B
expect_json "$(pj $B) | .libraries[] | select(.role == \"nccl\") | .deleted == true"
expect_json "[$(pj $B) | .findings[] | select(.code == \"GD905\") | .evidence[].text] == [\"mapped $SITE/nvidia/nccl/lib/libnccl.so.2 (deleted)\"]"
