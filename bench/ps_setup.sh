#!/bin/sh
# bench/ps_setup.sh DIR start JOBS OTHERS | DIR stop - the running processes
# `gpudoctor ps` is timed on (bench/run.sh): JOBS Python jobs (the fakejob
# helper, tests/helpers/fakejob.c, as a venv's python3.11, each with
# torch's libtorch_cuda.so and the CUDA runtime mapped, half of them with
# CUDA_VISIBLE_DEVICES=0: two environments to diagnose) and OTHERS
# processes that are not jobs (the same helper under another name).  Every
# process exits by itself after 300 s; `stop` ends them at once.
set -eu
dir=${1:?usage: bench/ps_setup.sh DIR start JOBS OTHERS | DIR stop}
here=$(cd "$(dirname "$0")" && pwd)
case ${2:-} in
stop)
    [ -f "$dir/pids" ] && xargs kill <"$dir/pids" 2>/dev/null || true
    exit 0 ;;
start) ;;
*) echo "usage: bench/ps_setup.sh DIR start JOBS OTHERS | DIR stop" >&2; exit 2 ;;
esac
jobs=${3:?JOBS}
others=${4:?OTHERS}
cc=${CC:-cc}
site="$dir/venv/lib/python3.11/site-packages"
mkdir -p "$dir/venv/bin" "$site/torch/lib" "$site/nvidia/cuda_runtime/lib" "$site/torch-2.4.0+cu124.dist-info"
"$cc" -std=c11 -D_GNU_SOURCE -O1 -o "$dir/fakejob" "$here/../tests/helpers/fakejob.c" -ldl
cp "$dir/fakejob" "$dir/venv/bin/python3.11"
cp "$dir/fakejob" "$dir/worker"
printf 'home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.11\n' >"$dir/venv/pyvenv.cfg"
printf 'Metadata-Version: 2.1\nName: torch\nVersion: 2.4.0+cu124\n' >"$site/torch-2.4.0+cu124.dist-info/METADATA"
printf "__version__ = '2.4.0+cu124'\ncuda = '12.4'\nhip = None\n" >"$site/torch/version.py"
: >"$site/torch/__init__.py"
printf 'int cudart(void) { return 1; }\n' >"$dir/rt.c"
"$cc" -shared -fPIC -o "$site/nvidia/cuda_runtime/lib/libcudart.so.12" -Wl,-soname,libcudart.so.12 "$dir/rt.c"
printf 'int torch_cuda(void) { return 1; }\n' >"$dir/tc.c"
"$cc" -shared -fPIC -o "$site/torch/lib/libtorch_cuda.so" "$dir/tc.c" -Wl,--no-as-needed \
    -L"$site/nvidia/cuda_runtime/lib" -l:libcudart.so.12 -Wl,--enable-new-dtags '-Wl,-rpath,$ORIGIN/../../nvidia/cuda_runtime/lib'
: >"$dir/pids"
i=0
while [ $i -lt "$jobs" ]; do
    if [ $((i % 2)) -eq 0 ]; then
        env -i PATH="$dir/venv/bin:/usr/bin" VIRTUAL_ENV="$dir/venv" "$dir/venv/bin/python3.11" \
            --wait 300 --dlopen "$site/torch/lib/libtorch_cuda.so" train.py >/dev/null 2>&1 &
    else
        env -i PATH="$dir/venv/bin:/usr/bin" VIRTUAL_ENV="$dir/venv" CUDA_VISIBLE_DEVICES=0 \
            "$dir/venv/bin/python3.11" --wait 300 --dlopen "$site/torch/lib/libtorch_cuda.so" train.py >/dev/null 2>&1 &
    fi
    echo $! >>"$dir/pids"
    i=$((i + 1))
done
i=0
while [ $i -lt "$others" ]; do
    "$dir/worker" --wait 300 >/dev/null 2>&1 &
    echo $! >>"$dir/pids"
    i=$((i + 1))
done
# Until every job has mapped its libraries.
sleep 1
