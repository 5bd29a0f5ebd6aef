# tests/realpkg/lib.sh - machines assembled from Debian's real packages
# (sourced by tests/cli/85xx-realpkg-*.sh after tests/cli/lib.sh).
#
# Packages are downloaded with apt from Debian's archive through a PRIVATE
# apt configuration (bookworm and trixie, main contrib non-free; the
# system's sources are never touched), kept in a cache that persists
# between runs ($GD_PKG_CACHE, default /var/cache/gpudoctor-test-debs),
# unpacked once with `dpkg -x`, and hard-linked into each case's root.
# rp_install records each package in the root's /var/lib/dpkg/status and
# info/PKG.list as dpkg does, with the state the case asks for
# ("installed", or "half-configured" for a postinst that failed).
#
# Outside CI, when apt or the archive is not available, a case skips with
# one line saying why; with CI=true it fails instead.
#
# What it costs (measured, see tests/realpkg/README.md): ~640 MB of .debs
# downloaded once, ~2.1 GB unpacked in the cache; each case then takes
# seconds.

RP_CACHE=${GD_PKG_CACHE:-/var/cache/gpudoctor-test-debs}
RP_MIRROR=${GD_DEBIAN_MIRROR:-http://deb.debian.org/debian}
RP_ARCH=amd64
RP_TRIPLET=x86_64-linux-gnu

# rp_unavailable REASON: skip (not CI) or fail (CI).
rp_unavailable() {
    # Also on stderr: rp_deb runs in a command substitution, whose stdout
    # is captured; the case's log (and run.sh's skip line) shows stderr.
    echo "real-package tests: $*" >&2
    if [ "${CI:-}" = true ]; then
        fail "real-package tests cannot run in CI: $*"
    fi
    skip "real-package tests skipped: $*"
}

# rp_init: the cache, the private apt configuration, the package lists
# (refreshed when older than a day).  Everything under one lock, since
# cases run two at a time.
rp_init() {
    [ "$(uname -m)" = x86_64 ] || rp_unavailable "the packages used are amd64 and this is $(uname -m)"
    for _t in apt-get dpkg-deb flock readelf; do
        command -v "$_t" >/dev/null 2>&1 || rp_unavailable "$_t is not installed (Debian's apt and dpkg are needed)"
    done
    [ -f /usr/share/keyrings/debian-archive-keyring.gpg ] ||
        rp_unavailable "debian-archive-keyring is not installed"
    if ! mkdir -p "$RP_CACHE/debs" "$RP_CACHE/unpacked" "$RP_CACHE/apt/lists/partial" \
        "$RP_CACHE/apt/archives/partial" "$RP_CACHE/apt/cache" 2>/dev/null || [ ! -w "$RP_CACHE" ]; then
        RP_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/gpudoctor-test-debs
        mkdir -p "$RP_CACHE/debs" "$RP_CACHE/unpacked" "$RP_CACHE/apt/lists/partial" \
            "$RP_CACHE/apt/archives/partial" "$RP_CACHE/apt/cache" ||
            rp_unavailable "cannot create the package cache $RP_CACHE"
    fi
    _k="signed-by=/usr/share/keyrings/debian-archive-keyring.gpg"
    # i386 only for trixie (Debian's libcuda1:i386 multiarch driver and the
    # libc6:i386 it depends on, 10 MB of package lists): the 32-bit copy an
    # x86_64 process cannot load (8507).
    printf '%s\n' \
        "deb [arch=$RP_ARCH $_k] $RP_MIRROR bookworm main contrib non-free" \
        "deb [arch=$RP_ARCH $_k] $RP_MIRROR trixie main contrib non-free" \
        "deb [arch=i386 $_k] $RP_MIRROR trixie main non-free" >"$RP_CACHE/apt/sources.list.new"
    # Lists without the i386 ones (a cache made before that line) are
    # refreshed now.
    ls "$RP_CACHE/apt/lists/" 2>/dev/null | grep -q '_trixie_main_binary-i386_Packages' || rm -f "$RP_CACHE/apt/stamp"
    RP_APT="-o Dir::Etc::SourceList=$RP_CACHE/apt/sources.list -o Dir::Etc::SourceParts=/dev/null
        -o Dir::State::Lists=$RP_CACHE/apt/lists -o Dir::Cache=$RP_CACHE/apt/cache
        -o Dir::Cache::Archives=$RP_CACHE/apt/archives -o Dir::State::status=$RP_CACHE/apt/empty-status
        -o APT::Architecture=$RP_ARCH -o APT::Architectures::=$RP_ARCH -o APT::Architectures::=i386
        -o Debug::NoLocking=1 -o APT::Sandbox::User=root -q"
    exec 9>"$RP_CACHE/lock"
    flock 9
    mv -f "$RP_CACHE/apt/sources.list.new" "$RP_CACHE/apt/sources.list"
    : >>"$RP_CACHE/apt/empty-status"
    if [ -z "$(find "$RP_CACHE/apt" -maxdepth 1 -name stamp -mtime -1 2>/dev/null)" ]; then
        # shellcheck disable=SC2086
        apt-get $RP_APT update >"$RP_CACHE/apt/update.log" 2>&1
        # apt-get update exits 0 when a source cannot be fetched: what
        # counts is that both suites' package lists are there.
        if [ "$(ls "$RP_CACHE/apt/lists/" 2>/dev/null | grep -c -e '_bookworm_main_binary-amd64_Packages' \
                -e '_trixie_main_binary-amd64_Packages')" -eq 2 ] &&
            ! grep -q '^[WE]: Failed to fetch' "$RP_CACHE/apt/update.log"; then
            : >"$RP_CACHE/apt/stamp"
            rm -f "$RP_CACHE/apt/index"
        elif ! ls "$RP_CACHE/apt/lists/"*_Packages* >/dev/null 2>&1; then
            flock -u 9
            rp_unavailable "Debian's archive ($RP_MIRROR) cannot be reached: $(grep -E '^(E|W):' "$RP_CACHE/apt/update.log" | head -n 1)"
        fi
    fi
    flock -u 9
}

# rp_deb PKG/SUITE: print the path of the package's .deb in the cache,
# downloading it first if needed.
rp_deb() {
    flock 9
    # apt takes a second or two to read the lists: remember its answer
    # until the lists are refreshed.
    _f=$(awk -v k="$1" '$1 == k {print $2}' "$RP_CACHE/apt/index" 2>/dev/null | head -n 1)
    if [ -z "$_f" ]; then
        # shellcheck disable=SC2086
        _f=$(apt-get $RP_APT download --print-uris "$1" 2>"$CASE_DIR/apt.err" | awk '{print $2}' | head -n 1)
        [ -n "$_f" ] && echo "$1 $_f" >>"$RP_CACHE/apt/index"
    fi
    if [ -z "$_f" ]; then
        flock -u 9
        rp_unavailable "apt knows no package $1 ($(head -n 1 "$CASE_DIR/apt.err"))"
    fi
    if [ ! -s "$RP_CACHE/debs/$_f" ]; then
        # shellcheck disable=SC2086
        if ! (cd "$RP_CACHE/debs" && apt-get $RP_APT download "$1") >"$CASE_DIR/apt.log" 2>&1; then
            flock -u 9
            rp_unavailable "cannot download $1: $(grep -E '^E:' "$CASE_DIR/apt.log" | head -n 1)"
        fi
    fi
    flock -u 9
    printf '%s\n' "$RP_CACHE/debs/$_f"
}

# rp_unpacked DEB: print the directory holding DEB unpacked (dpkg -x, once),
# with its control fields in DIR.control and its file list (as dpkg's
# info/PKG.list: "/." then every path) in DIR.list.
rp_unpacked() {
    _u="$RP_CACHE/unpacked/$(basename "$1" .deb)"
    flock 9
    if [ ! -d "$_u" ] || [ ! -s "$_u.list" ]; then
        rm -rf "$_u.tmp" "$_u"
        if ! dpkg-deb -x "$1" "$_u.tmp" || ! dpkg-deb -f "$1" >"$_u.control"; then
            flock -u 9
            fail "cannot unpack $1"
        fi
        (cd "$_u.tmp" && find . | LC_ALL=C sort | sed 's|^\.||; s|^$|/.|') >"$_u.list"
        mv "$_u.tmp" "$_u"
    fi
    flock -u 9
    printf '%s\n' "$_u"
}

# rp_install PKG/SUITE [STATE]: unpack the package into $ROOT (hard links
# from the cache) and record it in dpkg's database with Status
# "install ok STATE" (default installed).
rp_install() {
    _deb=$(rp_deb "$1") || exit $?
    _dir=$(rp_unpacked "$_deb") || exit $?
    _state=${2:-installed}
    # Hard links: a case must never write into a file a package installed
    # (that would change the cache); replace it (rm, then write) instead.
    # A package's /lib, /bin, ... go through the root's merged-/usr links,
    # as dpkg writes through them.
    for _top in "$_dir"/* "$_dir"/.[!.]*; do
        [ -e "$_top" ] || [ -L "$_top" ] || continue
        _name=$(basename "$_top")
        _dest="$ROOT/"
        if [ -L "$ROOT/$_name" ] && [ -d "$_top" ] && [ ! -L "$_top" ]; then
            _top="$_top/."
            _dest="$ROOT/usr/$_name/"
        fi
        cp -al --remove-destination "$_top" "$_dest" 2>"$CASE_DIR/cp.err" ||
            cp -a --remove-destination "$_top" "$_dest" || fail "cannot copy $_top into the root"
    done
    mkdir -p "$ROOT/var/lib/dpkg/info"
    _pkg=$(sed -n 's/^Package: //p' "$_dir.control")
    # dpkg names a Multi-Arch: same package's file list PKG:ARCH.list.
    if grep -qx 'Multi-Arch: same' "$_dir.control" && ! grep -qx "Architecture: $RP_ARCH" "$_dir.control"; then
        _pkg="$_pkg:$(sed -n 's/^Architecture: //p' "$_dir.control")"
    fi
    # The stanza dpkg writes: the control fields with Status after Package.
    {
        [ -s "$ROOT/var/lib/dpkg/status" ] && echo
        awk -v st="install ok $_state" '{print} /^Package:/ {print "Status: " st}' "$_dir.control"
    } >>"$ROOT/var/lib/dpkg/status"
    cp "$_dir.list" "$ROOT/var/lib/dpkg/info/$_pkg.list"
}

# rp_install_closure SUITE PKG...: the packages and every package they
# depend on, as `apt-get install --no-install-recommends PKG...` would
# install them onto a system with nothing installed (apt's own resolution,
# SUITE preferred; Essential packages that nothing depends on are not
# pulled in), each with rp_install.  The .debs come in one apt-get
# download; the package names are remembered in the cache beside the lists
# (apt takes seconds to resolve), until the lists are refreshed.
rp_install_closure() {
    _s=$1; shift
    _cl="$RP_CACHE/apt/closure-$_s-$(printf '%s+' "$@")"
    flock 9
    : >>"$RP_CACHE/apt/index"
    if [ ! -s "$_cl" ] || { [ -e "$RP_CACHE/apt/stamp" ] && [ "$_cl" -ot "$RP_CACHE/apt/stamp" ]; }; then
        # shellcheck disable=SC2086
        apt-get $RP_APT -o APT::Default-Release="$_s" install --no-install-recommends --print-uris -y "$@" \
            >"$CASE_DIR/closure.out" 2>&1 || { flock -u 9; fail "apt cannot resolve $* in $_s: $(grep '^E:' "$CASE_DIR/closure.out" | head -n 1)"; }
        # 'URI' name_version_arch.deb size hash: the package is the name before the first '_'.
        awk -v s="$_s" "/^'/ { f = \$2; n = f; sub(/_.*/, \"\", n); print n \"/\" s, f }" "$CASE_DIR/closure.out" >"$_cl.tmp"
        [ -s "$_cl.tmp" ] || { flock -u 9; fail "apt names no package for $* in $_s"; }
        # rp_deb's index: one line per package, so rp_deb asks apt nothing.
        awk 'FILENAME == ARGV[1] { have[$1] = 1; next } !($1 in have)' "$RP_CACHE/apt/index" "$_cl.tmp" >"$_cl.new"
        cat "$_cl.new" >>"$RP_CACHE/apt/index"; rm -f "$_cl.new"
        # One download for every .deb the cache lacks.
        _want=$(while read -r _p _f; do [ -s "$RP_CACHE/debs/$_f" ] || printf '%s ' "$_p"; done <"$_cl.tmp")
        # shellcheck disable=SC2086
        if [ -n "$_want" ] && ! (cd "$RP_CACHE/debs" && apt-get $RP_APT download $_want) >"$CASE_DIR/apt.log" 2>&1; then
            flock -u 9
            rp_unavailable "cannot download the closure of $*: $(grep -E '^E:' "$CASE_DIR/apt.log" | head -n 1)"
        fi
        mv "$_cl.tmp" "$_cl"
    fi
    flock -u 9
    # Packages the root has already (rp_base's) keep their one stanza.
    while read -r _p _f <&3; do
        grep -qx "Package: ${_p%/*}" "$ROOT/var/lib/dpkg/status" 2>/dev/null || rp_install "$_p"
    done 3<"$_cl"
}

# rp_kernel SUITE [KIND]: the suite's current cloud kernel as its
# metapackage names it (linux-KIND-cloud-amd64 depends on
# linux-KIND-ABI-cloud-amd64; KIND image, the default, or headers),
# installed into $ROOT; RP_KERNEL is the kernel's release (ABI-cloud-amd64),
# RP_KERNEL_PKG the package.
rp_kernel() {
    _kind=${2:-image}
    _meta=$(rp_unpacked "$(rp_deb "linux-$_kind-cloud-amd64/$1")") || exit $?
    RP_KERNEL_PKG=$(sed -n "s/^Depends: \(linux-$_kind-[^ ,]*\).*/\1/p" "$_meta.control")
    [ -n "$RP_KERNEL_PKG" ] || fail "linux-$_kind-cloud-amd64 ($1) names no kernel package"
    rp_install "$RP_KERNEL_PKG/$1"
    RP_KERNEL=${RP_KERNEL_PKG#linux-$_kind-}
    if [ "$_kind" = image ]; then
        [ -f "$ROOT/usr/lib/modules/$RP_KERNEL/modules.order" ] || fail "$RP_KERNEL_PKG installed no /lib/modules/$RP_KERNEL"
    fi
}

# rp_base [SUITE]: a Debian base (trixie by default): merged /usr,
# os-release, and the real libc6, libc-bin (ldconfig, ld.so.conf),
# libgcc-s1 and libstdc++6, so that the real loader can run in a chroot.
rp_base() {
    RP_SUITE=${1:-trixie}
    mkdir -p "$ROOT/usr/lib" "$ROOT/usr/lib64" "$ROOT/usr/bin" "$ROOT/usr/sbin" "$ROOT/etc/ld.so.conf.d"
    for _l in lib lib64 bin sbin; do ln -sfn "usr/$_l" "$ROOT/$_l"; done
    if [ "$RP_SUITE" = bookworm ]; then
        put /etc/os-release 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
VERSION_CODENAME=bookworm
ID=debian'
        put /etc/debian_version "12.12"
        _k=6.1.0-40-amd64
    else
        put /etc/os-release 'PRETTY_NAME="Debian GNU/Linux 13 (trixie)"
NAME="Debian GNU/Linux"
VERSION_ID="13"
VERSION_CODENAME=trixie
ID=debian'
        put /etc/debian_version "13.1"
        _k=6.12.48+deb13-amd64
    fi
    for _p in libc6 libc-bin libgcc-s1 libstdc++6; do rp_install "$_p/$RP_SUITE"; done
    # bookworm's libc6 still ships /lib64/ld-linux-x86-64.so.2 outside /usr.
    [ -e "$ROOT/usr/lib64/ld-linux-x86-64.so.2" ] || ln -sfn ../lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 "$ROOT/usr/lib64/ld-linux-x86-64.so.2"
    put /proc/sys/kernel/osrelease "$_k"
    put /proc/version "Linux version $_k (debian-kernel@lists.debian.org) #1 SMP PREEMPT_DYNAMIC Debian"
}

# rp_python: the suite's Python as apt installs it (/usr/bin/python3 ->
# python3.X, the minimal standard library).
rp_python() {
    _py=python3.13
    [ "${RP_SUITE:-trixie}" = bookworm ] && _py=python3.11
    rp_install "lib$_py-minimal/$RP_SUITE"
    rp_install "$_py-minimal/$RP_SUITE"
    rp_install "python3-minimal/$RP_SUITE"
    [ -e "$ROOT/usr/bin/python3" ] || ln -sfn "$_py" "$ROOT/usr/bin/python3"
}

# rp_torch_cuda CUDNN_STATE: trixie's python3-torch-cuda 2.6 as apt installs
# it, with the 550 driver's user space, libcudart12 and nvidia-cudnn in
# CUDNN_STATE ("half-configured": its download failed; "installed": the
# files update-nvidia-cudnn puts there, as stand-ins since NVIDIA's
# archive is out of reach).  Every other library in the closure that was
# not downloaded gets a stand-in (rp_standins), then ldconfig runs.
rp_torch_cuda() {
    rp_base trixie
    rp_python
    rp_driver trixie
    rp_install libcudart12/trixie
    rp_install libtorch-cuda-2.6/trixie
    rp_install python3-torch-cuda/trixie
    rp_install nvidia-cudnn/trixie "$1"
    if [ "$1" = installed ]; then
        # What update-nvidia-cudnn --update installs: the versioned library
        # behind the package's links, and its file list.
        _l="$ROOT/usr/lib/$RP_TRIPLET"
        printf 'int gd_standin(void) { return 9; }\n' >"$CASE_DIR/cudnn.c"
        rm -f "$_l/libcudnn.so.9.0.0"
        $CC -shared -fPIC -nostdlib -o "$_l/libcudnn.so.9.0.0" -Wl,-soname,libcudnn.so.9 "$CASE_DIR/cudnn.c" ||
            fail "cannot build libcudnn"
        ln -sfn libcudnn.so.9.0.0 "$_l/libcudnn.so.9"
        mkdir -p "$ROOT/var/lib/nvidia-cudnn"
        echo "/usr/lib/$RP_TRIPLET/libcudnn.so.9.0.0" >"$ROOT/var/lib/nvidia-cudnn/filelist.txt"
        rp_standins
    else
        rp_standins libcudnn.so.9
    fi
    rp_ldconfig
}

# rp_alternatives VERSION [FLAVOUR [PRIORITY]]: what the flavour's
# nvidia-alternative postinst does (nvidia-alternative for "current",
# nvidia-tesla-535-alternative for "tesla-535", ...): update-alternatives
# --install /usr/lib/nvidia/nvidia nvidia /usr/lib/nvidia/FLAVOUR PRIORITY
# with a --slave for each CUDA library of every multiarch triplet whose
# file exists (its add_multiarch_slave: libcuda.so.1, libcuda.so,
# libcudadebugger.so.1, libnvidia-ml.so.1, libnvidia-ptxjitcompiler.so.1)
# and for nvidia-smi, with the real update-alternatives when it takes
# --root.  PRIORITY defaults to the version's major, as the postinst's.
rp_alternatives() {
    _fl=${2:-current}
    _prio=${3:-${1%%.*}}
    _slaves=""
    _links=""
    for _t in x86_64-linux-gnu i386-linux-gnu; do
        for _lib in libcuda.so.1 libcuda.so libcudadebugger.so.1 libnvidia-ml.so.1 libnvidia-ptxjitcompiler.so.1; do
            _src=/usr/lib/$_t/nvidia/$_fl/$_lib
            [ -e "$ROOT$_src" ] && [ -d "$ROOT/usr/lib/$_t" ] || continue
            _slaves="$_slaves --slave /usr/lib/$_t/$_lib nvidia--$_lib-$_t $_src"
            _links="$_links /usr/lib/$_t/$_lib:nvidia--$_lib-$_t:$_src"
        done
    done
    if [ -e "$ROOT/usr/lib/nvidia/$_fl/nvidia-smi" ]; then
        mkdir -p "$ROOT/usr/bin"
        _slaves="$_slaves --slave /usr/bin/nvidia-smi nvidia--nvidia-smi /usr/lib/nvidia/$_fl/nvidia-smi"
        _links="$_links /usr/bin/nvidia-smi:nvidia--nvidia-smi:/usr/lib/nvidia/$_fl/nvidia-smi"
    fi
    mkdir -p "$ROOT/etc/alternatives" "$ROOT/var/lib/dpkg/alternatives" "$ROOT/usr/lib/nvidia/$_fl"
    # shellcheck disable=SC2086
    if ! update-alternatives --root "$ROOT" --install /usr/lib/nvidia/nvidia nvidia "/usr/lib/nvidia/$_fl" \
        "$_prio" $_slaves >"$CASE_DIR/ua.log" 2>&1; then
        # An update-alternatives without --root: the same links by hand.
        ln -sfn "/usr/lib/nvidia/$_fl" "$ROOT/etc/alternatives/nvidia"
        ln -sfn /etc/alternatives/nvidia "$ROOT/usr/lib/nvidia/nvidia"
        for _l in $_links; do
            _link=${_l%%:*}; _rest=${_l#*:}; _name=${_rest%%:*}; _src=${_rest#*:}
            ln -sfn "$_src" "$ROOT/etc/alternatives/$_name"
            ln -sfn "/etc/alternatives/$_name" "$ROOT$_link"
        done
    fi
}

# rp_alternative_set FLAVOUR: select a flavour as `update-alternatives
# --set nvidia /usr/lib/nvidia/FLAVOUR` does (the real one with --root).
rp_alternative_set() {
    update-alternatives --root "$ROOT" --set nvidia "/usr/lib/nvidia/$1" >"$CASE_DIR/ua-set.log" 2>&1 ||
        fail "update-alternatives --set nvidia /usr/lib/nvidia/$1: $(head -n 1 "$CASE_DIR/ua-set.log")"
}

# rp_dlopen_oracle SONAME: the tree's own glibc (trixie's, in a chroot)
# dlopens SONAME from a program built here (the host's glibc is older, so
# it runs there) and prints the file it got (dlinfo's l_name), or
# "ERROR: ..."; in $RP_DLOPEN.  Needs rp_can_chroot.
rp_dlopen_oracle() {
    if [ ! -x "$ROOT/tmp/gd-dlopen" ]; then
        mkdir -p "$ROOT/tmp"
        printf '%s\n' '#define _GNU_SOURCE' '#include <dlfcn.h>' '#include <link.h>' '#include <stdio.h>' \
            'int main(int c, char **v) { struct link_map *m; void *h = dlopen(v[1], RTLD_NOW);' \
            '  if (!h || dlinfo(h, RTLD_DI_LINKMAP, &m)) { printf("ERROR: %s\n", dlerror()); return 1; }' \
            '  printf("%s\n", m->l_name); return 0; }' >"$CASE_DIR/gd-dlopen.c"
        $CC -o "$ROOT/tmp/gd-dlopen" "$CASE_DIR/gd-dlopen.c" || fail "cannot build the dlopen oracle"
    fi
    RP_DLOPEN=$(chroot "$ROOT" /tmp/gd-dlopen "$1" 2>&1)
}

# rp_driver SUITE: Debian's user-space CUDA driver of SUITE (bookworm: 535,
# trixie: 550) as apt installs it: libcuda1, libnvidia-ml1, the alternatives.
rp_driver() {
    rp_install "nvidia-alternative/$1"
    rp_install "libcuda1/$1"
    rp_install "libnvidia-ml1/$1"
    _v=$(ls "$ROOT/usr/lib/$RP_TRIPLET/nvidia/current/" | sed -n 's/^libcuda\.so\.\([0-9]*\.[0-9]*\.[0-9]*\)$/\1/p' | head -n 1)
    rp_alternatives "$_v"
    RP_DRIVER=$_v
}

# rp_standins [EXCLUDE...]: every DT_NEEDED name in the closure of the
# ELF files under $ROOT/usr/lib/$RP_TRIPLET and the Python extension
# modules that no installed package provides gets a stand-in library
# built by $CC with that soname, except the names in EXCLUDE (the
# libraries the case wants missing).  Stand-ins replace what the case does
# not need to download (cuBLAS, cuFFT, NCCL, ... are 2 GB); the loader
# oracle (rp_ldso_list) checks that the closure is then complete.
rp_standins() {
    _lib="$ROOT/usr/lib/$RP_TRIPLET"
    printf '%s\n' "$@" >"$CASE_DIR/exclude"
    : >"$CASE_DIR/standins"
    _round=0
    while [ $_round -lt 4 ]; do
        _round=$((_round + 1))
        find "$ROOT/usr/lib" -name '*.so*' -type f ! -path '*/gconv/*' 2>/dev/null | while read -r _f; do
            readelf -dW "$_f" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
        done | sort -u >"$CASE_DIR/needed"
        _added=0
        while read -r _so; do
            # -L too: an absolute link (into /etc/alternatives) points
            # inside the root, not at the host's file.  /usr/lib too: a
            # package that installs there (libgloo-cuda-0) is found by the
            # loader's default path.
            [ -e "$_lib/$_so" ] || [ -L "$_lib/$_so" ] || [ -e "$ROOT/usr/lib64/$_so" ] ||
                [ -e "$ROOT/usr/lib/$_so" ] && continue
            grep -qxF "$_so" "$CASE_DIR/exclude" && continue
            case $_so in ld-linux*) continue ;; esac
            printf 'int gd_standin(void) { return 1; }\n' >"$CASE_DIR/standin.c"
            $CC -shared -fPIC -nostdlib -o "$_lib/$_so" -Wl,-soname,"$_so" "$CASE_DIR/standin.c" ||
                fail "cannot build the stand-in $_so"
            echo "$_so" >>"$CASE_DIR/standins"
            _added=1
        done <"$CASE_DIR/needed"
        [ $_added -eq 1 ] || break
    done
}

# rp_ldconfig: the root's ld.so.cache as the package triggers leave it:
# the root's own ldconfig (libc-bin) in a chroot when we are root, else the
# host's `ldconfig -r` (whose cache then names the host's glibc).
rp_ldconfig() {
    if rp_can_chroot && [ -x "$ROOT/usr/sbin/ldconfig" ]; then
        chroot "$ROOT" /usr/sbin/ldconfig 2>"$CASE_DIR/ldconfig.err" ||
            fail "ldconfig in the chroot failed: $(head -n 1 "$CASE_DIR/ldconfig.err")"
        return
    fi
    command -v ldconfig >/dev/null 2>&1 || PATH=$PATH:/sbin:/usr/sbin
    ldconfig -r "$ROOT" 2>"$CASE_DIR/ldconfig.err" || fail "ldconfig -r failed: $(head -n 1 "$CASE_DIR/ldconfig.err")"
}

# rp_can_chroot: 0 when the real loader can run inside $ROOT (root, chroot).
rp_can_chroot() {
    [ "$(id -u)" -eq 0 ] && command -v chroot >/dev/null 2>&1 && [ -x "$ROOT/usr/lib64/ld-linux-x86-64.so.2" ]
}

# rp_ldso_list FILE: the real loader of the tree (trixie's glibc) lists
# FILE's closure inside a chroot, like ldd; output in $CASE_DIR/ldso.out.
rp_ldso_list() {
    chroot "$ROOT" /usr/lib64/ld-linux-x86-64.so.2 --list "$1" >"$CASE_DIR/ldso.out" 2>&1
}

# rp_realpath VPATH: VPATH with every symlink resolved inside $ROOT (as in a
# chroot; absolute targets are inside the root), printed as a virtual path.
rp_realpath() {
    _v=$1
    _hops=0
    while [ -L "$ROOT$_v" ] && [ $_hops -lt 40 ]; do
        _t=$(readlink "$ROOT$_v")
        case $_t in
            /*) _v=$_t ;;
            *) _v="$(dirname "$_v")/$_t" ;;
        esac
        _hops=$((_hops + 1))
    done
    # Directory links on the way (/lib -> usr/lib) resolve with cd -P.
    _d=$(cd -P "$ROOT$(dirname "$_v")" 2>/dev/null && pwd) || { printf '%s\n' "$_v"; return; }
    printf '%s/%s\n' "${_d#"$ROOT"}" "$(basename "$_v")"
}

# rp_nvidia_module KERNEL VERSION: the nvidia module as DKMS installs it for
# KERNEL (updates/dkms/nvidia-current.ko), an ELF relocatable carrying the
# .modinfo MODULE_INFO writes (license, version, name) and KERNEL's own
# vermagic, read by the real modinfo from one of Debian's modules of that
# kernel; the real depmod then indexes it.  Needs $CASE_DIR/bin/modinfo and
# depmod (bookworm's kmod) and the kernel's modules under $ROOT/usr/lib/modules.
# RP_NVIDIA_KO: the module's path in the root; RP_VERMAGIC: its vermagic.
rp_nvidia_module() {
    _vm=$("$CASE_DIR/bin/modinfo" -F vermagic "$ROOT/usr/lib/modules/$1/kernel/drivers/net/virtio_net.ko")
    [ -n "$_vm" ] || fail "modinfo read no vermagic from virtio_net.ko"
    RP_VERMAGIC=$_vm
    printf '%s\n' 'static const char a[] __attribute__((section(".modinfo"), used, aligned(1))) = "license=NVIDIA";' \
        "static const char b[] __attribute__((section(\".modinfo\"), used, aligned(1))) = \"version=$2\";" \
        'static const char c[] __attribute__((section(".modinfo"), used, aligned(1))) = "name=nvidia";' \
        "static const char d[] __attribute__((section(\".modinfo\"), used, aligned(1))) = \"vermagic=$_vm\";" \
        'int nv_init(void) { return 0; }' >"$CASE_DIR/ko.c"
    RP_NVIDIA_KO=/usr/lib/modules/$1/updates/dkms/nvidia-current.ko
    mkdir -p "$ROOT$(dirname "$RP_NVIDIA_KO")"
    $CC -c -o "$ROOT$RP_NVIDIA_KO" "$CASE_DIR/ko.c" || fail "cannot build the nvidia module"
    "$CASE_DIR/bin/depmod" -b "$ROOT/usr" "$1" 2>"$CASE_DIR/depmod.err" ||
        fail "depmod failed: $(head -n 1 "$CASE_DIR/depmod.err")"
    grep -q '^updates/dkms/nvidia-current.ko:' "$ROOT/usr/lib/modules/$1/modules.dep" ||
        fail "depmod did not index the nvidia module"
}
