#!/bin/sh
# tools/gpu-verify.sh - check gpudoctor against a machine with a real NVIDIA
# GPU, in one run: build it, run `check --probe --json`, `probe --json`,
# `probe --compute --json` (a kernel on every GPU) and `probe --import
# --json` (every framework installed, asked in its own interpreter), ask
# nvidia-smi, and print a table of agreements.  Exit 0 when every row that
# could be compared agrees, 1 otherwise, 2 when a tool or the build is
# missing.
#
#   sh tools/gpu-verify.sh [PYTHON...]     (default: the environments check finds)
#
# Each PYTHON is an interpreter whose environment --import judges (a venv's
# bin/python, a conda env's: `probe --import --python PYTHON`).  --import
# RUNS those interpreters (isolated: -I, no network).  Output files go to
# ${GD_VERIFY_OUT:-./gpu-verify.out}: attach them (and facts.json) to a
# report.  Nothing is installed.
#
# Written for the issues "real installs as the oracle" and 35 ("probe
# proves it"); it has not yet run on a machine with an NVIDIA GPU.
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

echo "building gpudoctor (with its PTX kernel: clang's NVPTX back end)..." >&2
(cd "$here" && make -j"$(nproc 2>/dev/null || echo 2)" PTX_REQUIRED=1 gpudoctor >"$out/build.log" 2>&1) ||
    { echo "gpu-verify: the build failed, see $out/build.log" >&2; exit 2; }
gd="$here/gpudoctor"

"$gd" probe --json >"$out/probe.json" 2>"$out/probe.err"; probe_rc=$?
"$gd" check --probe --json >"$out/check.json" 2>"$out/check.err"; check_rc=$?
"$gd" check --facts >"$out/facts.json" 2>/dev/null
"$gd" probe --compute --json >"$out/compute.json" 2>"$out/compute.err"; compute_rc=$?
if [ $# -eq 0 ]; then
    "$gd" probe --import --json >"$out/import.json" 2>"$out/import.err"
else
    : >"$out/import.err"
    for py in "$@"; do
        "$gd" probe --import --python "$py" --json 2>>"$out/import.err"
    done | jq -s '{probe: {import: [.[].probe.import[]]}}' >"$out/import.json"
fi
nvidia-smi --query-gpu=index,name,driver_version,compute_cap --format=csv,noheader >"$out/smi.csv" 2>"$out/smi.err"
nvidia-smi >"$out/smi.txt" 2>&1

printf '%-44s %-24s %-24s %s\n' "WHAT" "GPUDOCTOR" "ORACLE" "RESULT"
printf '%s\n' "probe exit $probe_rc, check exit $check_rc, compute exit $compute_rc (files in $out)"
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

# probe --compute: every GPU CUDA sees must compute (the oracle is the
# kernel's own result, checked element by element on the host).
jq -r '.probe.compute.gpus[]? | "\(.cuda_index)\t\(.result)\t\(.ptx_target // "-")\t\(.bytes)\t\(.htod_us)\t\(.kernel_us)\t\(.dtoh_us)"' \
    "$out/compute.json" 2>/dev/null >"$out/compute.tsv"
row "GPUs computed (--compute vs nvidia-smi)" "$(grep -c . "$out/compute.tsv")" "$smi_n"
while IFS='	' read -r idx res ptx bytes htod kern dtoh; do
    row "CUDA device $idx kernel ($ptx)" "$res" "passed"
    if [ "${htod:-0}" -gt 0 ] 2>/dev/null && [ "${dtoh:-0}" -gt 0 ] 2>/dev/null; then
        printf '    %s MB/s host to device, %s MB/s device to host, kernel %s us (pageable, %s bytes)\n' \
            "$((bytes / htod))" "$((bytes / dtoh))" "$kern" "$bytes"
    fi
done <"$out/compute.tsv"
jq -r '.probe.compute.no_kernel // .probe.compute.skipped // empty' "$out/compute.json" 2>/dev/null |
    sed 's/^/    --compute did not run: /'

# probe --import: each framework's own answer against check's verdict, and
# the files it mapped against the loader model's.
jq -r '.probe.import[]? | "\(.subject)\t\(.predicted_gpu)\t\(if .run_error then "-"
        elif .answer.import_ok == false then "no"
        elif .answer.gpu == true then "yes" elif .answer.gpu == false then "no" else "-" end)\t\(.run_error // "")"' \
    "$out/import.json" 2>/dev/null >"$out/import.tsv"
while IFS='	' read -r subj pred ans err; do
    [ "$pred" = unknown ] && pred=-
    row "GPU used: $subj" "$pred" "$ans"
    [ -n "$err" ] && printf '    no answer: %s\n' "$err"
done <"$out/import.tsv"
jq -r '.probe.import[]? | .subject as $s | .libraries[] | select(.mapped != null and .predicted != null) |
        "\($s) \(.library)\t\(.predicted)\t\(.mapped)"' "$out/import.json" 2>/dev/null >"$out/libs.tsv"
while IFS='	' read -r what pred mapped; do
    row "file: $what" "$pred" "$mapped"
done <"$out/libs.tsv"
# torch's SASS architectures: check's fat-binary reading against torch.cuda.get_arch_list().
jq -r '.probe.import[]? | select(.framework == "torch" and .answer != null) |
        "\(.subject)\t\((.answer.details // "") | capture("get_arch_list=(?<a>[^;]*)").a // "-")"' \
    "$out/import.json" 2>/dev/null | while IFS='	' read -r subj archs; do
    ta=$(printf '%s' "$archs" | tr ' ' '\n' | grep '^sm_' | sort | paste -sd, -)
    echo "    torch.cuda.get_arch_list() for $subj: ${ta:--} (compare with check.json's compiled_archs)"
done

echo "$pass agree, $fail differ, $na not comparable"
[ $fail -eq 0 ]
