#include "util/winpath.h"

#include <string.h>

#include "compat/compat.h"
#include "util/banned.h"

#define WINPATH_DIR_MAX 100000

static int lower(int c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

int winpath_name_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (lower((unsigned char)*a) != lower((unsigned char)*b))
            return 0;
    return *a == *b;
}

int winpath_to_virtual(const char *win, struct strbuf *out)
{
    struct strbuf tmp = STRBUF_INIT;
    const char *p = win;
    size_t i;

    strbuf_reset(out);
    if (!p || !*p)
        return 0;
    if (((p[0] | 0x20) >= 'a' && (p[0] | 0x20) <= 'z') && p[1] == ':') {
        if ((p[0] | 0x20) != 'c' || (p[2] != '\\' && p[2] != '/' && p[2] != '\0'))
            return 0;          /* another drive, or "C:foo" (relative to C:'s cwd) */
        p += 2;
    } else if ((p[0] == '\\' || p[0] == '/') && (p[1] == '\\' || p[1] == '/')) {
        return 0;              /* UNC or \\?\ */
    } else if (p[0] != '\\' && p[0] != '/') {
        return 0;              /* relative */
    }
    strbuf_addch(&tmp, '/');
    for (i = 0; p[i]; i++)
        strbuf_addch(&tmp, p[i] == '\\' ? '/' : p[i]);
    path_normalize(out, tmp.buf);
    strbuf_release(&tmp);
    /* Windows ignores trailing dots and blanks in a component; PATH entries
     * often end with "\" which normalize already dropped. */
    return 1;
}

void winpath_from_virtual(const char *vpath, struct strbuf *out)
{
    size_t i;
    strbuf_reset(out);
    strbuf_addstr(out, "C:");
    if (!vpath[0] || (vpath[0] == '/' && !vpath[1])) {
        strbuf_addch(out, '\\');
        return;
    }
    for (i = 0; vpath[i]; i++)
        strbuf_addch(out, vpath[i] == '/' ? '\\' : vpath[i]);
}

/*
 * On a host whose file system ignores case (gpudoctor.exe on Windows, and
 * under Wine) the exact stat above also succeeds for "system32" when the
 * disk has "System32": ask the file system for the stored name, so results
 * carry the on-disk case there too, as with the Linux binary.  out is
 * "dir/name" and is rewritten in place; on any failure it is kept.
 */
static void disk_case(struct fs *fs, const char *dir, struct strbuf *out)
{
    struct strbuf host = STRBUF_INIT;
    char name[1024];
    if (fs_host_path(fs, out->buf, 1, &host, NULL) == 1 &&
        compat_disk_name(host.buf, name, sizeof(name)) == 0 &&
        winpath_name_eq(name, path_basename(out->buf)))
        path_join(out, dir, name);
    strbuf_release(&host);
}

int winpath_child_ci(struct fs *fs, const char *dir, const char *name, struct strbuf *out,
                     struct gd_err *err)
{
    struct compat_stat st;
    const struct fs_dirent *const *ents;
    size_t i, n;
    int r;

    path_join(out, dir, name);
    if (fs_lstat(fs, out->buf, &st, NULL) == 1) {
        if (compat_fs_folds_case())
            disk_case(fs, dir, out);
        return 1;
    }
    /* The listing is read once per run (and a directory over the limit is
     * refused once): every component of every path looked up goes here. */
    r = fs_list_dir_sorted(fs, dir, WINPATH_DIR_MAX, &ents, &n, err);
    if (r == 1) {
        r = 0;
        for (i = 0; i < n; i++)
            if (winpath_name_eq(ents[i]->name, name)) {
                path_join(out, dir, ents[i]->name);
                r = 1;
                break;
            }
    }
    if (r != 1)
        strbuf_reset(out);
    return r;
}

int winpath_resolve_ci(struct fs *fs, const char *vpath, struct strbuf *out, struct gd_err *err)
{
    struct strbuf norm = STRBUF_INIT, cur = STRBUF_INIT, next = STRBUF_INIT, comp = STRBUF_INIT;
    struct compat_stat st;
    const char *p, *slash;
    int r = 1;

    strbuf_reset(out);
    path_normalize(&norm, vpath);
    /* The usual case: the tree has the exact spelling (a stat cannot tell
     * where the file system ignores case: walk, asking for the names). */
    if (!compat_fs_folds_case() && fs_stat(fs, norm.buf, &st, NULL) == 1) {
        strbuf_addstr(out, norm.buf);
        goto done;
    }
    strbuf_addstr(&cur, "/");
    for (p = norm.buf + 1; *p && r == 1; p = slash ? slash + 1 : p + strlen(p)) {
        slash = strchr(p, '/');
        strbuf_reset(&comp);
        strbuf_add(&comp, p, slash ? (size_t)(slash - p) : strlen(p));
        r = winpath_child_ci(fs, cur.buf, comp.buf, &next, err);
        if (r == 1) {
            strbuf_reset(&cur);
            strbuf_addstr(&cur, next.buf);
        }
        if (!slash)
            break;
    }
    if (r == 1)
        strbuf_addstr(out, cur.buf);
done:
    strbuf_release(&norm);
    strbuf_release(&cur);
    strbuf_release(&next);
    strbuf_release(&comp);
    return r;
}
