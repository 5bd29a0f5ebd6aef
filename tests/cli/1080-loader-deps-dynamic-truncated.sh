#!/bin/sh
# 1080-loader-deps-dynamic-truncated: `which --deps` on an object whose
# dynamic array has more entries before its DT_NULL than gpudoctor reads
# (65,536) says the tree is truncated: JSON "truncated": true and the
# object's "needed_truncated", a line in the text, a warning on stderr,
# exit 1, and the DT_NEEDED entries that were read are still listed.
# The objects are real ones linked with room for 70,000 more dynamic tags
# (ld --spare-dynamic-tags), then padded with DT_DEBUG entries (glibc reads
# every entry up to DT_NULL and loads them as usual).
. "$GD_TESTS/cli/lib.sh"
command -v jq >/dev/null || skip "jq is not installed"
[ "$(uname -m)" = x86_64 ] || skip "the padder edits x86-64 objects"
cat >"$CASE_DIR/pad.c" <<'C'
/* pad FIRST|LAST FILE: fill the spare DT_NULL slots of FILE's dynamic array
 * with DT_DEBUG, before (FIRST) or after (LAST) its real entries. */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
    FILE *f = fopen(argv[2], "r+b");
    static unsigned char b[1 << 22];
    size_t len, total, k, i;
    Elf64_Ehdr *eh = (Elf64_Ehdr *)b;
    Elf64_Phdr *ph;
    Elf64_Dyn *d, *real;
    if (argc != 3 || !f || (len = fread(b, 1, sizeof(b), f)) < sizeof(*eh))
        return 1;
    ph = (Elf64_Phdr *)(b + eh->e_phoff);
    for (i = 0; i < eh->e_phnum && ph[i].p_type != PT_DYNAMIC; i++)
        ;
    if (i == eh->e_phnum || ph[i].p_offset + ph[i].p_filesz > len)
        return 1;
    d = (Elf64_Dyn *)(b + ph[i].p_offset);
    total = ph[i].p_filesz / sizeof(*d);
    for (k = 0; k < total && d[k].d_tag != DT_NULL; k++)
        ;
    real = malloc(k * sizeof(*d));
    memcpy(real, d, k * sizeof(*d));
    for (i = 0; i + 1 < total; i++) {
        d[i].d_tag = DT_DEBUG;
        d[i].d_un.d_val = 0;
    }
    memcpy(argv[1][0] == 'F' ? d + (total - 1 - k) : d, real, k * sizeof(*d));
    d[total - 1].d_tag = DT_NULL;
    d[total - 1].d_un.d_val = 0;
    rewind(f);
    return fwrite(b, 1, len, f) != len || fclose(f) != 0;
}
C
$CC -o "$CASE_DIR/pad" "$CASE_DIR/pad.c" || fail "cannot build the padder"
mklib opt/d/libgdtD.so.1 libgdtD.so.1
mklib opt/a/libgdtLast.so libgdtLast.so -Wl,--spare-dynamic-tags=70000 \
    -Wl,--no-as-needed -L"$ROOT/opt/d" -l:libgdtD.so.1 -Wl,--disable-new-dtags -Wl,-rpath,/opt/d \
    || skip "the linker has no --spare-dynamic-tags"
cp "$ROOT/opt/a/libgdtLast.so" "$ROOT/opt/a/libgdtFirst.so"
"$CASE_DIR/pad" LAST "$ROOT/opt/a/libgdtLast.so" || fail "cannot pad libgdtLast.so"
"$CASE_DIR/pad" FIRST "$ROOT/opt/a/libgdtFirst.so" || fail "cannot pad libgdtFirst.so"
[ "$(wc -c <"$ROOT/opt/a/libgdtLast.so")" -gt 1100000 ] || fail "the padded object is too small to test the limit"

# Its real entries first: the dependency is listed, and the tree says it may lack some.
gd which --root "$ROOT" --clear-env --deps /opt/a/libgdtLast.so --loaded libc.so.6 --json
expect_rc 1
expect_json '.truncated == true and .deps.needed_truncated == true'
expect_json '.deps.children | map(.name) == ["libgdtD.so.1", "libc.so.6"]'
expect_json '.deps.children[0].found == "/opt/d/libgdtD.so.1" and .deps.children[0].needed_truncated == false'
expect_err "warning: '/opt/a/libgdtLast.so': the dynamic section has more entries than are read (65536)"
gd which --root "$ROOT" --clear-env --deps /opt/a/libgdtLast.so --loaded libc.so.6
expect_rc 1
expect_text "libgdtD.so.1 => /opt/d/libgdtD.so.1"
expect_text "(/opt/a/libgdtLast.so: the dependency list is truncated"

# Its real entries after the padding: nothing can be listed, and it says so.
gd which --root "$ROOT" --clear-env --deps /opt/a/libgdtFirst.so --loaded libc.so.6 --json
expect_rc 1
expect_json '.truncated == true and .deps.needed_truncated == true and .deps.children == []'
expect_err "warning: '/opt/a/libgdtFirst.so'"
gd which --root "$ROOT" --clear-env --deps /opt/a/libgdtFirst.so --loaded libc.so.6
expect_rc 1
expect_text "the dependency list is truncated"

# Unpadded (only the spare DT_NULL slots): complete, exit 0.
mklib opt/a/libgdtSpare.so libgdtSpare.so -Wl,--spare-dynamic-tags=70000 \
    -Wl,--no-as-needed -L"$ROOT/opt/d" -l:libgdtD.so.1 -Wl,--disable-new-dtags -Wl,-rpath,/opt/d
gd which --root "$ROOT" --clear-env --deps /opt/a/libgdtSpare.so --loaded libc.so.6 --json
expect_rc 0
expect_json '.truncated == false and .deps.children[0].found == "/opt/d/libgdtD.so.1"'
