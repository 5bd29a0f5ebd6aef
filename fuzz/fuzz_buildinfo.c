/*
 * fuzz_buildinfo.c - libFuzzer target for the generated-Python readers
 * (scan/buildinfo.h: TensorFlow build_info.py, torch/version.py, the literal
 * scanner under them) and the pyvenv.cfg reader (scan/pyvenvcfg.h).
 */
#include <stddef.h>
#include <stdint.h>

#include "kb/ver_pep440.h"
#include "scan/buildinfo.h"
#include "scan/pyvenvcfg.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct tf_build_info bi;
    struct torch_version_info tv;
    struct pyvenv_cfg cfg;
    struct gd_err err;

    arena_init(&a);
    (void)tf_build_info_parse(&bi, &a, (const char *)data, size, &err);
    if (torch_version_parse(&tv, &a, (const char *)data, size, &err) == 0)
        (void)ver_pep440_local(tv.version);
    pyvenv_cfg_parse(&cfg, &a, (const char *)data, size);
    arena_release(&a);
    return 0;
}
