# gpudoctor matrix --unverified: only the rows whose source is marked
# unverified, per table or across all tables; the new tables have aliases.
. "$GD_TESTS/cli/lib.sh"

gd matrix --unverified
expect_rc 0
expect_text "rows marked unverified"
expect_text "(onnxruntime, built-in"
expect_text "1.29   1.29  13.0  9.0    yes"
expect_text "13.4  linux  616.00"
expect_no_text "1.19   1.20"
expect_no_text "1.21   1.26"
expect_no_text "610.43.02"

gd matrix onnxruntime --unverified
expect_rc 0
expect_text "1.29   1.29"
expect_no_text "1.27   1.27"
expect_no_text "1.28   1.28"
expect_no_text "610.43.02"

gd matrix jax --unverified
expect_rc 0
expect_no_text "cuda12"

gd matrix onnxruntime --unverified --json
expect_rc 0
expect_json '.rows | length == 1'

gd matrix --unverified --json
expect_rc 2
expect_err "needs a TABLE"

gd matrix python jax
expect_rc 0
expect_text "0.4.31"
expect_text "python_min"

gd matrix tensorflow-driver
expect_rc 0
expect_text "525.60.13"

gd matrix packaging jax
expect_rc 0
expect_text "cuda12-plugin"
