# Hostile and broken images are refused cleanly, and nothing is written
# outside the private scratch tree or read outside the image: a layer entry
# climbing out with "..", symlinks inside a layer leading out (followed
# inside the tree, as a chroot does), a hard link out, a name too long, a
# gzip bomb and an entry bomb against the limits, a blob that does not
# match its digest or size, a digest algorithm not read, a blob that is a
# symlink to /etc/passwd, an index with two images, a file that is no
# image.  Images are written by tests/image/mkoci.py (image-spec v1.1 but
# for the one thing each breaks).
. "$GD_TESTS/cli/lib.sh"
command -v python3 >/dev/null || skip "python3 is not installed"
command -v jq >/dev/null || skip "jq is not installed"
mk() { python3 "$GD_TESTS/image/mkoci.py" "$1" "$CASE_DIR/$1$2" "$mark" || fail "mkoci $1"; }
mark="gd-escape-$$"
export TMPDIR="$CASE_DIR/tmp"
mkdir -p "$TMPDIR"
outside() {
    for _d in "$CASE_DIR" "$TMPDIR" / /tmp /var/tmp; do
        [ ! -e "$_d/$mark" ] && [ ! -e "$_d/${mark}2" ] || fail "an entry was written outside the tree: $_d/$mark"
    done
    [ -z "$(ls "$TMPDIR")" ] || fail "scratch left behind: $(ls "$TMPDIR")"
}
img() { GD_NO_FROM_FACTS=1 gd check --root "$CASE_DIR/host" --image "$@"; }
mkdir -p "$CASE_DIR/host"
ROOT="$CASE_DIR/host" osrelease

mk ok ""
img "oci:$CASE_DIR/ok" --json
expect_rc 1   # GD801: this host has no toolkit
expect_json '.container.image.name == "one" and .container.image.layers == 2'
mk ok .tar
img "$CASE_DIR/ok.tar" --json
expect_rc 1   # GD801: this host has no toolkit
expect_json '.container.image.format == "oci-archive"'

mk traversal ""
img "oci:$CASE_DIR/traversal"
expect_rc 3
expect_err "gpudoctor check: --image: layer 2: entry '../../../$mark' points outside the image"
outside

mk symlink-escape ""
GPUDOCTOR_TEST_KEEP_IMAGE="$CASE_DIR/keep" img "oci:$CASE_DIR/symlink-escape" --json
expect_rc 1   # GD801: this host has no toolkit
[ -f "$CASE_DIR/keep/$mark" ] && [ -f "$CASE_DIR/keep/${mark}2" ] || fail "the entries through symlinks belong inside the tree"
rm -rf "$CASE_DIR/keep"
outside

mk hardlink-out ""
img "oci:$CASE_DIR/hardlink-out"
expect_rc 3
expect_err "hard link 'pw' points outside the image"
outside

mk huge-pax ""
img "oci:$CASE_DIR/huge-pax"
expect_rc 3
expect_err "layer 2: an entry's name is too long"
outside

mk bomb ""
GPUDOCTOR_TEST_IMAGE_LIMITS=100000:16777216:1073741824 img "oci:$CASE_DIR/bomb"
expect_rc 3
expect_err "the image holds more than 16777216 bytes of files"
outside
GPUDOCTOR_TEST_IMAGE_LIMITS=100000:1073741824:1048576 img "oci:$CASE_DIR/bomb"
expect_rc 3
expect_err "'zeros' is larger than the limit (1048576 bytes)"
outside

mk many ""
GPUDOCTOR_TEST_IMAGE_LIMITS=1000:1073741824:1073741824 img "oci:$CASE_DIR/many"
expect_rc 3
expect_err "the image has more than 1000 entries"
outside

mk digest ""
img "oci:$CASE_DIR/digest"
expect_rc 3
expect_err "layer 2 does not match its digest"
outside
mk truncated ""
img "oci:$CASE_DIR/truncated"
expect_rc 3
expect_err "layer 2 does not match its digest"
expect_err "the blob is damaged or incomplete"
mk size ""
img "oci:$CASE_DIR/size"
expect_rc 3
expect_err "its descriptor says"
mk sha512 ""
img "oci:$CASE_DIR/sha512"
expect_rc 3
expect_err "digest algorithm sha512 is not supported"
mk blob-symlink ""
img "oci:$CASE_DIR/blob-symlink"
expect_rc 2
expect_err "has no blob 'blobs/sha256/"
outside

mk two ""
img "oci:$CASE_DIR/two"
expect_rc 2
expect_err "several images here, name one (oci:PATH:NAME): one (?/?), two (?/?)"
img "oci:$CASE_DIR/two:two" --json
expect_rc 1   # GD801: this host has no toolkit
expect_json '.container.image.name == "two" and .container.image.layers == 1'
img "oci:$CASE_DIR/two:three"
expect_rc 2
expect_err "no image named 'three'"

printf 'not an image\n' >"$CASE_DIR/junk"
img "$CASE_DIR/junk"
expect_rc 3
img "$CASE_DIR/does-not-exist"
expect_rc 2
expect_err "cannot open"
outside
exit 0
