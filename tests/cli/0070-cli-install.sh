# make install / make uninstall into a temporary DESTDIR: every file lands
# under PREFIX, the installed binary runs, and uninstall leaves nothing.
. "$GD_TESTS/cli/lib.sh"
command -v make >/dev/null 2>&1 || skip "make is not installed"
repo=$(cd "$GD_TESTS/.." && pwd)
dest="$CASE_DIR/dest"
mk() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$repo" "$@" DESTDIR="$dest" PREFIX=/opt/gd INSTALL_BIN="$GD_BIN" \
       GENDOC_DIR="$CASE_DIR/gendoc" >"$CASE_DIR/make.out" 2>&1; }
mk install || { cat "$CASE_DIR/make.out"; fail "make install failed"; }

# Nothing outside DESTDIR/PREFIX.
( cd "$dest" && find . ! -type d | sort ) >"$CASE_DIR/files"
grep -v '^\./opt/gd/' "$CASE_DIR/files" >"$CASE_DIR/outside" && { cat "$CASE_DIR/outside"; fail "installed outside PREFIX"; }
for f in bin/gpudoctor share/doc/gpudoctor/README.md share/doc/gpudoctor/LICENSE \
         share/doc/gpudoctor/NOTICE share/doc/gpudoctor/json.md \
         share/man/man1/gpudoctor.1 share/man/man1/gpudoctor-check.1 share/man/man1/gpudoctor-which.1 \
         share/man/man1/gpudoctor-matrix.1 share/man/man1/gpudoctor-plan.1 \
         share/man/man1/gpudoctor-explain.1 share/man/man1/gpudoctor-probe.1 \
         share/man/man1/gpudoctor-fleet.1 share/bash-completion/completions/gpudoctor \
         share/zsh/site-functions/_gpudoctor share/fish/vendor_completions.d/gpudoctor.fish; do
    [ -f "$dest/opt/gd/$f" ] || { cat "$CASE_DIR/files"; fail "not installed: $f"; }
done
[ -x "$dest/opt/gd/bin/gpudoctor" ] || fail "bin/gpudoctor is not executable"
cmp -s "$dest/opt/gd/share/doc/gpudoctor/LICENSE" "$repo/LICENSE" || fail "LICENSE differs"
# The installed page is what the binary generates.
"$GD_BIN" help --man plan >"$CASE_DIR/plan.1"
cmp -s "$dest/opt/gd/share/man/man1/gpudoctor-plan.1" "$CASE_DIR/plan.1" || fail "installed gpudoctor-plan.1 differs"

# The installed binary is the one that runs.
"$dest/opt/gd/bin/gpudoctor" --version >"$OUT" 2>"$ERR"
RC=$?
expect_rc 0
expect_text "gpudoctor 0."
expect_text "knowledge base"

mk uninstall || { cat "$CASE_DIR/make.out"; fail "make uninstall failed"; }
left=$(cd "$dest" && find . ! -type d)
[ -z "$left" ] || fail "left after uninstall: $left"
[ ! -d "$dest/opt/gd/share/doc/gpudoctor" ] || fail "doc directory left after uninstall"
exit 0
