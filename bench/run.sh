#!/bin/sh
# bench/run.sh GPUDOCTOR - what `gpudoctor check` (and explain, fleet) cost,
# in one run, next to what the usual tools cost on the same machine.
#
# Not part of the tests: timings are figures to read, not assertions.
# Every figure is measured in this one run.  Each case gives the mean wall
# time and CPU time (user + system, bench_run.c) of a run and its system
# calls (strace -f -c), and the CPU time as a multiple of starting a trivial
# process (/bin/true).  The references, measured alongside: /bin/true,
# `ldconfig -p`, `ld.so --list` (the real loader mapping a closure), and,
# where PyTorch is installed, `python3 -m torch.utils.collect_env`.
#
# Machines:
#   - this one (root /);
#   - a synthetic one with 20 CUDA toolkits and an RTX 4090 on the PCI bus,
#     and the same without the GPU: what a GPU on the bus costs (also in
#     instructions, with valgrind's callgrind, which is repeatable on a
#     shared machine);
#   - Debian's CPU build of PyTorch as apt installs it (bench/debian_torch.sh:
#     bookworm's python3-torch and its 400 packages, from Debian's real
#     .debs through the real-package tests' cache; BENCH_TORCH_SUITE=trixie
#     for trixie's), examined with --root and, when this runs as root, as
#     the machine itself in a chroot (with /dev, /proc and /sys mounted in a
#     private mount namespace), where collect_env runs too;
#   - the bench/gen_*.sh machines: a venv with 5,000 distributions, 1 and
#     BENCH_ENVS (200) Python environments (their difference: the cost of
#     one environment), BENCH_FLEET_NODES (10,000; 1000000 on request)
#     fleet reports (with peak memory);
#   - running processes for `ps` (bench/ps_setup.sh): 20 Python jobs among
#     500 processes, then 500 jobs.
#
# Before/after: by default the previous commit is the baseline (the parent
# of the last commit that changed the program, or HEAD when src/ has
# uncommitted changes), built once into BENCH_CACHE;
# BENCH_BASELINE=path/to/an/older/gpudoctor measures that binary instead,
# BENCH_BASELINE=none measures no baseline.  The baseline runs on every
# machine in the same run, alternating with this one, and after/before
# ratios are printed.
#
# BENCH_HEAVY=1 adds the slow figures: collect_env's system calls (a traced
# Python importing torch).
#
# Budget: under two minutes with the defaults on a warm machine (the torch
# tree and the baseline are built once and kept in BENCH_CACHE, default
# ~/.cache/gpudoctor-bench, outside the checkout; the first
# build downloads about 150 MB of .debs).  BENCH_RUNS (default 20) runs per
# timed figure.
set -eu
t_start=$(date +%s)
# lap NAME: the seconds since the last lap, kept for the last line.
t_lap=$t_start laps=
lap() { _t=$(date +%s); laps="$laps $1 $((_t - t_lap)),"; t_lap=$_t; }
gd=${1:?usage: bench/run.sh path/to/gpudoctor}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
N=${BENCH_RUNS:-20}
cache=${BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/gpudoctor-bench}
brun=${BENCH_RUN_PROG:-$repo/build/rel/bench/bench_run}
work=$(mktemp -d "${TMPDIR:-/tmp}/gdbench.XXXXXX")
trap 'for _d in "$work"/ps*; do [ -d "$_d" ] && sh "$here/ps_setup.sh" "$_d" stop; done; rm -rf "$work"' EXIT
mkdir -p "$cache"
[ -x "$brun" ] || { echo "bench: $brun is missing (make bench builds it)" >&2; exit 2; }
have() { command -v "$1" >/dev/null 2>&1; }

# ---- the baseline ----
old=${BENCH_BASELINE:-}
base_note=
if [ "$old" = none ]; then
    old=
elif [ -n "$old" ]; then
    [ -x "$old" ] || { echo "BENCH_BASELINE=$old is not an executable" >&2; exit 2; }
    base_note="BENCH_BASELINE=$old"
elif have git && git -C "$repo" rev-parse HEAD >/dev/null 2>&1; then
    # The binary before the last change to it: HEAD when src/ has
    # uncommitted changes, else the parent of the last commit that changed
    # src/, mk/ or the Makefile (a docs commit changes no binary).
    if git -C "$repo" diff --quiet HEAD -- src mk Makefile 2>/dev/null; then
        last=$(git -C "$repo" log -1 --format=%h -- src mk Makefile 2>/dev/null || true)
        rev=${last:-HEAD}~1
    else
        rev=HEAD
    fi
    sha=$(git -C "$repo" rev-parse --short "$rev" 2>/dev/null || true)
    if [ -n "$sha" ]; then
        b="$cache/base-$sha"
        if [ ! -x "$b/gpudoctor" ]; then
            # One source tree for every baseline (BENCH_CACHE/base-src), moved
            # to this commit by git read-tree with its own index: only the
            # files that differ are rewritten, so make rebuilds only what
            # the commits between changed, not the whole program each time
            # main moves.
            bs="$cache/base-src"
            echo "bench: building the baseline $rev ($sha) in $bs ..." >&2
            rm -rf "$b"; mkdir -p "$b" "$bs"
            if ! { GIT_INDEX_FILE="$cache/base-src.index" git -C "$repo" --work-tree="$bs" read-tree --reset -u "$sha" &&
                make -C "$bs" -j"$(nproc)" gpudoctor && cp "$bs/gpudoctor" "$b/gpudoctor"; } >"$b.log" 2>&1; then
                echo "bench: the baseline $sha does not build (see $b.log); no baseline" >&2
                rm -rf "$b"
            fi
        fi
        [ -x "$b/gpudoctor" ] && old="$b/gpudoctor" && base_note="the commit $sha ($rev)"
    fi
fi

lap baseline
# ---- measuring ----
# cost CMD...: "WALL_US CPU_US MAXRSS_KB STATUS" of one run: the mean over
# runs for about BENCH_MS (default 800) milliseconds, at least 3, at most N.
MSB=${BENCH_MS:-800}
cost() { "$brun" -t "$MSB" "$N" "$@" 2>/dev/null | sed 's/[a-z_]*=//g' || echo "0 0 0 -1"; }
cost_n() { _n=$1; shift; "$brun" "$_n" "$@" 2>/dev/null | sed 's/[a-z_]*=//g' || echo "0 0 0 -1"; }
syscalls() {
    if have strace; then
        strace -f -c -o "$work/strace.out" "$@" >/dev/null 2>&1 || true
        awk '$NF == "total" { n = $4 } END { print n ? n : "n/a" }' "$work/strace.out"
    else
        echo n/a
    fi
}
ms() { awk -v u="$1" 'BEGIN { printf "%.2f", u / 1000 }'; }
div() { awk -v a="$1" -v b="$2" 'BEGIN { if (b + 0 > 0 && a != "n/a" && a != "") printf "%.2f", a / b; else printf "n/a" }'; }
row() {   # LABEL WALL CPU SYSCALLS [NOTE]
    printf '%-46s %9s %9s %8s %8sx %s\n' "$1" "$(ms "$2")" "$(ms "$3")" "$4" "$(div "$3" "$tcpu")" "${5:-}"
}
mem_note() { case $1 in *fleet*) echo "peak $(( $2 / 1024 )) MB" ;; esac; }
# measure LABEL ARGS...: gpudoctor ARGS, then the baseline's; sets W C RSS SC
# (and OC OSC for the baseline).
measure() {
    label=$1; shift
    set -- $(cost "$gd" "$@") "$@"
    W=$1 C=$2 RSS=$3; shift 4
    SC=$(syscalls "$gd" "$@")
    row "$label" "$W" "$C" "$SC" "$(mem_note "$label" "$RSS")"
    if [ -n "$old" ]; then
        set -- $(cost "$old" "$@") "$@"
        OW=$1 OC=$2 ORSS=$3; shift 4
        OSC=$(syscalls "$old" "$@")
        row "  before" "$OW" "$OC" "$OSC" "$(mem_note "$label" "$ORSS")"
        printf '%-46s CPU x%s, system calls x%s\n' "  after/before" "$(div "$C" "$OC")" "$(div "$SC" "$OSC")"
    fi
}

# In a chroot of a tree, as that machine itself would run it: /dev, /proc
# and /sys mounted in a private mount namespace (as root only).
cat >"$work/inroot.sh" <<'EOF2'
R=$1; shift
exec unshare -m sh -c 'R=$1; shift; mkdir -p "$R/dev" "$R/proc" "$R/sys" && mount --bind /dev "$R/dev" &&
    mount -t proc proc "$R/proc" && mount --bind /sys "$R/sys" && exec chroot "$R" "$@"' sh "$R" "$@"
EOF2
inroot() { sh "$work/inroot.sh" "$@"; }
# can_chroot ROOT: put_runtime (or the tree itself) made /tmp/gdbench/gd runnable there.
can_chroot() { [ "$(id -u)" -eq 0 ] && have unshare && have chroot && inroot "$1" /tmp/gdbench/gd --version >/dev/null 2>&1; }
# inroot_syscalls ROOT PROG ARGS...: the system calls of PROG's process
# only (not unshare's, mount's or chroot's): its lines after its execve.
inroot_syscalls() {
    _r=$1; shift
    if have strace; then
        strace -f -qq -o "$work/chroot.tr" sh "$work/inroot.sh" "$_r" "$@" >/dev/null 2>&1 || true
        awk -v prog="$1" '$0 ~ "execve\\(\"" prog "\"" && $0 ~ "= 0$" { p = $1; n = 0 } p != "" && $1 == p { n++ }
            END { print n ? n : "n/a" }' "$work/chroot.tr"
    else
        echo n/a
    fi
}
# put_runtime ROOT: this machine's loader and C library in ROOT, and the
# binaries under /tmp/gdbench, so they run in a chroot of it.
put_runtime() {
    mkdir -p "$1/tmp/gdbench" "$1/lib64" "$1/lib/x86_64-linux-gnu"
    [ -e "$1/lib64/ld-linux-x86-64.so.2" ] || cp -L /lib64/ld-linux-x86-64.so.2 "$1/lib64/" 2>/dev/null || true
    [ -e "$1/lib/x86_64-linux-gnu/libc.so.6" ] || cp -L /lib/x86_64-linux-gnu/libc.so.6 "$1/lib/x86_64-linux-gnu/" 2>/dev/null || true
    cp "$gd" "$1/tmp/gdbench/gd" && cp "$brun" "$1/tmp/gdbench/bench_run" && { [ -z "$old" ] || cp "$old" "$1/tmp/gdbench/gd-old"; }
}

echo "gpudoctor bench: $N runs per figure, $(nproc) cores, $(uname -m), $(date -u +%Y-%m-%dT%H:%MZ)"
echo "binary: $gd; baseline: ${base_note:-none}"
printf '%-46s %9s %9s %8s %9s\n' "" "wall ms" "CPU ms" "syscalls" "CPU/true"
set -- $(cost /bin/true)
tcpu=$2
[ "$tcpu" -gt 0 ] 2>/dev/null || tcpu=1
row "start /bin/true (the unit)" "$1" "$2" "$(syscalls /bin/true)"
LDSO=
for l in /lib64/ld-linux-x86-64.so.2 /lib/ld-linux-aarch64.so.1; do [ -x "$l" ] && LDSO=$l && break; done
if have ldconfig || [ -x /sbin/ldconfig ]; then
    lc=$(command -v ldconfig || echo /sbin/ldconfig)
    set -- $(cost "$lc" -p); row "ldconfig -p" "$1" "$2" "$(syscalls "$lc" -p)"; LCCPU=$2
fi
if [ -n "$LDSO" ]; then
    set -- $(cost "$LDSO" --list /bin/sh); row "ld.so --list /bin/sh" "$1" "$2" "$(syscalls "$LDSO" --list /bin/sh)"
fi
echo

measure "check, this machine" check --json
HOSTC=$C HOSTSC=$SC
if have python3 && python3 -c 'import torch' >/dev/null 2>&1; then
    set -- $(cost_n 3 python3 -m torch.utils.collect_env)
    row "python3 -m torch.utils.collect_env (here)" "$1" "$2" "$(syscalls python3 -m torch.utils.collect_env)"
    echo "  collect_env / check on this machine: CPU x$(div "$2" "$HOSTC"), wall x$(div "$1" "$W")"
fi
[ -n "${LCCPU:-}" ] && echo "  check / ldconfig -p: CPU x$(div "$HOSTC" "$LCCPU")"
echo

lap refs+machine
# ---- a GPU on the bus ----
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
    if [ "${2:-}" = gpu ]; then
        mkdir -p "$r/sys/bus/pci/devices/0000:01:00.0"
        printf '0x10de\n' >"$r/sys/bus/pci/devices/0000:01:00.0/vendor"
        printf '0x2684\n' >"$r/sys/bus/pci/devices/0000:01:00.0/device"
        printf '0x030000\n' >"$r/sys/bus/pci/devices/0000:01:00.0/class"
    else
        mkdir -p "$r/sys/bus/pci/devices"
    fi
}
# instructions BIN ARGS...: callgrind's count (repeatable), or n/a.
instructions() {
    if have valgrind; then
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
            awk '/Collected :/ { print $NF; f = 1 } END { if (!f) print "n/a" }'
    else
        echo n/a
    fi
}
mk_cuda_machine "$work/gpu" gpu
mk_cuda_machine "$work/nogpu"
measure "check, 20 CUDA toolkits, RTX 4090" check --root "$work/gpu" --clear-env --json
GC=$C
measure "check, the same without the GPU" check --root "$work/nogpu" --clear-env --json
NC=$C
gi=$(instructions "$gd" check --root "$work/gpu" --clear-env --json)
ni=$(instructions "$gd" check --root "$work/nogpu" --clear-env --json)
echo "  a GPU on the bus: instructions x$(div "$gi" "$ni") ($gi / $ni), CPU x$(div "$GC" "$NC")  (target: < 1.10)"
if [ -n "$old" ]; then
    ogi=$(instructions "$old" check --root "$work/gpu" --clear-env --json)
    ogn=$(instructions "$old" check --root "$work/nogpu" --clear-env --json)
    echo "  before: instructions x$(div "$ogi" "$ogn") ($ogi / $ogn)"
fi
echo

lap cuda-gpu
# ---- a GPU node with its driver (issue 29's node scans) ----
# bench/node_tree.sh: Debian's real kernel and modules (depmod's
# modules.dep), an nvidia module DKMS installed, Debian's 535 driver and
# the module loaded, device nodes, Docker with the NVIDIA Container
# Toolkit, one venv with torch; and the same with the module not loaded,
# where the kernel module chain is read in full.  Besides the whole check,
# each scan step's system calls (GPUDOCTOR_BENCH_STEPS marks the steps,
# bench/scan_steps.awk counts between the marks), with --root and as the
# machine itself in a chroot of the tree (as root; its own /proc, /sys and
# /dev, the fixture's: nothing is mounted there, so /proc/self is absent).
NODE_STEPS="scan_driver scan_ctk scan_gpus scan_driver_nodes scan_node_access scan_tegra scan_kmod scan_node_runtime scan_pyext"
# steps PROGNAME CMD...: "driver N, ... node scans SUM (of TOTAL)" for the
# node steps of one run of CMD, whose gpudoctor's path ends in PROGNAME.
steps() {
    _pn=$1; shift
    have strace || { echo n/a; return 0; }
    GPUDOCTOR_BENCH_STEPS=1 strace -f -o "$work/steps.tr" "$@" >/dev/null 2>&1 || true
    awk -v gd="$_pn" -f "$here/scan_steps.awk" "$work/steps.tr" | awk -v want="$NODE_STEPS" '
        BEGIN { k = split(want, w, " ") } { c[$1] = $2 }
        END { for (i = 1; i <= k; i++) { s = s sprintf("%s %d, ", substr(w[i], 6), c[w[i]]); t += c[w[i]] }
              if (!c["total"]) { print "n/a"; exit }
              if (c["other"] == c["total"]) { printf "no step marks (a binary without GPUDOCTOR_BENCH_STEPS): %d in all", c["total"]; exit }
              printf "%snode scans %d (of %d)", s, t, c["total"] }'
}
nroot="$cache/node"
NARGS="--clear-env --env USER=u --env VIRTUAL_ENV=/home/u/venv --json"
if ! sh "$here/node_tree.sh" "$nroot" >"$work/node.log" 2>&1; then
    echo "a GPU node: not measured: $(tail -n 1 "$work/node.log")"
else
    for v in "" -unloaded; do
        lbl="check --root, a GPU node, module loaded"
        [ -n "$v" ] && lbl="check --root, the same, module not loaded"
        # shellcheck disable=SC2086
        measure "$lbl" check --root "$nroot$v" $NARGS
        # shellcheck disable=SC2086
        echo "  by step: $(steps "${gd##*/}" "$gd" check --root "$nroot$v" $NARGS)"
        # shellcheck disable=SC2086
        [ -z "$old" ] || echo "  before:  $(steps "${old##*/}" "$old" check --root "$nroot$v" $NARGS)"
        t="$nroot$v"
        if [ "$(id -u)" -eq 0 ] && have chroot && mkdir -p "$t/tmp/gdbench" && cp "$gd" "$t/tmp/gdbench/gd" &&
            cp "$brun" "$t/tmp/gdbench/bench_run" && chroot "$t" /tmp/gdbench/gd --version >/dev/null 2>&1; then
            # shellcheck disable=SC2086
            set -- $(chroot "$t" /tmp/gdbench/bench_run -t "$MSB" "$N" /tmp/gdbench/gd check $NARGS | sed 's/[a-z_]*=//g')
            # shellcheck disable=SC2086
            row "  the same as the machine (chroot)" "$1" "$2" "$(steps gdbench/gd chroot "$t" /tmp/gdbench/gd check $NARGS | sed 's/.*(of \([0-9]*\))$/\1/')"
            # shellcheck disable=SC2086
            echo "  by step: $(steps gdbench/gd chroot "$t" /tmp/gdbench/gd check $NARGS)  (target: node scans < 100)"
            if [ -n "$old" ]; then
                cp "$old" "$t/tmp/gdbench/gd-old"
                # shellcheck disable=SC2086
                echo "  before:  $(steps gdbench/gd-old chroot "$t" /tmp/gdbench/gd-old check $NARGS)"
            fi
            rm -rf "$t/tmp/gdbench"
        fi
    done
fi
echo

lap node
# ---- Debian's PyTorch ----
suite=${BENCH_TORCH_SUITE:-bookworm}
troot="$cache/debian-torch-$suite"
if [ "${BENCH_TORCH:-1}" = 0 ]; then
    echo "Debian's torch: skipped (BENCH_TORCH=0)"
elif ! sh "$here/debian_torch.sh" "$troot" "$suite" >"$work/torch.log" 2>&1; then
    echo "Debian's torch: not measured: $(tail -n 1 "$work/torch.log")"
else
    measure "check --root, Debian $suite python3-torch" check --root "$troot" --json
    if mkdir -p "$troot/tmp/gdbench" && cp "$gd" "$troot/tmp/gdbench/gd" && cp "$brun" "$troot/tmp/gdbench/bench_run" &&
        can_chroot "$troot"; then
        [ -n "$old" ] && cp "$old" "$troot/tmp/gdbench/gd-old"
        set -- $(inroot "$troot" /tmp/gdbench/bench_run -t "$MSB" "$N" /tmp/gdbench/gd check --json | sed 's/[a-z_]*=//g')
        TW=$1 TC=$2 TSC=$(inroot_syscalls "$troot" /tmp/gdbench/gd check --json)
        row "check, Debian $suite python3-torch (chroot)" "$TW" "$TC" "$TSC"
        if [ -n "$old" ]; then
            set -- $(inroot "$troot" /tmp/gdbench/bench_run -t "$MSB" "$N" /tmp/gdbench/gd-old check --json | sed 's/[a-z_]*=//g')
            OSC=$(inroot_syscalls "$troot" /tmp/gdbench/gd-old check --json)
            row "  before" "$1" "$2" "$OSC"
            printf '%-46s CPU x%s, system calls x%s\n' "  after/before" "$(div "$TC" "$2")" "$(div "$TSC" "$OSC")"
        fi
        ext=$(cd "$troot" && ls usr/lib/python3/dist-packages/torch/_C.cpython-*.so 2>/dev/null | head -n 1)
        if [ -n "$ext" ]; then
            set -- $(inroot "$troot" /tmp/gdbench/bench_run -t "$MSB" "$N" /usr/lib64/ld-linux-x86-64.so.2 --list "/$ext" | sed 's/[a-z_]*=//g')
            row "ld.so --list torch/_C (chroot)" "$1" "$2" "$(inroot_syscalls "$troot" /usr/lib64/ld-linux-x86-64.so.2 --list "/$ext")"
            LDC=$2
        fi
        set -- $(inroot "$troot" /tmp/gdbench/bench_run 1 /usr/bin/python3 -m torch.utils.collect_env | sed 's/[a-z_]*=//g')
        CEW=$1 CEC=$2 CES=$4
        if [ "$CES" = 0 ]; then
            # Its system calls under strace (a Python and torch import traced:
            # the slowest figure of the bench) only with BENCH_HEAVY=1.
            CESC="(BENCH_HEAVY=1)"
            [ "${BENCH_HEAVY:-0}" = 1 ] && CESC=$(inroot_syscalls "$troot" /usr/bin/python3 -m torch.utils.collect_env)
            row "python3 -m torch.utils.collect_env (chroot)" "$CEW" "$CEC" "$CESC"
            echo "  collect_env / check: CPU x$(div "$CEC" "$TC"), wall x$(div "$CEW" "$TW")  (target: >= 300)"
        else
            echo "  collect_env did not run in the chroot (exit $CES)"
        fi
        [ -n "${LDC:-}" ] && echo "  check / ld.so --list torch/_C: CPU x$(div "$TC" "$LDC")"
        echo "  check's system calls: $TSC  (target: <= 400)"
        rm -rf "$troot/tmp/gdbench"
    else
        echo "  (not root, or no unshare/chroot: the chroot figures and collect_env are not measured)"
    fi
fi
echo

lap torch
# ---- ps (issue 33): running processes started here ----
# 20 Python jobs in two environments among 480 other processes (a node),
# then 500 jobs; the machine's own processes come on top.  Every process
# ends by itself after 300 s, and at once when the bench ends.
if [ "$(uname -s)" = Linux ] && have "${CC:-cc}"; then
    sh "$here/ps_setup.sh" "$work/ps" start 20 480
    measure "ps, 20 jobs among 500 processes" ps --json
    sh "$here/ps_setup.sh" "$work/ps" stop
    sh "$here/ps_setup.sh" "$work/ps500" start 500 0
    N0=$N; N=$((N0 / 10 > 0 ? N0 / 10 : 1))
    measure "ps, 500 jobs (2 environments)" ps --json
    N=$N0
    sh "$here/ps_setup.sh" "$work/ps500" stop
fi
echo

lap ps
# ---- explain: time per MB of log ----
mb=${BENCH_EXPLAIN_MB:-8}
cat "$repo"/tests/explain/*.log "$repo"/tests/explain/corpus/*.log >"$work/logs1" 2>/dev/null || true
: >"$work/logs"
while [ "$(wc -c <"$work/logs")" -lt $((mb * 1048576)) ] && [ -s "$work/logs1" ]; do cat "$work/logs1" >>"$work/logs"; done
yes '1875/1875 [==============================] - 5s 2ms/step - loss: 0.2630 - E0000 cuda_dnn.cc:8310] Unable to register cuDNN factory' |
    head -c $((mb * 1048576)) >"$work/noise"
for f in logs noise; do
    [ -s "$work/$f" ] || continue
    set -- $(cost_n 3 "$gd" explain --json "$work/$f")
    printf '%-46s %9s ms/MB CPU\n' "explain, $( [ $f = logs ] && echo 'real logs' || echo noise) ($mb MB)" "$(awk -v c="$2" -v m="$mb" 'BEGIN { printf "%.1f", c / 1000 / m }')"
done
echo

lap explain
# ---- generated machines (Python environments, fleet) ----
# One environment's cost: the difference between 1 and N environments, over
# N - 1; with --root (every open made from the root's handle and checked
# before reading, bench/../src/util/fs.h), and as the machine itself in a
# chroot of the same tree, where an open is a plain open.
per_env() {   # LABEL S1 SN C1 CN
    [ -n "$2" ] && [ -n "$3" ] && [ "$2" != n/a ] && [ "$3" != n/a ] || return 0
    echo "  one Python environment, $1: $(awk -v a="$3" -v b="$2" -v n="$EN" 'BEGIN { printf "%.1f", (a - b) / (n - 1) }') system calls, $(awk -v a="$5" -v b="$4" -v n="$EN" 'BEGIN { printf "%.0f", (a - b) / (n - 1) }') us CPU  (target: <= 30 system calls)"
}
for g in "$here"/gen_*.sh; do
    [ -f "$g" ] || continue
    sh "$g" "$work/$(basename "$g" .sh)" >"$work/gen.out"
    while IFS='	' read -r label args; do
        # shellcheck disable=SC2086
        case $label in *fleet*) N0=$N; N=1; measure "$label" $args; N=$N0 ;; *) measure "$label" $args ;; esac
        case $label in
        "check, 1 Python environment"|*" Python environments") ;;
        *) continue ;;
        esac
        # The same in a chroot of the tree: the arguments without --root DIR.
        tree=$(echo "$args" | awk '{ for (i = 1; i < NF; i++) if ($i == "--root") print $(i + 1) }')
        cargs=$(echo "$args" | awk '{ s = ""; for (i = 1; i <= NF; i++) { if ($i == "--root") { i++; continue } s = s " " $i } print s }')
        HC= HS=
        if [ -n "$tree" ] && put_runtime "$tree" && can_chroot "$tree"; then
            # shellcheck disable=SC2086
            set -- $(inroot "$tree" /tmp/gdbench/bench_run -t "$MSB" "$N" /tmp/gdbench/gd $cargs | sed 's/[a-z_]*=//g')
            HC=$2
            # shellcheck disable=SC2086
            HS=$(inroot_syscalls "$tree" /tmp/gdbench/gd $cargs)
            row "  the same in a chroot of the tree" "$1" "$2" "$HS"
        fi
        case $label in
        "check, 1 Python environment") E1C=$C E1S=$SC H1C=$HC H1S=$HS ;;
        *) ENC=$C ENS=$SC HNC=$HC HNS=$HS EN=$(echo "$label" | awk '{ print $2 }') ;;
        esac
    done <"$work/gen.out"
    rm -rf "$work/$(basename "$g" .sh)"
done
if [ -n "${EN:-}" ]; then
    per_env "with --root" "${E1S:-}" "${ENS:-}" "${E1C:-0}" "${ENC:-0}"
    per_env "in a chroot" "${H1S:-}" "${HNS:-}" "${H1C:-0}" "${HNC:-0}"
fi
echo

lap generated
# Bench programs built by mk/*.mk (make bench sets BENCH_PROGS) print their own lines.
for p in ${BENCH_PROGS:-}; do "$p"; done
lap loader
echo "bench: $(( $(date +%s) - t_start )) s (the torch tree and the baseline, once built, are kept in $cache); s by part:${laps%,}"
