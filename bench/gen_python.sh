#!/bin/sh
# bench/gen_python.sh DIR - build two synthetic machines for `make bench`:
#   DIR/big:   one venv with 5,000 installed distributions (plus torch and
#              nvidia-* wheels whose METADATA is read);
#   DIR/many:  50 environments (venvs, a conda base with envs, pyenv
#              versions), each with 30 distributions.
# It prints one "LABEL<TAB>ARGS" line per machine for bench/run.sh.
set -eu
D=${1:?usage: gen_python.sh DIR}
rm -rf "$D/big" "$D/many"
mkdist() {  # SITE NAME VERSION
    d="$1/$(printf '%s' "$2" | tr '-' '_')-$3.dist-info"
    mkdir -p "$d"
    printf 'Metadata-Version: 2.1\nName: %s\nVersion: %s\n\n' "$2" "$3" >"$d/METADATA"
    echo pip >"$d/INSTALLER"
}
S="$D/big/venv/lib/python3.11/site-packages"
mkdir -p "$S"
printf 'home = /usr/bin\nversion = 3.11.7\n' >"$D/big/venv/pyvenv.cfg"
i=0
while [ $i -lt 5000 ]; do mkdist "$S" "pkg-$i" "1.$i.0"; i=$((i + 1)); done
mkdist "$S" torch 2.1.0+cu121
for n in nvidia-cudnn-cu12 nvidia-cublas-cu12 nvidia-cuda-runtime-cu12; do mkdist "$S" $n 12.1.0; done
mkdir -p "$S/torch"
printf "__version__ = '2.1.0+cu121'\ncuda = '12.1'\nhip = None\n" >"$S/torch/version.py"

M="$D/many"
e=0
while [ $e -lt 50 ]; do
    case $((e % 3)) in
    0) P="$M/home/u/venvs/v$e"; printf 'home = /usr/bin\nversion = 3.11.7\n' >/dev/null; mkdir -p "$P"; printf 'home = /usr/bin\nversion = 3.11.7\n' >"$P/pyvenv.cfg" ;;
    1) P="$M/root/miniconda3/envs/c$e"; mkdir -p "$P/conda-meta"; : >"$P/conda-meta/python-3.11.5-h955ad1f_0.json" ;;
    2) P="$M/root/.pyenv/versions/3.11.$e" ;;
    esac
    S="$P/lib/python3.11/site-packages"
    mkdir -p "$S"
    i=0
    while [ $i -lt 30 ]; do mkdist "$S" "pkg-$i" "1.$i"; i=$((i + 1)); done
    mkdist "$S" torch 2.3.1
    e=$((e + 1))
done
mkdir -p "$M/root/miniconda3/conda-meta"
: >"$M/root/miniconda3/conda-meta/python-3.11.5-h955ad1f_0.json"
# The venvs are found through PATH, as an activated shell would list them.
echo "PATH for many: $(ls -d "$M"/home/u/venvs/* | sed "s|^$M||; s|\$|/bin|" | tr '\n' ':')" >"$M/PATH.txt"
for v in "$M"/home/u/venvs/*; do mkdir -p "$v/bin"; echo '#!/bin/false' >"$v/bin/python3"; done
paths=$(ls -d "$M"/home/u/venvs/* | sed "s|^$M||; s|\$|/bin|" | tr '\n' ':')
printf 'check, one venv with 5,000 distributions\tcheck --root %s/big --clear-env --env VIRTUAL_ENV=/venv --json\n' "$D"
printf 'check, 50 Python environments\tcheck --root %s --clear-env --env HOME=/root --env PATH=%s --json\n' "$M" "${paths%:}"
