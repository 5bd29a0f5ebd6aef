# tests/cli/loader_lib.sh - helpers for the loader differential cases
# (tests/cli/1xxx-loader-*.sh).  Sourced after lib.sh.
#
# Each case builds real shared objects under $ROOT (an absolute directory),
# then asks two questions with the same environment: which file does
# glibc's dlopen load (the helper build/san/helpers/dlwhich), and which
# file does `gpudoctor which --root /` predict.  They must agree, and both
# must equal what the case expects, so that agreeing on a wrong answer
# fails too.  Library names are unique (libgdt*), so the host's cache and
# default directories cannot interfere.
DLWHICH="$GD_BUILD/helpers/dlwhich"
[ -x "$DLWHICH" ] || skip "the dlwhich helper is not built"
command -v jq >/dev/null || skip "jq is not installed"
[ "$(uname -m)" = x86_64 ] || skip "the loader cases build x86-64 objects"
LC_ALL=C ldd --version 2>/dev/null | head -n 1 | grep -qi 'glibc\|gnu libc' || skip "not a glibc system"

# What THIS host's loader says about itself (never assume the CPU): the
# program interpreter's --help lists each glibc-hwcaps subdirectory and
# legacy hwcap subdirectory, with "(supported, searched)" for those it
# searches on this CPU (glibc 2.33 and later).
LDSO=/lib64/ld-linux-x86-64.so.2
LC_ALL=C "$LDSO" --help >"$CASE_DIR/ldso-help" 2>/dev/null || skip "cannot run $LDSO --help"
# ldso_searched SUBDIR: true if ld.so searches glibc-hwcaps/SUBDIR here.
ldso_searched() {
    sed -n '/^Subdirectories of glibc-hwcaps/,/^$/p' "$CASE_DIR/ldso-help" | grep -q "^  $1 (supported, searched)"
}
# ldso_legacy_searched NAME: true if ld.so searches the legacy subdir NAME.
ldso_legacy_searched() {
    sed -n '/^Legacy HWCAP subdirectories/,/^$/p' "$CASE_DIR/ldso-help" | grep -q "^  $1 (.*searched)"
}
# need_hwcaps_help: skip when this loader predates glibc-hwcaps (< 2.33).
need_hwcaps_help() {
    grep -q '^Subdirectories of glibc-hwcaps' "$CASE_DIR/ldso-help" || skip "this ld.so has no glibc-hwcaps (glibc < 2.33)"
}

# mkvia PATH [CC FLAGS...]: a library exporting gd_dlopen(name), so that
# dlopen is called from inside it (its RPATH/RUNPATH/$ORIGIN apply).
mkvia() {
    _p="$ROOT/$1"; shift
    mkdir -p "$(dirname "$_p")"
    printf '#include <dlfcn.h>\nvoid *gd_dlopen(const char *n) { return dlopen(n, RTLD_NOW); }\n' >"$CASE_DIR/via.c"
    $CC -shared -fPIC -o "$_p" "$CASE_DIR/via.c" "$@" -ldl || fail "cannot build $_p"
}
# mkdep PATH SONAME [CC FLAGS...]: like mklib (the flags may add -L/-l).
mkdep() { mklib "$@"; }
# mk32 PATH / mkarm PATH: same-name decoys of the wrong class / machine.
mk32() {
    mkdir -p "$(dirname "$ROOT/$1")"
    printf 'int gd_which(void) { return 32; }\n' >"$CASE_DIR/d32.c"
    gcc -m32 -shared -nostdlib -o "$ROOT/$1" "$CASE_DIR/d32.c" 2>/dev/null || skip "no 32-bit compiler (gcc -m32)"
}
mkarm() {
    mkdir -p "$(dirname "$ROOT/$1")"
    printf 'int gd_which(void) { return 64; }\n' >"$CASE_DIR/darm.c"
    command -v aarch64-linux-gnu-gcc >/dev/null || skip "no aarch64 cross compiler"
    aarch64-linux-gnu-gcc -shared -nostdlib -o "$ROOT/$1" "$CASE_DIR/darm.c" || fail "cannot build $1"
}

# oracle [--via P | --needed-of P] NAME: run the real dlopen with
# $LLP as LD_LIBRARY_PATH (unset when LLP is unset); sets REAL (and
# REAL_RAW: what dlwhich printed, dlerror's words for an error).
oracle() {
    if [ "${LLP+set}" = set ]; then
        REAL=$(cd "$CASE_DIR" && env LD_LIBRARY_PATH="$LLP" "$DLWHICH" "$@" 2>&1)
    else
        REAL=$(cd "$CASE_DIR" && env -u LD_LIBRARY_PATH "$DLWHICH" "$@" 2>&1)
    fi
    REAL_RAW=$REAL
    case $REAL in ERROR:*) REAL=null ;; esac
}
# predict NAME [which options...]: gpudoctor's answer; sets PRED ("null" if none).
predict() {
    if [ "${LLP+set}" = set ]; then
        gd which --root / --clear-env --env "LD_LIBRARY_PATH=$LLP" --main "$DLWHICH" --json "$@"
    else
        gd which --root / --clear-env --main "$DLWHICH" --json "$@"
    fi
    PRED=$(jq -r '.found // "null"' "$OUT" 2>/dev/null) || fail "which --json gave no JSON"
}
# agree EXPECTED: the real loader and gpudoctor both chose EXPECTED
# (a path, or null for "not loadable").
agree() {
    [ "$REAL" = "$1" ] || fail "the real dlopen loaded '$REAL', the case expects '$1'"
    [ "$PRED" = "$1" ] || fail "gpudoctor predicts '$PRED', the real dlopen loaded '$REAL'"
}
# diffcase EXPECTED NAME [--via P | --from-needed P]: both questions at once.
diffcase() {
    _exp=$1; _name=$2; shift 2
    case ${1:-} in
        --via) oracle --via "$ROOT/$2" "$_name"; predict "$_name" --cwd "$CASE_DIR" --from "$ROOT/$2" ;;
        --needed-of) oracle --needed-of "$ROOT/$2" "$_name"; shift 2; predict "$_name" --cwd "$CASE_DIR" "$@" ;;
        *) oracle "$_name"; predict "$_name" --cwd "$CASE_DIR" ;;
    esac
    agree "$_exp"
}
