#!/bin/sh
# tools/glibc-floor.sh - fail when an ELF file needs a glibc symbol version
# newer than FLOOR (e.g. 2.3), from its dynamic symbol table (objdump -T).
# Prints the newest version it needs, or each symbol that is too new.
#
#   sh tools/glibc-floor.sh FILE FLOOR
#
# Used by mk/static.mk on gpudoctor-probe-helper (src/helper/glibc_floor.h)
# and by the static tests.
set -eu
f=$1 floor=$2
command -v objdump >/dev/null 2>&1 || { echo "glibc-floor.sh: objdump (binutils) is not installed" >&2; exit 2; }
syms=$(objdump -T "$f" | awk '$0 ~ /GLIBC_[0-9]/ { for (i = 1; i <= NF; i++) if ($i ~ /GLIBC_[0-9]/) { v = $i; gsub(/[()]/, "", v); sub(/GLIBC_/, "", v); print v, $NF } }')
[ -n "$syms" ] || { echo "glibc-floor.sh: $f names no glibc symbol version" >&2; exit 1; }
# "a.b.c" <= "x.y.z", numerically, component by component.
newer=$(printf '%s\n' "$syms" | while read -r v s; do
    if [ "$(printf '%s\n%s\n' "$v" "$floor" | sort -t. -k1,1n -k2,2n -k3,3n | tail -n 1)" != "$floor" ] &&
       [ "$v" != "$floor" ]; then
        echo "GLIBC_$v $s"
    fi
done)
if [ -n "$newer" ]; then
    echo "glibc-floor.sh: $f needs glibc symbols newer than GLIBC_$floor:" >&2
    printf '%s\n' "$newer" | sed 's/^/  /' >&2
    exit 1
fi
max=$(printf '%s\n' "$syms" | awk '{print $1}' | sort -t. -k1,1n -k2,2n -k3,3n | tail -n 1)
echo "glibc-floor.sh: $(basename "$f") needs GLIBC_$max at most (floor GLIBC_$floor)"
