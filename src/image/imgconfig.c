/*
 * imgconfig.c - image configuration JSON (imgconfig.h), through jansson.
 */
#include "image/imgconfig.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "util/banned.h"

static int str_field(json_t *obj, const char *key, struct arena *a, const char **out, struct gd_err *err)
{
    json_t *v = json_object_get(obj, key);
    *out = NULL;
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_string(v))
        return err_setx(err, GD_ERR_FORMAT, "image config: '%s' is not a string", key);
    *out = arena_strndup(a, json_string_value(v), json_string_length(v));
    return 0;
}

/* An array of strings (null: unset). */
static int str_array(json_t *obj, const char *key, struct arena *a, const char ***out, size_t *n,
                     struct gd_err *err)
{
    json_t *v = json_object_get(obj, key);
    size_t i;
    *out = NULL;
    *n = 0;
    if (!v || json_is_null(v))
        return 0;
    if (!json_is_array(v))
        return err_setx(err, GD_ERR_FORMAT, "image config: '%s' is not an array", key);
    *out = arena_alloc(a, (json_array_size(v) + 1) * sizeof(**out));
    for (i = 0; i < json_array_size(v); i++) {
        json_t *s = json_array_get(v, i);
        if (!json_is_string(s))
            return err_setx(err, GD_ERR_FORMAT, "image config: '%s' holds a non-string", key);
        (*out)[i] = arena_strndup(a, json_string_value(s), json_string_length(s));
    }
    *n = json_array_size(v);
    return 0;
}

static int kv_cmp(const void *x, const void *y)
{
    return strcmp(((const struct image_kv *)x)->key, ((const struct image_kv *)y)->key);
}

int image_config_parse(const char *buf, size_t len, struct arena *a, struct image_config *c,
                       struct gd_err *err)
{
    json_error_t je;
    json_t *root, *cfg, *rootfs;
    int rc = -1;

    memset(c, 0, sizeof(*c));
    root = json_loadb(buf, len, 0, &je);
    if (!root)
        return err_setx(err, GD_ERR_FORMAT, "image config: %s (line %d)", je.text, je.line);
    if (!json_is_object(root)) {
        err_setx(err, GD_ERR_FORMAT, "image config: not a JSON object");
        goto out;
    }
    if (str_field(root, "architecture", a, &c->architecture, err) < 0 ||
        str_field(root, "os", a, &c->os, err) < 0 || str_field(root, "variant", a, &c->variant, err) < 0 ||
        str_field(root, "created", a, &c->created, err) < 0)
        goto out;
    cfg = json_object_get(root, "config");
    if (cfg && !json_is_null(cfg)) {
        json_t *labels;
        if (!json_is_object(cfg)) {
            err_setx(err, GD_ERR_FORMAT, "image config: 'config' is not an object");
            goto out;
        }
        if (str_array(cfg, "Env", a, &c->env, &c->n_env, err) < 0 ||
            str_array(cfg, "Entrypoint", a, &c->entrypoint, &c->n_entrypoint, err) < 0 ||
            str_array(cfg, "Cmd", a, &c->cmd, &c->n_cmd, err) < 0 ||
            str_field(cfg, "WorkingDir", a, &c->workdir, err) < 0 ||
            str_field(cfg, "User", a, &c->user, err) < 0)
            goto out;
        labels = json_object_get(cfg, "Labels");
        if (labels && !json_is_null(labels)) {
            const char *k;
            json_t *v;
            size_t i = 0;
            if (!json_is_object(labels)) {
                err_setx(err, GD_ERR_FORMAT, "image config: 'Labels' is not an object");
                goto out;
            }
            c->labels = arena_alloc(a, (json_object_size(labels) + 1) * sizeof(*c->labels));
            json_object_foreach(labels, k, v) {
                if (!json_is_string(v)) {
                    err_setx(err, GD_ERR_FORMAT, "image config: label '%s' is not a string", k);
                    goto out;
                }
                c->labels[i].key = arena_strdup(a, k);
                c->labels[i].value = arena_strndup(a, json_string_value(v), json_string_length(v));
                i++;
            }
            c->n_labels = i;
            qsort(c->labels, c->n_labels, sizeof(*c->labels), kv_cmp);
        }
    }
    rootfs = json_object_get(root, "rootfs");
    if (rootfs && !json_is_null(rootfs)) {
        if (!json_is_object(rootfs)) {
            err_setx(err, GD_ERR_FORMAT, "image config: 'rootfs' is not an object");
            goto out;
        }
        if (str_array(rootfs, "diff_ids", a, &c->diff_ids, &c->n_diff_ids, err) < 0)
            goto out;
    }
    rc = 0;
out:
    json_decref(root);
    return rc;
}

const char *image_config_env(const struct image_config *c, const char *name)
{
    size_t i, n = strlen(name);
    const char *v = NULL;
    for (i = 0; i < c->n_env; i++)
        if (!strncmp(c->env[i], name, n) && c->env[i][n] == '=')
            v = c->env[i] + n + 1;
    return v;
}
