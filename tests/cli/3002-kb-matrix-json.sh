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
