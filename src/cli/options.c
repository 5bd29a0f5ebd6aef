#include "cli/options.h"

#include <stdlib.h>
#include <string.h>

#include "cli/exit.h"
#include "compat/compat.h"
#include "kb/kb.h"
#include "report/redact.h"
#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

#define ENV_FILE_MAX (1u << 20)

void options_init(struct options *o)
{
    memset(o, 0, sizeof(*o));
}

void options_release(struct options *o)
{
    free(o->env_changes.v);
    free(o->operands.v);
    options_init(o);
}

/* "NAME=VALUE" with a NAME */
static int is_assignment(const char *s)
{
    return s[0] != '=' && strchr(s, '=') != NULL;
}

static int non_empty(const char *s)
{
    return *s != '\0';
}

static const char *const os_words[] = { "linux", "windows", "wsl", "macos", NULL };
const char *const options_color_words[] = { "auto", "always", "never", NULL };

#define OFF(field) offsetof(struct options, field)

const struct opt_def options_shared_rows[] = {
    { .name = "root", .kind = OPT_STRING, .off = OFF(root), .metavar = "DIR", .arg = ARG_DIR,
      .valid = non_empty, .flags = OPT_IN_OPTIONS,
      .help = "examine the machine whose / is DIR (an unpacked container image, a mounted disk); "
              "symlinks resolve inside DIR" },
    { .name = "env", .kind = OPT_LIST, .off = OFF(env_changes), .ival = OPT_ENV_SET,
      .metavar = "NAME=VALUE", .valid = is_assignment, .flags = OPT_IN_OPTIONS,
      .help = "set an environment variable for the examined process (repeatable)" },
    { .name = "env-file", .kind = OPT_LIST, .off = OFF(env_changes), .ival = OPT_ENV_FILE,
      .metavar = "FILE", .arg = ARG_FILE, .flags = OPT_IN_OPTIONS,
      .help = "read NAME=VALUE lines from FILE" },
    { .name = "clear-env", .kind = OPT_FLAG, .off = OFF(clear_env), .ival = 1, .flags = OPT_IN_OPTIONS,
      .help = "start from an empty environment instead of this process's" },
    { .name = "os", .kind = OPT_STRING, .off = OFF(os), .metavar = "OS", .choices = os_words,
      .flags = OPT_IN_OPTIONS,
      .help = "examine the tree as a linux, windows, wsl or macos machine (default: the system "
              "gpudoctor runs on); windows and macos read it with their own observers and loader "
              "rules (docs/windows.md, docs/macos.md)" },
    { .name = "json", .kind = OPT_FLAG, .off = OFF(format), .ival = FMT_JSON, .flags = OPT_IN_OPTIONS,
      .help = "write the report as JSON (schema gpudoctor/1, docs/json.md)" },
    { .name = "markdown", .kind = OPT_FLAG, .off = OFF(format), .ival = FMT_MARKDOWN,
      .flags = OPT_IN_OPTIONS, .help = "write the report as Markdown, for pasting into an issue" },
    { .name = "facts", .kind = OPT_FLAG, .off = OFF(format), .ival = FMT_FACTS, .flags = OPT_IN_OPTIONS,
      .help = "write the raw scan facts as JSON" },
    { .name = "strict", .kind = OPT_FLAG, .off = OFF(strict), .ival = 1, .flags = OPT_IN_OPTIONS,
      .help = "exit 1 on warnings as well as errors" },
    { .name = "redact", .kind = OPT_FLAG, .off = OFF(redact), .ival = 1, .flags = OPT_IN_OPTIONS,
      .help = "make the report safe to paste: home directories -> ~, user and host names and the "
              "machine-id replaced" },
    { .name = "db", .kind = OPT_STRING, .off = OFF(db), .metavar = "PATH", .arg = ARG_FILE,
      .flags = OPT_IN_OPTIONS,
      .help = "use this knowledge-base file or directory instead of the built-in tables" },
    OPTIONS_ROW_OUTPUT,
    OPTIONS_ROW_COLOR,
    OPTIONS_ROW_NO_COLOR,
    { .name = "all-shells", .kind = OPT_FLAG, .off = OFF(all_shells), .ival = 1, .flags = OPT_IN_OPTIONS,
      .help = "show every fix for every shell (default: a command written for several shells is "
              "shown for yours, from $SHELL)" },
    OPTIONS_ROW_HELP,
    OPT_END
};

const struct opt_group options_shared = { "Options shared by the examining subcommands", NULL,
                                          options_shared_rows, OG_SHARED };

static const char *reader_shell(void);

int options_setup(const struct options *o, struct run_ctx *ctx, struct gd_err *err)
{
    size_t i;
    const char *root;
    char sysroot[16];

    memset(ctx, 0, sizeof(*ctx));
    ctx->out = stdout;
    env_init(&ctx->env);
    /* Without --root the examined machine is this one: "/" on POSIX, the
     * system drive on Windows (compat_system_root). */
    root = o->root;
    if (!root && compat_system_root(sysroot, sizeof(sysroot)) == 0)
        root = sysroot;
    if (fs_init(&ctx->fs, root, err) < 0) {
        err->code = GD_ERR_USAGE;
        return -1;
    }
    /* Test hook (see fs.h): make a subtree unreadable, which running as
     * root cannot do with permissions. */
    ctx->fs.fault_eacces = getenv("GPUDOCTOR_TEST_EACCES");
    /* Test hook (see compat.h): the component walk where openat2 exists. */
    if (getenv("GPUDOCTOR_TEST_NO_OPENAT2"))
        compat_set_no_openat2(1);
    if (!o->clear_env)
        env_import(&ctx->env, compat_environ());
    for (i = 0; i < o->env_changes.n; i++) {
        const struct opt_item *c = &o->env_changes.v[i];
        if (c->kind == OPT_ENV_SET) {
            if (env_put(&ctx->env, c->arg, err) < 0)
                return -1;
        } else {
            /* The env file is the user's, on this machine: read it
             * directly, not inside --root. */
            struct fs host;
            struct strbuf sb = STRBUF_INIT;
            struct strbuf abs = STRBUF_INIT;
            char cwd[FS_PATH_MAX];
            int r;
            fs_init(&host, NULL, NULL);
            if (c->arg[0] != '/' && compat_getcwd(cwd, sizeof(cwd)) == 0)
                path_join(&abs, cwd, c->arg);
            else
                strbuf_addstr(&abs, c->arg);
            r = fs_read_file(&host, abs.buf, ENV_FILE_MAX, &sb, err);
            if (r == 0)
                err_setx(err, GD_ERR_USAGE, "cannot read env file '%s': No such file or directory", c->arg);
            else if (r == 1 && env_parse_file(&ctx->env, sb.buf, sb.len, err) < 0) {
                char msg[GD_ERR_MSG_MAX];
                snprintf(msg, sizeof(msg), "%s", err->msg);
                err_setx(err, GD_ERR_USAGE, "env file '%s': %s", c->arg, msg);
                r = -1;
            }
            strbuf_release(&sb);
            strbuf_release(&abs);
            fs_release(&host);
            if (r != 1) {
                err->code = GD_ERR_USAGE;
                return -1;
            }
        }
    }
    if (o->output && strcmp(o->output, "-")) {
        ctx->out = fopen(o->output, "w");
        if (!ctx->out) {
            ctx->out = stdout;
            return err_set(err, "cannot write '%s'", o->output);
        }
    }
    ctx->color = options_use_color(o->color, o->format == FMT_TEXT, ctx->out == stdout);
    ctx->shell = o->all_shells ? NULL : reader_shell();
    if (o->redact) {
        FILE *t = tmpfile();
        if (!t)
            return err_set(err, "--redact: cannot make a temporary file");
        ctx->redact_to = ctx->out;
        ctx->out = t;
    }
    return 0;
}

int options_use_color(const char *when, int auto_ok, int to_stdout)
{
    const char *nc;
    if (when && !strcmp(when, "always"))
        return 1;
    if (when && !strcmp(when, "never"))
        return 0;
    /* Colour follows gpudoctor's own terminal and environment, not the
     * examined one; NO_COLOR counts when set and not empty (no-color.org). */
    nc = getenv("NO_COLOR");
    return auto_ok && to_stdout && compat_isatty(1) && !(nc && *nc);
}

/* The shell of the person reading the report (not of the examined
 * machine): $SHELL's name, PowerShell on native Windows without one. */
static const char *reader_shell(void)
{
    const char *s = getenv("SHELL"), *base;
    if (!s || !*s)
        return compat_native_windows() ? "powershell" : "sh";
    base = strrchr(s, '/');
    base = base ? base + 1 : s;
    if (!strcmp(base, "fish"))
        return "fish";
    if (!strcmp(base, "pwsh") || !strcmp(base, "powershell") || !strcmp(base, "pwsh.exe") ||
        !strcmp(base, "powershell.exe"))
        return "powershell";
    if (!strcmp(base, "cmd.exe") || !strcmp(base, "cmd"))
        return "cmd";
    return "sh";
}

int options_open(const struct options *o, const char *cmd, struct run_ctx *ctx, struct kb **kb)
{
    struct gd_err err;

    err_init(&err);
    *kb = NULL;
    if (options_setup(o, ctx, &err) < 0) {
        int usage = err.code == GD_ERR_USAGE;
        fprintf(stderr, "gpudoctor %s: %s\n", cmd, err.msg);
        if (usage)
            fprintf(stderr, "see 'gpudoctor help %s'\n", cmd);
        run_ctx_release(ctx, NULL);
        return usage ? GD_EXIT_USAGE : GD_EXIT_FAILURE;
    }
    if (o->db) {
        *kb = kb_load(o->db, &err);
        if (!*kb) {
            fprintf(stderr, "gpudoctor %s: cannot use knowledge base '%s': %s\n", cmd, o->db, err.msg);
            run_ctx_release(ctx, NULL);
            return GD_EXIT_USAGE;
        }
    } else {
        *kb = kb_new_builtin();
    }
    return 0;
}

#define REDACT_REPORT_MAX (256u << 20)

/* The first line of /etc/NAME in the examined tree, into sb; NULL if none. */
static const char *first_line_of(struct fs *fs, const char *vpath, struct strbuf *sb)
{
    struct gd_err err;
    size_t n;
    err_init(&err);
    if (fs_read_file(fs, vpath, 4096, sb, &err) != 1)
        return NULL;
    for (n = 0; n < sb->len && sb->buf[n] != '\n' && sb->buf[n] != '\r'; n++)
        ;
    strbuf_setlen(sb, n);
    return sb->len ? sb->buf : NULL;
}

/* --redact: the report in ctx->out (a temporary file), rewritten into
 * ctx->redact_to, which becomes ctx->out again.  -1 if it could not be read. */
static int redact_flush(struct run_ctx *ctx)
{
    struct strbuf text = STRBUF_INIT, clean = STRBUF_INIT, hostname = STRBUF_INIT,
                  short_host = STRBUF_INIT, mid = STRBUF_INIT;
    struct redact r;
    char host[256], buf[8192];
    size_t n, nh = 0, nu = 0, k;
    int bad = 0;
    const char *v;
    static const char *const user_vars[] = { "USER", "LOGNAME" };

    rewind(ctx->out);
    while ((n = fread(buf, 1, sizeof(buf), ctx->out)) > 0 && text.len < REDACT_REPORT_MAX)
        strbuf_add(&text, buf, n);
    bad = ferror(ctx->out) != 0 || text.len >= REDACT_REPORT_MAX;
    fclose(ctx->out);
    ctx->out = ctx->redact_to;
    ctx->redact_to = NULL;

    redact_init(&r);
    r.home = env_get(&ctx->env, "HOME");
    for (k = 0; k < sizeof(user_vars) / sizeof(user_vars[0]); k++) {
        if ((v = env_get(&ctx->env, user_vars[k])) != NULL && nu < REDACT_MAX_VALUES)
            r.users[nu++] = v;
        if ((v = getenv(user_vars[k])) != NULL && nu < REDACT_MAX_VALUES)
            r.users[nu++] = v;
    }
    /* the host as the scan names it (scan/system.c): this machine's name,
     * or the tree's /etc/hostname; both, and their first labels */
    if (ctx->fs.host_root && compat_hostname(host, sizeof(host)) == 0)
        r.hosts[nh++] = host;
    if ((v = first_line_of(&ctx->fs, "/etc/hostname", &hostname)) != NULL)
        r.hosts[nh++] = v;
    for (k = 0, n = nh; k < n; k++)
        if (strchr(r.hosts[k], '.') && !short_host.len) {
            strbuf_add(&short_host, r.hosts[k], (size_t)(strchr(r.hosts[k], '.') - r.hosts[k]));
            r.hosts[nh++] = short_host.buf;
        }
    r.machine_id = first_line_of(&ctx->fs, "/etc/machine-id", &mid);
    redact_apply(&r, text.buf ? text.buf : "", text.len, &clean);
    if (clean.len && fwrite(clean.buf, 1, clean.len, ctx->out) != clean.len)
        bad = 1;
    strbuf_release(&text);
    strbuf_release(&clean);
    strbuf_release(&hostname);
    strbuf_release(&short_host);
    strbuf_release(&mid);
    return bad ? -1 : 0;
}

int run_ctx_release(struct run_ctx *ctx, struct gd_err *err)
{
    int bad = 0;
    if (ctx->redact_to && redact_flush(ctx) < 0)
        bad = 1;
    if (ctx->out && ctx->out != stdout) {
        bad = ferror(ctx->out) != 0;
        if (fclose(ctx->out) != 0)
            bad = 1;
    }
    ctx->out = NULL;
    fs_release(&ctx->fs);
    env_release(&ctx->env);
    if (bad)
        return err_setx(err, GD_ERR_SYS, "cannot write the output file");
    return 0;
}
