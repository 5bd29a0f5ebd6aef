/* Unit tests for facts/facts_read.c: the --facts document read back. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "facts/facts_json.h"
#include "facts/facts_read.h"
#include "util/alloc.h"
#include "util/strbuf.h"

static const char doc[] =
    "{\"schema\": \"gpudoctor-facts/1\", \"gpudoctor_version\": \"t\","
    " \"host\": {\"hostname\": \"node1\", \"machine_id\": null},"
    " \"system\": {\"os\": \"linux\", \"distro\": {\"id\": \"debian\", \"name\": \"Debian 12\", \"version\": \"12\","
    "   \"source\": \"/etc/os-release\"}, \"arch\": \"x86_64\", \"kernel\": \"6.1.0\", \"libc\": \"glibc\","
    "   \"libc_version\": \"2.36\", \"wsl\": 2, \"wsl_evidence\": \"/proc/version\", \"container\": null},"
    " \"driver\": {\"version\": \"535.104.05\", \"kernel_module_version\": \"535.104.05\","
    "   \"kernel_module_source\": \"/proc/driver/nvidia/version\", \"cuda_max\": \"12.2\","
    "   \"libraries\": [{\"name\": \"libcuda\", \"version\": \"535.104.05\", \"path\": \"/usr/lib/libcuda.so.535.104.05\"}],"
    "   \"nouveau_loaded\": false, \"device_nodes\": [{\"path\": \"/dev/nvidia0\", \"exists\": true, \"readable\": true,"
    "   \"writable\": false}], \"stubs_on_loader_path\": []},"
    " \"pci_readable\": true,"
    " \"gpus\": [{\"name\": \"NVIDIA H100\", \"pci_id\": \"10de:2330\", \"subsystem_id\": \"10de:16c1\","
    "   \"pci_class\": 197120, \"compute_capability\": \"9.0\", \"compute_capability_source\": \"kb\"}],"
    " \"cuda_toolkits\": [{\"version\": \"12.2.140\", \"path\": \"/usr/local/cuda-12.2\", \"provenance\": \"usr_local\","
    "   \"libdir\": \"/usr/local/cuda-12.2/lib64\", \"aliases\": [\"/usr/local/cuda\"], \"evidence\": []}],"
    " \"cudnn\": [], \"loader\": {\"ld_library_path\": [\"/opt/x\"], \"path\": [], \"ld_so_conf_dirs\": []},"
    " \"environment\": {\"LD_LIBRARY_PATH\": \"/opt/x\"},"
    " \"python_envs\": [{\"prefix\": \"/venv\", \"kind\": \"venv\", \"active\": true, \"site_packages\": \"/venv/lib/site\","
    "   \"site_dirs\": [\"/venv/lib/site\"], \"venv\": {\"home\": \"/usr/bin\", \"include_system_site_packages\": null},"
    "   \"frameworks\": [{\"name\": \"torch\", \"dist\": \"torch\", \"version\": \"2.3.0+cu121\", \"local\": \"cu121\","
    "     \"build\": {\"cuda\": \"12.1\", \"compute_capabilities\": [\"sm_80\", \"sm_90\"], \"debug\": false},"
    "     \"location\": \"/venv/lib/site/torch\", \"components\": [], \"version_skew\": false,"
    "     \"modules\": [{\"path\": \"/venv/lib/site/torch/lib/libtorch_cuda.so\", \"format\": \"elf\", \"readable\": true,"
    "       \"needed\": [\"libcudart.so.12\"]}]}],"
    "   \"nvidia_wheel_dirs\": [\"/venv/lib/site/nvidia/cudnn\"],"
    "   \"distributions\": [{\"name\": \"torch\", \"version\": \"2.3.0+cu121\", \"site_dir\": \"/venv/lib/site\","
    "     \"duplicate\": true}, {\"name\": \"torch\", \"version\": \"2.2.0\", \"site_dir\": \"/venv/lib/site\","
    "     \"duplicate\": true}]}],"
    " \"modules\": {\"modulepath\": null, \"files\": []}, \"warnings\": [],"
    " \"library_dirs\": [{\"dir\": \"/usr/local/cuda-12.2/lib64\", \"real\": \"/usr/local/cuda-12.2/lib64\","
    "   \"names\": [\"libcudart.so.12\"]}],"
    " \"loader_answers\": [{\"query\": \"ld\\tlibcudart.so.12\\t-\\t-\", \"path\": \"/usr/lib/libcudart.so.12\","
    "   \"step\": \"cache\", \"stale\": null}]}";

static int read_doc(const char *s, struct facts *f, struct gd_err *err)
{
    facts_init(f);
    err_init(err);
    return facts_json_read(s, strlen(s), f, err);
}

static void write_doc(const struct facts *f, struct strbuf *out)
{
    struct jw jw;
    jw_init(&jw, out, 0);
    facts_json_write(&jw, f, "t");
}

static void test_values(void)
{
    struct facts f;
    struct gd_err err;
    CHECK_INT(read_doc(doc, &f, &err), 0);
    CHECK_STR(f.system.os, "linux");
    CHECK_INT(f.system.wsl, 2);
    CHECK_STR(facts_driver_version(&f), "535.104.05");
    CHECK_INT(f.driver.n_nodes, 1);
    CHECK_INT(f.driver.nodes[0].writable, 0);
    CHECK_INT(f.n_gpus, 1);
    CHECK_INT(f.gpus[0].vendor, 0x10de);
    CHECK_INT(f.gpus[0].device, 0x2330);
    CHECK_INT(f.gpus[0].subsys_device, 0x16c1);
    CHECK_STR(f.cuda[0].aliases[0], "/usr/local/cuda");
    CHECK_STR(facts_env(&f, "LD_LIBRARY_PATH"), "/opt/x");
    CHECK_INT(f.n_pyenvs, 1);
    CHECK_INT(f.pyenvs[0].include_system_site, -1);
    CHECK_STR(f.pyenvs[0].frameworks[0].compute_capabilities, "sm_80,sm_90");
    CHECK_INT(f.pyenvs[0].frameworks[0].debug, 0);
    CHECK_INT(f.pyenvs[0].frameworks[0].modules[0].readable, 1);
    CHECK_STR(f.pyenvs[0].frameworks[0].modules[0].needed[0], "libcudart.so.12");
    CHECK_INT(f.pyenvs[0].n_dists, 2);
    CHECK_INT(f.pyenvs[0].n_duplicates, 1);
    CHECK(facts_libdir(&f, "/usr/local/cuda-12.2/lib64", 0) != NULL);
    CHECK(facts_libdir(&f, "/USR/local/cuda-12.2/lib64", 0) == NULL);
    CHECK(facts_libdir(&f, "/USR/local/cuda-12.2/lib64", 1) != NULL);
    CHECK_INT(f.n_answers, 1);
    CHECK_STR(f.answers[0].step, "cache");
    facts_release(&f);
}

/* Written, read and written again: the same document (a fixed point). */
static void test_round_trip(void)
{
    struct facts a, b;
    struct gd_err err;
    struct strbuf s1 = STRBUF_INIT, s2 = STRBUF_INIT;
    CHECK_INT(read_doc(doc, &a, &err), 0);
    write_doc(&a, &s1);
    CHECK_INT(read_doc(s1.buf, &b, &err), 0);
    write_doc(&b, &s2);
    CHECK_STR(s1.buf, s2.buf);
    CHECK(strstr(s1.buf, "\"subsystem_id\":\"10de:16c1\"") != NULL);
    facts_release(&a);
    facts_release(&b);
    strbuf_release(&s1);
    strbuf_release(&s2);
}

static void test_refused(void)
{
    struct facts f;
    struct gd_err err;
    struct strbuf big = STRBUF_INIT;
    size_t i;

    CHECK_INT(read_doc("not json", &f, &err), -1);
    CHECK(strstr(err.msg, "not JSON") != NULL);
    facts_release(&f);
    CHECK_INT(read_doc("[]", &f, &err), -1);
    facts_release(&f);
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor/1\"}", &f, &err), -1);
    CHECK(strstr(err.msg, "schema") != NULL);
    facts_release(&f);
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor-facts/1\", \"gpus\": 3}", &f, &err), -1);
    CHECK(strstr(err.msg, "'gpus' is not an array") != NULL);
    facts_release(&f);
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor-facts/1\", \"gpus\": [{\"pci_id\": \"10de\"}]}", &f, &err), -1);
    facts_release(&f);
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor-facts/1\", \"python_envs\": [{\"prefix\": \"/p\"}]}", &f, &err), -1);
    facts_release(&f);
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor-facts/1\", \"schema\": \"gpudoctor-facts/1\"}", &f, &err), -1);
    facts_release(&f);
    /* A value of the wrong type or out of its field's range is refused, not
     * read as unknown. */
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor-facts/1\", \"system\": {\"page_size_kib\": \"4\"}}", &f, &err), -1);
    CHECK(strstr(err.msg, "'page_size_kib' is not an integer") != NULL);
    facts_release(&f);
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor-facts/1\", \"gpus\": [{\"pci_class\": -1}]}", &f, &err), -1);
    CHECK(strstr(err.msg, "'pci_class' is not an integer in range") != NULL);
    facts_release(&f);
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor-facts/1\", \"system\": {\"wsl\": true}}", &f, &err), -1);
    facts_release(&f);
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor-facts/1\", \"driver\": {\"nouveau_loaded\": 2}}", &f, &err), -1);
    CHECK(strstr(err.msg, "'nouveau_loaded' is not a boolean") != NULL);
    facts_release(&f);
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor-facts/1\", \"macos\": {\"rosetta\": \"yes\"}}", &f, &err), -1);
    facts_release(&f);
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor-facts/1\", \"loader_answers\": [{\"query\": \"ld\\tx\", \"path\": \"/x\"}]}",
                       &f, &err), -1);
    CHECK(strstr(err.msg, "'loader_answers' is not an answer with a query") != NULL);
    facts_release(&f);
    /* A boolean may be written 0 or 1; a missing tri-state is unknown. */
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor-facts/1\", \"driver\": {\"nouveau_loaded\": 1}, \"macos\": {}}", &f, &err), 0);
    CHECK_INT(f.driver.nouveau_loaded, 1);
    CHECK_INT(f.macos.rosetta, -1);
    facts_release(&f);
    /* A list longer than FACTS_LIST_MAX is an error, not a silent cut. */
    strbuf_addstr(&big, "{\"schema\": \"gpudoctor-facts/1\", \"warnings\": [");
    for (i = 0; i <= FACTS_LIST_MAX; i++)
        strbuf_addstr(&big, i ? ",{}" : "{}");
    strbuf_addstr(&big, "]}");
    CHECK_INT(read_doc(big.buf, &f, &err), -1);
    CHECK_INT(err.code, GD_ERR_LIMIT);
    facts_release(&f);
    strbuf_release(&big);
    /* An empty document of the right schema: nothing known. */
    CHECK_INT(read_doc("{\"schema\": \"gpudoctor-facts/1\"}", &f, &err), 0);
    CHECK(f.system.os == NULL && f.n_gpus == 0 && f.n_pyenvs == 0);
    facts_release(&f);
}

int main(void)
{
    RUN(test_values);
    RUN(test_round_trip);
    RUN(test_refused);
    return harness_done();
}
