/* fuzz_ctk.c - the readers of the host's NVIDIA Container Toolkit and of
 * an image's config over arbitrary bytes: TOML (config.toml, containerd,
 * CRI-O), CDI specs (YAML/JSON), the image config JSON and the
 * NVIDIA_REQUIRE_* language (each line of the input an expression). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "image/ctk_dsl.h"
#include "image/imgconfig.h"
#include "scan/cdi.h"
#include "scan/toml.h"

static void kv_cb(const struct toml_kv *kv, void *arg)
{
    size_t *n = arg;
    *n += kv->n_parts + strlen(kv->value);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct arena a;
    struct cdi_doc d;
    struct image_config c;
    struct gd_err err;
    size_t n = 0, i;
    char *line = malloc(size + 1);

    arena_init(&a);
    err_init(&err);
    toml_scan((const char *)data, size, kv_cb, &n);
    cdi_parse((const char *)data, size, &a, &d, &err);
    image_config_parse((const char *)data, size, &a, &c, &err);
    for (i = 0; line && i < size;) {
        size_t e = i;
        struct dsl_facts f = { "12.2", "535.104.05", "8.0", NULL, 0 };
        char term[128], msg[256];
        while (e < size && data[e] != '\n')
            e++;
        memcpy(line, data + i, e - i);
        line[e - i] = '\0';
        if (!memchr(line, '\0', e - i)) {
            ctk_dsl_eval(line, &f, term, sizeof(term));
            f.brand = "Tesla";
            f.no_device = 1;
            ctk_dsl_eval(line, &f, term, sizeof(term));
            ctk_dsl_message(line, msg, sizeof(msg));
        }
        i = e + 1;
    }
    free(line);
    arena_release(&a);
    return 0;
}
