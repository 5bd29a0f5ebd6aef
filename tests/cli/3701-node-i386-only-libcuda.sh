# A Debian 13 (trixie) machine: its archive has the 550.163.01-2 driver used here.
# The only libcuda.so.1 on the machine is Debian's i386 multiarch copy
# (libcuda1:i386): an x86_64 process's loader skips it for its ELF class,
# so CUDA cannot start, even though NVML (x86_64) loads.  GD114, torch "no",
# and the fix installs the amd64 package at the installed version.  The
# real loader and gpudoctor's own `which` agree: no libcuda.so.1.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
osrelease_trixie
kmod 550.163.01
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
d32=/usr/lib/i386-linux-gnu
mkdir -p "$ROOT$d32/nvidia/current"
printf 'int gd_which(void) { return 32; }\n' >"$CASE_DIR/d32.c"
gcc -m32 -shared -nostdlib -o "$ROOT$d32/nvidia/current/libcuda.so.550.163.01" -Wl,-soname,libcuda.so.1 "$CASE_DIR/d32.c" 2>/dev/null ||
    skip "no 32-bit compiler (gcc -m32)"
link libcuda.so.550.163.01 "$d32/nvidia/current/libcuda.so.1"
link "$d32/nvidia/current/libcuda.so.1" "/etc/alternatives/nvidia--libcuda.so.1-i386-linux-gnu"
link "/etc/alternatives/nvidia--libcuda.so.1-i386-linux-gnu" "$d32/libcuda.so.1"
d=/usr/lib/x86_64-linux-gnu
mklib "$d/nvidia/current/libnvidia-ml.so.550.163.01" libnvidia-ml.so.1
link libnvidia-ml.so.550.163.01 "$d/nvidia/current/libnvidia-ml.so.1"
link "$d/nvidia/current/libnvidia-ml.so.1" "/etc/alternatives/nvidia--libnvidia-ml.so.1-x86_64-linux-gnu"
link "/etc/alternatives/nvidia--libnvidia-ml.so.1-x86_64-linux-gnu" "$d/libnvidia-ml.so.1"
put /etc/ld.so.conf "include /etc/ld.so.conf.d/*.conf"
put /etc/ld.so.conf.d/x86_64-linux-gnu.conf "/usr/lib/x86_64-linux-gnu"
put /etc/ld.so.conf.d/i386-linux-gnu.conf "/usr/lib/i386-linux-gnu"
ldconfig -r "$ROOT" 2>/dev/null || PATH=$PATH:/sbin:/usr/sbin ldconfig -r "$ROOT" || fail "ldconfig -r failed"
put /var/lib/dpkg/status "Package: libcuda1
Status: install ok installed
Architecture: i386
Multi-Arch: same
Source: nvidia-graphics-drivers
Version: 550.163.01-2
Description: NVIDIA CUDA Driver Library

Package: libnvidia-ml1
Status: install ok installed
Architecture: amd64
Source: nvidia-graphics-drivers
Version: 550.163.01-2
Description: NVIDIA Management Library (NVML) runtime library"
torch_cu124 /home/u/pt

gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 1
expect_json '.driver.loader_asked and .driver.libcuda_resolved == null'
expect_json ".driver.libraries[] | select(.name == \"libcuda\") | .path == \"$d32/nvidia/current/libcuda.so.550.163.01\" and (.not_loadable | startswith(\"wrong_class\")) and (.loaded | not)"
expect_json '.driver.libraries[] | select(.name == "libnvidia-ml") | .loaded and .not_loadable == null'
expect_json '.findings[] | select(.code == "GD114") | .severity == "error" and .kind == "no_driver" and (.title | test("only another ABI"))'
expect_json "[.findings[] | select(.code == \"GD114\") | .evidence[].path] | index(\"$d32/nvidia/current/libcuda.so.550.163.01\") != null"
expect_json '[.findings[] | select(.code == "GD114") | .fixes[].command] | index("sudo apt-get install libcuda1:amd64=550.163.01-2") != null'
expect_json '[.findings[] | select(.code == "GD103")] | length == 0'
expect_json "$(v torch) | .gpu == \"no\" and (.findings | index(\"GD114\") != null)"
expect_json '.checklist[] | select(.step == "NVIDIA driver loaded") | .status == "failed"'

# gpudoctor's own loader model agrees: no libcuda.so.1 for x86_64, the
# i386 copy tried from the cache's other ABI or a default directory is not it.
gd which --root "$ROOT" --clear-env libcuda.so.1 --json
expect_rc 1
expect_json '.path == null'
# The real loader (the host's glibc for x86_64) on the same files: the
# i386 directory first on its path, and still nothing.
printf '#include <dlfcn.h>\nint main(void){return dlopen("libcuda.so.1", RTLD_NOW) ? 0 : 3;}\n' >"$CASE_DIR/dl.c"
$CC -o "$CASE_DIR/dl" "$CASE_DIR/dl.c" -ldl || fail "cannot build the dlopen oracle"
LD_LIBRARY_PATH="$ROOT$d32:$ROOT$d32/nvidia/current" "$CASE_DIR/dl" 2>/dev/null
[ $? -eq 3 ] || fail "the real loader found a libcuda.so.1 for x86_64"

# With the amd64 package's library too, the loader takes it: no GD114.
mklib "$d/nvidia/current/libcuda.so.550.163.01" libcuda.so.1
link libcuda.so.550.163.01 "$d/nvidia/current/libcuda.so.1"
link "$d/nvidia/current/libcuda.so.1" "/etc/alternatives/nvidia--libcuda.so.1-x86_64-linux-gnu"
link "/etc/alternatives/nvidia--libcuda.so.1-x86_64-linux-gnu" "$d/libcuda.so.1"
ldconfig -r "$ROOT" 2>/dev/null || PATH=$PATH:/sbin:/usr/sbin ldconfig -r "$ROOT"
gdcheck --json --env VIRTUAL_ENV=/home/u/pt
expect_rc 0
expect_json '[.findings[] | select(.code == "GD114" or .code == "GD111" or .code == "GD103")] | length == 0'
expect_json ".driver.libraries[] | select(.name == \"libcuda\" and .loaded) | .path == \"$d/nvidia/current/libcuda.so.550.163.01\""
