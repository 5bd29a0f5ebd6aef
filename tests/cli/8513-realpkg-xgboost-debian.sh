# Debian 13's python3-xgboost 3.0.0 (main), installed by apt into the
# system Python, with trixie's 550 driver and an RTX 4090.  Debian builds
# libxgboost0 without CUDA; its xgboost/lib/libxgboost.so is a symlink to
# /usr/lib/x86_64-linux-gnu/libxgboost.so.0, the file upstream's
# libpath.py (find_lib_path: xgboost/lib first) hands to ctypes.  The
# verdict is "no" with GD211, read from the library: an ELF with no CUDA
# fat binary (the oracle: binutils' readelf lists no .nv_fatbin section),
# whatever the package is called.  The real loader loads that library.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
rp_base trixie
rp_python
# python3-xgboost depends on python3 (>= 3.13~): apt brings its standard
# library, whose EXTERNALLY-MANAGED marks the system Python (PEP 668).
rp_install libpython3.13-stdlib/trixie
rp_driver trixie
rp_install libxgboost0/trixie
rp_install python3-xgboost/trixie
rp_standins
rp_ldconfig
kmod "$RP_DRIVER"
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm

lib=/usr/lib/python3/dist-packages/xgboost/lib/libxgboost.so
[ -L "$ROOT$lib" ] || fail "python3-xgboost's $lib is no longer a symlink: the case needs a look"
readelf -SW "$ROOT$lib" >"$CASE_DIR/sections" || fail "readelf cannot read $lib"
grep -q '\.text' "$CASE_DIR/sections" || fail "readelf lists no .text in $lib"
! grep -q 'nv_fatbin\|__nv_relfatbin' "$CASE_DIR/sections" || fail "Debian's libxgboost.so carries a fat binary now"

gdcheck --json
expect_rc 1
fw='.python_envs[0].frameworks[] | select(.name == "xgboost")'
# Debian writes "debian" into the dist-info INSTALLER, which the scan takes as the installer.
expect_json "$fw | .version == \"3.0.0\" and .installer.name == \"debian\""
expect_json "$fw | .device_code == false and .compiled_archs == null"
expect_json "$fw | .extension_module == \"$lib\""
expect_json '.verdicts[] | select(.framework == "xgboost") | .gpu == "no" and (.findings | index("GD211") != null)'
g='.findings[] | select(.code == "GD211")'
expect_json "$g | .title | test(\"xgboost 3.0.0 has no CUDA code\")"
expect_json "[$g | .evidence[].text] | any(test(\"no CUDA fat binary\"))"
# apt's Python: pip may not change it (PEP 668), so the CUDA wheel goes into a venv.
expect_json "[$g | .fixes[].command // \"\"] | any(test(\"python3[.0-9]* -m venv\"))"
expect_json "[$g | .fixes[].command // \"\"] | any(test(\"pip install \\\"xgboost[-a-z0-9]*==\"))"
if rp_can_chroot; then
    rp_ldso_list "$lib" || fail "the real loader cannot load $lib: $(head -c 300 "$CASE_DIR/ldso.out")"
    ! grep -q 'libcud' "$CASE_DIR/ldso.out" || fail "a CUDA library in the CPU build's closure"
fi
