# The same Debian 13 torch with cuDNN in place (what update-nvidia-cudnn
# installs; the library itself is a stand-in with its real soname, since
# NVIDIA's archive is out of reach): every library of the import's closure
# resolves, the GPU (RTX 4090, 8.9) is covered by the sm_86 SASS read from
# libtorch_cuda's fat binaries, and the verdict is yes.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
rp_torch_cuda installed
kmod 550.163.01
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
ext=/usr/lib/python3/dist-packages/torch/_C.cpython-313-x86_64-linux-gnu.so

gdcheck --json
expect_rc 0
fw='.python_envs[0].frameworks[0]'
expect_json "$fw.unresolved == []"
# sm_90a: two architecture-specific cubins beside 341 sm_90 ones (cuobjdump: 8505).
expect_json "$fw.compiled_archs == [\"sm_50\",\"sm_60\",\"sm_70\",\"sm_75\",\"sm_80\",\"sm_86\",\"compute_90\",\"sm_90\",\"sm_90a\"]"
expect_json "$fw.compiled_archs_source == \"/usr/lib/x86_64-linux-gnu/libtorch_cuda.so.2.6.0\""
expect_json '.verdicts[0].gpu == "yes"'
expect_json '[.findings[] | select(.severity == "error" or .severity == "warning")] | length == 0'
expect_json '[.checklist[] | select(.step | test("architecture")) | .status] == ["passed"]'
if rp_can_chroot; then
    rp_ldso_list "$ext" || fail "the real loader cannot load $ext: $(head -c 300 "$CASE_DIR/ldso.out")"
    ! grep -q 'not found' "$CASE_DIR/ldso.out" || fail "the real loader misses: $(grep 'not found' "$CASE_DIR/ldso.out")"
    grep -q 'libtorch_cuda.so.2.6 => /lib/x86_64-linux-gnu/libtorch_cuda.so.2.6\|libtorch_cuda.so.2.6 => /usr/lib/x86_64-linux-gnu/libtorch_cuda.so.2.6' "$CASE_DIR/ldso.out" ||
        fail "the real loader does not reach libtorch_cuda: $(head -c 600 "$CASE_DIR/ldso.out")"
    grep -q 'libcudnn.so.9 => ' "$CASE_DIR/ldso.out" || fail "the real loader does not load libcudnn.so.9"
fi

# libtorch_cuda itself gone (its hard link removed, the cache untouched):
# the import's closure breaks at libtorch.so.2.6 -> libtorch_cuda.so.2.6.
# A torch that declares CUDA 12.4 and whose CUDA library cannot be found is
# an error with a fix (the package that lists the file: reinstall it), never
# an unknown.
rm -f "$ROOT/usr/lib/x86_64-linux-gnu/libtorch_cuda.so.2.6.0"
gdcheck --json
expect_rc 1
expect_json "$fw.cuda_library == null"
expect_json "[$fw.unresolved[].name] | index(\"libtorch_cuda.so.2.6\") != null"
expect_json '.verdicts[0].gpu == "no"'
expect_json '[.findings[] | select(.code == "GD217")] | length == 0'
expect_json '.findings[] | select(.code == "GD203") | .severity == "error" and (.title | test("^libtorch_cuda.so.2.6 not found"))'
expect_json '[.findings[] | select(.code == "GD203") | .fixes[].command] | index("sudo apt-get install --reinstall libtorch-cuda-2.6") != null'
if rp_can_chroot; then
    rp_ldso_list "$ext" && fail "ld.so --list succeeded without libtorch_cuda"
    grep -q 'libtorch_cuda.so.2.6: cannot open shared object file' "$CASE_DIR/ldso.out" ||
        fail "the real loader says: $(head -c 300 "$CASE_DIR/ldso.out")"
fi
