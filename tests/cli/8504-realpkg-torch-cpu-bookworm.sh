# Debian 12's python3-torch 1.13.1 (main): a CPU build (version.py cuda =
# None), installed by apt into the system Python, with bookworm's 535
# driver and an RTX 4090.  The verdict is "no" with GD211; the fixes are a
# virtual environment for PyTorch's CUDA wheels (pip must not change apt's
# Python, PEP 668) and no apt command, since bookworm has no
# python3-torch-cuda.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
rp_base bookworm
rp_python
rp_driver bookworm
rp_install libtorch1.13/bookworm
rp_install python3-torch/bookworm
rp_standins
rp_ldconfig
kmod 535.261.03
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm

gdcheck --json
expect_rc 1
fw='.python_envs[0].frameworks[0]'
expect_json "$fw.name == \"torch\" and ($fw.version | startswith(\"1.13\")) and $fw.build.variant == \"cpu\""
expect_json "$fw.installer.name == \"dpkg\" and $fw.installer.package == \"python3-torch\" and ($fw.installer.package_version | startswith(\"1.13.1\"))"
expect_json "$fw.compiled_archs == null"
expect_json '.verdicts[0].gpu == "no"'
g='.findings[] | select(.code == "GD211")'
expect_json "$g | .severity == \"error\""
expect_json "[$g | .evidence[].text] | any(test(\"installed by the package python3-torch\"))"
expect_json "[$g | .fixes[].command] | any(test(\"python3[.0-9]* -m venv\"))"
expect_json "[$g | .fixes[].command] | all(test(\"apt-get install python3-torch-cuda\") | not)"
expect_json "[$g | .fixes[].command] | all(test(\"^pip \") | not)"
expect_json '[.findings[] | select(.code == "GD103")] | length == 0'
if rp_can_chroot; then
    # The real loader: torch's extension module loads (no CUDA library in it).
    ext=$(cd "$ROOT" && ls usr/lib/python3/dist-packages/torch/_C.cpython-311-*.so | head -n 1)
    rp_ldso_list "/$ext" || fail "the real loader cannot load /$ext: $(head -c 300 "$CASE_DIR/ldso.out")"
    ! grep -q 'libcud\|libtorch_cuda' "$CASE_DIR/ldso.out" || fail "a CUDA library in the CPU build's closure"
fi
