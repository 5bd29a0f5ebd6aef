#!/bin/sh
# bench/gen_fleet.sh DIR - inputs for `fleet report` at cluster scale.
#
# Builds DIR/reports/: 10,000 check reports (node00001..node10000) made from
# the saved fixture reports (healthy, driver too old, cuDNN missing, in a
# 7:2:1 mix), and DIR/reports.jsonl: the same as JSON lines.  Prints
# "LABEL<TAB>ARGS" for bench/run.sh.  The issue's target: under a second,
# with memory bounded by the node count (one report is parsed at a time).
set -eu
dir=${1:?usage: gen_fleet.sh DIR}
here=$(cd "$(dirname "$0")" && pwd)
R="$here/../tests/fleet/reports"
N=${FLEET_BENCH_NODES:-10000}
mkdir -p "$dir/reports"
# One awk run writes every file: each template with its hostname replaced.
awk -v n="$N" -v out="$dir/reports" -v lines="$dir/reports.jsonl" '
    FNR == 1 { t++ }
    { body[t] = body[t] $0 "\n" }
    END {
        for (i = 1; i <= n; i++) {
            k = (i % 10 < 7) ? 1 : (i % 10 < 9) ? 2 : 3
            name = sprintf("node%05d", i)
            doc = body[k]
            sub(/"hostname": "[^"]*"/, "\"hostname\": \"" name "\"", doc)
            f = out "/" name ".json"
            printf "%s", doc > f
            close(f)
            gsub(/\n */, "", doc)
            print doc > lines
        }
    }' "$R/gpu01.json" "$R/gpu04.json" "$R/gpu07.json"
printf 'fleet report, %s reports in a directory\tfleet report --json %s\n' "$N" "$dir/reports"
printf 'fleet report, %s reports as JSON lines\tfleet report --prometheus %s\n' "$N" "$dir/reports.jsonl"
