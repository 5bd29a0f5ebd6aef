#!/bin/sh
# pyenv shims: PYENV_VERSION, .python-version in the working directory and
# its parents (the nearest wins), the global version file, "system" (PATH
# without the shims), a version prefix ("3.11" -> the newest 3.11.x), and a
# command missing from the selected version (pyenv falls back to system).
# The machine of issue 22: python3 is pyenv's 3.11.7 without torch, the
# distribution's Python has torch with CUDA: GD218 names both.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/pyrun.inc"
osrelease
R=/root/.pyenv
pyenv_ver $R 3.11.7
pyenv_ver $R 3.12.1
pyenv_ver $R 3.12.4
pyenv_ver $R 3.10.13
pyenv_shims $R python python3 pip pip3
put $R/version "3.11.7"
py /usr 3.11
exe /usr/bin/pip3 "#!/usr/bin/python3"
torch_in /usr/local/lib/python3.11/dist-packages 2.1.0 12.1
put /home/u/proj/.python-version "# the project's Python
3.12.1
"
put /home/u/proj/sub/.python-version "  3.10.13  extra words are ignored"
mkd /home/u/proj/sub/deeper /home/u/other
P="PATH=$R/shims:/usr/bin"

# global version file
gdcheck --json --env HOME=/root --env "$P" --cwd /home/u/other
expect_json "$(interp python3) | .path == \"$R/versions/3.11.7/bin/python3\" and .env == \"$R/versions/3.11.7\" and .pyenv_version == \"3.11.7\" and (.resolved_by | contains(\"$R/version\"))"
expect_json "$(interp python3) | .found == \"$R/shims/python3\""
expect_json "$(interp pip) | .path == \"$R/versions/3.11.7/bin/python3.11\" and .env == \"$R/versions/3.11.7\""
expect_json '.python_cwd == "/home/u/other"'
# the finding: python3 runs pyenv 3.11.7 (no torch); /usr has torch for CUDA 12.1
expect_json '[.findings[] | select(.code == "GD218")] | length == 1'
expect_json ".findings[] | select(.code == \"GD218\") | .kind == \"wrong_environment\" and .severity == \"warning\" and (.title | contains(\"$R/versions/3.11.7\")) and (.title | contains(\"/usr\"))"
# The fix engine's line (issue 27): the chooser's torch 2.1.0 build (the cu121 index), --force-reinstall over a CPU build of the same version.
expect_json ".findings[] | select(.code == \"GD218\") | [.fixes[].command // \"\"] | any(. == \"$R/versions/3.11.7/bin/python3 -m pip install --force-reinstall \\\"torch==2.1.0\\\" --index-url https://download.pytorch.org/whl/cu121\")"
expect_json '.findings[] | select(.code == "GD218") | [.fixes[].command // ""] | any(test("^/usr/bin/python3(\\.11)? your_script.py$"))'
# pip3 is not in 3.11.7: pyenv-which falls back to system, /usr/bin/pip3
expect_json '.verdicts[] | select(.framework == "torch") | .run_by == ["pip3"]'
expect_json '.findings[] | select(.code == "GD218") | .fixes[0].command == "pyenv shell system"'
gdcheck -v --env HOME=/root --env "$P" --cwd /home/u/other
head -3 "$OUT" | grep -q "\`python3\` runs $R/versions/3.11.7 (Python 3.11.7) — pyenv shim" || fail "first section does not say what python3 runs"
expect_text "[not what python3 runs]"

# .python-version in a parent, then the nearest one
gdcheck --json --env HOME=/root --env "$P" --cwd /home/u/proj
expect_json "$(interp python) | .path == \"$R/versions/3.12.1/bin/python\" and .pyenv_version == \"3.12.1\" and (.resolved_by | contains(\"/home/u/proj/.python-version\"))"
gdcheck --json --env HOME=/root --env "$P" --cwd /home/u/proj/sub/deeper
expect_json "$(interp python3) | .path == \"$R/versions/3.10.13/bin/python3\" and (.resolved_by | contains(\"/home/u/proj/sub/.python-version\"))"
# PYENV_VERSION beats the files; a prefix picks the newest installed
gdcheck --json --env HOME=/root --env "$P" --env PYENV_VERSION=3.12 --cwd /home/u/proj/sub
expect_json "$(interp python3) | .path == \"$R/versions/3.12.4/bin/python3\" and .pyenv_version == \"3.12.4\" and (.resolved_by | contains(\"PYENV_VERSION=3.12\"))"
# system: PATH without the shims
gdcheck --json --env HOME=/root --env "$P" --env PYENV_VERSION=system
expect_json "$(interp python3) | .path == \"/usr/bin/python3\" and .env == \"/usr\" and .pyenv_version == \"system\""
expect_json "$(interp pip3) | .path == \"/usr/bin/python3\" and .env == \"/usr\""
expect_json '[.findings[] | select(.code == "GD218")] | length == 0'
expect_json '.verdicts[] | select(.framework == "torch") | .run_by | index("python3") != null'
# no pip in 3.11.7 nor on PATH: the shim fails; pip3 falls back to system
rm "$ROOT/$R/versions/3.11.7/bin/pip"
gdcheck --json --env HOME=/root --env "$P"
expect_json "$(interp pip) | .path == null and (.resolved_by | contains(\"command not found\"))"
expect_json "$(interp pip3) | .pyenv_version == \"system\" and .env == \"/usr\""
# under --root without --cwd the working directory is /
expect_json '.python_cwd == "/"'
# the shim exports its own PYENV_ROOT, which beats the environment's
gdcheck --json --env HOME=/root --env PYENV_ROOT=/opt/pyenv --env "$P"
expect_json "$(interp python3) | .path == \"$R/versions/3.11.7/bin/python3\" and .pyenv_version == \"3.11.7\""
# a file in a shims directory that is not a pyenv shim is an ordinary program
put $R/shims/python3 "#!/bin/sh"
gdcheck --json --env HOME=/root --env "$P"
expect_json "$(interp python3) | .path == \"$R/shims/python3\" and .resolved_by == \"PATH\" and .env == null"
exit 0
