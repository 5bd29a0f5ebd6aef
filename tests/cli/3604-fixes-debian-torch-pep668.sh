# Debian 12 with the distribution's CPU torch (python3-torch: version.py
# 1.13.0a0, cuda None) in /usr/lib/python3/dist-packages, Python 3.11 marked
# EXTERNALLY-MANAGED (PEP 668), and a pyenv Python first on PATH.  The fix
# must work when pasted: never "torch==1.13.0a0" (never published), never a
# variant 1.13 did not have (cu121), never a bare pip (it is pyenv's) nor pip
# into /usr (externally managed): a venv made by /usr/bin/python3, and a torch
# release with wheels for Python 3.11 (1.13 has none: 3.7-3.10) in a CUDA
# variant the kb lists for it and the driver (535) runs.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 535.183.01 0x2684
py /usr 3.11
put /usr/lib/python3.11/EXTERNALLY-MANAGED "[externally-managed]
Error=To install Python packages system-wide, try apt install python3-xyz."
SITE=/usr/lib/python3/dist-packages
mkd "$SITE"
torch 1.13.0a0 None
put "$SITE/torch-1.13.0a0.dist-info/INSTALLER" debian
py /root/.pyenv/versions/3.12.1 3.12
mkd /root/.pyenv/versions/3.12.1/lib/python3.12/site-packages
gdcheck --json --env PATH=/root/.pyenv/versions/3.12.1/bin:/usr/bin --env HOME=/root
expect_rc 1
expect_json '[.python_envs[] | select(.prefix == "/usr")][0].externally_managed == "/usr/lib/python3.11/EXTERNALLY-MANAGED"'
g211='.findings[] | select(.code == "GD211")'
expect_json "[$g211] | length == 1"
cmd="[$g211 | .fixes[].command // \"\"] | join(\"\\n\")"
expect_json "$cmd | contains(\"/usr/bin/python3 -m venv ~/.venvs/\")"
expect_json "$cmd | test(\"~/.venvs/[^ ]+/bin/python -m pip install \\\"torch==2\\\\.[0-9]+\\\\.\\\\*\\\" --index-url https://download.pytorch.org/whl/cu1[0-9]+\")"
expect_json "$cmd | contains(\"1.13.0a0\") | not"
expect_json "$cmd | test(\"(^|\\n)pip \") | not"
expect_json "$cmd | contains(\"sudo pip\") | not"
expect_json "$cmd | contains(\"/usr/bin/python3 -m pip install\") | not"
expect_json "[$g211 | .fixes[].title] | any(contains(\"torch 1.13 has no wheels for Python 3.11 (it supports 3.7-3.10)\"))"
# The variant is one the knowledge base lists for that release.
rel=$(jq -r "$cmd" "$OUT" | sed -n 's/.*"torch==\([0-9.]*\)\.\*".*/\1/p' | head -n 1)
var=$(jq -r "$cmd" "$OUT" | sed -n 's|.*/whl/\(cu[0-9]*\).*|\1|p' | head -n 1)
[ -n "$rel" ] && [ -n "$var" ] || fail "no torch pin in the fix"
grep -Eq "^$rel[[:space:]]+$var[[:space:]]" "$GD_TESTS/../data/torch.kb" || fail "torch $rel $var is not in data/torch.kb"
# The text report ends with the verdict and this fix.
gdcheck -v --env PATH=/root/.pyenv/versions/3.12.1/bin:/usr/bin --env HOME=/root
expect_text "Next step: torch 1.13.0a0 will not use the GPU: torch 1.13.0a0 is a CPU-only build"
