#!/bin/sh
# 4001-explain-usage: explain's command line: exit 0 whenever the log was read,
# 2 on usage errors (unknown option, two logs, --facts, a log that cannot be
# opened); the log can come from standard input; --markdown fences the text.
. "$GD_TESTS/cli/lib.sh"

gd explain --definitely-not-an-option x.log
expect_rc 2
expect_err "unknown option"

gd explain a.log b.log
expect_rc 2

gd explain --facts "$GD_TESTS/explain/noise-only.log"
expect_rc 2

gd explain "$CASE_DIR/no-such.log"
expect_rc 2
expect_err "cannot open"

gd explain --help
expect_rc 0
expect_text "usage: gpudoctor explain"

"$GD_BIN" explain --json - <"$GD_TESTS/explain/smi-failed.log" >"$OUT" 2>"$ERR"
RC=$?
expect_rc 0
expect_json '.cause == "GD101" and .input.name == "-"'

: >"$CASE_DIR/empty.log"
gd explain --json "$CASE_DIR/empty.log"
expect_rc 0
expect_json '.cause == null and .input.lines == 0 and any(.findings[]; .code == "GD405")'

gd explain --markdown "$GD_TESTS/explain/smi-failed.log"
expect_rc 0
expect_text '```text'
expect_text 'GD101'

# Control characters in a log never reach the terminal.
printf 'NVIDIA-SMI has failed because it couldn'"'"'t communicate with the NVIDIA driver \033[31mRED\n' >"$CASE_DIR/esc.log"
gd explain --no-color "$CASE_DIR/esc.log"
expect_rc 0
if grep -q "$(printf '\033')" "$OUT"; then fail "an escape character reached stdout"; fi
