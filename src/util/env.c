#include "util/env.h"

#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/strbuf.h"
#include "util/banned.h"

void env_init(struct env *env)
{
    env->vars = NULL;
    env->nr = env->alloc = 0;
}

void env_release(struct env *env)
{
    size_t i;
    for (i = 0; i < env->nr; i++)
        free(env->vars[i]);
    free(env->vars);
    env_init(env);
}

static long find(const struct env *env, const char *name, size_t nlen)
{
    size_t i;
    for (i = 0; i < env->nr; i++)
        if (!strncmp(env->vars[i], name, nlen) && env->vars[i][nlen] == '=')
            return (long)i;
    return -1;
}

static void set_n(struct env *env, const char *name, size_t nlen, const char *value, size_t vlen)
{
    long i = find(env, name, nlen);
    char *kv = xmalloc(st_add(st_add(nlen, vlen), 2));
    memcpy(kv, name, nlen);
    kv[nlen] = '=';
    memcpy(kv + nlen + 1, value, vlen);
    kv[nlen + 1 + vlen] = '\0';
    if (i >= 0) {
        free(env->vars[i]);
        env->vars[i] = kv;
        return;
    }
    ALLOC_GROW(env->vars, env->nr + 1, env->alloc);
    env->vars[env->nr++] = kv;
}

void env_set(struct env *env, const char *name, const char *value)
{
    set_n(env, name, strlen(name), value, strlen(value));
}

void env_import(struct env *env, char *const *vars)
{
    for (; vars && *vars; vars++) {
        const char *eq = strchr(*vars, '=');
        if (eq && eq != *vars)
            set_n(env, *vars, (size_t)(eq - *vars), eq + 1, strlen(eq + 1));
    }
}

int env_put(struct env *env, const char *kv, struct gd_err *err)
{
    const char *eq = strchr(kv, '=');
    if (!eq || eq == kv)
        return err_setx(err, GD_ERR_USAGE, "'%s' is not of the form NAME=VALUE", kv);
    set_n(env, kv, (size_t)(eq - kv), eq + 1, strlen(eq + 1));
    return 0;
}

void env_unset(struct env *env, const char *name)
{
    long i = find(env, name, strlen(name));
    if (i < 0)
        return;
    free(env->vars[i]);
    memmove(&env->vars[i], &env->vars[i + 1], (env->nr - (size_t)i - 1) * sizeof(*env->vars));
    env->nr--;
}

const char *env_get(const struct env *env, const char *name)
{
    long i = find(env, name, strlen(name));
    return i < 0 ? NULL : env->vars[i] + strlen(name) + 1;
}

static int is_name_char(char c, int first)
{
    if (c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))
        return 1;
    return !first && c >= '0' && c <= '9';
}

int env_parse_file(struct env *env, const char *buf, size_t len, struct gd_err *err)
{
    size_t pos = 0;
    unsigned line = 0;

    while (pos < len) {
        const char *s = buf + pos, *e = memchr(s, '\n', len - pos), *p, *name, *val;
        size_t nlen, vlen;

        if (!e)
            e = buf + len;
        pos = (size_t)(e - buf) + 1;
        line++;
        while (e > s && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
            e--;
        p = s;
        while (p < e && (*p == ' ' || *p == '\t'))
            p++;
        if (p == e || *p == '#')
            continue;
        if ((size_t)(e - p) > 7 && !memcmp(p, "export ", 7)) {
            p += 7;
            while (p < e && *p == ' ')
                p++;
        }
        name = p;
        while (p < e && is_name_char(*p, p == name))
            p++;
        nlen = (size_t)(p - name);
        if (!nlen || p == e || *p != '=')
            return err_setx(err, GD_ERR_FORMAT, "line %u: expected NAME=VALUE", line);
        val = p + 1;
        vlen = (size_t)(e - val);
        if (vlen >= 2 && (val[0] == '"' || val[0] == '\'') && val[vlen - 1] == val[0]) {
            val++;
            vlen -= 2;
        }
        if (memchr(val, '\0', vlen))
            return err_setx(err, GD_ERR_FORMAT, "line %u: NUL byte in value", line);
        set_n(env, name, nlen, val, vlen);
    }
    return 0;
}
