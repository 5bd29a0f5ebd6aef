#!/bin/sh
# 4194-explain-importerror-soname: Python's ImportError for an extension whose dlopen failed carries
# dlerror's text, which begins with the missing file's name (CPython Python/dynload_shlib.c); a paste
# cut after the name ("ImportError: libcublas.so.9.0") names the same failure as the whole loader
# line.  libcublas.so.9.0 is CUDA 9.0's own file name, so another CUDA installed ranks first.
# Log: tests/explain/importerror-soname-cut.log (written for this test: a docker build's traceback).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/importerror-soname-cut.log"
expect_rc 0
expect_json 'any(.facts.libraries[]; .name == "libcublas.so.9.0" and .loaded == false and .line == 7)'
expect_json 'any(.facts.messages[]; .family == "shared_object_not_found")'
expect_json '.hypotheses[0].code == "GD206"'

# Text after the name is not this reader's: an undefined symbol is no missing library.
sed 's/^ImportError: libcublas.so.9.0$/ImportError: libtorch_cpu.so.1: undefined symbol: _ZN3c10/' \
    "$GD_TESTS/explain/importerror-soname-cut.log" >"$CASE_DIR/symbol.log"
gd explain --json "$CASE_DIR/symbol.log"
expect_rc 0
expect_json 'all(.facts.libraries[]; .name != "libtorch_cpu.so.1" or .loaded == true)'
