#!/bin/sh
# 9603-static-bullseye: the static binary in an older userland than the one
# it was built on: Debian 11 bullseye (glibc 2.31), made by mmdebstrap
# --variant=minbase from deb.debian.org and cached.  `--version`, `which
# libc.so.6` and `check` run there and see bullseye; the probe helper,
# installed where `make static` says (/usr/local/libexec/gpudoctor),
# starts on glibc 2.31, loads the fake driver and answers.  (Buster and
# stretch would be older still, but deb.debian.org no longer serves them and
# archive.debian.org cannot be reached from here.)
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/static.inc"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
static_setup
R="$CASE_DIR/bullseye"
static_bullseye "$R"
grep -q '^11\.' "$R/etc/debian_version" || fail "not bullseye: $(cat "$R/etc/debian_version")"
mkdir -p "$R/opt/gd/driver" "$R/usr/local/libexec/gpudoctor"
cp "$SBIN" "$R/opt/gd/gpudoctor"
cp "$SHELPER" "$R/usr/local/libexec/gpudoctor/gpudoctor-probe-helper"
cp "$FAKE_SO" "$R/opt/gd/driver/libcuda.so.1"
cp "$FAKE_SO" "$R/opt/gd/driver/libnvidia-ml.so.1"

in_root "$R" /opt/gd/gpudoctor --version
expect_rc 0
expect_text "gpudoctor "
in_root "$R" /opt/gd/gpudoctor which libc.so.6
expect_rc 0
expect_text "libc.so.6: /lib/x86_64-linux-gnu/libc.so.6"
expect_text "found through ld.so.cache"
in_root "$R" /opt/gd/gpudoctor check --json
[ "$RC" -le 1 ] || fail "check exits $RC in bullseye: $(head -c 300 "$ERR")"
expect_json '.system.distro.id == "debian" and .system.distro.version == "11"'
expect_json '.system.libc == "glibc" and .system.libc_version == "2.31"'
in_root "$R" /opt/gd/gpudoctor check
[ "$RC" -le 1 ] || fail "check (text) exits $RC in bullseye"
expect_text "Debian GNU/Linux 11 (bullseye)"
# The helper's libraries, as bullseye's loader will find them.
in_root "$R" /opt/gd/gpudoctor which --deps /usr/local/libexec/gpudoctor/gpudoctor-probe-helper
expect_rc 0
expect_text "libdl.so.2 => /lib/x86_64-linux-gnu/libdl.so.2"

# probe: static gpudoctor -> the helper on glibc 2.31 -> the fake driver.
export GD_FAKE_DRIVER="devices=2;name0=NVIDIA A100-SXM4-80GB;cc0=8.0;mem0=81920;name1=NVIDIA H100 80GB HBM3;cc1=9.0;driver=535.183.01;cuda=12020"
in_root "$R" /opt/gd/gpudoctor probe --clear-env --env LD_LIBRARY_PATH=/opt/gd/driver --json
expect_rc 0
expect_json '.probe.libraries[0].path == "/opt/gd/driver/libcuda.so.1" and .probe.libraries[0].state == "loaded"'
expect_json '.probe.driver.version == "535.183.01" and .probe.driver.cuda_version == "12.2"'
expect_json '[.probe.gpus[].compute_capability] == ["8.0", "9.0"]'
expect_json '.probe.child.end == "exited" and .probe.child.complete == true'
# A crash in the driver is still a crash, through the helper.
export GD_FAKE_DRIVER="crash=cuInit"
in_root "$R" /opt/gd/gpudoctor probe --clear-env --env LD_LIBRARY_PATH=/opt/gd/driver --json
expect_rc 1
expect_json '.probe.child.end == "signaled"'
