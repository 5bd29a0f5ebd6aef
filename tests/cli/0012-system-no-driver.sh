# A GPU but no driver at all: GD101, exit 1, with install advice.
. "$GD_TESTS/cli/lib.sh"
osrelease
gpu 0000:01:00.0 0x2684
gdcheck --json
expect_rc 1
expect_json '.driver == null'
expect_json '[.findings[] | select(.kind == "no_driver" and .severity == "error")] | length == 1'
expect_json '.findings[] | select(.code == "GD101") | .fixes | length >= 1'
gdcheck -v
expect_rc 1
expect_text "GD101 no_driver: no NVIDIA driver is installed"
expect_text "no NVIDIA kernel module loaded"
