/*
 * kb.h - the knowledge base: compatibility tables as cited data.
 *
 * (The first seven functions are the contract the foundation coded against;
 * their signatures stay.)
 *
 * The tables live in data/ as plain text, one row per fact with its source
 * (format: src/kb/kbdata.h, data/README.md; tables: docs/kb.md), compiled
 * into the binary and replaceable at run time with --db: kb_load() starts
 * from the built-in tables and replaces every table the --db file or
 * directory defines, whole.  GPU names come from the NVIDIA part of pci.ids
 * (embedded at build time; kb_read_pci_ids() takes a newer one from the
 * examined machine) plus data/gpu_pci.kb and data/gpu_name.kb; chip code ->
 * compute capability from data/gpu_chip.kb.
 *
 * A struct kb does not change once loading is done (kb_new_builtin /
 * kb_load, then optionally kb_read_pci_ids or kb_set_pci_ids, before any
 * lookup), with one exception: GPU answers are computed when first asked.
 * kb_gpu_by_pci describes the one device asked (its gpu_pci row or pci.ids
 * entry, then its chip's compute capability) and remembers it; the index
 * of every pci.ids device (most of a load's cost) is built only by the
 * listings, kb_gpu_at and kb_gpu_find.  So a GPU lookup may allocate
 * (gpudoctor is single-threaded).  Every other lookup
 * never allocates (kb_python_newest writes into the caller's arena), and
 * returned strings are owned by the kb, valid until kb_free.  Versions are compared with the comparators in ver_*.h, and a
 * framework version matches a table row by MAJOR.MINOR unless the row says
 * otherwise ("2.16.2" uses the 2.16.1 row).
 *
 * Lookups are tri-state: 1 found (out-parameters set), 0 not in the tables
 * (out-parameters untouched: the caller reports "unknown"), -1 bad input.
 * Every answer comes with the row's source, so a finding can cite it.
 */
#ifndef GD_KB_H
#define GD_KB_H

#include <stddef.h>
#include <stdint.h>

#include "util/arena.h"

#include "kb/kbdata.h"
#include "util/err.h"
#include "util/fs.h"

struct kb;

/** The built-in tables. Never NULL (a broken built-in table is a BUG()). */
struct kb *kb_new_builtin(void);
/**
 * Tables from a --db file or directory.  NULL with err (file and line) when
 * anything in it does not parse: gpudoctor refuses it rather than guess.
 */
struct kb *kb_load(const char *path, struct gd_err *err);
/** Free kb (NULL is fine). */
void kb_free(struct kb *kb);

/** The built-in tables' revision, e.g. "2026-11-30". */
const char *kb_builtin_revision(void);
/** The revision of kb's tables: the newest %revision among them. */
const char *kb_revision(const struct kb *kb);

/**
 * The highest CUDA version a driver supports (what nvidia-smi prints as
 * "CUDA Version"): driver "535.104.05" -> "12.2".  source: the row's source.
 */
int kb_driver_cuda_max(const struct kb *kb, const char *driver_version,
                       const char **cuda, const char **source);

/**
 * The minimum driver for a CUDA toolkit/runtime version on os ("linux" or
 * "windows"), without minor-version compatibility.
 */
int kb_cuda_min_driver(const struct kb *kb, const char *cuda_version, const char *os,
                       const char **driver, const char **source);

/**
 * A GPU by PCI ids: its marketing name and compute capability ("8.9").
 * vendor other than 0x10de: 0.  A device whose name is known but whose chip
 * has no compute capability in the tables gives 1 with *cc NULL.
 */
int kb_gpu_by_pci(const struct kb *kb, unsigned vendor, unsigned device,
                  const char **name, const char **cc, const char **source);

/* ---- Everything below was added with the knowledge-base work. ---- */

/** The name of the table source a kb came from: "built-in" or the --db path. */
const char *kb_origin(const struct kb *kb);

/** The table called name ("tf_build", ...; see kb_schemas), or NULL.  For `matrix`. */
const struct kb_table *kb_table(const struct kb *kb, const char *name);
/**
 * Table id (KB_T_torch, ...; kb_tables.h): the --db's when it defines the
 * table, else the built-in one.  Read it with kb_cell / kb_row (kbdata.h).
 */
const struct kb_table *kb_tab(const struct kb *kb, enum kb_table_id id);

/*
 * The lookups' answer types below open with their table's row
 * (KB_ROW_FIELDS: one member per column, named as in kb_tables.h), so a
 * lookup copies a row whole (kb_table_row_of); KB_ROW_OF checks that.
 */
#define KB_ROW_OF(type, name)                                                                          \
    _Static_assert(offsetof(struct type, source) == offsetof(struct kb_row_##name, source),          \
                   #type " opens with a " #name " row")

/**
 * Replace the embedded pci.ids names with buf (a whole pci.ids file) when
 * its "# Version:" is newer than the embedded one.  origin names it in
 * messages.  1 used, 0 not newer (kb unchanged), -1 malformed (err; kb
 * unchanged).
 */
int kb_set_pci_ids(struct kb *kb, const uint8_t *buf, size_t len, const char *origin,
                   struct gd_err *err);

/**
 * Read /usr/share/misc/pci.ids, then /usr/share/hwdata/pci.ids, through fs
 * (so --root applies) and use the first one found if it is newer, as
 * kb_set_pci_ids.  1 used, 0 none present or none newer, -1 unreadable or
 * malformed (err; the caller makes it a warning, kb is unchanged).
 */
int kb_read_pci_ids(struct kb *kb, struct fs *fs, struct gd_err *err);

/** The version stamp of the pci.ids in use ("2023.04.10"), or NULL. */
const char *kb_pci_ids_version(const struct kb *kb);

/* A GPU as the tables know it. */
struct kb_gpu {
    unsigned device;      /* PCI device id, 0 when the row has none (Jetson) */
    const char *name;     /* "GeForce RTX 4090" */
    const char *chip;     /* "AD102", or NULL */
    const char *arch;     /* "Ada", or NULL when cc is unknown */
    const char *cc;       /* "8.9", or NULL when unknown */
    const char *source;
};

/**
 * GPUs whose name contains query as whole words, case-insensitively ("RTX
 * 4090" matches "GeForce RTX 4090" and "GeForce RTX 4090 Laptop GPU", not
 * "RTX 40900").  Call with *iter = 0, then again while it returns 1: data
 * /gpu_name.kb rows first, then PCI devices.  1 found, 0 no more, -1 empty
 * query.
 */
int kb_gpu_find(const struct kb *kb, const char *query, size_t *iter, struct kb_gpu *out);

/** The first GPU matching name (as kb_gpu_find): its name and cc. */
int kb_gpu_by_name(const struct kb *kb, const char *query, const char **name, const char **cc,
                   const char **source);

/** PCI device number i (0-based, for listing): 1 and out, 0 past the end. */
int kb_gpu_at(const struct kb *kb, size_t i, struct kb_gpu *out);

/**
 * Compute capability of a chip code or pci.ids name ("AD102", "GA107BM",
 * "GH100 [H100 PCIe]"): the longest data/gpu_chip.kb prefix.
 */
int kb_chip_cc(const struct kb *kb, const char *chip, const char **arch, const char **cc,
               const char **source);

/**
 * The minimum driver for a CUDA runtime of cuda_version's major through
 * minor-version compatibility (CUDA >= 11): 12.x -> 525.60.13 on Linux.
 * 0 for CUDA 10 and older (no such thing: use kb_cuda_min_driver).
 */
int kb_cuda_mvc_floor(const struct kb *kb, const char *cuda_version, const char *os,
                      const char **driver, const char **source);

enum kb_drv_verdict {
    KB_DRV_OK = 1,        /* driver >= the toolkit's own driver */
    KB_DRV_OK_MVC,        /* only through minor-version compatibility (no newer PTX JIT) */
    KB_DRV_TOO_OLD        /* *need says what is needed */
};

/**
 * Can a CUDA runtime of version cuda run on driver (os "linux"/"windows")?
 * 1 and *verdict (with *need = the floor that decided, *source its row),
 * 0 when the tables cannot tell, -1 bad input.
 */
int kb_driver_runs_cuda(const struct kb *kb, const char *driver, const char *cuda, const char *os,
                        enum kb_drv_verdict *verdict, const char **need, const char **source);

/**
 * The GPU architectures CUDA toolkit cuda can compile for: lowest and highest
 * "sm_XY" (data/cuda_sm.kb).  1, or 0 if the toolkit is unknown.
 */
int kb_cuda_sm_range(const struct kb *kb, const char *cuda, const char **lowest,
                     const char **highest);

/**
 * First and last toolkit for sm ("sm_70" or "7.0"): *last NULL = still
 * supported.  1 / 0 / -1.
 */
int kb_sm_toolkits(const struct kb *kb, const char *sm, const char **first, const char **last,
                   const char **source);

/**
 * Does cuDNN cudnn (any spelling ver_cudnn_normalize takes) support CUDA
 * cuda?  1 yes (source set), 0 no row says so, -1 bad input.
 */
int kb_cudnn_supports_cuda(const struct kb *kb, const char *cudnn, const char *cuda,
                           const char **source);

/**
 * Does an architecture list ("5.0;6.0;7.0;7.5;8.0;8.6;9.0+PTX", or
 * "sm_50,sm_60,compute_90") run on compute capability cc?  2 native code
 * (the same cc, or a lower minor of the same major), 1 only through PTX JIT
 * (PTX for a lower cc), 0 no, -1 bad input.  Pure; needs no kb.
 */
int kb_arch_list_covers(const char *arch_list, const char *cc);

/* TensorFlow: a tf_build row (cuda NULL: a CPU-only build). */
struct kb_tf_build {
    KB_ROW_FIELDS(tf_build)
};
KB_ROW_OF(kb_tf_build, tf_build);
/** The tested build configuration for tf_version on os ("linux", "windows"). */
int kb_tf_build(const struct kb *kb, const char *tf_version, const char *os,
                struct kb_tf_build *out);
/** The newest TensorFlow with a native-Windows GPU build ("2.10.0"), or NULL. */
const char *kb_tf_last_windows_gpu(const struct kb *kb);
/**
 * The i-th tested build for os (i from 0), newest release first.  1, or 0
 * after the last.
 */
int kb_tf_build_at(const struct kb *kb, const char *os, size_t i, struct kb_tf_build *out);
/** The newest Python of a python range cell ("3.7-3.10" -> "3.10"), in a, or NULL. */
const char *kb_python_newest(struct arena *a, const char *range);

/* A tf_libs row: first, last, os, the file names of cudart ... nvinfer (NULL: not
 * loaded by that version), pip_libs, source. */
struct kb_tf_libs {
    KB_ROW_FIELDS(tf_libs)
};
KB_ROW_OF(kb_tf_libs, tf_libs);
/** The libraries tf_version loads on os. */
int kb_tf_libs(const struct kb *kb, const char *tf_version, const char *os,
               struct kb_tf_libs *out);
/**
 * Whether a release's pip wheels bring CUDA ("tensorflow[and-cuda]"), from
 * its tf_libs row's pip_libs: 1 yes and its module's RUNPATH finds them;
 * 2 yes but the RUNPATH is broken (2.16.1, tensorflow/tensorflow#63362);
 * 3 yes, whether the RUNPATH works is not established; 0 no extra.
 */
int kb_tf_pip_extra(const struct kb_tf_libs *l);

/* PyTorch: a torch row: version "2.1", variant "cu121" / "rocm5.6" / "cpu", dflt, cuda, cudnn,
 * arch, source. */
struct kb_torch {
    KB_ROW_FIELDS(torch)
    int is_default;                  /* dflt "yes": the wheel `pip install torch` gets on Linux x86_64 */
};
KB_ROW_OF(kb_torch, torch);
/**
 * The build of torch_version ("2.1.0+cu121" works: the local label is the
 * variant when variant is NULL) for variant; no variant and no label: the
 * PyPI default.
 */
int kb_torch(const struct kb *kb, const char *torch_version, const char *variant,
             struct kb_torch *out);
/**
 * The i-th CUDA build (i from 0) of torch_version's release in the table,
 * newest CUDA first: every variant PyTorch published for it, and only
 * those.  1, 0 after the last, -1 for a malformed version.
 */
int kb_torch_build_at(const struct kb *kb, const char *torch_version, size_t i, struct kb_torch *out);
/**
 * The minimum driver for a torch build on os: the minor-version
 * compatibility floor of its CUDA major (CUDA >= 11), else the toolkit's
 * driver.  0 for CPU/ROCm builds or unknown versions.
 */
int kb_torch_min_driver(const struct kb *kb, const char *torch_version, const char *variant,
                        const char *os, const char **driver, const char **source);

/**
 * The CPython range torch_version's wheels support (data/torch_python.kb):
 * *py_min, *py_max as "3.9", "3.13".  0 when the release is not listed.
 */
int kb_torch_python(const struct kb *kb, const char *torch_version, const char **py_min,
                    const char **py_max, const char **source);

/* JAX: a jax row (flavor "cuda11", "cuda12", "cuda13"). */
struct kb_jax {
    KB_ROW_FIELDS(jax)
};
KB_ROW_OF(kb_jax, jax);
/** The requirements of jaxlib (or jax-cudaNN-plugin) version for flavor. */
int kb_jax(const struct kb *kb, const char *jaxlib_version, const char *flavor,
           struct kb_jax *out);

/* CuPy, ONNX Runtime, PaddlePaddle, tensorflow-metal: their rows. */
struct kb_cupy {
    KB_ROW_FIELDS(cupy)
};
KB_ROW_OF(kb_cupy, cupy);
/** The CUDA range of a CuPy wheel ("cupy-cuda12x") at version. */
int kb_cupy(const struct kb *kb, const char *package, const char *version, struct kb_cupy *out);
/**
 * The CuPy wheel to install for CUDA cuda ("11.4": cupy-cuda11x): the row
 * whose CUDA range holds it, a still-current one (last "-") before the one
 * that ended latest.  cuda NULL: the current wheel for the oldest CUDA
 * still served (the one the most drivers run).  1 / 0 / -1.
 */
int kb_cupy_for_cuda(const struct kb *kb, const char *cuda, struct kb_cupy *out);

struct kb_ort {
    KB_ROW_FIELDS(onnxruntime)
};
KB_ROW_OF(kb_ort, onnxruntime);
/**
 * onnxruntime-gpu version built for CUDA major cuda_major ("12"); NULL: the
 * build PyPI serves.
 */
int kb_onnxruntime(const struct kb *kb, const char *version, const char *cuda_major,
                   struct kb_ort *out);

struct kb_paddle {
    KB_ROW_FIELDS(paddle)
};
KB_ROW_OF(kb_paddle, paddle);
/** paddlepaddle-gpu version (e.g. "2.5.2.post117" or "3.0.0" with variant "cu126"). */
int kb_paddle(const struct kb *kb, const char *version, const char *variant,
              struct kb_paddle *out);

/** The tensorflow(-macos) version that tensorflow-metal metal pairs with. */
/**
 * The first CUDA toolkit released after the line `line` ("11": every 11.x;
 * "10.1": that minor), and its GA date (YYYY-MM-DD, month precision) from
 * table cuda_release.  1: found (*next, *released set, borrowed from kb);
 * 0: no later release in the table, or the line is not in it; -1: a line
 * that is not a version.
 */
int kb_cuda_successor(const struct kb *kb, const char *line, const char **next, const char **released);
/**
 * The first cuDNN major released after major `major` ("8"), and its GA date
 * (YYYY-MM-DD, month precision) from table cudnn_release.  1: found (*next,
 * *released set, borrowed from kb); 0: no later major in the table, or the
 * major is not in it; -1: not a version.
 */
int kb_cudnn_successor(const struct kb *kb, const char *major, const char **next, const char **released);
int kb_tf_metal(const struct kb *kb, const char *metal, const char **tf, const char **source);
/**
 * The newest tensorflow-metal release that pairs with TensorFlow tf (its
 * major.minor), or with any release when tf is NULL: *metal, *tf_out (the
 * row's TensorFlow).  1 / 0 none / -1 bad input.
 */
/**
 * The packaging fact that holds for the newest releases (its row's last is
 * "-"), whatever the version: ("torch", "mps_min_macos") -> "12.3".
 * 1 / 0 none / -1 bad input.
 */
int kb_pkg_fact_current(const struct kb *kb, const char *framework, const char *fact, const char **value,
                        const char **source);

int kb_tf_metal_for_tf(const struct kb *kb, const char *tf, const char **metal, const char **tf_out,
                       const char **source);

/* ---- Added with issue #18: facts beyond the build tables. ---- */

/*
 * Any answer's source may begin with "unverified" (kbdata_source_unverified):
 * the row was not confirmed from a primary source; callers must not present
 * it as certain.
 */

/* The Python versions a framework release supports: a py_support row (last NULL:
 * still current; python_max NULL: no documented cap). */
struct kb_py {
    KB_ROW_FIELDS(py_support)
};
KB_ROW_OF(kb_py, py_support);
/**
 * framework: "pytorch", "jax", "onnxruntime", "cupy" (TensorFlow's range is
 * in tf_build).  1 and *out, 0 unknown, -1 bad input.
 */
int kb_python_support(const struct kb *kb, const char *framework, const char *version,
                      struct kb_py *out);
/** 1 when python ("3.12") is inside py's range, else 0. */
int kb_python_in(const struct kb_py *py, const char *python);

/**
 * The minimum driver TensorFlow's own install docs name for tf_version on
 * os ("linux"; "windows" = WSL2 on Windows) -- laxer than the toolkit's
 * release driver.  1 / 0 / -1.
 */
int kb_tf_min_driver(const struct kb *kb, const char *tf_version, const char *os,
                     const char **driver, const char **source);

/*
 * The driver a TensorFlow install needs, and which rule says so.  rule:
 *   "TensorFlow"  TensorFlow's own documented minimum (tf_driver) -- its
 *                 CUDA builds rely on minor-version compatibility;
 *   "toolkit"     no tf_driver row: the CUDA toolkit's release driver;
 *   "PTX JIT"     the GPU has no machine code in the release (tf_arch's
 *                 sass list): the driver JIT-compiles TensorFlow's PTX,
 *                 which needs a driver as new as the toolkit that wrote it;
 *   "GPU family"  arch_floor's driver for the GPU, when higher (Blackwell).
 * toolkit / toolkit_source: CUDA cuda's own release driver (NULL unknown).
 */
struct kb_tf_floor {
    const char *driver, *source, *rule;
    const char *toolkit, *toolkit_source;
    const char *arch, *arch_source;   /* "PTX JIT" from tf_arch: its sass list and row source */
};
/**
 * TensorFlow tf_version built with CUDA cuda, on a GPU of compute
 * capability cc (NULL: any) on os ("linux", "windows" = native Windows,
 * "wsl").  arch_list: the build's own architectures (build_info's
 * "sm_60,...,compute_90", any list kb_arch_list_covers takes), NULL for
 * tf_arch's row.  1 and *out, 0 nothing known, -1 bad input.
 */
int kb_tf_driver_floor(const struct kb *kb, const char *tf_version, const char *cuda, const char *cc,
                       const char *arch_list, const char *os, struct kb_tf_floor *out);

/* TensorFlow's compiled architectures: a tf_arch row (sass "3.5;5.0;6.0;7.0;7.5;8.0";
 * ptx: which PTX ships, "newest-only", a cc, or NULL). */
struct kb_tf_arch {
    KB_ROW_FIELDS(tf_arch)
};
KB_ROW_OF(kb_tf_arch, tf_arch);
int kb_tf_arch(const struct kb *kb, const char *tf_version, struct kb_tf_arch *out);

/* A per-architecture floor, an arch_floor row: the driver and CUDA build a GPU family needs. */
struct kb_arch_floor {
    KB_ROW_FIELDS(arch_floor)
};
KB_ROW_OF(kb_arch_floor, arch_floor);
/** The floor for compute capability cc ("12.0") on os.  1 / 0 / -1. */
int kb_arch_floor(const struct kb *kb, const char *cc, const char *os,
                  struct kb_arch_floor *out);

/**
 * The minimum driver for a CUDA build (its runtime version cuda, e.g. a
 * torch cu128 wheel: "12.8") on a GPU of compute capability cc (NULL: any
 * GPU) on os: the greater of the CUDA major's minor-version-compatibility
 * floor (the toolkit's driver before CUDA 11) and the GPU family's
 * arch_floor driver (Blackwell: 570.26 Linux).  *build_ok is 0 when the
 * build's CUDA is older than the family needs (a cu126 build on sm_120),
 * else 1.  1 and *driver / *source (the row that decided), 0 unknown CUDA,
 * -1 bad input.  This is the per-variant torch minimum driver, given the GPU.
 */
int kb_build_min_driver(const struct kb *kb, const char *cuda, const char *cc, const char *os,
                        const char **driver, const char **source, int *build_ok);

/**
 * The oldest compute capability a cuDNN build for cuda supports (cuDNN 9.17
 * for CUDA 12: "7.5").  1 and *cc_min (NULL: the row names none), 0 no
 * row, -1 bad input.
 */
int kb_cudnn_cc_min(const struct kb *kb, const char *cudnn, const char *cuda,
                    const char **cc_min, const char **source);

/**
 * A packaging fact for a framework release (data/pkg_fact.kb): e.g.
 * ("jax", "extra_cuda", "0.4.20") -> "cuda11-jaxlib"; ("tensorflow",
 * "extra_and_cuda", "2.15.0") -> "yes".  The facts are listed in docs/kb.md.
 * 1 and *value, 0 unknown, -1 bad input.
 */
int kb_pkg_fact(const struct kb *kb, const char *framework, const char *fact,
                const char *version, const char **value, const char **source);

/**
 * The release from which a packaging fact has had value ever since: the
 * first of its open-ended row (last "-") when that row's value is value
 * (("python", "extension_dll_path", "no") -> "3.8": advice that says
 * "Python 3.8+").  1 and *first, 0 when the current row has another value
 * or there is none, -1 bad input.
 */
int kb_pkg_fact_since(const struct kb *kb, const char *framework, const char *fact, const char *value,
                      const char **first, const char **source);

/**
 * When table was last checked against its sources and the newest release
 * those sources named then (data/kb_meta.kb).  1 / 0.
 */
int kb_meta(const struct kb *kb, const char *table, const char **checked, const char **newest,
            const char **source);

/* ---- Added with issue #16: a distribution's own GPU packages (data/distro_pkg.kb). ---- */

/**
 * The row of data/distro_pkg.kb for package (NULL: any) in role
 * ("cuda_build", "redo") on distribution distro ("debian") at release
 * distro_version ("13"; NULL: the newest row), with value (NULL: any): the
 * row with the highest first <= distro_version.  1 and *package_out,
 * *value_out, *source (each may be NULL), 0 none, -1 bad input.
 */
int kb_distro_pkg(const struct kb *kb, const char *distro, const char *distro_version, const char *package,
                  const char *role, const char *value, const char **package_out, const char **value_out,
                  const char **source);

/* ---- Added with issue #20: Jetson (data/jetpack.kb). ---- */

/* One row of the jetpack table: an L4T release ("35.4.1") and what its JetPack
 * ("5.1.2") ships: cuda ("11.4"), cudnn, tensorrt, ubuntu (each NULL when no
 * source names it), wheels (NVIDIA's PyTorch wheel index, or NULL), source. */
struct kb_jetpack {
    KB_ROW_FIELDS(jetpack)
    int unverified;        /* the source starts with "unverified:" */
};
KB_ROW_OF(kb_jetpack, jetpack);

/**
 * The JetPack of L4T release l4t ("35.4.1"; "35.1" is the row 35.1.0:
 * compared as dotted versions).  1 and *out, 0 when the table has no such
 * release (an unknown release stays unknown: no nearest row is guessed),
 * -1 when l4t is not a version.
 */
int kb_jetpack(const struct kb *kb, const char *l4t, struct kb_jetpack *out);

/**
 * The JetPack rows whose CUDA has cuda_major's major ("11" or "11.4"), in
 * table order: call with *iter = 0, then again while it returns 1.  0 when
 * no more, -1 bad input.
 */
int kb_jetpack_for_cuda(const struct kb *kb, const char *cuda_major, size_t *iter, struct kb_jetpack *out);

/**
 * The integrated GPU of Tegra SoC soc ("tegra234", from the device tree):
 * its name ("Jetson Orin"), compute capability and source.  1 / 0 unknown /
 * -1 bad input.
 */
int kb_tegra_soc(const struct kb *kb, const char *soc, const char **gpu, const char **cc, const char **source);

/* Error codes (data/cuda_error.kb). */
struct kb_cuda_error {
    KB_ROW_FIELDS(cuda_error)
};
KB_ROW_OF(kb_cuda_error, cuda_error);
/**
 * The error code a log shows: by name (any api: names are unique across
 * them) when name is set, else by number in api ("driver", "runtime",
 * "nvml", "cudnn"; NULL or "cuda": the runtime's, then the driver's).
 * 1 found / 0 not in the table / -1 bad input (neither name nor number >= 0).
 */
int kb_cuda_error(const struct kb *kb, const char *api, const char *name, long number,
                  struct kb_cuda_error *out);

#endif
