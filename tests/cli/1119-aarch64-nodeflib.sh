#!/bin/sh
# AArch64: a caller with DF_1_NODEFLIB refuses cached system paths and the
# default directories
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/aarch64.inc"
a64_base
a64lib usr/lib/aarch64-linux-gnu/libgdtA.so.1 libgdtA.so.1
a64_ldconfig
a64via v/libvia.so -Wl,-z,nodefaultlib
a64case null libgdtA.so.1 --via /v/libvia.so
