#!/bin/sh
# bench/run.sh GPUDOCTOR - time `gpudoctor check` and count its system calls.
#
# Not part of the tests: timings are figures to read, not assertions.  Every
# figure is measured in this one run, and each is also given as a ratio to
# the cost of starting a trivial process (/bin/true) measured alongside, so
# numbers from different machines can be compared.
#
# Machines: this one (root /), a synthetic one with 20 CUDA toolkits, running
# processes for `ps` (bench/ps_setup.sh), and,
# when bench/gen_*.sh generators exist, the ones they build (Python
# environments, loader caches...).
#
# Before/after: BENCH_BASELINE=path/to/an/older/gpudoctor (an environment
# variable, so `BENCH_BASELINE=/tmp/old/gpudoctor make bench`) measures that
# binary on every machine too, in the same run and alternating with this
# one, and prints after/before ratios of time and system calls.
set -eu
gd=${1:?usage: bench/run.sh path/to/gpudoctor}
old=${BENCH_BASELINE:-}
[ -z "$old" ] || [ -x "$old" ] || { echo "BENCH_BASELINE=$old is not an executable" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
N=${BENCH_RUNS:-200}
work=$(mktemp -d "${TMPDIR:-/tmp}/gdbench.XXXXXX")
trap 'for _d in "$work"/ps*; do [ -d "$_d" ] && sh "$here/ps_setup.sh" "$_d" stop; done; rm -rf "$work"' EXIT

now_ns() { date +%s%N; }

# time_cmd LABEL CMD...: mean wall time per run over N runs, in microseconds.
time_cmd() {
    label=$1; shift
    "$@" >/dev/null 2>&1 || true
    t0=$(now_ns)
    i=0
    while [ $i -lt "$N" ]; do "$@" >/dev/null 2>&1 || true; i=$((i + 1)); done
    t1=$(now_ns)
    echo $(( (t1 - t0) / N / 1000 ))
}

syscalls() {
    if command -v strace >/dev/null 2>&1; then
        strace -f -c -o "$work/strace.out" "$@" >/dev/null 2>&1 || true
        # The "total" line: % time, seconds, usecs/call, calls, [errors,] total.
        awk '$NF == "total" { n = $4 } END { print n }' "$work/strace.out"
    else
        echo "n/a"
    fi
}

report() {
    label=$1; us=$2; base=$3; sc=$4
    printf '%-44s %8d us  %6.1fx true  %6s syscalls\n' "$label" "$us" "$(echo "$us $base" | awk '{ printf "%.1f", $1 / ($2 ? $2 : 1) }')" "$sc"
}

ratio() { echo "$1 $2" | awk '{ if ($2 + 0 > 0 && $1 != "n/a") printf "%.2f", $1 / $2; else printf "n/a" }'; }

# measure LABEL ARGS...: time and count `gpudoctor ARGS`, and, with a
# baseline, the baseline's too (halves of the runs interleaved, so load on
# the machine falls on both alike) and the after/before ratios.
measure() {
    label=$1; shift
    if [ -z "$old" ]; then
        us=$(time_cmd "$label" "$gd" "$@")
        report "$label" "$us" "$base" "$(syscalls "$gd" "$@")"
        return
    fi
    N0=$N; N=$((N0 / 2 > 0 ? N0 / 2 : 1))
    a1=$(time_cmd "$label" "$gd" "$@"); b1=$(time_cmd "$label" "$old" "$@")
    a2=$(time_cmd "$label" "$gd" "$@"); b2=$(time_cmd "$label" "$old" "$@")
    N=$N0
    us=$(( (a1 + a2) / 2 )); ous=$(( (b1 + b2) / 2 ))
    sc=$(syscalls "$gd" "$@"); osc=$(syscalls "$old" "$@")
    rt=$(ratio "$us" "$ous"); rs=$(ratio "$sc" "$osc")   # report() sets us and sc
    report "$label" "$us" "$base" "$sc"
    report "  before (BENCH_BASELINE)" "$ous" "$base" "$osc"
    printf '%-44s time x%s, syscalls x%s\n' "  after/before" "$rt" "$rs"
}

# A synthetic machine with 20 CUDA toolkits (each with version.json, a
# runtime library name and a cuDNN header) and a driver.
mk_cuda_machine() {
    r=$1
    mkdir -p "$r/etc" "$r/proc/driver/nvidia" "$r/proc/sys/kernel" "$r/lib64" "$r/usr/lib/x86_64-linux-gnu"
    : >"$r/lib64/ld-linux-x86-64.so.2"
    printf 'ID=debian\nPRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n' >"$r/etc/os-release"
    printf '6.1.0-18-amd64\n' >"$r/proc/sys/kernel/osrelease"
    printf 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sun Aug  6 12:27:26 UTC 2023\n' >"$r/proc/driver/nvidia/version"
    : >"$r/usr/lib/x86_64-linux-gnu/libcuda.so.535.104.05"
    : >"$r/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.535.104.05"
    for i in $(seq 0 19); do
        v="11.$i"
        d="$r/usr/local/cuda-$v"
        mkdir -p "$d/lib64" "$d/include" "$d/bin"
        printf '{"cuda": {"name": "CUDA SDK", "version": "%s.1"}, "cuda_cudart": {"version": "%s.1"}}\n' "$v" "$v" >"$d/version.json"
        : >"$d/lib64/libcudart.so.$v.1"
        printf '#define CUDNN_MAJOR 8\n#define CUDNN_MINOR %d\n#define CUDNN_PATCHLEVEL 0\n' "$i" >"$d/include/cudnn_version.h"
    done
    ln -s cuda-11.8 "$r/usr/local/cuda"
    mkdir -p "$r/sys/bus/pci/devices/0000:01:00.0"
    printf '0x10de\n' >"$r/sys/bus/pci/devices/0000:01:00.0/vendor"
    printf '0x2684\n' >"$r/sys/bus/pci/devices/0000:01:00.0/device"
    printf '0x030000\n' >"$r/sys/bus/pci/devices/0000:01:00.0/class"
}

echo "gpudoctor bench: $N runs each, $(nproc) cores, $(uname -m)"
base=$(time_cmd "true" /bin/true)
printf '%-44s %8d us  (the unit of the ratios below)\n' "start /bin/true" "$base"

measure "check on this machine" check --json

mk_cuda_machine "$work/cuda20"
measure "check, 20 CUDA toolkits" check --root "$work/cuda20" --clear-env --json

# ps (issue 33): running processes started here (bench/ps_setup.sh): 20
# Python jobs in two environments among 480 other processes (a node), then
# 500 jobs; the machine's own processes come on top.  Every process ends by
# itself after 300 s, and at once when the bench ends.
# CPU time too (user + system, the mean of 5 runs): on a loaded machine the
# wall clock says more about the neighbours.
cpu_ms() {
    if [ -x /usr/bin/time ] && /usr/bin/time -f %U true >/dev/null 2>&1; then
        for _i in 1 2 3 4 5; do /usr/bin/time -f '%U %S' "$gd" "$@" 2>&1 >/dev/null | tail -n 1; done |
            awk '{ t += $1 + $2 } END { printf "%.1f", t / NR * 1000 }'
    else
        echo n/a
    fi
}
if [ "$(uname -s)" = Linux ] && command -v "${CC:-cc}" >/dev/null 2>&1; then
    sh "$here/ps_setup.sh" "$work/ps" start 20 480
    measure "ps, 20 jobs among 500 processes" ps --json
    printf '%-44s %8s ms CPU\n' "" "$(cpu_ms ps --json)"
    sh "$here/ps_setup.sh" "$work/ps" stop
    sh "$here/ps_setup.sh" "$work/ps500" start 500 0
    N0=$N; N=$((N0 / 10 > 0 ? N0 / 10 : 1))
    measure "ps, 500 jobs (2 environments)" ps --json
    printf '%-44s %8s ms CPU\n' "" "$(cpu_ms ps --json)"
    N=$N0
    sh "$here/ps_setup.sh" "$work/ps500" stop
fi

# explain: time per MB of log, on real-looking logs (the test logs and the
# corpus, concatenated and repeated to about 32 MB) and on a log of noise.
explain_per_mb() {
    label=$1 f=$2
    bytes=$(wc -c <"$f")
    "$gd" explain --json "$f" >/dev/null 2>&1 || true
    t0=$(now_ns)
    for i in 1 2 3; do "$gd" explain --json "$f" >/dev/null 2>&1 || true; done
    t1=$(now_ns)
    # CPU time too: on a loaded machine the wall clock says more about the neighbours.
    cpu=n/a
    if [ -x /usr/bin/time ] && /usr/bin/time -f %U true >/dev/null 2>&1; then
        cpu=$(/usr/bin/time -f '%U %S' "$gd" explain --json "$f" 2>&1 >/dev/null | tail -n 1 | awk '{ printf "%.0f", ($1 + $2) * 1000 }')
    fi
    awk -v ns=$((t1 - t0)) -v b="$bytes" -v l="$label" -v cpu="$cpu" 'BEGIN {
        ms = ns / 3 / 1e6; mb = b / 1048576
        printf "%-44s %8.1f ms/MB wall, %s ms/MB CPU  (%.1f MB)\n", l, ms / mb,
               cpu == "n/a" ? cpu : sprintf("%.1f", cpu / mb), mb }'
}
cat "$here"/../tests/explain/*.log "$here"/../tests/explain/corpus/*.log >"$work/logs1" 2>/dev/null || true
: >"$work/logs"
while [ "$(wc -c <"$work/logs")" -lt 33554432 ] && [ -s "$work/logs1" ]; do cat "$work/logs1" >>"$work/logs"; done
[ -s "$work/logs" ] && explain_per_mb "explain, real logs" "$work/logs"
yes '1875/1875 [==============================] - 5s 2ms/step - loss: 0.2630 - E0000 cuda_dnn.cc:8310] Unable to register cuDNN factory' | head -c 33554432 >"$work/noise"
explain_per_mb "explain, noise" "$work/noise"

# Generators contributed by other areas: each prints "LABEL<TAB>ARGS..." lines
# naming the machines it built under the directory it is given.
for g in "$here"/gen_*.sh; do
    [ -f "$g" ] || continue
    sh "$g" "$work/$(basename "$g" .sh)" | while IFS='	' read -r label args; do
        # shellcheck disable=SC2086
        measure "$label" $args
    done
done

# Bench programs built by mk/*.mk (make bench sets BENCH_PROGS) print their own lines.
for p in ${BENCH_PROGS:-}; do "$p"; done
