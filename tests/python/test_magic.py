"""tests/python/test_magic.py - the %gpudoctor view's text filters
(python/gpudoctor/_magic.py), without IPython or the program: a Report is
built from a JSON document as check --json writes it.

    PYTHONPATH=python python3 -m unittest discover -s tests/python
"""

import unittest

from gpudoctor import _magic

# A two-line fix as the fix engine writes one (a newline between the
# commands), with a tab, a carriage return and an escape sequence that a
# hostile path could carry.
DOC = {
    "schema": "gpudoctor/1",
    "gpudoctor_version": "0",
    "summary": {"errors": 1, "warnings": 0, "infos": 0},
    "verdicts": [{"framework": "tensorflow", "version": "2.10.1", "env": "/venv\x1b[2J",
                  "subject": "tensorflow 2.10.1 (venv /venv)", "gpu": "no",
                  "reason": "cuDNN\nmissing", "findings": ["GD301"]}],
    "findings": [{
        "code": "GD301", "severity": "error", "title": "cuDNN 8 is not\nfound",
        "subject": "tensorflow 2.10.1 (venv /venv)",
        "fixes": [{"title": "install cuDNN 8.1 in a conda environment",
                   "command": "conda install -c conda-forge cudnn=8.1\nconda activate tf\tx\r\x1b[31m"}],
    }],
}


class Filters(unittest.TestCase):
    def test_text_keeps_the_lines_of_a_fix(self):
        text = str(_magic.Report(DOC))
        self.assertIn("    conda install -c conda-forge cudnn=8.1\n    conda activate tf\tx??[31m", text)
        self.assertNotIn("cudnn=8.1?conda", text)

    def test_html_keeps_the_lines_of_a_fix(self):
        h = _magic.Report(DOC)._repr_html_()
        self.assertIn("<pre>conda install -c conda-forge cudnn=8.1\nconda activate tf\tx??[31m</pre>", h)
        self.assertNotIn("cudnn=8.1?conda", h)
        self.assertNotIn("\x1b", h)
        self.assertNotIn("\r", h)

    def test_one_line_fields_stay_one_line(self):
        # A newline in a title, a reason or a path would forge a line of the report.
        text = str(_magic.Report(DOC))
        self.assertIn("cuDNN 8 is not?found", text)
        self.assertIn("cuDNN?missing", text)
        h = _magic.Report(DOC)._repr_html_()
        self.assertIn("/venv?[2J", h)
        self.assertNotIn("\x1b", text + h)

    def test_output_keeps_lines_and_tabs(self):
        out = _magic.Output("a\tb\nc\x1b[0m\n\n", 0)
        self.assertEqual(str(out), "a\tb\nc?[0m")
        self.assertEqual(out._repr_html_(), "<pre>a\tb\nc?[0m</pre>")


if __name__ == "__main__":
    unittest.main()
