/*
 * node_facts.c - the questions asked of recorded node facts
 * (facts/node_facts.h): a cgroup v1 device list, a kernel module file.
 */
#include "facts/node_facts.h"

#include <string.h>

#include "util/text.h"
#include "util/banned.h"

/* "195" or "*" at *p: 1 and *v (-1 for '*'), p advanced; 0 on bad syntax. */
static int majmin(const char **p, long *v)
{
    const char *s = *p;
    long x = 0;
    if (*s == '*') {
        *v = -1;
        *p = s + 1;
        return 1;
    }
    if (*s < '0' || *s > '9')
        return 0;
    while (*s >= '0' && *s <= '9' && x < 100000000L)
        x = x * 10 + (*s++ - '0');
    *v = x;
    *p = s;
    return 1;
}

/*
 * One line of devices.list as the kernel prints it (security/device_cgroup.c,
 * devcgroup_seq_show: "%c %s:%s %s", type a/b/c, major and minor or '*',
 * access letters from "rwm").  A default-allow cgroup prints only
 * "a *:* rwm"; a default-deny one prints each allowed exception.
 */
static int line_allows(const char *l, char type, unsigned major, unsigned minor, const char *access)
{
    long ma, mi;
    const char *p = l, *a;
    if ((*p != 'a' && *p != 'b' && *p != 'c') || p[1] != ' ')
        return 0;
    if (*p == 'a')
        return 1; /* "a *:* rwm": every device, every access */
    if (*p != type)
        return 0;
    p += 2;
    if (!majmin(&p, &ma) || *p++ != ':' || !majmin(&p, &mi) || *p++ != ' ')
        return 0;
    if ((ma >= 0 && (unsigned long)ma != major) || (mi >= 0 && (unsigned long)mi != minor))
        return 0;
    for (a = access; *a; a++)
        if (!strchr(p, *a))
            return 0;
    return 1;
}

int node_cgroup_allows(const struct node_cgroup *cg, char type, unsigned major, unsigned minor,
                       const char *access)
{
    size_t i;
    if (!cg->list_source)
        return -1;
    for (i = 0; i < cg->n_allow; i++)
        if (line_allows(cg->allow[i], type, major, minor, access))
            return 1;
    return 0;
}

int node_kmod_is_core(const struct kmod_file *m)
{
    static const char *const parts[] = { "-uvm", "-modeset", "-drm", "-peermem", NULL };
    const char *const *p;
    if (m->name)
        return !strcmp(m->name, "nvidia");
    for (p = parts; *p; p++)
        if (str_ends(m->stem, *p))
            return 0;
    return 1;
}
