/*
 * node_facts.h - the node itself, beyond the driver's version: who may
 * open the device nodes (the examined user, /etc/passwd and /etc/group, the
 * cgroup's device rules), the kernel module chain on disk (the running
 * kernel, the nvidia*.ko files and their .modinfo, DKMS, Secure Boot,
 * nouveau's blacklisting), and the scheduler and container around the
 * process.  Filled by scan/node_access.c and scan/kmod*.c; written by
 * facts_json_node.c (the "node" object of --facts and --json,
 * docs/json.md), read back by facts_read.c.
 *
 * Strings belong to the facts arena; arrays are freed by
 * node_facts_release (called from facts_release).  Unknown stays unknown:
 * a tri-state is -1, a string NULL.
 */
#ifndef GD_NODE_FACTS_H
#define GD_NODE_FACTS_H

#include <stddef.h>

/* The user whose access to the GPU is judged. */
struct node_user {
    const char *name;            /* SUDO_USER, else USER, else LOGNAME; NULL: unknown */
    const char *name_source;     /* "env:SUDO_USER", "env:USER", "env:LOGNAME" */
    long uid, gid;               /* from /etc/passwd; -1: the user is not in it (LDAP, sssd...) */
    const char **groups;         /* every group of the user by /etc/group: the primary group
                                    (by gid) and each group whose member list names the user */
    size_t n_groups, alloc_groups;
    int groups_known;            /* 1: /etc/group was read */
};

/* The cgroup the process runs in, for its device rules. */
struct node_cgroup {
    const char *version;         /* "v1", "v2", or NULL: /proc/self/cgroup not read */
    const char *path;            /* the devices controller's cgroup (v1) or the unified one (v2) */
    const char *list_source;     /* v1: the devices.list read, or NULL: not readable */
    const char **allow;          /* v1: its lines ("c 195:* rwm", "a *:* rwm") */
    size_t n_allow, alloc_allow;
    const char *note;            /* what cannot be seen, e.g. v2's eBPF device programs */
};

struct node_facts {
    struct node_user user;
    struct node_cgroup cgroup;
    long uvm_major;              /* nvidia-uvm's character major from /proc/devices; -1 unknown */
    long file_mode, file_gid;    /* the driver's NVreg_DeviceFileMode / DeviceFileGID from
                                    /proc/driver/nvidia/params; -1 unknown */
};

void node_facts_init(struct node_facts *n);
void node_facts_release(struct node_facts *n);

/**
 * Does the v1 device list allow type ('c') major:minor for access ("rw")?
 * 1 yes, 0 no, -1 unknown (no list).  Pure over the recorded lines.
 */
int node_cgroup_allows(const struct node_cgroup *cg, char type, unsigned major, unsigned minor,
                       const char *access);

#endif
