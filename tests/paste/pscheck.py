#!/usr/bin/env python3
"""tests/paste/pscheck.py - a parser test for the PowerShell the fix engine emits.

    pscheck.py --self-test          run the good / bad / not-checked lines below
    pscheck.py FILE...              check each file as one fix (exit 1 on a bad one)

Debian has no PowerShell (no powershell or pwsh package in bookworm or
trixie), so a fix written for PowerShell is read here by this checker of the
subset the engine writes, and anything outside that subset is answered "not
checked" -- never passed.  The target is Windows PowerShell 5.1, the
PowerShell every Windows 10 and 11 ships with.  Sources, read for each rule:

  [Q] Microsoft, about_Quoting_Rules (learn.microsoft.com/powershell/module/
      microsoft.powershell.core/about/about_quoting_rules): single-quoted
      strings are verbatim, '' is one quote; double-quoted strings expand
      $name, $env:NAME, $(...) and take the backtick escapes, "" is one quote.
  [P] Microsoft, about_Parsing (.../about/about_parsing): expression mode and
      argument mode; in argument mode a bare word is a string, `$` starts a
      variable, `@` `(` `{` `,` start other things, `#` starts a comment, a
      backtick at the end of a line continues the line; the call operator
      `&` runs a command given as a string.
  [S] The Windows PowerShell Language Specification 3.0 (Microsoft, 2012;
      learn.microsoft.com/powershell/scripting/lang-spec/chapter-02, -07,
      -08): 2.2.3 (whitespace, including the backtick line continuation),
      2.3.4 (parameters: `-name`), 2.3.5.2 (string literals, the quote
      characters: ' and U+2018..U+201B, " and U+201C..U+201E), 7.1.3 (a
      type literal [T] and `::` static member access), 7.12 (redirection:
      2>&1; the input operator < is reserved for future use), 8.1 (statement
      lists: `;` and new lines), 8.2 (pipelines: `|`).
  [C] Microsoft, about_Pipeline_Chain_Operators (.../about/
      about_pipeline_chain_operators): `&&` and `||` exist from PowerShell 7
      on; Windows PowerShell 5.1's parser rejects them.
  [A] Microsoft, about_Automatic_Variables and about_Environment_Variables:
      $env:NAME is an environment variable; $NAME is a PowerShell variable
      (empty unless set), so `$PATH` where `$env:PATH` is meant reads nothing.

The subset (anything else: not checked):
  statement   := assignment | pipeline           separated by ; or new lines [S 8.1]
  assignment  := $env:NAME = expression                                   [A]
  pipeline    := element ('|' command)*  [2>&1]                        [S 8.2]
  element     := command | static-call
  command     := ['&'] name argument*       name: a bare word, or a string after &
  argument    := -parameter | bare word | string | $env:NAME | 2>&1
  expression  := primary ('+' primary)*
  primary     := string | $env:NAME | static-call
  static-call := [Type]::Name '(' [expression (',' expression)*] ')'   [S 7.1.3]
Bad (a paste that cannot work): an unterminated string, `&&` or `||` [C], a
sh builtin as a command (export, unset, source, alias X=...: PowerShell has
none of them), a variable `$NAME` that is no automatic variable (in a string
too: "$PATH" reads the PowerShell variable, not the environment) [A], `<` [S
7.12], an empty pipeline element, an assignment to anything but $env:NAME
in the form `NAME=value` as a command (a sh assignment).
"""

import sys

QUOTE1 = "'\u2018\u2019\u201a\u201b"
QUOTE2 = '"\u201c\u201d\u201e'
DASH = "-\u2013\u2014\u2015"
# Automatic variables the subset may read [A]; any other $NAME is a bug here.
AUTOMATIC = {"true", "false", "null", "home", "pwd", "pshome", "psscriptroot", "lastexitcode", "_", "args"}
# sh builtins that have no PowerShell command of that name (Get-Command
# finds none on a stock Windows PowerShell 5.1: `set` is an alias of
# Set-Variable and takes no NAME=VALUE, so `set X=1` is refused below).
SH_BUILTINS = {"export", "unset", "source", "alias", "declare", "readonly", "setenv", "fi", "then", "done", "esac"}


class NotChecked(Exception):
    pass


class Bad(Exception):
    pass


def _var_name(s, i):
    """(name, end) of a variable reference at s[i] == '$' (name may carry 'env:')."""
    j = i + 1
    if j < len(s) and s[j] in "({":
        raise NotChecked("$%s...: a subexpression or braced variable" % s[j])
    if j < len(s) and s[j] in "?^$":
        return s[j], j + 1
    k = j
    while k < len(s) and (s[k].isalnum() or s[k] in "_:"):
        k += 1
    name = s[j:k]
    if not name:
        return None, j
    if ":" in name:
        scope, _, rest = name.partition(":")
        if scope.lower() != "env" or not rest or ":" in rest:
            raise NotChecked("$%s: a scope other than env:" % name)
    return name, k


def _check_var(name):
    if name is None:
        return
    if name.lower().startswith("env:"):
        return
    if name.lower() in AUTOMATIC or name in "?^$":
        return
    raise Bad("$%s is a PowerShell variable, not the environment variable (write $env:%s)" % (name, name))


def tokenize(src):
    """(tokens, variables) of src: tokens (kind, text, value), kind one of word, param,
    str1, str2, var, type, op, nl; variables: the names expanded in double-quoted strings."""
    toks, strvars = [], []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c == "`" and i + 1 < n and src[i + 1] == "\n":
            i += 2   # line continuation [P], [S 2.2.3]
            continue
        if c == "`" and i + 1 < n and src[i + 1] == "\r" and src[i + 2:i + 3] == "\n":
            i += 3
            continue
        if c in " \t\r":
            i += 1
            continue
        if c == "\n":
            toks.append(("nl", c, None))
            i += 1
            continue
        if c == "#":
            while i < n and src[i] != "\n":   # a comment to the end of the line [P]
                i += 1
            continue
        if c in QUOTE1:
            j, val = i + 1, []
            while True:
                if j >= n:
                    raise Bad("unterminated single-quoted string")
                if src[j] in QUOTE1:
                    if j + 1 < n and src[j + 1] in QUOTE1:   # '' is one quote [Q]
                        val.append("'")
                        j += 2
                        continue
                    break
                val.append(src[j])
                j += 1
            toks.append(("str1", src[i:j + 1], "".join(val)))
            i = j + 1
            continue
        if c in QUOTE2:
            j, val = i + 1, []
            while True:
                if j >= n:
                    raise Bad("unterminated double-quoted string")
                d = src[j]
                if d == "`":   # the escape character [Q]
                    if j + 1 >= n:
                        raise Bad("unterminated double-quoted string")
                    val.append(src[j + 1])
                    j += 2
                    continue
                if d in QUOTE2:
                    if j + 1 < n and src[j + 1] in QUOTE2:   # "" is one quote [Q]
                        val.append('"')
                        j += 2
                        continue
                    break
                if d == "$":
                    name, k = _var_name(src, j)   # expansion [Q]
                    if name:
                        strvars.append(name)
                    val.append(src[j:k] if name else "$")
                    j = max(k, j + 1)
                    continue
                val.append(d)
                j += 1
            toks.append(("str2", src[i:j + 1], "".join(val)))
            i = j + 1
            continue
        if c == "@":
            raise NotChecked("@: a splat, array or here-string")
        if c in "{}":
            raise NotChecked("%s: a script block" % c)
        if c == "&":
            if src[i:i + 2] == "&&":
                raise Bad("&& is not an operator of Windows PowerShell 5.1 (PowerShell 7 and later only)")
            toks.append(("op", "&", None))
            i += 1
            continue
        if c == "|":
            if src[i:i + 2] == "||":
                raise Bad("|| is not an operator of Windows PowerShell 5.1 (PowerShell 7 and later only)")
            toks.append(("op", "|", None))
            i += 1
            continue
        if c == ";":
            toks.append(("op", ";", None))
            i += 1
            continue
        if c == "<":
            raise Bad("< is reserved in PowerShell (no input redirection): quote the argument")
        if src.startswith("2>&1", i):
            toks.append(("op", "2>&1", None))
            i += 4
            continue
        if c == ">" or src.startswith("2>", i):
            raise NotChecked("a redirection to a file")
        if c == "$":
            name, k = _var_name(src, i)
            if not name:
                raise NotChecked("a lone $")
            toks.append(("var", src[i:k], name))
            i = k
            continue
        if c in "(),[":
            if c == "[":
                j = src.find("]", i)
                if j < 0:
                    raise Bad("unterminated type literal")
                name = src[i + 1:j]
                if not name or not all(ch.isalnum() or ch in "._" for ch in name):
                    raise NotChecked("[%s]: an attribute or array type" % name)
                toks.append(("type", src[i:j + 1], name))
                i = j + 1
                continue
            toks.append(("op", c, None))
            i += 1
            continue
        if src.startswith("::", i):
            toks.append(("op", "::", None))
            i += 2
            continue
        # A bare word (argument mode): up to whitespace or a metacharacter [P].
        j, val = i, []
        while j < n and src[j] not in " \t\r\n|;&(){}<>'\"\u2018\u2019\u201a\u201b\u201c\u201d\u201e,`":
            if src[j] == "$":
                raise NotChecked("a variable inside a bare word")
            if src.startswith("::", j) and j > i:
                break
            val.append(src[j])
            j += 1
        if j < n and src[j] == "`":
            raise NotChecked("a backtick escape inside a bare word")
        word = "".join(val)
        if not word:
            raise NotChecked("unexpected %r" % src[i])
        toks.append(("param" if word[0] in DASH and len(word) > 1 else "word", word, word))
        i = j
    return toks, strvars


class Parser:
    def __init__(self, toks):
        self.t = toks
        self.i = 0

    def peek(self, k=0):
        return self.t[self.i + k] if self.i + k < len(self.t) else ("eof", "", None)

    def take(self):
        tok = self.peek()
        self.i += 1
        return tok

    def script(self):
        n = 0
        while self.peek()[0] != "eof":
            if self.peek()[0] == "nl" or self.peek()[1] == ";" and self.peek()[0] == "op":
                self.take()
                continue
            self.statement()
            n += 1
            k = self.peek()
            if k[0] not in ("eof", "nl") and k[1] != ";":
                raise Bad("unexpected %s after a statement" % k[1])
        return n

    def statement(self):
        k = self.peek()
        if k[0] == "var":
            if not k[2].lower().startswith("env:"):
                if self.peek(1)[1] == "=":
                    raise NotChecked("an assignment to a PowerShell variable")
                _check_var(k[2])
                raise NotChecked("a variable as a statement")
            self.take()
            eq = self.take()
            if eq[0] != "word" or eq[1] != "=":
                raise NotChecked("$env:NAME not followed by ' = '")
            self.expression()
            return
        self.pipeline()

    def expression(self):
        self.primary()
        while self.peek()[0] == "word" and self.peek()[1] == "+":
            self.take()
            self.primary()

    def primary(self):
        k = self.take()
        if k[0] in ("str1", "str2"):
            return
        if k[0] == "var":
            if not k[2].lower().startswith("env:"):
                _check_var(k[2])
                raise NotChecked("a PowerShell variable in an expression")
            return
        if k[0] == "type":
            self.static_call(k)
            return
        if k[0] in ("eof", "nl"):
            raise Bad("an expression is missing")
        raise NotChecked("%s in an expression" % k[1])

    def static_call(self, typ):
        if typ[2] not in ("Environment", "System.Environment"):
            raise NotChecked("static member of [%s]" % typ[2])
        if self.take()[1] != "::":
            raise NotChecked("a type literal without ::")
        m = self.take()
        if m[0] != "word" or not m[1].isidentifier():
            raise Bad("no member name after ::")
        if self.take()[1] != "(":
            raise NotChecked("[%s]::%s without an argument list" % (typ[2], m[1]))
        if self.peek()[1] == ")":
            self.take()
            return
        while True:
            self.expression()
            k = self.take()
            if k[1] == ")":
                return
            if k[1] != ",":
                raise Bad("expected , or ) in the arguments of [%s]::%s" % (typ[2], m[1]))

    def pipeline(self):
        first = True
        while True:
            k = self.peek()
            if k[0] == "type" and first:
                self.take()
                self.static_call(k)
            else:
                self.command()
            if self.peek()[0] == "op" and self.peek()[1] == "2>&1":
                self.take()
            if self.peek()[0] == "op" and self.peek()[1] == "|":
                self.take()
                while self.peek()[0] == "nl":   # a pipeline may go on after a | and a new line [S 8.2]
                    self.take()
                first = False
                continue
            return

    def command(self):
        k = self.take()
        call = False
        if k[0] == "op" and k[1] == "&":
            call = True
            k = self.take()
        if k[0] in ("eof", "nl") or (k[0] == "op" and k[1] in ("|", ";")):
            raise Bad("an empty pipeline element")
        if call and k[0] not in ("str1", "str2", "word"):
            raise NotChecked("& %s" % k[1])
        if not call and k[0] != "word":
            raise NotChecked("a command that starts with %s" % k[1])
        name = k[2] if k[0] != "word" else k[1]
        if k[0] == "word":
            if name.lower() in SH_BUILTINS:
                raise Bad("%s is a sh builtin; PowerShell has no such command" % name)
            if "=" in name and name.split("=", 1)[0].isidentifier():
                raise Bad("%s is a sh assignment; PowerShell sets $env:%s = \"...\"" % (name, name.split("=", 1)[0]))
            if name.lower() == "set" and self.peek()[0] == "word" and "=" in self.peek()[1]:
                raise Bad("set NAME=VALUE is cmd; in PowerShell set is Set-Variable")
        while True:
            a = self.peek()
            if a[0] in ("eof", "nl") or (a[0] == "op" and a[1] in ("|", ";", "2>&1")):
                return
            if a[0] in ("word", "param", "str1", "str2"):
                self.take()
                continue
            if a[0] == "var":
                if not a[2].lower().startswith("env:"):
                    _check_var(a[2])
                    raise NotChecked("an automatic variable as an argument")
                self.take()
                continue
            raise NotChecked("%s as an argument" % a[1])


def check(src):
    """('ok', statements) / ('bad', why) / ('not checked', why) for one fix."""
    try:
        toks, strvars = tokenize(src)
        n = Parser(toks).script()
        for name in strvars:   # none is assigned: the parser takes no $name = ...
            _check_var(name)
        return ("ok", n)
    except Bad as e:
        return ("bad", str(e))
    except NotChecked as e:
        return ("not checked", str(e))


GOOD = [
    '$env:PATH = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin;" + $env:PATH',
    "[Environment]::SetEnvironmentVariable('PATH', \"C:\\CUDA\\bin;\" + "
    "[Environment]::GetEnvironmentVariable('PATH', 'User'), 'User')",
    '& "C:\\Users\\u\\AppData\\Local\\Programs\\Python\\Python310\\python.exe" -m pip install '
    '--force-reinstall "torch==2.1.*" --index-url https://download.pytorch.org/whl/cu118',
    'conda create -n tf2.10 -c conda-forge python=3.10 cudatoolkit=11.2 cudnn=8.1\nconda activate tf2.10\n'
    'python -m pip install "tensorflow==2.10.*" "numpy<2"',
    "Remove-Item Env:CUDA_VISIBLE_DEVICES",
    'Remove-Item "C:\\Users\\u\\AppData\\Local\\Microsoft\\WindowsApps\\python.exe"',
    '$env:CUDA_VISIBLE_DEVICES = "0"; $env:TF_CPP_MIN_LOG_LEVEL = "0"\npython your_script.py 2>&1 | Select-String cuda',
    "wsl --update\nwsl --shutdown",
    "& python -m pip install \"tensorflow-cpu==2.10.*\" tensorflow-directml-plugin \"numpy<2\"",
    "Write-Output 'it''s'",                               # '' in a single-quoted string [Q]
    'Write-Output "a `"quoted`" word and $env:USERPROFILE"',  # backtick escape, $env: expansion [Q]
    'python -m pip install `\n    "torch==2.3.*"',         # backtick line continuation [P]
    "py -3 -m pip list | Select-String torch  # a comment",
    '$env:PATH = "C:\\x;$env:PATH"',
]
BAD = [
    ('$env:PATH = "C:\\CUDA\\bin;', "unterminated double-quoted string"),
    ("Write-Output 'it's'", "unterminated single-quoted string"),
    ("export CUDA_VISIBLE_DEVICES=0", "sh builtin"),
    ("CUDA_VISIBLE_DEVICES=0 python your_script.py", "sh assignment"),
    ('$env:PATH = "C:\\CUDA\\bin;$PATH"', "$PATH is a PowerShell variable"),
    ("python -c 1 $CUDA_HOME", "$CUDA_HOME is a PowerShell variable"),
    ("wsl --update && wsl --shutdown", "&& is not an operator"),
    ("python -m pip install torch || echo failed", "|| is not an operator"),
    ("python -m pip install numpy<2", "< is reserved"),
    ("python -m pip list |", "empty pipeline element"),
    ("set CUDA_VISIBLE_DEVICES=0", "set NAME=VALUE is cmd"),
    ("unset CUDA_VISIBLE_DEVICES", "sh builtin"),
]
NOT_CHECKED = [
    "$x = 1",
    "Get-ChildItem | ForEach-Object { $_.Name }",
    "python -m pip freeze > requirements.txt",
    "Write-Output $(Get-Date)",
    "@('a', 'b')",
]


def self_test():
    """The failures of the checker on its own lines (empty: it passes)."""
    out = []
    for src in GOOD:
        r = check(src)
        if r[0] != "ok":
            out.append("good line judged %s (%s): %r" % (r[0], r[1], src))
    for src, why in BAD:
        r = check(src)
        if r[0] != "bad" or why not in r[1]:
            out.append("bad line judged %s (%s), expected bad (%s): %r" % (r[0], r[1], why, src))
    for src in NOT_CHECKED:
        r = check(src)
        if r[0] != "not checked":
            out.append("line outside the subset judged %s (%s): %r" % (r[0], r[1], src))
    return out


def main(argv):
    if argv[1:] == ["--self-test"]:
        bad = self_test()
        for b in bad:
            print("FAIL " + b)
        print("pscheck self-test: %d good, %d bad, %d outside the subset; %d failures"
              % (len(GOOD), len(BAD), len(NOT_CHECKED), len(bad)))
        return 1 if bad else 0
    rc = 0
    for path in argv[1:]:
        with open(path, encoding="utf-8") as f:
            r = check(f.read())
        print("%s: %s%s" % (path, r[0], "" if r[0] == "ok" else ": " + r[1]))
        rc |= r[0] == "bad"
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
