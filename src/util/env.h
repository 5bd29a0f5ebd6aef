/*
 * env.h - the environment of the examined process, as data.
 *
 * gpudoctor judges a machine with the environment variables a framework
 * would see: by default the process's own, changed by --clear-env,
 * --env K=V and --env-file FILE.  struct env is an ordered list of "K=V"
 * strings (owned); later settings replace earlier ones.  Lookups are exact
 * and case-sensitive (Windows callers fold case themselves).
 */
#ifndef GD_ENV_H
#define GD_ENV_H

#include <stddef.h>

#include "util/err.h"

struct env {
    char **vars;   /* owned "K=V" strings */
    size_t nr, alloc;
};

void env_init(struct env *env);
void env_release(struct env *env);
/** Add every "K=V" of a NULL-terminated array (e.g. compat_environ()). */
void env_import(struct env *env, char *const *vars);
/** Set (or replace) name to value. */
void env_set(struct env *env, const char *name, const char *value);
/**
 * Set from one "K=V" string.  -1 (GD_ERR_USAGE) if there is no '=' or the
 * name is empty.
 */
int env_put(struct env *env, const char *kv, struct gd_err *err);
void env_unset(struct env *env, const char *name);
/** The value of name, or NULL when unset (an empty value is ""). */
const char *env_get(const struct env *env, const char *name);
/**
 * Parse an env file (buf, len): one K=V per line, '#' comments and blank
 * lines ignored, an optional leading "export ", a value in matching single
 * or double quotes unquoted.  On a malformed line, -1 with the line number
 * in the message; settings before it are kept.
 */
int env_parse_file(struct env *env, const char *buf, size_t len, struct gd_err *err);

#endif
