#!/bin/sh
# bench/big_image.sh GPUDOCTOR [GIB] - check --image on an OCI image whose
# one uncompressed layer holds a GIB-gibibyte file (default 5): the peak
# memory and time of reading it (issue 34: memory bounded independently of
# the image's size).  Not part of make bench (it writes 2 x GIB to disk and
# takes about half a minute per 5 GiB); run it by hand:
#     sh bench/big_image.sh ./gpudoctor 5
# The layout is written under ${TMPDIR:-/var/tmp} and removed afterwards.
set -eu
gd=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
gib=${2:-5}
w=$(mktemp -d "${TMPDIR:-/var/tmp}/gd-bigimage.XXXXXX")
trap 'rm -rf "$w"' EXIT INT TERM
mkdir -p "$w/root/etc" "$w/oci/blobs/sha256"
cp /etc/os-release "$w/root/etc/"
head -c $((gib * 1073741824)) /dev/zero >"$w/root/big.bin"
tar -cf "$w/layer.tar" -C "$w/root" .
rm -f "$w/root/big.bin"
# blob FILE: move FILE into the layout under its digest; prints "DIGEST SIZE".
blob() {
    d=$(sha256sum "$1" | cut -d' ' -f1)
    s=$(stat -c %s "$1")
    mv "$1" "$w/oci/blobs/sha256/$d"
    echo "$d $s"
}
set -- $(blob "$w/layer.tar")
L=$1 LS=$2
printf '{"architecture":"amd64","os":"linux","config":{"Env":["PATH=/usr/bin:/bin"]},"rootfs":{"type":"layers","diff_ids":["sha256:%s"]}}' "$L" >"$w/config.json"
set -- $(blob "$w/config.json")
C=$1 CS=$2
printf '{"schemaVersion":2,"mediaType":"application/vnd.oci.image.manifest.v1+json","config":{"mediaType":"application/vnd.oci.image.config.v1+json","digest":"sha256:%s","size":%s},"layers":[{"mediaType":"application/vnd.oci.image.layer.v1.tar","digest":"sha256:%s","size":%s}]}' \
    "$C" "$CS" "$L" "$LS" >"$w/manifest.json"
set -- $(blob "$w/manifest.json")
printf '{"schemaVersion":2,"manifests":[{"mediaType":"application/vnd.oci.image.manifest.v1+json","digest":"sha256:%s","size":%s,"annotations":{"org.opencontainers.image.ref.name":"big"}}]}' \
    "$1" "$2" >"$w/oci/index.json"
printf '{"imageLayoutVersion":"1.0.0"}' >"$w/oci/oci-layout"
rc=0
/usr/bin/time -v "$gd" check --image "oci:$w/oci:big" --json >"$w/out.json" 2>"$w/time.txt" || rc=$?
[ "$rc" -le 1 ] || { echo "check --image failed ($rc):" >&2; tail -n 5 "$w/time.txt" >&2; exit 1; }
echo "check --image, one layer of $gib GiB ($LS bytes of tar):"
grep -E 'Maximum resident|Elapsed' "$w/time.txt" | sed 's/^[[:space:]]*/  /'
