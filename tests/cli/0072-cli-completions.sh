# Shell completions generated from the option table: bash completes
# subcommands, options, matrix tables and plan frameworks; the zsh and fish
# scripts parse.
. "$GD_TESTS/cli/lib.sh"
command -v bash >/dev/null 2>&1 || skip "bash is not installed"
comp="$CASE_DIR/gpudoctor.bash"
"$GD_BIN" help --completion bash >"$comp" || fail "help --completion bash failed"
bash -n "$comp" || fail "the bash script does not parse"

# complete WORDS...: what _gpudoctor offers for the last word.
complete_() {
    _n=$(($# - 1))
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD='"$_n"'; _gpudoctor; echo "${COMPREPLY[@]}"' \
        _ "$comp" "$@" >"$OUT" 2>"$ERR" || fail "bash completion failed for: $*"
}
has() { for _w in "$@"; do grep -qE "(^| )$_w( |\$)" "$OUT" || fail "completion lacks $_w: $(cat "$OUT")"; done; }
hasnt() { for _w in "$@"; do grep -qE "(^| )$_w( |\$)" "$OUT" && fail "completion offers $_w: $(cat "$OUT")"; done; :; }

complete_ gpudoctor ""
has check which matrix plan explain probe fleet help
complete_ gpudoctor pl
[ "$(cat "$OUT")" = plan ] || fail "pl -> $(cat "$OUT")"
complete_ gpudoctor check --ro
[ "$(cat "$OUT")" = --root ] || fail "check --ro -> $(cat "$OUT")"
complete_ gpudoctor which --
has --from --deps --list-cache --libc --root --json
hasnt --framework
complete_ gpudoctor which --libc ""
[ "$(cat "$OUT")" = "glibc musl" ] || fail "--libc -> $(cat "$OUT")"
# `gpudoctor --json` is check: check's options
complete_ gpudoctor --json --pr
has --probe --prefix
complete_ gpudoctor plan --framework ""
has tensorflow pytorch jax onnxruntime tf torch ort
hasnt cupy paddle
complete_ gpudoctor plan --c
has --cuda --clear-env --color
complete_ gpudoctor matrix ""
has tensorflow pytorch cuda cudnn driver gpu kb-meta tf_build gpu_chip
complete_ gpudoctor matrix cudnn --
has --os --json --unverified
# "--db, --output, ...: as for check" then "-o, --output FILE": both take a file
touch "$CASE_DIR/some-report.txt"
complete_ gpudoctor explain -o some-rep
[ "$(cat "$OUT")" = some-report.txt ] || fail "explain -o does not complete files: $(cat "$OUT")"
complete_ gpudoctor explain --db some-rep
[ "$(cat "$OUT")" = some-report.txt ] || fail "explain --db does not complete files: $(cat "$OUT")"
complete_ gpudoctor help ""
has check fleet
# fleet's own subcommands, then each one's options (node's are check's)
complete_ gpudoctor fleet ""
[ "$(cat "$OUT")" = "report slurm node" ] || fail "fleet -> $(cat "$OUT")"
complete_ gpudoctor fleet slurm --gpu
[ "$(cat "$OUT")" = --gpudoctor ] || fail "fleet slurm --gpu -> $(cat "$OUT")"
complete_ gpudoctor fleet report --
has --json --prometheus --name-from-file --output
hasnt --gpudoctor --root
complete_ gpudoctor fleet node --pro
[ "$(cat "$OUT")" = --probe ] || fail "fleet node --pro -> $(cat "$OUT")"
# the choices a row accepts are what completes its argument
complete_ gpudoctor check --os ""
[ "$(cat "$OUT")" = "linux windows wsl macos" ] || fail "--os -> $(cat "$OUT")"
complete_ gpudoctor help --completion ""
[ "$(cat "$OUT")" = "bash zsh fish" ] || fail "--completion -> $(cat "$OUT")"
# every option any subcommand's completion offers is one it accepts
for s in check explain matrix plan probe which; do
    complete_ gpudoctor $s --
    for o in $(cat "$OUT"); do
        "$GD_BIN" help $s | grep -qE -- "(^|[ ,])$o([ =[,]|\$)" || fail "$s: $o completes but is not in its --help"
    done
done
# every matrix table name the completion offers is one matrix accepts
complete_ gpudoctor matrix ""
for t in $(cat "$OUT"); do
    "$GD_BIN" matrix "$t" --json >/dev/null 2>&1 || {
        [ "$t" = gpu ] || fail "matrix refuses the completed table $t"; }
done
# every framework offered is one plan accepts
complete_ gpudoctor plan --framework ""
for f in $(cat "$OUT"); do
    "$GD_BIN" plan --framework "$f" --driver 550.54.14 --json >/dev/null 2>&1
    rc=$?; [ $rc -ne 2 ] || fail "plan refuses the completed framework $f"
done

if command -v zsh >/dev/null 2>&1; then
    "$GD_BIN" help --completion zsh >"$CASE_DIR/_gpudoctor" || fail "help --completion zsh failed"
    zsh -n "$CASE_DIR/_gpudoctor" || fail "the zsh script does not parse"
    grep -q '^#compdef gpudoctor' "$CASE_DIR/_gpudoctor" || fail "zsh script lacks #compdef"
    # Run it with zsh's completion builtins stubbed to print what they are
    # given: the script's own logic picks the candidates.
    zc() { # zc CURRENT WORDS...
        zsh -f -c 'compadd() { [[ $1 == -- ]] && shift; print -r -- "$@"; }
_describe() { print -r -- ${(P)2}; }
_files() { print -r -- "FILES $*"; }
CURRENT=$1; shift; words=("$@"); PREFIX=${words[CURRENT]}
source "$0"' "$CASE_DIR/_gpudoctor" "$@" >"$OUT" 2>"$ERR" || fail "zsh completion failed for: $*"
    }
    zc 2 gpudoctor ""
    has check:scan plan:choose
    zc 4 gpudoctor plan --framework ""
    has tensorflow pytorch jax onnxruntime
    hasnt cupy
    zc 4 gpudoctor check --root ""
    grep -qx 'FILES -/' "$OUT" || fail "zsh: --root does not complete directories: $(cat "$OUT")"
    zc 3 gpudoctor matrix ""
    has cudnn kb-meta tf_build
    zc 3 gpudoctor which --
    grep -q -- '--list-cache:list /etc/ld.so.cache' "$OUT" || fail "zsh: which options: $(cat "$OUT")"
    zc 3 gpudoctor fleet ""
    has report:merge slurm:run node:what
    zc 4 gpudoctor fleet slurm --
    grep -q -- '--gpudoctor:the gpudoctor the nodes run' "$OUT" || fail "zsh: fleet slurm options: $(cat "$OUT")"
    zc 4 gpudoctor check --os ""
    has linux windows wsl macos
else
    echo "note: zsh is not installed; the zsh script's syntax is not checked"
fi
if command -v fish >/dev/null 2>&1; then
    "$GD_BIN" help --completion fish >"$CASE_DIR/gpudoctor.fish" || fail "help --completion fish failed"
    fish -n "$CASE_DIR/gpudoctor.fish" || fail "the fish script does not parse"
    # and fish itself completes from it
    HOME="$CASE_DIR" XDG_CONFIG_HOME="$CASE_DIR/cfg" XDG_DATA_HOME="$CASE_DIR/data" \
        fish --no-config -c "source $CASE_DIR/gpudoctor.fish; complete -C 'gpudoctor plan --framework '" \
        >"$OUT" 2>"$ERR" || fail "fish complete -C failed"
    cut -f1 "$OUT" | grep -qx pytorch || fail "fish does not complete plan --framework pytorch"
    HOME="$CASE_DIR" fish --no-config -c "source $CASE_DIR/gpudoctor.fish; complete -C 'gpudoctor which --li'" \
        >"$OUT" 2>"$ERR" || fail "fish complete -C failed"
    grep -q "^--libc" "$OUT" || fail "fish does not complete which --libc"
    HOME="$CASE_DIR" fish --no-config -c "source $CASE_DIR/gpudoctor.fish; complete -C 'gpudoctor fleet '" \
        >"$OUT" 2>"$ERR" || fail "fish complete -C failed"
    [ "$(cut -f1 "$OUT" | sort | tr '\n' ' ')" = "node report slurm " ] || fail "fish: fleet -> $(cat "$OUT")"
    HOME="$CASE_DIR" fish --no-config -c "source $CASE_DIR/gpudoctor.fish; complete -C 'gpudoctor fleet slurm --gpu'" \
        >"$OUT" 2>"$ERR" || fail "fish complete -C failed"
    grep -q "^--gpudoctor" "$OUT" || fail "fish does not complete fleet slurm --gpudoctor: $(cat "$OUT")"
else
    echo "note: fish is not installed; the fish script is not checked"
fi
exit 0
