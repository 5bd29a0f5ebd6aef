# A container: /.dockerenv; and --clear-env really clears.
. "$GD_TESTS/cli/lib.sh"
osrelease
put /.dockerenv ""
gdcheck --json
expect_json '.system.container == "docker"'
FOO_MARK=1 CUDA_VISIBLE_DEVICES=-1 gd check --root "$ROOT" --clear-env --facts
expect_json '.environment.CUDA_VISIBLE_DEVICES == null'
CUDA_VISIBLE_DEVICES=-1 gd check --root "$ROOT" --facts
expect_json '.environment.CUDA_VISIBLE_DEVICES == "-1"'
expect_json '.schema == "gpudoctor-facts/1"'
