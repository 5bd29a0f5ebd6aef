"""tests/wheel/api_magic.py - run by tests/cli/0077-cli-wheel.sh with the
venv's interpreter, after the wheel was installed into that venv.

    api_magic.py api ROOT_TORCH_CPU VENV_IN_ROOT ROOT_HEALTHY LOG
    api_magic.py magic ROOT_TORCH_CPU VENV_IN_ROOT LOG
    api_magic.py missing

Each assertion that fails raises (the case fails with the traceback).
"""

import os
import shlex
import sys


def fail(msg):
    raise SystemExit("FAIL: " + msg)


def api(root, venv, healthy, log):
    import gpudoctor

    # The installed program, found through the wheel's RECORD.
    exe = gpudoctor.binary()
    if os.path.dirname(exe) != os.path.join(sys.prefix, "bin"):
        fail("binary() is %s, not in the venv's bin" % exe)

    doc = gpudoctor.check(root=root, env={"VIRTUAL_ENV": venv})
    if doc.get("schema") != "gpudoctor/1" or doc.get("exit_status") != 1:
        fail("check: schema %r exit_status %r" % (doc.get("schema"), doc.get("exit_status")))
    torch = [v for v in doc["verdicts"] if v["framework"] == "torch"]
    if len(torch) != 1 or torch[0]["gpu"] != "no" or "GD211" not in torch[0]["findings"]:
        fail("check: torch verdict %r" % torch)
    if torch[0]["env"] != venv:
        fail("check: torch env %r, expected %r" % (torch[0]["env"], venv))
    # env= is the examined environment instead of this process's: with
    # VIRTUAL_ENV set here, env={} must not see it (python_envs[].found_by).
    os.environ["VIRTUAL_ENV"] = venv
    doc_empty = gpudoctor.check(root=root, env={})
    if any(e.get("found_by") == "VIRTUAL_ENV" for e in doc_empty.get("python_envs", [])):
        fail("check(env={}) still saw VIRTUAL_ENV")
    if not any(e.get("found_by") == "VIRTUAL_ENV" for e in doc.get("python_envs", [])):
        fail("check(env={VIRTUAL_ENV}) did not use it: %r" %
             [(e.get("prefix"), e.get("found_by")) for e in doc.get("python_envs", [])])

    ok = gpudoctor.check(root=healthy, env={})
    if ok["exit_status"] != 0 or ok["summary"]["errors"] != 0 or ok["driver"]["version"] != "535.104.05":
        fail("check healthy: %r %r" % (ok["exit_status"], ok["summary"]))

    with open(log, encoding="utf-8") as f:
        text = f.read()
    ex = gpudoctor.explain(text)
    if ex.get("schema") != "gpudoctor-explain/1" or ex.get("cause") != "GD201":
        fail("explain: schema %r cause %r" % (ex.get("schema"), ex.get("cause")))
    if gpudoctor.explain(text.encode("utf-8"))["cause"] != "GD201":
        fail("explain(bytes)")

    w = gpudoctor.which("libcudart.so.12", root=healthy, env={})
    if w["found"] != "/usr/local/cuda-12.2/lib64/libcudart.so.12" and w["found"] is not None:
        fail("which: %r" % w["found"])
    w = gpudoctor.which("libnvidia-ml.so.1", root=healthy, env={})
    if w["found"] != "/usr/lib/x86_64-linux-gnu/libnvidia-ml.so.1":
        fail("which found: %r (attempts %r)" % (w["found"], w.get("attempts")))
    w = gpudoctor.which("libnothere.so.1", root=healthy, env={})
    if w["found"] is not None or not w["attempts"]:
        fail("which not found: %r" % w)

    try:
        gpudoctor.check(root=root, args=["--no-such-option"])
        fail("a usage error did not raise")
    except gpudoctor.GpudoctorError as e:
        if e.returncode != 2 or "no-such-option" not in e.stderr or isinstance(e, gpudoctor.GpudoctorNotFound):
            fail("usage error: %r %r" % (e.returncode, e.stderr))
    try:
        gpudoctor.which("--from")
        fail("an option as a library name did not raise")
    except ValueError:
        pass

    # Nothing here imported IPython or a framework.
    for mod in ("IPython", "torch", "tensorflow", "jax", "onnxruntime", "cupy"):
        if mod in sys.modules:
            fail("%s was imported" % mod)
    print("api ok")


def magic(root, venv, log):
    from IPython.core.error import UsageError
    from IPython.core.interactiveshell import InteractiveShell
    from IPython.utils.capture import capture_output

    ip = InteractiveShell.instance()
    ip.run_line_magic("load_ext", "gpudoctor")

    def show(line):
        with capture_output() as cap:
            ip.run_line_magic("gpudoctor", line)
        if len(cap.outputs) != 1:
            fail("%%gpudoctor %s: %d outputs, stdout %r, stderr %r" % (line, len(cap.outputs), cap.stdout, cap.stderr))
        return cap.outputs[0].data

    d = show("check --root %s --clear-env --env %s" % (shlex.quote(root), shlex.quote("VIRTUAL_ENV=" + venv)))
    html, text = d.get("text/html", ""), d.get("text/plain", "")
    if "<table>" not in html or "<td>torch</td>" not in html or "GD211" not in html:
        fail("check html: %s" % html[:2000])
    if ">no</td>" not in html:
        fail("check html: no 'no' verdict: %s" % html[:2000])
    # The venv's path holds <x>&: escaped in HTML, as it is in text.
    if "&lt;x&gt;&amp;" not in html or "<x>" in html:
        fail("check html: path not escaped: %s" % html[:2000])
    if "Findings and fixes" not in html or "<pre>" not in html:
        fail("check html: no fixes: %s" % html[:3000])
    if "gpu=no" not in text or "GD211" not in text or "<x>&" not in text or "<table" in text:
        fail("check text: %s" % text[:2000])

    d = show("explain %s" % log)
    if "GD201" not in d.get("text/html", "") or "cause: GD201" not in d.get("text/plain", ""):
        fail("explain: %r" % d)

    with open(log, encoding="utf-8") as f:
        text = f.read()
    with capture_output() as cap:
        ip.run_cell_magic("gpudoctor", "explain", text)
    if len(cap.outputs) != 1 or "cause: GD201" not in cap.outputs[0].data.get("text/plain", ""):
        fail("%%%%gpudoctor explain: %r %r" % ([o.data for o in cap.outputs], cap.stderr))
    try:
        ip.run_cell_magic("gpudoctor", "check", text)
        fail("a cell for check did not raise")
    except UsageError as e:
        if "for 'explain' only" not in str(e):
            fail("cell for check: %s" % e)

    d = show("--version")
    if not d.get("text/plain", "").startswith("gpudoctor ") or "<pre>gpudoctor " not in d.get("text/html", ""):
        fail("--version: %r" % d)

    try:
        ip.run_line_magic("gpudoctor", "check --no-such-option")
        fail("a usage error did not raise")
    except UsageError as e:
        if "exit status 2" not in str(e):
            fail("usage error: %s" % e)
    print("magic ok")


def missing():
    import gpudoctor

    try:
        gpudoctor.check()
        fail("check() without the program did not raise")
    except gpudoctor.GpudoctorNotFound as e:
        if not isinstance(e, FileNotFoundError) or os.path.join(sys.prefix, "bin", "gpudoctor") not in str(e):
            fail("not found: %s" % e)
    print("missing ok")


if __name__ == "__main__":
    cmd = sys.argv[1]
    {"api": api, "magic": magic, "missing": missing}[cmd](*sys.argv[2:])
