/* test_nodeparse.c - the node observers' text formats: passwd and group
 * (primary group by gid, member lists, bad lines), /proc/self/cgroup v1 and
 * v2 (a path holding ':'), /proc/devices, "Key: value" params, nouveau's
 * blacklisting in modprobe.d and on the command line, a CDI spec's driver,
 * kernel release order; and the cgroup v1 device-list question. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "facts/node_facts.h"
#include "scan/nodeparse.h"

static void collect(const char *name, size_t n, long gid, void *arg)
{
    char *out = arg;
    size_t l = strlen(out);
    (void)gid;
    if (l + n + 2 < 256) {
        memcpy(out + l, name, n);
        out[l + n] = ',';
        out[l + n + 1] = '\0';
    }
}

static void test_accounts(void)
{
    static const char passwd[] = "root:x:0:0:root:/root:/bin/bash\nbad line\nalice:x:1000:1001:A:/home/a:/bin/sh";
    static const char group[] = "root:x:0:\nvideo:x:44:bob, alice ,carol\nrender:x:105:\nalice:x:1001:\n"
                                "::7:alice\nweird:x:notanumber:alice\n";
    struct arena a;
    char out[256] = "";
    long uid = -1, gid = -1;

    arena_init(&a);
    CHECK_INT(nodeparse_passwd(passwd, sizeof(passwd) - 1, "alice", &uid, &gid), 1);
    CHECK_INT(uid, 1000);
    CHECK_INT(gid, 1001);
    CHECK_INT(nodeparse_passwd(passwd, sizeof(passwd) - 1, "alic", &uid, &gid), 0);
    CHECK_INT(nodeparse_groups(group, sizeof(group) - 1, "alice", 1001, collect, out), 2);
    CHECK_STR(out, "video,alice,");
    CHECK_STR(nodeparse_group_name(group, sizeof(group) - 1, 44, &a), "video");
    CHECK(nodeparse_group_name(group, sizeof(group) - 1, 4242, &a) == NULL);
    arena_release(&a);
}

static void test_cgroup_and_proc(void)
{
    static const char v1[] = "13:pids:/user.slice\n12:devices,freezer:/slurm/uid_1000/job_42/step_0\n0::/x\n";
    static const char v2[] = "0::/system.slice/a:b.scope\n";
    static const char devs[] = "Character devices:\n  1 mem\n195 nvidia\n508 nvidia-uvm\n\nBlock devices:\n"
                               "509 nvidia-uvm\n";
    static const char params[] = "DeviceFileUID: 0\nDeviceFileGID: 44\nDeviceFileMode: 432\nDeviceFileModeX: 1\n";
    const char *p1, *p2;
    struct arena a;

    arena_init(&a);
    nodeparse_cgroup(v1, sizeof(v1) - 1, &a, &p1, &p2);
    CHECK_STR(p1, "/slurm/uid_1000/job_42/step_0");
    CHECK_STR(p2, "/x");
    nodeparse_cgroup(v2, sizeof(v2) - 1, &a, &p1, &p2);
    CHECK(p1 == NULL);
    CHECK_STR(p2, "/system.slice/a:b.scope");
    CHECK_INT(nodeparse_char_major(devs, sizeof(devs) - 1, "nvidia-uvm"), 508);
    CHECK_INT(nodeparse_char_major(devs, sizeof(devs) - 1, "nvidia-caps"), -1);
    CHECK_INT(nodeparse_param(params, sizeof(params) - 1, "DeviceFileMode"), 432);
    CHECK_INT(nodeparse_param(params, sizeof(params) - 1, "DeviceFileGID"), 44);
    CHECK_INT(nodeparse_param(params, sizeof(params) - 1, "Nope"), -1);
    arena_release(&a);
}

static void test_blacklist(void)
{
    static const char conf[] = "# blacklist nouveau\noptions nouveau modeset=0\n  blacklist nouveau  \n";
    static const char noconf[] = "blacklist nouveaux\nblacklist radeon\n";
    static const char inst[] = "install nouveau /bin/false\n";
    CHECK_INT(nodeparse_conf_blacklists_nouveau(conf, sizeof(conf) - 1), 1);
    CHECK_INT(nodeparse_conf_blacklists_nouveau(noconf, sizeof(noconf) - 1), 0);
    CHECK_INT(nodeparse_conf_blacklists_nouveau(inst, sizeof(inst) - 1), 1);
    CHECK_INT(nodeparse_cmdline_blacklists_nouveau("ro quiet modprobe.blacklist=radeon,nouveau\n", 43), 1);
    CHECK_INT(nodeparse_cmdline_blacklists_nouveau("ro nouveau.modeset=0", 20), 1);
    CHECK_INT(nodeparse_cmdline_blacklists_nouveau("ro nouveau.modeset=1 module_blacklist=nouveaux", 46), 0);
    CHECK_INT(nodeparse_cmdline_blacklists_nouveau("ro module_blacklist=nouveau", 27), 1);
}

static void test_cdi_and_kernels(void)
{
    static const char spec[] = "- hostPath: /usr/lib/x86_64-linux-gnu/libcuda.so.1\n"
                               "- hostPath: /usr/lib/x86_64-linux-gnu/libcuda.so.550.163.01\n";
    struct arena a;
    arena_init(&a);
    CHECK_STR(nodeparse_cdi_driver(spec, sizeof(spec) - 1, &a), "550.163.01");
    CHECK(nodeparse_cdi_driver("libcuda.so.1.1", 14, &a) == NULL);
    CHECK(nodeparse_kernel_cmp("6.1.0-9-amd64", "6.1.0-10-amd64") < 0);
    CHECK(nodeparse_kernel_cmp("6.12.48+deb13-amd64", "6.1.0-40-amd64") > 0);
    CHECK(nodeparse_kernel_cmp("6.1.0-40-amd64", "6.1.0-40-amd64") == 0);
    arena_release(&a);
}

static void test_device_list(void)
{
    static const char *lines[] = { "c 1:3 rwm", "c 195:255 rw", "c 508:* rwm", "b 8:* rwm", "c 195:0 r" };
    struct node_cgroup cg;
    memset(&cg, 0, sizeof(cg));
    CHECK_INT(node_cgroup_allows(&cg, 'c', 195, 0, "rw"), -1);
    cg.list_source = "devices.list";
    cg.allow = lines;
    cg.n_allow = 5;
    CHECK_INT(node_cgroup_allows(&cg, 'c', 195, 255, "rw"), 1);
    CHECK_INT(node_cgroup_allows(&cg, 'c', 195, 0, "rw"), 0);  /* read only */
    CHECK_INT(node_cgroup_allows(&cg, 'c', 508, 1, "rw"), 1);  /* any minor */
    CHECK_INT(node_cgroup_allows(&cg, 'c', 8, 0, "rw"), 0);    /* a block rule */
    lines[0] = "a *:* rwm";
    CHECK_INT(node_cgroup_allows(&cg, 'c', 195, 0, "rw"), 1);
}

/* A PCI function's uevent, as an RTX 4090 bound to nvidia has it (the
 * kernel's pci_uevent and dev_uevent lines); the fields a malformed one
 * lacks are not taken. */
static void test_pci_uevent(void)
{
    static const char ue[] = "DRIVER=nvidia\nPCI_CLASS=30000\nPCI_ID=10DE:2684\nPCI_SUBSYS_ID=1043:88E2\n"
                             "PCI_SLOT_NAME=0000:01:00.0\n"
                             "MODALIAS=pci:v000010DEd00002684sv00001043sd000088E2bc03sc00i00\n";
    struct nodeparse_pci_uevent u;
    struct arena a;
    arena_init(&a);
    CHECK_INT(nodeparse_pci_uevent(ue, sizeof(ue) - 1, &a, &u), 1);
    CHECK_INT((long)u.vendor, 0x10de);
    CHECK_INT((long)u.device, 0x2684);
    CHECK_INT((long)u.cls, 0x030000);
    CHECK_INT(u.have_subsys, 1);
    CHECK_INT((long)u.subsys_vendor, 0x1043);
    CHECK_INT((long)u.subsys_device, 0x88e2);
    CHECK_STR(u.driver, "nvidia");
    /* Unbound (no DRIVER), no PCI_SUBSYS_ID: those stay unknown. */
    CHECK_INT(nodeparse_pci_uevent("PCI_CLASS=30200\nPCI_ID=10de:20b0\n", 33, &a, &u), 1);
    CHECK(u.driver == NULL);
    CHECK_INT(u.have_subsys, 0);
    CHECK_INT((long)u.cls, 0x030200);
    /* Not hex, too long, no ':' or no PCI_CLASS: not a usable uevent. */
    CHECK_INT(nodeparse_pci_uevent("PCI_CLASS=30000\nPCI_ID=10DE2684\n", 32, &a, &u), 0);
    CHECK_INT(nodeparse_pci_uevent("PCI_CLASS=3000000\nPCI_ID=10DE:2684\n", 35, &a, &u), 0);
    CHECK_INT(nodeparse_pci_uevent("PCI_CLASS=30000\nPCI_ID=10DE:26845\n", 34, &a, &u), 0);
    CHECK_INT(nodeparse_pci_uevent("PCI_CLASS=0x30000\nPCI_ID=10DE:2684\n", 35, &a, &u), 0);
    CHECK_INT(nodeparse_pci_uevent("PCI_ID=10DE:2684\nDRIVER=../x\n", 29, &a, &u), 0);
    CHECK(u.driver == NULL);
    /* Bounded by len: the class after it is not read. */
    CHECK_INT(nodeparse_pci_uevent("PCI_ID=10DE:2684\nPCI_CLASS=30000\n", 17, &a, &u), 0);
    arena_release(&a);
}

int main(void)
{
    RUN(test_accounts);
    RUN(test_cgroup_and_proc);
    RUN(test_blacklist);
    RUN(test_cdi_and_kernels);
    RUN(test_device_list);
    RUN(test_pci_uevent);
    return harness_done();
}
