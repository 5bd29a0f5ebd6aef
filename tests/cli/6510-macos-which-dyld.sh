# which --os macos: dyld's search (dyld(1)): DYLD_LIBRARY_PATH by leaf
# name, then the install name (@rpath through the LC_RPATHs of the loading
# image, then of the main executable; @loader_path; @executable_path; an
# absolute path), then DYLD_FALLBACK_LIBRARY_PATH or its default
# (/usr/local/lib:/usr/lib, none for executables built with the macOS 14 SDK
# or later).  A candidate without the process's architecture is skipped.
# Every file is a real Mach-O image linked by ld64.lld.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/macos.inc"
P=/Users/u/py
T=$P/lib/python3.11/site-packages/torch
macho dylib x86_64 11.0 "$T/lib/libtorch_cpu.dylib" -install_name @rpath/libtorch_cpu.dylib
macho dylib arm64 11.0 /opt/extra/lib/libtorch_cpu.dylib -install_name @rpath/libtorch_cpu.dylib
macho dylib arm64 11.0 /dbg/libtorch_cpu.dylib -install_name @rpath/libtorch_cpu.dylib
macho bundle arm64 11.0 "$T/_C.cpython-311-darwin.so" -rpath @loader_path/lib -rpath /opt/extra/lib \
    -dep "$ROOT/opt/extra/lib/libtorch_cpu.dylib"
macho dylib arm64 11.0 "$P/lib/libpython3.11.dylib" -install_name @rpath/libpython3.11.dylib
macho exe arm64 11.0 "$P/bin/python3.11" -rpath @executable_path/../lib -dep "$ROOT/$P/lib/libpython3.11.dylib"
macho exe arm64 13.0 /Applications/New.app/Contents/MacOS/New
macho dylib arm64 11.0 /fb/libmissing.dylib

C=$T/_C.cpython-311-darwin.so
# @rpath: the first LC_RPATH holds an x86_64-only copy (skipped), the second the arm64 one
gd which @rpath/libtorch_cpu.dylib --os macos --root "$ROOT" --from "$C" --json
expect_rc 0
expect_json '.found == "/opt/extra/lib/libtorch_cpu.dylib" and .os == "macos"'
expect_json '.attempts[0].outcome == "wrong_machine" and .attempts[0].step == "dyld_rpath" and (.attempts[0].detail | test("have .x86_64., need .arm64."))'
expect_json '.attempts[1] | .outcome == "found" and .from == "'"$C"'"'
# DYLD_LIBRARY_PATH comes first, with the leaf name
gd which @rpath/libtorch_cpu.dylib --os macos --root "$ROOT" --from "$C" --env DYLD_LIBRARY_PATH=/nowhere:/dbg --json
expect_json '.found == "/dbg/libtorch_cpu.dylib" and .attempts[0].step == "dyld_library_path" and .attempts[0].outcome == "absent"'
# @rpath of the main executable, through @executable_path
gd which @rpath/libpython3.11.dylib --os macos --root "$ROOT" --exe "$P/bin/python3.11" --json
expect_json '.found == "/Users/u/py/bin/../lib/libpython3.11.dylib" and .from == "/Users/u/py/bin/python3.11"'
# not found: the rpaths, then the default fallback (the executable is unknown)
gd which @rpath/libmissing.dylib --os macos --root "$ROOT" --from "$C"
expect_rc 1
expect_text "Library not loaded: @rpath/libmissing.dylib"
expect_text "'/usr/local/lib/libmissing.dylib' (no such file)"
gd which @rpath/libmissing.dylib --os macos --root "$ROOT" --from "$C" --json
expect_json '[.attempts[].step] == ["dyld_rpath", "dyld_rpath", "dyld_fallback", "dyld_fallback"]'
# ... no default for an executable built with the macOS 14 SDK (mkmacho.sh: SDK = minimum + 1)
gd which @rpath/libmissing.dylib --os macos --root "$ROOT" --from "$C" --exe /Applications/New.app/Contents/MacOS/New --json
expect_json '[.attempts[] | select(.step == "dyld_fallback")] | length == 0'
# ... DYLD_FALLBACK_LIBRARY_PATH given
gd which @rpath/libmissing.dylib --os macos --root "$ROOT" --from "$C" --env DYLD_FALLBACK_LIBRARY_PATH=/fb --json
expect_json '.found == "/fb/libmissing.dylib" and .step == "dyld_fallback"'
# @loader_path needs the loading image
gd which @loader_path/lib/libtorch_cpu.dylib --os macos --root "$ROOT" --json
expect_rc 1
expect_json '.attempts[0].outcome == "skipped" and .attempts[0].step == "dyld_loader_path"'
# a system library is not on disk since macOS 11: the shared cache, not "absent"
gd which /usr/lib/libSystem.B.dylib --os macos --root "$ROOT" --json
expect_json '.attempts[1].step == "dyld_shared_cache" and .attempts[1].outcome == "skipped"'
