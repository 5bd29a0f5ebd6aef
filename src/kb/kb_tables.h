/*
 * kb_tables.h - every knowledge-base table described once: its name, title
 * and columns (name, kind, key / optional), as X-macros.  From this list
 * come kb_schemas[] (kbdata.c: what the parser checks each %columns line
 * and field against), a typed row struct per table (struct kb_row_NAME, one
 * const char * per column, source last), the table ids (KB_T_NAME) and the
 * column ids (KB_COL(NAME, column)), so code reads a table by ids the
 * compiler checks, never by a column name in a string.
 *
 *     const struct kb_table *t = kb_tab(kb, KB_T_torch);
 *     struct kb_row_torch row;
 *     kb_row(t, r, torch, &row);                 // every column, typed
 *     kb_cell(t, r, torch, cuda);                // one cell, by column id
 *
 * Adding a table: a KB_TABLES line and its KB_COLS_NAME here, a data file,
 * docs/kb.md.  Column order is the order in the data files; never reorder
 * a released table's columns.  Adding a column changes the %columns line
 * every file of that table must repeat.
 *
 * X(name, title) is each table; C(field, "name", KIND, FLAGS) each column
 * but the source column every table ends with (written KBC(C, field, KIND,
 * FLAGS) when the column's name is the field's).  KIND is a kb_coltype
 * without its KB_COL_ prefix; FLAGS is K (part of the row's unique key), O
 * (optional: "-" allowed) or 0.  Cells are strings; "-" reads as NULL.
 */
#ifndef GD_KB_TABLES_H
#define GD_KB_TABLES_H

#include <stddef.h>

#define KBC(C, f, kind, flags) C(f, #f, kind, flags)

#define KB_TABLES(X)                                                                                    \
    X(driver_cuda, "driver branch -> highest CUDA it supports (nvidia-smi \"CUDA Version\")")           \
    X(cuda_driver, "CUDA toolkit -> minimum driver (toolkit driver, no minor-version compatibility)")   \
    X(cuda_mvc, "CUDA major -> minimum driver with minor-version compatibility")                        \
    X(cuda_sm, "GPU architecture -> first and last CUDA toolkit that can build for it")                \
    X(cudnn_cuda, "cuDNN release -> CUDA versions it supports, oldest GPU")                              \
    X(gpu_chip, "GPU chip code -> architecture and compute capability")                                 \
    X(gpu_pci, "NVIDIA PCI device ids missing from the embedded pci.ids")                               \
    X(gpu_name, "GPU marketing name -> compute capability")                                             \
    X(tf_build, "TensorFlow tested build configurations")                                               \
    X(tf_libs, "TensorFlow: the CUDA libraries it loads, by version range and OS")                      \
    X(torch, "PyTorch releases: CUDA/ROCm variants, cuDNN, compiled architectures")                     \
    X(torch_python, "PyTorch releases -> supported CPython range")                                      \
    X(jax, "jaxlib / CUDA plugin -> CUDA, cuDNN, driver minimums")                                      \
    X(cupy, "CuPy wheel packages -> CUDA range")                                                        \
    X(onnxruntime, "onnxruntime-gpu -> CUDA and cuDNN")                                                 \
    X(paddle, "paddlepaddle-gpu builds -> CUDA, cuDNN, driver")                                         \
    X(xgboost, "XGBoost CUDA wheels -> the CUDA they were built with")                                  \
    X(tf_metal, "tensorflow-metal <-> tensorflow(-macos) pairs")                                        \
    X(py_support, "framework release range -> the Python versions it supports")                         \
    X(tf_driver, "TensorFlow release range -> the minimum driver its install docs name")                \
    X(tf_arch, "TensorFlow release range -> compiled GPU architectures (SASS) and PTX")                 \
    X(arch_floor, "GPU architecture -> minimum driver and CUDA build")                                  \
    X(pkg_fact, "packaging facts per framework release range")                                          \
    X(distro_pkg, "a distribution's GPU packages: its CUDA builds, the command that redoes a postinst") \
    X(jetpack, "Jetson: L4T release -> JetPack, and the CUDA, cuDNN, TensorRT, Ubuntu it ships")        \
    X(tegra_soc, "Jetson: Tegra SoC (device tree) -> its integrated GPU's compute capability")          \
    X(cuda_compat, "framework install route -> where its CUDA comes from and which CUDA it takes")      \
    X(cuda_error, "CUDA driver/runtime, NVML and cuDNN error codes -> name, number, meaning, finding")    \
    X(cuda_release, "CUDA toolkit release -> the month its first GA came out")                          \
    X(cudnn_release, "cuDNN major -> the month its first GA came out")                                  \
    X(kb_meta, "per table: when it was last checked and the newest release its sources name")

#define KB_COLS_driver_cuda(C) KBC(C, branch, VER, K) KBC(C, cuda, VER, 0)
#define KB_COLS_cuda_driver(C) KBC(C, cuda, VER, K) KBC(C, os, OS, K) KBC(C, driver, VER, 0)
#define KB_COLS_cuda_mvc(C) KBC(C, major, VER, K) KBC(C, os, OS, K) KBC(C, driver, VER, 0)
#define KB_COLS_cuda_sm(C) KBC(C, sm, TEXT, K) KBC(C, first, VER, 0) KBC(C, last, VER, O)
#define KB_COLS_cudnn_cuda(C)                                                                       \
    KBC(C, cudnn, VER, K) KBC(C, cuda_major, VER, K) KBC(C, cuda_min, VER, 0) KBC(C, cuda_max, VER, 0) \
    KBC(C, cc_min, CC, O)
#define KB_COLS_gpu_chip(C) KBC(C, chip, TEXT, K) KBC(C, arch, TEXT, 0) KBC(C, cc, CC, 0)
#define KB_COLS_gpu_pci(C) KBC(C, device, HEX, K) KBC(C, name, TEXT, 0) KBC(C, chip, TEXT, 0)
#define KB_COLS_gpu_name(C) KBC(C, name, TEXT, K) KBC(C, cc, CC, 0) KBC(C, arch, TEXT, 0)
/* cuda "-": a CPU-only build. */
#define KB_COLS_tf_build(C)                                                                         \
    KBC(C, version, VER, K) KBC(C, os, OS, K) KBC(C, python, VER, 0) KBC(C, cuda, VER, O)           \
    KBC(C, cudnn, VER, O)
/* File names of the CUDA libraries a release loads ("-": not loaded); pip_libs:
 * how it finds site-packages/nvidia/.../lib ("no", "ld_library_path", "rpath",
 * "rpath-broken", "unknown"). */
#define KB_COLS_tf_libs(C)                                                                          \
    KBC(C, first, VER, K) KBC(C, last, VER, 0) KBC(C, os, OS, K) KBC(C, cudart, TEXT, O)            \
    KBC(C, cublas, TEXT, O) KBC(C, cublaslt, TEXT, O) KBC(C, cufft, TEXT, O) KBC(C, curand, TEXT, O) \
    KBC(C, cusolver, TEXT, O) KBC(C, cusparse, TEXT, O) KBC(C, cudnn, TEXT, O)                      \
    KBC(C, nvinfer, TEXT, O) KBC(C, pip_libs, TEXT, 0)
/* variant "cu121" / "rocm5.6" / "cpu"; default "yes": the wheel `pip install
 * torch` gets on Linux x86_64 (the field is dflt: default is C's). */
#define KB_COLS_torch(C)                                                                            \
    KBC(C, version, VER, K) KBC(C, variant, TEXT, K) C(dflt, "default", TEXT, 0)                    \
    KBC(C, cuda, VER, O) KBC(C, cudnn, VER, O) KBC(C, arch, TEXT, O)
#define KB_COLS_torch_python(C) KBC(C, version, VER, K) KBC(C, python_min, VER, 0) KBC(C, python_max, VER, 0)
/* flavor "cuda11", "cuda12", "cuda13". */
#define KB_COLS_jax(C)                                                                              \
    KBC(C, first, VER, K) KBC(C, last, VER, 0) KBC(C, flavor, TEXT, K) KBC(C, cuda_min, VER, 0)     \
    KBC(C, cudnn_min, VER, O) KBC(C, cudnn_max, VER, O) KBC(C, driver_min, VER, O)                  \
    KBC(C, cc_min, CC, O) KBC(C, extras, TEXT, O)
#define KB_COLS_cupy(C)                                                                             \
    KBC(C, package, TEXT, K) KBC(C, first, VER, K) KBC(C, last, VER, O) KBC(C, cuda_min, VER, 0)    \
    KBC(C, cuda_max, VER, 0)
#define KB_COLS_onnxruntime(C)                                                                      \
    KBC(C, first, VER, K) KBC(C, last, VER, 0) KBC(C, cuda, VER, K) KBC(C, cudnn, VER, 0)           \
    KBC(C, pypi, TEXT, 0)
#define KB_COLS_paddle(C)                                                                           \
    KBC(C, version, VER, K) KBC(C, variant, TEXT, K) KBC(C, cuda, VER, 0) KBC(C, cudnn, VER, O)     \
    KBC(C, driver_min, VER, O)
#define KB_COLS_xgboost(C)                                                                          \
    KBC(C, package, TEXT, K) KBC(C, first, VER, K) KBC(C, last, VER, O) KBC(C, cuda, VER, 0)        \
    KBC(C, platform, TEXT, 0)
#define KB_COLS_tf_metal(C) KBC(C, metal, VER, K) KBC(C, tf, VER, K)
/* last "-": still current; python_max "-": no documented cap. */
#define KB_COLS_py_support(C)                                                                       \
    KBC(C, framework, TEXT, K) KBC(C, first, VER, K) KBC(C, last, VER, O) KBC(C, python_min, VER, 0) \
    KBC(C, python_max, VER, O)
#define KB_COLS_tf_driver(C) KBC(C, first, VER, K) KBC(C, last, VER, 0) KBC(C, os, OS, K) KBC(C, driver, VER, 0)
/* sass "3.5;5.0;6.0;7.0;7.5;8.0"; ptx: which PTX ships ("newest-only", a cc, or "-"). */
#define KB_COLS_tf_arch(C) KBC(C, first, VER, K) KBC(C, last, VER, 0) KBC(C, sass, TEXT, 0) KBC(C, ptx, TEXT, O)
#define KB_COLS_arch_floor(C)                                                                       \
    KBC(C, arch, TEXT, K) KBC(C, os, OS, K) KBC(C, cc_min, CC, 0) KBC(C, cc_max, CC, 0)             \
    KBC(C, driver_min, VER, 0) KBC(C, cuda_min, VER, 0)
#define KB_COLS_pkg_fact(C)                                                                         \
    KBC(C, framework, TEXT, K) KBC(C, fact, TEXT, K) KBC(C, first, VER, K) KBC(C, last, VER, O)     \
    KBC(C, value, TEXT, 0)
#define KB_COLS_distro_pkg(C)                                                                       \
    KBC(C, distro, TEXT, K) KBC(C, first, VER, K) KBC(C, package, TEXT, K) KBC(C, role, TEXT, K)    \
    KBC(C, value, TEXT, 0)
/* wheels: NVIDIA's PyTorch wheel index for that JetPack. */
#define KB_COLS_jetpack(C)                                                                          \
    KBC(C, l4t, VER, K) KBC(C, jetpack, VER, 0) KBC(C, cuda, VER, O) KBC(C, cudnn, VER, O)          \
    KBC(C, tensorrt, VER, O) KBC(C, ubuntu, VER, O) KBC(C, wheels, TEXT, O)
/* api: driver (CUresult), runtime (cudaError_t), nvml (nvmlReturn_t), cudnn
 * (cudnnStatus_t, cuDNN 9 numbers); finding: the GD code a log showing it
 * points to ("-": none known); meaning: for the user ("-": none written). */
#define KB_COLS_cuda_error(C)                                                                       \
    KBC(C, api, TEXT, K) KBC(C, name, TEXT, K) KBC(C, number, TEXT, 0) KBC(C, finding, TEXT, O)     \
    KBC(C, meaning, TEXT, O)
#define KB_COLS_tegra_soc(C) KBC(C, soc, TEXT, K) KBC(C, gpu, TEXT, 0) KBC(C, cc, CC, 0)
/* route "pip", "conda", "system"; accepts "exact", "major", "minor-min". */
#define KB_COLS_cuda_compat(C)                                                                      \
    KBC(C, framework, TEXT, K) KBC(C, route, TEXT, K) KBC(C, first, VER, K) KBC(C, last, VER, O)    \
    KBC(C, accepts, TEXT, 0)
#define KB_COLS_cuda_release(C) KBC(C, cuda, VER, K) KBC(C, released, DATE, 0)
#define KB_COLS_cudnn_release(C) KBC(C, cudnn, VER, K) KBC(C, released, DATE, 0)
#define KB_COLS_kb_meta(C) KBC(C, table, TEXT, K) KBC(C, checked, DATE, 0) KBC(C, newest, VER, 0)

/* Every table's columns, the source column included. */
#define KB_COLUMNS(name, C) KB_COLS_##name(C) C(source, "source", SOURCE, 0)

/* The tables' ids: kb_schemas[KB_T_torch] is the torch table's schema. */
#define KB_TABLE_ID_(name, title) KB_T_##name,
enum kb_table_id { KB_TABLES(KB_TABLE_ID_) KB_NTABLES };
#undef KB_TABLE_ID_

/* struct kb_row_NAME: one row of table NAME, a string (or NULL for "-") per column. */
#define KB_ROW_FIELD_(f, name, kind, flags) const char *f;
#define KB_ROW_STRUCT_(name, title)                                                                 \
    struct kb_row_##name {                                                                          \
        KB_COLUMNS(name, KB_ROW_FIELD_)                                                             \
    };
KB_TABLES(KB_ROW_STRUCT_)
#undef KB_ROW_STRUCT_

/* The members of table NAME's row, to open a struct that adds its own after them. */
#define KB_ROW_FIELDS(name) KB_COLUMNS(name, KB_ROW_FIELD_)

/* Column col of table name, as an index into its schema's cols[] (a compile
 * error when the table has no such column). */
#define KB_COL(name, col) (offsetof(struct kb_row_##name, col) / sizeof(const char *))
/* The number of columns of table name, source included. */
#define KB_NCOLS(name) (sizeof(struct kb_row_##name) / sizeof(const char *))

#endif
