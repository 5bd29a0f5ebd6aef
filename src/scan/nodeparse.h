/*
 * nodeparse.h - the small text formats the node observers read, as pure
 * functions over (buf, len): /etc/passwd and /etc/group (passwd(5),
 * group(5): ':'-separated fields), /proc/self/cgroup (cgroups(7)),
 * /proc/devices, /proc/driver/nvidia/params ("Key: value"), a PCI
 * function's sysfs uevent ("KEY=value" lines), modprobe.d(5)
 * files and the kernel command line (nouveau's blacklisting), NVIDIA's CDI
 * spec (the driver version of its libcuda host path), and the ordering of
 * kernel release names.  Bounded by len (no NUL needed), never allocating
 * except into the arena given; used by scan/node_access.c, scan/kmod.c and
 * scan/node_runtime.c and scan/gpus.c, fuzzed by fuzz/fuzz_nodeparse.c.
 */
#ifndef GD_SCAN_NODEPARSE_H
#define GD_SCAN_NODEPARSE_H

#include <stddef.h>

#include "util/arena.h"

/** user's uid and gid from a passwd file: 1 found (either may stay -1 if bad), 0 not. */
int nodeparse_passwd(const char *buf, size_t len, const char *user, long *uid, long *gid);

/**
 * Walk a group file: for each group user belongs to (its gid is gid, the
 * user's primary, or its member list names user), call fn(name, name_len,
 * group_gid, arg).  Returns the number of such groups.
 */
size_t nodeparse_groups(const char *buf, size_t len, const char *user, long gid,
                        void (*fn)(const char *name, size_t name_len, long gid, void *arg), void *arg);

/** The name of gid in a group file into the arena, or NULL. */
const char *nodeparse_group_name(const char *buf, size_t len, long gid, struct arena *a);

/**
 * /proc/self/cgroup: the devices controller's path (cgroup v1) into *v1 and
 * the unified hierarchy's ("0::path") into *v2, each NULL when absent.
 */
void nodeparse_cgroup(const char *buf, size_t len, struct arena *a, const char **v1, const char **v2);

/** /proc/devices: the character major of driver ("nvidia-uvm"), or -1. */
long nodeparse_char_major(const char *buf, size_t len, const char *driver);

/** "Key: 438" lines (/proc/driver/nvidia/params): key's number, or -1. */
long nodeparse_param(const char *buf, size_t len, const char *key);

/** A modprobe.d file: 1 when it blacklists nouveau (or installs it as /bin/false). */
int nodeparse_conf_blacklists_nouveau(const char *buf, size_t len);

/** The kernel command line: 1 when it keeps nouveau out (modprobe.blacklist=, module_blacklist=,
 *  rd.driver.blacklist=, nouveau.modeset=0). */
int nodeparse_cmdline_blacklists_nouveau(const char *buf, size_t len);

/** A CDI spec's first "libcuda.so.X.Y[.Z]" version into the arena, or NULL. */
const char *nodeparse_cdi_driver(const char *buf, size_t len, struct arena *a);

/*
 * A PCI function's uevent, as the kernel writes it: DRIVER=<name> while a
 * driver is bound (drivers/base/core.c dev_uevent), then pci_uevent's
 * PCI_CLASS=%04X, PCI_ID=%04X:%04X, PCI_SUBSYS_ID=%04X:%04X, PCI_SLOT_NAME
 * and MODALIAS (drivers/pci/pci-driver.c).  A field is kept only when its
 * value is that many hex digits exactly (the class 1 to 6, each id 1 to
 * 4); DRIVER only without a '/'.
 */
struct nodeparse_pci_uevent {
    unsigned vendor, device, cls, subsys_vendor, subsys_device;
    int have_id, have_class, have_subsys;
    const char *driver;   /* the arena's; NULL: no DRIVER line */
};
/** Fill *u from buf (zeroed first); 1 when it has both PCI_ID and PCI_CLASS. */
int nodeparse_pci_uevent(const char *buf, size_t len, struct arena *a, struct nodeparse_pci_uevent *u);

/** Kernel releases in version order (runs of digits compare as numbers): <0, 0, >0. */
int nodeparse_kernel_cmp(const char *a, const char *b);

#endif
