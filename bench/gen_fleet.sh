#!/bin/sh
# bench/gen_fleet.sh DIR - inputs for `fleet report` at cluster scale.
#
# Builds DIR/reports.jsonl: BENCH_FLEET_NODES (default 10,000; 1,000,000
# for the issue's million-node case, BENCH_FLEET_NODES=1000000 make bench)
# check reports as JSON lines, made from the saved fixture reports
# (healthy, driver too old, cuDNN missing, in a 7:2:1 mix) with their
# hostnames replaced; and, up to 100,000 nodes, DIR/reports/ with the same
# as one file per node.  Prints "LABEL<TAB>ARGS" for bench/run.sh, with
# "fleet" in the label so run.sh reports its peak memory too.  The issue's
# targets: linear time, memory bounded independently of the node count
# (1M reports in under 100 MB).
set -eu
dir=${1:?usage: gen_fleet.sh DIR}
here=$(cd "$(dirname "$0")" && pwd)
R="$here/../tests/fleet/reports"
N=${BENCH_FLEET_NODES:-10000}
files=0
[ "$N" -le 100000 ] && files=1
mkdir -p "$dir/reports"
# One awk run writes everything: each template with its hostname replaced.
awk -v n="$N" -v out="$dir/reports" -v lines="$dir/reports.jsonl" -v files="$files" '
    FNR == 1 { t++ }
    { body[t] = body[t] $0 "\n" }
    END {
        for (k = 1; k <= 3; k++) { flat[k] = body[k]; gsub(/\n */, "", flat[k]) }
        for (i = 1; i <= n; i++) {
            k = (i % 10 < 7) ? 1 : (i % 10 < 9) ? 2 : 3
            name = sprintf("node%07d", i)
            doc = flat[k]
            sub(/"hostname": *"[^"]*"/, "\"hostname\":\"" name "\"", doc)
            print doc > lines
            if (files) {
                f = out "/" name ".json"
                print doc > f
                close(f)
            }
        }
    }' "$R/gpu01.json" "$R/gpu04.json" "$R/gpu07.json"
if [ "$files" = 1 ]; then
    printf 'fleet report, %s reports in a directory\tfleet report --json %s\n' "$N" "$dir/reports"
fi
printf 'fleet report, %s reports as JSON lines\tfleet report --prometheus %s\n' "$N" "$dir/reports.jsonl"
