/* test_kb.c - the knowledge base's lookups, with spot checks of well-known facts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "kb/kb.h"

static struct kb *kb;

static void test_revision(void)
{
    CHECK(strlen(kb_builtin_revision()) == 10);
    CHECK_STR(kb_revision(kb), kb_builtin_revision());
    CHECK_STR(kb_origin(kb), "built-in");
}

static void test_driver_cuda_max(void)
{
    const char *cuda = NULL, *src = NULL;
    CHECK_INT(kb_driver_cuda_max(kb, "535.104.05", &cuda, &src), 1);
    CHECK_STR(cuda, "12.2");
    CHECK(src && strstr(src, "nvidia.com"));
    CHECK_INT(kb_driver_cuda_max(kb, "525.60.13", &cuda, NULL), 1);
    CHECK_STR(cuda, "12.0");
    CHECK_INT(kb_driver_cuda_max(kb, "470.82.01", &cuda, NULL), 1);
    CHECK_STR(cuda, "11.4");
    CHECK_INT(kb_driver_cuda_max(kb, "31.0.15.3833", &cuda, NULL), 1);   /* Windows 538.33 */
    CHECK_STR(cuda, "12.2");
    CHECK_INT(kb_driver_cuda_max(kb, "565.57.01", &cuda, NULL), 1);
    CHECK_STR(cuda, "12.7");
    CHECK_INT(kb_driver_cuda_max(kb, "580.65.06", &cuda, NULL), 1);
    CHECK_STR(cuda, "13.0");
    cuda = "x";
    CHECK_INT(kb_driver_cuda_max(kb, "340.108", &cuda, NULL), 0);        /* older than any row */
    CHECK_INT(kb_driver_cuda_max(kb, "900.1", &cuda, NULL), 0);          /* far newer: unknown */
    CHECK_STR(cuda, "x");
    CHECK_INT(kb_driver_cuda_max(kb, "banana", &cuda, NULL), -1);
}

static void test_cuda_min_driver(void)
{
    const char *d = NULL, *src = NULL;
    CHECK_INT(kb_cuda_min_driver(kb, "12.2", "linux", &d, &src), 1);
    CHECK_STR(d, "535.54.03");
    CHECK_INT(kb_cuda_min_driver(kb, "12.2.140", "windows", &d, &src), 1);
    CHECK_STR(d, "536.25");
    CHECK_INT(kb_cuda_min_driver(kb, "12060", "linux", &d, NULL), 1);   /* CUDART_VERSION */
    CHECK_STR(d, "560.28.03");
    CHECK_INT(kb_cuda_min_driver(kb, "110", "windows", &d, NULL), 1);   /* cudart64_110.dll */
    CHECK_STR(d, "451.22");
    CHECK_INT(kb_cuda_min_driver(kb, "12.6.20241114", "linux", &d, NULL), 1);
    CHECK_STR(d, "560.28.03");
    CHECK_INT(kb_cuda_min_driver(kb, "12.7", "linux", &d, NULL), 0);    /* no such toolkit */
    CHECK_INT(kb_cuda_min_driver(kb, "13.0", "windows", &d, NULL), 0);  /* N/A in Table 3 */
    CHECK_INT(kb_cuda_min_driver(kb, "x", "linux", &d, NULL), -1);
}

static void test_mvc(void)
{
    const char *d = NULL, *need = NULL, *src = NULL;
    enum kb_drv_verdict v;

    CHECK_INT(kb_cuda_mvc_floor(kb, "12.1", "linux", &d, &src), 1);
    CHECK_STR(d, "525.60.13");
    CHECK_INT(kb_cuda_mvc_floor(kb, "12.8", "windows", &d, &src), 1);
    CHECK_STR(d, "528.33");
    CHECK_INT(kb_cuda_mvc_floor(kb, "11.8", "linux", &d, &src), 1);
    CHECK_STR(d, "450.80.02");
    CHECK_INT(kb_cuda_mvc_floor(kb, "10.2", "linux", &d, &src), 0);

    CHECK_INT(kb_driver_runs_cuda(kb, "535.104.05", "12.2", "linux", &v, &need, &src), 1);
    CHECK_INT(v, KB_DRV_OK);
    CHECK_INT(kb_driver_runs_cuda(kb, "525.60.13", "12.8", "linux", &v, &need, &src), 1);
    CHECK_INT(v, KB_DRV_OK_MVC);
    CHECK_INT(kb_driver_runs_cuda(kb, "470.82.01", "12.1", "linux", &v, &need, &src), 1);
    CHECK_INT(v, KB_DRV_TOO_OLD);
    CHECK_STR(need, "525.60.13");
    CHECK_INT(kb_driver_runs_cuda(kb, "527.41", "12.0", "windows", &v, &need, &src), 1);
    CHECK_INT(v, KB_DRV_OK);
    CHECK_INT(kb_driver_runs_cuda(kb, "527.41", "12.4", "windows", &v, &need, &src), 1);
    CHECK_INT(v, KB_DRV_TOO_OLD);   /* 12.x via MVC needs 528.33 on Windows */
    CHECK_INT(kb_driver_runs_cuda(kb, "31.0.15.3833", "12.4", "windows", &v, &need, &src), 1);
    CHECK_INT(v, KB_DRV_OK_MVC);
    CHECK_INT(kb_driver_runs_cuda(kb, "580.65.06", "13.2", "linux", &v, &need, &src), 1);
    CHECK_INT(v, KB_DRV_OK_MVC);
    CHECK_INT(kb_driver_runs_cuda(kb, "440.33", "10.2", "linux", &v, &need, &src), 1);
    CHECK_INT(v, KB_DRV_OK);
    CHECK_INT(kb_driver_runs_cuda(kb, "418.39", "10.2", "linux", &v, &need, &src), 1);
    CHECK_INT(v, KB_DRV_TOO_OLD);   /* no MVC before CUDA 11 */
    CHECK_STR(need, "440.33");
}

static void test_gpus(void)
{
    const char *name = NULL, *cc = NULL, *src = NULL;

    CHECK_INT(kb_gpu_by_name(kb, "RTX 4090", &name, &cc, &src), 1);
    CHECK_STR(cc, "8.9");
    CHECK_INT(kb_gpu_by_name(kb, "h100", &name, &cc, &src), 1);
    CHECK_STR(cc, "9.0");
    CHECK_INT(kb_gpu_by_name(kb, "Jetson AGX Orin", &name, &cc, &src), 1);
    CHECK_STR(cc, "8.7");
    CHECK_INT(kb_gpu_by_name(kb, "RTX 40900", &name, &cc, &src), 0);
    CHECK_INT(kb_gpu_by_name(kb, "", &name, &cc, &src), -1);
    CHECK_INT(kb_gpu_by_pci(kb, 0x1002, 0x2684, &name, &cc, &src), 0);
    if (kb_pci_ids_version(kb)) {
        CHECK_INT(kb_gpu_by_pci(kb, 0x10de, 0x2684, &name, &cc, &src), 1);   /* AD102 */
        CHECK_STR(name, "GeForce RTX 4090");
        CHECK_STR(cc, "8.9");
        CHECK(strstr(src, "pci.ids") != NULL);
        CHECK_INT(kb_gpu_by_pci(kb, 0x10de, 0x2331, &name, &cc, &src), 1);   /* GH100 */
        CHECK_STR(cc, "9.0");
        CHECK_INT(kb_gpu_by_pci(kb, 0x10de, 0x102d, &name, &cc, &src), 1);   /* GK210 K80 */
        CHECK_STR(cc, "3.7");
        CHECK_INT(kb_gpu_by_pci(kb, 0x10de, 0x2717, &name, &cc, &src), 1);   /* GN21 laptop */
        CHECK_STR(cc, "8.9");
        CHECK_INT(kb_gpu_by_pci(kb, 0x10de, 0x1db4, &name, &cc, &src), 1);   /* GV100GL V100 */
        CHECK_STR(cc, "7.0");
    }
}

/* kb_gpu_by_pci describes one device directly: for every device the full
 * index lists (kb_gpu_at, the one the lookup used to search), the same
 * name, compute capability and source as the index's first entry for it. */
static void test_gpu_by_pci_is_the_index(void)
{
    struct kb *k = kb_new_builtin();
    struct kb_gpu g;
    size_t i, j, n = 0;
    const char *name, *cc, *src;

    while (kb_gpu_at(k, n, &g) == 1)
        n++;
    CHECK(n > 1000);
    for (i = 0; i < n; i++) {
        struct kb_gpu first;
        kb_gpu_at(k, i, &g);
        for (j = 0; j < i; j++) {
            kb_gpu_at(k, j, &first);
            if (first.device == g.device)
                break;
        }
        if (j < i)
            continue;   /* the lookup gives the first entry of a device */
        name = cc = src = NULL;
        CHECK_INT(kb_gpu_by_pci(k, 0x10de, g.device, &name, &cc, &src), 1);
        CHECK_STR(name, g.name);
        CHECK(cc == g.cc || (cc && g.cc && !strcmp(cc, g.cc)));
        CHECK_STR(src, g.source);
    }
    CHECK_INT(kb_gpu_by_pci(k, 0x10de, 0xfffe, &name, &cc, &src), 0);
    CHECK_INT(kb_gpu_by_pci(k, 0x10de, 0xfffe, &name, &cc, &src), 0);   /* remembered, still none */
    kb_free(k);
}

static void test_chip_cc(void)
{
    const char *arch = NULL, *cc = NULL;
    CHECK_INT(kb_chip_cc(kb, "GA10B", &arch, &cc, NULL), 1);
    CHECK_STR(cc, "8.7");
    CHECK_INT(kb_chip_cc(kb, "GA107BM [GeForce RTX 3050]", &arch, &cc, NULL), 1);
    CHECK_STR(cc, "8.6");
    CHECK_INT(kb_chip_cc(kb, "GA100GL", &arch, &cc, NULL), 1);
    CHECK_STR(cc, "8.0");
    CHECK_INT(kb_chip_cc(kb, "GF100", &arch, &cc, NULL), 0);   /* Fermi: not in the tables */
    CHECK_INT(kb_chip_cc(kb, "", &arch, &cc, NULL), -1);
}

static void test_arch_list(void)
{
    CHECK_INT(kb_arch_list_covers("5.0;6.0;7.0;7.5;8.0;8.6;9.0", "8.9"), 2);
    CHECK_INT(kb_arch_list_covers("5.0;6.0;7.0;7.5;8.0;8.6;9.0", "12.0"), 0);
    CHECK_INT(kb_arch_list_covers("7.5;8.0;8.6;9.0;10.0;12.0+PTX", "12.1"), 2);
    CHECK_INT(kb_arch_list_covers("7.5;8.0;8.6;9.0;10.0;12.0+PTX", "6.1"), 0);
    CHECK_INT(kb_arch_list_covers("sm_50,sm_60,sm_70,sm_80,compute_90", "9.0"), 1);
    CHECK_INT(kb_arch_list_covers("sm_35,sm_50,sm_60,sm_70,sm_75,compute_80", "8.6"), 1);
    CHECK_INT(kb_arch_list_covers("sm_90a", "9.0"), 2);
    CHECK_INT(kb_arch_list_covers("sm_90a", "10.0"), 0);
    /* fatbin_arch_list's form for arch-specific images: PTX for 9.0a is
     * JIT-compiled on 9.0 and on nothing later. */
    CHECK_INT(kb_arch_list_covers("sm_80,compute_90a,sm_90a", "9.0"), 2);
    CHECK_INT(kb_arch_list_covers("sm_80,compute_90a,sm_90a", "10.0"), 0);
    CHECK_INT(kb_arch_list_covers("sm_80,compute_90a", "9.0"), 1);
    CHECK_INT(kb_arch_list_covers("compute_90a", "8.9"), 0);
    CHECK_INT(kb_arch_list_covers("sm_80,compute_90a,sm_90a,compute_90", "10.0"), 1);
    CHECK_INT(kb_arch_list_covers("5.0", "x"), -1);
}

static void test_pci_ids_runtime(void)
{
    struct kb *k = kb_new_builtin();
    struct gd_err err;
    const char *name = NULL, *cc = NULL, *src = NULL;
    static const char newer[] = "#\tVersion: 2999.01.01\n"
                                "1002  ATI\n"
                                "\t1234  Something\n"
                                "10de  NVIDIA Corporation\n"
                                "\t2b85  GB202 [GeForce RTX 5090]\n"
                                "\t\t10de 0000  subsystem\n"
                                "10df  Emulex\n";
    static const char older[] = "#\tVersion: 2000.01.01\n10de  NVIDIA\n\t2b85  GB202 [X]\n";
    static const char bad[] = "#\tVersion: 2999.01.01\n10de  NVIDIA\n\tzz  broken\n";

    err_init(&err);
    /* Asked before the newer pci.ids comes: the answer must not stick. */
    (void)kb_gpu_by_pci(k, 0x10de, 0x2b85, &name, &cc, &src);
    CHECK_INT(kb_set_pci_ids(k, (const uint8_t *)older, sizeof(older) - 1, "old", &err),
              kb_pci_ids_version(k) ? 0 : 1);
    CHECK_INT(kb_set_pci_ids(k, (const uint8_t *)bad, sizeof(bad) - 1, "bad", &err), -1);
    CHECK(strstr(err.msg, "bad") != NULL);
    CHECK_INT(kb_set_pci_ids(k, (const uint8_t *)newer, sizeof(newer) - 1, "/x/pci.ids", &err), 1);
    CHECK_STR(kb_pci_ids_version(k), "2999.01.01");
    CHECK_INT(kb_gpu_by_pci(k, 0x10de, 0x2b85, &name, &cc, &src), 1);
    CHECK_STR(name, "GeForce RTX 5090");
    CHECK_STR(cc, "12.0");
    CHECK(strstr(src, "/x/pci.ids") != NULL);
    kb_free(k);
}

static void test_tensorflow(void)
{
    struct kb_tf_build b;
    struct kb_tf_libs l;

    CHECK_INT(kb_tf_build(kb, "2.10.1", "linux", &b), 1);
    CHECK_STR(b.cuda, "11.2");
    CHECK_STR(b.cudnn, "8.1");
    CHECK_INT(kb_tf_build(kb, "2.10.0", "windows", &b), 1);
    CHECK_STR(b.cuda, "11.2");
    CHECK_INT(kb_tf_build(kb, "2.15.0.post1", "linux", &b), 1);
    CHECK_STR(b.cuda, "12.2");
    CHECK_STR(b.cudnn, "8.9");
    CHECK_INT(kb_tf_build(kb, "2.16.2", "linux", &b), 1);   /* the 2.16.1 row */
    CHECK_STR(b.version, "2.16.1");
    CHECK_INT(kb_tf_build(kb, "2.11.0", "windows", &b), 1);
    CHECK(b.cuda == NULL);                                   /* CPU-only */
    CHECK_STR(kb_tf_last_windows_gpu(kb), "2.10.0");
    CHECK_INT(kb_tf_build(kb, "0.12.0", "linux", &b), 0);
    CHECK_INT(kb_tf_build(kb, "x", "linux", &b), -1);

    CHECK_INT(kb_tf_libs(kb, "2.10.0", "windows", &l), 1);
    CHECK_STR(l.cudart, "cudart64_110.dll");
    CHECK_STR(l.cudnn, "cudnn64_8.dll");
    CHECK_INT(kb_tf_libs(kb, "2.10.0", "linux", &l), 1);
    CHECK_STR(l.cudart, "libcudart.so.11.0");
    CHECK_STR(l.cublas, "libcublas.so.11");
    CHECK_INT(kb_tf_libs(kb, "2.4.1", "linux", &l), 1);
    CHECK_STR(l.cusolver, "libcusolver.so.10");              /* the CUDA 11.0 trap */
    CHECK_INT(kb_tf_libs(kb, "2.16.1", "linux", &l), 1);
    CHECK_STR(l.pip_libs, "rpath-broken");
    CHECK_INT(kb_tf_libs(kb, "2.18.0", "linux", &l), 1);
    CHECK_STR(l.cudnn, "libcudnn.so.9");
    CHECK(l.curand == NULL);
    CHECK_INT(kb_tf_libs(kb, "2.11.0", "windows", &l), 0);
}

static void test_torch(void)
{
    struct kb_torch t;
    const char *d = NULL, *src = NULL;

    CHECK_INT(kb_torch(kb, "2.1.0+cu121", NULL, &t), 1);
    CHECK_STR(t.cuda, "12.1");
    CHECK_STR(t.cudnn, "8.9.2.26");
    CHECK_INT(kb_torch(kb, "2.1.2", NULL, &t), 1);            /* no label: the PyPI default */
    CHECK_STR(t.variant, "cu121");
    CHECK_INT(kb_torch_min_driver(kb, "2.1.0", "cu121", "linux", &d, &src), 1);
    CHECK_STR(d, "525.60.13");                                /* minor-version compatibility */
    CHECK_INT(kb_torch_min_driver(kb, "2.1.0+cu121", NULL, "windows", &d, &src), 1);
    CHECK_STR(d, "528.33");
    CHECK_INT(kb_torch_min_driver(kb, "1.12.1+cu102", NULL, "linux", &d, &src), 1);
    CHECK_STR(d, "440.33");                                   /* no MVC before CUDA 11 */
    CHECK_INT(kb_torch_min_driver(kb, "2.1.0+rocm5.6", NULL, "linux", &d, &src), 0);
    CHECK_INT(kb_torch(kb, "2.8.0+cu128", NULL, &t), 1);
    CHECK_INT(kb_arch_list_covers(t.arch, "6.1"), 0);         /* Pascal dropped from cu128 */
    CHECK_INT(kb_arch_list_covers(t.arch, "12.0"), 2);
    CHECK_INT(kb_torch(kb, "2.5.1+cu124", NULL, &t), 1);
    CHECK_INT(kb_arch_list_covers(t.arch, "12.0"), 0);        /* RTX 50xx: no kernel image */
    CHECK_INT(kb_torch(kb, "2.1.0+cu999", NULL, &t), 0);
}

static void test_cuda_sm(void)
{
    const char *first = NULL, *last = NULL, *lo = NULL, *hi = NULL;
    static const char *const dropped[] = { "sm_50", "sm_52", "sm_53", "sm_60", "sm_61",
                                           "sm_62", "sm_70", "7.2", NULL };
    size_t i;

    for (i = 0; dropped[i]; i++) {
        CHECK_INT(kb_sm_toolkits(kb, dropped[i], &first, &last, NULL), 1);
        CHECK_STR(last, "12.9");                              /* CUDA 13 dropped sm_50-sm_72 */
    }
    CHECK_INT(kb_sm_toolkits(kb, "sm_75", &first, &last, NULL), 1);
    CHECK(last == NULL);
    CHECK_INT(kb_cuda_sm_range(kb, "13.0", &lo, &hi), 1);
    CHECK_STR(lo, "sm_75");
    CHECK_INT(kb_cuda_sm_range(kb, "12.9", &lo, &hi), 1);
    CHECK_STR(lo, "sm_50");
    CHECK_STR(hi, "sm_121");
    CHECK_INT(kb_cuda_sm_range(kb, "11.8", &lo, &hi), 1);
    CHECK_STR(lo, "sm_35");
    CHECK_STR(hi, "sm_90");
    CHECK_INT(kb_cuda_sm_range(kb, "12060", &lo, &hi), 1);
    CHECK_STR(hi, "sm_90");
}

static void test_others(void)
{
    struct kb_jax j;
    struct kb_cupy c;
    struct kb_ort o;
    struct kb_paddle p;
    const char *tf = NULL, *src = NULL;

    CHECK_INT(kb_jax(kb, "0.4.26", "cuda12", &j), 1);
    CHECK_STR(j.cudnn_max, "9.0");
    CHECK_INT(kb_jax(kb, "0.8.1", "cuda13", &j), 1);
    CHECK_STR(j.driver_min, "580");
    CHECK_STR(j.cc_min, "7.5");
    CHECK_INT(kb_jax(kb, "0.4.26", "cuda11", &j), 0);          /* CUDA 11 dropped */
    CHECK_INT(kb_cupy(kb, "cupy-cuda12x", "13.3.0", &c), 1);
    CHECK_STR(c.cuda_min, "12.0");
    CHECK_INT(kb_cupy(kb, "cupy-cuda11x", "14.0.0", &c), 0);
    CHECK_INT(kb_onnxruntime(kb, "1.18.0", NULL, &o), 1);
    CHECK_STR(o.cuda, "11.8");
    CHECK_INT(kb_onnxruntime(kb, "1.19.2", NULL, &o), 1);
    CHECK_STR(o.cuda, "12.0");
    CHECK_STR(o.cudnn, "9.0");
    CHECK_INT(kb_onnxruntime(kb, "1.17.1", "12", &o), 1);
    CHECK_STR(o.pypi, "no");
    /* Issue #18 corrections: 1.18.1's CUDA 12 build needs cuDNN 9, 1.18.0's 8. */
    CHECK_INT(kb_onnxruntime(kb, "1.18.1", "12", &o), 1);
    CHECK_STR(o.cudnn, "9.0");
    CHECK_INT(kb_onnxruntime(kb, "1.18.0", "12", &o), 1);
    CHECK_STR(o.cudnn, "8.9.2.26");
    CHECK_INT(kb_onnxruntime(kb, "1.27.0", NULL, &o), 1);
    CHECK_STR(o.cuda, "13.0");
    /* 1.21-1.26 (CUDA 12 default) and 1.28 (CUDA 13) are confirmed from ORT's
     * release-candidate issues; 1.29 is still an assumption. */
    CHECK_INT(kb_onnxruntime(kb, "1.22.0", NULL, &o), 1);
    CHECK_STR(o.cuda, "12.0");
    CHECK_INT(kbdata_source_unverified(o.source), 0);
    CHECK_INT(kb_onnxruntime(kb, "1.28.0", NULL, &o), 1);
    CHECK_STR(o.cuda, "13.0");
    CHECK_INT(kbdata_source_unverified(o.source), 0);
    CHECK_INT(kb_onnxruntime(kb, "1.29.0", NULL, &o), 1);
    CHECK_INT(kbdata_source_unverified(o.source), 1);
    {
        /* Python ranges (issue #18): ORT 1.20 dropped 3.8/3.9, 1.24 dropped 3.10;
         * torch 2.13-2.14 count 3.15 as experimental. */
        struct kb_py py;
        const char *lo, *hi, *cuda, *psrc;
        struct kb_torch t;
        CHECK_INT(kb_python_support(kb, "onnxruntime", "1.19.2", &py), 1);
        CHECK_STR(py.python_min, "3.8");
        CHECK_INT(kb_python_in(&py, "3.12"), 1);
        CHECK_INT(kb_python_support(kb, "onnxruntime", "1.20.1", &py), 1);
        CHECK_INT(kb_python_in(&py, "3.9"), 0);
        CHECK_INT(kb_python_in(&py, "3.13"), 1);
        CHECK_INT(kb_python_support(kb, "onnxruntime", "1.24.1", &py), 1);
        CHECK_INT(kb_python_in(&py, "3.10"), 0);
        CHECK_INT(kb_python_support(kb, "onnxruntime", "1.11.0", &py), 0);
        CHECK_INT(kb_python_support(kb, "pytorch", "2.14.0", &py), 1);
        CHECK_STR(py.python_max, "3.14");
        CHECK_INT(kb_torch_python(kb, "2.14.0", &lo, &hi, &psrc), 1);
        CHECK_STR(hi, "3.14");
        /* torch 2.14's PyPI default is the cu130 build (release manager). */
        CHECK_INT(kb_torch(kb, "2.14.0", NULL, &t), 1);
        CHECK_STR(t.variant, "cu130");
        /* R610 -> CUDA 13.3, confirmed (runfile, nvidia-smi banners). */
        CHECK_INT(kb_driver_cuda_max(kb, "610.43.02", &cuda, &psrc), 1);
        CHECK_STR(cuda, "13.3");
        CHECK_INT(kbdata_source_unverified(psrc), 0);
    }
    CHECK_INT(kb_jax(kb, "0.4.29", "cuda12", &j), 1);
    CHECK_STR(j.cudnn_min, "9.1");
    CHECK_INT(kb_jax(kb, "0.4.9", "cuda12", &j), 1);
    CHECK_STR(j.cudnn_min, "8.8");
    CHECK_INT(kb_jax(kb, "0.7.0", "cuda13", &j), 0);     /* CUDA 13 from 0.7.2 */
    CHECK_INT(kb_jax(kb, "0.7.2", "cuda13", &j), 1);
    CHECK_INT(kb_cupy(kb, "cupy-cuda102", "12.3.0", &c), 1);
    CHECK_INT(kb_cupy(kb, "cupy-cuda102", "13.0.0", &c), 0);
    CHECK_INT(kb_cupy(kb, "cupy-cuda12x", "11.5.0", &c), 1);
    CHECK_INT(kb_cupy(kb, "cupy-cuda12x", "11.4.0", &c), 0);
    CHECK_INT(kb_cupy_for_cuda(kb, "11.4", &c), 1);
    CHECK_STR(c.package, "cupy-cuda11x");
    CHECK_STR(c.last, "13");
    CHECK_INT(kb_cupy_for_cuda(kb, "12.2", &c), 1);
    CHECK_STR(c.package, "cupy-cuda12x");
    CHECK_INT(kb_cupy_for_cuda(kb, "10.2", &c), 1);
    CHECK_STR(c.package, "cupy-cuda102");
    CHECK_INT(kb_cupy_for_cuda(kb, NULL, &c), 1);
    CHECK_STR(c.package, "cupy-cuda12x");
    CHECK(c.last == NULL);
    CHECK_INT(kb_cupy_for_cuda(kb, "9.0", &c), 0);
    CHECK_INT(kb_cupy_for_cuda(kb, "x", &c), -1);
    CHECK_INT(kb_cudnn_supports_cuda(kb, "9.5.1", "11.2", &src), 1);
    CHECK_INT(kb_paddle(kb, "2.5.2.post117", NULL, &p), 1);
    CHECK_STR(p.cuda, "11.7");
    /* The plain PyPI 2.5.2 wheel is the CUDA 11.8 build (issue #18: the row
     * said 10.2, which is the .post102 build). */
    CHECK_INT(kb_paddle(kb, "2.5.2", NULL, &p), 1);
    CHECK_STR(p.cuda, "11.8");
    CHECK_INT(kb_paddle(kb, "2.5.2.post102", NULL, &p), 1);
    CHECK_STR(p.cuda, "10.2");
    CHECK_INT(kb_paddle(kb, "2.6.2", NULL, &p), 1);
    CHECK_STR(p.cudnn, "8.6.0");
    CHECK_INT(kb_tf_metal(kb, "1.1.0", &tf, &src), 1);
    CHECK_STR(tf, "2.14");
    CHECK_INT(kb_cudnn_supports_cuda(kb, "91002", "12.8", &src), 1);
    CHECK_INT(kb_cudnn_supports_cuda(kb, "9.10.2.21", "13.0", &src), 0);
}

/* data/jetpack.kb: an L4T release's JetPack and CUDA; unknown stays unknown. */
static void test_jetpack(void)
{
    struct kb_jetpack j;
    const char *gpu = NULL, *cc = NULL, *src = NULL;
    size_t it = 0, n = 0;

    CHECK_INT(kb_jetpack(kb, "35.4.1", &j), 1);
    CHECK_STR(j.jetpack, "5.1.2");
    CHECK_STR(j.cuda, "11.4");
    CHECK_STR(j.cudnn, "8.6.0");
    CHECK_INT(j.unverified, 0);
    CHECK(j.wheels == NULL);
    CHECK_INT(kb_jetpack(kb, "35.1", &j), 1);        /* "Jetson Linux 35.1" is 35.1.0 */
    CHECK_STR(j.jetpack, "5.0.2");
    CHECK_INT(kb_jetpack(kb, "36.4.3", &j), 1);
    CHECK_STR(j.jetpack, "6.2");
    CHECK_STR(j.cuda, "12.6");
    CHECK_INT(j.unverified, 1);
    CHECK(j.wheels != NULL && strstr(j.wheels, "jp6/cu126") != NULL);
    CHECK_INT(kb_jetpack(kb, "36.3", &j), 1);        /* a row whose CUDA no source names */
    CHECK(j.cuda == NULL);
    CHECK_INT(kb_jetpack(kb, "35.4.2", &j), 0);      /* no nearest-row guess */
    CHECK_INT(kb_jetpack(kb, "99.1.0", &j), 0);
    CHECK_INT(kb_jetpack(kb, "R35", &j), -1);
    CHECK_INT(kb_jetpack(kb, NULL, &j), -1);
    while (kb_jetpack_for_cuda(kb, "11.4", &it, &j) == 1) {
        CHECK(!strncmp(j.l4t, "35.", 3) || !strncmp(j.l4t, "34.", 3));
        CHECK(!strncmp(j.jetpack, "5.", 2));
        n++;
    }
    CHECK(n >= 5);
    it = 0;
    CHECK_INT(kb_jetpack_for_cuda(kb, "12", &it, &j), 1);
    CHECK_STR(j.jetpack, "6.1");
    it = 0;
    CHECK_INT(kb_jetpack_for_cuda(kb, "9", &it, &j), 0);
    CHECK_INT(kb_jetpack_for_cuda(kb, "", &it, &j), -1);
    CHECK_INT(kb_tegra_soc(kb, "tegra234", &gpu, &cc, &src), 1);
    CHECK_STR(cc, "8.7");
    CHECK_STR(gpu, "Jetson Orin");
    CHECK_INT(kb_tegra_soc(kb, "tegra210", &gpu, &cc, &src), 1);
    CHECK_STR(cc, "5.3");
    CHECK_INT(kb_tegra_soc(kb, "tegra999", &gpu, &cc, &src), 0);
    CHECK_INT(kb_tegra_soc(kb, "", &gpu, &cc, &src), -1);
}

int main(void)
{
    kb = kb_new_builtin();
    RUN(test_revision);
    RUN(test_driver_cuda_max);
    RUN(test_cuda_min_driver);
    RUN(test_mvc);
    RUN(test_gpus);
    RUN(test_gpu_by_pci_is_the_index);
    RUN(test_chip_cc);
    RUN(test_arch_list);
    RUN(test_pci_ids_runtime);
    RUN(test_tensorflow);
    RUN(test_torch);
    RUN(test_cuda_sm);
    RUN(test_others);
    RUN(test_jetpack);
    kb_free(kb);
    return harness_done();
}
