#!/usr/bin/env python3
"""python/build_wheel.py - the gpudoctor-cli wheel: a prebuilt gpudoctor
program and the small Python package around it (docs/packaging.md,
"Python wheel").

    python3 python/build_wheel.py --binary ./gpudoctor --version 0.1.0 \\
        --out build/wheel [--plat TAG]

The tree of the wheel is laid out here, and Debian's python3-wheel packs it
(`python3 -m wheel pack`: RECORD with a sha256 for every file, the file
name from WHEEL's Tag lines, timestamps from SOURCE_DATE_EPOCH).  There is
no setup.py: nothing is compiled, so a build backend would only add a way
for the platform tag to be wrong.

The platform tag is measured from the binary, never assumed:
  ELF, dynamic, glibc's ld-linux  manylinux_2_N_ARCH, N = the newest GLIBC_2.N
                                  version the binary needs (.gnu.version_r)
  ELF, static (no PT_INTERP)      manylinux_2_17_ARCH.musllinux_1_1_ARCH:
                                  it needs no libc, so the oldest floors
                                  pip's tags name
  ELF, musl's loader              refused: the musl version it needs cannot
                                  be read from the file (pass --plat)
  PE x86-64 / ARM64               win_amd64 / win_arm64
With --helper (the static build's gpudoctor-probe-helper, a glibc program
that `probe` starts), the manylinux floor is the higher of the two files'.
"""

import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

DIST = "gpudoctor-cli"
HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)

ELF_ARCH = {62: "x86_64", 183: "aarch64"}
PE_ARCH = {0x8664: "win_amd64", 0xAA64: "win_arm64"}
SHT_GNU_VERNEED = 0x6FFFFFFE
HELPER = "gpudoctor-probe-helper"
# manylinux's legacy aliases (PEP 600), for pip older than 20.3.
LEGACY = {(2, 17): "manylinux2014", (2, 12): "manylinux2010", (2, 5): "manylinux1"}


class TagError(Exception):
    pass


def _elf_verneed(data, le, is64):
    """The version names (GLIBC_2.34, ...) the ELF file needs, from its
    SHT_GNU_verneed section and the string table it links to."""
    e = "<" if le else ">"
    if is64:
        shoff, = struct.unpack_from(e + "Q", data, 0x28)
        shentsize, shnum = struct.unpack_from(e + "HH", data, 0x3A)
    else:
        shoff, = struct.unpack_from(e + "I", data, 0x20)
        shentsize, shnum = struct.unpack_from(e + "HH", data, 0x2E)
    secs = []
    for i in range(shnum):
        o = shoff + i * shentsize
        if o + shentsize > len(data):
            raise TagError("section header %d lies outside the file" % i)
        if is64:
            _, typ, _, _, off, size, link, info = struct.unpack_from(e + "IIQQQQII", data, o)
        else:
            _, typ, _, _, off, size, link, info = struct.unpack_from(e + "IIIIIIII", data, o)
        secs.append((typ, off, size, link, info))
    names = set()
    for typ, off, size, link, info in secs:
        if typ != SHT_GNU_VERNEED:
            continue
        stroff = secs[link][1]
        o = off
        for _ in range(info):  # sh_info: the number of Verneed entries
            _, cnt, _, aux, nxt = struct.unpack_from(e + "HHIII", data, o)
            a = o + aux
            for _ in range(cnt):
                _, _, _, name, anext = struct.unpack_from(e + "IHHII", data, a)
                s = stroff + name
                names.add(data[s:data.index(b"\0", s)].decode("ascii"))
                a += anext
            o += nxt
            if not nxt:
                break
    return names


def measure_tags(path, helper=None):
    """The platform tags the binary at PATH (and the probe helper that
    ships with it, if any) can honestly carry, as a list."""
    tags = _file_tags(path)
    if helper is None:
        return tags
    # The static program starts a glibc helper for `probe` only; the
    # wheel's manylinux floor is the higher of the two, and musllinux stays
    # (there `probe` says the helper cannot start; check, explain, which
    # and plan need nothing).
    htags = _file_tags(helper)
    def floor(ts):
        for t in ts:
            m = re.match(r"manylinux_(\d+)_(\d+)_(.+)$", t)
            if m:
                return (int(m.group(1)), int(m.group(2))), m.group(3)
        return None, None
    f1, a1 = floor(tags)
    f2, a2 = floor(htags)
    if f1 is None or f2 is None or a1 != a2:
        raise TagError("the helper (%s) and the program (%s) do not fit one Linux wheel"
                       % (".".join(htags), ".".join(tags)))
    f = max(f1, f2)
    out = ["manylinux_%d_%d_%s" % (f[0], f[1], a1)]
    if f in LEGACY:
        out.append("%s_%s" % (LEGACY[f], a1))
    out += [t for t in tags if t.startswith("musllinux_")]
    return out


def _file_tags(path):
    """The platform tags one ELF or PE file can honestly carry."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] == b"\x7fELF":
        is64, le = data[4] == 2, data[5] == 1
        e = "<" if le else ">"
        machine, = struct.unpack_from(e + "H", data, 0x12)
        arch = ELF_ARCH.get(machine)
        if arch is None or not is64:
            raise TagError("ELF machine %d (class %d) has no wheel tag here" % (machine, data[4]))
        phoff, = struct.unpack_from(e + "Q", data, 0x20)
        phentsize, phnum = struct.unpack_from(e + "HH", data, 0x36)
        interp = None
        for i in range(phnum):
            o = phoff + i * phentsize
            ptype, _, off, _, _, filesz = struct.unpack_from(e + "IIQQQQ", data, o)
            if ptype == 3:  # PT_INTERP
                interp = data[off:off + filesz].rstrip(b"\0").decode("ascii", "replace")
        if interp is None:
            return ["manylinux_2_17_" + arch, "manylinux2014_" + arch, "musllinux_1_1_" + arch]
        if "ld-musl" in interp:
            raise TagError("%s is linked against musl (%s): the musl version it needs is not "
                           "recorded in the file; pass --plat musllinux_1_X_%s" % (path, interp, arch))
        floor = (2, 5)
        for name in _elf_verneed(data, le, is64):
            m = re.fullmatch(r"GLIBC_(\d+)\.(\d+)(?:\.\d+)?", name)
            if m:
                floor = max(floor, (int(m.group(1)), int(m.group(2))))
            elif name == "GLIBC_ABI_DT_RELR":  # -z pack-relative-relocs: glibc 2.36
                floor = max(floor, (2, 36))
            elif name.startswith("GLIBC_") and name != "GLIBC_PRIVATE":
                raise TagError("unknown glibc version requirement %s" % name)
            elif name == "GLIBC_PRIVATE":
                raise TagError("%s uses GLIBC_PRIVATE symbols: it runs only with the glibc it was built on" % path)
        tags = ["manylinux_%d_%d_%s" % (floor[0], floor[1], arch)]
        if floor in LEGACY:
            tags.append("%s_%s" % (LEGACY[floor], arch))
        return tags
    if data[:2] == b"MZ":
        pe, = struct.unpack_from("<I", data, 0x3C)
        if data[pe:pe + 4] != b"PE\0\0":
            raise TagError("%s: MZ header without a PE signature" % path)
        machine, = struct.unpack_from("<H", data, pe + 4)
        if machine not in PE_ARCH:
            raise TagError("PE machine 0x%x has no wheel tag here" % machine)
        return [PE_ARCH[machine]]
    raise TagError("%s is neither ELF nor PE" % path)


def metadata(version, readme):
    with open(readme, encoding="utf-8") as f:
        description = f.read()
    head = [
        ("Metadata-Version", "2.1"),
        ("Name", DIST),
        ("Version", version),
        ("Summary", "Why TensorFlow, PyTorch, JAX, ONNX Runtime or CuPy do not use the NVIDIA GPU, "
                    "and the commands that fix it: the gpudoctor program, its Python API and an IPython magic"),
        ("Keywords", "cuda,gpu,nvidia,cudnn,pytorch,tensorflow,jax,diagnostics"),
        ("License", "MIT"),
        ("Classifier", "Development Status :: 3 - Alpha"),
        ("Classifier", "Environment :: Console"),
        ("Classifier", "Framework :: IPython"),
        ("Classifier", "Framework :: Jupyter"),
        ("Classifier", "Intended Audience :: Developers"),
        ("Classifier", "Intended Audience :: Science/Research"),
        ("Classifier", "License :: OSI Approved :: MIT License"),
        ("Classifier", "Operating System :: Microsoft :: Windows"),
        ("Classifier", "Operating System :: POSIX :: Linux"),
        ("Classifier", "Programming Language :: C"),
        ("Classifier", "Programming Language :: Python :: 3"),
        ("Classifier", "Topic :: System :: Hardware"),
        ("Requires-Python", ">=3.8"),
        ("Description-Content-Type", "text/markdown; charset=UTF-8"),
    ]
    return "".join("%s: %s\n" % kv for kv in head) + "\n" + description


def build(binary, version, out, plat=None, readme=None, strip=None, helper=None):
    if not re.fullmatch(r"\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?", version):
        raise TagError("version %r is not a PEP 440 public version" % version)
    tags = plat.split(".") if plat else measure_tags(binary, helper)
    exe = "gpudoctor.exe" if tags[0].startswith("win") else "gpudoctor"
    norm = DIST.replace("-", "_")
    stage = tempfile.mkdtemp(prefix="gdwheel.")
    try:
        pkg = os.path.join(stage, "gpudoctor")
        os.mkdir(pkg)
        for name in sorted(os.listdir(os.path.join(HERE, "gpudoctor"))):
            if name.endswith(".py"):
                shutil.copyfile(os.path.join(HERE, "gpudoctor", name), os.path.join(pkg, name))
        scripts = os.path.join(stage, "%s-%s.data" % (norm, version), "scripts")
        os.makedirs(scripts)
        shutil.copyfile(binary, os.path.join(scripts, exe))
        os.chmod(os.path.join(scripts, exe), 0o755)
        progs = [os.path.join(scripts, exe)]
        if helper:
            # Installed as PREFIX/libexec/gpudoctor/, where the program looks
            # (../libexec/gpudoctor/ from its own directory, src/probe/helper.h).
            libexec = os.path.join(stage, "%s-%s.data" % (norm, version), "data", "libexec", "gpudoctor")
            os.makedirs(libexec)
            progs.append(os.path.join(libexec, HELPER))
            shutil.copyfile(helper, progs[-1])
            os.chmod(progs[-1], 0o755)
        for prog in progs if strip else ():
            # the debugging symbols stay with the build, not in every install
            r = subprocess.run([strip, "--strip-debug", prog],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if r.returncode != 0:
                raise TagError("%s failed: %s" % (strip, r.stdout.strip()))
        info = os.path.join(stage, "%s-%s.dist-info" % (norm, version))
        os.mkdir(info)
        with open(os.path.join(info, "METADATA"), "w", encoding="utf-8") as f:
            f.write(metadata(version, readme or os.path.join(HERE, "README.md")))
        with open(os.path.join(info, "WHEEL"), "w", encoding="utf-8") as f:
            f.write("Wheel-Version: 1.0\nGenerator: gpudoctor python/build_wheel.py\n"
                    "Root-Is-Purelib: false\n")
            for t in tags:
                f.write("Tag: py3-none-%s\n" % t)
        for lic in ("LICENSE", "NOTICE"):
            shutil.copyfile(os.path.join(TOP, lic), os.path.join(info, lic))
        for root, dirs, files in os.walk(stage):
            for n in dirs:
                os.chmod(os.path.join(root, n), 0o755)
            for n in files:
                if n not in (exe, HELPER):
                    os.chmod(os.path.join(root, n), 0o644)
        os.makedirs(out, exist_ok=True)
        before = set(os.listdir(out))
        r = subprocess.run([sys.executable, "-m", "wheel", "pack", "--dest-dir", out, stage],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            raise TagError("wheel pack failed: " + r.stdout.strip())
        name = "%s-%s-py3-none-%s.whl" % (norm, version, ".".join(sorted(tags)))
        path = os.path.join(out, name)
        if not os.path.isfile(path):
            raise TagError("wheel pack wrote %s, not %s" % (sorted(set(os.listdir(out)) - before), name))
        return path
    finally:
        shutil.rmtree(stage)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True, help="the gpudoctor program (ELF or PE)")
    ap.add_argument("--version", required=True, help="the PEP 440 version (src/cli/version.h)")
    ap.add_argument("--out", required=True, help="the directory the .whl is written to")
    ap.add_argument("--helper", help="gpudoctor-probe-helper, shipped with a static program "
                    "(make static) into PREFIX/libexec/gpudoctor/")
    ap.add_argument("--plat", help="the platform tag(s), '.'-separated, instead of measuring")
    ap.add_argument("--readme", help="the long description (default: python/README.md)")
    ap.add_argument("--strip", metavar="PROGRAM", help="strip the debugging sections with PROGRAM "
                    "(strip, x86_64-w64-mingw32-strip) in the wheel's copy")
    ap.add_argument("--print-tags", action="store_true", help="print the measured tags and exit")
    a = ap.parse_args()
    try:
        if a.print_tags:
            print(".".join(measure_tags(a.binary, a.helper)))
            return 0
        print(build(a.binary, a.version, a.out, a.plat, a.readme, a.strip, a.helper))
    except (TagError, OSError, struct.error, ValueError) as e:
        sys.stderr.write("build_wheel: %s\n" % e)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
