/*
 * idecfg.c - the interpreter an IDE will run for a project (idecfg.h).
 */
#include "scan/idecfg.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "scan/proc.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

#define IDE_FILE_MAX (1u << 20)

/* ---- JSONC ----------------------------------------------------------------- */

void ide_jsonc_to_json(const uint8_t *buf, size_t len, struct strbuf *out)
{
    const char *s = (const char *)buf;
    struct strbuf tmp = STRBUF_INIT;
    size_t i = 0, j;

    /* Pass 1: comments out (strings copied as they are). */
    while (i < len) {
        char c = s[i];
        if (c == '"') {
            size_t start = i++;
            while (i < len && s[i] != '"') {
                if (s[i] == '\\' && i + 1 < len)
                    i++;
                i++;
            }
            if (i >= len)
                break;   /* an open string: the text ends there */
            i++;
            strbuf_add(&tmp, s + start, i - start);
        } else if (c == '/' && i + 1 < len && s[i + 1] == '/') {
            while (i < len && s[i] != '\n')
                i++;
        } else if (c == '/' && i + 1 < len && s[i + 1] == '*') {
            const char *end = NULL;
            for (j = i + 2; j + 1 < len; j++)
                if (s[j] == '*' && s[j + 1] == '/') {
                    end = s + j;
                    break;
                }
            if (!end)
                break;
            strbuf_addch(&tmp, ' ');
            i = (size_t)(end - s) + 2;
        } else {
            strbuf_addch(&tmp, c);
            i++;
        }
    }
    /* Pass 2: a comma followed by '}' or ']' (after blanks) is dropped. */
    for (i = 0; i < tmp.len; i++) {
        char c = tmp.buf[i];
        if (c == '"') {
            size_t start = i++;
            while (i < tmp.len && tmp.buf[i] != '"') {
                if (tmp.buf[i] == '\\' && i + 1 < tmp.len)
                    i++;
                i++;
            }
            strbuf_add(out, tmp.buf + start, (i < tmp.len ? i + 1 : tmp.len) - start);
            continue;
        }
        if (c == ',') {
            for (j = i + 1; j < tmp.len && char_is_space(tmp.buf[j]); j++)
                ;
            if (j < tmp.len && (tmp.buf[j] == '}' || tmp.buf[j] == ']'))
                continue;
        }
        strbuf_addch(out, c);
    }
    strbuf_release(&tmp);
}

int ide_vscode_setting(const uint8_t *buf, size_t len, const char *key, struct arena *a, const char **value)
{
    struct strbuf js = STRBUF_INIT;
    json_error_t je;
    json_t *root, *v;
    int rc = 0;

    *value = NULL;
    ide_jsonc_to_json(buf, len, &js);
    /* VS Code takes the last of two equal keys, as jansson does by default. */
    root = json_loadb(js.buf ? js.buf : "", js.len, 0, &je);
    strbuf_release(&js);
    if (!root || !json_is_object(root)) {
        json_decref(root);
        return -1;
    }
    v = json_object_get(root, key);
    if (v && json_is_string(v)) {
        *value = arena_strndup(a, json_string_value(v), json_string_length(v));
        rc = 1;
    }
    json_decref(root);
    return rc;
}

/* ---- a small XML tag reader ------------------------------------------------- */

struct xtag {
    const char *name;
    size_t nlen;
    const char *attrs;   /* after the name, up to '>' (or "/>") */
    size_t alen;
    int closing;         /* </name> */
};

/* The next element tag at or after *pos (comments, declarations and
 * processing instructions skipped).  1, or 0 at the end. */
static int next_tag(const char *s, size_t len, size_t *pos, struct xtag *t)
{
    size_t i = *pos, j;
    while (i < len) {
        const char *lt = memchr(s + i, '<', len - i);
        if (!lt)
            return 0;
        i = (size_t)(lt - s) + 1;
        if (i + 2 < len && s[i] == '!' && s[i + 1] == '-' && s[i + 2] == '-') {
            const char *end = NULL;
            for (j = i + 3; j + 2 < len; j++)
                if (s[j] == '-' && s[j + 1] == '-' && s[j + 2] == '>') {
                    end = s + j;
                    break;
                }
            if (!end)
                return 0;
            i = (size_t)(end - s) + 3;
            continue;
        }
        if (i < len && (s[i] == '?' || s[i] == '!')) {
            const char *gt = memchr(s + i, '>', len - i);
            if (!gt)
                return 0;
            i = (size_t)(gt - s) + 1;
            continue;
        }
        t->closing = i < len && s[i] == '/';
        if (t->closing)
            i++;
        t->name = s + i;
        while (i < len && !char_is_space(s[i]) && s[i] != '>' && s[i] != '/')
            i++;
        t->nlen = (size_t)(s + i - t->name);
        t->attrs = s + i;
        /* The tag ends at the first '>' outside a quoted value. */
        {
            char q = 0;
            while (i < len && (q || s[i] != '>')) {
                if (q && s[i] == q)
                    q = 0;
                else if (!q && (s[i] == '"' || s[i] == '\''))
                    q = s[i];
                i++;
            }
        }
        if (i >= len)
            return 0;
        t->alen = (size_t)(s + i - t->attrs);
        *pos = i + 1;
        if (t->nlen)
            return 1;
    }
    return 0;
}

static int tag_is(const struct xtag *t, const char *name)
{
    return t->nlen == strlen(name) && !memcmp(t->name, name, t->nlen);
}

/* Decode the XML entities of s[0..n) into a. */
static const char *xml_text(struct arena *a, const char *s, size_t n)
{
    struct strbuf sb = STRBUF_INIT;
    const char *r;
    size_t i = 0;
    static const struct { const char *ent; char c; } ents[] = {
        { "&quot;", '"' }, { "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&apos;", '\'' },
    };
    while (i < n) {
        size_t k;
        int done = 0;
        if (s[i] == '&') {
            for (k = 0; k < sizeof(ents) / sizeof(ents[0]); k++) {
                size_t el = strlen(ents[k].ent);
                if (n - i >= el && !memcmp(s + i, ents[k].ent, el)) {
                    strbuf_addch(&sb, ents[k].c);
                    i += el;
                    done = 1;
                    break;
                }
            }
            if (!done && n - i > 3 && s[i + 1] == '#') {
                /* &#NN; or &#xHH; for ASCII only; others stay as written */
                size_t j = i + 2;
                unsigned long v = 0;
                int hex = j < n && (s[j] == 'x' || s[j] == 'X');
                if (hex)
                    j++;
                while (j < n && j - i < 10 && ((s[j] >= '0' && s[j] <= '9') ||
                                              (hex && ((s[j] >= 'a' && s[j] <= 'f') || (s[j] >= 'A' && s[j] <= 'F'))))) {
                    unsigned d = s[j] <= '9' ? (unsigned)(s[j] - '0') : (unsigned)((s[j] | 0x20) - 'a' + 10);
                    v = v * (hex ? 16u : 10u) + d;
                    j++;
                }
                if (j < n && s[j] == ';' && v > 0 && v < 0x80) {
                    strbuf_addch(&sb, (int)v);
                    i = j + 1;
                    done = 1;
                }
            }
        }
        if (!done)
            strbuf_addch(&sb, s[i++]);
    }
    r = arena_strndup(a, sb.buf ? sb.buf : "", sb.len);
    strbuf_release(&sb);
    return r;
}

/* The value of attribute name in t, decoded into a, or NULL. */
static const char *attr(const struct xtag *t, const char *name, struct arena *a)
{
    const char *s = t->attrs;
    size_t n = t->alen, i = 0, nl = strlen(name);
    while (i < n) {
        const char *an;
        size_t anl;
        char q;
        while (i < n && (char_is_space(s[i]) || s[i] == '/'))
            i++;
        an = s + i;
        while (i < n && s[i] != '=' && !char_is_space(s[i]) && s[i] != '/')
            i++;
        anl = (size_t)(s + i - an);
        while (i < n && char_is_space(s[i]))
            i++;
        if (i >= n || s[i] != '=') {
            if (!anl)
                i++;
            continue;
        }
        i++;
        while (i < n && char_is_space(s[i]))
            i++;
        if (i >= n || (s[i] != '"' && s[i] != '\''))
            continue;
        q = s[i++];
        {
            const char *v = s + i, *end = memchr(v, q, n - i);
            if (!end)
                return NULL;
            i = (size_t)(end - s) + 1;
            if (anl == nl && !memcmp(an, name, nl))
                return xml_text(a, v, (size_t)(end - v));
        }
    }
    return NULL;
}

int ide_pycharm_project_sdk(const uint8_t *buf, size_t len, struct arena *a, const char **name, const char **type)
{
    const char *s = (const char *)buf;
    size_t pos = 0;
    struct xtag t;
    struct arena tmp;
    int rc = 0;

    *name = *type = NULL;
    arena_init(&tmp);
    while (next_tag(s, len, &pos, &t)) {
        const char *cn, *n;
        if (t.closing || !tag_is(&t, "component"))
            continue;
        cn = attr(&t, "name", &tmp);
        if (!cn || strcmp(cn, "ProjectRootManager"))
            continue;
        n = attr(&t, "project-jdk-name", a);
        if (!n)
            continue;
        *name = n;
        *type = attr(&t, "project-jdk-type", a);
        rc = 1;
        break;
    }
    arena_release(&tmp);
    return rc;
}

int ide_pycharm_sdk_home(const uint8_t *buf, size_t len, const char *name, struct arena *a, const char **home)
{
    const char *s = (const char *)buf;
    size_t pos = 0;
    struct xtag t;
    struct arena tmp;
    int in_jdk = 0, name_ok = 0, rc = 0;
    const char *h = NULL;

    *home = NULL;
    arena_init(&tmp);
    while (next_tag(s, len, &pos, &t)) {
        if (tag_is(&t, "jdk")) {
            if (t.closing) {
                if (in_jdk && name_ok && h) {
                    *home = arena_strdup(a, h);
                    rc = 1;
                    break;
                }
                in_jdk = 0;
            } else {
                in_jdk = 1;
                name_ok = 0;
                h = NULL;
            }
            continue;
        }
        if (!in_jdk || t.closing)
            continue;
        if (tag_is(&t, "name")) {
            const char *v = attr(&t, "value", &tmp);
            name_ok = v && !strcmp(v, name);
        } else if (tag_is(&t, "homePath")) {
            h = attr(&t, "value", &tmp);
        }
    }
    arena_release(&tmp);
    return rc;
}

/* ---- the observer ------------------------------------------------------------ */

static int read_small(struct fs *fs, const char *path, struct strbuf *sb, const char **problem, struct arena *a)
{
    struct gd_err err;
    int r;
    err_init(&err);
    strbuf_reset(sb);
    r = fs_read_file(fs, path, IDE_FILE_MAX, sb, &err);
    if (r < 0)
        *problem = arena_strdup(a, err.msg);
    return r;
}

static int is_file(struct fs *fs, const char *path)
{
    struct compat_stat st;
    return fs_stat(fs, path, &st, NULL) == 1 && st.type == COMPAT_FT_REG;
}

static int is_dir(struct fs *fs, const char *path)
{
    struct compat_stat st;
    return fs_stat(fs, path, &st, NULL) == 1 && st.type == COMPAT_FT_DIR;
}

/* ${workspaceFolder}, ${env:NAME}, ... as the Python extension's
 * SystemVariables resolves them; unknown names stay as written. */
static void vscode_vars(const char *v, const char *ws, const struct env *env, struct strbuf *out)
{
    const char *p = v;
    strbuf_reset(out);
    while (*p) {
        const char *close;
        if (p[0] == '$' && p[1] == '{' && (close = strchr(p + 2, '}')) != NULL) {
            const char *name = p + 2;
            size_t n = (size_t)(close - name);
            if ((n == 15 && !memcmp(name, "workspaceFolder", 15)) || (n == 13 && !memcmp(name, "workspaceRoot", 13)) ||
                (n == 3 && !memcmp(name, "cwd", 3))) {
                strbuf_addstr(out, ws);
            } else if ((n == 23 && !memcmp(name, "workspaceFolderBasename", 23)) ||
                       (n == 23 && !memcmp(name, "workspaceRootFolderName", 23))) {
                strbuf_addstr(out, path_basename(ws));
            } else if (n > 4 && (!memcmp(name, "env:", 4) || !memcmp(name, "env.", 4))) {
                char key[256];
                const char *val;
                if (n - 4 < sizeof(key)) {
                    memcpy(key, name + 4, n - 4);
                    key[n - 4] = '\0';
                    val = env_get(env, key);
                    if (val)
                        strbuf_addstr(out, val);
                }
            } else {
                strbuf_add(out, p, (size_t)(close - p) + 1);
            }
            p = close + 1;
            continue;
        }
        strbuf_addch(out, *p++);
    }
}

static void vscode(struct fs *fs, const struct env *env, const char *cwd, struct arena *a, struct ide_interp *it,
                   int *found)
{
    static const char *const exes[] = { "python", "python4", "python3.6", "python3.5", "python3", "python2.7",
                                        "python2", "python3.7", "python3.8", "python3.9", NULL };
    struct strbuf sb = STRBUF_INIT, path = STRBUF_INIT, v = STRBUF_INIT;
    const char *settings = arena_printf(a, "%s/.vscode/settings.json", strcmp(cwd, "/") ? cwd : "");
    const char *value = NULL, *envfile = NULL, *home = env_get(env, "HOME");
    int r;

    *found = 0;
    r = read_small(fs, settings, &sb, &it->problem, a);
    if (r == 0)
        goto out;
    *found = 1;
    it->ide = "VS Code";
    it->setting = "python.defaultInterpreterPath";
    it->source = settings;
    if (r < 0)
        goto out;
    r = ide_vscode_setting((const uint8_t *)sb.buf, sb.len, "python.defaultInterpreterPath", a, &value);
    if (r < 0) {
        it->problem = "not a JSON object (with comments) as VS Code reads it";
        goto out;
    }
    if (ide_vscode_setting((const uint8_t *)sb.buf, sb.len, "python.envFile", a, &envfile) != 1)
        envfile = "${workspaceFolder}/.env";
    /* The variables of python.envFile, which the extension adds. */
    vscode_vars(envfile, cwd, env, &v);
    if (v.buf[0] == '/' && is_file(fs, v.buf)) {
        struct env fe;
        struct strbuf txt = STRBUF_INIT;
        struct gd_err err;
        const char *prob = NULL;
        size_t i, n = 0;
        env_init(&fe);
        err_init(&err);
        it->env_file = arena_strdup(a, v.buf);
        if (read_small(fs, v.buf, &txt, &prob, a) == 1 && env_parse_file(&fe, txt.buf, txt.len, &err) == 0) {
            it->env = arena_alloc(a, (fe.nr ? fe.nr : 1) * sizeof(*it->env));
            for (i = 0; i < fe.nr; i++) {
                const char *eq = strchr(fe.vars[i], '=');
                if (!eq || !proc_env_kept(fe.vars[i], (size_t)(eq - fe.vars[i])))
                    continue;
                it->env[n].name = arena_strndup(a, fe.vars[i], (size_t)(eq - fe.vars[i]));
                it->env[n].value = arena_strdup(a, eq + 1);
                n++;
            }
            it->n_env = n;
        }
        env_release(&fe);
        strbuf_release(&txt);
    }
    if (r == 0) {
        it->value = "python";
        it->problem = "not set: the Python extension runs the interpreter it selects itself, which it keeps "
                      "in VS Code's storage, not in a file";
        goto out;
    }
    it->value = value;
    vscode_vars(value, cwd, env, &v);
    /* untildify, then relative to the workspace when it has a '/' */
    if (v.buf[0] == '~' && (v.buf[1] == '/' || !v.buf[1]) && home) {
        strbuf_reset(&path);
        strbuf_addstr(&path, home);
        strbuf_addstr(&path, v.buf + 1);
    } else if (v.buf[0] != '/' && strchr(v.buf, '/')) {
        path_join(&path, cwd, v.buf);
    } else {
        strbuf_reset(&path);
        strbuf_addstr(&path, v.buf);
    }
    if (path.buf[0] != '/') {
        it->problem = arena_printf(a, "'%s' is a command name: the Python extension looks it up itself", path.buf);
        goto out;
    }
    /* path.resolve: "." and ".." out */
    path_normalize(&v, path.buf);
    strbuf_reset(&path);
    strbuf_addstr(&path, v.buf);
    if (is_dir(fs, path.buf)) {
        const char *const *e;
        struct strbuf c = STRBUF_INIT;
        for (e = exes; *e && !it->interpreter; e++) {
            path_join(&c, path.buf, *e);
            if (is_file(fs, c.buf))
                it->interpreter = arena_strdup(a, c.buf);
            path_join(&c, path.buf, "bin");
            strbuf_addch(&c, '/');
            strbuf_addstr(&c, *e);
            if (!it->interpreter && is_file(fs, c.buf))
                it->interpreter = arena_strdup(a, c.buf);
        }
        strbuf_release(&c);
        if (!it->interpreter)
            it->problem = "a directory without a python executable in it or in its bin/";
    } else if (is_file(fs, path.buf)) {
        it->interpreter = arena_strdup(a, path.buf);
    } else {
        it->problem = arena_printf(a, "'%s' does not exist", path.buf);
    }
out:
    strbuf_release(&sb);
    strbuf_release(&path);
    strbuf_release(&v);
}

/* $USER_HOME$ and $PROJECT_DIR$ in a homePath. */
static const char *jb_macros(struct arena *a, const char *v, const char *home, const char *project)
{
    struct strbuf sb = STRBUF_INIT;
    const char *p = v, *r;
    while (*p) {
        if (!strncmp(p, "$USER_HOME$", 11) && home) {
            strbuf_addstr(&sb, home);
            p += 11;
        } else if (!strncmp(p, "$PROJECT_DIR$", 13)) {
            strbuf_addstr(&sb, project);
            p += 13;
        } else {
            strbuf_addch(&sb, *p++);
        }
    }
    r = arena_strdup(a, sb.buf ? sb.buf : "");
    strbuf_release(&sb);
    return r;
}

/* Every jdk.table.xml of the JetBrains IDEs under home, newest last. */
struct paths {
    const char **v;
    size_t nr, alloc;
};

static void paths_push(struct paths *l, struct arena *a, const char *s)
{
    ALLOC_GROW(l->v, l->nr + 1, l->alloc);
    l->v[l->nr++] = arena_strdup(a, s);
}

static void jdk_tables(struct fs *fs, const char *home, struct arena *a, struct paths *out)
{
    struct fs_dirlist dl;
    struct strbuf p = STRBUF_INIT, t = STRBUF_INIT;
    size_t i;

    path_join(&p, home, ".config/JetBrains");
    if (fs_list_dir(fs, p.buf, 4096, &dl, NULL) == 1) {
        for (i = 0; i < dl.nr; i++) {
            strbuf_reset(&t);
            strbuf_addf(&t, "%s/%s/options/jdk.table.xml", p.buf, dl.ents[i].name);
            if (is_file(fs, t.buf))
                paths_push(out, a, t.buf);
        }
    }
    fs_dirlist_release(&dl);
    /* before 2020.1: ~/.PyCharm2019.3/config/options/jdk.table.xml */
    if (fs_list_dir(fs, home, 65536, &dl, NULL) == 1) {
        for (i = 0; i < dl.nr; i++) {
            if (dl.ents[i].name[0] != '.' || !(str_starts(dl.ents[i].name, ".PyCharm") ||
                                              str_starts(dl.ents[i].name, ".IntelliJIdea")))
                continue;
            strbuf_reset(&t);
            strbuf_addf(&t, "%s/%s/config/options/jdk.table.xml", strcmp(home, "/") ? home : "", dl.ents[i].name);
            if (is_file(fs, t.buf))
                paths_push(out, a, t.buf);
        }
    }
    fs_dirlist_release(&dl);
    strbuf_release(&p);
    strbuf_release(&t);
}

static void pycharm(struct fs *fs, const struct env *env, const char *cwd, struct arena *a, struct ide_interp *it,
                    int *found)
{
    struct strbuf sb = STRBUF_INIT;
    struct paths tables = { NULL, 0, 0 };
    const char *misc = arena_printf(a, "%s/.idea/misc.xml", strcmp(cwd, "/") ? cwd : "");
    const char *name = NULL, *type = NULL, *home = env_get(env, "HOME");
    size_t i;
    int r;

    *found = 0;
    r = read_small(fs, misc, &sb, &it->problem, a);
    if (r == 0)
        goto out;
    *found = 1;
    it->ide = "PyCharm";
    it->source = misc;
    it->setting = "project SDK";
    if (r < 0)
        goto out;
    if (!ide_pycharm_project_sdk((const uint8_t *)sb.buf, sb.len, a, &name, &type)) {
        *found = 0;   /* a project without an SDK: nothing to run */
        goto out;
    }
    it->setting = arena_printf(a, "project SDK '%s'", name);
    it->value = name;
    if (type && strcmp(type, "Python SDK")) {
        it->problem = arena_printf(a, "the project SDK is a '%s', not a Python SDK", type);
        goto out;
    }
    if (!home || home[0] != '/') {
        it->problem = "no HOME: PyCharm's SDK table (options/jdk.table.xml) cannot be found";
        goto out;
    }
    jdk_tables(fs, home, a, &tables);
    for (i = tables.nr; i-- > 0;) {
        const char *h = NULL, *prob = NULL;
        if (read_small(fs, tables.v[i], &sb, &prob, a) != 1)
            continue;
        if (ide_pycharm_sdk_home((const uint8_t *)sb.buf, sb.len, name, a, &h) == 1) {
            it->table = arena_strdup(a, tables.v[i]);
            it->interpreter = jb_macros(a, h, home, cwd);
            break;
        }
    }
    if (!it->table)
        it->problem = tables.nr ? arena_printf(a, "the SDK '%s' is not in PyCharm's SDK table (%zu jdk.table.xml read)",
                                               name, tables.nr)
                                : "PyCharm's SDK table (~/.config/JetBrains/*/options/jdk.table.xml) was not found";
    else if (!is_file(fs, it->interpreter))
        it->problem = arena_printf(a, "'%s' does not exist", it->interpreter);
out:
    free(tables.v);
    strbuf_release(&sb);
}

void ide_find(struct fs *fs, const struct env *env, const char *cwd, struct arena *a,
              struct ide_interp **out, size_t *n)
{
    struct ide_interp it[2];
    int found[2];
    size_t k = 0, i;

    memset(it, 0, sizeof(it));
    vscode(fs, env, cwd, a, &it[0], &found[0]);
    pycharm(fs, env, cwd, a, &it[1], &found[1]);
    *out = arena_alloc(a, sizeof(it));
    for (i = 0; i < 2; i++)
        if (found[i])
            (*out)[k++] = it[i];
    *n = k;
}
