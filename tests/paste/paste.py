#!/usr/bin/env python3
"""tests/paste/paste.py - the paste harness: every fix gpudoctor printed,
run where it can run here, as a user would paste it.

    paste.py [--data DATA_DIR] [--known FILE] [--apt-cache DIR] [--no-apt] REPORT.json|DIR...

Each REPORT is a document of check, explain, probe, ps or plan --json (the
suite keeps one per run: tests/cli/lib.sh, GD_FIXLINT_DIR).  Every fix
(findings[].fixes[], ps's jobs[].findings[], plan's commands) is checked
once per distinct (command, shell, Debian release):

  sh-syntax    an sh fix (shell "sh", or null: any shell) that `sh -n`
               (dash, Debian's /bin/sh) rejects
  fish-syntax  a fish fix that `fish --no-execute FILE` rejects (when fish is
               installed; `fish -n -c` exits 0 after a syntax error)
  apt          a line `apt-get install PKG...` / `apt install` whose packages
               `apt-get install -s` cannot install from the Debian archive of
               the examined machine's release (bookworm, bullseye, trixie;
               main contrib non-free non-free-firmware), through a private apt
               configuration (the system's sources are never touched) with an
               empty dpkg status; a package named through a shell expansion
               ($(uname -r)) or a pattern is not checked, nor a fix that adds
               an apt source of its own first (NVIDIA's repository)
  pip-target   a pip line run by an interpreter the report does not know (an
               absolute path that is no environment's interpreter and not
               under one) -- the paste would run another Python
  pip          a `python -m pip install` line pinning torch or tensorflow that
               `pip install --dry-run --no-deps` cannot satisfy for the target
               environment's Python (from the report) and platform, against a
               local PEP 503 index built from the knowledge base: torch's
               releases and variants (data/torch.kb, one index per variant as
               download.pytorch.org/whl/VARIANT has, the default variant also
               on the PyPI index) with the Pythons data/torch_python.kb gives
               them, and TensorFlow's releases and Pythons (data/tf_build.kb:
               tensorflow for Linux, tensorflow and tensorflow-cpu for
               Windows).  Requirements on other names are left out of the
               dry run; lines with -f / --find-links or source builds are not
               run; a torch patch pin asks for its release (the kb keys
               torch by release); macOS reports are not run (no macosx
               wheels modelled).

  python       a "python" fix (Python source for the program, not a command
               line) that Python's own parser rejects (compile())
  conda        a `conda create|install` line whose package specs a channel
               it names cannot satisfy: conda-forge's and nvidia's names and
               versions as their anaconda.org file lists give them (CONDA
               below; a spec NAME=V matches V and V.*, as conda's fuzzy
               match does), python on the default channel; a name the
               model lacks on a modelled channel fails (extend CONDA with
               its anaconda.org page), a channel not modelled is not
               checked
  cmd-syntax   a cmd fix that Wine's cmd.exe parser rejects: each line goes
               in a batch file behind a false `if 0==1`, inside a block
               `( ... )` (so its pipes and redirections stay in it) or,
               when it has parentheses of its own outside quotes, bare;
               cmd parses every line and runs none, and anything but the
               end marker on output (Wine's "Syntax error", a line that
               escaped its block, a block left open that swallows the
               marker) fails.  A line with parentheses and an operator
               (| & < >) is not checked; without wine no cmd fix is
               (CI=true fails instead)

  ps-syntax    a PowerShell fix that tests/paste/pscheck.py rejects: Debian
               has no PowerShell (no powershell or pwsh package in bookworm
               or trixie: apt-cache search through the private apt
               configuration, 2026-12-02), so a parser test of the subset
               the engine writes reads each one after Microsoft's
               about_Quoting_Rules, about_Parsing and the PowerShell
               Language Specification 3.0 (its header cites them), for
               Windows PowerShell 5.1: unterminated strings, && and ||, sh
               builtins and assignments, $NAME for $env:NAME, an unquoted
               <.  A fix outside the subset is counted as not checked,
               never passed; the checker's own self-test (good, bad and
               outside-the-subset lines) runs first and fails the harness
               when it fails.

The apt lists live in APT_CACHE/paste-apt/RELEASE
(default $GD_PKG_CACHE or /var/cache/gpudoctor-test-debs), refreshed when a
day old, under a lock; without network or apt the apt rule is skipped (a
line says so; CI=true fails instead).

KNOWN lists violations another change owns (RULE<TAB>fixed string of the
command): reported, not failed; an entry that no longer occurs fails only
with PASTE_STALE=1 (a whole run).  Prints a summary; exits 1 on violations.
"""

import fcntl
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pscheck  # noqa: E402  (tests/paste/pscheck.py)

RELEASES = {"11": "bullseye", "12": "bookworm", "13": "trixie"}
COMPONENTS = {"bullseye": "main contrib non-free", "bookworm": "main contrib non-free non-free-firmware",
              "trixie": "main contrib non-free non-free-firmware"}


def fixes_of(doc):
    """(code, shell, title, command) of every fix a document prints."""
    out = []

    def findings(fl):
        for f in fl or ():
            for x in f.get("fixes") or ():
                if x.get("command"):
                    out.append((f.get("code"), x.get("shell"), x.get("title"), x["command"]))

    findings(doc.get("findings"))
    for j in doc.get("jobs") or ():
        findings(j.get("findings"))
    for e in doc.get("environments") or ():
        findings(e.get("findings"))
    cmds = doc.get("commands")
    if isinstance(cmds, dict):
        for k in ("pip", "conda", "docker"):
            if cmds.get(k):
                out.append(("plan:" + k, "sh", k, cmds[k]))
    return out


DEB_ARCH = {"x86_64": "amd64", "aarch64": "arm64"}


def release_of(doc):
    """(Debian release, dpkg architecture) of the examined machine, or None."""
    sysf = doc.get("system") or (doc.get("facts") or {}).get("system") or {}
    d = sysf.get("distro") or {}
    if d.get("id") != "debian":
        return None
    v = (d.get("version") or "").split(".")[0]
    arch = DEB_ARCH.get(sysf.get("arch") or "x86_64")
    return (RELEASES[v], arch) if v in RELEASES and arch else None


def interpreters_of(doc):
    """The Python interpreters and environment prefixes the report knows."""
    known = set()
    for e in doc.get("python_envs") or ():
        if e.get("prefix"):
            known.add(e["prefix"].rstrip("/"))
        if e.get("interpreter"):
            known.add(e["interpreter"])
    for i in doc.get("interpreters") or ():
        for k in ("path", "found", "target"):
            if i.get(k):
                known.add(i[k])
    return known


def run(argv, inp=None, timeout=60, env=None):
    try:
        p = subprocess.run(argv, input=inp, capture_output=True, text=True, timeout=timeout, env=env)
        return p.returncode, (p.stdout + p.stderr)
    except subprocess.TimeoutExpired:
        return 124, "timed out"


class Apt:
    """apt-get -s against one Debian release, through a private configuration."""

    def __init__(self, cache):
        self.cache = cache
        self.ready = {}
        self.why = None
        self.memo = {}

    def opts(self, ra):
        rel, arch = ra
        d = os.path.join(self.cache, "paste-apt", "%s-%s" % (rel, arch))
        return d, ["-o", "Dir::Etc::SourceList=%s/sources.list" % d, "-o", "Dir::Etc::SourceParts=/dev/null",
                   "-o", "Dir::State::Lists=%s/lists" % d, "-o", "Dir::Cache=%s/cache" % d,
                   "-o", "Dir::Cache::Archives=%s/archives" % d, "-o", "Dir::State::status=%s/status" % d,
                   "-o", "APT::Architecture=%s" % arch, "-o", "APT::Architectures::=%s" % arch,
                   "-o", "Debug::NoLocking=1", "-o", "APT::Sandbox::User=root", "-q"]

    def prepare(self, ra):
        rel, arch = ra
        if ra in self.ready:
            return self.ready[ra]
        ok = False
        if not shutil.which("apt-get"):
            self.why = "apt-get is not installed"
        elif not os.path.exists("/usr/share/keyrings/debian-archive-keyring.gpg"):
            self.why = "debian-archive-keyring is not installed"
        else:
            d, o = self.opts(ra)
            try:
                for sub in ("lists/partial", "cache", "archives/partial"):
                    os.makedirs(os.path.join(d, sub), exist_ok=True)
                with open(os.path.join(d, "lock"), "w") as lk:
                    fcntl.flock(lk, fcntl.LOCK_EX)
                    with open(os.path.join(d, "sources.list"), "w") as f:
                        f.write("deb [arch=%s signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] "
                                "%s %s %s\n" % (arch, os.environ.get("GD_DEBIAN_MIRROR", "http://deb.debian.org/debian"),
                                                rel, COMPONENTS[rel]))
                    open(os.path.join(d, "status"), "a").close()
                    stamp = os.path.join(d, "stamp")
                    if not os.path.exists(stamp) or time.time() - os.path.getmtime(stamp) > 86400:
                        rc, log = run(["apt-get"] + o + ["update"], timeout=600)
                        if rc == 0 and any(n.endswith("Packages") or "Packages." in n
                                           for n in os.listdir(os.path.join(d, "lists"))):
                            open(stamp, "w").close()
                        else:
                            self.why = "apt-get update for %s failed: %s" % (rel, log.strip().splitlines()[-1:])
                    ok = os.path.exists(stamp)
            except OSError as e:
                self.why = "cannot use the apt cache %s: %s" % (d, e)
        self.ready[ra] = ok
        return ok

    def install(self, ra, pkgs):
        key = (ra, tuple(pkgs))
        if key not in self.memo:
            _, o = self.opts(ra)
            rc, log = run(["apt-get"] + o + ["install", "-s", "--no-install-recommends"] + list(pkgs), timeout=120)
            err = [l for l in log.splitlines() if l.startswith("E:") or "but it is not" in l or "Unable to locate" in l]
            self.memo[key] = (rc, " ".join(err)[:300] if rc else "")
        return self.memo[key]


def kb_rows(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for l in f:
            if l.startswith(("#", "%")) or not l.strip():
                continue
            rows.append(l.split())
    return rows


def pyrange(spec):
    """'3.7-3.10' or '2.7,3.3-3.6' -> ['3.7', '3.8', '3.9', '3.10'] (Python 3 only)."""
    out = []
    for part in spec.split(","):
        a, _, b = part.partition("-")
        b = b or a
        if not a.startswith("3.") or not b.startswith("3."):
            continue
        out += ["3.%d" % m for m in range(int(a.split(".")[1]), int(b.split(".")[1]) + 1)]
    return out


class PipIndex:
    """Local PEP 503 indexes of empty wheels with the kb's names, versions and tags."""

    def __init__(self, data, root):
        import zipfile

        self.root = root
        self.n = 0
        py_of = {}
        for r in kb_rows(os.path.join(data, "torch_python.kb")):
            py_of[r[0]] = pyrange("%s-%s" % (r[1], r[2]))
        wheels = []   # (index, name, version, local, pythons, platforms)
        for r in kb_rows(os.path.join(data, "torch.kb")):
            rel, variant, default = r[0], r[1], r[2]
            ver = rel + ".0"
            pys = py_of.get(rel, [])
            wheels.append(("torch/" + variant, "torch", ver, variant, pys, ["linux_x86_64", "manylinux_2_28_x86_64"]))
            if default == "yes":
                wheels.append(("pypi", "torch", ver, None, pys, ["manylinux1_x86_64", "manylinux_2_28_x86_64"]))
        for r in kb_rows(os.path.join(data, "tf_build.kb")):
            ver, osn, pys = r[0], r[1], pyrange(r[2])
            if osn == "linux":
                wheels.append(("pypi", "tensorflow", ver, None, pys, ["manylinux_2_17_x86_64"]))
            elif osn == "windows":
                wheels.append(("pypi", "tensorflow", ver, None, pys, ["win_amd64"]))
                wheels.append(("pypi", "tensorflow-cpu", ver, None, pys, ["win_amd64"]))
        made = set()
        for idx, name, ver, local, pys, plats in wheels:
            full = ver + ("+" + local if local else "")
            d = os.path.join(root, idx, name)
            os.makedirs(d, exist_ok=True)
            for py in pys:
                tag = "cp" + py.replace(".", "")
                fn = "%s-%s-%s-%s-%s.whl" % (name.replace("-", "_"), full, tag, tag, ".".join(plats))
                if (idx, fn) in made:
                    continue
                made.add((idx, fn))
                di = "%s-%s.dist-info" % (name.replace("-", "_"), full)
                with zipfile.ZipFile(os.path.join(d, fn), "w") as z:
                    z.writestr(di + "/METADATA", "Metadata-Version: 2.1\nName: %s\nVersion: %s\n"
                               "Provides-Extra: and-cuda\n\n" % (name, full))
                    z.writestr(di + "/WHEEL", "Wheel-Version: 1.0\nGenerator: gpudoctor-paste\n"
                               "Root-Is-Purelib: false\nTag: %s-%s-%s\n" % (tag, tag, plats[0]))
                    z.writestr(di + "/RECORD", "")
                self.n += 1
        for idx in {w[0] for w in wheels}:
            base = os.path.join(root, idx)
            for name in os.listdir(base):
                if os.path.isdir(os.path.join(base, name)):
                    files = sorted(f for f in os.listdir(os.path.join(base, name)) if f.endswith(".whl"))
                    with open(os.path.join(base, name, "index.html"), "w") as f:
                        f.write("<!DOCTYPE html><html><body>\n")
                        for w in files:
                            f.write('<a href="%s">%s</a><br>\n' % (w, w))
                        f.write("</body></html>\n")
        self.memo = {}

    def url(self, index_url):
        """The local index for a fix's --index-url (None: PyPI), or None when not modelled."""
        if index_url is None:
            return "file://" + os.path.join(self.root, "pypi")
        m = re.match(r"^https://download\.pytorch\.org/whl/([a-z0-9.]+)/?$", index_url)
        if m and os.path.isdir(os.path.join(self.root, "torch", m.group(1))):
            return "file://" + os.path.join(self.root, "torch", m.group(1))
        if m:
            return "missing:" + m.group(1)
        return None

    def dry_run(self, reqs, index_url, python, platform):
        key = (tuple(reqs), index_url, python, platform)
        if key not in self.memo:
            plats = {"linux": ["manylinux_2_17_x86_64", "manylinux_2_28_x86_64", "manylinux1_x86_64",
                               "linux_x86_64"], "windows": ["win_amd64"]}[platform]
            tag = "cp" + python.replace(".", "")
            # pip refuses platform options without --target, even for a dry run.
            argv = [sys.executable, "-m", "pip", "install", "--dry-run", "--no-deps", "--ignore-installed",
                    "--target", os.path.join(self.root, "target"),
                    "--only-binary", ":all:", "--no-cache-dir", "--disable-pip-version-check",
                    "--python-version", python, "--implementation", "cp", "--abi", tag,
                    "--index-url", index_url]
            for p in plats:
                argv += ["--platform", p]
            env = dict(os.environ, PIP_CONFIG_FILE=os.devnull, PIP_NO_INPUT="1")
            # The kb keys torch by release: a patch pin (torch==2.0.1) asks
            # for that release's wheel (torch==2.0.*).
            reqs = [re.sub(r"^(torch==[0-9]+\.[0-9]+)\.[0-9]+$", r"\1.*", r) for r in reqs]
            rc, log = run(argv + list(reqs), timeout=120, env=env)
            err = [l for l in log.splitlines() if l.startswith("ERROR")]
            self.memo[key] = (rc, " ".join(err)[:300])
        return self.memo[key]


PIP_NAMES = ("torch", "tensorflow", "tensorflow-cpu")


def pip_request(words):
    """(requirements on the kb's names, --index-url or None) of `... -m pip install ...`,
    or None when the line is not one the dry run models."""
    try:
        i = words.index("pip")
    except ValueError:
        return None
    if i < 1 or words[i - 1] != "-m" or len(words) <= i + 1 or words[i + 1] != "install":
        return None
    rest = words[i + 2:]
    reqs, index = [], None
    j = 0
    while j < len(rest):
        a = rest[j]
        if a in ("-f", "--find-links", "--no-binary", "-e", "--editable", "-r", "--requirement", "--extra-index-url"):
            return None
        if a in ("--index-url", "-i"):
            index = rest[j + 1] if j + 1 < len(rest) else None
            j += 2
            continue
        if a.startswith("--index-url="):
            index = a.split("=", 1)[1]
        elif not a.startswith("-"):
            name = re.split(r"[\[=<>!~;@ ]", a, 1)[0].lower()
            if name in PIP_NAMES:
                reqs.append(a)
        j += 1
    return (reqs, index) if reqs else None


def python_of(exe, doc):
    """The Python version the interpreter exe runs, by the report, or None."""
    envs = doc.get("python_envs") or []
    if exe.startswith("/") or exe.startswith("~"):
        for e in envs:
            pre = (e.get("prefix") or "").rstrip("/")
            if pre and (exe.startswith(pre + "/") or exe == e.get("interpreter")):
                return e.get("python_version")
        m = re.search(r"python(3\.[0-9]+)$", exe)
        return m.group(1) if m else None
    for i in doc.get("interpreters") or ():
        if i.get("command") == exe and i.get("env_python"):
            return i["env_python"]
    active = [e for e in envs if e.get("active")]
    if len(active) == 1:
        return active[0].get("python_version")
    if doc.get("schema") == "gpudoctor-plan/1":
        return doc.get("python_pick") or (doc.get("python") or "").split("-")[0] or None
    return None


def segments(line):
    """The simple commands of one line, split at && || ; | (quotes respected)."""
    try:
        lex = shlex.shlex(line, posix=True, punctuation_chars=";&|")
        lex.whitespace_split = True
        toks = list(lex)
    except ValueError:
        return []
    segs, cur = [], []
    for t in toks:
        if t and set(t) <= set(";&|"):
            if cur:
                segs.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        segs.append(cur)
    return segs


def apt_packages(words):
    """The packages of `[sudo] apt-get|apt install ...`, or None."""
    w = list(words)
    while w and (w[0] == "sudo" or re.match(r"^[A-Z_]+=", w[0])):
        w.pop(0)
        while w and w[0].startswith("-") and w[0] != "--":
            w.pop(0)   # sudo's own options
    if len(w) < 2 or os.path.basename(w[0]) not in ("apt-get", "apt"):
        return None
    rest = w[1:]
    opts_with_arg = {"-t", "--target-release", "-o", "-c"}
    i, verb, pkgs = 0, None, []
    while i < len(rest):
        a = rest[i]
        if a in opts_with_arg:
            i += 2
            continue
        if a.startswith("-"):
            i += 1
            continue
        if verb is None:
            verb = a
        else:
            pkgs.append(a)
        i += 1
    if verb != "install":
        return None
    return pkgs


# The conda packages the fix engine names, per channel, with the versions
# their channels publish (anaconda.org's file lists, read 2026-12-02):
#   https://anaconda.org/conda-forge/cudatoolkit/files (9.2.148 ... 11.8.0: no CUDA 12 cudatoolkit)
#   https://anaconda.org/conda-forge/cudnn/files (7.6.5.32 ... 9.23.1.3: no 8.5, 8.6, 8.7)
#   https://anaconda.org/conda-forge/cuda-libraries/files (12.0.0 ... 13.1.1: the CUDA
#     releases of conda-forge's split packages, which cuda-version pins; no 12.7)
#   https://anaconda.org/conda-forge/python (2.7, 3.6 ... 3.14)
#   cuda-cudart, libcublas, libcufft, libcurand: conda-forge's CUDA 12 split packages
#     (conda-forge/conda-forge.github.io#1963), versioned per component, pinned by cuda-version
#   https://anaconda.org/nvidia/cuda-libraries/files (11.3.0 ... 13.3.0)
CONDA = {
    "conda-forge": {
        "cudatoolkit": ["9.2.148", "10.0.130", "10.1.243", "10.2.89", "11.0.3", "11.1.1", "11.2.0", "11.2.1",
                        "11.2.2", "11.3.1", "11.4.2", "11.4.3", "11.5.0", "11.5.1", "11.5.2", "11.6.0", "11.6.1",
                        "11.6.2", "11.7.0", "11.7.1", "11.8.0"],
        "cudnn": ["7.6.5.32", "8.0.5.39", "8.1.0.77", "8.2.0.53", "8.2.1.32", "8.3.2.44", "8.4.0.27", "8.4.1.50",
                  "8.8.0.121", "8.9.1.23", "8.9.7.29", "9.2.1.18", "9.3.0.75", "9.7.1.26", "9.8.0.87", "9.9.0.52",
                  "9.10.0.56", "9.10.1.4", "9.10.2.21", "9.11.0.98", "9.12.0.46", "9.13.0.50", "9.13.1.26",
                  "9.14.0.64", "9.15.0.58", "9.15.1.9", "9.16.0.29", "9.17.0.29", "9.17.1.4", "9.18.0.77",
                  "9.18.1.3", "9.19.0.56", "9.19.1.2", "9.20.0.48", "9.21.0.82", "9.21.1.3", "9.22.0.52",
                  "9.23.0.39", "9.23.1.3"],
        "cuda-version": ["12.0", "12.1", "12.2", "12.3", "12.4", "12.5", "12.6", "12.8", "12.9", "13.0", "13.1"],
        "python": ["2.7"] + ["3.%d" % m for m in range(6, 15)],
        "cuda-cudart": None, "libcublas": None, "libcufft": None, "libcurand": None, "pip": None,
    },
    "nvidia": {
        "cuda-libraries": ["11.3.0", "11.3.1", "11.4.0", "11.4.1", "11.4.2", "11.4.3", "11.4.4", "11.5.0", "11.5.1",
                           "11.5.2", "11.6.0", "11.6.1", "11.6.2", "11.7.0", "11.7.1", "11.8.0", "12.0.0", "12.0.1",
                           "12.1.0", "12.1.1", "12.2.0", "12.2.1", "12.2.2", "12.3.0", "12.3.1", "12.3.2", "12.4.0",
                           "12.4.1", "12.5.0", "12.5.1", "12.6.0", "12.6.1", "12.6.2", "12.6.3", "12.8.0", "12.8.1",
                           "12.8.2", "12.9.0", "12.9.1", "12.9.2", "13.0.0", "13.0.1", "13.0.2", "13.0.3", "13.1.0",
                           "13.1.1", "13.1.2", "13.2.0", "13.2.1", "13.3.0"],
    },
    # The default channel (Anaconda's main): only python is modelled.
    "defaults": {"python": ["2.7"] + ["3.%d" % m for m in range(6, 14)]},
}


def conda_request(words):
    """(channels, specs) of `conda|mamba create|install ...`, or None."""
    if len(words) < 2 or os.path.basename(words[0]) not in ("conda", "mamba", "micromamba") or \
            words[1] not in ("create", "install"):
        return None
    chans, specs, i = [], [], 2
    with_arg = {"-n", "--name", "-p", "--prefix", "--file"}
    while i < len(words):
        a = words[i]
        if a in ("-c", "--channel"):
            if i + 1 < len(words):
                chans.append(words[i + 1])
            i += 2
            continue
        if a.startswith("--channel="):
            chans.append(a.split("=", 1)[1])
        elif a in with_arg:
            i += 2
            continue
        elif not a.startswith("-"):
            specs.append(a)
        i += 1
    return chans, specs


def conda_check(chans, specs):
    """Why the specs cannot be satisfied from the channels, or None (also None when not modelled)."""
    model = [c for c in (chans or ["defaults"]) if c in CONDA]
    if not model or len(model) != len(chans or ["defaults"]):
        return None   # a channel the harness does not model
    for spec in specs:
        m = re.match(r"^([A-Za-z0-9_.-]+)(?:(==|=|>=|<=|>|<|!=)?([0-9][0-9A-Za-z.*]*))?(?:=[A-Za-z0-9_*.]+)?$", spec)
        if not m:
            return "%s is no conda package spec" % spec
        name, op, ver = m.group(1).lower(), m.group(2), m.group(3)
        have = [CONDA[c][name] for c in model if name in CONDA[c]]
        if not have:
            return "no package %s on %s" % (name, ", ".join(model))
        if not ver or any(h is None for h in have) or op not in (None, "=", "=="):
            continue
        vs = [v for h in have for v in h]
        ver = ver.rstrip("*").rstrip(".")
        if op == "==":
            ok = ver in vs
        else:
            ok = any(v == ver or v.startswith(ver + ".") for v in vs)
        if not ok:
            return "%s: no %s %s on %s (has %s)" % (spec, name, ver, ", ".join(model), " ".join(vs[-6:]))
    return None


class CmdParser:
    """Wine's cmd.exe as a parser: each fix's lines in `if 0==1 ( ... )`, all in one run."""

    MARK = "GD-PASTE-END"

    def __init__(self, tmp):
        self.wine = shutil.which("wine")
        self.tmp = tmp
        self.jobs = []   # (lines, report)

    def add(self, cmd, report):
        """Queue cmd; False when a line cannot be wrapped (parentheses and an operator outside quotes)."""
        out = []
        for l in cmd.split("\n"):
            bare = re.sub(r'"[^"]*"', "", l)
            if not re.search(r"[()]", bare):
                out += ["if 0==1 (", l, ")"]   # pipes and redirections stay inside the block
            elif not re.search(r"[|&<>]", bare):
                out.append("if 0==1 " + l)   # parentheses read as the line's own
            else:
                return False
        self.jobs.append((out, report))
        return True

    def run(self):
        if not self.wine or not self.jobs:
            return
        d = os.path.join(self.tmp, "cmd")
        os.makedirs(d, exist_ok=True)
        main = ["@echo off"]
        for n, (lines, _) in enumerate(self.jobs):
            with open(os.path.join(d, "f%d.bat" % n), "w", newline="") as f:
                f.write("\r\n".join(["@echo off"] + lines + ["echo %s" % self.MARK]) + "\r\n")
            main += ["echo GD-PASTE-BEGIN %d" % n, "call f%d.bat" % n]
        main.append("echo GD-PASTE-DONE")
        with open(os.path.join(d, "main.bat"), "w", newline="") as f:
            f.write("\r\n".join(main) + "\r\n")
        env = dict(os.environ, WINEDEBUG="-all", WINEARCH="win64",
                   WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d;winedbg.exe=d")
        env.setdefault("WINEPREFIX", os.path.join(self.tmp, "wineprefix"))
        env.pop("DISPLAY", None)
        env.pop("WAYLAND_DISPLAY", None)
        try:
            p = subprocess.run([self.wine, "cmd", "/c", "main.bat"], cwd=d, capture_output=True, text=True,
                               timeout=600, env=env, stdin=subprocess.DEVNULL)
            out = p.stdout
        except (subprocess.TimeoutExpired, OSError) as e:
            self.why = "wine cmd: %s" % e
            self.jobs = []
            return
        if "GD-PASTE-DONE" not in out:
            self.why = "wine cmd did not run the batch: %s" % (p.stdout + p.stderr).strip()[-200:]
            self.jobs = []
            return
        got = {}
        cur = None
        for l in out.replace("\r", "").split("\n"):
            m = re.match(r"^GD-PASTE-BEGIN ([0-9]+)$", l)
            if m:
                cur = int(m.group(1))
                got[cur] = []
            elif l == "GD-PASTE-DONE":
                cur = None
            elif cur is not None:
                got[cur].append(l)
        for n, (_, report) in enumerate(self.jobs):
            lines = [l for l in got.get(n, []) if l.strip()]
            if lines != [self.MARK]:
                report(" | ".join(x for x in lines if x != self.MARK)[:200] or "cmd read no end of the block")

    why = None


def check_all(paths, known, apt, use_apt, pipidx=None, cmdp=None):
    seen = {}
    stats = {"documents": 0, "fixes": 0, "distinct": 0, "sh": 0, "fish": 0, "apt_lines": 0, "pip_lines": 0,
             "pip_runs": 0, "not_checked": 0, "python": 0, "conda_lines": 0, "cmd": 0, "ps": 0,
             "ps_not_checked": 0}
    violations = []
    fish = shutil.which("fish")
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError):
            continue
        if not isinstance(doc, dict):
            continue
        stats["documents"] += 1
        rel = release_of(doc)
        interps = interpreters_of(doc)
        for code, shell, title, cmd in fixes_of(doc):
            stats["fixes"] += 1
            key = (cmd, shell, rel, json.dumps([doc.get("python_envs"), doc.get("interpreters"), doc.get("python"),
                                                (doc.get("system") or {}).get("os")]) if "pip" in cmd else ())
            if key in seen:
                continue
            seen[key] = path
            stats["distinct"] += 1

            def bad(rule, why, code=code, cmd=cmd, path=path):
                violations.append((rule, code, cmd, why, os.path.basename(path)))

            if shell in (None, "sh"):
                stats["sh"] += 1
                rc, log = run(["sh", "-n", "-c", cmd])
                if rc:
                    bad("sh-syntax", log.strip()[:200])
                    continue
            elif shell == "fish":
                if fish:
                    stats["fish"] += 1
                    # fish -n -c exits 0 after a syntax error; reading a file it does not.
                    import tempfile
                    with tempfile.NamedTemporaryFile("w", suffix=".fish", delete=False) as tf:
                        tf.write(cmd + "\n")
                    rc, log = run([fish, "--no-execute", tf.name])
                    os.unlink(tf.name)
                    if rc or log.strip():
                        bad("fish-syntax", log.strip()[:200])
                else:
                    stats["not_checked"] += 1
                continue
            elif shell == "python":
                stats["python"] += 1
                try:
                    compile(cmd, "<fix>", "exec")
                except (SyntaxError, ValueError) as e:
                    bad("python", "compile(): %s" % e)
                continue
            elif shell == "powershell":
                verdict, why = pscheck.check(cmd)
                if verdict == "ok":
                    stats["ps"] += 1
                elif verdict == "bad":
                    stats["ps"] += 1
                    bad("ps-syntax", why)
                else:
                    stats["not_checked"] += 1
                    stats["ps_not_checked"] += 1
                    print("not checked (PowerShell outside pscheck's subset: %s): %s"
                          % (why, cmd.replace("\n", " \\n ")[:160]))
                continue
            elif shell == "cmd" and cmdp and cmdp.wine and cmdp.add(cmd, lambda why, bad=bad: bad("cmd-syntax", why)):
                stats["cmd"] += 1
                continue
            else:
                stats["not_checked"] += 1
                continue
            conda_py = None   # `conda create ... python=X.Y`: the Python a later `python -m pip` runs
            # A fix that adds an apt source (NVIDIA's repository) installs from it:
            # Debian's archive alone cannot judge its apt lines.
            own_repo = bool(re.search(r"/etc/apt/sources\.list\.d/|add-apt-repository|extrepo enable", cmd))
            for line in cmd.split("\n"):
                for words in segments(line):
                    if words[:2] == ["conda", "create"]:
                        conda_py = next((w.split("=", 1)[1] for w in words if w.startswith("python=")), None)
                    cr = conda_request(words)
                    if cr:
                        stats["conda_lines"] += 1
                        why = conda_check(*cr)
                        if why:
                            bad("conda", why)
                    pk = apt_packages(words)
                    if pk is not None and rel and use_apt and not own_repo:
                        pk = [p for p in pk if not re.search(r"[$`*?\[\]^]", p)]
                        if pk and apt.prepare(rel):
                            stats["apt_lines"] += 1
                            rc, why = apt.install(rel, pk)
                            if rc:
                                bad("apt", "%s/%s: apt-get install -s %s: %s" % (rel[0], rel[1], " ".join(pk), why))
                    pr = pip_request(words) if pipidx else None
                    py = (conda_py if conda_py and words[0] in ("python", "python3") else
                          python_of(words[0], doc)) if pr else None
                    if pr and py:
                        py = ".".join(py.split(".")[:2])
                        osn = (doc.get("system") or {}).get("os") or doc.get("os") or "linux"
                        osn = osn if osn in ("windows", "macos") else "linux"
                        url = pipidx.url(pr[1]) if osn != "macos" else None   # no macOS wheels modelled
                        if url and url.startswith("missing:"):
                            stats["pip_runs"] += 1
                            bad("pip", "no torch variant %s in the knowledge base (download.pytorch.org/whl/%s)"
                                % (url[8:], url[8:]))
                        elif url:
                            stats["pip_runs"] += 1
                            rc, why = pipidx.dry_run(pr[0], url, py, osn)
                            if rc:
                                bad("pip", "Python %s, %s: pip install --dry-run %s: %s"
                                    % (py, osn, " ".join(pr[0]), why))
                    if len(words) >= 3 and words[1:3] == ["-m", "pip"] and words[0].startswith("/"):
                        stats["pip_lines"] += 1
                        exe = words[0]
                        under = any(exe == k or exe.startswith(k + "/") for k in interps)
                        if interps and not under:
                            bad("pip-target", "%s is no interpreter of the report's environments" % exe)
    if cmdp:
        cmdp.run()
        if cmdp.why:
            stats["cmd"] = 0
    return stats, violations


def main(argv):
    args = argv[1:]
    known_path, cache, use_apt = None, os.environ.get("GD_PKG_CACHE", "/var/cache/gpudoctor-test-debs"), True
    data = None
    files = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--known":
            known_path = args[i + 1]
            i += 2
        elif a == "--apt-cache":
            cache = args[i + 1]
            i += 2
        elif a == "--data":
            data = args[i + 1]
            i += 2
        elif a == "--no-apt":
            use_apt = False
            i += 1
        elif os.path.isdir(a):
            files += sorted(os.path.join(a, f) for f in os.listdir(a) if f.endswith(".json"))
            i += 1
        else:
            files.append(a)
            i += 1
    known = []
    if known_path and os.path.exists(known_path):
        with open(known_path, encoding="utf-8") as f:
            for l in f:
                l = l.rstrip("\n")
                if l and not l.startswith("#") and "\t" in l:
                    known.append(tuple(l.split("\t", 1)))
    selftest = pscheck.self_test()
    for b in selftest:
        print("FAIL   pscheck self-test: %s" % b)
    apt = Apt(cache)
    import tempfile
    tmp = tempfile.mkdtemp(prefix="paste-index.")
    try:
        pipidx = PipIndex(data, tmp) if data else None
        cmdp = CmdParser(tmp)
        stats, violations = check_all(files, known, apt, use_apt, pipidx, cmdp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    used, new = set(), []
    for rule, code, cmd, why, src in violations:
        k = next((k for k in known if k[0] == rule and k[1] in cmd), None)
        if k:
            used.add(k)
            print("known  %s %s (%s): %s -- %s" % (rule, code, src, cmd.replace("\n", " \\n ")[:160], why))
        else:
            new.append(1)
            print("FAIL   %s %s (%s): %s -- %s" % (rule, code, src, cmd.replace("\n", " \\n ")[:160], why))
    stale = [k for k in known if k not in used]
    if os.environ.get("PASTE_STALE") == "1":
        for k in stale:
            print("STALE  known entry no longer occurs: %s\t%s" % k)
    else:
        stale = []
    rc = 1 if new or stale or selftest else 0
    if apt.why and use_apt:
        print("apt rule not run: %s" % apt.why)
        if os.environ.get("CI") == "true":
            rc = 1
    if not cmdp.wine:
        print("cmd rule not run: wine is not installed")
        if os.environ.get("CI") == "true":
            rc = 1
    elif cmdp.why:
        print("cmd rule not run: %s" % cmdp.why)
        if os.environ.get("CI") == "true":
            rc = 1
    print("paste: %(documents)d documents, %(fixes)d fixes (%(distinct)d distinct): %(sh)d by sh -n, "
          "%(fish)d by fish -n, %(python)d by Python's parser, %(cmd)d by Wine's cmd, %(ps)d by the PowerShell "
          "parser test, %(apt_lines)d apt lines "
          "simulated, %(pip_runs)d pip dry runs, %(conda_lines)d conda lines against the channels' packages, "
          "%(not_checked)d not checked (%(ps_not_checked)d PowerShell outside pscheck's subset; "
          "cmd with parentheses and operators; fish without fish)" % stats
          + "; %d violations (%d known)" % (len(violations), len(violations) - len(new)))
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
