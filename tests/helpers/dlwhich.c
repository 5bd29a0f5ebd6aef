/*
 * dlwhich - the oracle for the loader differential tests: ask the real
 * glibc dlopen() which file it loads.
 *
 *   dlwhich NAME                    dlopen(NAME) from the main program
 *   dlwhich --via LIB NAME          dlopen(NAME) from inside LIB (LIB must
 *                                   export void *gd_dlopen(const char *))
 *   dlwhich --needed-of LIB NAME    dlopen(LIB), then report which file
 *                                   was loaded for NAME (a DT_NEEDED of it
 *                                   or of its dependencies)
 *
 * Prints the loaded object's l_name (dlinfo RTLD_DI_LINKMAP) and exits 0,
 * or prints "ERROR: <dlerror>" and exits 1.
 */
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *via = NULL, *needed_of = NULL, *name;
    void *h;
    struct link_map *lm = NULL;
    int i = 1;

    for (; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--via"))
            via = argv[i + 1];
        else if (!strcmp(argv[i], "--needed-of"))
            needed_of = argv[i + 1];
        else
            break;
    }
    if (i != argc - 1) {
        fprintf(stderr, "usage: dlwhich [--via LIB | --needed-of LIB] NAME\n");
        return 2;
    }
    name = argv[i];
    if (via) {
        void *(*fn)(const char *);
        void *v = dlopen(via, RTLD_NOW);
        if (!v) {
            printf("ERROR: %s\n", dlerror());
            return 1;
        }
        *(void **)(&fn) = dlsym(v, "gd_dlopen");
        if (!fn) {
            printf("ERROR: %s\n", dlerror());
            return 1;
        }
        h = fn(name);
    } else if (needed_of) {
        if (!dlopen(needed_of, RTLD_NOW)) {
            printf("ERROR: %s\n", dlerror());
            return 1;
        }
        h = dlopen(name, RTLD_NOW | RTLD_NOLOAD);
    } else {
        h = dlopen(name, RTLD_NOW);
    }
    if (!h) {
        printf("ERROR: %s\n", dlerror());
        return 1;
    }
    if (dlinfo(h, RTLD_DI_LINKMAP, &lm) != 0 || !lm) {
        printf("ERROR: dlinfo failed\n");
        return 1;
    }
    printf("%s\n", lm->l_name);
    return 0;
}
