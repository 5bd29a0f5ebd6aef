# probe --compute: every failure mode the fake driver can show is a finding
# with what it means.  The PTX ISA newer than the JIT knows is the real
# "PTX was compiled with an unsupported toolchain" case (222, with ptxas's
# own message in the JIT log: GD519); another JIT refusal is GD518; out of
# memory, GD518 naming the allocation; an illegal address or an ECC error
# while the kernel runs, GD520 (with the kernel log's NVRM lines, or why it
# has none); a wrong element, GD521 (which one, and its expected value); a
# step that never returns, GD522 pinned on it by the per-step timer; a
# crash, GD523; and no device: nothing run (the driver probe's GD503 says why).
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
need_ptx
C='.probe.compute'
run() { GD_FAKE_DRIVER="devices=1;$1" gdprobe --compute --timeout 2 --json; shift; }
codes() { expect_json "[.findings[].code] == [$1]"; }

run "ptxmax=3.1"
expect_rc 1
codes '"GD519"'
expect_json "$C.gpus[0].result == \"failed\" and $C.gpus[0].failed_step == \"cuModuleLoadDataEx\""
expect_json "$C.gpus[0].error_name == \"CUDA_ERROR_UNSUPPORTED_PTX_VERSION\" and $C.gpus[0].error == 222"
expect_json "[$C.gpus[0].jit[].name] | all(. == \"CUDA_ERROR_UNSUPPORTED_PTX_VERSION\")"
expect_json "$C.gpus[0].jit[0].error_log | test(\"^ptxas application ptx input, line [0-9]+; fatal   : Unsupported .version [0-9.]+; current version is '3.1'\$\")"
expect_json '.findings[0].kind == "driver_too_old" and (.findings[0].title | contains("unsupported toolchain"))'
expect_json '[.findings[0].evidence[].text | select(contains("Unsupported .version"))] | length >= 1'

run "jit=218"
expect_rc 1
codes '"GD518"'
expect_json '.findings[0].title | contains("JIT compiler rejects the kernel: CUDA_ERROR_INVALID_PTX (218)")'

run "alloc=2"
codes '"GD518"'
expect_json "$C.gpus[0].failed_step == \"cuMemAlloc_v2\" and $C.gpus[0].error_string == \"out of memory\""
expect_json '[.findings[0].evidence[].text | select(contains("could not be allocated"))] | length == 1'
expect_json "$C.gpus[0].jit == []"

run "sync=700"
codes '"GD520"'
expect_json '.findings[0].kind == "gpu_fault" and (.findings[0].title | contains("CUDA_ERROR_ILLEGAL_ADDRESS (700) in cuCtxSynchronize"))'
# The kernel log is evidence either way: its NVRM lines, or why there are none.
expect_json '[.findings[0].evidence[] | select(.path == "/dev/kmsg" or (.text | test("kernel log")))] | length >= 1'
run "sync=214"
codes '"GD520"'
expect_json '[.findings[0].evidence[].text | select(contains("uncorrectable ECC error"))] | length >= 1'

run "wrong=4242"
codes '"GD521"'
expect_json "$C.gpus[0].result == \"wrong_result\" and $C.gpus[0].wrong_elements == 1 and $C.gpus[0].first_wrong_index == 4242"
expect_json '[.findings[0].evidence[].text | select(test("^element 4242 is 0x[0-9a-f]{8}, expected 0x[0-9a-f]{8}$"))] | length == 1'

run "hang=cuCtxSynchronize"
expect_rc 1
codes '"GD522"'
expect_json "$C.gpus[0].result == \"hung\" and $C.gpus[0].failed_step == \"cuCtxSynchronize\" and $C.child.in_flight == \"cuCtxSynchronize\""
expect_json '.findings[0].title | contains("hangs in cuCtxSynchronize: no answer within 2000 ms")'
run "hang=cuModuleLoadDataEx"
codes '"GD522"'
expect_json "$C.gpus[0].failed_step == \"cuModuleLoadDataEx\" and $C.gpus[0].jit[0].result == null"

run "crash=cuLaunchKernel"
codes '"GD523"'
expect_json "$C.gpus[0].result == \"crashed\" and $C.child.signal == \"SIGSEGV\""

# No device: the driver probe says so; no compute child.
GD_FAKE_DRIVER="devices=0" gdprobe --compute --json
expect_rc 1
expect_json "$C.skipped == \"cuInit failed\" and $C.child.end == \"not_run\" and [.findings[].code] == [\"GD503\"]"
GD_FAKE_DRIVER="devices=0" gdprobe --compute
expect_text "not run: cuInit failed"
