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
# The short report at 80x24 (issue 31): the container-toolkit route (six
# commands, one of 276 characters) does not fit the next step's 10 rows, so
# it shows the fix engine's first commands in order and says what it left
# out and where it is; -v shows every one.  The report fits 24 rows.
COLUMNS=80 gdcheck
expect_rc 1
expect_text "Next step (GD101):"
expect_text '      $ curl -fsSL https://nvidia.github.io/libnvidia-container/gpgkey | sudo gpg --dearmor -o /usr/share/keyrings/nvidia-container-toolkit-keyring.gpg'
expect_text "      5 more commands of this step: -v shows every one (or --json, --markdown)"
expect_no_text "nvidia-ctk runtime configure"
r=$(awk '{ n += length($0) > 80 ? int((length($0) + 79) / 80) : 1 } END { print n }' "$OUT")
[ "$r" -le 24 ] || fail "the one-finding report takes $r rows at 80 columns"
COLUMNS=80 gdcheck -v
expect_text '$ sudo nvidia-ctk runtime configure --runtime=docker'
expect_text '$ sudo systemctl restart docker'
# Piped (no width, nothing wraps): the same budget, each line one row; the
# route's eight lines fit it whole.
gdcheck
expect_text '$ sudo systemctl restart docker'
expect_no_text "more commands of this step"
exit 0
