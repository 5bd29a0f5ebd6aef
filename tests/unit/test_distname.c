#include <string.h>

#include "harness.h"
#include "scan/distname.h"
#include "util/banned.h"

static const char *norm(struct strbuf *sb, const char *s)
{
    distname_normalize(sb, s, strlen(s));
    return sb->buf;
}

static void test_pep503(void)
{
    struct strbuf sb = STRBUF_INIT;
    /* The examples of PEP 503 "Normalized Names" all map to one name. */
    CHECK_STR(norm(&sb, "friendly-bard"), "friendly-bard");
    CHECK_STR(norm(&sb, "Friendly-Bard"), "friendly-bard");
    CHECK_STR(norm(&sb, "FRIENDLY-BARD"), "friendly-bard");
    CHECK_STR(norm(&sb, "friendly.bard"), "friendly-bard");
    CHECK_STR(norm(&sb, "friendly_bard"), "friendly-bard");
    CHECK_STR(norm(&sb, "friendly--bard"), "friendly-bard");
    CHECK_STR(norm(&sb, "FrIeNdLy-._.-bArD"), "friendly-bard");
    CHECK_STR(norm(&sb, "nvidia_cudnn_cu12"), "nvidia-cudnn-cu12");
    CHECK_STR(norm(&sb, ""), "");
    CHECK(distname_equal("Jax_CUDA12.Plugin", "jax-cuda12-plugin"));
    CHECK(distname_equal("a", "A"));
    CHECK(!distname_equal("torch", "torchvision"));
    CHECK(!distname_equal("torch", "torc"));
    strbuf_release(&sb);
}

static void test_split_dir(void)
{
    struct strbuf n = STRBUF_INIT, v = STRBUF_INIT;
    CHECK_INT(distname_split_dir("torch-2.1.0+cu121.dist-info", &n, &v), DISTNAME_DIST_INFO);
    CHECK_STR(n.buf, "torch");
    CHECK_STR(v.buf, "2.1.0+cu121");
    CHECK_INT(distname_split_dir("nvidia_cudnn_cu12-9.1.0.70.dist-info", &n, &v), DISTNAME_DIST_INFO);
    CHECK_STR(n.buf, "nvidia-cudnn-cu12");
    CHECK_STR(v.buf, "9.1.0.70");
    CHECK_INT(distname_split_dir("PyYAML-6.0.1-py3.11-linux-x86_64.egg-info", &n, &v), DISTNAME_EGG_INFO);
    CHECK_STR(n.buf, "pyyaml");
    CHECK_STR(v.buf, "6.0.1");
    CHECK_INT(distname_split_dir("mypkg.egg-info", &n, &v), DISTNAME_EGG_INFO);
    CHECK_STR(n.buf, "mypkg");
    CHECK_STR(v.buf, "");
    CHECK_INT(distname_split_dir("torch", &n, &v), DISTNAME_NONE);
    CHECK_INT(distname_split_dir(".dist-info", &n, &v), DISTNAME_NONE);
    CHECK_INT(distname_split_dir("-1.0.dist-info", &n, &v), DISTNAME_NONE);
    CHECK_INT(distname_split_dir("__pycache__", &n, &v), DISTNAME_NONE);
    strbuf_release(&n);
    strbuf_release(&v);
}

static void test_split_conda(void)
{
    struct strbuf n = STRBUF_INIT, v = STRBUF_INIT, b = STRBUF_INIT;
    CHECK(distname_split_conda("requests-2.28.2-pyhd8ed1ab_0.json", &n, &v, &b));
    CHECK_STR(n.buf, "requests");
    CHECK_STR(v.buf, "2.28.2");
    CHECK_STR(b.buf, "pyhd8ed1ab_0");
    CHECK(distname_split_conda("pytorch-cuda-12.1-ha16c6d3_5.json", &n, &v, &b));
    CHECK_STR(n.buf, "pytorch-cuda");
    CHECK_STR(v.buf, "12.1");
    CHECK_STR(b.buf, "ha16c6d3_5");
    CHECK(distname_split_conda("_libgcc_mutex-0.1-main.json", &n, &v, &b));
    CHECK_STR(n.buf, "_libgcc_mutex");
    CHECK(!distname_split_conda("history", &n, &v, &b));
    CHECK(!distname_split_conda("a-b.json", &n, &v, &b));
    CHECK(!distname_split_conda("-1-2.json", &n, &v, &b));
    CHECK(!distname_split_conda("a--2.json", &n, &v, &b));
    CHECK(!distname_split_conda("a-1-.json", &n, &v, &b));
    CHECK(!distname_split_conda(".json", &n, &v, &b));
    strbuf_release(&n);
    strbuf_release(&v);
    strbuf_release(&b);
}

int main(void)
{
    RUN(test_pep503);
    RUN(test_split_dir);
    RUN(test_split_conda);
    return harness_done();
}
