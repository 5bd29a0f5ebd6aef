/*
 * probe_abi.h - the few NVIDIA driver entry points `probe` calls, declared by
 * the project: no NVIDIA header is needed to build gpudoctor.
 *
 * Only the child process (probe_child.c) and the test fake driver use these.
 * Every name is the exported, versioned symbol a program built with the
 * current headers binds to (cuda.h maps cuDeviceTotalMem to
 * cuDeviceTotalMem_v2 since CUDA 3.2; nvml.h maps nvmlInit to nvmlInit_v2,
 * nvmlDeviceGetCount and nvmlDeviceGetHandleByIndex to their _v2 since NVML
 * 5.319, nvmlDeviceGetPciInfo to _v3 since R384).  Older unversioned
 * symbols are tried only as a fallback where the newer one is missing.
 *
 * Sources (read through public copies of the headers, checked 2026):
 *  - cuda.h (CUDA 11.4 and 13.0): CUresult CUDAAPI cuInit(unsigned int),
 *    cuDriverGetVersion(int *), cuDeviceGetCount(int *),
 *    cuDeviceGet(CUdevice *, int), cuDeviceGetName(char *, int, CUdevice),
 *    cuDeviceGetAttribute(int *, CUdevice_attribute, CUdevice),
 *    cuDeviceTotalMem_v2(size_t *, CUdevice),
 *    cuDeviceGetPCIBusId(char *, int, CUdevice),
 *    cuGetErrorName(CUresult, const char **).  CUdevice is int; CUDAAPI is
 *    empty on Linux (__stdcall on Windows, the same as cdecl on x64).
 *    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75, _MINOR = 76.
 *  - nvml.h: nvmlReturn_t (an enum, int-sized) nvmlInit_v2(void),
 *    nvmlShutdown(void), nvmlSystemGetDriverVersion(char *, unsigned),
 *    nvmlSystemGetCudaDriverVersion_v2(int *),
 *    nvmlDeviceGetCount_v2(unsigned *),
 *    nvmlDeviceGetHandleByIndex_v2(unsigned, nvmlDevice_t *),
 *    nvmlDeviceGetName(nvmlDevice_t, char *, unsigned),
 *    nvmlDeviceGetCudaComputeCapability(nvmlDevice_t, int *, int *),
 *    nvmlDeviceGetMemoryInfo(nvmlDevice_t, nvmlMemory_t *),
 *    nvmlDeviceGetUUID(nvmlDevice_t, char *, unsigned),
 *    nvmlDeviceGetPciInfo_v3(nvmlDevice_t, nvmlPciInfo_t *),
 *    nvmlErrorString(nvmlReturn_t).  nvmlDevice_t is an opaque pointer.
 *  - Codes: CUresult in the CUDA 13.0 toolkit's cuda.h and nvmlReturn_t in
 *    nvml.h (NVML API reference, docs.nvidia.com/deploy/nvml-api).
 *  - `probe --compute` (probe/compute.h), from cuda.h of the CUDA 12.6
 *    toolkit (CUDA_VERSION 12060), where the unversioned names are macros
 *    for these symbols: cuDevicePrimaryCtxRetain(CUcontext *, CUdevice)
 *    (CUDA 7.0), cuDevicePrimaryCtxRelease_v2(CUdevice) (the _v2 since
 *    CUDA 11.0; cuDevicePrimaryCtxRelease before), cuCtxSetCurrent(CUcontext),
 *    cuCtxSynchronize(void), cuMemAlloc_v2(CUdeviceptr *, size_t),
 *    cuMemFree_v2(CUdeviceptr), cuMemcpyHtoD_v2(CUdeviceptr, const void *,
 *    size_t), cuMemcpyDtoH_v2(void *, CUdeviceptr, size_t),
 *    cuModuleLoadDataEx(CUmodule *, const void *image, unsigned int
 *    numOptions, CUjit_option *options, void **optionValues),
 *    cuModuleGetFunction(CUfunction *, CUmodule, const char *),
 *    cuModuleUnload(CUmodule), cuLaunchKernel(CUfunction, unsigned int
 *    gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ,
 *    unsigned int sharedMemBytes, CUstream, void **kernelParams,
 *    void **extra), cuDeviceGetUuid_v2(CUuuid *, CUdevice) (CUDA 11.4: the
 *    MIG instance's UUID in MIG mode) and cuDeviceGetUuid (the GPU's),
 *    cuGetErrorString(CUresult, const char **).  CUdeviceptr is an
 *    unsigned integer of pointer size (uintptr_t here); CUcontext,
 *    CUmodule, CUfunction and CUstream are opaque pointers; CUuuid is
 *    struct { char bytes[16]; }; CUjit_option is an enum (int-sized).
 *    JIT options: CU_JIT_WALL_TIME = 2 (out: a float, milliseconds, in the
 *    value slot), CU_JIT_INFO_LOG_BUFFER = 3, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES
 *    = 4, CU_JIT_ERROR_LOG_BUFFER = 5, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6
 *    (in: the size, out: the bytes filled, as an unsigned int in the slot).
 */
#ifndef GD_PROBE_ABI_H
#define GD_PROBE_ABI_H

#include <stddef.h>
#include <stdint.h>

/* CUresult values probe interprets (cuda.h enum cudaError_enum). */
#define CU_SUCCESS 0
#define CU_ERROR_INVALID_VALUE 1
#define CU_ERROR_NOT_INITIALIZED 3
#define CU_ERROR_STUB_LIBRARY 34
#define CU_ERROR_DEVICE_UNAVAILABLE 46
#define CU_ERROR_NO_DEVICE 100
#define CU_ERROR_INVALID_DEVICE 101
#define CU_ERROR_DEVICE_NOT_LICENSED 102
#define CU_ERROR_OPERATING_SYSTEM 304
#define CU_ERROR_NOT_SUPPORTED 801
#define CU_ERROR_SYSTEM_NOT_READY 802
#define CU_ERROR_SYSTEM_DRIVER_MISMATCH 803
#define CU_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE 804
#define CU_ERROR_UNKNOWN 999
/* ... and those --compute meets (cuda.h 12.6). */
#define CU_ERROR_OUT_OF_MEMORY 2
#define CU_ERROR_INVALID_IMAGE 200
#define CU_ERROR_INVALID_CONTEXT 201
#define CU_ERROR_NO_BINARY_FOR_GPU 209
#define CU_ERROR_ECC_UNCORRECTABLE 214
#define CU_ERROR_INVALID_PTX 218
#define CU_ERROR_NVLINK_UNCORRECTABLE 220
#define CU_ERROR_JIT_COMPILER_NOT_FOUND 221
#define CU_ERROR_UNSUPPORTED_PTX_VERSION 222
#define CU_ERROR_JIT_COMPILATION_DISABLED 223
#define CU_ERROR_NOT_FOUND 500
#define CU_ERROR_ILLEGAL_ADDRESS 700
#define CU_ERROR_LAUNCH_OUT_OF_RESOURCES 701
#define CU_ERROR_LAUNCH_TIMEOUT 702
#define CU_ERROR_HARDWARE_STACK_ERROR 714
#define CU_ERROR_ILLEGAL_INSTRUCTION 715
#define CU_ERROR_MISALIGNED_ADDRESS 716
#define CU_ERROR_INVALID_ADDRESS_SPACE 717
#define CU_ERROR_INVALID_PC 718
#define CU_ERROR_LAUNCH_FAILED 719
#define CU_ERROR_MPS_CONNECTION_FAILED 805
#define CU_ERROR_EXTERNAL_DEVICE 911

#define CU_JIT_WALL_TIME 2
#define CU_JIT_INFO_LOG_BUFFER 3
#define CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES 4
#define CU_JIT_ERROR_LOG_BUFFER 5
#define CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES 6

#define CU_ATTR_COMPUTE_CAPABILITY_MAJOR 75
#define CU_ATTR_COMPUTE_CAPABILITY_MINOR 76

/* nvmlReturn_t values probe interprets (nvml.h enum nvmlReturn_enum). */
#define NVML_OK 0
#define NVML_ERR_UNINITIALIZED 1
#define NVML_ERR_NOT_SUPPORTED 3
#define NVML_ERR_NO_PERMISSION 4
#define NVML_ERR_DRIVER_NOT_LOADED 9
#define NVML_ERR_LIBRARY_NOT_FOUND 12
#define NVML_ERR_FUNCTION_NOT_FOUND 13
#define NVML_ERR_GPU_IS_LOST 15
#define NVML_ERR_LIB_RM_VERSION_MISMATCH 18
#define NVML_ERR_UNKNOWN 999

/* Buffer sizes from nvml.h (NVML_SYSTEM_DRIVER_VERSION_BUFFER_SIZE 80,
 * NVML_DEVICE_NAME_V2_BUFFER_SIZE 96, NVML_DEVICE_UUID_V2_BUFFER_SIZE 96,
 * NVML_DEVICE_PCI_BUS_ID_BUFFER_SIZE 32). */
#define NVML_DRIVER_VERSION_SIZE 80
#define NVML_NAME_SIZE 96
#define NVML_UUID_SIZE 96

/* nvmlMemory_t (v1): three unsigned long long, total first. */
struct nvml_memory {
    unsigned long long total, free, used;
};

/* nvmlPciInfo_t as filled by nvmlDeviceGetPciInfo_v3: char busIdLegacy[16];
 * unsigned domain, bus, device, pciDeviceId, pciSubSystemId; char busId[32].
 * Declared with room to spare in case a later version appends fields. */
struct nvml_pci_info {
    char bus_id_legacy[16];
    unsigned domain, bus, device, pci_device_id, pci_subsystem_id;
    char bus_id[32];
    unsigned spare[64];
};

/* nvmlProcessInfo_v2_t, which nvmlDeviceGetComputeRunningProcesses_v3 and
 * _v2 fill, and the v1 struct the unversioned symbol fills (nvml.h, NVML
 * API 13, as in NVIDIA/go-nvml pkg/nvml/nvml.h: unsigned int pid; unsigned
 * long long usedGpuMemory; then, from v2, gpuInstanceId and
 * computeInstanceId).  usedGpuMemory is NVML_VALUE_NOT_AVAILABLE,
 * (unsigned long long)-1, where the driver does not know it (WDDM). */
struct nvml_process_info {
    unsigned pid;
    unsigned long long used_gpu_memory;
    unsigned gpu_instance_id, compute_instance_id;
};
struct nvml_process_info_v1 {
    unsigned pid;
    unsigned long long used_gpu_memory;
};
#define NVML_ERR_INSUFFICIENT_SIZE 7

/* Function pointer types of the entry points (CUDAAPI / NVML_API are the
 * platform's C calling convention on every target gpudoctor supports). */
typedef int (*cu_init_fn)(unsigned flags);                       /* cuInit */
typedef int (*cu_int_out_fn)(int *out);                          /* cuDriverGetVersion, cuDeviceGetCount */
typedef int (*cu_device_get_fn)(int *dev, int ordinal);          /* cuDeviceGet */
typedef int (*cu_device_str_fn)(char *buf, int len, int dev);    /* cuDeviceGetName, cuDeviceGetPCIBusId */
typedef int (*cu_device_attr_fn)(int *out, int attr, int dev);   /* cuDeviceGetAttribute */
typedef int (*cu_total_mem_fn)(size_t *bytes, int dev);          /* cuDeviceTotalMem_v2 */
typedef int (*cu_error_name_fn)(int rc, const char **name);      /* cuGetErrorName */

/* --compute (CUdeviceptr is uintptr_t: an unsigned integer of pointer size). */
struct cu_uuid {
    unsigned char bytes[16];
};
typedef int (*cu_ctx_retain_fn)(void **ctx, int dev);           /* cuDevicePrimaryCtxRetain */
typedef int (*cu_dev_fn)(int dev);                               /* cuDevicePrimaryCtxRelease_v2 */
typedef int (*cu_ptr_fn)(void *p);                               /* cuCtxSetCurrent, cuModuleUnload */
typedef int (*cu_void_fn)(void);                                 /* cuCtxSynchronize */
typedef int (*cu_mem_alloc_fn)(uintptr_t *dptr, size_t bytes);   /* cuMemAlloc_v2 */
typedef int (*cu_mem_free_fn)(uintptr_t dptr);                   /* cuMemFree_v2 */
typedef int (*cu_htod_fn)(uintptr_t dst, const void *src, size_t bytes); /* cuMemcpyHtoD_v2 */
typedef int (*cu_dtoh_fn)(void *dst, uintptr_t src, size_t bytes);       /* cuMemcpyDtoH_v2 */
typedef int (*cu_module_load_fn)(void **mod, const void *image, unsigned n, int *options,
                                 void **values);                 /* cuModuleLoadDataEx */
typedef int (*cu_module_fn_fn)(void **fn, void *mod, const char *name); /* cuModuleGetFunction */
typedef int (*cu_launch_fn)(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx,
                            unsigned by, unsigned bz, unsigned shared, void *stream,
                            void **params, void **extra);        /* cuLaunchKernel */
typedef int (*cu_uuid_fn)(struct cu_uuid *uuid, int dev);        /* cuDeviceGetUuid(_v2) */

typedef int (*nvml_void_fn)(void);                               /* nvmlInit_v2, nvmlShutdown */
typedef int (*nvml_str_fn)(char *buf, unsigned len);             /* nvmlSystemGetDriverVersion */
typedef int (*nvml_int_out_fn)(int *out);                        /* nvmlSystemGetCudaDriverVersion_v2 */
typedef int (*nvml_count_fn)(unsigned *count);                   /* nvmlDeviceGetCount_v2 */
typedef int (*nvml_handle_fn)(unsigned index, void **dev);       /* nvmlDeviceGetHandleByIndex_v2 */
typedef int (*nvml_dev_str_fn)(void *dev, char *buf, unsigned len); /* nvmlDeviceGetName, _GetUUID */
typedef int (*nvml_cc_fn)(void *dev, int *major, int *minor);    /* nvmlDeviceGetCudaComputeCapability */
typedef int (*nvml_mem_fn)(void *dev, struct nvml_memory *m);    /* nvmlDeviceGetMemoryInfo */
typedef int (*nvml_pci_fn)(void *dev, struct nvml_pci_info *p);  /* nvmlDeviceGetPciInfo_v3 */
typedef const char *(*nvml_error_string_fn)(int rc);             /* nvmlErrorString */
typedef int (*nvml_procs_fn)(void *dev, unsigned *count, void *infos); /* nvmlDeviceGetComputeRunningProcesses* */

#endif
