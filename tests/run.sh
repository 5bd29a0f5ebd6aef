#!/bin/sh
# tests/run.sh - run the whole suite and print "N passed, N failed[, N skipped]".
#
# Unit tests: every binary in $GD_BUILD/tests prints one "PASS name" or
# "FAIL name" line per test function.  CLI tests: every tests/cli/*.sh case is
# a script that builds a fixture machine and runs the real binary ($GD_BIN);
# exit 0 = pass, 77 = skip (with the reason on stdout), anything else = fail.
# Reliability cases: tests/reliability/rNNN-*.sh, run as CLI cases are
# (tests/reliability/lib.sh; docs/reliability.md).  Fuzz targets: each for
# GD_FUZZ_SECONDS, then fuzz/long.sh for GD_FUZZ_LONG_BUDGET seconds over
# the targets whose code changed since their corpus did.
# GD_ONLY=unit|cli|fuzz restricts (cli includes reliability);
# GD_FILTER=substring selects cases by name.
set -u
: "${GD_BIN:?GD_BIN must name the gpudoctor binary}"
: "${GD_BUILD:?GD_BUILD must name the build directory}"
here=$(cd "$(dirname "$0")" && pwd)
export GD_BIN GD_BUILD GD_TESTS="$here"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:exitcode=86}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=87}"
work=$(mktemp -d "${TMPDIR:-/tmp}/gdtest.XXXXXX")
# The Wine cases (tests/cli/win.inc, winexe.inc) share a prefix under
# $work whose server writes the registry when it exits, ten seconds after
# the last case: stop it first, or that write recreates $work/wine.
cleanup() {
    if [ -d "$work/wine/pfx" ] && command -v wineserver >/dev/null 2>&1; then
        WINEPREFIX="$work/wine/pfx" wineserver -k >/dev/null 2>&1
        WINEPREFIX="$work/wine/pfx" timeout 30 wineserver -w >/dev/null 2>&1
    fi
    rm -rf "$work"
}
trap cleanup EXIT INT TERM
pass=0 fail=0 skip=0
failed_names=""

if [ "${GD_ONLY:-unit}" = unit ] || [ "${GD_ONLY:-}" = "" ]; then
    for t in "$GD_BUILD"/tests/test_*; do
        [ -x "$t" ] || continue
        name=$(basename "$t")
        case "$name" in *"${GD_FILTER:-}"*) ;; *) continue ;; esac
        out="$work/$name.out"
        (cd "$work" && "$t") >"$out" 2>&1
        rc=$?
        p=$(grep -c '^PASS ' "$out")
        f=$(grep -c '^FAIL ' "$out")
        pass=$((pass + p)); fail=$((fail + f))
        if [ "$f" -gt 0 ] || [ $rc -ne 0 ]; then
            if [ "$f" -eq 0 ]; then fail=$((fail + 1)); fi
            echo "--- $name (exit $rc)"
            grep -v '^PASS ' "$out" | head -50
            failed_names="$failed_names $name"
        fi
    done
fi

if [ "${GD_ONLY:-cli}" = cli ] || [ "${GD_ONLY:-}" = "" ]; then
    # Every check/explain/plan report a case makes is kept for the fix linter.
    GD_FIXLINT_DIR="$work/fixlint"
    export GD_FIXLINT_DIR
    mkdir -p "$GD_FIXLINT_DIR"
    # A case's measurements for the run's output (explain's accuracy on both
    # corpus splits, 4100): lines in $GD_REPORT_DIR/NAME.txt, printed before the totals.
    GD_REPORT_DIR="$work/report"
    export GD_REPORT_DIR
    mkdir -p "$GD_REPORT_DIR"
    ls "$here"/cli/*.sh 2>/dev/null | grep -v '/lib\.sh$' >"$work/cases"
    # The reliability cases (tests/reliability) run beside them.
    ls "$here"/reliability/r[0-9]*.sh 2>/dev/null >>"$work/cases"
    # A pool of GD_JOBS workers (xargs -P), not batches: one slow case (a
    # chroot, qemu, a package build) no longer holds the others back.  The
    # slow families start first so they overlap the many short cases.
    cat >"$work/run_case.sh" <<'EOF_CASE'
c=$1
name=$(basename "$c" .sh)
d="$GD_RUN_WORK/cli/$name"
mkdir -p "$d"
(cd "$d" && CASE_DIR="$d" sh "$c") >"$d/log" 2>&1
echo $? >"$d/rc"
EOF_CASE
    while read -r c; do
        name=$(basename "$c" .sh)
        case "$name" in *"${GD_FILTER:-}"*) ;; *) continue ;; esac
        case "$name" in
        *-realpkg-* | *-static-* | *-deb-* | *-wheel-* | *aarch64* | *-slurm-*) echo "0 $c" ;;
        *) echo "1 $c" ;;
        esac
    done <"$work/cases" | sort -k1,1n -k2 | cut -d' ' -f2- >"$work/queue"
    GD_RUN_WORK=$work xargs -P "${GD_JOBS:-2}" -n 1 sh "$work/run_case.sh" <"$work/queue"
    while read -r c; do
        name=$(basename "$c" .sh)
        [ -f "$work/cli/$name/rc" ] || continue
        rc=$(cat "$work/cli/$name/rc")
        if [ "$rc" -eq 0 ]; then
            pass=$((pass + 1))
        elif [ "$rc" -eq 77 ]; then
            skip=$((skip + 1))
            echo "--- skipped $name: $(tail -n 1 "$work/cli/$name/log")"
        else
            fail=$((fail + 1))
            failed_names="$failed_names $name"
            echo "--- $name (exit $rc)"
            # the failed assertion (lib.sh's fail() prints it before the
            # outputs), then the end of the log
            grep -a -m 3 '^FAIL' "$work/cli/$name/log"
            tail -n 40 "$work/cli/$name/log"
        fi
    done <"$work/cases"
    # The fix linter (tests/fixlint/fixlint.sh) over every report kept, and
    # explain's answer to every log in tests/explain.
    case fixlint in *"${GD_FILTER:-}"*)
        for l in "$here"/explain/*.log; do
            "$GD_BIN" explain --json "$l" >"$GD_FIXLINT_DIR/explain-$(basename "$l" .log).json" 2>/dev/null
        done ;;
    esac
    # GD_FIXLINT_SAVE=DIR keeps the reports (to rerun the linter alone).
    [ -n "${GD_FIXLINT_SAVE:-}" ] && mkdir -p "$GD_FIXLINT_SAVE/json" && cp "$GD_FIXLINT_DIR"/*.json "$GD_FIXLINT_SAVE"/ 2>/dev/null &&
        cp "$GD_FIXLINT_DIR"/json/*.json "$GD_FIXLINT_SAVE"/json/ 2>/dev/null
    if ls "$GD_FIXLINT_DIR"/*.json >/dev/null 2>&1; then
        # Known violations can only be judged stale on a whole run.
        [ -z "${GD_FILTER:-}" ] && GD_FIXLINT_STALE=1 && export GD_FIXLINT_STALE
        if sh "$here/fixlint/fixlint.sh" "$here/../data" "$here/fixlint/known.tsv" "$GD_FIXLINT_DIR"/*.json \
            >"$work/fixlint.log" 2>&1; then
            pass=$((pass + 1))
            tail -n 1 "$work/fixlint.log"
        else
            fail=$((fail + 1))
            failed_names="$failed_names fixlint"
            echo "--- fixlint"
            tail -n 60 "$work/fixlint.log"
        fi
    fi
fi

# The paste harness (tests/paste/paste.py): every fix in those reports run
# where it can run here: sh -n, fish -n, apt-get install -s against the
# examined release's Debian archive, pip install --dry-run against a local
# index of the knowledge base's wheels.
if [ "${GD_ONLY:-cli}" = cli ] || [ "${GD_ONLY:-}" = "" ]; then
    case paste in *"${GD_FILTER:-}"*)
    if ls "$GD_FIXLINT_DIR"/*.json >/dev/null 2>&1; then
        [ -z "${GD_FILTER:-}" ] && PASTE_STALE=1 && export PASTE_STALE
        mkdir -p "$GD_FIXLINT_DIR/json"
        if python3 "$here/paste/paste.py" --data "$here/../data" --known "$here/paste/known.tsv" \
            "$GD_FIXLINT_DIR" "$GD_FIXLINT_DIR/json" >"$work/paste.log" 2>&1; then
            pass=$((pass + 1))
            tail -n 1 "$work/paste.log"
        else
            fail=$((fail + 1)); failed_names="$failed_names paste"
            echo "--- paste"
            grep -v '^known ' "$work/paste.log" | tail -n 40
        fi
    fi ;;
    esac
fi

# A short report (issue 31): every one-finding machine a case checked (with
# --root: tests/cli/lib.sh's _gd_replay renders its default text report at
# 80 columns from its facts) fits 24 rows.
if [ "${GD_ONLY:-cli}" = cli ] || [ "${GD_ONLY:-}" = "" ]; then
    case short-report in *"${GD_FILTER:-}"*)
    if [ -s "$GD_FIXLINT_DIR/short-report.tsv" ]; then
        _sr_n=$(wc -l <"$GD_FIXLINT_DIR/short-report.tsv")
        _sr_cases=$(cut -f 2 "$GD_FIXLINT_DIR/short-report.tsv" | sort -u | wc -l)
        _sr_max=$(sort -n "$GD_FIXLINT_DIR/short-report.tsv" | tail -n 1 | cut -f 1)
        # Known long reports (case<TAB>code, tests/paste/short-report-known.tsv) are
        # reported, not failed; the list only shrinks (empty now: any report over
        # 24 rows fails).
        awk -F '\t' 'FILENAME == ARGV[1] { if ($0 !~ /^#/ && NF >= 2) k[$1 "\t" $2] = 1; next }
            $1 > 24 && !(($2 "\t" $3) in k)' "$here/paste/short-report-known.tsv" \
            "$GD_FIXLINT_DIR/short-report.tsv" >"$work/short-report.bad"
        if [ ! -s "$work/short-report.bad" ]; then
            pass=$((pass + 1))
            echo "short-report: $_sr_n one-finding reports in $_sr_cases cases, at most $_sr_max rows of 24"
        else
            fail=$((fail + 1)); failed_names="$failed_names short-report"
            echo "--- short-report: one-finding reports over 24 rows at 80 columns (rows, case, finding):"
            sort -rn "$work/short-report.bad" | head -n 40
            # the longest one as printed (tests/cli/lib.sh keeps each)
            _sr_f=$(sort -rn "$work/short-report.bad" | head -n 1 | awk -F '\t' '{ print $2 "-" $1 "-" $3 ".txt" }')
            [ -f "$GD_FIXLINT_DIR/short/$_sr_f" ] && sed 's/^/    /' "$GD_FIXLINT_DIR/short/$_sr_f"
        fi
    fi ;;
    esac
fi

# The JSON contracts: every document the cases wrote (the fix linter's
# reports and $GD_FIXLINT_DIR/json: which, matrix, ps, fleet, --facts)
# against its schema in docs/schemas (tests/schema/validate.py).
if [ "${GD_ONLY:-cli}" = cli ] || [ "${GD_ONLY:-}" = "" ]; then
    if ls "$GD_FIXLINT_DIR"/*.json "$GD_FIXLINT_DIR"/json/*.json >/dev/null 2>&1; then
        if ! python3 -c 'import jsonschema' 2>/dev/null; then
            if [ "${CI:-}" = true ]; then
                fail=$((fail + 1)); failed_names="$failed_names json-schemas"
                echo "--- json-schemas: python3-jsonschema is not installed (tools/install-deps.sh --test)"
            elif [ -n "${GD_FILTER:-}" ]; then
                :   # a family run (9602's nested one): not counted as a skip
            else
                skip=$((skip + 1))
                echo "--- skipped json-schemas: python3-jsonschema is not installed (tools/install-deps.sh --test)"
            fi
        elif { ls "$GD_FIXLINT_DIR"/*.json 2>/dev/null | xargs -r python3 "$here/schema/validate.py" "$here/../docs/schemas" &&
               ls "$GD_FIXLINT_DIR"/json/*.json 2>/dev/null | xargs -r python3 "$here/schema/validate.py" \
                   "$here/../docs/schemas" --require-json; } >"$work/schemas.log" 2>&1; then
            pass=$((pass + 1))
            grep 'documents valid' "$work/schemas.log" | tr '\n' ' '; echo "(json-schemas)"
        else
            fail=$((fail + 1)); failed_names="$failed_names json-schemas"
            echo "--- json-schemas"
            grep -v ' 0 invalid' "$work/schemas.log" | head -n 60
        fi
    fi
fi

# Fuzz targets (GD_FUZZ_DIR, set by make check when clang is installed):
# each runs for GD_FUZZ_SECONDS under ASan+UBSan, seeded from fuzz/corpus.
if [ "${GD_ONLY:-fuzz}" = fuzz ] || [ "${GD_ONLY:-}" = "" ]; then
    if [ -n "${GD_FUZZ_DIR:-}" ]; then
        for f in "$GD_FUZZ_DIR"/fuzz_*; do
            [ -x "$f" ] || continue
            name=$(basename "$f")
            case "$name" in *"${GD_FILTER:-}"*) ;; *) continue ;; esac
            if sh "$here/../fuzz/run.sh" "${GD_FUZZ_SECONDS:-5}" "$f" >"$work/$name.log" 2>&1; then
                pass=$((pass + 1))
            else
                fail=$((fail + 1))
                failed_names="$failed_names $name"
                echo "--- $name"
                tail -n 30 "$work/$name.log"
            fi
        done
        # Longer fuzzing where the code changed since the corpus did (fuzz/long.sh).
        if [ "${GD_FUZZ_LONG_BUDGET:-0}" -gt 0 ] && [ -z "${GD_FILTER:-}" ]; then
            if sh "$here/../fuzz/long.sh" --changed --no-merge "$GD_FUZZ_LONG_BUDGET" "$GD_FUZZ_DIR"/fuzz_* \
                >"$work/fuzz-long.log" 2>&1; then
                pass=$((pass + 1))
                head -n 1 "$work/fuzz-long.log"
            else
                fail=$((fail + 1))
                failed_names="$failed_names fuzz-long"
                echo "--- fuzz-long"
                tail -n 40 "$work/fuzz-long.log"
            fi
        fi
    elif [ "${GD_ONLY:-}" = "" ]; then
        skip=$((skip + 1))
        echo "--- skipped the fuzz targets: no clang (libFuzzer); install clang and rerun"
    fi
fi

[ -n "${GD_REPORT_DIR:-}" ] && cat "$GD_REPORT_DIR"/*.txt 2>/dev/null
[ -n "$failed_names" ] && echo "failed:$failed_names"
if [ $skip -gt 0 ]; then
    echo "$pass passed, $fail failed, $skip skipped"
else
    echo "$pass passed, $fail failed"
fi
[ $fail -eq 0 ]
