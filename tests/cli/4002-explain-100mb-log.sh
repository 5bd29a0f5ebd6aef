#!/bin/sh
# 4002-explain-100mb-log: a 100 MB log (generated here, never committed)
# streams in bounded memory and finishes in seconds; the one real line in it,
# at the start, and the version at the end are both found.
. "$GD_TESTS/cli/lib.sh"

big="$CASE_DIR/big.log"
{
    echo "W dso_loader.cc:64] Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file: No such file or directory"
    yes '1875/1875 [==============================] - 5s 2ms/step - loss: 0.2630 - E0000 cuda_dnn.cc:8310] Unable to register cuDNN factory' | head -c 100000000
    echo
    echo "tensorflow==2.11.0"
} >"$big"

if [ -x /usr/bin/time ] && /usr/bin/time -v true >/dev/null 2>&1; then
    /usr/bin/time -v "$GD_BIN" explain --json "$big" >"$OUT" 2>"$ERR"
    RC=$?
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): *//p' "$ERR")
    secs=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): *//p' "$ERR")
    echo "100 MB log: $secs wall, $rss KiB peak RSS"
    # Bounded: far below the log's size, even under ASan.
    [ "${rss:-0}" -lt 131072 ] || fail "peak RSS $rss KiB for a 100 MB log"
else
    gd explain --json "$big"
fi
expect_rc 0
expect_json '.cause == "GD201"'
expect_json '.facts.tensorflow.value == "2.11.0"'
expect_json '.input.bytes > 100000000'
expect_json 'any(.facts.messages[]; .family == "noise_factory_registration" and .count > 600000)'
# Only a bounded number of lines is quoted.
expect_json '([.findings[].evidence[]] | length) < 40'
rm -f "$big"
