#!/bin/sh
# The %gpudoctor view's filters (python/gpudoctor/_magic.py): a fix's
# lines and tabs survive, other control characters do not, one-line fields
# stay one line (tests/python/test_magic.py, the standard library's unittest).
. "$GD_TESTS/cli/lib.sh"
command -v python3 >/dev/null || skip "python3 is not installed"
PYTHONPATH="$GD_TESTS/../python" python3 -m unittest discover -s "$GD_TESTS/python" -p 'test_*.py' \
    >"$OUT" 2>"$ERR" || fail "python unit tests: $(tail -n 30 "$ERR")"
grep -q '^OK' "$ERR" || fail "unittest did not say OK"
