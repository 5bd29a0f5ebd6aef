# gpudoctor matrix: the tables a person looks up by hand, as text, with sources.
. "$GD_TESTS/cli/lib.sh"

gd matrix
expect_rc 0
expect_text "tensorflow"
expect_text "tf_build"

gd matrix tensorflow 2.10
expect_rc 0
expect_text "2.10.0   linux    3.7-3.10  11.2  8.1"
expect_text "https://www.tensorflow.org/install/source#gpu"
expect_no_text "2.1.0 "

gd matrix tensorflow 2.1 --os windows
expect_rc 0
expect_text "2.1.0    windows"
expect_no_text "2.10.0"

gd matrix tensorflow-libs 2.5 --os windows
expect_rc 0
expect_text "cudart64_110.dll"

gd matrix gpu "RTX 4090"
expect_rc 0
expect_text "GeForce RTX 4090"
expect_text "8.9"

gd matrix gpu "no such gpu 123"
expect_rc 1
expect_err "no GPU matches"

gd matrix driver
expect_rc 0
expect_text "535     12.2"

gd matrix xgboost
expect_rc 0
expect_text "xgboost       2.1.4  2.1.4  12.8  manylinux_2_28_x86_64"
expect_text "dmlc/xgboost@v2.1.4 tests/buildkite/conftest.sh"
gd matrix xgboost xgboost-cu12
expect_rc 0
expect_text "xgboost-cu12  3.4.0  -     12.9"
expect_no_text "2.1.4"

gd matrix nosuchtable
expect_rc 2
expect_err "unknown table 'nosuchtable'"

gd matrix tensorflow --os plan9
expect_rc 2
