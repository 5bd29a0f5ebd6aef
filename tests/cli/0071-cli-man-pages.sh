# Man pages: one per subcommand (and gpudoctor(1)), generated from the same
# command tables as --help; they lint clean, name every option --help names
# and carry the subcommand's own exit statuses, which are true.
. "$GD_TESTS/cli/lib.sh"
subs=$("$GD_BIN" --help | sed -n '/^Subcommands/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p' | grep -v '^help$')
[ -n "$subs" ] || fail "no subcommands in --help"
for s in check which matrix plan explain probe fleet; do
    echo "$subs" | grep -qx "$s" || fail "--help does not list $s"
done
lint=""
command -v mandoc >/dev/null 2>&1 && lint="$lint mandoc"
command -v groff >/dev/null 2>&1 && lint="$lint groff"
[ -n "$lint" ] || echo "note: neither mandoc nor groff is installed; pages not linted"
for s in "" $subs; do
    page="$CASE_DIR/gpudoctor${s:+-$s}.1"
    if [ -n "$s" ]; then
        "$GD_BIN" help --man "$s" >"$page" 2>"$ERR" || fail "help --man $s failed"
        "$GD_BIN" "$s" --help >"$CASE_DIR/help.txt" 2>&1
    else
        "$GD_BIN" help --man >"$page" 2>"$ERR" || fail "help --man failed"
        "$GD_BIN" --help >"$CASE_DIR/help.txt" 2>&1
    fi
    u=$(echo "gpudoctor${s:+-$s}" | tr a-z A-Z | sed 's/-/\\\\-/')
    grep -q "^\.TH $u 1 " "$page" || fail "$page: no .TH $u 1"
    grep -q '^\.SH SYNOPSIS' "$page" || fail "$page: no SYNOPSIS"
    grep -q '^\.SH EXIT STATUS' "$page" || fail "$page: no EXIT STATUS"
    # the subcommand's own exit statuses, the same as its --help lists
    sed -n '/^Exit status:/,/^$/s/^  \([0-9]\)  .*/\1/p' "$CASE_DIR/help.txt" >"$CASE_DIR/st.help"
    sed -n '/^\.SH EXIT STATUS/,/^\.SH/s/^\\fB\([0-9]\)\\fR$/\1/p' "$page" >"$CASE_DIR/st.man"
    grep -qx 0 "$CASE_DIR/st.help" && grep -qx 2 "$CASE_DIR/st.help" ||
        fail "--help of ${s:-gpudoctor} lacks exit status 0 or 2: $(cat "$CASE_DIR/st.help")"
    cmp -s "$CASE_DIR/st.help" "$CASE_DIR/st.man" ||
        fail "$page: exit statuses $(cat "$CASE_DIR/st.man" | tr '\n' ' ')but --help says $(cat "$CASE_DIR/st.help" | tr '\n' ' ')"
    cp "$CASE_DIR/st.man" "$CASE_DIR/st.${s:-gpudoctor}"
    for t in $lint; do
        case $t in
        mandoc) mandoc -Tlint -W warning "$page" >"$CASE_DIR/lint" 2>&1 ;;
        groff) groff -man -Tutf8 -ww -z "$page" >"$CASE_DIR/lint" 2>&1 ;;
        esac
        [ ! -s "$CASE_DIR/lint" ] || { cat "$CASE_DIR/lint"; fail "$t warns about $page"; }
    done
    if command -v man >/dev/null 2>&1; then
        MANWIDTH=80 man -l "$page" >"$CASE_DIR/rendered" 2>"$CASE_DIR/lint" || fail "man -l $page failed"
        [ ! -s "$CASE_DIR/lint" ] || { cat "$CASE_DIR/lint"; fail "man -l warns about $page"; }
        grep -q "gpudoctor" "$CASE_DIR/rendered" || fail "man -l $page rendered nothing"
    fi
    # every option --help names is in the page (roff writes - as \-)
    sed 's/\\-/-/g' "$page" >"$CASE_DIR/plain"
    grep -oE -- '(^|[][ (|,/])--?[A-Za-z][-A-Za-z0-9]*' "$CASE_DIR/help.txt" | sed 's/^[^-]*//' | sort -u |
    while read -r o; do
        grep -qF -- "$o" "$CASE_DIR/plain" || { echo "$o"; }
    done >"$CASE_DIR/missing"
    [ ! -s "$CASE_DIR/missing" ] || fail "$page lacks options: $(tr '\n' ' ' <"$CASE_DIR/missing")"
done
# Each page's statuses are the subcommand's: check and gpudoctor(1) have all
# four of src/cli/exit.h; explain never exits 1, even on an error cause and
# with --strict, and its page says so.
for p in gpudoctor check; do
    [ "$(tr '\n' ' ' <"$CASE_DIR/st.$p")" = "0 1 2 3 " ] || fail "$p: exit statuses $(cat "$CASE_DIR/st.$p")"
done
if grep -qx 1 "$CASE_DIR/st.explain"; then fail "explain's page documents exit status 1"; fi
gd explain --strict "$GD_TESTS/explain/smi-failed.log"
expect_rc 0
expect_text "GD101"
grep -qx 1 "$CASE_DIR/st.matrix" || fail "matrix's page lacks exit status 1 (gpu NAME matched nothing)"
gd matrix gpu "no such gpu at all"
expect_rc 1
# every option the parser takes is in --help: help check names --os
gd help check
expect_text "--os OS"
# A subcommand with no page is refused, not given an empty page.
gd help --man nosuch
expect_rc 2
exit 0
