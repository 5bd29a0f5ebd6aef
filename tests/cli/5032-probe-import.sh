# probe --import runs the environment's own interpreter -- here the host's
# real Python 3 in a real venv (pyvenv.cfg, bin/python -> /usr/bin) -- with
# gpudoctor's script, against a stand-in torch package whose __init__.py
# behaves as each case needs: it loads libtorch_cuda.so with ctypes (the
# real dynamic loader then maps the CUDA libraries through its RUNPATH, as
# the real torch's import does) and answers torch.cuda.is_available().
#   - the libraries the process mapped are the files the loader model
#     predicted (agree), and torch's "no GPU" agrees with check's verdict
#     (this machine has no NVIDIA driver: check says no);
#   - the interpreter's environment is exactly the examined one (a variable
#     of gpudoctor's own environment is not there; one given with --env is)
#     and it has no network (only a loopback interface in its namespace);
#   - torch says a GPU is usable although check says no: GD525 with both sides;
#   - torch preloads another copy of libcudart.so.12 (a path the model does
#     not know): GD526 naming the mapped and the predicted file;
#   - an import that fails on a library: shown, compared with the model;
#   - an interpreter that hangs: GD527 after --import-timeout;
#   - an environment without an interpreter: GD527, nothing run.
# Without --import nothing of the venv runs.
. "$GD_TESTS/cli/lib.sh"
. "$GD_TESTS/cli/python.inc"
. "$GD_TESTS/cli/diag.inc"
. "$GD_TESTS/helpers/fakedriver/probe.inc"
if [ -d /proc/driver/nvidia ]; then skip "this machine has an NVIDIA driver: check's verdict would differ"; fi
# A real interpreter binary (not a pyenv shim script): Debian's first.
PY=""
for _c in /usr/bin/python3 "$(command -v python3 || true)"; do
    [ -n "$_c" ] && [ -x "$_c" ] || continue
    _r=$(readlink -f "$_c")
    if [ "$(head -c 4 "$_r" | od -An -c | tr -d ' ')" = '177ELF' ]; then PY=$_r; break; fi
done
[ -n "$PY" ] || skip "no python3 interpreter binary is installed"
PYV=$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])') || skip "python3 does not run"
install_fake "$DRV"
export GD_FAKE_DRIVER="devices=1"
PT=/home/u/pt
venv $PT "$PYV"
rm -f "$ROOT$PT/bin/python$PYV"
ln -s "$PY" "$ROOT$PT/bin/python$PYV"
venv_cfg "$PT" "$PYV" "$(dirname "$PY")"
nvwheel cuda_runtime libcudart.so.12 nvidia-cuda-runtime-cu12 12.1.105
nvwheel cublas libcublas.so.12 nvidia-cublas-cu12 12.1.3.1
nvwheel cudnn libcudnn.so.9 nvidia-cudnn-cu12 9.1.0.70
torch 2.4.0+cu121 12.1 libcudart.so.12 libcublas.so.12 libcudnn.so.9
VENV="$ROOT$PT"
TORCH="$VENV/lib/python$PYV/site-packages/torch"
# The stand-in: GD_CASE (in the examined environment) picks its behaviour.
cat >"$TORCH/__init__.py" <<'PYEOF'
import ctypes, os, socket, time
__version__ = "2.4.0+cu121"
case = os.environ.get("GD_CASE", "")
if case == "hang":
    time.sleep(600)
if case == "fails":
    raise ImportError("libcudnn.so.9: cannot open shared object file: No such file or directory")
here = os.path.dirname(__file__)
if case == "preload":
    ctypes.CDLL(os.path.join(os.environ["GD_OTHER"], "libcudart.so.12"), mode=ctypes.RTLD_GLOBAL)
ctypes.CDLL(os.path.join(here, "lib", "libtorch_cuda.so"))
class version:
    cuda = "12.1"
class cuda:
    @staticmethod
    def is_available():
        return case == "lies"
    @staticmethod
    def device_count():
        return 1 if case == "lies" else 0
    @staticmethod
    def get_arch_list():
        return ["env:" + os.environ.get("GD_MARK", "-"), "outside:" + os.environ.get("GD_OUTSIDE", "-"),
                "ifaces:" + ",".join(n for i, n in socket.if_nameindex())]
    @staticmethod
    def get_device_name(i):
        return "GPU %d" % i
class backends:
    class cudnn:
        @staticmethod
        def version():
            return 90100
PYEOF
export GD_OUTSIDE=leaked
ip() { gd probe --clear-env --env "LD_LIBRARY_PATH=$DRV" --env GD_MARK=given --prefix "$VENV" --import "$@"; }
I='.probe.import[] | select(.framework == "torch")'

ip --json
expect_rc 0
expect_json "$I | .interpreter == \"$VENV/bin/python3\" and .predicted_gpu == \"no\" and .run_error == null"
expect_json "$I | .answer.import_ok == true and .answer.gpu == false and .answer.question == \"torch.cuda.is_available()\""
expect_json "$I | .gpu_comparison == \"agrees\" and .answer.cudnn == \"90100\""
expect_json "$I | .child.end == \"exited\" and .child.exit_code == 0"
# The interpreter saw the examined environment only.
expect_json "$I | .answer.details | contains(\"env:given outside:-\")"
# No network: its own namespace (loopback only), or it says why not.
expect_json "$I | (.child.network_isolated == true and (.answer.details | contains(\"ifaces:lo\") and (contains(\",\") | not))) or (.child.network_isolated == false and .child.network_error != null)"
# What the real loader mapped through libtorch_cuda's RUNPATH is what the model predicted.
expect_json "[$I | .libraries[] | select(.mapped != null) | .comparison] == [\"agrees\", \"agrees\", \"agrees\"]"
expect_json "[$I | .libraries[].library] == [\"libcudart.so.12\", \"libcublas.so.12\", \"libcudnn.so.9\"]"
expect_json "[$I | .answer.mapped[] | select(endswith(\"/nvidia/cuda_runtime/lib/libcudart.so.12\"))] | length == 1"
expect_json '[.findings[] | select(.code == "GD525" or .code == "GD526" or .code == "GD527")] == []'

ip
expect_rc 0
expect_text "Framework imports (--import RUNS each environment's own interpreter)"
expect_text "$VENV/bin/python3 -I -B -c <gpudoctor's script> torch"
expect_text "check predicted no: agrees"
expect_text "(as predicted)"
# The plan is printed before the answers.
l1=$(grep -n 'Framework imports' "$OUT" | cut -d: -f1); l2=$(grep -n 'Framework answers' "$OUT" | cut -d: -f1)
[ "$l1" -lt "$l2" ] || fail "what --import runs is not shown first"

# probe never loads anything in gpudoctor's own process (strace): the
# driver, the libraries --verify-libs predicts and the interpreter are
# mapped executable and executed by its children only -- and they are (so
# the trace sees what it must not see in the parent).  Reading files is
# not loading: the parent reads ELF headers by design.
if command -v strace >/dev/null 2>&1 && need_ptx_quiet; then
    strace -f -qq -y -e trace=mmap,execve -o "$CASE_DIR/strace" "$GD_BIN" probe --clear-env \
        --env "LD_LIBRARY_PATH=$DRV" --prefix "$VENV" --compute --verify-libs --import --json >/dev/null 2>&1
    main=$(head -n 1 "$CASE_DIR/strace" | cut -d' ' -f1)
    pat='PROT_EXEC.*(libcuda\.so\.1|libnvidia-ml\.so\.1|libtorch_cuda|libcudart\.so|libcublas|libcudnn)|execve\(".*python'
    bad=$(grep -E "^$main " "$CASE_DIR/strace" | grep -E "$pat" || true)
    [ -z "$bad" ] || fail "gpudoctor's own process loaded or ran: $bad"
    kids=$(grep -v "^$main " "$CASE_DIR/strace")
    printf '%s\n' "$kids" | grep -E 'PROT_EXEC.*libcuda\.so\.1>' >/dev/null || fail "no child mapped libcuda.so.1"
    printf '%s\n' "$kids" | grep -E 'PROT_EXEC.*libcudnn\.so\.9>' >/dev/null || fail "no child mapped libcudnn.so.9"
    printf '%s\n' "$kids" | grep -E 'execve\("[^"]*/bin/python3"' >/dev/null || fail "no child ran the interpreter"
fi

# torch says yes, check says no.
ip --env GD_CASE=lies --json
expect_json "[.findings[] | select(.code == \"GD525\")] | length == 1"
expect_json '.findings[] | select(.code == "GD525") | .kind == "prediction_mismatch" and (.title | contains("check predicted no GPU, but torch.cuda.is_available() says a GPU is usable (1 device(s))"))'
expect_json '.findings[] | select(.code == "GD525") | [.evidence[].text | select(startswith("check: no"))] | length == 1'
expect_json "$I | .gpu_comparison == \"disagrees\""

# Another libcudart.so.12, preloaded from a directory the model knows nothing of.
mkdir -p "$CASE_DIR/other"
printf 'int other_cudart(void) { return 2; }\n' >"$CASE_DIR/other.c"
$CC -shared -fPIC -o "$CASE_DIR/other/libcudart.so.12" -Wl,-soname,libcudart.so.12 "$CASE_DIR/other.c" || fail "other cudart"
ip --env GD_CASE=preload --env "GD_OTHER=$CASE_DIR/other" --json
expect_json "$I | [.libraries[] | select(.library == \"libcudart.so.12\") | .comparison] == [\"disagrees\"]"
expect_json "[.findings[] | select(.code == \"GD526\" and (.title | contains(\"loaded libcudart.so.12 as $CASE_DIR/other/libcudart.so.12\")))] | length == 1"

# The import fails on a library.
ip --env GD_CASE=fails --json
expect_json "$I | .answer.import_ok == false and .missing_library == \"libcudnn.so.9\""
expect_json "$I | .gpu_comparison == \"agrees\""
# The model found libcudnn.so.9, the import says it is missing: GD526.
expect_json "$I | .missing_comparison == \"disagrees\""
expect_json '[.findings[] | select(.code == "GD526" and (.title | contains("the import fails on libcudnn.so.9, which the loader model finds")))] | length == 1'

# A hanging interpreter.
ip --env GD_CASE=hang --import-timeout 1 --json
expect_json "$I | .run_error == \"no answer within 1 s\" and .child.end == \"timeout\" and .answer == null"
expect_json '[.findings[] | select(.code == "GD527")] | length == 1'

# An environment without an interpreter.
rm "$ROOT$PT/bin/python3" "$ROOT$PT/bin/python$PYV"
ip --json
expect_json "$I | .interpreter == null and .run_error == \"no interpreter of this environment was found\""

# Usage.
gd probe --import-timeout 3
expect_rc 2
expect_err "needs --import"
gd probe --json
expect_json '.probe.import == null'
