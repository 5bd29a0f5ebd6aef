#!/bin/sh
# r040-fleet-scale: fleet report over many reports, streamed through a
# FIFO (tests/helpers/genfleet).  Promises (docs/fleet.md "Inputs and
# memory", docs/reliability.md): memory does not grow with the number of
# numbered nodes, whatever their order: the peak for 100,000 reports is
# close to the peak for 10,000; nothing is lost: every report and
# every broken line is counted, and the view is the same whatever the
# order; the per-node table (--per-node, --prometheus) streams, within the
# same bound.  Names without a number
# cost memory per node, bounded here; 1 MiB host names are refused and
# never echoed.  Under ASan, with its quarantine capped so that freed
# memory is not counted as the fleet's.  (Memory follows the node lists
# written: one range for the uniform fleet, one in ten nodes for the 7:2:1
# mix, whose lists are that long.)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/reliability/lib.sh"
command -v jq >/dev/null || skip "jq is not installed"
GEN="$GD_BUILD/helpers/genfleet"
[ -x "$GEN" ] || { GEN="$CASE_DIR/genfleet"; $CC -O2 -o "$GEN" "$GD_TESTS/helpers/genfleet.c" || fail "cannot build genfleet"; }
R="$GD_TESTS/fleet/reports"
ASAN_OPTIONS="${ASAN_OPTIONS:-exitcode=86}:quarantine_size_mb=8:malloc_context_size=2"
export ASAN_OPTIONS
BIG=${GD_FLEET_BIG:-100000}
SMALL=$((BIG / 10))

# fleet N MODE ARGS...: genfleet N MODE through a FIFO into fleet report ARGS.
fleet() {
    _n=$1 _m=$2; shift 2
    rm -f "$CASE_DIR/fifo"
    mkfifo "$CASE_DIR/fifo" || skip "cannot make a FIFO"
    "$GEN" "$_n" "$R" "$_m" >"$CASE_DIR/fifo" &
    limit 900 "${FLEET_MIB:-200}" "$GD_BIN" fleet report "$@" "$CASE_DIR/fifo"
    wait
    _want=1
    [ "$_m" = uniform ] && _want=0
    [ "$RC" = "$_want" ] || fail "fleet over $_n $_m reports: exit $RC, expected $_want"
}

# Memory constant in the node count: every node list one range (uniform).
fleet "$SMALL" uniform --json
small=$PEAK_MIB
fleet "$BIG" uniform --json
big=$PEAK_MIB
expect_json ".summary.reports == $BIG and .hostlists.ok == \"node[0000001-$(printf '%07d' "$BIG")]\""
# ASan's allocator keeps ~20 MiB of its own over 200,000 reports (the
# release build: 2.3 MB for 20,000, 2.5 MB for 200,000); the bound still
# catches any per-node cost above ~250 bytes (the old fleet: 1.6-2.4 KB).
[ $((big - small)) -le 48 ] || fail "peak $big MiB for $BIG reports, $small MiB for $SMALL: memory grows with the nodes"
echo "uniform: $SMALL reports $small MiB, $BIG reports $big MiB ($SECS s)"
fleet "$BIG" shuffled --json --no-color
# ... whatever the order (the 7:2:1 mix: memory follows the ranges written, 1 in 10 nodes here)
[ "$PEAK_MIB" -le $((small + 96)) ] || fail "shuffled: peak $PEAK_MIB MiB for $BIG reports"
echo "shuffled: $BIG reports $PEAK_MIB MiB ($SECS s)"

# Nothing lost, and the same view whatever the order.
fleet "$SMALL" numbered --json
expect_json ".summary == {\"nodes\": $SMALL, \"reports\": $SMALL, \"ok\": $((SMALL * 7 / 10)), \"failing\": $((SMALL * 3 / 10)), \"unreachable\": 0, \"rejected\": 0}"
jq -S 'del(.nodes)' "$OUT" >"$CASE_DIR/in-order.json"
fleet "$SMALL" shuffled --json
jq -S 'del(.nodes)' "$OUT" | cmp -s - "$CASE_DIR/in-order.json" || fail "the view depends on the order of the reports"
expect_json '.groups[0].code == "GD208" and (.groups[0].nodes | startswith("node[0000007-0000008,0000017-0000018,"))'

# The per-node table streams: one sample per node, memory as without it.
fleet "$BIG" uniform --prometheus
[ $((PEAK_MIB - small)) -le 48 ] || fail "--prometheus: peak $PEAK_MIB MiB for $BIG reports"
[ "$(grep -c '^gpudoctor_node_reachable{' "$OUT")" = "$BIG" ] || fail "--prometheus lost nodes"
echo "prometheus: $BIG reports $PEAK_MIB MiB ($SECS s)"

# Names without a trailing number: memory per node, bounded (1 KiB a node here).
FLEET_MIB=$((small + BIG / 1024 + 64)) fleet "$BIG" literal --json
expect_json ".summary.reports == $BIG"
echo "literal: $BIG reports $PEAK_MIB MiB ($SECS s)"

# Nothing lost: broken lines between reports are each counted.
{ "$GEN" 1000 "$R"; printf '{"schema": "gpudoctor/1", "host": \n\000\000\n  \n{]\n'; "$GEN" 5 "$R" | sed 's/node00000/late/'; } >"$CASE_DIR/mixed"
limit 120 200 "$GD_BIN" fleet report --json "$CASE_DIR/mixed"
expect_json '.summary.reports == 1005 and .summary.rejected == 2'

# 1 MiB host names: refused, never echoed.
fleet 100 longname --json
expect_json '.summary.reports == 0 and .summary.rejected == 100'
[ "$(wc -c <"$OUT")" -lt 65536 ] || fail "the refused names were echoed"
