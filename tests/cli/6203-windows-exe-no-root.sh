# gpudoctor.exe without --root examines the machine it runs on: the system
# drive (under Wine, the prefix's drive_c), not the current drive (Z:, the
# Unix folder Wine was started from), and with --os windows by default.
# Wine's own C: has no NVIDIA driver: GD604.  `which` takes the process's
# current folder as the CWD step when it is on C:.  --root 'C:\' is the
# same machine.  `ps` is not supported there, and says so.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/windows_machine.inc"
. "$GD_TESTS/cli/winexe.inc"
wexe_setup
wexe check --json --clear-env
expect_rc 1
expect_json '.root == null and .system.os == "windows"'
expect_json '.system.distro.source | ascii_downcase == "/windows/system32/kernel32.dll"'
expect_json '[.findings[].code] | index("GD604") != null'
cp "$OUT" "$CASE_DIR/noroot.json"
wexe check --json --clear-env --root 'C:\'
expect_rc 1
jq -S 'del(.root)' "$OUT" >"$CASE_DIR/croot.cmp"
jq -S 'del(.root)' "$CASE_DIR/noroot.json" >"$CASE_DIR/noroot.cmp"
diff -u "$CASE_DIR/noroot.cmp" "$CASE_DIR/croot.cmp" || fail "--root 'C:\\' differs from no --root"
# A DLL in the current folder, on the prefix's C: drive.
CASE=$(basename "$CASE_DIR")
ROOT="$WINEPREFIX/drive_c/gdt-exe/$CASE"
rm -rf "$ROOT"
mkdll cwd/cudart64_110.dll
WEXE_CWD="$ROOT/cwd" wexe which cudart64_110.dll --json --clear-env --path 'C:\windows\system32'
expect_rc 0
expect_json ".found == \"/gdt-exe/$CASE/cwd/cudart64_110.dll\" and .step == \"win_cwd\""
wexe which cudart64_110.dll --json --clear-env --path 'C:\windows\system32'
expect_rc 1
expect_json '.win_error == 126'
expect_json '[.attempts[] | select(.step == "win_cwd")] | .[0].outcome == "skipped"'
rm -rf "$ROOT"
# ps reads Linux's /proc: on Windows it says so (exit 3), whatever it is given.
wexe ps
expect_rc 3
grep -q "gpudoctor ps: not supported on this OS" "$ERR" || fail "ps on Windows: $(cat "$ERR")"
exit 0
