/*
 * genfleet - check reports at cluster scale, for the fleet reliability
 * cases (tests/reliability/r040).
 *
 *   genfleet N DIR [numbered|shuffled|literal|longname|uniform]
 *
 * Writes N reports as JSON lines on standard output, made from the saved
 * reports DIR/gpu01.json (healthy), DIR/gpu04.json (driver too old) and
 * DIR/gpu07.json (cuDNN missing) in a 7:2:1 mix, each with its
 * host.hostname replaced: node0000001... in order (numbered), the same
 * names in a random order (shuffled), names without a trailing number
 * (literal: node-<hex>.example), or 1 MiB long (longname, which fleet must
 * refuse); uniform: numbered, every report the healthy one (so every node
 * list is one range).  Pretty-printed input is folded onto one line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *load(const char *dir, const char *name, size_t *len)
{
    char path[4096];
    FILE *f;
    char *b, *o;
    long n;
    size_t i;
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    if (!(f = fopen(path, "rb")) || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0) {
        perror(path);
        exit(2);
    }
    rewind(f);
    b = malloc((size_t)n + 1);
    if (!b || fread(b, 1, (size_t)n, f) != (size_t)n) {
        perror(path);
        exit(2);
    }
    fclose(f);
    /* one line: drop each newline and the indentation after it */
    for (i = 0, o = b; i < (size_t)n; i++) {
        if (b[i] == '\n') {
            while (i + 1 < (size_t)n && b[i + 1] == ' ')
                i++;
            continue;
        }
        *o++ = b[i];
    }
    *o = '\0';
    *len = (size_t)(o - b);
    return b;
}

int main(int argc, char **argv)
{
    static const char *const names[3] = { "gpu01.json", "gpu04.json", "gpu07.json" };
    const char *mode = argc > 3 ? argv[3] : "numbered";
    char *t[3], *longname = NULL;
    size_t len[3], head[3], tail[3];
    unsigned long n, i, *order;
    int k;

    if (argc < 3) {
        fprintf(stderr, "usage: genfleet N DIR [numbered|shuffled|literal|longname|uniform]\n");
        return 2;
    }
    n = strtoul(argv[1], NULL, 10);
    for (k = 0; k < 3; k++) {
        char *h, *q;
        t[k] = load(argv[2], names[k], &len[k]);
        h = strstr(t[k], "\"hostname\":");
        q = h ? strchr(h + 11, '"') : NULL;
        if (!q) {
            fprintf(stderr, "%s: no hostname\n", names[k]);
            return 2;
        }
        head[k] = (size_t)(q + 1 - t[k]);          /* up to the opening quote */
        q = strchr(q + 1, '"');
        tail[k] = (size_t)(q - t[k]);              /* from the closing quote */
    }
    order = malloc((n ? n : 1) * sizeof(*order));
    for (i = 0; i < n; i++)
        order[i] = i + 1;
    if (!strcmp(mode, "shuffled")) {
        srand(36);
        for (i = n; i > 1; i--) {
            unsigned long j = ((unsigned long)rand() * ((unsigned long)RAND_MAX + 1) + (unsigned long)rand()) % i;
            unsigned long x = order[i - 1];
            order[i - 1] = order[j];
            order[j] = x;
        }
    }
    if (!strcmp(mode, "longname")) {
        longname = malloc(1 << 20);
        memset(longname, 'h', 1 << 20);
    }
    for (i = 0; i < n; i++) {
        unsigned long id = order[i];
        k = !strcmp(mode, "uniform") ? 0 : id % 10 < 7 ? 0 : id % 10 < 9 ? 1 : 2;
        fwrite(t[k], 1, head[k], stdout);
        if (longname)
            fwrite(longname, 1, 1 << 20, stdout);
        else if (!strcmp(mode, "literal"))
            printf("node-%08lx.example", (id * 2654435761ul) & 0xfffffffful);
        else
            printf("node%07lu", id);
        fwrite(t[k] + tail[k], 1, len[k] - tail[k], stdout);
        putchar('\n');
    }
    return ferror(stdout) ? 1 : 0;
}
