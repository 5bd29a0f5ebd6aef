# --help, help SUBCOMMAND, --version: documented and exit 0.
. "$GD_TESTS/cli/lib.sh"
gd --help
expect_rc 0
expect_text "usage: gpudoctor [SUBCOMMAND] [options]"
expect_text "check"
expect_text "Exit status:"
gd help check
expect_rc 0
expect_text "usage: gpudoctor [check] [options]"
expect_text "--root DIR"
gd check --help
expect_rc 0
expect_text "--env-file FILE"
gd --version
expect_rc 0
expect_text "gpudoctor 0."
expect_text "knowledge base"
