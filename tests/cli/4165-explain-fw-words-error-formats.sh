#!/bin/sh
# 4165-explain-fw-words-error-formats: error codes in the formats the frameworks' source prints them,
# completed from data/cuda_error.kb.  XLA's and TensorFlow's ToString(CUresult) print "UNKNOWN ERROR (N)"
# when cuGetErrorName does not know the code (xla/stream_executor/cuda/cuda_driver.cc): "failed call to
# cuInit: UNKNOWN ERROR (34)" is CUDA_ERROR_STUB_LIBRARY (GD106).  pynvml's exception classes
# (nvidia-ml-py pynvml.py: "NVMLError_" + the name's capitalised words) are NVML_ERROR_* names.
# Log: tests/explain/fw-words-error-formats.log (from the source's format strings).
. "$GD_TESTS/cli/lib.sh"

gd explain --json "$GD_TESTS/explain/fw-words-error-formats.log"
expect_rc 0
expect_json 'any(.facts.cuda_errors[]; .api == "driver" and .number == 34 and .name == "CUDA_ERROR_STUB_LIBRARY" and .line == 1)'
expect_json '.hypotheses[0].code == "GD106"'

printf '%s\n' 'pynvml.NVMLError_LibRmVersionMismatch: RM has detected an NVML/RM version mismatch.' >"$CASE_DIR/rm.log"
gd explain --json "$CASE_DIR/rm.log"
expect_rc 0
expect_json 'any(.facts.cuda_errors[]; .name == "NVML_ERROR_LIB_RM_VERSION_MISMATCH")'
expect_json '.hypotheses[0].kind == "driver_library_mismatch"'

# a class name pynvml does not make (lower case after the prefix) is no code
printf '%s\n' 'NVMLError_foo: x' >"$CASE_DIR/none.log"
gd explain --json "$CASE_DIR/none.log"
expect_rc 0
expect_json '(.facts.cuda_errors | length) == 0'
