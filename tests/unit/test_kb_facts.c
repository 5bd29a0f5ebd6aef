/*
 * test_kb_facts.c - the lookups added with issue #18 (Python per release,
 * TensorFlow's own driver floor and architectures, per-architecture floors,
 * cuDNN's oldest GPU, packaging facts, kb_meta, the "unverified" marker)
 * and the knowledge-base linter (src/kb/kb_lint.c): the built-in tables
 * pass, and each check fires on a table written to break it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "kb/kb.h"
#include "kb/kb_lint.h"
#include "kb/kbdata.h"

static struct kb *kb;

static void test_python(void)
{
    struct kb_py py;

    CHECK_INT(kb_python_support(kb, "pytorch", "2.4.1", &py), 1);
    CHECK_STR(py.python_min, "3.8");
    CHECK_STR(py.python_max, "3.12");
    CHECK_INT(kb_python_in(&py, "3.12"), 1);
    CHECK_INT(kb_python_in(&py, "3.13"), 0);
    CHECK_INT(kb_python_in(&py, "3.7"), 0);
    CHECK_INT(kb_python_support(kb, "pytorch", "2.11.0+cu130", &py), 1);
    CHECK_STR(py.python_min, "3.10");
    CHECK_INT(kb_python_support(kb, "jax", "0.4.30", &py), 1);
    CHECK_STR(py.python_min, "3.9");
    CHECK(py.python_max == NULL);                       /* no documented cap */
    CHECK_INT(kb_python_in(&py, "3.14"), 1);
    CHECK_INT(kb_python_support(kb, "jax", "0.4.31", &py), 1);
    CHECK_STR(py.python_min, "3.10");
    CHECK_INT(kb_python_support(kb, "jax", "0.11.0", &py), 1);
    CHECK_STR(py.python_min, "3.12");
    CHECK_INT(kb_python_support(kb, "cupy", "12.3.0", &py), 1);
    CHECK_STR(py.python_max, "3.12");
    CHECK_INT(kb_python_support(kb, "cupy", "13.6.0", &py), 1);
    CHECK_STR(py.python_max, "3.13");
    CHECK_INT(kb_python_support(kb, "pytorch", "1.7.1", &py), 0);   /* not in RELEASE.md */
    CHECK_INT(kb_python_support(kb, "onnxruntime", "1.20.0", &py), 1); /* was a gap before the second issue-18 pass */
    CHECK_STR(py.python_min, "3.10");
    CHECK_STR(py.python_max, "3.13");
    CHECK_INT(kb_python_support(kb, "onnxruntime", "1.11.0", &py), 0); /* still a gap */
    CHECK_INT(kb_python_support(kb, NULL, "1.0", &py), -1);
}

/* Issue 18: the driver a TensorFlow install needs, and which rule says so. */
static void test_tf_driver_floor(void)
{
    struct kb_tf_floor f;

    /* TensorFlow's own minimum, laxer than CUDA 12.5's release driver. */
    CHECK_INT(kb_tf_driver_floor(kb, "2.18.0", "12.5", NULL, NULL, "linux", &f), 1);
    CHECK_STR(f.rule, "TensorFlow");
    CHECK_STR(f.driver, "525.60.13");
    CHECK_STR(f.toolkit, "555.42.02");
    CHECK(strstr(f.source, "tensorflow.org/install/pip") != NULL);
    CHECK_INT(kb_tf_driver_floor(kb, "2.18.0", "12.5", NULL, NULL, "wsl", &f), 1);
    CHECK_STR(f.driver, "528.33");
    CHECK_INT(kb_tf_driver_floor(kb, "2.10.0", "11.2", "8.6", NULL, "linux", &f), 1);
    CHECK_STR(f.rule, "TensorFlow");
    CHECK_STR(f.driver, "450.80.02");
    /* Native Windows has no tf_driver row: the toolkit's own driver. */
    CHECK_INT(kb_tf_driver_floor(kb, "2.10.0", "11.2", NULL, NULL, "windows", &f), 1);
    CHECK_STR(f.rule, "toolkit");
    CHECK_STR(f.driver, "460.82");
    /* Nor before 2.5. */
    CHECK_INT(kb_tf_driver_floor(kb, "2.4.0", "11.0", NULL, NULL, "linux", &f), 1);
    CHECK_STR(f.rule, "toolkit");
    /* H100 (9.0) runs 2.18's kernels only from compute_90 PTX: the toolkit's driver. */
    CHECK_INT(kb_tf_driver_floor(kb, "2.18.0", "12.5", "9.0", NULL, "linux", &f), 1);
    CHECK_STR(f.rule, "PTX JIT");
    CHECK_STR(f.driver, "555.42.02");
    CHECK_STR(f.arch, "sm_60,sm_70,sm_80,sm_89");
    CHECK_INT(kbdata_source_unverified(f.arch_source), 0);
    /* 2.15 on an H100: the 2.4-2.17 list, an unverified row. */
    CHECK_INT(kb_tf_driver_floor(kb, "2.15.0", "12.2", "9.0", NULL, "linux", &f), 1);
    CHECK_STR(f.rule, "PTX JIT");
    CHECK_STR(f.driver, "535.54.03");
    CHECK_INT(kbdata_source_unverified(f.arch_source), 1);
    /* The build's own list, when given, decides instead of tf_arch's row. */
    CHECK_INT(kb_tf_driver_floor(kb, "2.18.0", "12.5", "9.0", "sm_60,sm_70,sm_80,sm_90", "linux", &f), 1);
    CHECK_STR(f.rule, "TensorFlow");
    CHECK_INT(kb_tf_driver_floor(kb, "2.16.1", "12.3", "8.9", "sm_50,sm_80,compute_80", "linux", &f), 1);
    CHECK_STR(f.rule, "TensorFlow");  /* sm_80 SASS runs on 8.9 */
    CHECK_INT(kb_tf_driver_floor(kb, "2.16.1", "12.3", "9.0", "sm_50,sm_80,compute_80", "linux", &f), 1);
    CHECK_STR(f.rule, "PTX JIT");
    CHECK_STR(f.driver, "545.23.06");
    /* An RTX 4090 (8.9) has sm_89 SASS: TensorFlow's floor stays. */
    CHECK_INT(kb_tf_driver_floor(kb, "2.18.0", "12.5", "8.9", NULL, "linux", &f), 1);
    CHECK_STR(f.rule, "TensorFlow");
    /* Blackwell: the family's 570.26 is higher than either. */
    CHECK_INT(kb_tf_driver_floor(kb, "2.18.0", "12.5", "12.0", NULL, "linux", &f), 1);
    CHECK_STR(f.rule, "GPU family");
    CHECK_STR(f.driver, "570.26");
    CHECK_INT(kb_tf_driver_floor(kb, "2.18.0", "12.5", "nine", NULL, "linux", &f), -1);
    CHECK_INT(kb_tf_driver_floor(kb, "x", "12.5", NULL, NULL, "linux", &f), -1);
    CHECK_INT(kb_tf_driver_floor(kb, "1.0.0", NULL, NULL, NULL, "linux", &f), 0);   /* no CUDA, no row */
}

static void test_tf_driver_arch(void)
{
    const char *d = NULL, *src = NULL;
    struct kb_tf_arch a;

    CHECK_INT(kb_tf_min_driver(kb, "2.18.0", "linux", &d, &src), 1);
    CHECK_STR(d, "525.60.13");
    CHECK_INT(kb_tf_min_driver(kb, "2.18.0", "windows", &d, &src), 1);
    CHECK_STR(d, "528.33");
    CHECK_INT(kb_tf_min_driver(kb, "2.10.1", "linux", &d, &src), 1);
    CHECK_STR(d, "450.80.02");
    CHECK_INT(kb_tf_min_driver(kb, "2.10.1", "windows", &d, &src), 0);
    CHECK_INT(kb_tf_arch(kb, "2.16.1", &a), 1);
    CHECK_STR(a.sass, "5.0;6.0;7.0;7.5;8.0");   /* CUDA 12: no sm_35 */
    CHECK_STR(a.ptx, "newest-only");
    CHECK_INT(kbdata_source_unverified(a.source), 1);
    CHECK_INT(kb_tf_arch(kb, "1.15.0", &a), 0);
    /* 2.18+: TensorFlow's own build flags; Blackwell runs only by PTX JIT. */
    CHECK_INT(kb_tf_arch(kb, "2.19.0", &a), 1);
    CHECK_STR(a.ptx, "compute_90");
    CHECK_INT(kbdata_source_unverified(a.source), 0);
    CHECK_INT(kb_arch_list_covers(a.sass, "8.9"), 2);
    CHECK_INT(kb_arch_list_covers(a.sass, "7.5"), 2);   /* sm_70 SASS runs on 7.5 */
    CHECK_INT(kb_arch_list_covers(a.sass, "5.2"), 0);   /* Maxwell dropped */
    CHECK_INT(kb_arch_list_covers(a.ptx, "12.0"), 1);   /* PTX JIT only */
}

static void test_arch_cudnn_pkg(void)
{
    struct kb_arch_floor f;
    const char *v = NULL, *src = NULL, *cc = NULL;

    CHECK_INT(kb_arch_floor(kb, "12.0", "linux", &f), 1);
    CHECK_STR(f.driver_min, "570.26");
    CHECK_STR(f.cuda_min, "12.8");
    CHECK_INT(kb_arch_floor(kb, "10.0", "windows", &f), 1);
    CHECK_STR(f.driver_min, "570.65");
    CHECK_INT(kb_arch_floor(kb, "8.9", "linux", &f), 0);
    CHECK_INT(kb_arch_floor(kb, "x", "linux", &f), -1);
    /* cuDNN 9.17 for CUDA 12 dropped Maxwell, Pascal and Volta; 9.10.2 had them. */
    CHECK_INT(kb_cudnn_cc_min(kb, "9.17.1.4", "12.8", &cc, &src), 1);
    CHECK_STR(cc, "7.5");
    CHECK_INT(kb_cudnn_cc_min(kb, "9.10.2.21", "12.8", &cc, &src), 1);
    CHECK_STR(cc, "5.0");
    CHECK_INT(kb_cudnn_cc_min(kb, "9.17.0", "13.1", &cc, &src), 1);
    CHECK_STR(cc, "7.5");
    CHECK_INT(kb_cudnn_supports_cuda(kb, "9.17.0", "13.2", &src), 0);
    CHECK_INT(kb_cudnn_supports_cuda(kb, "7.6.3", "10.2", &src), 0);   /* 7.6.3: 10.0-10.1 */
    CHECK_INT(kb_cudnn_supports_cuda(kb, "7.6.5", "10.2", &src), 1);
    CHECK_INT(kb_pkg_fact(kb, "jax", "extra_cuda", "0.4.20", &v, &src), 1);
    CHECK_STR(v, "cuda11-jaxlib");
    CHECK_INT(kb_pkg_fact(kb, "jax", "extra_cuda", "0.4.30", &v, &src), 1);
    CHECK_STR(v, "cuda12-plugin");
    CHECK_INT(kb_pkg_fact(kb, "jax", "monolithic_cuda", "0.4.29", &v, &src), 1);
    CHECK_STR(v, "yes");
    CHECK_INT(kb_pkg_fact(kb, "jax", "monolithic_cuda", "0.4.30", &v, &src), 1);
    CHECK_STR(v, "no");
    CHECK_INT(kb_pkg_fact(kb, "tensorflow", "extra_and_cuda", "2.15.1", &v, &src), 1);
    CHECK_STR(v, "yes");
    CHECK_INT(kb_pkg_fact(kb, "tensorflow", "extra_and_cuda", "2.13.0", &v, &src), 0);
    CHECK_INT(kb_pkg_fact(kb, "cupy", "cuda_headers", "14.0.0", &v, &src), 1);
    CHECK_STR(v, "12.2");
    CHECK_INT(kb_pkg_fact(kb, "paddle", "cc_min_linux", "2.5.2", &v, &src), 1);
    CHECK_STR(v, "3.5");
    CHECK_INT(kb_pkg_fact(kb, "paddle", "cc_min_linux", "2.6.2", &v, &src), 1);
    CHECK_STR(v, "6.0");
    CHECK_INT(kb_pkg_fact(kb, "paddle", "cc_min_windows", "2.6.2", &v, &src), 1);
    CHECK_STR(v, "3.5");
    CHECK_INT(kb_pkg_fact(kb, "jax", NULL, "0.4.30", &v, &src), -1);
    /* conda-forge's cudatoolkit ends with CUDA 11; TensorFlow's GPU package before 2.1. */
    CHECK_INT(kb_pkg_fact(kb, "cuda", "conda_cudatoolkit", "12.2", &v, &src), 1);
    CHECK_STR(v, "no");
    CHECK_INT(kb_pkg_fact(kb, "cuda", "conda_cudatoolkit", "11.8", &v, &src), 0);
    CHECK_INT(kb_pkg_fact(kb, "tensorflow", "gpu_package", "1.15.0", &v, &src), 1);
    CHECK_STR(v, "tensorflow-gpu");
    CHECK_INT(kb_pkg_fact(kb, "tensorflow", "gpu_package", "2.1.0", &v, &src), 0);
    CHECK_INT(kb_pkg_fact(kb, "cuda", "runtime_soname", "11.8", &v, &src), 1);
    CHECK_STR(v, "major");
    CHECK_INT(kb_pkg_fact(kb, "cuda", "runtime_soname", "10.2", &v, &src), 1);
    CHECK_STR(v, "major_minor");
    CHECK_INT(kb_pkg_fact(kb, "python", "extension_dll_path", "3.7.9", &v, &src), 1);
    CHECK_STR(v, "yes");
    CHECK_INT(kb_pkg_fact_since(kb, "python", "extension_dll_path", "no", &v, &src), 1);
    CHECK_STR(v, "3.8");
    CHECK_INT(kb_pkg_fact_since(kb, "cuda", "windows_installer_driver", "no", &v, &src), 1);
    CHECK_STR(v, "13.0");
    CHECK_INT(kb_pkg_fact_since(kb, "cuda", "windows_installer_driver", "yes", &v, &src), 0);
    CHECK_INT(kb_pkg_fact_since(kb, "nosuch", "fact", "no", &v, &src), 0);
    CHECK_INT(kb_pkg_fact_since(kb, "cuda", NULL, "no", &v, &src), -1);
}

static void test_distro_pkg(void)
{
    const char *pkg = NULL, *v = NULL, *src = NULL;
    /* Debian 13 has python3-torch-cuda; 12 does not. */
    CHECK_INT(kb_distro_pkg(kb, "debian", "13", NULL, "cuda_build", "torch", &pkg, &v, &src), 1);
    CHECK_STR(pkg, "python3-torch-cuda");
    CHECK(src && strstr(src, "packages.debian.org"));
    CHECK_INT(kb_distro_pkg(kb, "debian", "12", NULL, "cuda_build", "torch", &pkg, &v, &src), 0);
    CHECK_INT(kb_distro_pkg(kb, "ubuntu", "24.04", NULL, "cuda_build", "torch", &pkg, &v, &src), 0);
    /* nvidia-cudnn's postinst, redone. */
    CHECK_INT(kb_distro_pkg(kb, "debian", "12", "nvidia-cudnn", "redo", NULL, &pkg, &v, &src), 1);
    CHECK(v && !strncmp(v, "sudo update-nvidia-cudnn --update", 33));
    CHECK_INT(kb_distro_pkg(kb, "debian", "11", "nvidia-cudnn", "redo", NULL, &pkg, &v, &src), 0);
    CHECK_INT(kb_distro_pkg(kb, "debian", NULL, "nvidia-cudnn", "redo", NULL, NULL, &v, NULL), 1);
    CHECK_INT(kb_distro_pkg(kb, NULL, "12", NULL, "redo", NULL, NULL, NULL, NULL), -1);
    CHECK_INT(kb_distro_pkg(kb, "debian", "x", NULL, "redo", NULL, NULL, NULL, NULL), -1);
}

static void test_build_min_driver(void)
{
    const char *d = NULL, *src = NULL;
    int ok = -1;

    /* cu128 on an RTX 5090 (12.0): Blackwell's 570.26 beats CUDA 12's 525.60.13. */
    CHECK_INT(kb_build_min_driver(kb, "12.8", "12.0", "linux", &d, &src, &ok), 1);
    CHECK_STR(d, "570.26");
    CHECK_INT(ok, 1);
    /* cu126 on the same GPU: no build for it at all. */
    CHECK_INT(kb_build_min_driver(kb, "12.6", "12.0", "linux", &d, &src, &ok), 1);
    CHECK_INT(ok, 0);
    /* Any other GPU: the CUDA major's floor. */
    CHECK_INT(kb_build_min_driver(kb, "12.8", "8.9", "linux", &d, &src, &ok), 1);
    CHECK_STR(d, "525.60.13");
    CHECK_INT(ok, 1);
    CHECK_INT(kb_build_min_driver(kb, "13.0", NULL, "windows", &d, &src, &ok), 1);
    CHECK_STR(d, "580");
    CHECK_INT(kb_build_min_driver(kb, "12.8", "10.0", "windows", &d, &src, &ok), 1);
    CHECK_STR(d, "570.65");
    CHECK_INT(kb_build_min_driver(kb, "10.2", NULL, "linux", &d, &src, &ok), 1);
    CHECK_STR(d, "440.33");                             /* before CUDA 11: the toolkit's */
    CHECK_INT(kb_build_min_driver(kb, "x", NULL, "linux", &d, &src, &ok), -1);
}

static void test_meta_and_marker(void)
{
    const char *checked = NULL, *newest = NULL, *src = NULL, *d = NULL;

    CHECK_INT(kb_meta(kb, "paddle", &checked, &newest, &src), 1);
    CHECK_STR(newest, "3.3");
    CHECK_INT(kb_meta(kb, "gpu_name", &checked, &newest, &src), 0);
    CHECK_INT(kbdata_source_unverified("unverified: x"), 1);
    CHECK_INT(kbdata_source_unverified("unverified"), 1);
    CHECK_INT(kbdata_source_unverified("unverifiedx"), 0);
    CHECK_INT(kbdata_source_unverified("https://x (unverified)"), 0);
    CHECK_INT(kbdata_source_unverified(NULL), 0);
    CHECK_INT(kbdata_is_date("2026-12-01"), 1);
    CHECK_INT(kbdata_is_date("2026-02-30"), 0);
    CHECK_INT(kbdata_is_date("2024-02-29"), 1);
    CHECK_INT(kbdata_is_date("2025-02-29"), 0);
    CHECK_INT(kbdata_is_date("2026-13-01"), 0);
    /* CUDA 13.3 / R610 rows are in, confirmed since the second issue-18 pass
     * (NVIDIA's 13.3.0 runfile bundles 610.43.02); 13.4 is still unverified. */
    CHECK_INT(kb_cuda_min_driver(kb, "13.3", "linux", &d, &src), 1);
    CHECK_STR(d, "610.43.02");
    CHECK_INT(kbdata_source_unverified(src), 0);
    CHECK_INT(kb_cuda_min_driver(kb, "13.4", "linux", &d, &src), 1);
    CHECK_INT(kbdata_source_unverified(src), 1);
    CHECK_INT(kb_driver_cuda_max(kb, "610.43.02", &d, &src), 1);
    CHECK_STR(d, "13.3");
    CHECK_INT(kb_sm_toolkits(kb, "sm_88", &d, &checked, &src), 1);
    CHECK_STR(d, "13.0");
}

static void test_lint_builtin(void)
{
    struct kb_lint l;
    size_t i;

    kb_lint_init(&l);
    CHECK_INT((long long)kb_lint_check(kb, "2026-12-02", &l), 0);
    for (i = 0; i < l.n; i++)
        printf("  unexpected: %s:%u: %s\n", l.v[i].file ? l.v[i].file : "-", l.v[i].line,
               l.v[i].text);
    kb_lint_release(&l);
}

/* Write text to a fresh .kb file and lint the kb it makes; the messages
 * joined by '\n' into out. */
static size_t lint_text(const char *text, int stale, const char *today, char *out, size_t outsz)
{
    char dir[] = "/tmp/gdkbl.XXXXXX", path[64];
    struct gd_err err;
    struct kb *k;
    struct kb_lint l;
    size_t n, i, used = 0;
    FILE *f;

    out[0] = '\0';
    if (!mkdtemp(dir))
        return (size_t)-1;
    snprintf(path, sizeof(path), "%s/t.kb", dir);
    f = fopen(path, "w");
    if (!f)
        return (size_t)-1;
    fputs(text, f);
    fclose(f);
    err_init(&err);
    k = kb_load(path, &err);
    unlink(path);
    rmdir(dir);
    if (!k) {
        snprintf(out, outsz, "load: %s", err.msg);
        return (size_t)-1;
    }
    kb_lint_init(&l);
    n = stale ? kb_lint_stale(k, today, &l) : kb_lint_check(k, today, &l);
    for (i = 0; i < l.n && used + 1 < outsz; i++)
        used += (size_t)snprintf(out + used, outsz - used, "%s\n", l.v[i].text);
    kb_lint_release(&l);
    kb_free(k);
    return n;
}

static void test_lint_fires(void)
{
    char out[4096];

    /* A CUDA with no driver floor, and a cuDNN pair in no cudnn_cuda row. */
    CHECK_INT((long long)lint_text("%revision 2026-01-01\n%table torch\n"
                                   "%columns version variant default cuda cudnn arch source\n"
                                   "9.9 cu99 yes 9.9 1.2.3 - https://example.org/t\n",
                                   0, "2026-12-02", out, sizeof(out)), 2);
    CHECK(strstr(out, "CUDA 9.9 (column cuda) has no driver floor") != NULL);
    CHECK(strstr(out, "cuDNN 1.2.3 with CUDA 9.9 is in no cudnn_cuda row") != NULL);
    /* Overlap and hole in one lane; a range that ends before it starts. */
    CHECK_INT((long long)lint_text("%revision 2026-01-01\n%table jax\n"
                                   "%columns first last flavor cuda_min cudnn_min cudnn_max "
                                   "driver_min cc_min extras source\n"
                                   "0.1.0 0.1.9 cuda12 12.0 - - - - - https://example.org/a\n"
                                   "0.1.5 0.1.20 cuda12 12.0 - - - - - https://example.org/b\n"
                                   "0.3.0 0.3.4 cuda12 12.0 - - - - - https://example.org/c\n"
                                   "0.5.0 0.4.0 cuda11 11.8 - - - - - https://example.org/d\n",
                                   0, "2026-12-02", out, sizeof(out)), 3);
    CHECK(strstr(out, "cuda12: range from 0.1.5 overlaps the one ending 0.1.9") != NULL);
    CHECK(strstr(out, "cuda12: hole between 0.1.20 and 0.3.0") != NULL);
    CHECK(strstr(out, "range 0.5.0-0.4.0 ends before it starts") != NULL);
    /* onnxruntime: builds of one CUDA major off PyPI may skip releases (ORT published
     * no CUDA 12 Python package of 1.27, then one of 1.28 on its feed), but must not
     * overlap; the PyPI default may not skip one. */
    CHECK_INT((long long)lint_text("%revision 2026-01-01\n%table onnxruntime\n"
                                   "%columns first last cuda cudnn pypi source\n"
                                   "1.21 1.26 12.0 9.0 yes https://example.org/a\n"
                                   "1.27 1.27 13.0 9.0 yes https://example.org/b\n"
                                   "1.28 1.28 12.0 9.0 no https://example.org/c\n"
                                   "1.28 1.28 13.0 9.0 yes https://example.org/d\n",
                                   0, "2026-12-02", out, sizeof(out)), 0);
    CHECK_INT((long long)lint_text("%revision 2026-01-01\n%table onnxruntime\n"
                                   "%columns first last cuda cudnn pypi source\n"
                                   "1.21 1.26 12.0 9.0 yes https://example.org/a\n"
                                   "1.26 1.26 12.0 9.0 no https://example.org/b\n"
                                   "1.28 1.28 13.0 9.0 yes https://example.org/d\n",
                                   0, "2026-12-02", out, sizeof(out)), 2);
    CHECK(strstr(out, "CUDA 12 builds: range from 1.26 overlaps the one ending 1.26") != NULL);
    CHECK(strstr(out, "the PyPI default: hole between 1.26 and 1.28") != NULL);
    /* Successors that are not holes. */
    CHECK_INT((long long)lint_text("%revision 2026-01-01\n%table py_support\n"
                                   "%columns framework first last python_min python_max source\n"
                                   "x 0.4.8 0.5.99 3.8 - a/b@setup.py\n"
                                   "x 0.6.0 0.6.0 3.9 - a/b@setup.py\n"
                                   "x 0.6.1 1.13 3.9 - a/b#12\n"
                                   "x 2.0 2.1 3.9 - a/b commit 1234\n",
                                   0, "2026-12-02", out, sizeof(out)), 0);
    /* A source with no URL or repository; a kb_meta date after today and an
     * unknown table. */
    CHECK_INT((long long)lint_text("%revision 2026-01-01\n%table tf_metal\n"
                                   "%columns metal tf source\n"
                                   "1.0.0 2.9 release notes\n"
                                   "%table kb_meta\n%columns table checked newest source\n"
                                   "nope 2027-01-01 1.0 https://example.org/m\n",
                                   0, "2026-12-02", out, sizeof(out)), 3);
    CHECK(strstr(out, "source names no URL or repository: 'release notes'") != NULL);
    CHECK(strstr(out, "checked 2027-01-01 is after today") != NULL);
    CHECK(strstr(out, "no table called 'nope'") != NULL);
    /* jetpack: L4T rows out of order, a JetPack that goes back, and two CUDA
     * majors in one JetPack major. */
    CHECK_INT((long long)lint_text("%revision 2026-01-01\n%table jetpack\n"
                                   "%columns l4t jetpack cuda cudnn tensorrt ubuntu wheels source\n"
                                   "35.2.1 5.1 11.4 - - - - https://example.org/a\n"
                                   "35.1.0 5.0.2 11.4 - - - - https://example.org/b\n"
                                   "35.3.1 5.0 11.4 - - - - https://example.org/c\n"
                                   "35.4.1 5.1.2 12.2 - - - - https://example.org/d\n",
                                   0, "2026-12-02", out, sizeof(out)), 3);
    CHECK(strstr(out, "L4T 35.1.0 does not follow 35.2.1") != NULL);
    CHECK(strstr(out, "JetPack 5.0 (L4T 35.3.1) is older than JetPack 5.0.2") != NULL);
    CHECK(strstr(out, "JetPack 5.1.2 ships CUDA 12.2, but JetPack 5.1 of the same major ships CUDA 11.4") != NULL);
    /* --stale: newest row behind the newest known release; not checked for a year;
     * and (one message) the release-keyed tables this kb_meta does not list. */
    CHECK_INT((long long)lint_text("%revision 2025-01-01\n%table paddle\n"
                                   "%columns version variant cuda cudnn driver_min source\n"
                                   "3.0 cu126 12.6 9.5 - https://example.org/p\n"
                                   "%table kb_meta\n%columns table checked newest source\n"
                                   "paddle 2025-01-01 3.3 https://example.org/m\n",
                                   1, "2026-12-02", out, sizeof(out)), 3);
    CHECK(strstr(out, "newest row 3.0 is older than 3.3") != NULL);
    CHECK(strstr(out, "last checked 2025-01-01, more than a year ago") != NULL);
    CHECK_INT((long long)lint_text("%revision 2026-01-01\n%table paddle\n"
                                   "%columns version variant cuda cudnn driver_min source\n"
                                   "3.3 cu126 12.6 9.5 - https://example.org/p\n"
                                   "%table kb_meta\n%columns table checked newest source\n"
                                   "paddle 2026-06-01 3.3 https://example.org/m\n",
                                   1, "2026-12-02", out, sizeof(out)), 1);
    /* ...the one other message: this kb_meta lists no other release-keyed table. */
    CHECK(strstr(out, "no row for tf_build, ") != NULL);
    CHECK(strstr(out, "paddle,") == NULL);
}

int main(void)
{
    kb = kb_new_builtin();
    RUN(test_python);
    RUN(test_tf_driver_floor);
    RUN(test_tf_driver_arch);
    RUN(test_arch_cudnn_pkg);
    RUN(test_build_min_driver);
    RUN(test_distro_pkg);
    RUN(test_meta_and_marker);
    RUN(test_lint_builtin);
    RUN(test_lint_fires);
    kb_free(kb);
    return harness_done();
}
