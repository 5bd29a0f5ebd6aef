# probe's command line: --root is refused (it would load another tree's
# code), --timeout is checked, --help says that probe loads code.
. "$GD_TESTS/cli/lib.sh"
gd probe --root "$ROOT"
expect_rc 2
expect_err "'--root' cannot be used"
gd probe --timeout abc
expect_rc 2
gd probe --timeout 601
expect_rc 2
gd probe --markdown
expect_rc 2
gd probe --bogus
expect_rc 2
gd probe --help
expect_rc 0
expect_text "LOADS CODE"
expect_text "--verify-libs"
expect_text "runs their constructors"
