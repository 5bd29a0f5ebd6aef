# macOS 12.2 (Monterey before 12.3) on Apple Silicon: PyTorch's MPS
# backend needs 12.3 (data/pkg_fact.kb, pytorch.org's MPS notes) -> GD702;
# a torch wheel built without MPS in a second environment -> GD703.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/macos.inc"
macos 12.2 21D49
macpy /Users/di/miniforge3 3.10 arm64
mkd /Users/di/miniforge3/conda-meta
mactorch /Users/di/miniforge3/lib/python3.10/site-packages 2.0.1 arm64 1
macpy /Users/di/.pyenv/versions/3.10.13 3.10 arm64
mactorch /Users/di/.pyenv/versions/3.10.13/lib/python3.10/site-packages 2.0.1 arm64 0

gdcheck --os macos --json
expect_rc 1
expect_json '.findings[] | select(.code == "GD702") | (.title | test("needs macOS 12.3 or later; this Mac runs macOS 12.2")) and .severity == "error"'
expect_json '.findings[] | select(.code == "GD702") | [.evidence[].text] | any(test("pytorch.org/docs/stable/notes/mps.html"))'
expect_json '[.verdicts[] | select(.gpu == "no")] | length == 2'
expect_json '.findings[] | select(.code == "GD703") | .title | test("built without MPS")'

gdcheck --os macos --facts
expect_json '.macos.cpu == "arm64" and (.macos.cpu_evidence | test("only an arm64 slice"))'
