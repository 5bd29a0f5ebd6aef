#!/bin/sh
# fleet report --prometheus follows the text exposition format (HELP and
# TYPE once per family, before its samples; label values escaped);
# --markdown makes tables; usage errors exit 2.
. "$GD_TESTS/cli/lib.sh"
R="$GD_TESTS/fleet/reports"
gd fleet report --prometheus "$R"
expect_rc 1
expect_text 'gpudoctor_framework_gpu_usable{node="gpu01",framework="torch",version="2.4.0+cu124",env="/srv/env",verdict="yes"} 1'
expect_text 'gpudoctor_framework_gpu_usable{node="gpu04",framework="torch",version="2.4.0+cu124",env="/srv/env",verdict="no"} 0'
expect_text 'gpudoctor_findings{node="gpu07",severity="error",kind="missing_cudnn"} 1'
expect_text 'gpudoctor_driver_info{node="gpu04",version="470.223.02"} 1'
expect_text 'gpudoctor_fleet_nodes{state="failing"} 3'
expect_text 'gpudoctor_fleet_rejected_reports 4'
# Every sample's family was declared by a TYPE line before it, exactly once.
awk '/^# TYPE /{ if (seen[$3]++) { print "TYPE twice: " $3; bad = 1 } declared[$3] = 1; next }
     /^#/ { next }
     { m = $0; sub(/[{ ].*/, "", m); if (!declared[m]) { print "undeclared: " m; bad = 1 } }
     END { exit bad }' "$OUT" || fail "exposition format"
if command -v promtool >/dev/null 2>&1; then
    promtool check metrics <"$OUT" || fail "promtool"
fi

# Escaping: a hostname with a quote, a backslash and a newline.
jq '.host.hostname = "bad\"host\\x\nnl"' "$R/gpu01.json" >"$CASE_DIR/odd.json" 2>/dev/null || skip "jq is not installed"
gd fleet report --prometheus "$CASE_DIR/odd.json"
expect_text 'gpudoctor_node_reachable{node="bad\"host\\x\nnl"} 1'

gd fleet report --markdown "$R"
expect_text '| every framework uses the GPU | `gpu[01-03]` | 3 |'
expect_text '| error | GD208 | the driver 470.223.02 is too old for torch 2.4.0+cu124 (CUDA 12.4 needs driver 525.60.13 or newer) | `gpu[04-05]` (2) |'
expect_text '| driver | 550.54.15 (majority) | `gpu[01-03,07]` | 4 |'

gd fleet report
expect_rc 2
expect_err "fleet report needs FILE, DIR or -"
gd fleet report --bogus x
expect_rc 2
gd fleet report /nonexistent/dir
expect_rc 2
expect_err "cannot read '/nonexistent/dir'"
gd fleet frobnicate
expect_rc 2
gd fleet slurm --timeout 0
expect_rc 2
gd fleet slurm --nodelist 'n[3-1]' --srun /bin/false
expect_rc 2
expect_err "bad hostlist"
gd help fleet
expect_rc 0
expect_text "gpudoctor fleet report"
