# gpudoctor matrix --json: {schema, table, source, revision, rows} with plain keys.
. "$GD_TESTS/cli/lib.sh"

gd matrix tensorflow --json
expect_rc 0
expect_json '.table == "tf_build" and .source == "built-in" and (.revision | length) == 10'
expect_json '[.rows[] | select(.version == "2.10.0" and .os == "linux")][0] | .cuda == "11.2" and .cudnn == "8.1" and .python == "3.7-3.10"'
expect_json '[.rows[] | select(.version == "2.15.0" and .os == "linux")][0] | .cuda == "12.2" and .cudnn == "8.9"'
expect_json '[.rows[] | select(.os == "windows" and .cuda != null)] | map(.version) | last == "2.10.0"'
expect_json 'all(.rows[]; (.source | length) > 0)'

gd matrix gpu H100 --json
expect_rc 0
expect_json '.table == "gpu" and all(.rows[]; .cc == "9.0")'

gd matrix pytorch 2.1 --json
expect_rc 0
expect_json '[.rows[] | select(.variant == "cu121")][0] | .default == "yes" and .cuda == "12.1"'

gd matrix driver --json
expect_rc 0
expect_json '[.rows[] | select(.branch == "535")][0].cuda == "12.2"'

# Its own schema name ("gpudoctor/1" is check's report).
gd matrix tensorflow --json
expect_json '.schema == "gpudoctor-matrix/1"'
# Without a table: the list of tables, as JSON too (it printed text).
gd matrix --json
expect_rc 0
expect_json '.schema == "gpudoctor-matrix/1" and .source == "built-in" and (.tables | length) > 10'
expect_json '[.tables[] | select(.name == "torch")][0] | .table == "torch" and .rows > 0'
expect_json '[.tables[] | select(.name == "gpu")][0].table == "pci.ids"'
# A patch version where the rows are keyed by release: 2.1.0 is torch 2.1.
gd matrix pytorch 2.1.0 --json
expect_rc 0
expect_json '(.rows | length) > 0 and all(.rows[]; .version == "2.1")'
gd matrix pytorch 2.1.0
expect_rc 0
expect_text "cu121"
# ... but not a neighbour: 2.10 is not a patch of 2.1.
gd matrix tensorflow 2.1.0 --json
expect_json 'all(.rows[]; .version | startswith("2.10") | not)'
