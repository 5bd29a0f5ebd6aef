# WSL2 with a Linux driver shadowing the Windows one: the fix removes the
# distribution's packages (never installs a driver) and puts
# /usr/lib/wsl/lib first -- written for sh and fish as one group, of which
# the text report shows the reader's shell ($SHELL; --all-shells: every
# one).  The report ends with "Next step:" (the verdict again and the
# first fix) and wraps prose to $COLUMNS, never a command.
. "$GD_TESTS/cli/lib.sh"
osrelease 5.15.153.1-microsoft-standard-WSL2
put /etc/os-release 'NAME="Ubuntu"
VERSION_ID="22.04"
ID=ubuntu'
mklib /usr/lib/wsl/lib/libcuda.so.1.1 libcuda.so.1
link libcuda.so.1.1 /usr/lib/wsl/lib/libcuda.so.1
mkdriver 535.54.03
gdcheck --json
expect_rc 1
g107='.findings[] | select(.code == "GD107")'
expect_json "[$g107 | .fixes[].command // \"\" | select(contains(\"apt-get remove --purge '^nvidia-driver-.*'\"))] | length == 1"
expect_json "[$g107 | .fixes[] | select(.shell == \"sh\" and .command == \"export LD_LIBRARY_PATH=/usr/lib/wsl/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}\")] | length == 1"
expect_json "[$g107 | .fixes[] | select(.shell == \"fish\" and .command == \"set -gx LD_LIBRARY_PATH /usr/lib/wsl/lib \$LD_LIBRARY_PATH\")] | length == 1"
expect_json "[$g107 | .fixes[].command // \"\" | select(test(\"ubuntu-drivers|apt-get install|modprobe\"))] | length == 0"
# Text: the reader's shell only.
SHELL=/usr/bin/fish COLUMNS=200 gd check -v --root "$ROOT" --clear-env
expect_text "set -gx LD_LIBRARY_PATH /usr/lib/wsl/lib"
expect_no_text 'export LD_LIBRARY_PATH=/usr/lib/wsl/lib'
SHELL=/bin/bash COLUMNS=200 gd check -v --root "$ROOT" --clear-env
expect_text 'export LD_LIBRARY_PATH=/usr/lib/wsl/lib'
expect_no_text "set -gx LD_LIBRARY_PATH"
SHELL=/bin/bash COLUMNS=200 gd check -v --root "$ROOT" --clear-env --all-shells
expect_text 'export LD_LIBRARY_PATH=/usr/lib/wsl/lib'
expect_text "set -gx LD_LIBRARY_PATH /usr/lib/wsl/lib"
# Next step: the last lines repeat the cause and the first command.
SHELL=/bin/sh COLUMNS=200 gd check -v --root "$ROOT" --clear-env
tail -n 4 "$OUT" >"$CASE_DIR/tail"
grep -q '^Next step: WSL2: dlopen("libcuda.so.1") gets .*, not the Windows driver' "$CASE_DIR/tail" || fail "no Next step line: $(cat "$CASE_DIR/tail")"
grep -qF "apt-get remove --purge '^nvidia-driver-.*'" "$CASE_DIR/tail" || fail "Next step lacks the first fix"
# Wrapping: at 60 columns no prose line is longer, commands stay whole.
SHELL=/bin/sh COLUMNS=60 gd check -v --root "$ROOT" --clear-env
awk '/^Next step:/{n=1} n && !/\$ / && length($0) > 60 {print; bad=1} END{exit bad}' "$OUT" || fail "a prose line is longer than 60 columns"
expect_text "    \$ sudo apt-get remove --purge '^nvidia-driver-.*' '^libnvidia-.*'"
# Healthy WSL2 (only the Windows driver): nothing to fix.
rm -f "$ROOT"/usr/lib/x86_64-linux-gnu/libcuda.so.* "$ROOT"/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.*
gdcheck -v
expect_rc 0
expect_text "Next step: none"
