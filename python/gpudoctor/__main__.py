"""``python -m gpudoctor ARGS``: run the gpudoctor program with ARGS.

On POSIX the interpreter is replaced by the program (os.execv), so its exit
status, signals and terminal are the program's own.  Windows has no exec
that keeps the console waiting, so there the program runs as a child and
its exit status is passed on.
"""

import os
import subprocess
import sys


def main(argv=None):
    from . import GpudoctorNotFound, binary

    args = sys.argv[1:] if argv is None else list(argv)
    try:
        exe = binary()
    except GpudoctorNotFound as e:
        sys.stderr.write("gpudoctor: %s\n" % e)
        return 127
    if os.name == "nt":
        return subprocess.call([exe] + args)
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(exe, [exe] + args)
    return 127  # not reached


if __name__ == "__main__":
    sys.exit(main())
