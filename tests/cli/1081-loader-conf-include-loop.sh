#!/bin/sh
# 1081-loader-conf-include-loop: ld.so.conf includes ld.so.conf.d/*.conf,
# and a.conf includes ld.so.conf back (b.conf includes a.conf, a second way
# into the same loop).  glibc's ldconfig has no guard; gpudoctor reads each
# file on the include chain once and gives ONE warning for the loop (it gave
# 151, one per path through the loop up to 16 levels), and the directories
# listed are those of the three files, not hundreds of repeats.
. "$GD_TESTS/cli/lib.sh"
osrelease
put /etc/ld.so.conf "include /etc/ld.so.conf.d/*.conf
/opt/x"
put /etc/ld.so.conf.d/a.conf "include /etc/ld.so.conf
/opt/a"
put /etc/ld.so.conf.d/b.conf "include a.conf
/opt/b"
gdcheck --json
expect_json '[.warnings[] | select(.reason | test("loop"))] | length == 1'
expect_json '.warnings | length == 1'
expect_json '.warnings[0].reason | contains("include loop: '"'"'/etc/ld.so.conf.d/a.conf'"'"' includes '"'"'/etc/ld.so.conf'"'"'")'
expect_json '[.loader.ld_so_conf_dirs[]] | length <= 4'
expect_json '[.findings[] | select(.code == "GD001")] | length == 1'
gdcheck -v
[ "$(grep -c 'include loop' "$OUT")" -eq 1 ] || fail "the loop is not reported exactly once"

# A longer loop through three files: still one warning.
put /etc/ld.so.conf "include /etc/c1.conf"
put /etc/c1.conf "include /etc/c2.conf"
put /etc/c2.conf "include /etc/c1.conf
/opt/c2"
gdcheck --json
expect_json '.warnings | length == 1'
expect_json '.warnings[0].reason | contains("'"'"'/etc/c2.conf'"'"' includes '"'"'/etc/c1.conf'"'"'")'
