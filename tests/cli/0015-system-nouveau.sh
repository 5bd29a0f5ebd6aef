# nouveau holds the GPU, no nvidia module.
. "$GD_TESTS/cli/lib.sh"
osrelease
gpu 0000:01:00.0 0x1b80
mkd sys/module/nouveau
gdcheck --json
expect_rc 1
expect_json '[.findings[] | select(.kind == "nouveau_loaded" and .severity == "error")] | length == 1'
expect_json '[.findings[] | select(.kind == "no_driver")] | length == 0'
gdcheck
expect_text "blacklist nouveau"
