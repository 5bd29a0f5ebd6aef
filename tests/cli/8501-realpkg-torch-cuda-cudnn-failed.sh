# Debian 13's python3-torch-cuda 2.6 as apt leaves it when nvidia-cudnn's
# download of cuDNN failed: nvidia-cudnn half-configured, libcudnn.so.9
# missing (ldconfig has removed the link that pointed at nothing).  torch's
# real library is /usr/lib/x86_64-linux-gnu/libtorch_cuda.so.2.6, reached
# from torch/_C through libtorch_python and libtorch; torch/lib holds links
# only.  Oracle (as root): trixie's own ld.so in a chroot of the same tree.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
rp_torch_cuda half-configured
kmod 550.163.01
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
ext=/usr/lib/python3/dist-packages/torch/_C.cpython-313-x86_64-linux-gnu.so
[ -f "$ROOT$ext" ] || fail "python3-torch-cuda has no $ext"
[ ! -e "$ROOT/usr/lib/python3/dist-packages/torch/lib/libtorch_cuda.so" ] || fail "expected Debian's layout: no torch/lib/libtorch_cuda.so"

gdcheck --json
expect_rc 1
expect_json '.system.libc_version == "2.41"'
expect_json '.python_envs | length == 1'
fw='.python_envs[0].frameworks[0]'
expect_json "$fw.name == \"torch\" and $fw.version == \"2.6.0+debian\" and $fw.build.cuda == \"12.4\""
expect_json "$fw.installer.name == \"dpkg\" and $fw.installer.package == \"python3-torch-cuda\""
expect_json "$fw.installer.source == \"/var/lib/dpkg/info/python3-torch-cuda.list\""
expect_json "$fw.extension_module == \"$ext\""
expect_json "$fw.cuda_library == \"/usr/lib/x86_64-linux-gnu/libtorch_cuda.so.2.6.0\""
expect_json "[$fw.unresolved[].name] == [\"libcudnn.so.9\"]"
expect_json '.verdicts[0].gpu == "no"'
expect_json '[.findings[] | select(.severity == "error")] | length == 1'
g='.findings[] | select(.code == "GD202")'
expect_json "$g | .title | test(\"libcudnn.so.9 not found\")"
expect_json "[$g | .evidence[] | select(.path == \"/usr/lib/x86_64-linux-gnu/libcudnn.so.9\" and (.text | test(\"nvidia-cudnn .*half-configured\")))] | length == 1"
expect_json "[$g | .fixes[].command] | index(\"sudo dpkg --configure -a\") != null"
expect_json "[$g | .fixes[].command] | any(test(\"^sudo update-nvidia-cudnn --update\"))"
expect_json "[$g | .fixes[].command] | all(test(\"^pip \") | not)"
expect_json '.findings[] | select(.code == "GD112") | .severity == "warning" and (.title | test("nvidia-cudnn .* half-configured"))'
expect_json '.packages.dpkg.packages[] | select(.name == "nvidia-cudnn") | .state == "half-configured"'
expect_json '[.packages.dpkg.packages[] | select(.name == "nvidia-cudnn") | .dangling_libraries[]] | index("/usr/lib/x86_64-linux-gnu/libcudnn.so.9") != null'
# The user-space driver through /etc/alternatives.
expect_json '.driver.libraries[] | select(.name == "libcuda" and .loaded) | .path == "/usr/lib/x86_64-linux-gnu/nvidia/current/libcuda.so.550.163.01" and (.via | endswith("/x86_64-linux-gnu/libcuda.so.1"))'
expect_json '[.findings[] | select(.code == "GD103")] | length == 0'

# The real loader agrees: the import's extension module fails on libcudnn.so.9.
if rp_can_chroot; then
    rp_ldso_list "$ext" && fail "ld.so --list succeeded; expected libcudnn.so.9 to be missing"
    grep -q 'libcudnn.so.9: cannot open shared object file' "$CASE_DIR/ldso.out" ||
        fail "the real loader says: $(head -c 300 "$CASE_DIR/ldso.out")"
else
    echo "note: not root, the chroot oracle did not run"
fi
gdcheck
expect_rc 1
expect_text "libcudnn.so.9 not found: torch cannot load it"
expect_text "sudo dpkg --configure -a"

# The same files with nvidia-cudnn "installed": its postinst ran but did
# nothing (the license question was declined).  Still GD202 naming the
# package; the fix is to answer the question again, not dpkg --configure.
sed -i 's/^Status: install ok half-configured$/Status: install ok installed/' "$ROOT/var/lib/dpkg/status"
gdcheck --json
expect_rc 1
expect_json '[.findings[] | select(.code == "GD112")] | length == 0'
expect_json "[$g | .evidence[].text] | any(test(\"nvidia-cudnn .*dpkg state installed\"))"
expect_json "[$g | .fixes[].command] | index(\"sudo dpkg-reconfigure nvidia-cudnn\") != null"
expect_json "[$g | .fixes[].command] | index(\"sudo dpkg --configure -a\") == null"
