/*
 * text_interp.c - the first section of the text report: which Python the
 * user's commands and Jupyter kernels run (facts->interp), and the
 * "[python3]" marks on framework verdicts.
 */
#include <string.h>

#include "report/text_sections.h"
#include "util/banned.h"

static int same_env(const char *prefix, const char *python, const struct python_env *e)
{
    return prefix && e->prefix && !strcmp(prefix, e->prefix) &&
           ((!python && !e->python_version) || (python && e->python_version && !strcmp(python, e->python_version)));
}

/* 1 when some command was found at all (else one line says so). */
static int any_found(const struct facts *f)
{
    size_t i;
    for (i = 0; i < f->interp.nr; i++)
        if (f->interp.v[i].found)
            return 1;
    return 0;
}

void report_text_interp(struct out *o, const struct facts *f)
{
    size_t i;
    if (!f->interp.nr && !f->interp.n_kernels)
        return;
    out_raw(o, "\n");
    if (f->interp.nr && !any_found(f))
        out_printf(o, "  no %s on PATH\n", f->system.os && !strcmp(f->system.os, "windows")
                                               ? "python, python3, pip or py" : "python3, python, pip3 or pip");
    for (i = 0; i < f->interp.nr && any_found(f); i++) {
        const struct py_interpreter *it = &f->interp.v[i];
        out_printf(o, "  `%s` runs ", it->command);
        if (it->env)
            out_styled(o, STYLE_BOLD, "%s", it->env);
        else if (it->path)
            out_printf(o, "%s (not an environment found)", it->path);
        else if (it->note)
            out_styled(o, STYLE_YELLOW, "no Python");
        else
            out_printf(o, "nothing");
        if (it->env && it->env_python)
            out_printf(o, " (Python %s)", it->env_python);
        out_printf(o, " — %s", it->resolved_by ? it->resolved_by : "?");
        if (it->note)
            out_printf(o, "; %s", it->note);
        out_raw(o, "\n");
    }
    for (i = 0; i < f->interp.n_kernels; i++) {
        const struct jupyter_kernel *k = &f->interp.kernels[i];
        out_printf(o, "  Jupyter kernel '%s' runs %s", k->name, k->env ? k->env : "an unknown environment");
        out_printf(o, " — %s (%s)\n", k->resolved_by ? k->resolved_by : "?", k->spec);
    }
    if (f->interp.cwd)
        out_printf(o, "  (.python-version looked up from %s)\n", f->interp.cwd);
}

void report_text_run_marks(struct out *o, const struct facts *f, const struct python_env *e)
{
    size_t i;
    int any = 0;
    for (i = 0; i < f->interp.nr; i++) {
        const struct py_interpreter *it = &f->interp.v[i];
        if (strncmp(it->command, "python", 6) && strcmp(it->command, "py"))
            continue;
        if (same_env(it->env, it->env_python, e)) {
            out_printf(o, "%s%s", any ? ", " : " [run by ", it->command);
            any = 1;
        }
    }
    for (i = 0; i < f->interp.n_kernels; i++) {
        const struct jupyter_kernel *k = &f->interp.kernels[i];
        if (same_env(k->env, k->env_python, e)) {
            out_printf(o, "%skernel '%s'", any ? ", " : " [run by ", k->name);
            any = 1;
        }
    }
    if (any)
        out_raw(o, "]");
    else if (any_found(f))
        out_printf(o, " [not what %s runs]", f->system.os && !strcmp(f->system.os, "windows") ? "python" : "python3");
}
