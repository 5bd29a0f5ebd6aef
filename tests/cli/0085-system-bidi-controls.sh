#!/bin/sh
# 0085-system-bidi-controls: Unicode bidirectional controls and line
# separators from the examined tree or from node reports never reach text,
# Markdown or Prometheus output raw (a name holding U+202E shows reversed:
# "Trojan Source", CVE-2021-42574): each becomes '?' (text, Markdown) or
# U+FFFD (Prometheus label values).  Ordinary non-ASCII text stays.
. "$GD_TESTS/cli/lib.sh"
command -v jq >/dev/null || skip "jq is not installed"
RLO=$(printf '\342\200\256')     # U+202E RIGHT-TO-LEFT OVERRIDE
LRI=$(printf '\342\201\246')     # U+2066 LEFT-TO-RIGHT ISOLATE
RLM=$(printf '\342\200\217')     # U+200F RIGHT-TO-LEFT MARK
ALM=$(printf '\330\234')         # U+061C ARABIC LETTER MARK
LSEP=$(printf '\342\200\250')    # U+2028 LINE SEPARATOR
osrelease
put /etc/os-release "PRETTY_NAME=\"Debi${RLO}an ${LRI}12${RLM} ${ALM}x${LSEP}y é\"
NAME=\"Debian GNU/Linux\"
VERSION_ID=\"12\"
ID=debian"
# any of the five, as bytes, in a file
has_bidi() { LC_ALL=C grep -q -e "$RLO" -e "$LRI" -e "$RLM" -e "$ALM" -e "$LSEP" "$1"; }

gdcheck
has_bidi "$OUT" && fail "a bidirectional control reached the text report"
expect_text "Debi?an ?12? ?x?y é"
gdcheck --markdown
has_bidi "$OUT" && fail "a bidirectional control reached the Markdown report"
expect_text "Debi?an ?12? ?x?y é"

R="$GD_TESTS/fleet/reports"
mkdir -p "$CASE_DIR/rep"
jq --arg h "gpu${RLO}01" '.host.hostname = $h' "$R/gpu01.json" >"$CASE_DIR/rep/a.json"
jq --arg t "driver ${LRI}too old" '.findings[0].title = $t' "$R/gpu04.json" >"$CASE_DIR/rep/b.json"
for fmt in --no-color --markdown --prometheus; do
    gd fleet report $fmt "$CASE_DIR/rep"
    expect_rc 1
    has_bidi "$OUT" && fail "a bidirectional control reached fleet $fmt"
done
expect_text "$(printf 'gpudoctor_node_reachable{node="gpu\357\277\27501"} 1')"
# JSON carries the data as it is (a consumer's choice), escaped or not
gd fleet report --json "$CASE_DIR/rep"
expect_json '.hostlists.ok | test("gpu\u202e01")'
