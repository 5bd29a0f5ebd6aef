#!/bin/sh
# gpudoctor ps --cwd DIR: the interpreters the IDEs will run for a project
# not started yet.  VS Code: python.defaultInterpreterPath in
# .vscode/settings.json (JSON with comments and a trailing comma, as VS Code
# writes it), ${workspaceFolder} and a directory resolved as the Python
# extension does, python.envFile's variables (only those that matter) in its
# diagnosis; PyCharm: .idea/misc.xml's project SDK found in the newest IDE's
# options/jdk.table.xml, $USER_HOME$ expanded.  Then a missing interpreter,
# an unset setting and a relative path.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/ps.inc"
ROOT=""   # the project is on this machine: fixtures at their real paths
P=$CASE_DIR/proj
H=$CASE_DIR/home
py "$P/.venv" 3.11
venv_cfg "$P/.venv" 3.11
py "$H/envs/pc" 3.11
venv_cfg "$H/envs/pc" 3.11
put "$P/.vscode/settings.json" '{
    // the project'"'"'s own environment (a directory: the extension looks for bin/python*)
    "python.defaultInterpreterPath": "${workspaceFolder}/.venv",
    /* its variables */ "python.envFile": "${workspaceFolder}/gpu.env",
    "editor.tabSize": 4,
}'
put "$P/gpu.env" "CUDA_VISIBLE_DEVICES=
API_TOKEN=do-not-print-me"
put "$P/.idea/misc.xml" '<?xml version="1.0" encoding="UTF-8"?>
<project version="4">
  <component name="Black">
    <option name="sdkName" value="Python 3.11 (proj)" />
  </component>
  <component name="ProjectRootManager" version="2" project-jdk-name="Python 3.11 (proj)" project-jdk-type="Python SDK" />
</project>'
jdk() {
    put "$H/.config/JetBrains/$1/options/jdk.table.xml" "<application>
  <component name=\"ProjectJdkTable\">
    <jdk version=\"2\">
      <name value=\"Python 3.10 (other)\" />
      <type value=\"Python SDK\" />
      <homePath value=\"/usr/bin/python3.10\" />
    </jdk>
    <jdk version=\"2\">
      <name value=\"Python 3.11 (proj)\" />
      <type value=\"Python SDK\" />
      <version value=\"Python 3.11.9\" />
      <homePath value=\"$2\" />
      <roots><classPath><root type=\"composite\" /></classPath></roots>
      <additional />
    </jdk>
  </component>
</application>"
}
jdk PyCharm2023.3 /nonexistent/python
jdk PyCharm2024.1 '$USER_HOME$/envs/pc/bin/python3.11'
cp "$FAKEJOB" "$CASE_DIR/python3"
"$CASE_DIR/python3" --ready "$CASE_DIR/j.ready" >/dev/null 2>&1 &
_t=0
while [ ! -s "$CASE_DIR/j.ready" ]; do _t=$((_t + 1)); [ $_t -le 100 ] || fail "no job"; sleep 0.1; done
J=$(awk '{ print $2 }' "$CASE_DIR/j.ready")
JOBS=$J
G="--clear-env --env HOME=$H --env PATH=/usr/bin"

gd ps --json --cwd "$P" $G $J
expect_rc 1
expect_json '.ide | length == 2'
expect_json ".ide[0] | .ide == \"VS Code\" and .setting == \"python.defaultInterpreterPath\" and .value == \"\${workspaceFolder}/.venv\" and .interpreter == \"$P/.venv/bin/python3\" and .source == \"$P/.vscode/settings.json\" and .problem == null"
expect_json ".ide[0] | .env_file == \"$P/gpu.env\" and .env == [{\"name\": \"CUDA_VISIBLE_DEVICES\", \"value\": \"\"}]"
expect_json ".environments[.ide[0].diagnosis] | .interpreter == \"$P/.venv/bin/python3\" and ([.findings[].code] | index(\"GD108\") != null)"
expect_json ".ide[1] | .ide == \"PyCharm\" and .value == \"Python 3.11 (proj)\" and .interpreter == \"$H/envs/pc/bin/python3.11\" and .table == \"$H/.config/JetBrains/PyCharm2024.1/options/jdk.table.xml\""
expect_json ".environments[.ide[1].diagnosis] | ([.findings[].code] | index(\"GD108\")) == null"
expect_no_text "do-not-print-me"
gd ps --cwd "$P" $G $J
expect_text "VS Code  python.defaultInterpreterPath = \${workspaceFolder}/.venv  ($P/.vscode/settings.json)"
expect_text "-> $P/.venv/bin/python3"
expect_text "python.envFile $P/gpu.env: CUDA_VISIBLE_DEVICES="
expect_no_text "do-not-print-me"

# Problems are said, never guessed around.
put "$P/.vscode/settings.json" '{ "python.defaultInterpreterPath": "~/gone/bin/python" }'
jdk PyCharm2024.1 '$USER_HOME$/envs/missing/python'
gd ps --json --cwd "$P" $G $J
expect_json ".ide[0] | .interpreter == null and .problem == \"'$H/gone/bin/python' does not exist\" and .diagnosis == null"
expect_json ".ide[1] | .problem == \"'$H/envs/missing/python' does not exist\""
put "$P/.vscode/settings.json" '{ "editor.tabSize": 2 }'
rm -rf "$P/.idea"
gd ps --json --cwd "$P" $G $J
expect_json '.ide | length == 1'
expect_json '.ide[0].problem | startswith("not set: the Python extension runs the interpreter it selects itself")'
put "$P/.vscode/settings.json" '{ "python.defaultInterpreterPath": "./.venv/bin/python3.11" }'
gd ps --json --cwd "$P" $G $J
expect_json ".ide[0].interpreter == \"$P/.venv/bin/python3.11\""
rm -rf "$P/.vscode"
gd ps --cwd "$P" $G $J
expect_text "none configured"
