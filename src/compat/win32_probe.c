/*
 * win32_probe.c - Windows side of compat.h's probe --compute / --import
 * calls: none of them exists there yet (compat_child_run itself is
 * unsupported on Windows, see win32.c), so each says so.
 * Built only by `make windows` (mk/windows.mk).
 */
#ifdef _WIN32
#include "compat/compat.h"

#include <errno.h>

#include "util/banned.h"

int compat_step_timer(unsigned ms)
{
    (void)ms;
    errno = ENOSYS;
    return -1;
}

int compat_step_timer_signal(void)
{
    return -1;
}

int compat_kmsg_open(void)
{
    errno = ENOSYS;
    return -1;
}

size_t compat_kmsg_read(int fd, unsigned char *buf, size_t cap)
{
    (void)fd;
    (void)buf;
    (void)cap;
    return 0;
}

int compat_isolate_network(void)
{
    errno = ENOSYS;
    return 0;
}

int compat_child_execve(int wfd, const char *path, char *const argv[], char *const envp[])
{
    (void)wfd;
    (void)path;
    (void)argv;
    (void)envp;
    return 126;
}
#endif
