# A GeForce GTX 780 (GK110, compute capability 3.5) with Debian 13's
# python3-torch-cuda 2.6: no table row gives a distribution build's
# architectures, so they are read from libtorch_cuda's fat binaries
# (SASS sm_50..sm_90 and sm_90a, PTX compute_90): sm_35 is not among
# them, GD209.
# Oracle: cuobjdump --list-elf / --list-ptx from Debian's
# nvidia-cuda-toolkit on the same file.  Then the same machine with a
# libtorch_cuda that holds no fat binary: the check is unknown, never
# passed.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
rp_torch_cuda installed
kmod 550.163.01
gpu 0000:01:00.0 0x1004
devnodes nvidiactl nvidia0 nvidia-uvm
lib=/usr/lib/x86_64-linux-gnu/libtorch_cuda.so.2.6.0

gdcheck --json
expect_rc 1
expect_json '.gpus[0].compute_capability == "3.5"'
fw='.python_envs[0].frameworks[0]'
expect_json "$fw.compiled_archs_source == \"$lib\""
expect_json '.verdicts[0].gpu == "no"'
expect_json '.findings[] | select(.code == "GD209") | .severity == "error" and (.title | test("compute capability 3.5"))'
expect_json "[.findings[] | select(.code == \"GD209\") | .evidence[] | select(.path == \"$lib\")] | length == 1"
expect_json '[.checklist[] | select(.step | test("architecture")) | .status] == ["failed"]'

# cuobjdump on the same file: the same SASS and PTX architectures.
tk=$(rp_unpacked "$(rp_deb nvidia-cuda-toolkit/trixie)")
if "$tk/usr/bin/cuobjdump" --version >/dev/null 2>&1; then
    jq -r "$fw.compiled_archs[]" "$OUT" | sort >"$CASE_DIR/gd.archs"
    # The suffix kept: two of its cubins are sm_90a (architecture-specific).
    { "$tk/usr/bin/cuobjdump" --list-elf "$ROOT$lib" | sed -n 's/.*\.\(sm_[0-9]*[a-z]*\)\.cubin$/\1/p'
      "$tk/usr/bin/cuobjdump" --list-ptx "$ROOT$lib" | sed -n 's/.*\.sm_\([0-9]*[a-z]*\)\.ptx$/compute_\1/p'
    } | sort -u >"$CASE_DIR/cuobjdump.archs"
    [ -s "$CASE_DIR/cuobjdump.archs" ] || fail "cuobjdump listed nothing"
    cmp -s "$CASE_DIR/gd.archs" "$CASE_DIR/cuobjdump.archs" ||
        fail "gpudoctor: $(tr '\n' ' ' <"$CASE_DIR/gd.archs"); cuobjdump: $(tr '\n' ' ' <"$CASE_DIR/cuobjdump.archs")"
else
    [ "${CI:-}" = true ] && fail "Debian's cuobjdump does not run here"
    echo "note: cuobjdump does not run here; the oracle comparison was skipped"
fi

# No fat binary in the library (replaced, never written through: the file
# is a hard link into the package cache) and no table row: unknown.
rm -f "$ROOT$lib"
printf 'int gd_standin(void) { return 2; }\n' >"$CASE_DIR/tc.c"
mkdir -p "$CASE_DIR/stub"
$CC -shared -fPIC -nostdlib -o "$CASE_DIR/stub/libcudart.so.12" -Wl,-soname,libcudart.so.12 "$CASE_DIR/tc.c" || fail "cannot build the stub"
$CC -shared -fPIC -nostdlib -o "$ROOT$lib" -Wl,-soname,libtorch_cuda.so.2.6 "$CASE_DIR/tc.c" \
    -Wl,--no-as-needed -L"$CASE_DIR/stub" -l:libcudart.so.12 || fail "cannot build the stand-in"
gdcheck --json
expect_json "$fw.compiled_archs == null"
expect_json '.verdicts[0].gpu == "unknown"'
expect_json '[.findings[] | select(.code == "GD209")] | length == 0'
expect_json '[.checklist[] | select(.step | test("architecture")) | .status] == ["unknown"]'
expect_json '.verdicts[0].reason | test("architectures torch was built for are unknown")'
