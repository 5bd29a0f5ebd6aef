#!/bin/sh
# Windows: the Microsoft Store's App Execution Alias stub python.exe in
# %LOCALAPPDATA%\Microsoft\WindowsApps comes first on PATH (the default on
# Windows 10/11), so `python` opens the Store and never runs the python.org
# Python 3.12 that has the GPU build: GD218 names the stub.  With Python's
# folder first, python runs it.  The py launcher: PY_PYTHON, then py.ini's
# [defaults] python= in %LOCALAPPDATA%, else the newest Python 3; an
# active venv first.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
. "$GD_TESTS/cli/pyrun.inc"
winmachine 31,0,15,3833
winpython u 310
torch_in "$SITE" 2.2.1+cpu None
winpython u 312
torch_in "$SITE" 2.1.0+cu121 12.1
put /Users/u/AppData/Local/Microsoft/WindowsApps/python.exe ""
put /Users/u/AppData/Local/Microsoft/WindowsApps/python3.exe ""
put /Windows/py.exe "MZ"
L='C:\Users\u\AppData\Local'
P312="$L\\Programs\\Python\\Python312"
WA="$L\\Microsoft\\WindowsApps"

wincheck --json --env "LOCALAPPDATA=$L" --env "PATH=C:\\Windows;$WA;$P312;$P312\\Scripts"
expect_json "$(interp python) | .path == null and .env == null and (.note | startswith(\"Microsoft Store App Execution Alias stub\")) and (.note | contains(\"Python312/python.exe\"))"
expect_json '.findings[] | select(.code == "GD218") | .severity == "error" and (.title | contains("App Execution Alias stub")) and (.title | contains("Python312"))'
expect_json '.findings[] | select(.code == "GD218") | [.fixes[].title] | any(test("App execution aliases"))'
# py: the newest Python 3 installed (no PY_PYTHON, no py.ini)
expect_json "$(interp py) | .env == \"/Users/u/AppData/Local/Programs/Python/Python312\" and (.resolved_by | contains(\"newest\"))"
# py.ini in %LOCALAPPDATA% picks 3.10; PY_PYTHON beats it
put /Users/u/AppData/Local/py.ini "; my defaults
[Defaults]
python = 3.10"
wincheck --json --env "LOCALAPPDATA=$L" --env "PATH=C:\\Windows;$WA;$P312"
expect_json "$(interp py) | .env == \"/Users/u/AppData/Local/Programs/Python/Python310\" and (.resolved_by | contains(\"py.ini\"))"
wincheck --json --env "LOCALAPPDATA=$L" --env "PATH=C:\\Windows;$WA;$P312" --env PY_PYTHON=3.12
expect_json "$(interp py) | .env == \"/Users/u/AppData/Local/Programs/Python/Python312\" and .resolved_by == \"py launcher: PY_PYTHON=3.12\""
# Python's folder first: python runs 3.12, which has the GPU build
wincheck --json --env "LOCALAPPDATA=$L" --env "PATH=$P312;$P312\\Scripts;$WA"
expect_json "$(interp python) | .env == \"/Users/u/AppData/Local/Programs/Python/Python312\" and .note == null"
expect_json '[.findings[] | select(.code == "GD218")] | length == 0'
# Python 3.10 first: it has the CPU-only torch
wincheck --json --env "LOCALAPPDATA=$L" --env "PATH=$L\\Programs\\Python\\Python310;$P312"
expect_json '.findings[] | select(.code == "GD218") | .severity == "error" and (.title | contains("Python310"))'
# The fix engine's line (issue 27): the chooser's torch 2.1.0 build (the cu121 index), --force-reinstall over a CPU build of the same version.
expect_json '.findings[] | select(.code == "GD218") | [.fixes[].command // ""] | any(. == "& \"C:\\Users\\u\\AppData\\Local\\Programs\\Python\\Python310\\python.exe\" -m pip install --force-reinstall \"torch==2.1.0\" --index-url https://download.pytorch.org/whl/cu121")'
exit 0
