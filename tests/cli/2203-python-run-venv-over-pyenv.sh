#!/bin/sh
# An activated venv made from a pyenv Python: its bin/python is a symlink
# into $PYENV_ROOT/versions, but python3 runs the venv (pyvenv.cfg beside
# bin/), and pip runs the venv's interpreter (its shebang).  PATH has the
# venv first, then the shims.  The venv has the GPU build: no GD218, and
# the verdict says python3 runs it.  After `deactivate` the shims run
# pyenv's 3.12.1, which has a CPU-only torch: GD218, fix `. venv/bin/activate`.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/pyrun.inc"
osrelease
R=/root/.pyenv
pyenv_ver $R 3.12.1
pyenv_shims $R python python3 pip pip3
put $R/version 3.12.1
torch_in $R/versions/3.12.1/lib/python3.12/site-packages 2.2.1+cpu None
V=/home/u/proj/.venv
venv_cfg $V 3.12.1 $R/versions/3.12.1/bin
link $R/versions/3.12.1/bin/python3.12 $V/bin/python
link python $V/bin/python3
exe $V/bin/pip "#!$V/bin/python"
torch_in $V/lib/python3.12/site-packages 2.1.0+cu121 12.1
# a poetry venv (found in poetry's cache dir) and a pipx venv
PO=/root/.cache/pypoetry/virtualenvs/proj-Ab3dEf-py3.12
venv_cfg $PO 3.12.1 $R/versions/3.12.1/bin
link $R/versions/3.12.1/bin/python3.12 $PO/bin/python
mkd $PO/lib/python3.12/site-packages /root/.local/share/pipx/venvs/black/lib/python3.12/site-packages
venv_cfg /root/.local/share/pipx/venvs/black 3.12.1 $R/versions/3.12.1/bin

gdcheck --json --env HOME=/root --env VIRTUAL_ENV=$V --env "PATH=$V/bin:$R/shims:/usr/bin" --cwd /home/u/proj
expect_json "$(interp python3) | .path == \"$V/bin/python3\" and .env == \"$V\" and (.resolved_by | contains(\"VIRTUAL_ENV\"))"
expect_json "$(interp pip) | .path == \"$V/bin/python\" and .env == \"$V\" and (.resolved_by | contains(\"shebang\"))"
expect_json '[.findings[] | select(.code == "GD218")] | length == 0'
expect_json "[.python_envs[] | select(.found_by == \"poetry\" or .found_by == \"pipx\") | .prefix] == [\"$PO\", \"/root/.local/share/pipx/venvs/black\"]"
expect_json ".verdicts[] | select(.env == \"$V\") | .run_by | index(\"python3\") != null"
expect_json ".verdicts[] | select(.env == \"$R/versions/3.12.1\") | .run_by == []"
gdcheck -v --env HOME=/root --env VIRTUAL_ENV=$V --env "PATH=$V/bin:$R/shims:/usr/bin" --cwd /home/u/proj
head -3 "$OUT" | grep -q "\`python3\` runs $V (Python 3.12.1) — PATH: \$VIRTUAL_ENV/bin first" || fail "first section does not name the venv"

# deactivated
gdcheck --json --env HOME=/root --env "PATH=$R/shims:/usr/bin" --cwd /home/u/proj
expect_json "$(interp python3) | .env == \"$R/versions/3.12.1\" and .pyenv_version == \"3.12.1\""
expect_json ".findings[] | select(.code == \"GD218\") | .severity == \"error\" and (.title | contains(\"$V\"))"
expect_json ".findings[] | select(.code == \"GD218\") | .fixes[0].command == \". $V/bin/activate\""
# torch 2.1 has no wheels for the shims' Python 3.12 (3.8-3.11): installing the same
# build there is not suggested (issue 27: the release chooser validates the line;
# this case expected `pip install "torch==2.1.0" ...` into 3.12.1 before).
expect_json ".findings[] | select(.code == \"GD218\") | [.fixes[].command // \"\"] | any(test(\"pip install\")) | not"
expect_json '.findings[] | select(.code == "GD218") | [.fixes[].title] | any(test("not suggested: torch 2.1 has no wheels for Python 3.12 \\(it supports 3.8-3.11\\)"))'
exit 0
