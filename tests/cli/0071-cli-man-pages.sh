# Man pages: one per subcommand (and gpudoctor(1)), generated from the
# --help text; they lint clean and name every option --help names.
. "$GD_TESTS/cli/lib.sh"
subs=$("$GD_BIN" --help | sed -n '/^Subcommands/,/^$/s/^  \([a-z][a-z]*\) .*/\1/p' | grep -v '^help$')
[ -n "$subs" ] || fail "no subcommands in --help"
for s in check which matrix plan explain probe fleet ps; do
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
    # the four statuses of src/cli/exit.h
    for st in 0 1 2 3; do
        sed -n '/^\.SH EXIT STATUS/,/^\.SH/p' "$page" | grep -qx "\\\\fB$st\\\\fR" ||
            fail "$page: exit status $st not documented"
    done
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
# A subcommand with no page is refused, not given an empty page.
gd help --man nosuch
expect_rc 2
exit 0
