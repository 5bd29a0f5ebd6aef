#!/bin/sh
# 4167-explain-framework-messages: every message of tests/explain/framework-messages.txt (125
# messages the frameworks print about GPU setup, one synthetic log each, written from the source that
# prints it; the kinds from the condition that prints it) through explain: at least 113 right at top-1
# and 121 in the top three (measured when the list was made: 113 and 121; main before it: 88 and 93).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/messages.inc"

messages_score "$GD_TESTS/explain/framework-messages.txt"
echo "framework messages: $n, top-1 $ok1, top-3 $ok3"
[ "$n" -eq 125 ] || fail "expected 125 messages, read $n"
[ "$ok1" -ge 113 ] || fail "top-1 $ok1 < 113"
[ "$ok3" -ge 121 ] || fail "top-3 $ok3 < 121"
