/* fuzz_nodeparse.c - the node observers' text formats (scan/nodeparse.c):
 * passwd, group, /proc/self/cgroup, /proc/devices, the driver's params,
 * modprobe.d and the kernel command line, a CDI spec, a PCI uevent, over
 * arbitrary bytes;
 * and a cgroup v1 device list made of the input's lines. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "facts/node_facts.h"
#include "scan/nodeparse.h"
#include "util/alloc.h"
#include "util/text.h"

static void count(const char *name, size_t n, long gid, void *arg)
{
    (void)name;
    (void)gid;
    *(size_t *)arg += n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *b = (const char *)data, *v1, *v2, *line;
    struct arena a;
    long uid = -1, gid = -1;
    size_t total = 0, pos = 0, n;
    struct node_cgroup cg;
    struct nodeparse_pci_uevent ue;

    arena_init(&a);
    (void)nodeparse_passwd(b, size, "alice", &uid, &gid);
    (void)nodeparse_groups(b, size, "alice", gid, count, &total);
    (void)nodeparse_group_name(b, size, 44, &a);
    nodeparse_cgroup(b, size, &a, &v1, &v2);
    (void)nodeparse_char_major(b, size, "nvidia-uvm");
    (void)nodeparse_param(b, size, "DeviceFileMode");
    (void)nodeparse_conf_blacklists_nouveau(b, size);
    (void)nodeparse_cmdline_blacklists_nouveau(b, size);
    (void)nodeparse_cdi_driver(b, size, &a);
    (void)nodeparse_pci_uevent(b, size, &a, &ue);
    memset(&cg, 0, sizeof(cg));
    cg.list_source = "fuzz";
    while (next_line(b, size, &pos, &line, &n) && cg.n_allow < 64) {
        ALLOC_GROW(cg.allow, cg.n_allow + 1, cg.alloc_allow);
        cg.allow[cg.n_allow++] = arena_strndup(&a, line, n);
    }
    (void)node_cgroup_allows(&cg, 'c', 195, 0, "rw");
    if (n)
        (void)nodeparse_kernel_cmp(cg.n_allow ? cg.allow[0] : "", cg.n_allow > 1 ? cg.allow[1] : "6.1.0-40-amd64");
    free(cg.allow);
    arena_release(&a);
    return 0;
}
