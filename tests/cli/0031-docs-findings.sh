# Docs as tests: docs/findings.md against the code table (finding_codes[]
# in src/diagnose/finding.c and codes_*.c): every code has its entry (a
# "## GDnnn kind" section, a "| GDnnn | kind |" table row or a "**GDnnn
# kind" paragraph), no entry names a code the table lacks, no code has two
# rows or two sections (two GD213 rows once said two different fixes), and
# the kind an entry names is the table's.
. "$GD_TESTS/cli/lib.sh"
top="$GD_TESTS/.."
doc="$top/docs/findings.md"
[ -f "$doc" ] || fail "docs/findings.md not found"
cat "$top"/src/diagnose/finding.c "$top"/src/diagnose/codes_*.c |
    sed -n 's/^ *{ "\(GD[0-9][0-9]*\)", "\([a-z_]*\)".*/\1 \2/p' | sort >"$CASE_DIR/codes"
[ "$(wc -l <"$CASE_DIR/codes")" -ge 100 ] || fail "too few codes read from the code table ($(wc -l <"$CASE_DIR/codes"))"
dup=$(cut -d' ' -f1 "$CASE_DIR/codes" | uniq -d)
[ -z "$dup" ] || fail "codes registered twice: $dup"
# Entries: "FORM CODE KIND" (KIND "-" where the entry names none).
sed -n -e 's/^#\{2,\} \(GD[0-9][0-9]*\) \([a-z_]*\).*/section \1 \2/p' \
       -e 's/^| \(GD[0-9][0-9]*\) | \([a-z_]*\)\( |\|, \).*/row \1 \2/p' \
       -e 's/^| \(GD[0-9][0-9]*\)[ (].*/row \1 -/p' \
       -e 's/^\*\*\(GD[0-9][0-9]*\) \([a-z_]*\).*/para \1 \2/p' "$doc" >"$CASE_DIR/entries"
[ "$(wc -l <"$CASE_DIR/entries")" -ge 100 ] || fail "too few entries read from findings.md"
for form in section row para; do
    dup=$(awk -v f=$form '$1 == f { print $2 }' "$CASE_DIR/entries" | sort | uniq -d | tr '\n' ' ')
    [ -z "$dup" ] || fail "findings.md has two ${form}s for: $dup"
done
missing=$(cut -d' ' -f1 "$CASE_DIR/codes" | while read -r c; do
    awk -v c="$c" '$2 == c { f = 1 } END { exit !f }' "$CASE_DIR/entries" || printf '%s ' "$c"; done)
[ -z "$missing" ] || fail "codes without an entry in docs/findings.md: $missing"
extra=$(awk '{ print $2 }' "$CASE_DIR/entries" | sort -u | while read -r c; do
    grep -q "^$c " "$CASE_DIR/codes" || printf '%s ' "$c"; done)
[ -z "$extra" ] || fail "docs/findings.md documents codes the code table lacks: $extra"
wrong=$(while read -r form c k; do
    [ "$k" = - ] && continue
    grep -q "^$c $k\$" "$CASE_DIR/codes" || printf '%s (%s says %s, the table %s) ' "$c" "$form" "$k" \
        "$(grep "^$c " "$CASE_DIR/codes" | cut -d' ' -f2)"
done <"$CASE_DIR/entries")
[ -z "$wrong" ] || fail "kinds that differ from the code table: $wrong"
