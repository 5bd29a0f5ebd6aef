/*
 * buildinfo.h - framework build facts from generated Python files, unrun.
 *
 * Frameworks write how they were built into small generated Python modules:
 *  - TensorFlow: tensorflow/python/platform/build_info.py, written at build
 *    time by tensorflow/tools/build_info/gen_build_info.py.  Seen shapes:
 *    `build_info = collections.OrderedDict([('cuda_version', '12.1'), ...])`
 *    (2.4+) and `build_info = {'cuda_version': '64_101', ...}` (2.1-2.3); keys
 *    cuda_version, cudnn_version, cuda_compute_capabilities (a list such as
 *    ['sm_35', ..., 'compute_80']), is_cuda_build, is_rocm_build,
 *    is_tensorrt_build, cpu_compiler, and on Windows cudart_dll_name,
 *    cudnn_dll_name, nvcuda_dll_name, msvcp_dll_names (Windows values look
 *    like '64_112').  Read by tf.sysconfig.get_build_info()
 *    (tensorflow/python/platform/sysconfig.py).
 *  - PyTorch: torch/version.py, written by tools/generate_torch_version.py:
 *    `__version__ = '2.7.1+cu126'`, `debug = False`,
 *    `cuda: Optional[str] = '12.6'`, `git_version = '...'`,
 *    `hip: Optional[str] = None` and, from about 2.4, `xpu`.
 *
 * They are Python, but generated, so a small literal scanner is enough and
 * nothing is ever evaluated: pylit_scan tokenises the text (comments,
 * single/triple-quoted strings with prefixes, numbers, names, brackets) and
 * records three shapes of assignment: top-level `NAME [: annotation] = VALUE`
 * and `NAME['KEY'] = VALUE`, and the pairs `('KEY', VALUE)` and `'KEY': VALUE`
 * inside brackets.  VALUE is a string (adjacent literals concatenated),
 * True/False/None, a number, or a list/tuple of strings (joined with ",");
 * anything else is recorded as PYVAL_OTHER without a value.  A later
 * assignment of the same key wins, as it would in Python.
 *
 * All reads are bounded by len; any bytes are accepted.  Strings live in the
 * caller's arena; the assignment array is freed by pyassigns_release.
 */
#ifndef GD_SCAN_BUILDINFO_H
#define GD_SCAN_BUILDINFO_H

#include <stddef.h>

#include "util/arena.h"
#include "util/err.h"

enum pyval_type { PYVAL_STR, PYVAL_BOOL, PYVAL_NONE, PYVAL_NUM, PYVAL_LIST, PYVAL_OTHER };

struct pyassign {
    const char *key;
    const char *value;     /* the string, "true"/"false", the number, "a,b,c"; NULL for None/other */
    enum pyval_type type;
};

struct pyassigns {
    struct pyassign *v;
    size_t nr, alloc;
};

/** Scan buf[0..len) and append what it assigns to out (see above). */
void pylit_scan(struct pyassigns *out, struct arena *a, const char *buf, size_t len);
/** The last assignment to key, or NULL. */
const struct pyassign *pyassigns_get(const struct pyassigns *as, const char *key);
void pyassigns_release(struct pyassigns *as);

/* TensorFlow's build_info.py.  Unknown fields are NULL or -1. */
struct tf_build_info {
    const char *cuda_version;      /* "12.2", or on Windows "64_112" */
    const char *cudnn_version;     /* "8" (major only on Linux), "64_8" on Windows */
    const char *compute_caps;      /* "sm_50,sm_60,sm_70,sm_80,compute_90" */
    const char *cudart_dll_name;   /* Windows only */
    const char *cudnn_dll_name;    /* Windows only */
    const char *cpu_compiler;
    int is_cuda_build, is_rocm_build, is_tensorrt_build;
};

/**
 * Read build_info.py text.  0 when it assigns at least one known key, -1
 * (GD_ERR_FORMAT) when it holds nothing recognisable (out is then all
 * unknown).
 */
int tf_build_info_parse(struct tf_build_info *out, struct arena *a, const char *buf,
                        size_t len, struct gd_err *err);

/* PyTorch's torch/version.py.  Unknown fields are NULL or -1. */
struct torch_version_info {
    const char *version;      /* __version__: "2.1.0+cu121" */
    const char *cuda;         /* "12.1", NULL when None or absent */
    const char *hip;          /* "6.0.32830-d62f6a171", NULL when None or absent */
    const char *xpu;
    const char *git_version;
    int debug;                /* 1 / 0 / -1 */
    int has_cuda_field;       /* the file assigns `cuda` (even to None) */
};

/** Read version.py text.  0 when __version__ is assigned a string, else -1. */
int torch_version_parse(struct torch_version_info *out, struct arena *a, const char *buf,
                        size_t len, struct gd_err *err);

#endif
