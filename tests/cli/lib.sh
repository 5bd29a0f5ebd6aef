# tests/cli/lib.sh - helpers for CLI test cases (sourced, POSIX sh).
#
# A case is tests/cli/NNNN-area-what.sh.  It sources this file, builds a
# fixture machine under $ROOT with the helpers below, runs the real binary
# with `gd ARGS...` and asserts on the result.  The first failed assertion
# ends the case with exit 1 and says why.  Families: 0xxx cli and system,
# 1xxx loader, 2xxx python, 3xxx kb and diagnose, 4xxx explain, 5xxx probe,
# 6xxx windows (65xx macOS), 7xxx fleet.
set -u
: "${GD_BIN:?}" "${CASE_DIR:?}"
ROOT="$CASE_DIR/root"
mkdir -p "$ROOT"
CC=${CC:-cc}
OUT="$CASE_DIR/stdout"
ERR="$CASE_DIR/stderr"
RC=0
_n=0

fail() { echo "FAIL: $*"; echo "--- stdout:"; head -c 4000 "$OUT" 2>/dev/null; echo "--- stderr:"; head -c 2000 "$ERR" 2>/dev/null; exit 1; }
skip() { echo "$*"; exit 77; }

# put PATH [CONTENT]: write CONTENT (or stdin) to $ROOT/PATH, making parents.
put() {
    _p="$ROOT/$1"; mkdir -p "$(dirname "$_p")"
    if [ $# -ge 2 ]; then printf '%s\n' "$2" >"$_p"; else cat >"$_p"; fi
}
# link TARGET PATH: symlink $ROOT/PATH -> TARGET (TARGET as written).
link() { mkdir -p "$(dirname "$ROOT/$2")"; ln -sfn "$1" "$ROOT/$2"; }
mkd() { for _d in "$@"; do mkdir -p "$ROOT/$_d"; done; }

# mklib PATH SONAME [CC FLAGS...]: a real shared library whose function
# gd_which() returns a distinct number, with the given soname.
mklib() {
    _p="$ROOT/$1"; _so=$2; shift 2
    _n=$((_n + 1))
    mkdir -p "$(dirname "$_p")"
    printf 'int gd_which(void) { return %d; }\n' "$_n" >"$CASE_DIR/lib$_n.c"
    $CC -shared -fPIC -o "$_p" -Wl,-soname,"$_so" "$CASE_DIR/lib$_n.c" "$@" || fail "cannot build $_p"
}

# Fake driver: the user-space driver libraries with their versioned names.
# mkdriver VERSION [LIBDIR]
mkdriver() {
    _v=$1; _dir=${2:-/usr/lib/x86_64-linux-gnu}
    mklib "$_dir/libcuda.so.$_v" libcuda.so.1
    ln -sfn "libcuda.so.$_v" "$ROOT/$_dir/libcuda.so.1"
    mklib "$_dir/libnvidia-ml.so.$_v" libnvidia-ml.so.1
    ln -sfn "libnvidia-ml.so.$_v" "$ROOT/$_dir/libnvidia-ml.so.1"
}
# kmod VERSION [open]: /proc/driver/nvidia/version as the kernel module writes it.
kmod() {
    if [ "${2:-}" = open ]; then
        put /proc/driver/nvidia/version "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  $1  Release Build  (dvs-builder@U16-I3-B03-4-3)  Tue Aug 27 22:20:07 UTC 2024
GCC version:  gcc version 12.2.0 (Debian 12.2.0-14)"
    else
        put /proc/driver/nvidia/version "NVRM version: NVIDIA UNIX x86_64 Kernel Module  $1  Sun Aug  6 12:27:26 UTC 2023
GCC version:  gcc version 12.2.0 (Debian 12.2.0-14)"
    fi
    put /sys/module/nvidia/version "$1"
}
# gpu SLOT DEVICE_ID [CLASS]: an NVIDIA PCI function in sysfs.
gpu() {
    _d="/sys/bus/pci/devices/$1"
    put "$_d/vendor" 0x10de
    put "$_d/device" "$2"
    put "$_d/class" "${3:-0x030000}"
}
devnodes() { for _dn in "$@"; do put "/dev/$_dn" ""; done; }
# osrelease [KERNEL]: a Debian 12 x86_64 base: os-release, /proc kernel
# files, the program interpreter and the multiarch library directory.
osrelease() {
    mkd lib64 usr/lib/x86_64-linux-gnu
    : >"$ROOT/lib64/ld-linux-x86-64.so.2"
    put /etc/debian_version "12.5"
    put /etc/os-release "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"
NAME=\"Debian GNU/Linux\"
VERSION_ID=\"12\"
ID=debian"
    put /proc/sys/kernel/osrelease "${1:-6.1.0-18-amd64}"
    put /proc/version "Linux version ${1:-6.1.0-18-amd64} (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0) #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)"
}
# osrelease_trixie [KERNEL]: the same base as Debian 13 (trixie), whose
# archive has driver 550.163.01-2 (bookworm's has 535.261.03-1:
# data/distro_pkg.kb driver_version).
osrelease_trixie() {
    osrelease "${1:-6.12.117+deb13-amd64}"
    put /etc/debian_version "13.2"
    put /etc/os-release "PRETTY_NAME=\"Debian GNU/Linux 13 (trixie)\"
NAME=\"Debian GNU/Linux\"
VERSION_ID=\"13\"
VERSION_CODENAME=trixie
ID=debian"
    put /proc/version "Linux version ${1:-6.12.117+deb13-amd64} (debian-kernel@lists.debian.org) (x86_64-linux-gnu-gcc-14 (Debian 14.2.0-19) 14.2.0) #1 SMP PREEMPT_DYNAMIC Debian 6.12.117-1 (2025-11-01)"
}
# cuda_toolkit PREFIX VERSION: a toolkit install with version.json and libcudart.
cuda_toolkit() {
    _pre=$1; _v=$2; _maj=${_v%%.*}
    put "$_pre/version.json" "{
   \"cuda\" : { \"name\" : \"CUDA SDK\", \"version\" : \"$_v\" },
   \"cuda_cudart\" : { \"name\" : \"CUDA Runtime (cudart)\", \"version\" : \"$_v\" }
}"
    # The runtime's soname: libcudart.so.10.2 up to CUDA 10, libcudart.so.11.0
    # for every 11.x, libcudart.so.12 / .13 from CUDA 12 on.
    case $_maj in
        9|10) _so="libcudart.so.$(printf '%s' "$_v" | cut -d. -f1-2)" ;;
        11) _so=libcudart.so.11.0 ;;
        *) _so="libcudart.so.$_maj" ;;
    esac
    mklib "$_pre/lib64/libcudart.so.$_v" "$_so"
    ln -sfn "libcudart.so.$_v" "$ROOT/$_pre/lib64/$_so"
    mkdir -p "$ROOT/$_pre/bin"; printf '#!/bin/sh\nexit 1\n' >"$ROOT/$_pre/bin/nvcc"; chmod +x "$ROOT/$_pre/bin/nvcc"
}

# gd ARGS...: run gpudoctor; stdout in $OUT, stderr in $ERR, status in $RC.
# Every `gd check --root ...` that ends with a verdict (exit 0 or 1) is also
# replayed from its facts: `check --facts` with the same arguments, then
# `check --from-facts` on that file, must give the same findings, verdicts
# and exit status (GD_NO_FROM_FACTS=1 skips the replay).
# With GD_FIXLINT_DIR set (tests/run.sh), the JSON of every check, explain
# and plan run is kept there for the fix linter (tests/fixlint/fixlint.sh):
# the output itself when it is JSON, else the same run again with --json.
# Every other JSON document a run writes (which, matrix, ps, fleet, check
# --facts) goes to $GD_FIXLINT_DIR/json, for the schema check
# (tests/schema/validate.py, docs/schemas).
gd() {
    "$GD_BIN" "$@" >"$OUT" 2>"$ERR"
    RC=$?
    case $RC in 86|87) fail "sanitizer error (exit $RC)";; esac
    [ -n "${GD_FIXLINT_DIR:-}" ] && _json_keep "$@" && _fixlint_keep "$@"
    if [ "${1:-}" = check ] && [ "${GD_NO_FROM_FACTS:-}" != 1 ] && { [ $RC -eq 0 ] || [ $RC -eq 1 ]; }; then
        _gd_replay "$@"
    fi
    return 0
}
_fl_n=0
_json_n=0
_json_keep() {
    case $RC in 0|1) ;; *) return 0 ;; esac
    case " $* " in *" --json "*|*" --facts "*) ;; *) return 0 ;; esac
    case " $* " in *" --output"*|*" -o "*|*" --help "*) return 0 ;; esac
    case ${1:-} in check|-*) case " $* " in *" --facts "*) ;; *) return 0 ;; esac ;;
        explain|plan|probe) return 0 ;; esac
    [ -s "$OUT" ] || return 0
    _json_n=$((_json_n + 1))
    mkdir -p "$GD_FIXLINT_DIR/json"
    cp "$OUT" "$GD_FIXLINT_DIR/json/$(basename "$CASE_DIR")-$_json_n.json"
    return 0
}
_fixlint_keep() {
    case ${1:-} in check|explain|plan|probe|-*) ;; *) return 0 ;; esac
    _fl_n=$((_fl_n + 1))
    _fl_dst="$GD_FIXLINT_DIR/$(basename "$CASE_DIR")-$_fl_n.json"
    case " $* " in
        *" --json "*) cp "$OUT" "$_fl_dst"; return 0 ;;
        *" --facts "*|*" -o "*|*" --output"*|*" - "*|*" --help "*) return 0 ;;
    esac
    [ "${1:-}" = probe ] && return 0    # probe loads the driver: once is enough
    [ "${1:-}" = explain ] && [ $# -lt 2 ] && return 0   # read stdin: cannot repeat
    _fl_q=""
    for _fl_a in "$@"; do
        case $_fl_a in --markdown|--strict|--all-shells|-v|--verbose|-q|--quiet) continue ;; esac
        _fl_q="$_fl_q $(_q "$_fl_a")"
    done
    eval "\"\$GD_BIN\" $_fl_q --json" >"$_fl_dst" 2>/dev/null
    return 0
}

# _gd_replay check ARGS...: the --from-facts round trip of one check run.
_gd_replay() {
    shift
    _scan="" _judge="" _root=0 _skip=0
    while [ $# -gt 0 ]; do
        case $1 in
            --root|--env|--env-file|--os|--python|--prefix|--cwd) _scan="$_scan $(_q "$1") $(_q "$2")"; [ "$1" = --root ] && _root=1; shift ;;
            --root=*|--env=*|--env-file=*|--os=*) _scan="$_scan $(_q "$1")"; case $1 in --root=*) _root=1;; esac ;;
            --clear-env) _scan="$_scan $1" ;;
            --db) _judge="$_judge $(_q "$1") $(_q "$2")"; _scan="$_scan $(_q "$1") $(_q "$2")"; shift ;;
            --db=*) _judge="$_judge $(_q "$1")"; _scan="$_scan $(_q "$1")" ;;
            --strict) _judge="$_judge $1" ;;
            --probe|--verify-libs|--output|--output=*|-o|--from-facts) _skip=1 ;;
            *) ;;
        esac
        shift
    done
    [ $_root -eq 1 ] && [ $_skip -eq 0 ] || return 0
    command -v jq >/dev/null || return 0
    _rf="$CASE_DIR/replay.facts.json"
    eval "\"\$GD_BIN\" check $_scan --facts" >"$_rf" 2>/dev/null
    eval "\"\$GD_BIN\" check $_scan $_judge --json" >"$CASE_DIR/replay.scan.json" 2>/dev/null
    _rs=$?
    eval "\"\$GD_BIN\" check --from-facts \"\$_rf\" $_judge --json" >"$CASE_DIR/replay.judged.json" 2>"$CASE_DIR/replay.err"
    _rj=$?
    case $_rj in 86|87) fail "sanitizer error in check --from-facts (exit $_rj)";; esac
    [ $_rs -eq $_rj ] || fail "check --from-facts exits $_rj, check exits $_rs ($(head -c 300 "$CASE_DIR/replay.err"))"
    _sel='{exit_status, verdicts: [.verdicts[] | {subject, gpu, reason, findings, needs}], findings: [.findings[] | {code, severity, subject, title, evidence, fixes}]}'
    jq -S "$_sel" "$CASE_DIR/replay.scan.json" >"$CASE_DIR/replay.scan.sel" 2>/dev/null
    jq -S "$_sel" "$CASE_DIR/replay.judged.json" >"$CASE_DIR/replay.judged.sel" 2>/dev/null
    cmp -s "$CASE_DIR/replay.scan.sel" "$CASE_DIR/replay.judged.sel" ||
        fail "check --from-facts differs from check: $(diff "$CASE_DIR/replay.scan.sel" "$CASE_DIR/replay.judged.sel" | head -20)"
    # A one-finding machine: the rows its default text report takes on an
    # 80x24 terminal (a longer line wraps), for tests/run.sh's short-report
    # check over every such fixture (issue 31: it fits 24).
    if [ -n "${GD_FIXLINT_DIR:-}" ] && [ "$(jq '.findings | length' "$CASE_DIR/replay.judged.json" 2>/dev/null)" = 1 ]; then
        eval "COLUMNS=80 \"\$GD_BIN\" check --from-facts \"\$_rf\" $_judge" >"$CASE_DIR/replay.text" 2>/dev/null
        _rr=$(awk '{ n += length($0) > 80 ? int((length($0) + 79) / 80) : 1 } END { print n + 0 }' "$CASE_DIR/replay.text")
        printf '%s\t%s\t%s\n' "$_rr" "$(basename "$CASE_DIR")" "$(jq -r '.findings[0].code' "$CASE_DIR/replay.judged.json")" \
            >>"$GD_FIXLINT_DIR/short-report.tsv"
        # An over-long one is kept for tests/run.sh to show.
        if [ "$_rr" -gt 24 ]; then
            mkdir -p "$GD_FIXLINT_DIR/short"
            cp "$CASE_DIR/replay.text" "$GD_FIXLINT_DIR/short/$(basename "$CASE_DIR")-$_rr-$(jq -r '.findings[0].code' "$CASE_DIR/replay.judged.json").txt"
        fi
    fi
}
# _q WORD: WORD quoted for eval.
_q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
# gdcheck ARGS...: gd check --root $ROOT --clear-env ARGS...
gdcheck() { gd check --root "$ROOT" --clear-env "$@"; }

expect_rc() { [ "$RC" -eq "$1" ] || fail "exit status $RC, expected $1"; }
# expect_json JQ_EXPR: the JSON on stdout makes JQ_EXPR true.
expect_json() {
    command -v jq >/dev/null || skip "jq is not installed"
    jq -e "$1" "$OUT" >/dev/null 2>"$CASE_DIR/jq.err" || fail "json: $1 is not true ($(head -c 300 "$CASE_DIR/jq.err"))"
}
expect_text() { grep -F -q -- "$1" "$OUT" || fail "stdout lacks: $1"; }
expect_no_text() { if grep -F -q -- "$1" "$OUT"; then fail "stdout has: $1"; fi; }
expect_err() { grep -F -q -- "$1" "$ERR" || fail "stderr lacks: $1"; }
