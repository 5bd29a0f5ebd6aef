/*
 * cmd_kb.c - `gpudoctor kb --stale`: how old the knowledge base's tables
 * are, against the newest release the binary knows of, and how to feed it
 * newer ones (--db) without a network dependency.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "cli/exit.h"
#include "cli/main_help.h"
#include "cli/options.h"
#include "cli/version.h"
#include "compat/compat.h"
#include "kb/kb.h"
#include "kb/kb_lint.h"
#include "kb/kbdata.h"
#include "util/json_writer.h"
#include "util/strbuf.h"
#include "util/banned.h"

#define KB_STALE_SCHEMA "gpudoctor-kb-stale/1"

struct kb_args {
    int stale;
    const char *today;
};

#define OFF(field) offsetof(struct kb_args, field)

static const struct opt_def kb_rows[] = {
    { .name = "stale", .kind = OPT_FLAG, .off = OFF(stale), .ival = 1,
      .help = "list every table with the date its rows were last checked against their sources, the "
              "newest release those sources named then and the newest its rows cover; the tables that "
              "are behind or were not checked within a year" },
    { .name = "today", .kind = OPT_STRING, .off = OFF(today), .metavar = "YYYY-MM-DD",
      .help = "the date to measure ages from (default: today, UTC)" },
    { .name = "json", .kind = OPT_FLAG, .off = offsetof(struct options, format), .ival = FMT_JSON,
      .flags = OPT_IN_OPTIONS, .help = "JSON, schema " KB_STALE_SCHEMA " (docs/json.md, \"kb --stale\")" },
    OPT_END
};
static const struct opt_group kb_group = { "Options of kb", NULL, kb_rows, 0 };
static const struct opt_group *const kb_groups[] = { &kb_group, &options_shared, NULL };
static const char *const kb_synopsis[] = { "gpudoctor kb --stale [--today YYYY-MM-DD] [--json] [--db PATH]", NULL };
static const struct help_block kb_about[] = {
    { NULL, "The knowledge base is built into the binary and gpudoctor never downloads anything.  kb --stale "
            "says how old each table is: when its rows were last checked against their sources (kb_meta), "
            "the newest release those sources named then, and the newest release its rows cover.  Newer "
            "tables are fed with --db PATH: a .kb file or a directory of them, in data/'s format, "
            "replaces the built-in tables it defines (docs/kb.md); kb --stale --db PATH checks them." },
    { NULL, NULL }
};
static const struct exit_doc kb_exits[] = {
    { GD_EXIT_OK, "no table is behind or unchecked for over a year" },
    { GD_EXIT_FINDINGS, "a table is stale (each is named)" },
    { GD_EXIT_USAGE, "usage error (a --today that is not a date, a --db that does not load)" },
    { GD_EXIT_FAILURE, "the output could not be written" },
    { -1, NULL }
};

const struct cmd_spec kb_spec = { kb_synopsis, kb_about, kb_groups, NULL, 0, 0, NULL, kb_exits, NULL, NULL };

static void text(FILE *fp, const struct kb *kb, const char *db, const char *today, const struct kb_fresh *f,
                 size_t n, const struct kb_lint *l)
{
    size_t i;
    fprintf(fp, "knowledge base: %s, revision %s; gpudoctor %s; today %s\n\n", db ? db : "built in",
            kb_revision(kb) ? kb_revision(kb) : "(none)", GD_VERSION, today);
    fprintf(fp, "%-13s %-10s %8s  %-14s %-14s\n", "table", "checked", "age", "sources named", "rows cover");
    for (i = 0; i < n; i++) {
        char age[32];
        if (f[i].age_days >= 0)
            snprintf(age, sizeof(age), "%ld d", f[i].age_days);
        else
            snprintf(age, sizeof(age), "?");
        fprintf(fp, "%-13s %-10s %8s  %-14s %-14s%s\n", f[i].table, f[i].checked, age, f[i].named,
                f[i].mixed ? "(per framework)" : f[i].open ? "(open-ended)" : f[i].have ? f[i].have : "(none)",
                f[i].behind ? "  BEHIND" : "");
    }
    if (l->n) {
        fprintf(fp, "\nstale (%zu):\n", l->n);
        for (i = 0; i < l->n; i++)
            fprintf(fp, "  %s%s%s\n", l->v[i].table ? l->v[i].table : "", l->v[i].table ? ": " : "", l->v[i].text);
    } else {
        fprintf(fp, "\nno table is behind the newest release its sources named, and each was checked within a "
                    "year\n");
    }
    fprintf(fp, "\nReleases after the newest named are unknown to this binary.  To use newer tables without a "
                "new binary: put .kb files in data/'s format (docs/kb.md) in a directory and pass it, "
                "`gpudoctor check --db DIR` (every subcommand takes --db); `gpudoctor kb --stale --db DIR` "
                "checks them.\n");
}

static void json(FILE *fp, const struct kb *kb, const char *db, const char *today, const struct kb_fresh *f,
                 size_t n, const struct kb_lint *l, int rc)
{
    struct strbuf sb = STRBUF_INIT;
    struct jw jw;
    size_t i;
    jw_init(&jw, &sb, 1);
    jw_object_begin(&jw);
    jw_kv_str(&jw, "schema", KB_STALE_SCHEMA);
    jw_kv_str(&jw, "db", db);
    jw_kv_str(&jw, "kb_revision", kb_revision(kb));
    jw_kv_str(&jw, "today", today);
    jw_key(&jw, "tables");
    jw_array_begin(&jw);
    for (i = 0; i < n; i++) {
        jw_object_begin(&jw);
        jw_kv_str(&jw, "table", f[i].table);
        jw_kv_str(&jw, "checked", f[i].checked);
        if (f[i].age_days >= 0)
            jw_kv_int(&jw, "age_days", f[i].age_days);
        else
            jw_kv_null(&jw, "age_days");
        jw_kv_str(&jw, "sources_named", f[i].named);
        jw_kv_str(&jw, "rows_cover", f[i].open || f[i].mixed ? NULL : f[i].have);
        jw_kv_bool(&jw, "open_ended", f[i].open);
        jw_kv_bool(&jw, "behind", f[i].behind);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);
    jw_key(&jw, "stale");
    jw_array_begin(&jw);
    for (i = 0; i < l->n; i++) {
        jw_object_begin(&jw);
        jw_kv_str(&jw, "table", l->v[i].table);
        jw_kv_str(&jw, "text", l->v[i].text);
        jw_object_end(&jw);
    }
    jw_array_end(&jw);
    jw_kv_int(&jw, "exit_status", rc);
    jw_object_end(&jw);
    strbuf_addch(&sb, '\n');
    fwrite(sb.buf, 1, sb.len, fp);
    strbuf_release(&sb);
}

int cmd_kb(int argc, char **argv)
{
    struct options o;
    struct kb_args ka;
    struct run_ctx ctx;
    struct gd_err err;
    struct kb *kb = NULL;
    struct kb_lint l;
    struct kb_fresh *f = NULL;
    char now[16];
    const char *today;
    size_t n;
    int rc;

    options_init(&o);
    err_init(&err);
    memset(&ka, 0, sizeof(ka));
    if (cmd_parse("kb", &kb_spec, &o, &ka, argc, argv, &rc) < 0) {
        options_release(&o);
        return rc;
    }
    if (!ka.stale) {
        options_release(&o);
        return usage_error("kb", "say what to show: --stale");
    }
    if (ka.today && !kbdata_is_date(ka.today)) {
        options_release(&o);
        return usage_error("kb", "--today '%s' is not a date YYYY-MM-DD", ka.today);
    }
    today = ka.today;
    if (!today) {
        if (compat_today_utc(now, sizeof(now)) < 0) {
            options_release(&o);
            fprintf(stderr, "gpudoctor kb: cannot read the clock\n");
            return GD_EXIT_FAILURE;
        }
        today = now;
    }
    if ((rc = options_open(&o, "kb", &ctx, &kb)) != 0) {
        options_release(&o);
        return rc;
    }
    kb_lint_init(&l);
    n = kb_lint_freshness(kb, today, &f);
    rc = kb_lint_stale(kb, today, &l) ? GD_EXIT_FINDINGS : GD_EXIT_OK;
    if (o.format == FMT_JSON)
        json(ctx.out, kb, o.db, today, f, n, &l, rc);
    else
        text(ctx.out, kb, o.db, today, f, n, &l);
    free(f);
    kb_lint_release(&l);
    kb_free(kb);
    if (run_ctx_release(&ctx, &err) < 0) {
        fprintf(stderr, "gpudoctor kb: %s\n", err.msg);
        rc = GD_EXIT_FAILURE;
    }
    options_release(&o);
    return rc;
}
