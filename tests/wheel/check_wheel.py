"""tests/wheel/check_wheel.py WHEEL [BAD_COPY]

Checks a wheel against the spec (PEP 427 / the binary distribution format),
independently of the tool that wrote it: the file name's tags equal the
Tag lines of WHEEL, RECORD lists every member once with its sha256
(urlsafe base64, no padding) and size, RECORD's own row has neither,
METADATA is version 2.1 with Name and Version matching the file name.
With BAD_COPY: also writes a copy of WHEEL whose program differs by one
bit (to prove that a checker refuses it).  Exit 1 and a message on the
first violation.
"""

import base64
import csv
import hashlib
import io
import os
import sys
import zipfile


def fail(msg):
    sys.stderr.write("check_wheel: %s\n" % msg)
    sys.exit(1)


def main(path, bad=None):
    name, ver, py, abi, plat = os.path.basename(path)[:-4].split("-")
    z = zipfile.ZipFile(path)
    names = z.namelist()
    if len(names) != len(set(names)):
        fail("duplicate members")
    info = "%s-%s.dist-info/" % (name, ver)
    rec = info + "RECORD"
    if rec not in names:
        fail("no " + rec)
    rows = list(csv.reader(io.TextIOWrapper(z.open(rec), "utf-8")))
    by = {r[0]: r[1:] for r in rows}
    if len(by) != len(rows) or set(by) != set(names):
        fail("RECORD and the zip differ: %s" % sorted(set(by) ^ set(names)))
    for n in names:
        if n == rec:
            if by[n] != ["", ""]:
                fail("RECORD's own row %r" % by[n])
            continue
        b = z.read(n)
        h = base64.urlsafe_b64encode(hashlib.sha256(b).digest()).rstrip(b"=").decode()
        if by[n] != ["sha256=" + h, str(len(b))]:
            fail("%s: RECORD says %r, the file is sha256=%s %d" % (n, by[n], h, len(b)))
    wheel = z.read(info + "WHEEL").decode()
    tags = sorted(l[5:] for l in wheel.splitlines() if l.startswith("Tag: "))
    want = sorted("%s-%s-%s" % (py, abi, p) for p in plat.split("."))
    if tags != want or "Wheel-Version: 1.0" not in wheel.splitlines():
        fail("WHEEL says %r, the file name %r" % (tags, want))
    meta = z.read(info + "METADATA").decode().split("\n\n")[0].splitlines()
    if meta[0] != "Metadata-Version: 2.1" or "Version: " + ver not in meta or \
            not any(l.startswith("Name: ") and l[6:].replace("-", "_") == name for l in meta):
        fail("METADATA header: %r" % meta[:3])
    if bad:
        out = zipfile.ZipFile(bad, "w")
        for i in z.infolist():
            b = z.read(i)
            if "/scripts/" in i.filename:
                b = b[:-1] + bytes([b[-1] ^ 1])
            out.writestr(i, b)
        out.close()


if __name__ == "__main__":
    main(*sys.argv[1:])
