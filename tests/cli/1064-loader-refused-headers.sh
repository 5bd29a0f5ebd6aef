#!/bin/sh
# 1064-loader-refused-headers: candidates glibc refuses after their ELF
# header (elf/dl-load.c), each ending the search at that file although a
# good copy follows in LD_LIBRARY_PATH, as the real dlopen shows:
#   e_phnum = 0xffff (PN_XNUM), the table past the end: "cannot read file
#     data" (open_verify takes e_phnum as it is, no section-0 escape);
#   e_phnum = 0: "object file has no loadable segments";
#   separate debuginfo (objcopy --only-keep-debug): no dynamic section;
#   a non-PIE executable: "cannot dynamically load executable".
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
# set16 FILE OFFSET VALUE: a little-endian 16-bit field.
set16() {
    printf "$(printf '\\%03o\\%03o' $(($3 & 255)) $(($3 >> 8)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
mklib good/libgdtHdr.so libgdtHdr.so
LLP=$ROOT/bad:$ROOT/good

mklib bad/libgdtHdr.so libgdtHdr.so
set16 "$ROOT/bad/libgdtHdr.so" 56 65535
diffcase null libgdtHdr.so
expect_rc 1
case $REAL_RAW in *"cannot read file data"*) ;; *) fail "glibc said: $REAL_RAW" ;; esac
expect_json '([.attempts[] | select(.outcome != "absent")][0]).outcome == "invalid" and (([.attempts[] | select(.outcome != "absent")][0]).detail | test("cannot read file data"))'
expect_json '.error | test("cannot read file data")'

mklib bad/libgdtHdr.so libgdtHdr.so
set16 "$ROOT/bad/libgdtHdr.so" 56 0
diffcase null libgdtHdr.so
case $REAL_RAW in *"no loadable segments"*) ;; *) fail "glibc said: $REAL_RAW" ;; esac
expect_json '([.attempts[] | select(.outcome != "absent")][0]).detail == "object file has no loadable segments"'

if command -v objcopy >/dev/null; then
    mklib dbg/libgdtHdr.so libgdtHdr.so -g
    objcopy --only-keep-debug "$ROOT/dbg/libgdtHdr.so" "$ROOT/bad/libgdtHdr.so" || fail "objcopy"
    diffcase null libgdtHdr.so
    expect_json '([.attempts[] | select(.outcome != "absent")][0]).outcome == "invalid"'
    # glibc's own words, whichever of its checks comes first for this file
    msg=$(jq -r '([.attempts[] | select(.outcome != "absent")][0]).detail' "$OUT")
    case $REAL_RAW in *"$msg"*) ;; *) fail "glibc said '$REAL_RAW', gpudoctor '$msg'" ;; esac
fi

printf 'int main(void) { return 0; }\n' >"$CASE_DIR/exe.c"
if $CC -no-pie -fno-pie -o "$ROOT/bad/libgdtHdr.so" "$CASE_DIR/exe.c" 2>/dev/null; then
    diffcase null libgdtHdr.so
    case $REAL_RAW in *"cannot dynamically load executable"*) ;; *) fail "glibc said: $REAL_RAW" ;; esac
    expect_json '([.attempts[] | select(.outcome != "absent")][0]).detail == "cannot dynamically load executable"'
fi

# The good copy alone: found, the same for both.
rm -f "$ROOT/bad/libgdtHdr.so"
diffcase "$ROOT/good/libgdtHdr.so" libgdtHdr.so
expect_rc 0
