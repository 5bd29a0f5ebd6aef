/*
 * fakejob - a running "job" for the `gpudoctor ps` tests: a real process
 * that loads libraries with the real loader and holds files open, then
 * waits, so that /proc shows what a framework job's /proc shows.
 *
 *   fakejob [--dlopen LIB | --open FILE | --ready FILE | --wait S | ARG]...
 *
 *   --dlopen LIB   dlopen(LIB, RTLD_NOW | RTLD_GLOBAL), in order: a path (as
 *                  Python's import loads an extension module, or ctypes a
 *                  library) or a name (as a framework dlopens libcuda.so.1);
 *                  a failure is printed and the job goes on, as a framework
 *                  that falls back to the CPU does
 *   --open FILE    open(FILE, O_RDONLY) and keep it open (a device node, or
 *                  a file standing in for one)
 *   --ready FILE   when everything is loaded and open, write "ready PID\n"
 *                  to FILE (created), so the test knows /proc is complete;
 *                  without it, $GD_FAKEJOB_READY names FILE (the command
 *                  line then looks like the job's alone)
 *   --wait S       exit after S seconds (default 120): a test that dies
 *                  cannot leave it behind for long
 *   ARG...         any other word, anywhere, is ignored: the rest of a
 *                  command line to look like (python train.py, python -m
 *                  ipykernel_launcher -f ...)
 *
 * It sleeps in pause() until a signal ends it; the tests kill it by pid.
 * Built plain (no sanitizer), like every helper: it stands for a job.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    const char *ready = NULL;
    unsigned wait_s = 120;
    int i;

    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--dlopen") && i + 1 < argc) {
            if (!dlopen(argv[++i], RTLD_NOW | RTLD_GLOBAL))
                fprintf(stderr, "fakejob: %s\n", dlerror());
        } else if (!strcmp(argv[i], "--open") && i + 1 < argc) {
            if (open(argv[++i], O_RDONLY) < 0)
                perror(argv[i]);
        } else if (!strcmp(argv[i], "--ready") && i + 1 < argc) {
            ready = argv[++i];
        } else if (!strcmp(argv[i], "--wait") && i + 1 < argc) {
            wait_s = (unsigned)strtoul(argv[++i], NULL, 10);
        }
        /* any other word is for show (python -m ipykernel_launcher -f ...) */
    }
    alarm(wait_s);
    if (!ready)
        ready = getenv("GD_FAKEJOB_READY");
    if (ready) {
        FILE *f = fopen(ready, "w");
        if (!f) {
            perror(ready);
            return 1;
        }
        fprintf(f, "ready %ld\n", (long)getpid());
        fclose(f);
    }
    for (;;)
        pause();
}
