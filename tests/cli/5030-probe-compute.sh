# probe --compute on two healthy GPUs of the fake driver, which JITs the
# PTX gpudoctor generated at build time (it reads its .version, .target and
# .entry) and computes gd_probe_fill's expression on the CPU at launch: every
# element checked, the JIT's accepted variant and log kept, the copies and
# the kernel timed (never asserted: bench/ measures).  The lowest target the
# JIT accepts is used (jitmin=50 refuses sm_30 first).  CUDA_VISIBLE_DEVICES
# by index, by GPU- UUID and by MIG- UUID is honoured (the MIG instance's
# UUID comes from cuDeviceGetUuid_v2).  Without --compute nothing is run.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
need_ptx
export GD_FAKE_DRIVER="devices=2;name0=NVIDIA A100-SXM4-80GB;cc0=8.0;name1=NVIDIA GeForce GTX 780;cc1=3.5"
gdprobe --compute --json
expect_rc 0
C='.probe.compute'
expect_json "$C.skipped == null and $C.child.end == \"exited\" and $C.child.complete == true"
expect_json "[$C.ptx_variants[].target] | index(\"sm_50\") != null"
expect_json "[$C.gpus[].result] == [\"passed\", \"passed\"]"
expect_json "[$C.gpus[].uuid] == [\"GPU-fa4e0000-0000-0000-0000-000000000000\", \"GPU-fa4e0000-0000-0000-0000-000000000001\"]"
expect_json "$C.gpus[0].name == \"NVIDIA A100-SXM4-80GB\" and $C.gpus[0].compute_capability == \"8.0\""
expect_json "$C.gpus[0].wrong_elements == 0 and $C.gpus[0].bytes == 33554432 and $C.elements == 8388608"
expect_json "$C.gpus[0].jit[0].result == 0 and ($C.gpus[0].jit[0].info_log | startswith(\"fake JIT\"))"
expect_json "$C.gpus[0].ptx_target == $C.gpus[0].jit[0].target"
expect_json "$C.gpus[0].htod_us >= 0 and $C.gpus[0].kernel_us >= 0 and $C.gpus[0].dtoh_us >= 0"
expect_json '.findings == [] and .exit_status == 0'
# The GTX 780 (3.5) can only take a target at or below sm_35.
expect_json "[$C.gpus[1].jit[].target] | all(. == \"sm_30\")"

gdprobe --compute
expect_rc 0
expect_text "Compute test (--compute"
expect_text "computes: 8388608 elements right"
expect_text "MiB (pageable): host to device"

# The lowest target the JIT accepts: sm_30 refused (218), sm_50 taken.
GD_FAKE_DRIVER="devices=1;jitmin=50" gdprobe --compute --json
expect_rc 0
if jq -e "[$C.ptx_variants[].target] | index(\"sm_30\") != null" "$OUT" >/dev/null; then
    expect_json "[$C.gpus[0].jit[] | [.target, .name]] == [[\"sm_30\", \"CUDA_ERROR_INVALID_PTX\"], [\"sm_50\", \"CUDA_SUCCESS\"]]"
    expect_json "$C.gpus[0].jit[0].error_log | contains(\"below this JIT's lowest\")"
fi
expect_json "$C.gpus[0].ptx_target == \"sm_50\" and $C.gpus[0].result == \"passed\" and .findings == []"

# CUDA_VISIBLE_DEVICES: by index, by UUID, a MIG instance.
gdprobe --env CUDA_VISIBLE_DEVICES=1 --compute --json
expect_json "[$C.gpus[].uuid] == [\"GPU-fa4e0000-0000-0000-0000-000000000001\"]"
gdprobe --env CUDA_VISIBLE_DEVICES=GPU-fa4e0000-0000-0000-0000-000000000001,0 --compute --json
expect_json "[$C.gpus[] | [.cuda_index, .uuid]] == [[0, \"GPU-fa4e0000-0000-0000-0000-000000000001\"], [1, \"GPU-fa4e0000-0000-0000-0000-000000000000\"]]"
GD_FAKE_DRIVER="devices=2;mig1=aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee" \
    gdprobe --env CUDA_VISIBLE_DEVICES=MIG-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee --compute --json
expect_json "[$C.gpus[] | [.uuid, .result]] == [[\"MIG-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee\", \"passed\"]]"

# Not asked: no compute child, compute is null.
gdprobe --json
expect_json '.probe.compute == null'
