#!/usr/bin/env python3
"""tests/schema/validate.py - every JSON document against its schema.

    validate.py SCHEMA_DIR [--require-json] FILE...

SCHEMA_DIR holds docs/schemas/*.schema.json (JSON Schema draft 2020-12).
Each document names its schema in its "schema" member ("gpudoctor/1",
"gpudoctor-plan/1", ...); the schema file whose "schema" property is that
constant judges it, and a check report of a container image (a non-null
"container") is judged by image.schema.json too.  A document without a
"schema" member, or naming one no file describes, fails.

A FILE that is empty or does not start with "{" is not a document (a run
that failed, or a text report kept by the fix linter's reruns) and is
skipped, unless --require-json is given: then it fails (a --json run that
exited 0 or 1 must have written JSON).

Prints one line per failure, then "N documents valid, N invalid, N not
JSON"; exits 1 when any failed.  Needs python3-jsonschema (Debian's 4.10
uses RefResolver; 4.18 and later the referencing library).
"""

import json
import os
import sys

import jsonschema
from jsonschema import Draft202012Validator


def load_schemas(d):
    schemas = []
    for name in sorted(os.listdir(d)):
        if name.endswith(".schema.json"):
            with open(os.path.join(d, name), encoding="utf-8") as f:
                s = json.load(f)
            Draft202012Validator.check_schema(s)
            schemas.append((name, s))
    return schemas


def validators(schemas):
    store = {s["$id"]: s for _, s in schemas}

    def make_resolver(s):
        return Draft202012Validator(s, resolver=jsonschema.RefResolver(s["$id"], s, store=store))

    make = make_resolver
    try:
        from referencing import Registry, Resource

        reg = Registry().with_resources([(s["$id"], Resource.from_contents(s)) for _, s in schemas])
        Draft202012Validator({}, registry=reg)   # jsonschema >= 4.18 takes a registry

        def make(s):
            return Draft202012Validator(s, registry=reg)
    except (ImportError, TypeError):
        pass

    by_name, by_const = {}, {}
    for name, s in schemas:
        v = make(s)
        by_name[name] = v
        c = (s.get("properties") or {}).get("schema", {}).get("const")
        if c:
            if c in by_const:
                raise SystemExit("two schema files for %s" % c)
            by_const[c] = (name, v)
    return by_name, by_const


def main(argv):
    if len(argv) < 2:
        sys.stderr.write("usage: validate.py SCHEMA_DIR [--require-json] FILE...\n")
        return 2
    by_name, by_const = validators(load_schemas(argv[1]))
    files = argv[2:]
    require = "--require-json" in files
    files = [f for f in files if f != "--require-json"]
    ok = bad = skipped = 0
    for path in files:
        with open(path, "rb") as f:
            raw = f.read()
        if not raw.lstrip().startswith(b"{"):
            if require and raw.strip():
                print("%s: not JSON: %r" % (path, raw[:80]))
                bad += 1
            else:
                skipped += 1
            continue
        try:
            doc = json.loads(raw.decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as e:
            print("%s: invalid JSON: %s" % (path, e))
            bad += 1
            continue
        name = doc.get("schema") if isinstance(doc, dict) else None
        if name not in by_const:
            print("%s: %s" % (path, "no \"schema\" member" if name is None else "no schema file for %r" % name))
            bad += 1
            continue
        judges = [by_const[name]]
        if name == "gpudoctor/1" and doc.get("container") is not None:
            judges.append(("image.schema.json", by_name["image.schema.json"]))
        errs = []
        for sname, v in judges:
            for e in sorted(v.iter_errors(doc), key=lambda e: list(e.absolute_path))[:3]:
                where = "/".join(str(p) for p in e.absolute_path) or "(top)"
                errs.append("%s: %s: %s" % (sname, where, e.message[:200]))
        if errs:
            bad += 1
            for e in errs:
                print("%s: %s" % (path, e))
        else:
            ok += 1
    print("%d documents valid, %d invalid, %d not JSON" % (ok, bad, skipped))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
