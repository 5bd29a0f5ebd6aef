#include "util/err.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/banned.h"

void err_init(struct gd_err *err)
{
    err->code = GD_ERR_NONE;
    err->errnum = 0;
    err->msg[0] = '\0';
}

int err_set(struct gd_err *err, const char *fmt, ...)
{
    int saved = errno;
    va_list ap;
    size_t len;

    if (!err)
        return -1;
    err->code = GD_ERR_SYS;
    err->errnum = saved;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
    va_end(ap);
    len = strlen(err->msg);
    if (len < sizeof(err->msg))
        snprintf(err->msg + len, sizeof(err->msg) - len, ": %s", strerror(saved));
    errno = saved;
    return -1;
}

int err_setx(struct gd_err *err, enum gd_err_code code, const char *fmt, ...)
{
    va_list ap;

    if (!err)
        return -1;
    err->code = code;
    err->errnum = 0;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
    va_end(ap);
    return -1;
}

void gd_bug(const char *file, int line, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "gpudoctor: BUG: %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}
