# tensorflow-metal paired with TensorFlow releases: 0.5.0 with
# tensorflow-macos 2.12 is a mismatch (data/tf_metal.kb: 0.5.0 goes with
# 2.9) -> GD213 and a fix that pins the pair; tensorflow-macos 2.14 with
# tensorflow-metal 1.1.0 pairs, but Apple's instructions install
# "tensorflow" from 2.13 on -> GD705 warning; tensorflow 2.16 without the
# plugin runs on the CPU -> GD703.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/macos.inc"
macos 13.6.1 22G313
mkd /opt/homebrew/bin
A=/Users/cy/venvs/old
macpy /opt/homebrew 3.11 arm64
venv_cfg "$A" 3.11.9 /opt/homebrew/bin
mkd "$A/bin" "$A/lib/python3.11/site-packages"
ln -s /opt/homebrew/bin/python3.11 "$ROOT/$A/bin/python3.11"
mactf "$A/lib/python3.11/site-packages" tensorflow-macos 2.12.0 arm64
macmetal "$A/lib/python3.11/site-packages" 0.5.0 arm64
B=/Users/cy/venvs/new
venv_cfg "$B" 3.11.9 /opt/homebrew/bin
mkd "$B/bin" "$B/lib/python3.11/site-packages"
ln -s /opt/homebrew/bin/python3.11 "$ROOT/$B/bin/python3.11"
mactf "$B/lib/python3.11/site-packages" tensorflow-macos 2.14.0 arm64
macmetal "$B/lib/python3.11/site-packages" 1.1.0 arm64
mactf /opt/homebrew/lib/python3.11/site-packages tensorflow 2.16.1 arm64

gdcheck --os macos --json --env HOME=/Users/cy --env VIRTUAL_ENV=$A --env PATH=$B/bin:/opt/homebrew/bin:/usr/bin:/bin
expect_rc 1
sel() { printf '.verdicts[] | select(.subject | test("%s"))' "$1"; }
expect_json "$(sel "venvs/old") | .gpu == \"no\" and (.findings | index(\"GD213\") != null)"
expect_json '.findings[] | select(.code == "GD213") | (.title | test("0.5.0 pairs with TensorFlow 2.9")) and ([.fixes[].command] | any(test("tensorflow-macos==2.9.\\*. .tensorflow-metal==0.5.0")))'
expect_json "$(sel "venvs/new") | .gpu == \"yes\" and (.findings | index(\"GD705\") != null)"
expect_json '.findings[] | select(.code == "GD705") | .severity == "warning" and (.title | test("install tensorflow$"))'
expect_json "$(sel "opt/homebrew") | .gpu == \"no\" and (.findings | index(\"GD703\") != null)"
expect_json '.findings[] | select(.code == "GD703") | [.fixes[].command] | any(test("pip install tensorflow-metal"))'
