#!/bin/sh
# 4182-explain-wsl-ldconfig-libcuda-link: glibc's ldconfig (elf/ldconfig.c create_links) warns
# "%s is not a symbolic link" for a soname that is a file.  On WSL2 the Windows driver's libraries in
# /usr/lib/wsl/lib are copies, so apt's libc-bin trigger prints it for libcuda.so.1 on every upgrade:
# harmless, ldconfig leaves the file and the loader finds it (GD401).  Off WSL nothing is decided from
# the warning alone.
# Log: tests/explain/wsl-ldconfig-libcuda-link.log (written for this test: Ubuntu 22.04's apt output).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/wsl-ldconfig-libcuda-link.log"
expect_rc 0
expect_json '.facts.os == "wsl"'
expect_json 'any(.facts.messages[]; .family == "ldconfig_libcuda_not_symlink" and .first_line == 6)'
expect_json '.hypotheses[0].kind == "harmless_noise" and .hypotheses[0].code == "GD401"'
expect_json 'all(.hypotheses[]; .kind != "broken_install" and .kind != "no_driver")'

# a Linux host's libcuda that is not a link (no WSL in the log): not called harmless
printf '%s\n' 'Processing triggers for libc-bin (2.35-0ubuntu3.8) ...' \
    '/sbin/ldconfig.real: /usr/lib/x86_64-linux-gnu/libcuda.so.1 is not a symbolic link' >"$CASE_DIR/linux.log"
gd explain --json "$CASE_DIR/linux.log"
expect_rc 0
expect_json 'all(.hypotheses[]; .kind != "harmless_noise")'
