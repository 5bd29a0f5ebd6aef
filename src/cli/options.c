#include "cli/options.h"

#include <errno.h>
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
    o->color = -1;
}

void options_release(struct options *o)
{
    free(o->env_changes);
    options_init(o);
}

static int need_arg(int argc, char **argv, int *i, const char **val, struct gd_err *err)
{
    const char *opt = argv[*i];
    const char *eq = strchr(opt, '=');
    if (opt[0] == '-' && opt[1] == '-' && eq) {
        *val = eq + 1;
        return 0;
    }
    if (*i + 1 >= argc)
        return err_setx(err, GD_ERR_USAGE, "option '%s' needs an argument", opt);
    *val = argv[++*i];
    return 0;
}

/* "--root" matches "--root" and "--root=DIR". */
static int is_opt(const char *arg, const char *name)
{
    size_t n = strlen(name);
    return !strncmp(arg, name, n) && (arg[n] == '\0' || (arg[n] == '=' && name[1] == '-'));
}

static void add_change(struct options *o, int kind, const char *arg)
{
    ALLOC_GROW(o->env_changes, o->n_env_changes + 1, o->alloc_env_changes);
    o->env_changes[o->n_env_changes].kind = kind;
    o->env_changes[o->n_env_changes].arg = arg;
    o->n_env_changes++;
}

enum opt_result options_parse_common(struct options *o, int argc, char **argv, int *i,
                                     struct gd_err *err)
{
    const char *a = argv[*i], *val;

    if (!strcmp(a, "-h") || !strcmp(a, "--help"))
        return OPT_HELP;
    if (!strcmp(a, "--json")) { o->format = FMT_JSON; return OPT_OK; }
    if (!strcmp(a, "--markdown")) { o->format = FMT_MARKDOWN; return OPT_OK; }
    if (!strcmp(a, "--facts")) { o->format = FMT_FACTS; return OPT_OK; }
    if (!strcmp(a, "--strict")) { o->strict = 1; return OPT_OK; }
    if (!strcmp(a, "--clear-env")) { o->clear_env = 1; return OPT_OK; }
    if (!strcmp(a, "--no-color")) { o->color = 0; return OPT_OK; }
    if (!strcmp(a, "--color")) { o->color = 1; return OPT_OK; }
    if (!strcmp(a, "--all-shells")) { o->all_shells = 1; return OPT_OK; }
    if (!strcmp(a, "--redact")) { o->redact = 1; return OPT_OK; }
    if (is_opt(a, "--root")) {
        if (need_arg(argc, argv, i, &val, err) < 0)
            return OPT_BAD_USE;
        if (!*val) {
            err_setx(err, GD_ERR_USAGE, "option '--root' needs a directory");
            return OPT_BAD_USE;
        }
        o->root = val;
        return OPT_OK;
    }
    if (is_opt(a, "--env")) {
        if (need_arg(argc, argv, i, &val, err) < 0)
            return OPT_BAD_USE;
        if (!strchr(val, '=') || val[0] == '=') {
            err_setx(err, GD_ERR_USAGE, "option '--env' needs NAME=VALUE, not '%s'", val);
            return OPT_BAD_USE;
        }
        add_change(o, 0, val);
        return OPT_OK;
    }
    if (is_opt(a, "--env-file")) {
        if (need_arg(argc, argv, i, &val, err) < 0)
            return OPT_BAD_USE;
        add_change(o, 1, val);
        return OPT_OK;
    }
    if (is_opt(a, "--db")) {
        if (need_arg(argc, argv, i, &val, err) < 0)
            return OPT_BAD_USE;
        o->db = val;
        return OPT_OK;
    }
    if (is_opt(a, "--output") || !strcmp(a, "-o")) {
        if (need_arg(argc, argv, i, &val, err) < 0)
            return OPT_BAD_USE;
        o->output = val;
        return OPT_OK;
    }
    if (is_opt(a, "--os")) {
        if (need_arg(argc, argv, i, &val, err) < 0)
            return OPT_BAD_USE;
        if (strcmp(val, "linux") && strcmp(val, "windows") && strcmp(val, "wsl") &&
            strcmp(val, "macos")) {
            err_setx(err, GD_ERR_USAGE, "option '--os' takes linux, windows, wsl or macos, not '%s'", val);
            return OPT_BAD_USE;
        }
        o->os = val;
        return OPT_OK;
    }
    return OPT_NOT_MINE;
}

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
    if (getenv("GPUDOCTOR_TEST_NO_PROC_FD"))
        compat_set_no_proc_fd(1);
    if (!o->clear_env)
        env_import(&ctx->env, compat_environ());
    for (i = 0; i < o->n_env_changes; i++) {
        const struct env_change *c = &o->env_changes[i];
        if (c->kind == 0) {
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
    if (o->color >= 0)
        ctx->color = o->color;
    else
        ctx->color = options_auto_color(ctx->out == stdout);
    if (o->format != FMT_TEXT && o->color < 0)
        ctx->color = 0;
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

int options_auto_color(int to_stdout)
{
    /* Colour follows gpudoctor's own terminal and environment, not the
     * examined one; NO_COLOR counts when set and not empty (no-color.org). */
    const char *nc = getenv("NO_COLOR");
    return to_stdout && compat_isatty(1) && !(nc && *nc);
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

int parse_int_arg(const char *s, long min, long max, long *out)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}
