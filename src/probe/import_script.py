# import_script.py - what `gpudoctor probe --import` runs in a framework's
# own interpreter (src/probe/import.h):
#
#     INTERPRETER -I -B -c <this file> FRAMEWORK
#
# It imports FRAMEWORK, asks the framework itself whether it can use an
# NVIDIA GPU (each framework's own public API, one function per framework
# below), lists the CUDA libraries this process mapped (/proc/self/maps),
# and writes one JSON object to file descriptor 3 (gpudoctor's pipe).
# Nothing else: no file is written, nothing is downloaded (the network is
# cut off before it starts), and stdout/stderr go nowhere.  Python 3.6 or
# newer; the standard library only.  Embedded in gpudoctor at build time
# (mk/compute.mk), so the file here is the source.
import json
import os
import sys

# Basenames of the CUDA (and cuDNN, NCCL, ...) libraries worth reporting.
CUDA_LIBS = ("libcuda.so", "libcudart", "libcublas", "libcublasLt", "libcudnn", "libcufft",
             "libcurand", "libcusparse", "libcusolver", "libnccl", "libnvrtc", "libnvJitLink",
             "libcupti", "libnvidia-ml", "libnvToolsExt", "libcufile", "libnvjpeg", "libnpp",
             "libcusparseLt", "libonnxruntime_providers_cuda", "libtorch_cuda")


def mapped():
    out = []
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                parts = line.split(None, 5)
                if len(parts) < 6:
                    continue
                path = parts[5].strip()
                base = os.path.basename(path)
                if path.startswith("/") and ".so" in base and base.startswith(CUDA_LIBS) and path not in out:
                    out.append(path)
    except OSError:
        pass
    return out


def text(v):
    return None if v is None else str(v)


def ask_torch(r):
    import torch
    r["version"] = text(torch.__version__)
    r["cuda"] = text(torch.version.cuda)
    r["question"] = "torch.cuda.is_available()"
    r["gpu"] = bool(torch.cuda.is_available())
    r["device_count"] = int(torch.cuda.device_count())
    r["details"]["get_arch_list"] = " ".join(torch.cuda.get_arch_list())
    try:
        r["cudnn"] = text(torch.backends.cudnn.version())
    except Exception as e:  # cuDNN missing is an answer too
        r["details"]["cudnn_error"] = "%s: %s" % (type(e).__name__, e)
    if r["gpu"]:
        r["details"]["devices"] = ", ".join(torch.cuda.get_device_name(i) for i in range(r["device_count"]))


def ask_tensorflow(r):
    import tensorflow as tf
    r["version"] = text(tf.__version__)
    r["question"] = "tf.config.list_physical_devices('GPU')"
    gpus = tf.config.list_physical_devices("GPU")
    r["gpu"] = len(gpus) > 0
    r["device_count"] = len(gpus)
    r["details"]["devices"] = ", ".join(g.name for g in gpus)
    info = tf.sysconfig.get_build_info()
    r["cuda"] = text(info.get("cuda_version"))
    r["cudnn"] = text(info.get("cudnn_version"))
    r["details"]["is_cuda_build"] = text(info.get("is_cuda_build"))


def ask_jax(r):
    import jax
    r["version"] = text(jax.__version__)
    r["question"] = "jax.devices()"
    devs = jax.devices()
    gpus = [d for d in devs if d.platform in ("gpu", "cuda")]
    r["gpu"] = len(gpus) > 0
    r["device_count"] = len(gpus)
    r["details"]["devices"] = ", ".join(str(d) for d in devs)
    r["details"]["default_backend"] = text(jax.default_backend())
    try:
        from importlib import metadata
        for dist in ("jaxlib", "jax-cuda12-plugin", "jax-cuda12-pjrt", "jax-cuda13-plugin", "jax-cuda13-pjrt"):
            try:
                r["details"][dist] = metadata.version(dist)
            except Exception:
                pass
    except ImportError:
        pass


def onnx_identity_model():
    # A one-node ONNX model (Identity, float[1]) written with the protobuf
    # wire format by hand, so no onnx package is needed.  Field numbers from
    # onnx/onnx.proto: ModelProto ir_version 1, graph 7, opset_import 8;
    # GraphProto node 1, name 2, input 11, output 12; NodeProto input 1,
    # output 2, op_type 4; ValueInfoProto name 1, type 2; TypeProto
    # tensor_type 1; Tensor elem_type 1 (FLOAT = 1), shape 2;
    # TensorShapeProto dim 1; Dimension dim_value 1; OperatorSetIdProto
    # version 2.
    def varint(n):
        b = bytearray()
        while True:
            byte = n & 0x7F
            n >>= 7
            if n:
                b.append(byte | 0x80)
            else:
                b.append(byte)
                return bytes(b)

    def field(num, payload):
        if isinstance(payload, int):
            return varint(num << 3) + varint(payload)
        if isinstance(payload, str):
            payload = payload.encode()
        return varint(num << 3 | 2) + varint(len(payload)) + payload

    def value_info(name):
        dim = field(1, field(1, 1))
        tensor = field(1, 1) + field(2, dim)
        return field(1, name) + field(2, field(1, tensor))

    node = field(1, "x") + field(2, "y") + field(4, "Identity")
    graph = field(1, node) + field(2, "gd") + field(11, value_info("x")) + field(12, value_info("y"))
    return field(1, 7) + field(7, graph) + field(8, field(2, 13))


def ask_onnxruntime(r):
    import onnxruntime as ort
    r["version"] = text(ort.__version__)
    providers = ort.get_available_providers()
    r["details"]["available_providers"] = ", ".join(providers)
    r["details"]["get_device"] = text(ort.get_device())
    if "CUDAExecutionProvider" not in providers:
        r["question"] = "onnxruntime.get_available_providers()"
        r["gpu"] = False
        return
    # Listed is not loaded: the CUDA provider library is loaded when a
    # session asks for it, and ORT falls back to the CPU when it cannot.
    r["question"] = "InferenceSession(providers=['CUDAExecutionProvider']).get_providers()"
    try:
        opts = ort.SessionOptions()
        opts.log_severity_level = 4
        sess = ort.InferenceSession(onnx_identity_model(), sess_options=opts,
                                    providers=["CUDAExecutionProvider", "CPUExecutionProvider"])
        used = sess.get_providers()
        r["details"]["session_providers"] = ", ".join(used)
        r["gpu"] = "CUDAExecutionProvider" in used
    except Exception as e:
        r["details"]["session_error"] = "%s: %s" % (type(e).__name__, e)


def ask_cupy(r):
    import cupy
    r["version"] = text(cupy.__version__)
    r["question"] = "cupy.cuda.runtime.getDeviceCount()"
    try:
        n = int(cupy.cuda.runtime.getDeviceCount())
    except Exception as e:  # CUDARuntimeError: no driver, no device
        r["details"]["getDeviceCount_error"] = "%s: %s" % (type(e).__name__, e)
        n = 0
    r["gpu"] = n > 0
    r["device_count"] = n
    try:
        v = int(cupy.cuda.runtime.runtimeGetVersion())
        r["cuda"] = "%d.%d" % (v // 1000, (v % 1000) // 10)
    except Exception:
        pass


def ask_paddle(r):
    import paddle
    r["version"] = text(paddle.__version__)
    r["question"] = "paddle.device.is_compiled_with_cuda() and paddle.device.cuda.device_count()"
    n = int(paddle.device.cuda.device_count()) if paddle.device.is_compiled_with_cuda() else 0
    r["gpu"] = n > 0
    r["device_count"] = n


ASK = {"torch": ask_torch, "tensorflow": ask_tensorflow, "jax": ask_jax,
       "onnxruntime": ask_onnxruntime, "cupy": ask_cupy, "paddle": ask_paddle}


def main():
    fw = sys.argv[1] if len(sys.argv) > 1 else ""
    r = {"gd_import": 1, "framework": fw, "import_ok": None, "import_error": None, "version": None,
         "gpu": None, "device_count": None, "cuda": None, "cudnn": None, "question": None,
         "details": {}, "mapped": []}
    ask = ASK.get(fw)
    if ask is None:
        r["import_error"] = "gpudoctor's script does not know how to ask %r" % fw
    else:
        try:
            ask(r)
            r["import_ok"] = True
        except ImportError as e:
            r["import_ok"] = False
            r["import_error"] = "%s: %s" % (type(e).__name__, e)
        except Exception as e:  # a framework may raise anything while importing
            msg = "%s: %s" % (type(e).__name__, e)
            if r["version"] is None:  # the import itself raised
                r["import_ok"] = False
                r["import_error"] = msg
            else:  # imported; one of the questions raised
                r["import_ok"] = True
                r["details"]["error"] = msg
    r["mapped"] = mapped()
    data = json.dumps(r).encode()
    while data:
        data = data[os.write(3, data):]


main()
