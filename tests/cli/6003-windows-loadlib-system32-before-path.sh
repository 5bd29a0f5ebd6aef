# System32 comes before the CWD and PATH (a DLL name of this case only, so
# that cases running at the same time do not see it in the shared prefix).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/win.inc"
win_setup
NAME=gdsys6003.dll
SYS="$CROOT/windows/system32/$NAME"
trap "rm -f \"$SYS\"" EXIT
cp "$WSH/pe/x64.dll" "$SYS"
wput cwd x64 $NAME
wput d2 x64 $NAME
oracle app cwd "$(wp d2)" load:$NAME
predict app cwd "$(wp d2)" $NAME
[ "$WINE_ANS" = "/windows/system32/$NAME" ] || fail "Wine loaded $WINE_ANS"
[ "$GD_ANS" = "$WINE_ANS" ] || fail "gpudoctor predicts $GD_ANS, Wine loaded $WINE_ANS"
expect_json ".step == \"win_system32\""
wcleanup
