#!/bin/sh
# tools/gpu-verify.sh - check gpudoctor against a machine with a real NVIDIA
# GPU: build it, run `check --probe --json` and `probe --json`, ask
# nvidia-smi and every framework installed (torch, jax, cupy), and print a
# table of agreements.  Exit 0 when every row that could be compared
# agrees, 1 otherwise.
#
#   sh tools/gpu-verify.sh [PYTHON...]     (default: python3 on PATH)
#
# Each PYTHON is an interpreter whose frameworks are asked (a venv's
# bin/python, a conda env's).  Output files go to ${GD_VERIFY_OUT:-./gpu-verify.out}.
# Nothing is installed; a framework that is not there is "absent".
#
# Written for the issue "real installs as the oracle"; it has not yet run
# on a machine with an NVIDIA GPU.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
out=${GD_VERIFY_OUT:-$PWD/gpu-verify.out}
mkdir -p "$out"
pass=0 fail=0 na=0

row() {  # row WHAT GPUDOCTOR ORACLE
    if [ "$2" = "-" ] || [ "$3" = "-" ]; then
        st="n/a"; na=$((na + 1))
    elif [ "$2" = "$3" ]; then
        st="agree"; pass=$((pass + 1))
    else
        st="DIFFER"; fail=$((fail + 1))
    fi
    printf '%-44s %-24s %-24s %s\n' "$1" "$2" "$3" "$st"
}

command -v jq >/dev/null 2>&1 || { echo "gpu-verify: jq is needed" >&2; exit 2; }
command -v nvidia-smi >/dev/null 2>&1 || { echo "gpu-verify: no nvidia-smi: not a machine with NVIDIA's driver" >&2; exit 2; }

echo "building gpudoctor..." >&2
(cd "$here" && make -j"$(nproc 2>/dev/null || echo 2)" gpudoctor >"$out/build.log" 2>&1) ||
    { echo "gpu-verify: the build failed, see $out/build.log" >&2; exit 2; }
gd="$here/gpudoctor"

"$gd" probe --json >"$out/probe.json" 2>"$out/probe.err"; probe_rc=$?
"$gd" check --probe --json >"$out/check.json" 2>"$out/check.err"; check_rc=$?
nvidia-smi --query-gpu=index,name,driver_version,compute_cap --format=csv,noheader >"$out/smi.csv" 2>"$out/smi.err"
nvidia-smi >"$out/smi.txt" 2>&1

printf '%-44s %-24s %-24s %s\n' "WHAT" "GPUDOCTOR" "ORACLE" "RESULT"
printf '%s\n' "probe exit $probe_rc, check exit $check_rc (files in $out)"

# nvidia-smi, per GPU: name, driver, compute capability.
smi_n=$(grep -c . "$out/smi.csv")
row "GPU count (probe vs nvidia-smi)" "$(jq -r '.probe.gpus | length' "$out/probe.json" 2>/dev/null || echo -)" "$smi_n"
row "GPU count (check vs nvidia-smi)" "$(jq -r '.gpus | length' "$out/check.json" 2>/dev/null || echo -)" "$smi_n"
i=0
while IFS=, read -r idx name drv cc; do
    name=$(echo "$name" | sed 's/^ *//; s/ *$//'); drv=$(echo "$drv" | tr -d ' '); cc=$(echo "$cc" | tr -d ' ')
    # nvidia-smi lists by PCI bus id; the probe's gpus[] by nvml_index, the
    # same order (CUDA's own order may differ: CUDA_DEVICE_ORDER).
    row "GPU $idx name (probe)" "$(jq -r "[.probe.gpus[] | select(.nvml_index == $idx)][0].name // \"-\"" "$out/probe.json" 2>/dev/null)" "$name"
    row "GPU $idx compute capability (probe)" "$(jq -r "[.probe.gpus[] | select(.nvml_index == $idx)][0].compute_capability // \"-\"" "$out/probe.json" 2>/dev/null)" "$cc"
    row "GPU $idx compute capability (check)" "$(jq -r ".gpus[$i].compute_capability // \"-\"" "$out/check.json" 2>/dev/null)" "$cc"
    [ $i -eq 0 ] && row "driver version (check)" "$(jq -r '.driver.version // "-"' "$out/check.json" 2>/dev/null)" "$drv"
    [ $i -eq 0 ] && row "driver version (probe)" "$(jq -r '.probe.driver.version // "-"' "$out/probe.json" 2>/dev/null)" "$drv"
    i=$((i + 1))
done <"$out/smi.csv"
smi_cuda=$(sed -n 's/.*CUDA Version: *\([0-9.]*\).*/\1/p' "$out/smi.txt" | head -n 1)
row "driver's CUDA ceiling (check, from the kb)" "$(jq -r '.driver.cuda_max // "-"' "$out/check.json" 2>/dev/null)" "${smi_cuda:--}"
row "driver's CUDA ceiling (probe, cuDriverGetVersion)" "$(jq -r '.probe.driver.cuda_version // "-"' "$out/probe.json" 2>/dev/null)" "${smi_cuda:--}"

# The frameworks each interpreter really has, against gpudoctor's verdicts.
[ $# -eq 0 ] && set -- "$(command -v python3 || echo python3)"
for py in "$@"; do
    [ -x "$py" ] || command -v "$py" >/dev/null 2>&1 || { row "$py" "-" "-"; continue; }
    prefix=$("$py" -c 'import sys; print(sys.prefix)' 2>/dev/null) || continue
    verdict() {  # verdict FRAMEWORK -> yes/no/unknown/- for this prefix
        jq -r --arg p "$prefix" --arg f "$1" \
            '[.verdicts[] | select(.env == $p and .framework == $f) | .gpu] | first // "-"' "$out/check.json" 2>/dev/null
    }
    t=$("$py" -c 'import torch; print("yes" if torch.cuda.is_available() else "no")' 2>"$out/torch.err" | tail -n 1)
    [ -n "$t" ] || t=-
    row "torch uses the GPU ($prefix)" "$(verdict torch)" "$t"
    if [ "$t" != - ]; then
        "$py" -c 'import torch; print(",".join(sorted(a for a in torch.cuda.get_arch_list() if a.startswith("sm_"))))' >"$out/torch.archs" 2>/dev/null
        ga=$(jq -r --arg p "$prefix" '[.python_envs[] | select(.prefix == $p) | .frameworks[] | select(.name == "torch") | (.compiled_archs // .build.compute_capabilities // empty)[] | select(startswith("sm_"))] | sort | join(",")' "$out/check.json" 2>/dev/null)
        row "torch SASS architectures ($prefix)" "${ga:--}" "$(cat "$out/torch.archs" 2>/dev/null || echo -)"
    fi
    j=$("$py" -c 'import jax; print("yes" if any(d.platform == "gpu" for d in jax.devices()) else "no")' 2>"$out/jax.err" | tail -n 1)
    row "jax uses the GPU ($prefix)" "$(verdict jax)" "${j:--}"
    c=$("$py" -c 'import cupy; print("yes" if cupy.cuda.runtime.getDeviceCount() > 0 else "no")' 2>"$out/cupy.err" | tail -n 1)
    row "cupy uses the GPU ($prefix)" "$(verdict cupy)" "${c:--}"
done

echo "$pass agree, $fail differ, $na not comparable"
[ $fail -eq 0 ]
