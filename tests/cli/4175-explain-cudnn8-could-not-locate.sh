#!/bin/sh
# 4175-explain-cudnn8-could-not-locate: cuDNN 8's own loader (cudnn64_8.dll loading its sub-libraries)
# prints "Could not locate cudnn_ops_infer64_8.dll. Please make sure it is in your library path!":
# the sub-library is not found (GD202), another cuDNN installed is the next reading; its
# zlibwapi.dll line keeps its own row (GD203).
# Log: tests/explain/cudnn8-could-not-locate.log (written for this test).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/cudnn8-could-not-locate.log"
expect_rc 0
expect_json 'any(.facts.libraries[]; .name == "cudnn_ops_infer64_8.dll" and .loaded == false)'
expect_json '.hypotheses[0].code == "GD202" and .hypotheses[0].kind == "missing_cudnn"'
expect_json 'any(.hypotheses[1:][]; .kind == "cudnn_version_mismatch")'

sed 's/cudnn_ops_infer64_8.dll/zlibwapi.dll/' "$GD_TESTS/explain/cudnn8-could-not-locate.log" >"$CASE_DIR/zlib.log"
gd explain --json "$CASE_DIR/zlib.log"
expect_rc 0
expect_json 'all(.facts.libraries[]; .name != "zlibwapi.dll" or .via != "loader")'
expect_json 'any(.facts.messages[]; .family == "cudnn_zlibwapi_missing")'
