/*
 * bench/bench_loader.c - what 100 library resolutions cost once the loader
 * is set up (issue 3: "reading the cache once and resolving 100 names should
 * take well under a millisecond after start-up").
 *
 *   bench_loader [ROOT [ROUNDS]]     (ROOT default "/", ROUNDS default 200)
 *
 * Each round does what a `gpudoctor check` does before it asks the loader
 * anything, timed as "start-up": resolve_config_detect (which reads the
 * cache for its generator string and lists the default directories),
 * resolver_init, and the first resolver_cache() call (the cache read and
 * parsed once).  Then, timed separately, it resolves 100 names from the main
 * program with no LD_LIBRARY_PATH: up to 50 SONAMEs present in this
 * machine's ld.so.cache (spread over the listing) and the rest absent ones
 * (CUDA/cuDNN/TensorRT names not in the cache, then made-up names), so both
 * the cache hit and the full miss path (cache, then every default directory)
 * are paid.  The resolver is released at the end of each round, so every
 * round starts cold in the process (the OS page cache stays warm).
 *
 * Output: one line per figure, mean and best over the rounds; not a test.
 * Built by mk/bench.mk against the release objects; run by `make bench`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "loader/resolve.h"
#include "util/arena.h"
#include "util/err.h"
#include "util/fs.h"

#define N_NAMES 100
#define N_PRESENT_MAX 50

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int in_cache(const struct ldcache *c, const char *name)
{
    size_t i;
    for (i = 0; c && i < c->nr; i++)
        if (strcmp(c->entries[i].key, name) == 0)
            return 1;
    return 0;
}

static int listed(char **names, size_t n, const char *name)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

/* Pick the 100 names: present ones spread over the cache, then absent ones. */
static size_t pick_names(const struct ldcache *c, char **names, size_t *n_present)
{
    static const char *const absent[] = {
        "libcudart.so.11.0", "libcudart.so.12", "libcudart.so.13", "libcublas.so.11",
        "libcublas.so.12", "libcublasLt.so.11", "libcublasLt.so.12", "libcufft.so.10",
        "libcufft.so.11", "libcurand.so.10", "libcusolver.so.11", "libcusparse.so.11",
        "libcusparse.so.12", "libcudnn.so.8", "libcudnn.so.9", "libnvinfer.so.8",
        "libnvinfer.so.10", "libnccl.so.2", "libcuda.so.1", "libnvidia-ml.so.1",
    };
    size_t n = 0, i, step;
    *n_present = 0;
    if (c && c->nr) {
        step = c->nr / N_PRESENT_MAX ? c->nr / N_PRESENT_MAX : 1;
        for (i = 0; i < c->nr && n < N_PRESENT_MAX; i += step)
            if (!listed(names, n, c->entries[i].key))
                names[n++] = strdup(c->entries[i].key);
    }
    *n_present = n;
    for (i = 0; i < sizeof(absent) / sizeof(absent[0]) && n < N_NAMES; i++)
        if (!in_cache(c, absent[i]))
            names[n++] = strdup(absent[i]);
    for (i = 0; n < N_NAMES; i++) {
        char buf[64];
        snprintf(buf, sizeof(buf), "libgdbench%zu.so.1", i);
        if (!in_cache(c, buf))
            names[n++] = strdup(buf);
    }
    return n;
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : "/";
    long rounds = argc > 2 ? strtol(argv[2], NULL, 10) : 200;
    struct gd_err err;
    struct fs fs;
    char *names[N_NAMES];
    size_t n_names = 0, n_present = 0, i, n_found_round = 0;
    double start_sum = 0, start_best = 1e18, res_sum = 0, res_best = 1e18, hit_sum = 0;
    long r;

    if (rounds < 1)
        rounds = 1;
    err_init(&err);
    if (fs_init(&fs, root, &err) < 0) {
        fprintf(stderr, "bench_loader: %s\n", err.msg);
        return 1;
    }
    for (r = -1; r < rounds; r++) {     /* round -1: warm-up, picks the names */
        struct arena cfg_arena;
        struct resolve_config cfg;
        struct resolver rs;
        const struct ldcache *cache;
        double t0, t1, th = 0, t2;
        size_t found = 0;

        t0 = now_us();
        arena_init(&cfg_arena);
        resolve_config_default(&cfg);
        resolve_config_detect(&fs, &cfg_arena, &cfg);
        resolver_init(&rs, &fs, &cfg);
        cache = resolver_cache(&rs);
        t1 = now_us();
        if (r < 0)
            n_names = pick_names(cache, names, &n_present);
        for (i = 0; i < n_names; i++) {
            struct resolve_request req;
            if (i == n_present)
                th = now_us();
            struct resolve_result res;
            memset(&req, 0, sizeof(req));
            req.name = names[i];
            if (resolve_library(&rs, &req, &res, &err) == 1)
                found++;
            resolve_result_release(&res);
        }
        t2 = now_us();
        if (r < 0) {
            n_found_round = found;
            if (!cache)
                printf("loader: no usable ld.so.cache under %s (%s)\n", root,
                       rs.cache_error ? rs.cache_error : "absent");
        }
        resolver_release(&rs);
        arena_release(&cfg_arena);
        if (r < 0)
            continue;
        start_sum += t1 - t0;
        res_sum += t2 - t1;
        hit_sum += th - t1;
        if (t1 - t0 < start_best)
            start_best = t1 - t0;
        if (t2 - t1 < res_best)
            res_best = t2 - t1;
    }
    printf("%-44s %8.1f us  (best %.1f, %ld rounds)\n", "loader start-up (detect + cache read)",
           start_sum / (double)rounds, start_best, rounds);
    printf("%-44s %8.1f us  (best %.1f; %zu names, %zu in the cache, %zu found)\n",
           "loader: resolve 100 names after start-up", res_sum / (double)rounds * 100.0 / (double)n_names,
           res_best * 100.0 / (double)n_names, n_names, n_present, n_found_round);
    printf("%-44s %8.2f us\n", "loader: one resolution (mean)", res_sum / (double)rounds / (double)n_names);
    if (n_present && n_present < n_names) {
        printf("%-44s %8.2f us\n", "loader: one name in the cache", hit_sum / (double)rounds / (double)n_present);
        printf("%-44s %8.2f us  (every directory, then the suggest_dir search)\n",
               "loader: one absent name", (res_sum - hit_sum) / (double)rounds / (double)(n_names - n_present));
    }
    for (i = 0; i < n_names; i++)
        free(names[i]);
    fs_release(&fs);
    return 0;
}
