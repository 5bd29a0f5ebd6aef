# gpudoctor kb --stale (issue 30 item 4): each table's age against the
# newest release its sources named (data/kb_meta.kb), the tables behind, and
# newer tables fed with --db without a network.  Dates are passed with
# --today: nothing here depends on the clock.
. "$GD_TESTS/cli/lib.sh"

gd kb --stale --today 2026-12-02 --json
expect_json '.schema == "gpudoctor-kb-stale/1" and .today == "2026-12-02" and .db == null'
expect_json '.tables[] | select(.table == "torch") | .checked == "2026-12-01" and .age_days == 1 and .sources_named == "2.14" and .rows_cover == "2.14" and .behind == false'
expect_json '.tables[] | select(.table == "py_support") | .rows_cover == null'
# The exit status follows the stale list: 1 when a table is behind.
expect_json '(.stale | length > 0) == (.exit_status == 1)'
gd kb --stale --today 2026-12-02
expect_text "table         checked         age  sources named  rows cover"
expect_text "gpudoctor check --db DIR"

# Two years on, every table is overdue.
gd kb --stale --today 2028-12-02 --json
expect_rc 1
expect_json '([.stale[] | select(.text | test("more than a year ago"))] | length) == (.tables | length)'

# Newer tables through --db: a kb_meta whose torch sources name 2.15 makes
# the built-in torch rows (to 2.14) behind; a torch table with a 2.15 row
# catches up.
mkdir -p "$CASE_DIR/db"
sed 's/^torch        2026-12-01 2\.14 /torch        2026-12-01 2.15 /' "$GD_TESTS/../data/kb_meta.kb" >"$CASE_DIR/db/kb_meta.kb"
grep -q '^torch        2026-12-01 2.15 ' "$CASE_DIR/db/kb_meta.kb" || fail "fixture: kb_meta row not rewritten"
gd kb --stale --today 2026-12-02 --db "$CASE_DIR/db" --json
expect_rc 1
expect_json '.db != null and (.tables[] | select(.table == "torch") | .behind == true and .sources_named == "2.15")'
expect_json '[.stale[] | select(.table == "torch" and (.text | test("older than 2.15")))] | length == 1'

# Usage.
gd kb --stale --today yesterday
expect_rc 2
gd kb
expect_rc 2
