/*
 * tools/kb-lint.c - check the knowledge base's tables for consistency.
 *
 *   kb-lint [--stale] [--today YYYY-MM-DD] [DB]
 *
 * DB is a .kb file or a directory of them (default: the built-in tables, as
 * compiled from data/); the checks are kb_lint_check() (src/kb/kb_lint.h).
 * --stale also lists tables whose newest row is older than the newest
 * release data/kb_meta.kb says their sources named, or that were last
 * checked more than a year ago.  Exit: 0 clean, 1 consistency problems,
 * 2 usage or unreadable DB, 3 (with --stale) only stale tables.
 *
 * Built by mk/kb.mk as build/rel/kb-lint and build/san/kb-lint; the wrapper
 * tools/kb-lint builds and runs it.  A tool, not part of gpudoctor, so it
 * prints directly.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "kb/kb.h"
#include "kb/kb_lint.h"

static void print(const struct kb_lint *l, size_t from, const char *kind)
{
    size_t i;
    for (i = from; i < l->n; i++) {
        const struct kb_lint_msg *m = &l->v[i];
        if (m->file)
            printf("%s:%u: ", m->file, m->line);
        printf("%s: %s%s%s\n", kind, m->table ? m->table : "", m->table ? ": " : "", m->text);
    }
}

int main(int argc, char **argv)
{
    const char *db = NULL, *today = NULL;
    char now[16];
    int stale = 0, i;
    struct gd_err err;
    struct kb *kb;
    struct kb_lint l;
    size_t nerr, nstale = 0;
    time_t t = time(NULL);
    struct tm tm;

    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--stale"))
            stale = 1;
        else if (!strcmp(argv[i], "--today") && i + 1 < argc)
            today = argv[++i];
        else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            printf("usage: kb-lint [--stale] [--today YYYY-MM-DD] [DB]\n");
            return 0;
        } else if (argv[i][0] == '-' || db) {
            fprintf(stderr, "usage: kb-lint [--stale] [--today YYYY-MM-DD] [DB]\n");
            return 2;
        } else
            db = argv[i];
    }
    if (!today) {
        if (!gmtime_r(&t, &tm) || !strftime(now, sizeof(now), "%Y-%m-%d", &tm))
            return 2;
        today = now;
    }
    err_init(&err);
    kb = db ? kb_load(db, &err) : kb_new_builtin();
    if (!kb) {
        fprintf(stderr, "kb-lint: %s\n", err.msg);
        return 2;
    }
    kb_lint_init(&l);
    nerr = kb_lint_check(kb, today, &l);
    print(&l, 0, "error");
    if (stale) {
        size_t from = l.n;
        nstale = kb_lint_stale(kb, today, &l);
        print(&l, from, "stale");
    }
    printf("kb-lint: %s (revision %s): %zu problem%s%s", kb_origin(kb), kb_revision(kb), nerr,
           nerr == 1 ? "" : "s", stale ? ", " : "\n");
    if (stale)
        printf("%zu stale\n", nstale);
    kb_lint_release(&l);
    kb_free(kb);
    return nerr ? 1 : nstale ? 3 : 0;
}
