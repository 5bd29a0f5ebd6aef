/* test_dpkg.c - dpkg's status file (stanzas, states, continuation lines,
 * CRLF, missing fields, the relevance filter) and its file lists. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "scan/dpkg.h"

static const char status[] =
    "Package: libc6\n"
    "Status: install ok installed\n"
    "Version: 2.41-12\n"
    "Description: GNU C Library\n"
    " Package: not-a-package\n"
    "\n"
    "Package: nvidia-cudnn\n"
    "Status: install ok half-configured\n"
    "Priority: optional\n"
    "Architecture: amd64\n"
    "Version: 9.0.0.312~cuda12\n"
    "Conffiles:\n"
    " /etc/x 0123\n"
    "\n\n"
    "Package: python3-torch-cuda\r\n"
    "Status: install ok installed\r\n"
    "Architecture: amd64\r\n"
    "Source: pytorch-cuda (2.6.0+dfsg-7)\r\n"
    "Version: 2.6.0+dfsg-7+b1\r\n"
    "\r\n"
    "Status: install ok installed\n"
    "Version: 1\n"
    "\n"
    "Package: libcuda1\n"
    "Status: deinstall ok config-files\n"
    "a line without a colon\n"
    "Version: 535.261.03-1";

static void test_status(void)
{
    struct arena a;
    struct dpkg_pkg *p = NULL;
    size_t n = 0, alloc = 0;
    struct gd_err err;

    arena_init(&a);
    err_init(&err);
    CHECK_INT(dpkg_status_parse((const uint8_t *)status, strlen(status), NULL, NULL, &a, &p, &n, &alloc, &err), 4);
    CHECK_INT(n, 4);
    if (n == 4) {
        CHECK_STR(p[0].name, "libc6");
        CHECK_STR(p[0].state, "installed");
        CHECK(p[0].arch == NULL);
        CHECK_STR(p[1].name, "nvidia-cudnn");
        CHECK_STR(p[1].version, "9.0.0.312~cuda12");
        CHECK_STR(p[1].want, "install");
        CHECK_STR(p[1].flag, "ok");
        CHECK_STR(p[1].state, "half-configured");
        CHECK_STR(p[1].arch, "amd64");
        CHECK_STR(p[2].name, "python3-torch-cuda");
        CHECK_STR(p[2].version, "2.6.0+dfsg-7+b1");
        CHECK_STR(p[2].source, "pytorch-cuda (2.6.0+dfsg-7)");
        CHECK_STR(p[3].name, "libcuda1");
        CHECK_STR(p[3].want, "deinstall");
        CHECK_STR(p[3].state, "config-files");
        CHECK_STR(p[3].version, "535.261.03-1");
    }
    free(p);
    p = NULL;
    n = alloc = 0;
    /* The filter keeps only GPU-related packages. */
    CHECK_INT(dpkg_status_parse((const uint8_t *)status, strlen(status), dpkg_relevant, NULL, &a, &p, &n, &alloc, &err), 4);
    CHECK_INT(n, 3);
    if (n == 3)
        CHECK_STR(p[0].name, "nvidia-cudnn");
    free(p);
    arena_release(&a);
}

static void test_status_edges(void)
{
    struct arena a;
    struct dpkg_pkg *p = NULL;
    size_t n = 0, alloc = 0;
    struct gd_err err;
    static const char bad[] = "Package: a\0b\n";
    static const char twowords[] = "Package: nvidia-smi\nStatus: install ok\n";

    arena_init(&a);
    err_init(&err);
    CHECK_INT(dpkg_status_parse((const uint8_t *)"", 0, NULL, NULL, &a, &p, &n, &alloc, &err), 0);
    CHECK_INT(dpkg_status_parse((const uint8_t *)bad, sizeof(bad) - 1, NULL, NULL, &a, &p, &n, &alloc, &err), -1);
    CHECK(strstr(err.msg, "NUL") != NULL);
    CHECK_INT(dpkg_status_parse((const uint8_t *)twowords, strlen(twowords), NULL, NULL, &a, &p, &n, &alloc, &err), 1);
    CHECK_INT(n, 1);
    if (n == 1) {
        CHECK(p[0].state == NULL);   /* a malformed Status: unknown, not guessed */
        CHECK(p[0].version == NULL);
    }
    free(p);
    arena_release(&a);
}

static void test_relevant_and_list(void)
{
    static const char list[] = "/.\n/usr\n/usr/lib/python3/dist-packages/torch\n"
                               "/usr/lib/python3/dist-packages/torch/version.py\n";
    CHECK(dpkg_relevant("libcuda1", 8, NULL));
    CHECK(dpkg_relevant("nvidia-cudnn", 12, NULL));
    CHECK(dpkg_relevant("python3-torch", 13, NULL));
    CHECK(dpkg_relevant("libcublaslt12", 13, NULL));
    CHECK(!dpkg_relevant("libc6", 5, NULL));
    CHECK(!dpkg_relevant("python3-numpy", 13, NULL));
    CHECK(dpkg_list_has((const uint8_t *)list, strlen(list), "/usr/lib/python3/dist-packages/torch"));
    CHECK(!dpkg_list_has((const uint8_t *)list, strlen(list), "/usr/lib/python3/dist-packages/tor"));
    CHECK(!dpkg_list_has((const uint8_t *)list, strlen(list), "/usr/lib/python3/dist-packages/torch/"));
    CHECK(!dpkg_list_has((const uint8_t *)list, 0, "/usr"));
}

int main(void)
{
    RUN(test_status);
    RUN(test_status_edges);
    RUN(test_relevant_and_list);
    return harness_done();
}
