#!/bin/sh
# bench/gen_python.sh DIR - synthetic machines for `make bench`:
#   DIR/big:    one venv with 5,000 installed distributions (plus torch and
#               nvidia-* wheels whose METADATA is read);
#   DIR/envs1:  one environment (a venv with 30 distributions and torch);
#   DIR/envsN:  BENCH_ENVS (default 200) environments like it: venvs found
#               through PATH, conda environments, pyenv versions, in turn.
# envs1 and envsN differ only in the number of environments, so the
# difference of their costs over N - 1 is what one environment costs.
# It prints one "LABEL<TAB>ARGS" line per machine for bench/run.sh; the
# "per-env" tag on the second pair tells run.sh to divide.
set -eu
D=${1:?usage: gen_python.sh DIR}
N=${BENCH_ENVS:-200}
rm -rf "$D/big" "$D/envs1" "$D/envs$N"
# mkdist SITE NAME VERSION: a .dist-info with METADATA and INSTALLER (the
# directory made beforehand, in one mkdir for all).
mkdist() {
    d="$1/$(printf '%s' "$2" | tr '-' '_')-$3.dist-info"
    printf 'Metadata-Version: 2.1\nName: %s\nVersion: %s\n\n' "$2" "$3" >"$d/METADATA"
    echo pip >"$d/INSTALLER"
}
S="$D/big/venv/lib/python3.11/site-packages"
mkdir -p "$S/torch"
printf 'home = /usr/bin\nversion = 3.11.7\n' >"$D/big/venv/pyvenv.cfg"
i=0
while [ $i -lt 5000 ]; do echo "$S/pkg_$i-1.$i.0.dist-info"; i=$((i + 1)); done | xargs mkdir -p
i=0
while [ $i -lt 5000 ]; do mkdist "$S" "pkg-$i" "1.$i.0"; i=$((i + 1)); done
for n in torch:2.1.0+cu121 nvidia-cudnn-cu12:12.1.0 nvidia-cublas-cu12:12.1.0 nvidia-cuda-runtime-cu12:12.1.0; do
    mkdir -p "$S/$(printf '%s' "${n%%:*}" | tr '-' '_')-${n#*:}.dist-info"
    mkdist "$S" "${n%%:*}" "${n#*:}"
done
printf "__version__ = '2.1.0+cu121'\ncuda = '12.1'\nhip = None\n" >"$S/torch/version.py"

# machine M with K environments: env e is a venv (e % 3 == 0), a conda
# environment (1) or a pyenv version (2); 30 distributions and torch each.
machine() {
    M=$1 K=$2
    e=0
    while [ $e -lt "$K" ]; do
        case $((e % 3)) in
        0) P="$M/home/u/venvs/v$e" ;;
        1) P="$M/root/miniconda3/envs/c$e" ;;
        2) P="$M/root/.pyenv/versions/3.11.$e" ;;
        esac
        echo "$P" >>"$M.envs"
        e=$((e + 1))
    done
    sed 's|$|/lib/python3.11/site-packages|' "$M.envs" | while read -r s; do
        i=0
        while [ $i -lt 30 ]; do echo "$s/pkg_$i-1.$i.dist-info"; i=$((i + 1)); done
        echo "$s/torch-2.3.1.dist-info"
    done | xargs mkdir -p
    mkdir -p "$M/root/miniconda3/conda-meta" "$M/usr/bin"
    : >"$M/root/miniconda3/conda-meta/python-3.11.5-h955ad1f_0.json"
    while read -r P; do
        s="$P/lib/python3.11/site-packages"
        i=0
        while [ $i -lt 30 ]; do mkdist "$s" "pkg-$i" "1.$i"; i=$((i + 1)); done
        mkdist "$s" torch 2.3.1
        case $P in
        */venvs/*)
            printf 'home = /usr/bin\nversion = 3.11.7\n' >"$P/pyvenv.cfg"
            mkdir -p "$P/bin"
            echo '#!/bin/false' >"$P/bin/python3" ;;
        */envs/*)
            mkdir -p "$P/conda-meta"
            : >"$P/conda-meta/python-3.11.5-h955ad1f_0.json" ;;
        esac
    done <"$M.envs"
    # The venvs are found through PATH, as an activated shell would list them.
    paths=$(grep /venvs/ "$M.envs" | sed "s|^$M||; s|\$|/bin|" | tr '\n' ':')
    rm -f "$M.envs"
    printf '%s' "${paths%:}"
}
p1=$(machine "$D/envs1" 1)
pn=$(machine "$D/envs$N" "$N")
printf 'check, one venv with 5,000 distributions\tcheck --root %s/big --clear-env --env VIRTUAL_ENV=/venv --json\n' "$D"
printf 'check, 1 Python environment\tcheck --root %s/envs1 --clear-env --env HOME=/root --env PATH=%s --json\n' "$D" "$p1"
printf 'check, %s Python environments\tcheck --root %s/envs%s --clear-env --env HOME=/root --env PATH=%s --json\n' "$N" "$D" "$N" "$pn"
