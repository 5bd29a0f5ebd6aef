#!/bin/sh
# gpudoctor ps on a job in a mount namespace of its own (unshare -m, then
# pivot_root into the fixture machine, as a container runtime starts one),
# seen from the host: /proc gives its paths from its own root, and ps reads
# its files through /proc/PID/root (the host's /srv/env does not exist).
# On the GPU, every library agreeing with the model run on its root; a
# second job of the same container with CUDA_VISIBLE_DEVICES="" is hidden.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/cli/ps.inc"
[ -e /srv/env ] && skip "this host has a /srv/env of its own"
machine 550.54.15 0x2330
ps_glibc
ps_torch_gpu /srv/env
E="VIRTUAL_ENV=/srv/env PATH=/srv/env/bin:/usr/bin"

nsjob gpu $E -- /srv/env/bin/python --dlopen $TC --dlopen libcuda.so.1 --open /dev/nvidiactl --open /dev/nvidia0
G=$PID
nsjob hid $E CUDA_VISIBLE_DEVICES= -- /srv/env/bin/python --dlopen $TC --dlopen libcuda.so.1 --open /dev/nvidiactl
H=$PID
# The oracle: another mount namespace, its paths written from its own root.
[ "$(readlink /proc/$G/ns/mnt)" != "$(readlink /proc/self/ns/mnt)" ] || fail "the job shares our mount namespace"
maps_has $G "$SITE/nvidia/cudnn/lib/libcudnn.so.9"
[ "$(readlink /proc/$G/fd/4)" = /dev/nvidia0 ] || fail "fd 4 of the job is $(readlink /proc/$G/fd/4)"

gd ps --json $G $H
expect_rc 1
expect_json "$(pj $G) | .other_mount_namespace == true and .root == \"/\" and .state == \"gpu\""
expect_json "$(pj $G) | .environment == \"/srv/env\" and .framework == \"torch 2.4.0+cu124 (/srv/env)\" and .framework_gpu == \"yes\""
expect_json "[$(pj $G) | .libraries[] | select(.mapped != null) | .match] | length == 6 and all(. == \"agree\")"
expect_json ".environments[$(jq "$(pj $G) | .diagnosis" "$OUT")].root == \"/proc/$G/root\""
expect_json "$(pj $H) | .state == \"cuda_no_device\" and .no_device == \"hidden\""
expect_json "[.environments[$(jq "$(pj $H) | .diagnosis" "$OUT")].findings[] | select(.code == \"GD108\")] | length == 1"
gd ps $G
expect_rc 0
expect_text "its own mount namespace (files read through /proc/$G/root)"
expect_text "Environment 1: /srv/env in /proc/$G/root"
