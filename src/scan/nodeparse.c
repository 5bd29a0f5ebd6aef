/*
 * nodeparse.c - the node observers' small text formats (scan/nodeparse.h).
 */
#include "scan/nodeparse.h"

#include <string.h>

#include "util/text.h"
#include "util/banned.h"

/* Field k (0-based) of a ':'-separated line, as [*s, *s + *n). */
static int field(const char *line, size_t len, unsigned k, const char **s, size_t *n)
{
    const char *p = line, *end = line + len, *c;
    while (k--) {
        c = memchr(p, ':', (size_t)(end - p));
        if (!c)
            return 0;
        p = c + 1;
    }
    c = memchr(p, ':', (size_t)(end - p));
    *s = p;
    *n = (size_t)((c ? c : end) - p);
    return 1;
}

static long number(const char *s, size_t n)
{
    long v = 0;
    size_t i;
    if (!n || n > 10)
        return -1;
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

/* Does the comma-separated list [s, s+n) hold name? */
static int list_has(const char *s, size_t n, const char *name)
{
    size_t nl = strlen(name), i = 0;
    while (i < n) {
        const char *c = memchr(s + i, ',', n - i);
        size_t e = c ? (size_t)(c - s) : n;
        const char *w = s + i;
        size_t wn = e - i;
        trim(&w, &wn);
        if (wn == nl && !memcmp(w, name, nl))
            return 1;
        i = e + 1;
    }
    return 0;
}

int nodeparse_passwd(const char *buf, size_t len, const char *user, long *uid, long *gid)
{
    size_t pos = 0, n, sn;
    const char *line, *s;
    while (next_line(buf, len, &pos, &line, &n)) {
        if (!field(line, n, 0, &s, &sn) || sn != strlen(user) || memcmp(s, user, sn))
            continue;
        if (field(line, n, 2, &s, &sn))
            *uid = number(s, sn);
        if (field(line, n, 3, &s, &sn))
            *gid = number(s, sn);
        return 1;
    }
    return 0;
}

size_t nodeparse_groups(const char *buf, size_t len, const char *user, long gid,
                        void (*fn)(const char *name, size_t name_len, long gid, void *arg), void *arg)
{
    size_t pos = 0, n, sn, gnl, count = 0;
    const char *line, *s, *gn;
    while (next_line(buf, len, &pos, &line, &n)) {
        long g;
        if (!field(line, n, 0, &gn, &gnl) || !gnl || !field(line, n, 2, &s, &sn))
            continue;
        g = number(s, sn);
        if (g < 0)
            continue;
        if (!(gid >= 0 && g == gid) && !(field(line, n, 3, &s, &sn) && list_has(s, sn, user)))
            continue;
        fn(gn, gnl, g, arg);
        count++;
    }
    return count;
}

const char *nodeparse_group_name(const char *buf, size_t len, long gid, struct arena *a)
{
    size_t pos = 0, n, sn, gnl;
    const char *line, *s, *gn;
    while (next_line(buf, len, &pos, &line, &n))
        if (field(line, n, 0, &gn, &gnl) && gnl && field(line, n, 2, &s, &sn) && number(s, sn) == gid)
            return arena_strndup(a, gn, gnl);
    return NULL;
}

void nodeparse_cgroup(const char *buf, size_t len, struct arena *a, const char **v1, const char **v2)
{
    size_t pos = 0, n, sn;
    const char *line, *s;
    *v1 = *v2 = NULL;
    while (next_line(buf, len, &pos, &line, &n)) {
        const char *ctl, *path;
        size_t cl, pl;
        if (!field(line, n, 1, &ctl, &cl) || !field(line, n, 2, &path, &pl))
            continue;
        path = ctl + cl + 1; /* the path may hold ':' */
        pl = n - (size_t)(path - line);
        if (!cl && field(line, n, 0, &s, &sn) && sn == 1 && *s == '0')
            *v2 = arena_strndup(a, path, pl);
        else if (list_has(ctl, cl, "devices"))
            *v1 = arena_strndup(a, path, pl);
    }
}

long nodeparse_char_major(const char *buf, size_t len, const char *driver)
{
    size_t pos = 0, n, dl = strlen(driver);
    const char *line;
    int chr = 0;
    long major = -1;
    while (next_line(buf, len, &pos, &line, &n)) {
        const char *sp;
        trim(&line, &n);
        if (n >= 18 && !memcmp(line, "Character devices:", 18)) {
            chr = 1;
            continue;
        }
        if (n >= 14 && !memcmp(line, "Block devices:", 14))
            chr = 0;
        sp = memchr(line, ' ', n);
        if (chr && sp && (size_t)(line + n - sp - 1) == dl && !memcmp(sp + 1, driver, dl))
            major = number(line, (size_t)(sp - line));
    }
    return major;
}

long nodeparse_param(const char *buf, size_t len, const char *key)
{
    size_t pos = 0, n, kl = strlen(key);
    const char *line;
    while (next_line(buf, len, &pos, &line, &n)) {
        const char *v;
        size_t vn;
        if (n < kl + 2 || memcmp(line, key, kl) || line[kl] != ':')
            continue;
        v = line + kl + 1;
        vn = n - kl - 1;
        trim(&v, &vn);
        return number(v, vn);
    }
    return -1;
}

/* "blacklist nouveau" (or "install nouveau /bin/false") in one modprobe.d file. */
int nodeparse_conf_blacklists_nouveau(const char *buf, size_t len)
{
    size_t pos = 0, n;
    const char *line;
    while (next_line(buf, len, &pos, &line, &n)) {
        trim(&line, &n);
        if ((n == 17 && !memcmp(line, "blacklist nouveau", 17)) ||
            (n > 16 && !memcmp(line, "install nouveau ", 16) && (mem_contains(line, n, "/bin/false") ||
                                                                mem_contains(line, n, "/bin/true"))))
            return 1;
    }
    return 0;
}

/* Does the comma list [s, s+n) name nouveau? */
static int names_nouveau(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        const char *c = memchr(s + i, ',', n - i);
        size_t e = c ? (size_t)(c - s) : n;
        if (e - i == 7 && !memcmp(s + i, "nouveau", 7))
            return 1;
        i = e + 1;
    }
    return 0;
}

/* The kernel command line's words: modprobe.blacklist= (kmod's
 * libkmod-config.c), module_blacklist= (the kernel's), rd.driver.blacklist=
 * (dracut's initramfs), nouveau.modeset=0 (nouveau_drm.c: disabled). */
int nodeparse_cmdline_blacklists_nouveau(const char *buf, size_t len)
{
    static const char *const keys[] = { "modprobe.blacklist=", "module_blacklist=", "rd.driver.blacklist=", NULL };
    size_t i = 0;
    while (i < len) {
        const char *w = buf + i;
        size_t n = 0;
        const char *const *k;
        while (i < len && (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\t'))
            w = buf + ++i;
        while (i < len && buf[i] != ' ' && buf[i] != '\n' && buf[i] != '\t') {
            i++;
            n++;
        }
        if (n == 17 && !memcmp(w, "nouveau.modeset=0", 17))
            return 1;
        for (k = keys; *k; k++)
            if (n > strlen(*k) && !memcmp(w, *k, strlen(*k)) && names_nouveau(w + strlen(*k), n - strlen(*k)))
                return 1;
    }
    return 0;
}

/* Kernel releases in version order: digit runs compare as numbers. */
int nodeparse_kernel_cmp(const char *a, const char *b)
{
    while (*a && *b) {
        if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
            const char *x = a, *y = b;
            size_t lx, ly;
            while (*x == '0')
                x++;
            while (*y == '0')
                y++;
            for (lx = 0; x[lx] >= '0' && x[lx] <= '9'; lx++)
                ;
            for (ly = 0; y[ly] >= '0' && y[ly] <= '9'; ly++)
                ;
            if (lx != ly)
                return lx < ly ? -1 : 1;
            if (memcmp(x, y, lx))
                return memcmp(x, y, lx);
            a = x + lx;
            b = y + ly;
            continue;
        }
        if (*a != *b)
            return (unsigned char)*a - (unsigned char)*b;
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

/* "libcuda.so.550.163.01" in a spec: the driver it was generated for. */
const char *nodeparse_cdi_driver(const char *buf, size_t len, struct arena *a)
{
    const char *p = buf, *end = buf + len;
    while (p < end) {
        const char *m = memchr(p, 'l', (size_t)(end - p));
        size_t n;
        if (!m || (size_t)(end - m) < 12)
            return NULL;
        if (!memcmp(m, "libcuda.so.", 11)) {
            const char *v = m + 11;
            for (n = 0; v + n < end && ((v[n] >= '0' && v[n] <= '9') || v[n] == '.'); n++)
                ;
            while (n && v[n - 1] == '.')
                n--;
            if (is_dotted_version(v, n, 2, 3) && !(n >= 2 && v[0] == '1' && v[1] == '.') && !(n == 1))
                return arena_strndup(a, v, n);
        }
        p = m + 1;
    }
    return NULL;
}

/* n hex digits exactly (1 to max): 1 and *out. */
static int hex_field(const char *p, size_t n, size_t max, unsigned *out)
{
    unsigned v = 0;
    size_t i;
    if (!n || n > max)
        return 0;
    for (i = 0; i < n; i++) {
        char c = p[i];
        unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                   : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                   : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) : 16u;
        if (d > 15)
            return 0;
        v = v * 16 + d;
    }
    *out = v;
    return 1;
}

/* "XXXX:XXXX" into *a and *b. */
static int hex_pair(const char *p, size_t n, unsigned *a, unsigned *b)
{
    const char *c = memchr(p, ':', n);
    return c && hex_field(p, (size_t)(c - p), 4, a) && hex_field(c + 1, n - (size_t)(c - p) - 1, 4, b);
}

int nodeparse_pci_uevent(const char *buf, size_t len, struct arena *a, struct nodeparse_pci_uevent *u)
{
    size_t pos = 0, n;
    const char *line;

    memset(u, 0, sizeof(*u));
    while (next_line(buf, len, &pos, &line, &n)) {
        if (n > 10 && !memcmp(line, "PCI_CLASS=", 10))
            u->have_class = hex_field(line + 10, n - 10, 6, &u->cls);
        else if (n > 7 && !memcmp(line, "PCI_ID=", 7))
            u->have_id = hex_pair(line + 7, n - 7, &u->vendor, &u->device);
        else if (n > 14 && !memcmp(line, "PCI_SUBSYS_ID=", 14))
            u->have_subsys = hex_pair(line + 14, n - 14, &u->subsys_vendor, &u->subsys_device);
        else if (n > 7 && !memcmp(line, "DRIVER=", 7) && !memchr(line + 7, '/', n - 7))
            u->driver = arena_strndup(a, line + 7, n - 7);
    }
    return u->have_id && u->have_class;
}
