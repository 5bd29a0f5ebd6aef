# torch +cpu: no GPU support at all, whatever the machine.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 550.54.15 0x2684
venv /home/u/pt 3.11
torch_cpu 2.3.1+cpu
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD211\") != null)"
expect_json '.findings[] | select(.code == "GD211") | .fixes[0].command | test("download.pytorch.org/whl/cu1")'
