# --db: a newer table replaces the built-in one; a malformed file is refused
# with FILE:LINE and exit status 2, never half-used.
. "$GD_TESTS/cli/lib.sh"

mkdir -p "$CASE_DIR/db"
cat >"$CASE_DIR/db/tf.kb" <<'KB'
# a user's newer table
%revision 2099-01-01
%table tf_build
%columns version os python cuda cudnn source
9.9.0  linux  3.99  99.1  99.2  https://example.invalid/test
KB
gd matrix tensorflow --db "$CASE_DIR/db" --json
expect_rc 0
expect_json '.revision == "2099-01-01" and (.rows | length) == 1 and .rows[0].cuda == "99.1"'
gd matrix driver --db "$CASE_DIR/db/tf.kb" --json
expect_rc 0
expect_json '[.rows[] | select(.branch == "535")][0].cuda == "12.2"'   # untouched tables stay

cat >"$CASE_DIR/bad.kb" <<'KB'
%table tf_build
%columns version os python cuda cudnn source
2.10.0  linux  3.7-3.10  11.2  8.1  https://www.tensorflow.org/install/source#gpu
2.11.0  linux  3.7-3.10  11.2
KB
gd matrix tensorflow --db "$CASE_DIR/bad.kb"
expect_rc 2
expect_err "bad.kb:4:"
expect_err "missing fields"

printf '%%table no_such_table\n' >"$CASE_DIR/bad2.kb"
gd matrix --db "$CASE_DIR/bad2.kb"
expect_rc 2
expect_err "bad2.kb:1: unknown table 'no_such_table'"

gd matrix --db "$CASE_DIR/does-not-exist"
expect_rc 2
expect_err "cannot read"
