/*
 * probe_helper.c - gpudoctor-probe-helper, the program the static gpudoctor
 * starts to load the NVIDIA driver (probe/helper.h, docs/packaging.md).
 *
 *     gpudoctor-probe-helper probe NVML_PATH CUDA_PATH [NAME=VALUE|NAME]...
 *     gpudoctor-probe-helper verify LIB_PATH...
 *     gpudoctor-probe-helper compute CUDA_PATH STEP_MS N SALT CVD CDO VARIANT...
 *
 * It runs the same child code as the ordinary build's fork
 * (probe_child_main, probe_verify_child_main in probe/probe_child.c,
 * probe_compute_child_main in probe/compute_child.c) and
 * writes the same records (probe/probewire.h) to descriptor 3
 * (COMPAT_EXEC_WIRE_FD), where gpudoctor's compat_child_exec put the pipe.
 * A separate, dynamically linked glibc program, built against the oldest
 * symbol versions (glibc_floor.h): it is not part of gpudoctor's own
 * sources (the Makefile leaves src/helper/ out).  Started by hand without
 * descriptor 3, it says what it is for and exits 2.
 */
#include <fcntl.h>
#include <string.h>

#include "compat/compat.h"
#include "probe/compute.h"
#include "probe/probe.h"
#include "probe/verify.h"
#include "util/banned.h"

static const char usage[] =
    "gpudoctor-probe-helper: started by gpudoctor probe (static build) with the result pipe on "
    "descriptor 3; not for use by hand\n";

int main(int argc, char **argv)
{
    const char *const *args = (const char *const *)argv + 2;
    size_t nargs = argc > 2 ? (size_t)(argc - 2) : 0;

    if (argc < 2 || fcntl(COMPAT_EXEC_WIRE_FD, F_GETFD) < 0) {
        compat_write_all(2, usage, sizeof(usage) - 1);
        return 2;
    }
    if (!strcmp(argv[1], "probe"))
        return probe_child_main(COMPAT_EXEC_WIRE_FD, args, nargs);
    if (!strcmp(argv[1], "verify"))
        return probe_verify_child_main(COMPAT_EXEC_WIRE_FD, args, nargs);
    if (!strcmp(argv[1], "compute"))
        return probe_compute_child_main(COMPAT_EXEC_WIRE_FD, args, nargs);
    compat_write_all(2, usage, sizeof(usage) - 1);
    return 2;
}
