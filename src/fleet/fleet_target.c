/*
 * fleet_target.c - a check report's machine, for plan --check --fleet
 * (fleet/fleet_target.h).
 */
#include "fleet/fleet_target.h"

#include <string.h>

#include <jansson.h>

#include "diagnose/lockcheck.h"
#include "fleet/fleet.h"
#include "util/schema.h"
#include "util/banned.h"

static const char *dup(struct arena *a, json_t *v)
{
    const char *s = json_string_value(v);
    return s ? arena_strdup(a, s) : NULL;
}

int fleet_report_target(const char *buf, size_t len, const char *name, struct arena *a, struct lock_target *t,
                        struct gd_err *err)
{
    json_error_t je;
    json_t *doc, *gpus, *g, *envs, *e, *drv, *sys;
    const char *schema;
    size_t i;

    memset(t, 0, sizeof(*t));
    t->name = name;
    if (len > 64u << 20)
        return err_setx(err, GD_ERR_LIMIT, "a report larger than 64 MiB");
    doc = json_loadb(buf, len, 0, &je);
    if (!doc || !json_is_object(doc)) {
        json_decref(doc);
        return err_setx(err, GD_ERR_FORMAT, "not JSON: %s (line %d)", je.text, je.line);
    }
    schema = json_string_value(json_object_get(doc, "schema"));
    if (!schema || strcmp(schema, GD_JSON_SCHEMA)) {
        err_setx(err, GD_ERR_FORMAT, "not a check --json report (schema '%s', expected '%s')",
                 schema ? schema : "(none)", GD_JSON_SCHEMA);
        json_decref(doc);
        return -1;
    }
    {
        const char *h = json_string_value(json_object_get(json_object_get(doc, "host"), "hostname"));
        if (h && *h && strlen(h) <= FLEET_NAME_MAX)
            t->name = arena_strdup(a, h);
    }
    drv = json_object_get(doc, "driver");
    t->driver = dup(a, json_object_get(drv, "version"));
    if (!t->driver)
        t->driver = dup(a, json_object_get(drv, "kmod_version"));
    gpus = json_object_get(doc, "gpus");
    json_array_foreach(gpus, i, g) {
        const char *cc = json_string_value(json_object_get(g, "compute_capability"));
        if (cc) {
            t->gpu_cc = arena_strdup(a, cc);
            t->gpu_name = dup(a, json_object_get(g, "name"));
            break;
        }
    }
    sys = json_object_get(doc, "system");
    t->os = dup(a, json_object_get(sys, "os"));
    if (!t->os)
        t->os = "linux";
    t->arch = dup(a, json_object_get(sys, "arch"));
    t->wsl = json_integer_value(json_object_get(sys, "wsl")) == 2;
    t->jetson = json_is_object(json_object_get(doc, "tegra"));
    envs = json_object_get(doc, "python_envs");
    json_array_foreach(envs, i, e) {
        if (json_is_true(json_object_get(e, "active"))) {
            t->python = dup(a, json_object_get(e, "python_version"));
            break;
        }
    }
    json_decref(doc);
    return 0;
}
