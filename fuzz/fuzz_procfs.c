/*
 * Fuzz target: the /proc/PID parsers (scan/procfs.c), all of them on the
 * same input: maps, environ, cmdline, status, stat, cgroup, mountinfo,
 * passwd, uptime and a namespace link.  Any input is read; what they
 * return is inside the limits they were given and well-formed (a mapped
 * file's path starts with '/', a kept variable has a name).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scan/procfs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int keep_path(const char *name, size_t n, void *arg)
{
    (void)arg;
    return n >= 2 && name[0] == 'P';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct proc_map *m = NULL;
    struct env_fact *v = NULL;
    const char **w = NULL, *s = NULL;
    struct proc_status st;
    struct proc_stat ps;
    struct proc_cgroup cg;
    size_t n = 0, total = 0, bad = 0, i;
    uint64_t u = 0;
    long gid = 0;
    char link[64];

    arena_init(&a);
    procfs_parse_maps(data, size, &a, 64, &m, &n, &bad);
    if (n > 64)
        abort();
    for (i = 0; i < n; i++)
        if (m[i].path[0] != '/' || (m[i].dev_major > 0xfffff))
            abort();
    procfs_parse_environ(data, size, keep_path, NULL, &a, &v, &n, &total);
    if (n > total)
        abort();
    for (i = 0; i < n; i++)
        if (v[i].name[0] != 'P' || !v[i].value)
            abort();
    procfs_parse_cmdline(data, size, &a, 8, 16, &w, &n, &total);
    if (n > 8 || n > total)
        abort();
    for (i = 0; i < n; i++)
        if (strlen(w[i]) > 16)
            abort();
    procfs_parse_status(data, size, &a, &st);
    if (st.uid < -1 || st.ppid < -1 || st.nspid_levels < 0)
        abort();
    if (procfs_parse_stat(data, size, &ps) == 1 && !ps.state)
        abort();
    procfs_parse_cgroup(data, size, &a, &cg);
    if ((cg.container_id && !cg.container) || (cg.slurm_step && !cg.slurm_job))
        abort();
    procfs_proc_mount(data, size, &a, &s, &gid);
    if (gid < -1)
        abort();
    procfs_passwd_name(data, size, 1000, &a, &s);
    procfs_parse_uptime(data, size, &u);
    n = size < sizeof(link) - 1 ? size : sizeof(link) - 1;
    memcpy(link, data, n);
    link[n] = '\0';
    procfs_parse_ns(link, &u);
    arena_release(&a);
    return 0;
}
