# CUDA 12.1 installed on a Windows driver 527.41 (nvcuda.dll 31.0.15.2741):
# Table 3 says the 12.1 toolkit needs 531.14 on Windows, so GD605; its fix
# says from which CUDA the installer stops shipping a driver, a version that
# comes from data/pkg_fact.kb (cuda windows_installer_driver), not the code.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
TK='C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA'
winmachine 31,0,15,2741
wincuda 12.1
wincheck --json --env "CUDA_PATH=$TK\v12.1"
expect_rc 0
expect_json '[.findings[] | select(.code == "GD605")] | length == 1'
expect_json '.findings[] | select(.code == "GD605") | .title | test("older than CUDA 12.1 needs on Windows \\(531.14 or newer\\)")'
expect_json '.findings[] | select(.code == "GD605") | .fixes[0].title | test("no longer bundles one from 13.0$")'
# The same machine with a --db whose pkg_fact moves that release: the advice follows.
cat >"$CASE_DIR/moved.kb" <<'KB'
%revision 2026-12-01
%table pkg_fact
%columns framework fact first last value source
cuda windows_installer_driver 14.2 - no https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/index.html (a test row)
KB
wincheck --json --env "CUDA_PATH=$TK\v12.1" --db "$CASE_DIR/moved.kb"
expect_rc 0
expect_json '.findings[] | select(.code == "GD605") | .fixes[0].title | test("no longer bundles one from 14.2$")'
exit 0
