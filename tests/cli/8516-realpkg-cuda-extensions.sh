# CUDA device code in Debian's own packages, judged on the real files.
#
# 1. The fat-binary reader (loader/fatbin.h, through build/san/helpers/
#    fatbin-archs: the same fatbin_read_elf and kb_arch_list_covers check
#    runs) against cuobjdump --list-elf / --list-ptx (trixie non-free's
#    nvidia-cuda-toolkit 12.4, unpacked with dpkg-deb -x, as in 8505) on
#    five real shared objects with device code, and on one without:
#      libgloo_cuda.so.0.5.0   libgloo-cuda-0 (trixie contrib), in torch's
#                              closure (libtorch_cpu and libtorch_cuda need it):
#                              SASS and PTX for sm_52 only
#      _vkfft_cuda.cpython-313 python3-pyvkfft-cuda (trixie contrib), a
#                              Python extension module
#      libgputomo.cpython-311  python3-pyhst2-cuda (bookworm contrib, CUDA
#                              11.8): PTX only, compute_50..80, every entry
#                              compressed
#      libnvjpeg.so.12.3.1.117 libnvjpeg12 (trixie non-free, NVIDIA's own
#      libnppial.so.12.2.5.30  build) and libnppial12: sm_50..sm_90 and
#                              compute_90, most SASS entries compressed (the
#                              entry flag 0x2000: only headers are read, so
#                              compression changes nothing)
#      libc10_cuda.so.2.6.0    libtorch-cuda-2.6: no device code at all
#    Compared: the list of SASS and PTX architectures and how many entries
#    each has (cuobjdump lists every entry), and for compute capabilities
#    3.5 to 9.0 whether each list runs natively, through PTX JIT or not at
#    all, against NVIDIA's compatibility rules applied here to cuobjdump's
#    list (CUDA C++ Programming Guide, "Binary Compatibility": a cubin for
#    X.y runs on X.z, z >= y; "PTX Compatibility": PTX for a compute
#    capability is compiled for any higher one; PTX ISA, "Target ISA
#    notes": an "a" target, sm_90a, runs on that compute capability only):
#    a GPU older than every architecture (GTX 780, 3.5) is "no" for all five.
# 1b. The same comparison on fat binaries NVIDIA's own ptxas and fatbinary
#    (the same toolkit) write at test time, in shared objects built by $CC
#    as nvcc's host compile builds them: architecture-specific images
#    (sm_90a, compute_90a: the entry flag 0x100000, which cuobjdump names
#    with the "a"; Debian's libtorch_cuda has two such cubins, 8502/8505),
#    --compress-all, two containers; a Hopper-only build (sm_90a,
#    compute_90a) has no kernel image for a Blackwell (10.0).
# 2. Debian's torch extension packages on a machine of real packages:
#    trixie's python3-torch-cuda 2.6 (8502's machine, with the real
#    libgloo-cuda-0 in place of its stand-in), python3-torchvision 0.21 and
#    python3-torchaudio 2.6, the two apt keeps beside python3-torch-cuda
#    ("python3-torch | python3-torch-cuda"; python3-torch-scatter, -sparse
#    and -cluster depend on the CPU libtorch2.6, which libtorch-cuda-2.6
#    conflicts with).  Debian has no torch extension with device code: both
#    are CPU builds, so check's cuda_extensions lists their modules (an
#    .egg-info: top_level.txt's packages and their lib/, where torchaudio
#    keeps _torchaudio.so) with device_code false and no archs, and warns
#    GD143 for each; cuobjdump finds no device code in any of those modules
#    and readelf no CUDA library in their DT_NEEDED.  On a GTX 780 torch is
#    GD209 (8505) and the CPU builds have nothing more to judge (no GD140).
#    No oracle runs the extensions here (8512 asks torch's dispatcher about
#    torchvision::nms in a real userland).
#
# Downloads beyond the family's (torch, the 550 driver, the toolkit: see
# tests/realpkg/README.md): 11 MB (libgloo-cuda-0 0.5, pyvkfft-cuda 0.4,
# pyhst2-cuda 0.5, libnvjpeg12 2.3, libnppial12 5.7, torchvision 0.9,
# torchaudio 0.5) plus the stand-ins' libraries already cached.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/realpkg/lib.sh"
rp_init
FB=${GD_BUILD:?}/helpers/fatbin-archs
[ -x "$FB" ] || fail "$FB is not built (make build/san/helpers/fatbin-archs)"
tk=$(rp_unpacked "$(rp_deb nvidia-cuda-toolkit/trixie)") || exit $?
if ! "$tk/usr/bin/cuobjdump" --version >/dev/null 2>&1; then
    [ "${CI:-}" = true ] && fail "Debian's cuobjdump does not run here"
    skip "cuobjdump (Debian's nvidia-cuda-toolkit) does not run here"
fi

# cuobjdump's view of FILE, as "sm_52 3" / "compute_90a 1" lines sorted by
# name (entries per kind and architecture, the suffix of an
# architecture-specific image kept); empty without device code.
cuobj_archs() {
    { "$tk/usr/bin/cuobjdump" --list-elf "$1" 2>/dev/null | sed -n 's/.*\.sm_\([0-9]*[a-z]*\)\.cubin$/sm_\1/p'
      "$tk/usr/bin/cuobjdump" --list-ptx "$1" 2>/dev/null | sed -n 's/.*\.sm_\([0-9]*[a-z]*\)\.ptx$/compute_\1/p'
    } | sort | uniq -c | awk '{print $2, $1}' | sort
}
# covers LIST CC: native, ptx or no, by NVIDIA's rules (above) on "sm_52 3"
# lines; an "a" image (sm_90a, compute_90a) only on exactly its compute
# capability ("PTX code generated for such targets cannot be run on later
# generation devices": PTX ISA, "Target ISA notes").
covers() {
    printf '%s\n' "$1" | awk -v cc="$2" '
        BEGIN { split(cc, p, "."); want = p[1] * 10 + p[2]; r = "no" }
        { a = $1; sub(/^(sm|compute)_/, "", a); spec = (a ~ /a$/); a = a + 0 }
        $1 ~ /^sm_/ && ((!spec && int(a / 10) == int(p[1]) && a % 10 <= p[2] + 0) || (spec && a == want)) { r = "native" }
        $1 ~ /^compute_/ && ((!spec && a <= want) || (spec && a == want)) && r != "native" { r = "ptx" }
        END { print r }'
}
# compare FILE CC...: fatbin-archs and cuobjdump on FILE agree on every
# architecture and its entry count, and on each CC by the rules above;
# the block of fatbin-archs' output is left in $CASE_DIR/NAME.gd.
compare() {
    _f=$1; shift
    _n=$(basename "$_f")
    _ccs=""
    for _c in "$@"; do _ccs="$_ccs --cc $_c"; done
    # shellcheck disable=SC2086
    "$FB" $_ccs "$_f" >"$CASE_DIR/$_n.gd" 2>&1 || fail "fatbin-archs failed on $_n: $(head -c 300 "$CASE_DIR/$_n.gd")"
    sed -n 's/^  \(sm_[0-9]*a\{0,1\} [0-9]*\)$/\1/p; s/^  \(compute_[0-9]*a\{0,1\} [0-9]*\)$/\1/p' "$CASE_DIR/$_n.gd" |
        sort >"$CASE_DIR/$_n.gd.archs"
    cuobj_archs "$_f" >"$CASE_DIR/$_n.cuobjdump"
    cmp -s "$CASE_DIR/$_n.gd.archs" "$CASE_DIR/$_n.cuobjdump" ||
        fail "$_n: gpudoctor: $(tr '\n' ' ' <"$CASE_DIR/$_n.gd.archs"); cuobjdump: $(tr '\n' ' ' <"$CASE_DIR/$_n.cuobjdump")"
    [ -s "$CASE_DIR/$_n.cuobjdump" ] || return 0
    for _c in "$@"; do
        _want=$(covers "$(cat "$CASE_DIR/$_n.cuobjdump")" "$_c")
        grep -qx "  cc $_c $_want" "$CASE_DIR/$_n.gd" ||
            fail "$_n on compute capability $_c: NVIDIA's rules on cuobjdump's list say $_want, gpudoctor: $(grep "  cc $_c " "$CASE_DIR/$_n.gd")"
    done
}

# 1. The reader against cuobjdump.
gloo=$(rp_unpacked "$(rp_deb libgloo-cuda-0/trixie)")/usr/lib/libgloo_cuda.so.0.5.0
vkfft=$(rp_unpacked "$(rp_deb python3-pyvkfft-cuda/trixie)")/usr/lib/python3/dist-packages/pyvkfft/_vkfft_cuda.cpython-313-x86_64-linux-gnu.so
hst=$(rp_unpacked "$(rp_deb python3-pyhst2-cuda/bookworm)")/usr/lib/python3/dist-packages/PyHST2_2020c/libgputomo.cpython-311-x86_64-linux-gnu.so
jpeg=$(ls "$(rp_unpacked "$(rp_deb libnvjpeg12/trixie)")"/usr/lib/x86_64-linux-gnu/libnvjpeg.so.12.*.*)
npp=$(ls "$(rp_unpacked "$(rp_deb libnppial12/trixie)")"/usr/lib/x86_64-linux-gnu/libnppial.so.12.*.*)
c10=$(rp_unpacked "$(rp_deb libtorch-cuda-2.6/trixie)")/usr/lib/x86_64-linux-gnu/libc10_cuda.so.2.6.0
for f in "$gloo" "$vkfft" "$hst" "$jpeg" "$npp" "$c10"; do
    [ -f "$f" ] || fail "the package no longer has $f: the case needs a look"
done
for f in "$gloo" "$vkfft" "$hst" "$jpeg" "$npp" "$c10"; do
    compare "$f" 3.5 5.0 5.2 6.1 7.5 8.9 9.0
    n=$(basename "$f")
    if [ "$f" = "$c10" ]; then
        grep -qx "$f: none" "$CASE_DIR/$n.gd" || fail "$n: fatbin-archs: $(head -n 1 "$CASE_DIR/$n.gd")"
        "$tk/usr/bin/cuobjdump" --list-elf "$f" 2>&1 | grep -q 'does not contain device code' ||
            fail "cuobjdump finds device code in $n"
        continue
    fi
    [ -s "$CASE_DIR/$n.cuobjdump" ] || fail "cuobjdump lists nothing in $n"
    grep -qx '  cc 3.5 no' "$CASE_DIR/$n.gd" || fail "$n runs on a GTX 780 (3.5)?"
    cat "$CASE_DIR/$n.gd" >>"$CASE_DIR/fb.out"
done
# What the lists are (so that a reader and a cuobjdump that both read
# nothing cannot pass): measured with cuobjdump 12.4.127.
grep -qx "$gloo: compute_52,sm_52" "$CASE_DIR/fb.out" || fail "libgloo_cuda: $(grep "^$gloo" "$CASE_DIR/fb.out")"
grep -qx "$hst: compute_50,compute_60,compute_70,compute_80" "$CASE_DIR/fb.out" || fail "libgputomo: $(grep "^$hst" "$CASE_DIR/fb.out")"
grep -qx "$jpeg: sm_50,sm_52,sm_60,sm_61,sm_70,sm_75,sm_80,sm_86,sm_89,compute_90,sm_90" "$CASE_DIR/fb.out" ||
    fail "libnvjpeg: $(grep "^$jpeg" "$CASE_DIR/fb.out")"
# A Maxwell GM107 (5.0) runs torch's sm_50 but not gloo's sm_52 cubin or
# compute_52 PTX; pyhst2's PTX is JIT-compiled for it.
grep -qx '  cc 5.0 no' "$CASE_DIR/$(basename "$gloo").gd" || fail "libgloo_cuda on 5.0"
grep -qx '  cc 5.0 ptx' "$CASE_DIR/$(basename "$hst").gd" || fail "libgputomo on 5.0"

# 1b. Fat binaries NVIDIA's own tools write: the toolkit's ptxas compiles
# a one-instruction kernel for sm_50, sm_90 and sm_90a, its fatbinary
# packs them with PTX for compute_80 and compute_90a (--compress-all), and
# again sm_90a with compute_90a alone (uncompressed: a Hopper-only build),
# each as the C file nvcc's host compile would get (--embedded-fatbin),
# built into shared objects by $CC: one with both containers, one with the
# second.  The declaration of fatbinary_section.h's __fatBinC_Wrapper_t
# (four fields; nvidia-cuda-dev is not downloaded) is written here.
G=$CASE_DIR/gen
mkdir -p "$G"
for a in 50 80 90 90a; do
    printf '.version 8.4\n.target sm_%s\n.address_size 64\n.visible .entry gd_k%s()\n{\n\tret;\n}\n' $a $a >"$G/k$a.ptx"
done
for a in 50 90 90a; do
    "$tk/usr/bin/ptxas" -arch=sm_$a "$G/k$a.ptx" -o "$G/k$a.cubin" 2>"$G/ptxas.err" ||
        fail "ptxas sm_$a: $(head -c 300 "$G/ptxas.err")"
done
"$tk/usr/bin/fatbinary" --create="$G/one.fatbin" -64 --compress-all --embedded-fatbin="$G/one.c" \
    --image3=kind=elf,sm=50,file="$G/k50.cubin" --image3=kind=elf,sm=90,file="$G/k90.cubin" \
    --image3=kind=elf,sm=90a,file="$G/k90a.cubin" --image3=kind=ptx,sm=80,file="$G/k80.ptx" \
    --image3=kind=ptx,sm=90a,file="$G/k90a.ptx" >"$G/fatbinary.log" 2>&1 || fail "fatbinary: $(head -c 300 "$G/fatbinary.log")"
"$tk/usr/bin/fatbinary" --create="$G/two.fatbin" -64 --compress=false --embedded-fatbin="$G/two.c" \
    --image3=kind=elf,sm=90a,file="$G/k90a.cubin" --image3=kind=ptx,sm=90a,file="$G/k90a.ptx" >"$G/fatbinary.log" 2>&1 ||
    fail "fatbinary: $(head -c 300 "$G/fatbinary.log")"
printf '%s\n' 'typedef struct { int magic; int version; const unsigned long long *data; void *filename_or_fatbins; } __fatBinC_Wrapper_t;' >"$G/wrapper.h"
printf 'int gd_ext(void) { return 1; }\n' >"$G/ext.c"
$CC -shared -fPIC -D__SKIP_INTERNAL_FATBINARY_HEADERS -include "$G/wrapper.h" -o "$G/libmixed.so" "$G/one.c" "$G/two.c" "$G/ext.c" ||
    fail "cannot build libmixed.so"
$CC -shared -fPIC -D__SKIP_INTERNAL_FATBINARY_HEADERS -include "$G/wrapper.h" -o "$G/libhopper.so" "$G/two.c" "$G/ext.c" ||
    fail "cannot build libhopper.so"
compare "$G/libmixed.so" 5.0 8.0 8.9 9.0 10.0 12.0
compare "$G/libhopper.so" 8.9 9.0 10.0 12.0
grep -qx "$G/libmixed.so: sm_50,compute_80,compute_90a,sm_90,sm_90a" "$CASE_DIR/libmixed.so.gd" ||
    fail "libmixed.so: $(head -n 1 "$CASE_DIR/libmixed.so.gd")"
# The Hopper-only build on a Blackwell (10.0): no kernel image (its PTX
# is for 9.0a only); on the H100 (9.0) native.
grep -qx '  cc 10.0 no' "$CASE_DIR/libhopper.so.gd" || fail "libhopper.so on 10.0: $(grep 'cc 10.0' "$CASE_DIR/libhopper.so.gd")"
grep -qx '  cc 9.0 native' "$CASE_DIR/libhopper.so.gd" || fail "libhopper.so on 9.0"
grep -qx '  cc 10.0 ptx' "$CASE_DIR/libmixed.so.gd" || fail "libmixed.so on 10.0 (compute_80 PTX)"

# 2. Debian's torch extension packages beside python3-torch-cuda.
rp_torch_cuda installed
kmod 550.163.01
gpu 0000:01:00.0 0x2684
devnodes nvidiactl nvidia0 nvidia-uvm
# The real gloo in place of the stand-in rp_torch_cuda gave it (in the
# multiarch directory, which would come first in ld.so.cache).
rm -f "$ROOT/usr/lib/$RP_TRIPLET/libgloo_cuda.so.0"
rp_install libgloo-cuda-0/trixie
rp_install python3-torchvision/trixie
rp_install python3-torchaudio/trixie
rp_standins
rp_ldconfig
site=/usr/lib/python3/dist-packages
if rp_can_chroot; then
    rp_ldso_list /usr/lib/libgloo_cuda.so.0 || fail "the real loader cannot load libgloo_cuda: $(head -c 300 "$CASE_DIR/ldso.out")"
    rp_ldso_list $site/torch/_C.cpython-313-x86_64-linux-gnu.so
    grep -q 'libgloo_cuda.so.0 => /usr/lib/libgloo_cuda.so.0\|libgloo_cuda.so.0 => /lib/libgloo_cuda.so.0' "$CASE_DIR/ldso.out" ||
        fail "torch's closure does not reach the real gloo: $(grep gloo "$CASE_DIR/ldso.out")"
fi

gdcheck --json
expect_rc 0
expect_json '.gpus[0].compute_capability == "8.9"'
expect_json '[.verdicts[] | select(.framework == "torch") | .gpu] == ["yes"]'
x='.python_envs[0].cuda_extensions'
expect_json "[$x[].dist] | unique == [\"torchaudio\", \"torchvision\"]"
expect_json "[$x[] | select(.dist == \"torchaudio\") | .module] | sort == [\"$site/torchaudio/lib/_torchaudio.so\", \"$site/torchaudio/lib/_torchaudio_sox.so\", \"$site/torchaudio/lib/libtorchaudio.so\", \"$site/torchaudio/lib/libtorchaudio_sox.so\"]"
expect_json "[$x[] | select(.dist == \"torchvision\") | .module] | index(\"$site/torchvision/_C.cpython-313-x86_64-linux-gnu.so\") != null"
expect_json "[$x[] | .device_code] | unique == [false]"
expect_json "[$x[] | .archs] | unique == [null]"
expect_json "[$x[] | .cuda_needed] | unique == [[]]"
expect_json "[$x[] | .version] | unique == [\"0.21.0\", \"2.6.0\"]"
expect_json '[.findings[] | select(.code == "GD143") | .subject | split(" ")[0]] | sort == ["torchaudio", "torchvision"]'
expect_json '.findings[] | select(.code == "GD143" and (.subject | startswith("torchaudio"))) | .title | test("CPU build beside torch built for CUDA 12.4")'
expect_json '[.findings[] | select(.code == "GD140" or .code == "GD141" or .code == "GD142")] | length == 0'
# The oracle on every module check listed: no device code, no CUDA library.
jq -r "$x[].module" "$OUT" >"$CASE_DIR/modules"
[ "$(wc -l <"$CASE_DIR/modules")" -ge 5 ] || fail "check lists $(wc -l <"$CASE_DIR/modules") modules"
while read -r m; do
    "$tk/usr/bin/cuobjdump" --list-elf "$ROOT$m" 2>&1 | grep -q 'does not contain device code' ||
        fail "cuobjdump finds device code in $m"
    ! readelf -dW "$ROOT$m" | grep NEEDED | grep -qE 'libcuda|libcudart|libcublas|libcudnn|libc10_cuda|libtorch_cuda|libnccl' ||
        fail "$m links a CUDA library: $(readelf -dW "$ROOT$m" | grep NEEDED | tr '\n' ' ')"
done <"$CASE_DIR/modules"

# A GTX 780 (3.5): torch has no code for it (GD209, as 8505); the CPU
# builds have no fat binary to judge against it.
rm -rf "$ROOT/sys/bus/pci/devices"
gpu 0000:01:00.0 0x1004
gdcheck --json
expect_rc 1
expect_json '[.verdicts[] | select(.framework == "torch") | .gpu] == ["no"]'
expect_json '[.findings[] | select(.code == "GD209")] | length == 1'
expect_json '[.findings[] | select(.code == "GD143")] | length == 2'
expect_json '[.findings[] | select(.code == "GD140")] | length == 0'
