#!/bin/sh
# "It works in the terminal, not in Jupyter", answered by the difference
# between two running processes: a training run from the activated venv
# (/srv/gpu, torch +cu124) on the GPU, and a Jupyter kernel started from the
# same shell (VIRTUAL_ENV=/srv/gpu) whose kernel spec runs /srv/cpu's
# python (torch +cpu).  ps, listing every job by itself, names the kernel's
# role, says it runs the CPU-only build, flags VIRTUAL_ENV naming another
# environment (GD906) and lists what differs from the job on the GPU.  Only
# the variables that matter are read (a token in the kernel's environment
# never reaches the report); --redact also shortens its command line.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/ps.inc"
machine 550.54.15 0x2330
ps_glibc
ps_torch_gpu /srv/gpu
GS=$SITE
ps_torch_cpu /srv/cpu 2.4.0+cpu
CS=$SITE

job term VIRTUAL_ENV=/srv/gpu PATH=/srv/gpu/bin:/usr/bin HOME=/root -- /srv/gpu/bin/python train.py --epochs 10 \
    --dlopen "$GS/torch/lib/libtorch_cuda.so" --dlopen libcuda.so.1 --open /dev/nvidiactl --open /dev/nvidia0
T=$PID
job kernel VIRTUAL_ENV=/srv/gpu PATH=/srv/gpu/bin:/usr/bin HOME=/root JPY_PARENT_PID=1 API_TOKEN=sekrit-value -- \
    /srv/cpu/bin/python -m ipykernel_launcher -f /root/.local/share/jupyter/runtime/kernel-7.json \
    --dlopen "$CS/torch/lib/libtorch_cpu.so"
K=$PID
grep -q 'sekrit-value' "/proc/$K/environ" || fail "the kernel's environment lacks the token (the case is broken)"

gd ps --json
expect_json "$(pj $T) | .state == \"gpu\" and .role == null and .environment == \"/srv/gpu\""
expect_json "$(pj $K) | .state == \"cpu\" and .role == \"jupyter kernel\" and .environment == \"/srv/cpu\" and .framework == \"torch 2.4.0+cpu (/srv/cpu)\""
expect_json "[$(pj $K) | .findings[] | select(.code == \"GD906\") | .title] == [\"PID $K runs the environment /srv/cpu, not the one its VIRTUAL_ENV=/srv/gpu names\"]"
expect_json "$(pj $K) | .compared_with.pid == $T"
expect_json "$(pj $K) | .compared_with.differences | map(select(.what == \"environment\"))[0] == {\"what\": \"environment\", \"this\": \"/srv/cpu\", \"other\": \"/srv/gpu\"}"
expect_json "$(pj $K) | .compared_with.differences | map(.what) | (index(\"framework\") != null and index(\"interpreter\") != null and index(\"devices\") != null and index(\"driver\") != null)"
expect_json "$(pj $K) | .compared_with.differences | map(select(.what == \"VIRTUAL_ENV\")) | length == 0"
expect_json "$(pj $T) | .compared_with == null"
expect_json "[$(pj $K) | .env[].name] == [\"VIRTUAL_ENV\", \"PATH\", \"HOME\", \"JPY_PARENT_PID\"] and ($(pj $K) | .env_total == 6)"
expect_no_text "sekrit-value"
expect_no_text "API_TOKEN"
gd ps $T $K
expect_rc 1
expect_text "jupyter kernel"
expect_text "differs from PID $T (on the GPU):"
expect_no_text "sekrit-value"

gd ps --redact --json $K
expect_json "$(pj $K) | .argv == [\"/srv/cpu/bin/python\", \"-m\", \"ipykernel_launcher\", \"[4 arguments redacted]\"]"
expect_no_text "kernel-7.json"
