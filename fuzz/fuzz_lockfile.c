/* fuzz_lockfile.c - plan --check's dependency-file readers over arbitrary
 * bytes: every format of scan/lockfile.h (requirements, the TOML formats,
 * Pipfile.lock's JSON, environment.yml's YAML, conda's explicit lock, a
 * Dockerfile), and the PEP 508 and marker readers on each line. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "scan/lockfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    enum lock_format f;
    size_t i, n = 0;

    for (f = LOCK_REQUIREMENTS; f <= LOCK_DOCKERFILE; f++) {
        struct lock_file lf;
        struct gd_err err;
        lock_file_init(&lf);
        err_init(&err);
        if (lock_read(&lf, f, (const char *)data, size, &err) == 0)
            for (i = 0; i < lf.n_reqs; i++)
                n += strlen(lf.reqs[i].name) + (lf.reqs[i].version ? strlen(lf.reqs[i].version) : 0);
        lock_file_release(&lf);
    }
    for (i = 0; i < size;) {
        size_t e = i;
        struct arena a;
        struct lock_req r;
        char line[512];
        while (e < size && data[e] != '\n')
            e++;
        arena_init(&a);
        if (lock_parse_pep508(&a, (const char *)data + i, e - i, &r) == 1 && r.marker)
            n += (size_t)(lock_marker_linux(r.marker) + 1);
        if (e - i < sizeof(line)) {
            memcpy(line, data + i, e - i);
            line[e - i] = '\0';
            n += (size_t)(lock_marker_linux(line) + 1);
        }
        arena_release(&a);
        i = e + 1;
    }
    (void)lock_format_guess("requirements.txt", (const char *)data, size);
    return n == (size_t)-1;
}
