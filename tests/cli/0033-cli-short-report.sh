# The default text report fits a screen: for a one-finding machine, the
# verdict, the next step (the fix), one line per finding, the machine in a
# line and the counts fit 24 rows of an 80-column terminal; -v/--verbose
# gives the whole report (sections, evidence, every fix, the checklist);
# --quiet prints nothing and only exits.  "Next step" never puts one
# finding's title beside another finding's fix.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
machine 550.54.15 0x2684
venv /home/u/pt 3.11
torch_cpu 2.3.1+cpu
# rows FILE: the terminal rows FILE takes at 80 columns (a longer line wraps).
rows() { awk '{ n += length($0) > 80 ? int((length($0) + 79) / 80) : 1 } END { print n }' "$1"; }

COLUMNS=80 gdcheck --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
r=$(rows "$OUT")
[ "$r" -le 24 ] || fail "the one-finding report takes $r rows at 80 columns"
expect_text "  torch 2.3.1+cpu (venv /home/u/pt): GPU NO"
expect_text "Next step (GD211):"
expect_text '$ /home/u/pt/bin/python3.11 -m pip install --force-reinstall "torch==2.3.*" --index-url https://download.pytorch.org/whl/cu121'
# The verdict gives GD211's title as its reason, with the code: the finding
# is not listed again below it.
expect_text "  torch 2.3.1+cpu (venv /home/u/pt): GPU NO — torch 2.3.1+cpu is a CPU-only build (GD211)"
expect_no_text "  error   GD211"
expect_text "1 error, 0 warnings, 0 info; exit status 1"
expect_no_text "evidence:"
expect_no_text "Checklist"
expect_no_text "CUDA toolkits"
# The verdict and the next step come first, the findings after them.
v=$(grep -n 'GPU NO' "$OUT" | head -n 1 | cut -d: -f1)
n=$(grep -n '^Next step' "$OUT" | cut -d: -f1)
f=$(grep -n '^1 error' "$OUT" | cut -d: -f1)
[ "$v" -lt "$n" ] && [ "$n" -lt "$f" ] || fail "order: verdict line $v, next step $n, counts $f"

for flag in -v --verbose; do
    gdcheck --env VIRTUAL_ENV=/home/u/pt $flag
    expect_rc 1
    expect_text "Checklist"
    expect_text "evidence: /home/u/pt/lib/python3.11/site-packages/torch/version.py"
    expect_text "Driver and GPUs"
    expect_text "  error   GD211 cpu_only_build: torch 2.3.1+cpu is a CPU-only build"
    expect_text "Next step: torch 2.3.1+cpu will not use the GPU: torch 2.3.1+cpu is a CPU-only build"
done

for flag in -q --quiet; do
    gdcheck --env VIRTUAL_ENV=/home/u/pt $flag
    expect_rc 1
    [ ! -s "$OUT" ] || fail "$flag printed: $(head -c 200 "$OUT")"
done
gd check --quiet --root "$CASE_DIR/nowhere"
expect_rc 2
expect_err "cannot use root"
gdcheck --quiet --json
expect_rc 2
expect_err "options '--quiet' and '--json' cannot be used together"
gdcheck -v --json
expect_rc 2
expect_err "the JSON report always has everything"
gd help check
expect_text "-v, --verbose"
expect_text "-q, --quiet"

# No GPU and a CPU-only torch: the verdict names both findings, but its
# reason is GD211's; the next step is GD102's fix, under GD102's title.
rm -rf "$ROOT"/sys/bus/pci/devices/*
put /sys/bus/pci/devices/0000:00:02.0/vendor 0x8086
put /sys/bus/pci/devices/0000:00:02.0/device 0x3e92
put /sys/bus/pci/devices/0000:00:02.0/class 0x030000
gdcheck --env VIRTUAL_ENV=/home/u/pt -v
expect_rc 1
expect_text "Next step: no NVIDIA GPU on this machine's PCI bus"
expect_no_text "Next step: torch 2.3.1+cpu will not use the GPU"
gdcheck --env VIRTUAL_ENV=/home/u/pt
expect_text "Next step (GD102):"
