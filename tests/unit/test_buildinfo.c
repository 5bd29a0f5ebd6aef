#include <string.h>

#include "harness.h"
#include "kb/ver_pep440.h"
#include "scan/buildinfo.h"
#include "scan/pyvenvcfg.h"
#include "util/banned.h"

static void test_tf_ordered_dict(void)
{
    /* TF 2.4+ shape (Linux, 2.15-like values). */
    const char *s =
        "# Copyright 2020 The TensorFlow Authors. All Rights Reserved.\n"
        "\"\"\"Auto-generated module providing information about the build.\"\"\"\n"
        "import collections\n\n"
        "build_info = collections.OrderedDict([('cpu_compiler', '/usr/lib/llvm-17/bin/clang'), "
        "('cuda_compute_capabilities', ['sm_50', 'sm_60', 'sm_70', 'sm_80', 'compute_90']), "
        "('cuda_version', '12.2'), ('cudnn_version', '8'), ('is_cuda_build', True), "
        "('is_rocm_build', False), ('is_tensorrt_build', True)])\n";
    struct arena a;
    struct tf_build_info bi;
    struct gd_err err;
    arena_init(&a);
    CHECK_INT(tf_build_info_parse(&bi, &a, s, strlen(s), &err), 0);
    CHECK_STR(bi.cuda_version, "12.2");
    CHECK_STR(bi.cudnn_version, "8");
    CHECK_STR(bi.compute_caps, "sm_50,sm_60,sm_70,sm_80,compute_90");
    CHECK_STR(bi.cpu_compiler, "/usr/lib/llvm-17/bin/clang");
    CHECK_INT(bi.is_cuda_build, 1);
    CHECK_INT(bi.is_rocm_build, 0);
    CHECK_INT(bi.is_tensorrt_build, 1);
    CHECK(bi.cudart_dll_name == NULL);
    arena_release(&a);
}

static void test_tf_dict_windows(void)
{
    /* TF 2.1-2.3 shape, Windows keys. */
    const char *s =
        "from __future__ import print_function\n\n"
        "build_info = {'cuda_version': '64_101', 'cudnn_version': '64_7', "
        "'cuda_compute_capabilities': ['sm_35', 'sm_37', 'compute_70'], "
        "'is_rocm_build': False, 'is_cuda_build': True, "
        "'cudart_dll_name': 'cudart64_101.dll', 'cudnn_dll_name': 'cudnn64_7.dll'}\n";
    struct arena a;
    struct tf_build_info bi;
    struct gd_err err;
    arena_init(&a);
    CHECK_INT(tf_build_info_parse(&bi, &a, s, strlen(s), &err), 0);
    CHECK_STR(bi.cuda_version, "64_101");
    CHECK_STR(bi.cudart_dll_name, "cudart64_101.dll");
    CHECK_STR(bi.compute_caps, "sm_35,sm_37,compute_70");
    CHECK_INT(bi.is_cuda_build, 1);
    CHECK_INT(bi.is_tensorrt_build, -1);
    /* A CPU build (tensorflow-cpu) and junk. */
    s = "build_info = collections.OrderedDict([('is_cuda_build', False), ('is_rocm_build', False)])";
    CHECK_INT(tf_build_info_parse(&bi, &a, s, strlen(s), &err), 0);
    CHECK_INT(bi.is_cuda_build, 0);
    CHECK(bi.cuda_version == NULL);
    s = "import os\nprint('hello')\n";
    CHECK_INT(tf_build_info_parse(&bi, &a, s, strlen(s), &err), -1);
    CHECK_INT(tf_build_info_parse(&bi, &a, "", 0, &err), -1);
    s = "build_info = {'cuda_version': ";
    CHECK_INT(tf_build_info_parse(&bi, &a, s, strlen(s), &err), -1);
    arena_release(&a);
}

static void test_torch_version(void)
{
    struct arena a;
    struct torch_version_info tv;
    struct gd_err err;
    const char *s =
        "from typing import Optional\n\n"
        "__all__ = ['__version__', 'debug', 'cuda', 'git_version', 'hip']\n"
        "__version__ = '2.1.0+cu121'\n"
        "debug = False\n"
        "cuda: Optional[str] = '12.1'\n"
        "git_version = '7bcf7da3a268b435777fe87c7794c382f444e86d'\n"
        "hip: Optional[str] = None\n";
    arena_init(&a);
    CHECK_INT(torch_version_parse(&tv, &a, s, strlen(s), &err), 0);
    CHECK_STR(tv.version, "2.1.0+cu121");
    CHECK_STR(tv.cuda, "12.1");
    CHECK(tv.hip == NULL);
    CHECK_INT(tv.debug, 0);
    CHECK_INT(tv.has_cuda_field, 1);
    CHECK_STR(tv.git_version, "7bcf7da3a268b435777fe87c7794c382f444e86d");
    CHECK_STR(ver_pep440_local(tv.version), "cu121");
    s = "__version__ = \"2.8.0a0+rocmsdk20250901\"\ndebug = True\ncuda = None\n"
        "hip = '6.4.43483-a187df25c'  # comment\n";
    CHECK_INT(torch_version_parse(&tv, &a, s, strlen(s), &err), 0);
    CHECK_STR(tv.hip, "6.4.43483-a187df25c");
    CHECK(tv.cuda == NULL);
    CHECK_INT(tv.debug, 1);
    /* The bazel template form, and a file without __version__. */
    s = "__version__ = '{{VERSION}}'\ncuda = '{{CUDA_VERSION}}'\n";
    CHECK_INT(torch_version_parse(&tv, &a, s, strlen(s), &err), 0);
    s = "cuda = '12.1'\n";
    CHECK_INT(torch_version_parse(&tv, &a, s, strlen(s), &err), -1);
    s = "__version__ == '1'\n";
    CHECK_INT(torch_version_parse(&tv, &a, s, strlen(s), &err), -1);
    arena_release(&a);
}

static void test_pylit_edges(void)
{
    struct arena a;
    struct pyassigns as = { NULL, 0, 0 };
    const struct pyassign *p;
    const char *s = "x = 'a' \"b\"\ny = r'c\\d'\nz = '''multi\nline'''\nd['k'] = 5\n"
                    "if x: w = 1\nu = [1, 2]\nv = 'unterminated\nn = -1\n"
                    "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((('q', 1)";
    arena_init(&a);
    pylit_scan(&as, &a, s, strlen(s));
    p = pyassigns_get(&as, "x");
    CHECK(p && p->type == PYVAL_STR && !strcmp(p->value, "ab"));
    p = pyassigns_get(&as, "y");
    CHECK(p && !strcmp(p->value, "c\\d"));
    p = pyassigns_get(&as, "z");
    CHECK(p && !strcmp(p->value, "multi\nline"));
    p = pyassigns_get(&as, "k");
    CHECK(p && p->type == PYVAL_NUM && !strcmp(p->value, "5"));
    p = pyassigns_get(&as, "u");
    CHECK(p && p->type == PYVAL_OTHER);
    p = pyassigns_get(&as, "v");
    CHECK(p && !strcmp(p->value, "unterminated"));
    p = pyassigns_get(&as, "q");
    CHECK(p && p->type == PYVAL_NUM);
    CHECK(pyassigns_get(&as, "w") == NULL);
    pyassigns_release(&as);
    arena_release(&a);
}

static void test_pyvenv_cfg(void)
{
    struct arena a;
    struct pyvenv_cfg c;
    const char *s = "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.11.2\n"
                    "executable = /usr/bin/python3.11\ncommand = /usr/bin/python3 -m venv /w/.venv\n";
    arena_init(&a);
    pyvenv_cfg_parse(&c, &a, s, strlen(s));
    CHECK_STR(c.home, "/usr/bin");
    CHECK_STR(c.version, "3.11.2");
    CHECK_STR(c.executable, "/usr/bin/python3.11");
    CHECK_INT(c.include_system_site, 0);
    CHECK_STR(c.creator, "venv");
    s = "home = /root/.pyenv/versions/3.11.9/bin\r\nimplementation = CPython\r\n"
        "virtualenv = 20.25.0\r\nInclude-System-Site-Packages = True\r\n"
        "version_info = 3.11.9.final.0\r\nbroken line\n";
    pyvenv_cfg_parse(&c, &a, s, strlen(s));
    CHECK_STR(c.version, "3.11.9");
    CHECK_INT(c.include_system_site, 1);
    CHECK_STR(c.creator, "virtualenv 20.25.0");
    /* Python's site.py strips values with str.strip(): \v and \f go too. */
    s = "home =\v/opt/py/bin\f\nversion = 3.12.1\t\r\n";
    pyvenv_cfg_parse(&c, &a, s, strlen(s));
    CHECK_STR(c.home, "/opt/py/bin");
    CHECK_STR(c.version, "3.12.1");
    pyvenv_cfg_parse(&c, &a, "", 0);
    CHECK(c.home == NULL && c.version == NULL && c.include_system_site == -1);
    arena_release(&a);
}

int main(void)
{
    RUN(test_tf_ordered_dict);
    RUN(test_tf_dict_windows);
    RUN(test_torch_version);
    RUN(test_pylit_edges);
    RUN(test_pyvenv_cfg);
    return harness_done();
}
