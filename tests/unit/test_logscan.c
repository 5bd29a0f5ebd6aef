/*
 * Unit tests for scan/logscan: a log's facts as a partial struct facts, and
 * diagnose/lookup's replay of the loader answers a log records.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "diagnose/lookup.h"
#include "kb/kb.h"
#include "scan/logread.h"
#include "scan/logscan.h"

static struct kb *kb;

struct scanned {
    struct logread lr;
    struct facts f;
};

static void scan_log(struct scanned *s, const struct kb *k, const char *log)
{
    logread_init(&s->lr);
    logread_feed(&s->lr, log, strlen(log));
    logread_finish(&s->lr);
    logread_name_errors(&s->lr, k);
    facts_init(&s->f);
    logscan_facts(&s->lr.facts, k, NULL, &s->f);
}

static void scanned_release(struct scanned *s)
{
    facts_release(&s->f);
    logread_release(&s->lr);
}

static const struct framework_build *fw_named(const struct facts *f, const char *name)
{
    size_t i;
    for (i = 0; f->n_pyenvs && i < f->pyenvs[0].n_frameworks; i++)
        if (!strcmp(f->pyenvs[0].frameworks[i].name, name))
            return &f->pyenvs[0].frameworks[i];
    return NULL;
}

/* nvidia-smi's header and GPU row: the driver, its ceiling, the GPU and (kb) its compute capability. */
static void test_smi_driver_and_gpu(void)
{
    struct scanned s;
    scan_log(&s, kb,
             "+-----------------------------------------------------------------------------+\n"
             "| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4     |\n"
             "|-------------------------------+----------------------+----------------------+\n"
             "|   0  NVIDIA GeForce RTX 3090  Off  | 00000000:01:00.0 Off |                  N/A |\n");
    CHECK_STR(s.f.partial, "log");
    CHECK_STR(s.f.driver.kmod_version, "470.82.01");
    CHECK_STR(s.f.driver.kmod_source, "log:2");
    CHECK_STR(s.f.driver.cuda_max, "11.4");
    CHECK_INT(s.f.n_gpus, 1);
    CHECK_STR(s.f.gpus[0].name, "NVIDIA GeForce RTX 3090");
    CHECK_STR(s.f.gpus[0].compute_capability, "8.6");   /* kb's gpu_name row */
    CHECK_INT(s.f.pci_readable, 0);                      /* the bus is not seen: no "no GPU" */
    CHECK_INT(facts_log_line(s.f.driver.kmod_source), 2);
    CHECK_INT(facts_log_line("/proc/driver/nvidia/version"), 0);
    scanned_release(&s);
}

/* nvidia-smi failed: the kernel module is not loaded (a source without a version). */
static void test_kmod_absent(void)
{
    struct scanned s;
    scan_log(&s, kb, "$ nvidia-smi\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
             "Make sure that the latest NVIDIA driver is installed and running.\n");
    CHECK(s.f.driver.kmod_version == NULL);
    CHECK_STR(s.f.driver.kmod_source, "log:2");
    scanned_release(&s);
}

/* The loader's answers by name; who asked decides whose build misses what. */
static void test_answers_and_builds(void)
{
    struct scanned s;
    struct lookup lk;
    struct lookup_answer a;
    const struct framework_build *tf, *torch;
    scan_log(&s, kb,
             "2021-01-01 00:00:00.1: I tensorflow/stream_executor/platform/default/dso_loader.cc:49] Successfully "
             "opened dynamic library libcudart.so.11.0\n"
             "2021-01-01 00:00:00.2: W tensorflow/stream_executor/platform/default/dso_loader.cc:60] Could not load "
             "dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object file: No such file "
             "or directory\n"
             "tensorflow                   2.4.1\n"
             "torch                        2.1.0+cpu\n");
    tf = fw_named(&s.f, "tensorflow");
    torch = fw_named(&s.f, "torch");
    CHECK(tf != NULL);
    CHECK(torch != NULL);
    if (tf && torch) {
        CHECK_STR(tf->version, "2.4.1");
        CHECK_INT(tf->n_unresolved, 1);
        CHECK_STR(tf->unresolved[0].what, "libcudnn.so.8");
        CHECK_STR(tf->unresolved[0].path, "log:2");
        CHECK_STR(torch->version, "2.1.0+cpu");
        CHECK_STR(torch->local, "cpu");
        CHECK_INT(torch->n_unresolved, 0);   /* TensorFlow asked for it */
    }
    /* replayed whoever asks, from whatever object, with whatever LD_LIBRARY_PATH */
    lookup_init(&lk, NULL, &s.f);
    CHECK_INT(lookup_library(&lk, "libcudnn.so.8", "/x/_pywrap_tensorflow_internal.so", "/opt/lib", &a), 0);
    CHECK_INT(lookup_library(&lk, "libcudart.so.11.0", NULL, NULL, &a), 1);
    CHECK_STR(a.path, "libcudart.so.11.0");
    CHECK_INT(lookup_library(&lk, "libcublas.so.11", NULL, NULL, &a), -1);   /* not in the log: unknown */
    scanned_release(&s);
}

/* Platform markers: a native Windows CPython, WSL2's paths; the environment the log shows. */
static void test_platform_and_env(void)
{
    struct scanned s;
    struct lookup lk;
    struct lookup_answer a;
    struct win_dll_search w;
    scan_log(&s, kb, "Python 3.11.4 (tags/v3.11.4:d2340ef, Jun  7 2023) [MSC v.1934 64 bit (AMD64)] on win32\n"
             "W dso_loader.cc:64] Could not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not "
             "found\n");
    CHECK_STR(s.f.system.os, "windows");
    CHECK_INT(s.f.system.wsl, 0);
    CHECK_STR(s.f.pyenvs[0].python_version, "3.11.4");
    memset(&w, 0, sizeof(w));
    w.mode = WIN_DLL_STANDARD;
    lookup_init(&lk, NULL, &s.f);
    CHECK_INT(lookup_windows(&lk, &w, "CUDART64_110.DLL", &a), 0);   /* LoadLibrary's names have no case */
    scanned_release(&s);

    scan_log(&s, kb, "$ export CUDA_VISIBLE_DEVICES=\"\"\n$ ls /usr/lib/wsl/lib\nlibcuda.so.1  libd3d12.so\n");
    CHECK_STR(s.f.system.os, "linux");
    CHECK_INT(s.f.system.wsl, 2);
    CHECK_STR(facts_env(&s.f, "CUDA_VISIBLE_DEVICES"), "");
    scanned_release(&s);
}

/* Messages that are facts: a CPU build, JAX's skewed plugin, the stub libcuda, cuDNN's integer version. */
static void test_messages_as_facts(void)
{
    struct scanned s;
    const struct framework_build *jax;
    scan_log(&s, kb, "AssertionError: Torch not compiled with CUDA enabled\n");
    CHECK(fw_named(&s.f, "torch") && !strcmp(fw_named(&s.f, "torch")->variant, "cpu"));
    CHECK(fw_named(&s.f, "torch") && fw_named(&s.f, "torch")->version == NULL);   /* unknown stays unknown */
    scanned_release(&s);

    scan_log(&s, kb, "JAX plugin jax_cuda12_plugin version 0.4.33 is installed, but it is not compatible with the "
             "installed jaxlib version 0.4.30, so it will not be used.\njaxlib: 0.4.30\n");
    jax = fw_named(&s.f, "jax");
    CHECK(jax != NULL);
    if (jax) {
        CHECK_INT(jax->version_skew, 1);
        CHECK_INT(jax->n_components, 1);
    }
    scanned_release(&s);

    scan_log(&s, kb, "Could not load library /usr/local/cuda/lib64/stubs/libcuda.so\ncuDNN version: 8907\n");
    CHECK_STR(s.f.driver.libcuda_resolved, "/usr/local/cuda/lib64/stubs/libcuda.so");
    CHECK_INT(s.f.n_cudnn, 1);
    if (s.f.n_cudnn)
        CHECK_STR(s.f.cudnn[0].version, "8.9.7");
    scanned_release(&s);
}

static void test_extractor_table(void)
{
    size_t i;
    for (i = 0; logscan_extractor_at(i); i++)
        CHECK(strlen(logscan_extractor_at(i)) > 10);
    CHECK(i >= 10);
}

int main(void)
{
    kb = kb_new_builtin();
    RUN(test_smi_driver_and_gpu);
    RUN(test_kmod_absent);
    RUN(test_answers_and_builds);
    RUN(test_platform_and_env);
    RUN(test_messages_as_facts);
    RUN(test_extractor_table);
    kb_free(kb);
    return harness_done();
}
