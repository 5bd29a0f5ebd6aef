"""gpudoctor: why a deep-learning framework does not use the NVIDIA GPU.

This package is a thin layer over the ``gpudoctor`` program that its wheel
installs next to the interpreter's scripts (``bin/gpudoctor``,
``Scripts\\gpudoctor.exe``).  Every function runs that program in a child
process and returns its ``--json`` document as a dict (schemas:
docs/json.md).  Nothing here imports a framework, and gpudoctor itself only
reads files: asking does not change what is asked about.

    >>> import gpudoctor
    >>> report = gpudoctor.check()
    >>> [(v["framework"], v["gpu"]) for v in report["verdicts"]]

In IPython or Jupyter, ``%load_ext gpudoctor`` adds the ``%gpudoctor`` line
magic (see ``gpudoctor._magic``); IPython is imported only then.
"""

import json
import os
import subprocess
from importlib import metadata as _metadata

__all__ = [
    "GpudoctorError",
    "GpudoctorNotFound",
    "binary",
    "check",
    "explain",
    "which",
    "run",
    "load_ipython_extension",
]

#: The distribution (wheel) name; the command and the import name are
#: ``gpudoctor``.  docs/packaging.md says why the two differ.
DIST_NAME = "gpudoctor-cli"

#: Exit statuses (src/cli/exit.h, ``gpudoctor --help``).
EXIT_OK = 0
EXIT_FINDINGS = 1  # check: an error finding; which: not found
EXIT_USAGE = 2
EXIT_FAILURE = 3

_EXE = "gpudoctor.exe" if os.name == "nt" else "gpudoctor"


class GpudoctorError(Exception):
    """The gpudoctor program failed: it exited with a status that is not a
    result (2: usage, 3: it could not run, or a signal), or wrote no JSON.

    ``argv``, ``returncode`` and ``stderr`` say what ran and what it said.
    """

    def __init__(self, message, argv=None, returncode=None, stderr=""):
        super().__init__(message)
        self.argv = list(argv) if argv is not None else None
        self.returncode = returncode
        self.stderr = stderr

    def __str__(self):
        msg = self.args[0]
        if self.returncode is not None:
            msg += " (exit status %s)" % self.returncode
        tail = (self.stderr or "").strip()
        if tail:
            msg += ": " + tail.splitlines()[-1]
        return msg


class GpudoctorNotFound(GpudoctorError, FileNotFoundError):
    """The gpudoctor program is not where this package expects it: the file
    the wheel installed is gone, or GPUDOCTOR_BIN names no executable file."""

    def __init__(self, message, path=None):
        GpudoctorError.__init__(self, message)
        self.path = path


def _installed_binary():
    """The program this package's own wheel installed, from the RECORD the
    installer wrote (so a venv, ``--user``, ``--prefix`` and ``--target``
    install are all found, and never another gpudoctor on PATH).  Returns
    (path or None, what was looked at)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        dists = list(_metadata.distributions(name=DIST_NAME, path=[here]))
    except Exception:  # a broken RECORD or METADATA: say what was tried
        dists = []
    recorded = None
    for dist in dists:
        for f in dist.files or ():
            if f.name == _EXE and f.parent.name in ("bin", "Scripts"):
                recorded = os.path.abspath(str(dist.locate_file(f)))
                break
        if recorded:
            break
    if recorded and os.path.isfile(recorded):
        return recorded, "%s's RECORD" % DIST_NAME
    # `pip install --target DIR` writes RECORD relative to the scheme it
    # installed into before moving the files, so there the program is in
    # DIR/bin, next to the package, whatever RECORD says.
    target = os.path.join(here, "bin", _EXE)
    if os.path.isfile(target):
        return target, "the --target layout"
    if recorded:
        return recorded, "%s's RECORD" % DIST_NAME
    return None, "no %s installation records a %s next to %s" % (DIST_NAME, _EXE, here)


def binary():
    """The path of the gpudoctor program that every function here runs.

    ``GPUDOCTOR_BIN``, when set, names it (a development build, a system
    package); otherwise it is the file this package's wheel installed.
    Raises GpudoctorNotFound when that file is missing or not executable.
    """
    override = os.environ.get("GPUDOCTOR_BIN")
    if override:
        path, how = override, "GPUDOCTOR_BIN"
    else:
        path, how = _installed_binary()
        if path is None:
            raise GpudoctorNotFound("gpudoctor program not found: " + how +
                                    " (reinstall %s, or set GPUDOCTOR_BIN)" % DIST_NAME)
    if not os.path.isfile(path) or not os.access(path, os.X_OK):
        raise GpudoctorNotFound("gpudoctor program not found: %s (from %s) is missing or not "
                                "executable; reinstall %s, or set GPUDOCTOR_BIN"
                                % (path, how, DIST_NAME), path=path)
    return path


def _env_args(env):
    """``env`` as command-line options: the examined environment is exactly
    this mapping (``--clear-env`` then ``--env NAME=VALUE`` each)."""
    if env is None:
        return []
    args = ["--clear-env"]
    for name, value in env.items():
        name, value = str(name), str(value)
        if not name or "=" in name or "\0" in name or "\0" in value:
            raise ValueError("invalid environment variable name or value: %r" % name)
        args += ["--env", "%s=%s" % (name, value)]
    return args


def run(args, input=None, ok=(EXIT_OK,)):
    """Run ``gpudoctor ARGS`` and return the subprocess.CompletedProcess
    (text mode, stdout and stderr captured; ``input``, str or bytes, on
    standard input, else /dev/null).  An exit status outside ``ok``
    raises GpudoctorError."""
    argv = [binary()] + [os.fspath(a) for a in args]
    if isinstance(input, bytes):
        input = input.decode("utf-8", "surrogateescape")
    # No input: standard input is /dev/null, never the caller's (a notebook
    # kernel's stdin would leave `explain` with no file waiting forever).
    stdin = subprocess.DEVNULL if input is None else None
    proc = subprocess.run(argv, input=input, stdin=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, encoding="utf-8", errors="replace")
    if proc.returncode not in ok:
        raise GpudoctorError("gpudoctor %s failed" % (args[0] if args else ""), argv,
                             proc.returncode, proc.stderr)
    return proc


def _json(args, input=None, ok=(EXIT_OK, EXIT_FINDINGS)):
    proc = run(args, input=input, ok=ok)
    try:
        doc = json.loads(proc.stdout)
    except ValueError as e:
        raise GpudoctorError("gpudoctor %s wrote no JSON document (%s)" % (args[0], e),
                             proc.args, proc.returncode, proc.stderr) from None
    if not isinstance(doc, dict):
        raise GpudoctorError("gpudoctor %s wrote JSON that is not an object" % args[0],
                             proc.args, proc.returncode, proc.stderr)
    return doc


def check(root=None, env=None, args=()):
    """Examine this machine, or the tree at ``root`` (an unpacked container
    image, a mounted disk), and return the ``check --json`` document
    (schema "gpudoctor/1"): ``verdicts``, ``findings`` (with their fixes),
    ``exit_status``...

    ``env``: None examines this process's environment; a mapping is the
    examined environment *instead* (as ``subprocess.run(env=...)`` replaces
    it), passed as ``--clear-env --env NAME=VALUE...``.  To change one
    variable, pass ``{**os.environ, "CUDA_VISIBLE_DEVICES": "0"}``.  The
    child process itself always runs with this process's environment.

    ``args``: more options of ``gpudoctor check`` (``["--prefix", DIR]``).
    Exit status 1 (an error finding) is a result, not an error; the
    document's ``exit_status`` carries it.  Raises GpudoctorError on a usage
    error (2) or when gpudoctor could not run (3), GpudoctorNotFound when
    the program is missing.
    """
    argv = ["check", "--json"]
    if root is not None:
        argv += ["--root", os.fspath(root)]
    return _json(argv + _env_args(env) + list(args))


def explain(text, args=()):
    """Read a log (TensorFlow, PyTorch, JAX, ONNX Runtime, nvidia-smi, nvcc,
    pip; ``str`` or ``bytes``) and return the ``explain --json`` document
    (schema "gpudoctor-explain/1"): ``cause``, ``hypotheses``, ``findings``."""
    return _json(["explain", "--json"] + list(args) + ["-"], input=text)


def which(name, root=None, env=None, args=()):
    """Trace how the dynamic loader would look for the library ``name``
    (``libcudnn.so.8``) and return the ``which --json`` document: ``found``
    (None when nothing loadable is found: exit status 1, a result),
    ``step``, ``attempts``.  ``root``, ``env`` and ``args`` as in check()."""
    if not name or name.startswith("-"):
        raise ValueError("not a library name: %r" % (name,))
    argv = ["which", "--json"]
    if root is not None:
        argv += ["--root", os.fspath(root)]
    return _json(argv + _env_args(env) + list(args) + [name])


def load_ipython_extension(ipython):
    """``%load_ext gpudoctor``: register the ``%gpudoctor`` line magic."""
    from . import _magic  # imports IPython, which only IPython users have

    _magic.register(ipython)


def _version():
    try:
        return _metadata.version(DIST_NAME)
    except _metadata.PackageNotFoundError:
        return "unknown"


__version__ = _version()
