#!/bin/sh
# The x86-64 ISA level: on this machine from CPUID (exactly the glibc-hwcaps
# subdirectories this host's ld.so --help says it searches); in an examined
# tree from its /proc/cpuinfo (the kernel names LZCNT "abm"); a tree without
# one is unknown (no subdirectory assumed), never this host's CPU
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/loader_lib.sh"
need_hwcaps_help
# 1. This machine: gpudoctor's list equals ld.so's "supported, searched" list.
want=$(sed -n '/^Subdirectories of glibc-hwcaps/,/^$/s/^  \([^ ]*\) (supported, searched)$/\1/p' "$CASE_DIR/ldso-help" | paste -sd, -)
gd which --root / --clear-env libc.so.6 --json
jq -e '.hwcaps.source == "cpuid"' "$OUT" >/dev/null || fail "source is not cpuid"
got=$(jq -r '.hwcaps.subdirs | join(",")' "$OUT")
[ "$got" = "$want" ] || fail "gpudoctor searches '$got', this host's ld.so searches '$want'"
gd which libc.so.6
expect_text "(x86-64 ISA level from this CPU: cpuid)"

# 2. Examined trees: a Debian-like root with a library in the three places.
osrelease
mklib usr/lib/x86_64-linux-gnu/libgdtI.so.1 libgdtI.so.1
mklib usr/lib/x86_64-linux-gnu/glibc-hwcaps/x86-64-v2/libgdtI.so.1 libgdtI.so.1
mklib usr/lib/x86_64-linux-gnu/glibc-hwcaps/x86-64-v3/libgdtI.so.1 libgdtI.so.1
mkdir -p "$ROOT/bin"; cp "$DLWHICH" "$ROOT/bin/sh"
base="fpu cx8 cmov mmx fxsr sse sse2 pni ssse3 cx16 sse4_1 sse4_2 popcnt lahf_lm fma movbe xsave avx f16c bmi1 avx2 bmi2"
lib=/usr/lib/x86_64-linux-gnu
# 2a. No /proc/cpuinfo: unknown, and no glibc-hwcaps subdirectory is searched.
gd which --root "$ROOT" --clear-env libgdtI.so.1 --json
expect_json '.hwcaps.source == "unknown" and .hwcaps.subdirs == []'
expect_json ".found == \"$lib/libgdtI.so.1\""
expect_json '[.attempts[] | select(.subdir)] == []'
gd which --root "$ROOT" --clear-env libgdtI.so.1
expect_text "x86-64 ISA level unknown"
# 2b. A v3 CPU as the kernel lists it ("abm" is LZCNT).
put /proc/cpuinfo "processor	: 0
vendor_id	: AuthenticAMD
flags		: $base abm
"
gd which --root "$ROOT" --clear-env libgdtI.so.1 --json
expect_json '.hwcaps.source == "/proc/cpuinfo" and .hwcaps.subdirs == ["x86-64-v3","x86-64-v2"]'
expect_json ".found == \"$lib/glibc-hwcaps/x86-64-v3/libgdtI.so.1\""
gd which --root "$ROOT" --clear-env libgdtI.so.1
expect_text "(x86-64 ISA level from the examined tree's /proc/cpuinfo)"
# 2c. The same flags without "abm": no LZCNT, so v2 (what glibc decides on
# the CPU that kernel describes).
put /proc/cpuinfo "processor	: 0
vendor_id	: AuthenticAMD
flags		: $base avx512f avx512bw avx512cd avx512dq avx512vl
"
gd which --root "$ROOT" --clear-env libgdtI.so.1 --json
expect_json '.hwcaps.subdirs == ["x86-64-v2"]'
expect_json ".found == \"$lib/glibc-hwcaps/x86-64-v2/libgdtI.so.1\""
# 2d. --hwcaps overrides, and says so.
gd which --root "$ROOT" --clear-env --hwcaps x86-64-v3 libgdtI.so.1 --json
expect_json '.hwcaps.source == "--hwcaps" and .found == "'"$lib"'/glibc-hwcaps/x86-64-v3/libgdtI.so.1"'
