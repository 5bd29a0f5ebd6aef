/*
 * helper.c - the probe's children, forked or through the helper program.
 * See helper.h; docs/packaging.md says why the static build needs it.
 */
#include "probe/helper.h"

#include <stdlib.h>
#include <string.h>

#include "compat/spawn.h"
#include "util/alloc.h"
#include "util/fs.h"
#include "util/banned.h"

#ifndef GD_LIBEXECDIR
#define GD_LIBEXECDIR "/usr/local/libexec/gpudoctor"
#endif

/* 1 if dir/PROBE_HELPER_NAME is an executable regular file (path in out). */
static int try_dir(const char *dir, struct strbuf *out, struct strbuf *tried)
{
    struct compat_stat st;
    strbuf_reset(out);
    path_join(out, dir, PROBE_HELPER_NAME);
    if (compat_stat(out->buf, &st) == 0 && st.type == COMPAT_FT_REG &&
        compat_access(out->buf, COMPAT_X_OK) == 0)
        return 1;
    if (tried->len)
        strbuf_addstr(tried, "; ");
    strbuf_addstr(tried, out->buf);
    return 0;
}

int probe_helper_find(struct strbuf *out, struct strbuf *tried)
{
    char self[4096];
    strbuf_reset(tried);
    if (compat_self_exe(self, sizeof(self)) == 0) {
        char *slash = strrchr(self, '/');
        struct strbuf dir = STRBUF_INIT;
        int found;
        if (slash) {
            *(slash == self ? slash + 1 : slash) = '\0';
            if (try_dir(self, out, tried))
                return 1;
            /* PREFIX/bin/gpudoctor: PREFIX/libexec/gpudoctor/ */
            slash = strrchr(self, '/');
            if (slash && slash != self)
                *slash = '\0';
            else
                self[1] = '\0';
            path_join(&dir, self, "libexec/gpudoctor");
            found = try_dir(dir.buf, out, tried);
            strbuf_release(&dir);
            if (found)
                return 1;
        }
    }
    return try_dir(GD_LIBEXECDIR, out, tried);
}

int probe_child_spawn(const char *mode, int (*fn)(int wfd, const char *const *args, size_t nargs),
                      const char *const *args, size_t nargs, unsigned timeout_ms, unsigned flags,
                      unsigned char *buf, size_t cap, struct compat_child_result *res,
                      const struct compat_child_tick *tick, struct gd_err *err)
{
    struct strbuf path = STRBUF_INIT, tried = STRBUF_INIT;
    const char **hargs;
    size_t i;
    int rc;

    if (compat_can_dlopen()) {
        if (compat_child_run(fn, args, nargs, timeout_ms, flags, buf, cap, res, tick) < 0)
            return err_set(err, "cannot start the probe's child process");
        return 0;
    }
    if (!probe_helper_find(&path, &tried)) {
        err_setx(err, GD_ERR_NOTFOUND,
                 "this gpudoctor is statically linked and loads the driver through its helper "
                 "'%s', which is not installed (looked for: %s): install it beside the binary",
                 PROBE_HELPER_NAME, tried.buf);
        strbuf_release(&path);
        strbuf_release(&tried);
        return -1;
    }
    hargs = xmalloc((nargs + 2) * sizeof(*hargs));
    hargs[0] = path.buf;
    hargs[1] = mode;
    for (i = 0; i < nargs; i++)
        hargs[i + 2] = args[i];
    rc = compat_child_run(compat_child_exec, hargs, nargs + 2, timeout_ms, flags, buf, cap, res, tick);
    free(hargs);
    if (rc < 0) {
        strbuf_release(&path);
        strbuf_release(&tried);
        return err_set(err, "cannot start the probe's child process");
    }
    if (res->end == COMPAT_CHILD_EXITED && res->len == 0 && (res->code == 126 || res->code == 127)) {
        err_setx(err, GD_ERR_UNSUPPORTED,
                 "cannot run the probe helper '%s' (exit %d: %s)", path.buf, res->code,
                 res->code == 127 ? "it, or its program interpreter (glibc's ld.so, which the "
                                    "NVIDIA driver needs too), does not exist"
                                  : "it is not executable here");
        rc = -1;
    }
    strbuf_release(&path);
    strbuf_release(&tried);
    return rc;
}
