"""The ``%gpudoctor`` line magic and the reports it shows.

``%load_ext gpudoctor`` calls gpudoctor.load_ipython_extension, which
registers ``%gpudoctor ARGS`` (ARGS as on the command line, default
``check``) and ``%%gpudoctor explain`` (the cell's text is the log).  ``check`` and ``explain`` run with ``--json`` and are shown as a
Report: an HTML table of the verdicts and the fixes in a notebook, the same
as plain text in a terminal (IPython picks ``text/html`` or ``text/plain``,
whichever its front end shows).  Any other subcommand, or check/explain
asked for ``--markdown``, ``--facts`` or ``--output``, shows the program's
own output.

This module imports nothing from IPython: the shell it is given registers
the magic and displays the result, so ``import gpudoctor`` never needs it.
"""

import html
import re
import shlex

import gpudoctor

# One-line fields (a title, a path): every control character but the tab.
_CTRL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]")
# A block (a fix's command): its newlines and tabs are kept, since a
# newline separates the commands the reader pastes.
_CTRL_BLOCK = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
# Options that make check/explain write something other than the JSON
# document the Report renders: the program's output is shown as it is.
_RAW = {"--version", "--markdown", "--facts", "-o", "--output", "--json", "-h", "--help"}


def _t(s):
    """A string from the examined machine, for plain text: control
    characters (an escape sequence in a path) become '?'."""
    return "" if s is None else _CTRL.sub("?", str(s))


def _h(s):
    """The same, for HTML: escaped as well."""
    return html.escape(_t(s))


def _t_block(s):
    """A multi-line string (a fix's command) for plain text: control
    characters become '?', but tabs and newlines are kept."""
    return "" if s is None else _CTRL_BLOCK.sub("?", str(s))


def _h_block(s):
    """The same, for HTML (inside <pre>): escaped as well."""
    return html.escape(_t_block(s))


def _fixes_text(findings, out):
    for f in findings:
        if f.get("severity") == "info":
            continue
        subject = " (%s)" % _t(f["subject"]) if f.get("subject") else ""
        out.append("%s %s: %s%s" % (_t(f.get("severity")), _t(f.get("code")), _t(f.get("title")), subject))
        for fix in f.get("fixes") or ():
            shell = " [%s]" % _t(fix["shell"]) if fix.get("shell") else ""
            out.append("  fix%s: %s" % (shell, _t(fix.get("title"))))
            for line in _t_lines(fix.get("command")):
                out.append("    " + line)


def _t_lines(cmd):
    if not cmd:
        return []
    return _t_block(cmd).split("\n")


def _fixes_html(findings, out):
    shown = [f for f in findings if f.get("severity") != "info"]
    if not shown:
        return
    out.append("<h4>Findings and fixes</h4><ul>")
    for f in shown:
        subject = " <i>(%s)</i>" % _h(f["subject"]) if f.get("subject") else ""
        out.append("<li><b>%s %s</b>: %s%s" % (_h(f.get("severity")), _h(f.get("code")), _h(f.get("title")), subject))
        fixes = f.get("fixes") or ()
        if fixes:
            out.append("<ul>")
            for fix in fixes:
                shell = " [%s]" % _h(fix["shell"]) if fix.get("shell") else ""
                cmd = "<pre>%s</pre>" % _h_block(fix["command"]) if fix.get("command") else ""
                out.append("<li>%s%s%s</li>" % (_h(fix.get("title")), shell, cmd))
            out.append("</ul>")
        out.append("</li>")
    out.append("</ul>")


_GPU_STYLE = {"yes": "color:#0a0", "no": "color:#c00;font-weight:bold", "unknown": "color:#a60"}


class Report:
    """A gpudoctor JSON document (``data``, a dict) with the two faces
    IPython shows: ``_repr_html_`` in a notebook, plain text elsewhere
    (``str(report)``)."""

    def __init__(self, data, command="check"):
        self.data = data
        self.command = command

    # --- plain text ---------------------------------------------------
    def text(self):
        d, out = self.data, []
        s = d.get("summary") or {}
        out.append("gpudoctor %s %s: %s errors, %s warnings" % (
            _t(d.get("gpudoctor_version")), self.command, s.get("errors", "?"), s.get("warnings", "?")))
        if self.command == "explain":
            if d.get("cause"):
                out.append("cause: " + _t(d["cause"]))
            for h in d.get("hypotheses") or ():
                out.append("  %s %s (%s%%): %s" % (_t(h.get("code")), _t(h.get("kind")),
                                                 _t(h.get("confidence")), _t(h.get("why"))))
        else:
            verdicts = d.get("verdicts") or []
            if not verdicts:
                out.append("no framework install found")
            for v in verdicts:
                out.append("%-7s %s: %s" % ("gpu=" + _t(v.get("gpu")), _t(v.get("subject")),
                                           _t(v.get("reason")) or "-"))
        _fixes_text(d.get("findings") or (), out)
        return "\n".join(out)

    def __str__(self):
        return self.text()

    def __repr__(self):
        return "<gpudoctor.Report %s: %s>" % (self.command, self.data.get("summary"))

    def _repr_pretty_(self, p, cycle):
        p.text(self.text())

    # --- HTML ---------------------------------------------------------
    def _repr_html_(self):
        d, out = self.data, []
        s = d.get("summary") or {}
        out.append("<div class=\"gpudoctor\"><p><b>gpudoctor %s</b> %s: %s errors, %s warnings</p>" % (
            _h(d.get("gpudoctor_version")), _h(self.command), _h(s.get("errors", "?")), _h(s.get("warnings", "?"))))
        if self.command == "explain":
            if d.get("cause"):
                out.append("<p>cause: <b>%s</b></p>" % _h(d["cause"]))
            out.append("<table><thead><tr><th>code</th><th>kind</th><th>confidence</th><th>why</th>"
                       "</tr></thead><tbody>")
            for h in d.get("hypotheses") or ():
                out.append("<tr><td>%s</td><td>%s</td><td>%s%%</td><td>%s</td></tr>" % (
                    _h(h.get("code")), _h(h.get("kind")), _h(h.get("confidence")), _h(h.get("why"))))
            out.append("</tbody></table>")
        else:
            verdicts = d.get("verdicts") or []
            if not verdicts:
                out.append("<p>no framework install found</p>")
            else:
                out.append("<table><thead><tr><th>framework</th><th>version</th><th>environment</th>"
                           "<th>GPU</th><th>why</th><th>findings</th></tr></thead><tbody>")
                for v in verdicts:
                    gpu = _t(v.get("gpu"))
                    out.append("<tr><td>%s</td><td>%s</td><td>%s</td><td style=\"%s\">%s</td>"
                               "<td>%s</td><td>%s</td></tr>" % (
                                   _h(v.get("framework")), _h(v.get("version")), _h(v.get("env")),
                                   _GPU_STYLE.get(gpu, ""), _h(gpu), _h(v.get("reason")),
                                   _h(" ".join(v.get("findings") or ()))))
                out.append("</tbody></table>")
        _fixes_html(d.get("findings") or (), out)
        out.append("</div>")
        return "\n".join(out)


class Output:
    """A subcommand's own output, shown as it is (``<pre>`` in HTML)."""

    def __init__(self, stdout, returncode):
        self.stdout = stdout
        self.returncode = returncode

    def __str__(self):
        return _t_lines_join(self.stdout)

    def _repr_pretty_(self, p, cycle):
        p.text(str(self))

    def _repr_html_(self):
        return "<pre>%s</pre>" % html.escape(str(self))


def _t_lines_join(s):
    return _t_block(s.rstrip("\n"))


def run_magic(line, cell=None):
    """What ``%gpudoctor LINE`` shows: a Report for check and explain, the
    program's output (an Output) for anything else.  ``%%gpudoctor explain``
    (a cell magic) explains the cell's text, a pasted log.  Raises the
    errors of gpudoctor.run (missing program, usage error, failure), and
    ValueError for a cell given to another subcommand."""
    args = shlex.split(line)
    sub = args[0] if args and not args[0].startswith("-") else "check"
    if args and args[0] == sub:
        rest = args[1:]
    else:
        rest = args
    if cell is not None:
        if sub != "explain":
            raise ValueError("%%gpudoctor reads a cell for 'explain' only: %%gpudoctor explain, then the log")
        return Report(gpudoctor._json(["explain", "--json"] + rest + ["-"], input=cell), "explain")
    if sub in ("check", "explain") and not _RAW.intersection(a.split("=")[0] for a in rest):
        doc = gpudoctor._json([sub, "--json"] + rest)
        return Report(doc, sub)
    ok = (gpudoctor.EXIT_OK, gpudoctor.EXIT_FINDINGS)
    proc = gpudoctor.run(args, ok=ok)
    return Output(proc.stdout, proc.returncode)


def register(ipython):
    """Register ``%gpudoctor`` on an IPython shell."""

    def gpudoctor_magic(line, cell=None):
        """%gpudoctor [SUBCOMMAND] [options]: run gpudoctor (default: check)
        and show the verdicts and fixes (a table in a notebook).
        %%gpudoctor explain: explain the log pasted in the cell."""
        from IPython.core.error import UsageError
        from IPython.display import display

        try:
            result = run_magic(line, cell)
        except (gpudoctor.GpudoctorError, ValueError) as e:
            raise UsageError(str(e)) from None
        display(result)

    ipython.register_magic_function(gpudoctor_magic, magic_kind="line_cell", magic_name="gpudoctor")
