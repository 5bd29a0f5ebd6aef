# An x86_64-only Anaconda on an Apple Silicon Mac (Rosetta 2 installed):
# the interpreter runs under Rosetta, where MPS is unavailable, although
# torch itself is a universal build with MPS.  One root cause, one error
# (GD701) for both frameworks of the environment; the fix is an arm64 Python.
# A universal2 python.org framework build next to it is fine.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/macos.inc"
macos 14.4 23E214
mkd /Library/Apple/usr/libexec/oah
macpy /Users/bob/anaconda3 3.11 x86_64 10.9
mkd /Users/bob/anaconda3/conda-meta
SITE=/Users/bob/anaconda3/lib/python3.11/site-packages
mactorch "$SITE" 2.2.2 x86_64,arm64 1
mactf "$SITE" tensorflow 2.16.1 x86_64
macmetal "$SITE" 1.1.0 x86_64
FW=/Library/Frameworks/Python.framework/Versions/3.12
macpy "$FW" 3.12 x86_64,arm64 10.9

gdcheck --os macos --facts
expect_rc 1
expect_json '.macos.cpu == "arm64" and (.macos.cpu_evidence | test("Rosetta"))'
expect_json '.macos.binaries[] | select(.env == "/Users/bob/anaconda3" and .role == "interpreter") | .archs == "x86_64" and .minos == "10.9"'
expect_json '.macos.binaries[] | select(.env == "/Library/Frameworks/Python.framework/Versions/3.12" and .role == "interpreter") | .archs == "x86_64,arm64"'
expect_json '.macos.binaries[] | select(.role == "torch") | .archs == "x86_64,arm64"'

gdcheck --os macos --json
expect_rc 1
expect_json '[.findings[] | select(.code == "GD701")] | length == 1'
expect_json '.findings[] | select(.code == "GD701") | .severity == "error" and (.title | test("x86_64 only")) and (.evidence[0].text | test("x86_64 \\(no arm64\\)"))'
expect_json '.findings[] | select(.code == "GD701") | [.fixes[].command] | any(test("Miniforge3-MacOSX-arm64.sh")) and any(test("arch -arm64"))'
expect_json '[.verdicts[] | select(.gpu == "no" and (.findings | index("GD701") != null))] | length == 2'

gdcheck -v --os macos
expect_text "GD701"
expect_text "Rosetta 2     installed"
