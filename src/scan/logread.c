/*
 * logread.c - line splitting and fact extraction for `explain`.
 *
 * Each pattern below names the file that prints the message (or the format
 * that produces the output).  The texts are facts about those programs;
 * docs/explain.md lists them with the same citations.  Matching is plain
 * substring search over (const char *, size_t): no regular expressions, no
 * allocation per line, so a 100 MB log streams in a second or so.
 */
#include "scan/logread.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/banned.h"

/* ---- small pure helpers over (s, n) ---- */

static const char *mfind(const char *s, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    const char *p = s, *end = s + n;
    if (!k)
        return s;
    while ((size_t)(end - p) >= k) {
        p = memchr(p, needle[0], (size_t)(end - p) - k + 1);
        if (!p)
            return NULL;
        if (!memcmp(p, needle, k))
            return p;
        p++;
    }
    return NULL;
}

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* Case-insensitive (ASCII) search; needle must be lower case. */
static const char *mfind_ci(const char *s, size_t n, const char *needle)
{
    size_t k = strlen(needle), i, j;
    if (k > n)
        return NULL;
    for (i = 0; i + k <= n; i++) {
        for (j = 0; j < k && lower((unsigned char)s[i + j]) == needle[j]; j++)
            ;
        if (j == k)
            return s + i;
    }
    return NULL;
}

static int mstarts(const char *s, size_t n, const char *p)
{
    size_t k = strlen(p);
    return n >= k && !memcmp(s, p, k);
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

static int is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* After the match of needle at p, the rest of the line. */
static size_t rest_len(const char *line, size_t n, const char *p, const char *needle)
{
    size_t off = (size_t)(p - line) + strlen(needle);
    return off <= n ? n - off : 0;
}

/* Length of a version-like token at s: digits, dots, letters, '+', '-', '_'. */
static size_t version_len(const char *s, size_t n)
{
    size_t i = 0;
    if (!n || !is_digit(s[0]))
        return 0;
    while (i < n && (is_digit(s[i]) || is_alpha(s[i]) || s[i] == '.' || s[i] == '+' ||
                     s[i] == '-' || s[i] == '_'))
        i++;
    while (i && (s[i - 1] == '.' || s[i - 1] == '-'))
        i--;   /* "12.2." at the end of a sentence */
    return i;
}

/* Length of a token up to a space, quote, comma, ')' or ';'. */
static size_t token_len(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && !is_space(s[i]) && s[i] != '\'' && s[i] != '"' && s[i] != ',' &&
           s[i] != ')' && s[i] != ';' && s[i] != '`')
        i++;
    return i;
}

static void skip_spaces(const char **s, size_t *n)
{
    while (*n && is_space(**s)) {
        (*s)++;
        (*n)--;
    }
}

/* ---- recording (every arena allocation is behind a cap) ---- */

static const char *quote(struct logread *lr, const char *line, size_t n)
{
    return arena_strndup(&lr->arena, line, n < LOG_QUOTE_MAX ? n : LOG_QUOTE_MAX);
}

static const char *dupn(struct logread *lr, const char *s, size_t n)
{
    return arena_strndup(&lr->arena, s, n < LOG_QUOTE_MAX ? n : LOG_QUOTE_MAX);
}

/* Count one occurrence; quote it if there is room.  1 on the first. */
static int hit(struct logread *lr, enum log_ev ev, const char *line, size_t n)
{
    struct log_event *e = &lr->facts.ev[ev];
    e->count++;
    if (e->n_hits < LOG_MAX_HITS) {
        e->hits[e->n_hits].line = (long)lr->facts.lines;
        e->hits[e->n_hits].text = quote(lr, line, n);
        e->n_hits++;
    }
    return e->count == 1;
}

static void setval(struct logread *lr, struct log_value *v, const char *s, size_t sn,
                   const char *line, size_t n)
{
    if (v->v || !sn)
        return;
    v->v = dupn(lr, s, sn);
    v->line = (long)lr->facts.lines;
    v->text = quote(lr, line, n);
}

static void add_lib(struct logread *lr, const char *name, size_t nn, const char *err, size_t en,
                    const char *via, int ok, const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    size_t i;
    if (!nn)
        return;
    for (i = 0; i < f->n_libs; i++)
        if (f->libs[i].ok == ok && strlen(f->libs[i].name) == nn &&
            !memcmp(f->libs[i].name, name, nn))
            return;
    if (f->n_libs >= LOG_MAX_LIBS)
        return;
    f->libs[f->n_libs].name = dupn(lr, name, nn);
    f->libs[f->n_libs].error = en ? dupn(lr, err, en) : NULL;
    f->libs[f->n_libs].via = via;
    f->libs[f->n_libs].ok = ok;
    f->libs[f->n_libs].line = (long)f->lines;
    f->libs[f->n_libs].text = quote(lr, line, n);
    f->n_libs++;
}

static void add_pkg(struct logread *lr, const char *name, size_t nn, const char *ver, size_t vn,
                    const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    char norm[64];
    size_t i;
    if (!nn || nn >= sizeof(norm) || !vn)
        return;
    for (i = 0; i < nn; i++)
        norm[i] = name[i] == '_' ? '-' : (char)lower((unsigned char)name[i]);
    norm[nn] = '\0';
    for (i = 0; i < f->n_pkgs; i++)
        if (!strcmp(f->pkgs[i].name, norm))
            return;
    if (f->n_pkgs >= LOG_MAX_PKGS)
        return;
    f->pkgs[f->n_pkgs].name = arena_strdup(&lr->arena, norm);
    f->pkgs[f->n_pkgs].version = dupn(lr, ver, vn);
    f->pkgs[f->n_pkgs].line = (long)f->lines;
    f->pkgs[f->n_pkgs].text = quote(lr, line, n);
    f->n_pkgs++;
}

/*
 * CUDA error numbers by name: driver API CUresult (cuda.h) and runtime
 * cudaError_t (driver_types.h), values from CUDA 13.0 headers
 * (../shared/knowledge/nvidia.md section 3c).
 */
static const struct { const char *name; long number; } cuda_errs[] = {
    { "CUDA_ERROR_NOT_INITIALIZED", 3 }, { "CUDA_ERROR_STUB_LIBRARY", 34 },
    { "CUDA_ERROR_DEVICE_UNAVAILABLE", 46 }, { "CUDA_ERROR_NO_DEVICE", 100 },
    { "CUDA_ERROR_INVALID_DEVICE", 101 }, { "CUDA_ERROR_INVALID_IMAGE", 200 },
    { "CUDA_ERROR_NO_BINARY_FOR_GPU", 209 }, { "CUDA_ERROR_INVALID_PTX", 218 },
    { "CUDA_ERROR_JIT_COMPILER_NOT_FOUND", 221 }, { "CUDA_ERROR_UNSUPPORTED_PTX_VERSION", 222 },
    { "CUDA_ERROR_OPERATING_SYSTEM", 304 }, { "CUDA_ERROR_NOT_SUPPORTED", 801 },
    { "CUDA_ERROR_SYSTEM_NOT_READY", 802 }, { "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH", 803 },
    { "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", 804 }, { "CUDA_ERROR_UNKNOWN", 999 },
    { "cudaErrorInitializationError", 3 }, { "cudaErrorStubLibrary", 34 },
    { "cudaErrorInsufficientDriver", 35 }, { "cudaErrorCallRequiresNewerDriver", 36 },
    { "cudaErrorDevicesUnavailable", 46 }, { "cudaErrorNoDevice", 100 },
    { "cudaErrorNoKernelImageForDevice", 209 }, { "cudaErrorUnsupportedPtxVersion", 222 },
    { "cudaErrorSystemNotReady", 802 }, { "cudaErrorSystemDriverMismatch", 803 },
    { "cudaErrorCompatNotSupportedOnDevice", 804 }, { "cudaErrorUnknown", 999 },
    { NULL, 0 }
};

/* The runtime name of a runtime error number ("Error 804: ..." in torch's warning). */
static const char *cuda_err_by_number(long num)
{
    size_t i;
    for (i = 0; cuda_errs[i].name; i++)
        if (cuda_errs[i].number == num && !strncmp(cuda_errs[i].name, "cudaError", 9))
            return cuda_errs[i].name;
    return NULL;
}

static void add_err(struct logread *lr, const char *name, size_t nn, long number,
                    const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    size_t i;
    if (!nn)
        return;
    hit(lr, LE_CUDA_ERROR, line, n);
    for (i = 0; i < f->n_errs; i++)
        if (strlen(f->errs[i].name) == nn && !memcmp(f->errs[i].name, name, nn))
            return;
    if (f->n_errs >= LOG_MAX_ERRS)
        return;
    if (number < 0)
        for (i = 0; cuda_errs[i].name; i++)
            if (strlen(cuda_errs[i].name) == nn && !memcmp(cuda_errs[i].name, name, nn))
                number = cuda_errs[i].number;
    f->errs[f->n_errs].name = dupn(lr, name, nn);
    f->errs[f->n_errs].number = number;
    f->errs[f->n_errs].line = (long)f->lines;
    f->errs[f->n_errs].text = quote(lr, line, n);
    f->n_errs++;
}

/* ---- pattern families ---- */

/* Package names whose versions matter to a diagnosis (pip list/freeze/show). */
static int tracked_pkg(const char *s, size_t n)
{
    static const char *const prefixes[] = {
        "tensorflow", "tf-nightly", "tf_nightly", "torch", "jax", "onnxruntime", "cupy",
        "nvidia-", "nvidia_", "keras", "paddlepaddle", NULL
    };
    size_t i, k;
    for (i = 0; prefixes[i]; i++) {
        k = strlen(prefixes[i]);
        if (n >= k && mfind_ci(s, k, prefixes[i]) == s)
            return 1;
    }
    return 0;
}

static int name_char(char c)
{
    return is_alpha(c) || is_digit(c) || c == '-' || c == '_' || c == '.';
}

static void match_pip(struct logread *lr, const char *line, size_t n)
{
    const char *s = line, *p;
    size_t sn = n, k, vn;

    skip_spaces(&s, &sn);
    /* pip freeze: name==version */
    for (k = 0; k < sn && name_char(s[k]); k++)
        ;
    if (k && k + 2 < sn && s[k] == '=' && s[k + 1] == '=' && tracked_pkg(s, k)) {
        vn = version_len(s + k + 2, sn - k - 2);
        add_pkg(lr, s, k, s + k + 2, vn, line, n);
        return;
    }
    /* pip list: name<spaces>version */
    if (k && k < sn && is_space(s[k]) && tracked_pkg(s, k)) {
        const char *v = s + k;
        size_t rn = sn - k;
        skip_spaces(&v, &rn);
        vn = version_len(v, rn);
        if (vn && (vn == rn || is_space(v[vn])))
            add_pkg(lr, s, k, v, vn, line, n);
        return;
    }
    /* pip show: "Name: X" then "Version: Y" */
    if (mstarts(s, sn, "Name: ")) {
        size_t nn = sn - 6;
        if (nn < sizeof(lr->st.pip_show_name) && tracked_pkg(s + 6, nn)) {
            memcpy(lr->st.pip_show_name, s + 6, nn);
            lr->st.pip_show_name[nn] = '\0';
        } else {
            lr->st.pip_show_name[0] = '\0';
        }
        return;
    }
    if (mstarts(s, sn, "Version: ") && lr->st.pip_show_name[0]) {
        vn = version_len(s + 9, sn - 9);
        add_pkg(lr, lr->st.pip_show_name, strlen(lr->st.pip_show_name), s + 9, vn, line, n);
        lr->st.pip_show_name[0] = '\0';
        return;
    }
    /* pip install: "Successfully installed a-1.0 b-2.0" */
    if ((p = mfind(s, sn, "Successfully installed ")) != NULL) {
        const char *t = p + 23, *end = s + sn;
        while (t < end) {
            size_t tn = token_len(t, (size_t)(end - t)), j;
            for (j = tn; j > 0; j--)
                if (t[j - 1] == '-' && j < tn && is_digit(t[j]))
                    break;
            if (j > 1 && tracked_pkg(t, j - 1))
                add_pkg(lr, t, j - 1, t + j, version_len(t + j, tn - j), line, n);
            t += tn;
            while (t < end && is_space(*t))
                t++;
            if (!tn)
                break;
        }
    }
}

/* nvidia-smi's header row and the GPU rows below it. */
static void match_smi(struct logread *lr, const char *line, size_t n)
{
    const char *p;
    size_t rn;

    /*
     * Header (nvidia-smi, NVIDIA driver utility; formats in
     * ../shared/knowledge/nvidia.md section 2): "NVIDIA-SMI 535.104.05
     * Driver Version: 535.104.05   CUDA Version: 12.2" (R410-R595) or
     * "KMD Version: ... CUDA UMD Version: 13.3" (R610+).
     */
    if (mfind(line, n, "NVIDIA-SMI ")) {
        if ((p = mfind(line, n, "Driver Version: ")) != NULL ||
            (p = mfind(line, n, "KMD Version: ")) != NULL) {
            const char *v = memchr(p, ':', n - (size_t)(p - line)) + 1;
            rn = n - (size_t)(v - line);
            skip_spaces(&v, &rn);
            setval(lr, &lr->facts.driver_version, v, version_len(v, rn), line, n);
            lr->st.smi_header_line = (long)lr->facts.lines;
        }
        if ((p = mfind(line, n, "CUDA Version: ")) != NULL ||
            (p = mfind(line, n, "CUDA UMD Version: ")) != NULL) {
            const char *v = memchr(p, ':', n - (size_t)(p - line)) + 2;
            rn = n - (size_t)(v - line);
            setval(lr, &lr->facts.driver_cuda, v, version_len(v, rn), line, n);
        }
        return;
    }
    /* A GPU row: "|   0  NVIDIA GeForce RTX 4090   On  | ..." */
    if (lr->st.smi_header_line && (long)lr->facts.lines - lr->st.smi_header_line <= 8 &&
        n > 4 && line[0] == '|') {
        const char *s = line + 1;
        size_t sn = n - 1, k = 0, e;
        skip_spaces(&s, &sn);
        while (k < sn && is_digit(s[k]))
            k++;
        if (!k || k >= sn || !is_space(s[k]))
            return;
        s += k;
        sn -= k;
        skip_spaces(&s, &sn);
        for (e = 0; e < sn && s[e] != '|' && !(e + 1 < sn && s[e] == ' ' && s[e + 1] == ' '); e++)
            ;
        while (e && is_space(s[e - 1]))
            e--;
        if (e > 3 && e >= 3 && !memcmp(s + e - 3, " On", 3))
            e -= 3;
        else if (e > 4 && !memcmp(s + e - 4, " Off", 4))
            e -= 4;
        if (e > 3 && is_alpha(s[0]))
            setval(lr, &lr->facts.gpu_name, s, e, line, n);
    }
}

/* The library name just before ": cannot open shared object file". */
static void match_so_not_found(struct logread *lr, const char *line, size_t n, const char *p,
                               const char *via)
{
    const char *b = p;
    while (b > line && !is_space(b[-1]) && b[-1] != '\'' && b[-1] != '"' && b[-1] != '(' &&
           b[-1] != ':' && b[-1] != '/' && b[-1] != '\\')
        b--;
    add_lib(lr, b, (size_t)(p - b), p + 2, rest_len(line, n, p, ": "), via, 0, line, n);
}

/* Convert "sm_86" / "sm_120" into "8.6" / "12.0" for gpu_cc. */
static void set_cc_from_sm(struct logread *lr, const char *sm, size_t sn, const char *line, size_t n)
{
    char cc[8];
    size_t d = 0;
    while (d < sn && is_digit(sm[d]))
        d++;
    if (d < 2 || d > 3)
        return;
    memcpy(cc, sm, d - 1);
    cc[d - 1] = '.';
    cc[d] = sm[d - 1];
    setval(lr, &lr->facts.gpu_cc, cc, d + 1, line, n);
}

static void match_hints(struct logread *lr, const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    const char *p;
    int win = 0;

    if (mfind(line, n, "/usr/lib/wsl") || mfind(line, n, "microsoft-standard-WSL") ||
        mfind(line, n, "WSL2")) {
        f->hint_wsl++;
        setval(lr, &f->os_wsl, "wsl", 3, line, n);
    }
    /* A drive path "C:\" or a DLL name says Windows. */
    p = mfind(line, n, ":\\");
    if (p && p > line && is_alpha(p[-1]) && (p - 1 == line || !is_alpha(p[-2])))
        win = 1;
    if (win || mfind(line, n, ".dll") || mfind(line, n, "WinError") ||
        mfind(line, n, "Microsoft Windows")) {
        f->hint_windows++;
        setval(lr, &f->os_windows, "windows", 7, line, n);
    }
    if (mfind(line, n, "/Users/") || mfind(line, n, ".dylib") || mfind(line, n, "Darwin") ||
        mfind(line, n, "macOS")) {
        f->hint_macos++;
        setval(lr, &f->os_macos, "macos", 5, line, n);
    }
    if (mfind(line, n, ".so.") || mfind(line, n, "/usr/") || mfind(line, n, "/home/") ||
        mfind(line, n, "/site-packages/") || mfind(line, n, "/dist-packages/")) {
        f->hint_linux++;
        setval(lr, &f->os_linux, "linux", 5, line, n);
    }
}

static void match_tensorflow(struct logread *lr, const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    const char *p, *q;
    size_t rn;

    /*
     * "Could not load dynamic library '<file>'; dlerror: <err>[; LD_LIBRARY_PATH: <v>]"
     * (dso_loader.cc, TF 2.0-2.11 at W level; 2.12+ VLOG 1) and the 1.14/2.0
     * beta wording "Could not dlopen library '<file>'".
     */
    if ((p = mfind(line, n, "Could not load dynamic library '")) != NULL ||
        (p = mfind(line, n, "Could not dlopen library '")) != NULL) {
        const char *name = memchr(p, '\'', n - (size_t)(p - line)) + 1, *e, *err = NULL, *ld;
        size_t en = 0;
        rn = n - (size_t)(name - line);
        e = memchr(name, '\'', rn);
        if (!e)
            return;
        if ((q = mfind(e, n - (size_t)(e - line), "dlerror: ")) != NULL) {
            err = q + 9;
            en = n - (size_t)(err - line);
            if ((ld = mfind(err, en, "; LD_LIBRARY_PATH: ")) != NULL) {
                setval(lr, &f->ld_library_path, ld + 19, n - (size_t)(ld + 19 - line), line, n);
                en = (size_t)(ld - err);
            }
        }
        if (hit(lr, LE_TF_DLOPEN_FAIL, line, n))
            f->ev[LE_TF_DLOPEN_FAIL].a = dupn(lr, name, (size_t)(e - name));
        add_lib(lr, name, (size_t)(e - name), err, en, "tensorflow", 0, line, n);
        return;
    }
    /*
     * "Successfully opened dynamic library <file>" (dso_loader.cc, TF <= 2.4),
     * TF 1.x "successfully opened CUDA library <file> locally"
     * (tensorflow/stream_executor/dso_loader.cc).
     */
    if ((p = mfind(line, n, "Successfully opened dynamic library ")) != NULL ||
        (p = mfind(line, n, "successfully opened CUDA library ")) != NULL) {
        const char *name = p + (p[0] == 'S' ? 36 : 33);
        rn = n - (size_t)(name - line);
        hit(lr, LE_TF_DLOPEN_OK, line, n);
        add_lib(lr, name, token_len(name, rn), NULL, 0, "tensorflow", 1, line, n);
        return;
    }
    /* gpu_device.cc: "Cannot dlopen some GPU libraries. ... Skipping registering GPU devices..." */
    if (mfind(line, n, "Cannot dlopen some GPU libraries")) {
        hit(lr, LE_TF_SKIP_GPU, line, n);
        return;
    }
    /* cudart_stub.cc (2.12+): misleading: printed when libcudart fails to load. */
    if (mfind(line, n, "Could not find cuda drivers on your machine")) {
        hit(lr, LE_TF_NO_CUDA_DRIVERS, line, n);
        return;
    }
    /* cudart_stub.cc (2.1-2.11). */
    if (mfind(line, n, "Ignore above cudart dlerror")) {
        hit(lr, LE_TF_CUDART_IGNORE, line, n);
        return;
    }
    /* cuda_dnn.cc: "Loaded runtime CuDNN library: 8.1.0 but source was compiled with: 8.6.0." */
    if ((p = mfind(line, n, "Loaded runtime CuDNN library: ")) != NULL) {
        const char *v = p + 30;
        rn = n - (size_t)(v - line);
        if (hit(lr, LE_CUDNN_MISMATCH, line, n)) {
            f->ev[LE_CUDNN_MISMATCH].a = dupn(lr, v, version_len(v, rn));
            if ((q = mfind(v, rn, "compiled with: ")) != NULL)
                f->ev[LE_CUDNN_MISMATCH].b =
                    dupn(lr, q + 15, version_len(q + 15, n - (size_t)(q + 15 - line)));
        }
        return;
    }
    /* gpu_device.cc: "... not built with CUDA kernel binaries compatible with compute capability X.Y." */
    if ((p = mfind(line, n, "CUDA kernel binaries compatible with compute capability ")) != NULL) {
        const char *v = p + 56;
        size_t vn = version_len(v, n - (size_t)(v - line));
        if (hit(lr, LE_TF_PTX_JIT, line, n))
            f->ev[LE_TF_PTX_JIT].a = dupn(lr, v, vn);
        setval(lr, &f->gpu_cc, v, vn, line, n);
        return;
    }
    /* gpu_device.cc: "Ignoring visible gpu device (device: 0, name: X, ...) with Cuda compute
       capability 3.0. The minimum required Cuda capability is 3.5." */
    if ((p = mfind(line, n, "Ignoring visible gpu device")) != NULL) {
        int first = hit(lr, LE_TF_IGNORING_GPU, line, n);
        if ((q = mfind(line, n, "name: ")) != NULL) {
            const char *nm = q + 6, *e = memchr(nm, ',', n - (size_t)(nm - line));
            if (e)
                setval(lr, &f->gpu_name, nm, (size_t)(e - nm), line, n);
        }
        if ((q = mfind(line, n, "with Cuda compute capability ")) != NULL) {
            size_t vn = version_len(q + 29, n - (size_t)(q + 29 - line));
            if (first)
                f->ev[LE_TF_IGNORING_GPU].a = dupn(lr, q + 29, vn);
            setval(lr, &f->gpu_cc, q + 29, vn, line, n);
        }
        if (first && (q = mfind(line, n, "minimum required Cuda capability is ")) != NULL)
            f->ev[LE_TF_IGNORING_GPU].b =
                dupn(lr, q + 36, version_len(q + 36, n - (size_t)(q + 36 - line)));
        return;
    }
    /* cuda_diagnostics.cc: "kernel driver does not appear to be running on this host" */
    if (mfind(line, n, "kernel driver does not appear to be running")) {
        hit(lr, LE_KERNEL_DRIVER_DOWN, line, n);
        return;
    }
    /* self_check.py (Windows TF <= 2.0): "Could not find 'cudart64_100.dll'. TensorFlow requires ..." */
    if ((p = mfind(line, n, "Could not find '")) != NULL && mfind(line, n, ".dll'")) {
        const char *name = p + 16, *e = memchr(name, '\'', n - (size_t)(name - line));
        if (e) {
            hit(lr, LE_TF_SELF_CHECK, line, n);
            add_lib(lr, name, (size_t)(e - name), NULL, 0, "tensorflow", 0, line, n);
        }
        return;
    }
    /* Version prints: "TensorFlow version: 2.10.0", "tf version 2.10.0". */
    if ((p = mfind_ci(line, n, "tensorflow version")) != NULL ||
        (p = mfind_ci(line, n, "tf version")) != NULL ||
        (p = mfind_ci(line, n, "tf.__version__")) != NULL) {
        const char *v = p;
        rn = n - (size_t)(v - line);
        while (rn && !is_digit(*v) && *v != '\n') {
            v++;
            rn--;
        }
        if (rn && (size_t)(v - p) < 24)
            setval(lr, &f->tf_version, v, version_len(v, rn), line, n);
    }
}

static void match_torch(struct logread *lr, const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    const char *p, *q;

    /* torch/cuda/__init__.py: AssertionError("Torch not compiled with CUDA enabled") */
    if (mfind(line, n, "Torch not compiled with CUDA enabled"))
        hit(lr, LE_TORCH_NOT_COMPILED, line, n);
    /* torch/cuda/__init__.py _check_driver: "... is too old (found version 11040). ..." */
    if ((p = mfind(line, n, "driver on your system is too old (found version ")) != NULL) {
        const char *v = p + 48;
        size_t k = 0;
        while (k < n - (size_t)(v - line) && is_digit(v[k]))
            k++;
        if (hit(lr, LE_DRIVER_TOO_OLD, line, n))
            f->ev[LE_DRIVER_TOO_OLD].a = dupn(lr, v, k);
    }
    /* torch/cuda/__init__.py _check_driver: "Found no NVIDIA driver on your system." */
    if (mfind(line, n, "Found no NVIDIA driver on your system"))
        hit(lr, LE_NO_DRIVER, line, n);
    /* torch/cuda/__init__.py _check_cubins (two lines). */
    if ((p = mfind(line, n, " with CUDA capability sm_")) != NULL &&
        mfind(line, n, "is not compatible with the current PyTorch")) {
        const char *b = line, *sm = p + 25;
        size_t bn = (size_t)(p - line), sn = token_len(sm, n - (size_t)(sm - line));
        if ((q = mfind(b, bn, "UserWarning: ")) != NULL) {
            bn -= (size_t)(q + 13 - b);
            b = q + 13;
        }
        skip_spaces(&b, &bn);
        if (hit(lr, LE_SM_INCOMPATIBLE, line, n))
            f->ev[LE_SM_INCOMPATIBLE].a = dupn(lr, sm - 3, sn + 3);
        setval(lr, &f->gpu_name, b, bn, line, n);
        set_cc_from_sm(lr, sm, sn, line, n);
        return;
    }
    if ((p = mfind(line, n, "The current PyTorch install supports CUDA capabilities ")) != NULL) {
        size_t rn = rest_len(line, n, p, "The current PyTorch install supports CUDA capabilities ");
        const char *v = p + 55;
        if (rn && v[rn - 1] == '.')
            rn--;
        if (!f->ev[LE_SM_INCOMPATIBLE].b && f->ev[LE_SM_INCOMPATIBLE].count)
            f->ev[LE_SM_INCOMPATIBLE].b = dupn(lr, v, rn);
        return;
    }
    /* torch/cuda/__init__.py _check_capability: "Found GPU0 X which is of cuda capability 3.5." */
    if ((p = mfind(line, n, " which is of cuda capability ")) != NULL) {
        const char *v = p + 29, *g;
        size_t vn = version_len(v, n - (size_t)(v - line));
        if (hit(lr, LE_GPU_TOO_OLD, line, n))
            f->ev[LE_GPU_TOO_OLD].a = dupn(lr, v, vn);
        setval(lr, &f->gpu_cc, v, vn, line, n);
        if ((g = mfind(line, (size_t)(p - line), "Found GPU")) != NULL) {
            g += 9;
            while (g < p && is_digit(*g))
                g++;
            while (g < p && *g == ' ')
                g++;
            setval(lr, &f->gpu_name, g, (size_t)(p - g), line, n);
        }
        return;
    }
    /*
     * torch/cuda/__init__.py is_available(): "UserWarning: CUDA initialization:
     * <message> (Triggered internally at ../c10/cuda/CUDAFunctions.cpp:108.)"
     */
    if ((p = mfind(line, n, "CUDA initialization: ")) != NULL) {
        const char *m = p + 21, *e;
        size_t mn = n - (size_t)(m - line);
        if ((e = mfind(m, mn, " (Triggered internally")) != NULL)
            mn = (size_t)(e - m);
        if (hit(lr, LE_CUDA_INIT_WARNING, line, n))
            f->ev[LE_CUDA_INIT_WARNING].a = dupn(lr, m, mn);
        if ((q = mfind(m, mn, "Error ")) != NULL && is_digit(q[6])) {
            long num = strtol(q + 6, NULL, 10);
            const char *nm = cuda_err_by_number(num);
            if (nm)
                add_err(lr, nm, strlen(nm), num, line, n);
        }
    }
    /* torch/__init__.py (Windows): '[WinError 126] ... Error loading "<path>" or one of its dependencies.' */
    if ((p = mfind(line, n, "Error loading \"")) != NULL && mfind(line, n, "or one of its dependencies")) {
        const char *path = p + 15, *e = memchr(path, '"', n - (size_t)(path - line)), *b;
        if (e) {
            for (b = e; b > path && b[-1] != '\\' && b[-1] != '/'; b--)
                ;
            if (hit(lr, LE_WIN_DLL_LOAD, line, n))
                f->ev[LE_WIN_DLL_LOAD].a = dupn(lr, path, (size_t)(e - path));
            add_lib(lr, b, (size_t)(e - b), "a dependency of this DLL is missing (WinError 126)", 51,
                    "torch", 0, line, n);
        }
    }
    /* torch.cuda.is_available() -> False; collect_env.py "Is CUDA available: False". */
    if (mfind(line, n, "is_available()")) {
        lr->st.query_line = (long)f->lines;
        lr->st.query_kind = 2;
        if (n >= 5 && !memcmp(line + n - 5, "False", 5))
            hit(lr, LE_TORCH_NO_GPU, line, n);
    }
    if (mfind(line, n, "torch.__version__") && line[n - 1] == '_') {
        lr->st.query_line = (long)f->lines;
        lr->st.query_kind = 3;
    }
    if (mfind(line, n, "Is CUDA available: False"))
        hit(lr, LE_TORCH_NO_GPU, line, n);
    /* torch/utils/collect_env.py */
    if (mstarts(line, n, "PyTorch version: "))
        setval(lr, &f->torch_version, line + 17, version_len(line + 17, n - 17), line, n);
    else if (mstarts(line, n, "CUDA used to build PyTorch: "))
        setval(lr, &f->torch_cuda, line + 28, version_len(line + 28, n - 28), line, n);
    else if (mstarts(line, n, "Nvidia driver version: "))
        setval(lr, &f->driver_version, line + 23, version_len(line + 23, n - 23), line, n);
    else if (mstarts(line, n, "cuDNN version: "))
        setval(lr, &f->cudnn_version, line + 15, token_len(line + 15, n - 15), line, n);
    else if (mstarts(line, n, "GPU models and configuration: ")) {
        const char *g = line + 30;
        size_t gn = n - 30;
        if ((q = mfind(g, gn, ": ")) != NULL && mstarts(g, gn, "GPU ")) {
            gn -= (size_t)(q + 2 - g);
            g = q + 2;
        }
        setval(lr, &f->gpu_name, g, gn, line, n);
    } else if (mstarts(line, n, "OS: Microsoft Windows")) {
        f->hint_windows++;
        setval(lr, &f->os_windows, "windows", 7, line, n);
    }
}

static void match_jax(struct logread *lr, const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    const char *p, *q;

    /* jax/_src/xla_bridge.py (>= 0.4.17) */
    if (mfind(line, n, "a CUDA-enabled jaxlib is not installed"))
        hit(lr, LE_JAX_CPU_JAXLIB, line, n);
    /* jax/_src/xla_bridge.py (<= 0.4.16) */
    if (mfind(line, n, "No GPU/TPU found, falling back to CPU"))
        hit(lr, LE_JAX_NO_GPU, line, n);
    /* _version_check: "Found cuDNN version 8600, but JAX was built against version 8904, which is newer." */
    if ((p = mfind(line, n, ", but JAX was built against version ")) != NULL &&
        (q = mfind(line, (size_t)(p - line), "Found ")) != NULL) {
        const char *comp = q + 6, *ver = mfind(comp, (size_t)(p - comp), " version ");
        if (ver && hit(lr, LE_JAX_VERSION_LOW, line, n)) {
            struct log_event *e = &f->ev[LE_JAX_VERSION_LOW];
            e->a = dupn(lr, comp, (size_t)(ver - comp));
            e->b = dupn(lr, ver + 9, version_len(ver + 9, (size_t)(p - ver - 9)));
            e->c = dupn(lr, p + 36, version_len(p + 36, n - (size_t)(p + 36 - line)));
        }
    }
    /* _check_cuda_versions (>= 0.4.26): "Outdated cuDNN installation found." + 3 lines */
    if ((p = mfind(line, n, "Outdated ")) != NULL && (q = mfind(line, n, " installation found")) != NULL &&
        q > p) {
        if (hit(lr, LE_JAX_OUTDATED, line, n))
            f->ev[LE_JAX_OUTDATED].a = dupn(lr, p + 9, (size_t)(q - p - 9));
        lr->st.jax_outdated = 1;
        return;
    }
    if (lr->st.jax_outdated) {
        struct log_event *e = &f->ev[LE_JAX_OUTDATED];
        if ((p = mfind(line, n, "Version JAX was built against: ")) != NULL && !e->c)
            e->c = dupn(lr, p + 31, version_len(p + 31, n - (size_t)(p + 31 - line)));
        else if ((p = mfind(line, n, "Installed version: ")) != NULL && !e->b)
            e->b = dupn(lr, p + 19, version_len(p + 19, n - (size_t)(p + 19 - line)));
        else if (!mfind(line, n, "Minimum supported: ") && !mfind(line, n, "local installation"))
            lr->st.jax_outdated = 0;
    }
    /* xla_bridge.py: "Unable to initialize backend 'cuda': <why>", "CUDA backend failed to initialize: <why>" */
    if ((p = mfind(line, n, "Unable to initialize backend 'cuda'")) != NULL ||
        (p = mfind(line, n, "CUDA backend failed to initialize: ")) != NULL ||
        (p = mfind(line, n, "Backend 'cuda' failed to initialize")) != NULL) {
        const char *why = memchr(p + 10, ':', n - (size_t)(p + 10 - line));
        if (hit(lr, LE_JAX_BACKEND_FAIL, line, n) && why)
            f->ev[LE_JAX_BACKEND_FAIL].a = dupn(lr, why + 1, n - (size_t)(why + 1 - line));
    }
    /* jaxlib/plugin_support.py: "JAX plugin jax_cuda12_plugin version 0.7.2 is installed, but it is
       not compatible with the installed jaxlib version 0.7.1, so it will not be used." */
    if ((p = mfind(line, n, "JAX plugin ")) != NULL &&
        (q = mfind(line, n, "not compatible with the installed jaxlib version ")) != NULL) {
        if (hit(lr, LE_JAX_PLUGIN_MISMATCH, line, n)) {
            const char *e = mfind(p, (size_t)(q - p), " is installed");
            f->ev[LE_JAX_PLUGIN_MISMATCH].a = dupn(lr, p + 11, e ? (size_t)(e - p - 11) : 0);
            f->ev[LE_JAX_PLUGIN_MISMATCH].b =
                dupn(lr, q + 49, version_len(q + 49, n - (size_t)(q + 49 - line)));
        }
    }
    /* jax/_src/environment_info.py (print_environment_info): "jax:    0.4.20", "jaxlib: 0.4.20" */
    if (mstarts(line, n, "jax:") || mstarts(line, n, "jaxlib:")) {
        int lib = line[3] == 'l';
        const char *v = line + (lib ? 7 : 4);
        size_t vn = n - (lib ? 7 : 4);
        skip_spaces(&v, &vn);
        setval(lr, lib ? &f->jaxlib_version : &f->jax_version, v, version_len(v, vn), line, n);
    }
}

static void match_ort(struct logread *lr, const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;
    const char *p, *q;

    /* provider_bridge_ort.cc: "Failed to load library libonnxruntime_providers_cuda.so with error: <dlerror>" */
    if ((p = mfind(line, n, "Failed to load library ")) != NULL && mfind(line, n, "providers_cuda")) {
        if (hit(lr, LE_ORT_PROVIDER_FAIL, line, n) && (q = mfind(line, n, "with error: ")) != NULL)
            f->ev[LE_ORT_PROVIDER_FAIL].a = dupn(lr, q + 12, n - (size_t)(q + 12 - line));
        if ((q = mfind(line, n, ": cannot open shared object file")) != NULL)
            match_so_not_found(lr, line, n, q, "onnxruntime");
        return;
    }
    /* env.cc (Windows): 'LoadLibrary failed with error 126 "" when trying to load "...\onnxruntime_providers_cuda.dll"' */
    if (mfind(line, n, "LoadLibrary failed with error 126") && mfind(line, n, "providers_cuda")) {
        hit(lr, LE_ORT_PROVIDER_FAIL, line, n);
        add_lib(lr, "onnxruntime_providers_cuda.dll", 30,
                "error 126: a DLL it depends on (CUDA, cuDNN or the MSVC runtime) was not found", 77,
                "onnxruntime", 0, line, n);
        return;
    }
    /* Newer Windows loader text: 'Error loading "...providers_cuda.dll" which depends on "cublasLt64_12.dll" which is missing.' */
    if ((p = mfind(line, n, "which depends on \"")) != NULL && mfind(line, n, "which is missing")) {
        const char *nm = p + 18, *e = memchr(nm, '"', n - (size_t)(nm - line));
        hit(lr, LE_ORT_PROVIDER_FAIL, line, n);
        if (e)
            add_lib(lr, nm, (size_t)(e - nm), "missing (needed by onnxruntime_providers_cuda.dll)", 50,
                    "onnxruntime", 0, line, n);
        return;
    }
    /* onnxruntime_pybind_state.cc: "Failed to create CUDAExecutionProvider. Require cuDNN 9.* and CUDA 12.*, ..." */
    if ((p = mfind(line, n, "Failed to create CUDAExecutionProvider")) != NULL) {
        if (hit(lr, LE_ORT_EP_FAIL, line, n) && (q = mfind(line, n, "Require ")) != NULL) {
            const char *r = q + 8, *e;
            size_t rn = n - (size_t)(r - line);
            if ((e = mfind(r, rn, ", and")) != NULL || (e = mfind(r, rn, ". ")) != NULL)
                rn = (size_t)(e - r);
            if (rn && r[rn - 1] == '.')
                rn--;
            f->ev[LE_ORT_EP_FAIL].a = dupn(lr, r, rn);
        }
    }
}

static void match_cuda_errors(struct logread *lr, const char *line, size_t n)
{
    const char *p, *e, *end = line + n;

    /* CUresult names (cuda.h), e.g. "failed call to cuInit: CUDA_ERROR_NO_DEVICE: ..." */
    if ((p = mfind(line, n, "CUDA_ERROR_")) != NULL) {
        for (e = p + 11; e < end && ((*e >= 'A' && *e <= 'Z') || *e == '_' || is_digit(*e)); e++)
            ;
        add_err(lr, p, (size_t)(e - p), -1, line, n);
    }
    /* cudaError_t names (driver_types.h), e.g. CuPy's "CUDARuntimeError: cudaErrorInsufficientDriver" */
    if ((p = mfind(line, n, "cudaError")) != NULL && p + 9 < end && p[9] >= 'A' && p[9] <= 'Z') {
        for (e = p + 9; e < end && (is_alpha(*e) || is_digit(*e)); e++)
            ;
        add_err(lr, p, (size_t)(e - p), -1, line, n);
    }
    /* Old torch (THC): "cuda runtime error (35) : CUDA driver version is insufficient ..." */
    if ((p = mfind(line, n, "cuda runtime error (")) != NULL) {
        long num = strtol(p + 20, NULL, 10);
        const char *nm = cuda_err_by_number(num);
        if (nm)
            add_err(lr, nm, strlen(nm), num, line, n);
    }
    /* CUDA runtime error strings (driver_types.h), printed by every framework. */
    if (mfind(line, n, "CUDA driver version is insufficient for CUDA runtime version"))
        hit(lr, LE_INSUFFICIENT_DRIVER, line, n);
    if (mfind(line, n, "no kernel image is available for execution on the device"))
        hit(lr, LE_NO_KERNEL_IMAGE, line, n);
}

static void match_misc(struct logread *lr, const char *line, size_t n, int loader_text)
{
    struct log_facts *f = &lr->facts;
    const char *p;

    /* nvidia-smi when the kernel module is not loaded. */
    if (mfind(line, n, "couldn't communicate with the NVIDIA driver"))
        hit(lr, LE_SMI_FAILED, line, n);
    /* NVML_ERROR_LIB_RM_VERSION_MISMATCH (nvml.h), printed by nvidia-smi. */
    if (mfind(line, n, "Driver/library version mismatch"))
        hit(lr, LE_NVML_MISMATCH, line, n);
    /* nvcc --version: "Cuda compilation tools, release 12.4, V12.4.131" */
    if ((p = mfind(line, n, "Cuda compilation tools, release ")) != NULL)
        setval(lr, &f->nvcc_version, p + 32, version_len(p + 32, n - (size_t)(p + 32 - line)), line, n);
    /* CUDA_VISIBLE_DEVICES="" / -1 in a command line or an environment dump. */
    if ((p = mfind(line, n, "CUDA_VISIBLE_DEVICES=")) != NULL) {
        const char *v = p + 21;
        size_t vn = n - (size_t)(v - line);
        if (!vn || is_space(*v) || mstarts(v, vn, "\"\"") || mstarts(v, vn, "''") ||
            (mstarts(v, vn, "-1") && (vn == 2 || !is_digit(v[2]))))
            hit(lr, LE_CVD_HIDDEN, line, n);
    }
    /* Glibc's dlerror for a missing library (ImportError, CuPy, ctypes), unless handled above. */
    if (loader_text && (p = mfind(line, n, ": cannot open shared object file")) != NULL) {
        hit(lr, LE_SO_NOT_FOUND, line, n);
        match_so_not_found(lr, line, n, p, "loader");
    }
    /* Glibc: "undefined symbol: S, version libcudnn_cnn_infer.so.8" */
    if ((p = mfind(line, n, "undefined symbol: ")) != NULL) {
        const char *v = mfind(p, n - (size_t)(p - line), ", version ");
        if (hit(lr, LE_UNDEFINED_SYMBOL, line, n)) {
            size_t sn = v ? (size_t)(v - p - 18) : token_len(p + 18, n - (size_t)(p + 18 - line));
            f->ev[LE_UNDEFINED_SYMBOL].b = dupn(lr, p + 18, sn);
            if (v)
                f->ev[LE_UNDEFINED_SYMBOL].a = dupn(lr, v + 10, token_len(v + 10, n - (size_t)(v + 10 - line)));
        }
    }
}

static void match_noise(struct logread *lr, const char *line, size_t n)
{
    /* Harmless: the GPU works in spite of every one of these (tensorflow.md section 6). */
    if (mfind(line, n, "Unable to register cu") && mfind(line, n, "factory"))
        hit(lr, LE_NOISE_FACTORY, line, n);
    else if (mfind(line, n, "NUMA node read from SysFS") || mfind(line, n, "built without NUMA support"))
        hit(lr, LE_NOISE_NUMA, line, n);
    else if (mfind(line, n, "oneDNN custom operations are on"))
        hit(lr, LE_NOISE_ONEDNN, line, n);
    else if (mfind(line, n, "binary is optimized to use available CPU instructions") ||
             mfind(line, n, "TensorFlow binary was not compiled to use"))
        hit(lr, LE_NOISE_CPU_FEATURE, line, n);
    else if (mfind(line, n, "TF-TRT Warning"))
        hit(lr, LE_NOISE_TRT, line, n);
    else if (mfind(line, n, "before absl::InitializeLog() is called"))
        hit(lr, LE_NOISE_ABSL, line, n);
}

/* "[]" / "False" on the lines right after a GPU query. */
static void match_query_result(struct logread *lr, const char *line, size_t n)
{
    const char *s = line;
    size_t sn = n;
    long dist = (long)lr->facts.lines - lr->st.query_line;

    if (!lr->st.query_kind || dist < 0 || dist > 3)
        return;
    skip_spaces(&s, &sn);
    while (sn && is_space(s[sn - 1]))
        sn--;
    if ((lr->st.query_kind == 3 || lr->st.query_kind == 4) && dist == 1) {
        /* >>> torch.__version__ / tf.__version__, then '2.1.0+cu121' */
        if (sn > 2 && (s[0] == '\'' || s[0] == '"'))
            setval(lr, lr->st.query_kind == 3 ? &lr->facts.torch_version : &lr->facts.tf_version,
                   s + 1, version_len(s + 1, sn - 1), line, n);
        lr->st.query_kind = 0;
    } else if (lr->st.query_kind == 1 && (sn >= 2 && !memcmp(s + sn - 2, "[]", 2))) {
        hit(lr, LE_GPU_LIST_EMPTY, line, n);
        lr->st.query_kind = 0;
    } else if (lr->st.query_kind == 2 && sn >= 5 && !memcmp(s + sn - 5, "False", 5) && dist > 0) {
        hit(lr, LE_TORCH_NO_GPU, line, n);
        lr->st.query_kind = 0;
    }
}

static int exception_line(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && (name_char(s[k]) && s[k] != '-'))
        k++;
    if (!k || !is_alpha(s[0]))
        return 0;
    if (k < n && s[k] != ':')
        return 0;
    return mfind(s, k, "Error") || mfind(s, k, "Exception") || mfind(s, k, "Warning") ||
           mfind(s, k, "Interrupt") || mfind(s, k, "Exit");
}

static void match_traceback(struct logread *lr, const char *line, size_t n)
{
    struct logread_state *st = &lr->st;
    if (mfind(line, n, "Traceback (most recent call last):")) {
        st->in_traceback = 1;
        return;
    }
    if (!st->in_traceback || !n || is_space(line[0]))
        return;
    if (exception_line(line, n)) {
        size_t k = n < LOG_QUOTE_MAX ? n : LOG_QUOTE_MAX;
        memcpy(st->exc, line, k);
        st->exc[k] = '\0';
        st->exc_line = (long)lr->facts.lines;
        hit(lr, LE_EXCEPTION, line, n);
    }
    st->in_traceback = 0;
}

void logread_line(struct logread *lr, const char *line, size_t n)
{
    struct log_facts *f = &lr->facts;

    f->lines++;
    if (n && line[n - 1] == '\r')
        n--;
    if (!n)
        return;
    match_hints(lr, line, n);
    match_query_result(lr, line, n);
    if (mfind(line, n, "list_physical_devices(") && mfind(line, n, "GPU")) {
        const char *s = line;
        size_t sn = n;
        while (sn && is_space(s[sn - 1]))
            sn--;
        if (sn >= 2 && !memcmp(s + sn - 2, "[]", 2)) {
            hit(lr, LE_GPU_LIST_EMPTY, line, n);
        } else {
            lr->st.query_line = (long)f->lines;
            lr->st.query_kind = 1;
        }
    } else if (mfind(line, n, "Num GPUs Available") && n >= 2 && line[n - 1] == '0' &&
               !is_digit(line[n - 2])) {
        hit(lr, LE_GPU_LIST_EMPTY, line, n);
    }
    match_traceback(lr, line, n);
    match_noise(lr, line, n);
    match_smi(lr, line, n);
    match_pip(lr, line, n);
    match_tensorflow(lr, line, n);
    match_torch(lr, line, n);
    match_jax(lr, line, n);
    match_ort(lr, line, n);
    match_cuda_errors(lr, line, n);
    /* Loader texts last: TF's and ORT's own lines already recorded their library. */
    match_misc(lr, line, n,
               !mfind(line, n, "Could not load dynamic library") &&
                   !mfind(line, n, "Failed to load library"));
}

void logread_init(struct logread *lr)
{
    memset(lr, 0, sizeof(*lr));
    arena_init(&lr->arena);
    lr->buf = xmalloc(LOGREAD_LINE_MAX + 1);
}

void logread_release(struct logread *lr)
{
    arena_release(&lr->arena);
    free(lr->buf);
    lr->buf = NULL;
    lr->len = 0;
}

void logread_feed(struct logread *lr, const char *buf, size_t len)
{
    const char *p = buf, *end = buf + len;

    lr->facts.bytes += len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t take = nl ? (size_t)(nl - p) : (size_t)(end - p);

        if (!lr->skipping) {
            size_t room = LOGREAD_LINE_MAX - lr->len;
            if (take > room) {
                /* Keep the prefix; the rest of this line is skipped. */
                memcpy(lr->buf + lr->len, p, room);
                lr->len += room;
                lr->skipping = 1;
                lr->facts.long_lines++;
            } else {
                memcpy(lr->buf + lr->len, p, take);
                lr->len += take;
            }
        }
        if (!nl)
            break;
        logread_line(lr, lr->buf, lr->len);
        lr->len = 0;
        lr->skipping = 0;
        p = nl + 1;
    }
}

static void pkg_fallback(struct logread *lr, struct log_value *v, const char *const *names)
{
    const struct log_pkg *pk;
    size_t i;
    if (v->v)
        return;
    for (i = 0; names[i]; i++) {
        pk = log_facts_pkg(&lr->facts, names[i]);
        if (pk) {
            v->v = pk->version;
            v->line = pk->line;
            v->text = pk->text;
            return;
        }
    }
}

void logread_finish(struct logread *lr)
{
    static const char *const tf[] = { "tensorflow", "tensorflow-gpu", "tensorflow-cpu",
                                      "tensorflow-intel", "tf-nightly", NULL };
    static const char *const torch[] = { "torch", NULL };
    static const char *const jax[] = { "jax", NULL };
    static const char *const jaxlib[] = { "jaxlib", NULL };
    static const char *const ort[] = { "onnxruntime-gpu", "onnxruntime", NULL };
    static const char *const cupy[] = { "cupy-cuda13x", "cupy-cuda12x", "cupy-cuda11x", "cupy", NULL };

    if (lr->len || lr->skipping) {
        logread_line(lr, lr->buf, lr->len);
        lr->len = 0;
        lr->skipping = 0;
    }
    if (lr->st.exc_line)
        lr->facts.ev[LE_EXCEPTION].a = arena_strdup(&lr->arena, lr->st.exc);
    lr->facts.ev[LE_EXCEPTION].b = NULL;
    pkg_fallback(lr, &lr->facts.tf_version, tf);
    pkg_fallback(lr, &lr->facts.torch_version, torch);
    pkg_fallback(lr, &lr->facts.jax_version, jax);
    pkg_fallback(lr, &lr->facts.jaxlib_version, jaxlib);
    pkg_fallback(lr, &lr->facts.ort_version, ort);
    pkg_fallback(lr, &lr->facts.cupy_version, cupy);
}
