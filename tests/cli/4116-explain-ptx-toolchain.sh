#!/bin/sh
# 4116-explain-ptx-toolchain: the provided PTX was compiled with an unsupported toolchain (driver older than the compiler).
# Log: tests/explain/ptx-toolchain.log (written from the message formats the
# patterns cite; the real threads are in tests/explain/corpus/).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/ptx-toolchain.log"
expect_rc 0
expect_json '.schema == "gpudoctor-explain/1"'
expect_json '.hypotheses[0].kind == "driver_too_old"'
expect_json '.facts.driver.value == "460.80"'
# The findings start with the top hypothesis's finding.
expect_json '.findings[0].kind == .hypotheses[0].kind'
