#!/bin/sh
# tests/fixlint/fixlint.sh - the fix linter: every fix gpudoctor printed on a
# fixture machine is checked as a user would paste it.
#
#   sh tests/fixlint/fixlint.sh DATA_DIR KNOWN_FILE REPORT.json...
#
# Each REPORT is the JSON of `check`, `probe`, `explain` or `plan` (tests/cli's
# gd() collects one per run when GD_FIXLINT_DIR is set; tests/run.sh adds
# `explain --json` of every tests/explain/*.log).  Rules (a violation names the
# file, the finding code and the rule):
#   sh-syntax      an sh fix that `sh -n` rejects
#   sudo-pip       sudo pip / sudo python -m pip
#   bare-pip       "pip install" without the environment's interpreter
#   pep668         pip into an environment the report says is externally managed
#   unpinned       a framework (torch, tensorflow*, jax, onnxruntime*, cupy-*)
#                  installed without "==VERSION"
#   kb-version     a pinned torch / tensorflow release the knowledge base does not
#                  have, or a torch variant (index URL) that release never had, or
#                  a torch without an index URL whose PyPI default is not known
#   distro-command a command the examined distribution lacks (ubuntu-drivers on
#                  Debian, apt-get on Fedora, ...) or a Linux driver inside WSL2
#   windows-sh     an sh fix in a native-Windows report (allowed only when its
#                  title says it runs inside WSL)
# KNOWN_FILE lists violations still owned by code another change is
# restructuring, one per line: RULE<TAB>CODE<TAB>TEXT (TEXT: a fixed string of
# the offending line).  A known violation is reported but does not fail; a
# known entry that no longer occurs fails (remove it: the list only shrinks).
# Exit 0 clean, 1 violations (or stale known entries), 2 usage.
set -u
[ $# -ge 2 ] || { echo "usage: fixlint.sh DATA_DIR KNOWN_FILE REPORT.json..." >&2; exit 2; }
data=$1 known=$2
shift 2
command -v jq >/dev/null || { echo "fixlint: jq is not installed" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fixlint.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# The knowledge base the fixes must agree with, as JSON:
# {"torch": {"2.6": {"cu126": "no", ...}}, "tf": {"linux": ["2.15", ...], "windows": [...]}}
awk '
    /^%table/ { t = $2; next }
    /^[#%]/ || NF == 0 { next }
    t == "torch" { split($1, v, "."); r = v[1] "." v[2]; torch[r] = torch[r] (torch[r] == "" ? "" : ",") "\"" $2 "\":\"" $3 "\"" }
    t == "tf_build" { split($1, v, "."); r = v[1] "." v[2]; if ($4 != "-") tf[$2] = tf[$2] (tf[$2] == "" ? "" : ",") "\"" r "\"" }
    END {
        printf "{\"torch\":{"; s = ""
        for (r in torch) { printf "%s\"%s\":{%s}", s, r, torch[r]; s = "," }
        printf "},\"tf\":{"; s = ""
        for (o in tf) { printf "%s\"%s\":[%s]", s, o, tf[o]; s = "," }
        printf "}}\n"
    }' "$data/torch.kb" "$data/tf_build.kb" >"$tmp/kb.json" || exit 2

cat >"$tmp/lint.jq" <<'EOF'
def ctx:
  { os: (if (.facts.os? // null) == "windows" then "windows" else (.system.os? // null) end),
    distro: (.system.distro.id? // null),
    wsl: ((.system.wsl? // false) == true or (.system.wsl? // 0) == 2 or (.facts.os? // null) == "wsl"),
    em: [(.python_envs? // [])[] | select(.externally_managed != null) | .prefix] };
def fixes:
  if has("findings") then (.findings[] as $f | ($f.fixes // [])[] | {code: $f.code, shell, title, command})
  elif has("commands") then (.commands | to_entries[] | select(.value != null) |
                             {code: ("plan:" + .key), shell: "sh", title: .key, command: .value})
  else empty end;
def fam($d):
  if $d == null then null
  elif ($d | test("^(debian|raspbian)$")) then "debian"
  elif ($d | test("^(ubuntu|pop|linuxmint|elementary|zorin|neon)$")) then "ubuntu"
  elif ($d | test("^(fedora)$")) then "fedora"
  elif ($d | test("^(rhel|centos|rocky|almalinux|ol|amzn)$")) then "rhel"
  elif ($d | test("^(arch|manjaro|endeavouros)$")) then "arch"
  elif ($d | test("^(opensuse.*|sles|sled)$")) then "suse"
  else "other" end;
# Framework requirements on a pip line: [name, op, version]
def reqs:
  [ scan("(?:^|\\s)\"?((?:torch|tensorflow(?:-cpu|-intel|-gpu)?|jax|jaxlib|onnxruntime(?:-gpu)?|cupy-cuda[0-9a-z]+)(?:\\[[^\\]]*\\])?)(==|~=|<=|>=|<|>|!=)?([0-9][^\"\\s]*)?\"?(?=\\s|$)") ];
def release($v): ($v | split(".") | .[0:2] | join("."));
. as $doc | ctx as $c | fixes as $x |
($x.command // "") as $cmd |
($cmd | split("\n")) as $lines |
[
  (if ($lines | any(test("\\bsudo\\s+(-\\S+\\s+)*(\\S*/)?(pip3?|python[0-9.]*\\s+-m\\s+pip)\\b"))) then {rule: "sudo-pip"} else empty end),
  ($lines[] | select(test("(^|[;&|(]\\s*)pip3?\\s+install\\b")) | {rule: "bare-pip", line: .}),
  ($lines[] | capture("(?<py>\\S+)\\s+-m\\s+pip\\s+install") | .py | ltrimstr("'") | rtrimstr("'") |
     sub("/bin/python[0-9.]*$"; "") as $p | select($c.em | index($p)) | {rule: "pep668", line: $p}),
  ($lines[] | select(test("pip3?\\s+install|-m\\s+pip\\s+install")) as $l | $l | reqs[] |
     if .[1] != "==" then {rule: "unpinned", line: $l}
     elif (.[0] | startswith("torch")) then
       (release(.[2])) as $r |
       # The variant: the pin's local label (1.10.1+cu102 with -f torch_stable.html),
       # else the per-variant index in the URL (/whl/cu126).
       (if (.[2] | test("\\+")) then (.[2] | split("+") | .[1])
        else ($l | capture("/whl/(?<v>[a-z0-9.]+)(/|\\s|$)") // null | if . then .v else null end) end) as $var |
       if ($kb.torch[$r] == null) then {rule: "kb-version", line: $l}
       elif $var == null then (if ([$kb.torch[$r][] ] | index("yes")) then empty else {rule: "kb-version", line: $l} end)
       elif $kb.torch[$r][$var] == null and $var != "cpu" then {rule: "kb-version", line: $l}
       else empty end
     elif (.[0] | test("^tensorflow")) then
       (release(.[2])) as $r |
       (if $c.os == "windows" and (.[0] | test("^tensorflow(-cpu)?$")) then "windows" else "linux" end) as $o |
       if (.[0] == "tensorflow-cpu" or .[0] == "tensorflow-intel") then empty
       elif (($kb.tf[$o] // []) | index($r)) then empty else {rule: "kb-version", line: $l} end
     else empty end),
  (if ($x.title // "" | test("inside WSL|On the host")) then empty else
     (fam($c.distro)) as $f |
     ( (if $f != null and $f != "ubuntu" and ($cmd | test("ubuntu-drivers")) then {rule: "distro-command", line: "ubuntu-drivers"} else empty end),
       (if $f != null and $f != "debian" and $f != "ubuntu" and $f != "other" and ($cmd | test("\\bapt(-get)? ")) then {rule: "distro-command", line: "apt"} else empty end),
       (if $f != null and $f != "fedora" and $f != "rhel" and $f != "other" and ($cmd | test("\\bdnf ")) then {rule: "distro-command", line: "dnf"} else empty end),
       (if $f != null and $f != "arch" and $f != "other" and ($cmd | test("\\bpacman ")) then {rule: "distro-command", line: "pacman"} else empty end),
       (if $f != null and $f != "suse" and $f != "other" and ($cmd | test("\\bzypper ")) then {rule: "distro-command", line: "zypper"} else empty end),
       (if $c.wsl and ($cmd | test("ubuntu-drivers|modprobe nvidia|apt(-get)? install[^\\n]*nvidia-driver|nvidia-open")) then {rule: "distro-command", line: "Linux driver inside WSL2"} else empty end) )
   end),
  (if $c.os == "windows" and $x.shell == "sh" and ($x.title // "" | test("inside WSL") | not) then {rule: "windows-sh"} else empty end)
][] | . + {code: $x.code, shell: $x.shell, command: $cmd}
EOF

# Every sh command, as "@@FIX CODE" + the command + "@@END", split by awk
# into one file each for `sh -n` (no jq per fix).
cat >"$tmp/sh.jq" <<'EOF'
(if has("findings") then (.findings[] as $f | ($f.fixes // [])[] | select(.shell == "sh" and .command != null) | {code: $f.code, command})
 elif has("commands") then (.commands | to_entries[] | select(.value != null and .key != "requirements" and .key != "dockerfile") | {code: ("plan:" + .key), command: .value})
 else empty end) | "@@FIX \(.code)\n\(.command)\n@@END"
EOF

viol="$tmp/violations"
: >"$viol"
for f in "$@"; do
    [ -s "$f" ] || continue
    jq -e . "$f" >/dev/null 2>&1 || continue       # not JSON (a usage error's output)
    jq -c --slurpfile kbs "$tmp/kb.json" '$kbs[0] as $kb | '"$(cat "$tmp/lint.jq")" "$f" 2>"$tmp/jq.err" |
        while IFS= read -r v; do printf '%s\t%s\n' "$f" "$v"; done >>"$viol"
    [ -s "$tmp/jq.err" ] && { echo "fixlint: $f: $(head -c 300 "$tmp/jq.err")"; exit 2; }
    rm -rf "$tmp/sh"; mkdir "$tmp/sh"
    jq -r -f "$tmp/sh.jq" "$f" 2>/dev/null | awk -v d="$tmp/sh" '
        /^@@FIX / { n++; out = d "/" n ".sh"; printf "%s\n", $2 > (d "/" n ".code"); close(d "/" n ".code"); next }
        /^@@END$/ { close(out); out = ""; next }
        out != "" { print > out }'
    for c in "$tmp"/sh/*.sh; do
        [ -f "$c" ] || continue
        if ! sh -n "$c" 2>"$tmp/sh.err"; then
            jq -cn --arg code "$(cat "${c%.sh}.code")" --rawfile cmd "$c" --arg e "$(head -c 200 "$tmp/sh.err")" \
                '{rule: "sh-syntax", code: $code, command: $cmd, line: $e}' | sed "s|^|$f	|"
        fi
    done >>"$viol"
done

# Split into known and new; a known entry matches RULE, CODE and a fixed
# string of the command.
bad=0 nknown=0
: >"$tmp/used"
while IFS= read -r row; do
    file=${row%%	*}
    v=${row#*	}
    rule=$(printf '%s' "$v" | jq -r .rule)
    code=$(printf '%s' "$v" | jq -r .code)
    cmd=$(printf '%s' "$v" | jq -r .command)
    hit=""
    if [ -f "$known" ]; then
        n=0
        while IFS='	' read -r kr kc kt; do
            n=$((n + 1))
            case $kr in ''|'#'*) continue ;; esac
            if [ "$kr" = "$rule" ] && [ "$kc" = "$code" ] && printf '%s' "$cmd" | grep -qF -- "$kt"; then
                hit=$n; break
            fi
        done <"$known"
    fi
    if [ -n "$hit" ]; then
        nknown=$((nknown + 1))
        echo "$hit" >>"$tmp/used"
    else
        bad=$((bad + 1))
        echo "fixlint: $(basename "$file"): $code: $rule: $(printf '%s' "$v" | jq -r '.line // .command' | head -n 3)"
    fi
done <"$viol"
# Stale known entries (only on a whole run: GD_FIXLINT_STALE=1).
if [ -f "$known" ] && [ "${GD_FIXLINT_STALE:-0}" = 1 ]; then
    n=0
    while IFS='	' read -r kr kc kt; do
        n=$((n + 1))
        case $kr in ''|'#'*) continue ;; esac
        if ! grep -qx "$n" "$tmp/used"; then
            echo "fixlint: known entry on line $n ($kr $kc '$kt') no longer occurs: remove it"
            bad=$((bad + 1))
        fi
    done <"$known"
fi
echo "fixlint: $# reports, $(wc -l <"$viol" | tr -d ' ') violations ($nknown known, $bad new or stale)"
[ "$bad" -eq 0 ]
