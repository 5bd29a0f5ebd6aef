/*
 * bench/bench_run.c - run a command N times and say what one run costs.
 *
 *   bench_run [-t MS] N CMD [ARG...]
 *
 * One warm-up run, then N runs (with -t MS: runs until MS milliseconds of
 * wall time have passed, at least 3 and at most N), each with standard
 * input, output and error on /dev/null.  Prints one line:
 *
 *   wall_us=W cpu_us=C maxrss_kb=M status=S
 *
 * W and C are the means over the N runs of the wall-clock time and of the
 * child's user + system CPU time (wait4's rusage), M the largest resident
 * set of any run, S the last run's exit status (or 128 + the signal).  The
 * CPU time is the figure to compare on a shared machine: it does not count
 * the time the run spent waiting for someone else's process.  Not a test:
 * timings are figures to read (bench/run.sh prints them).
 *
 * Built static where the C library allows, so the same file runs inside
 * the chroot of an examined tree (bench/run.sh's Debian torch machine).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

/* One run: its wall and CPU time in microseconds, its peak RSS; the exit
 * status, or -1 when it could not be started. */
static int run_once(char **argv, double *wall, double *cpu, long *rss)
{
    double t0 = now_us();
    struct rusage ru;
    int status = 0;
    pid_t pid = fork();

    if (pid < 0)
        return -1;
    if (pid == 0) {
        int fd = open("/dev/null", O_RDWR);
        if (fd >= 0) {
            dup2(fd, 0);
            dup2(fd, 1);
            dup2(fd, 2);
        }
        execvp(argv[0], argv);
        _exit(127);
    }
    if (wait4(pid, &status, 0, &ru) < 0)
        return -1;
    *wall = now_us() - t0;
    *cpu = (double)ru.ru_utime.tv_sec * 1e6 + (double)ru.ru_utime.tv_usec +
           (double)ru.ru_stime.tv_sec * 1e6 + (double)ru.ru_stime.tv_usec;
    *rss = ru.ru_maxrss;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(int argc, char **argv)
{
    double wall = 0, cpu = 0, w, c, budget = 0;
    long rss = 0, r;
    int n, i, st = 0;
    char *end;

    if (argc > 2 && !strcmp(argv[1], "-t")) {
        budget = strtod(argv[2], &end) * 1000;
        if (*end || budget <= 0) {
            fprintf(stderr, "bench_run: -t takes milliseconds\n");
            return 2;
        }
        argv += 2;
        argc -= 2;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: bench_run [-t MS] N CMD [ARG...]\n");
        return 2;
    }
    n = (int)strtol(argv[1], &end, 10);
    if (*end || n < 1) {
        fprintf(stderr, "bench_run: N must be a positive number\n");
        return 2;
    }
    if (run_once(argv + 2, &w, &c, &r) < 0) {
        perror("bench_run");
        return 1;
    }
    for (i = 0; i < n && !(budget > 0 && i >= 3 && wall >= budget); i++) {
        st = run_once(argv + 2, &w, &c, &r);
        if (st < 0) {
            perror("bench_run");
            return 1;
        }
        wall += w;
        cpu += c;
        if (r > rss)
            rss = r;
    }
    printf("wall_us=%.0f cpu_us=%.0f maxrss_kb=%ld status=%d\n", wall / i, cpu / i, rss, st);
    return 0;
}
