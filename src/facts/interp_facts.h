/*
 * interp_facts.h - which Python the user's commands run: what `python`,
 * `python3`, `pip`, `pip3` (and `py`, `python.exe` on Windows) resolve to
 * on the examined machine, and the Jupyter kernel specs with the
 * environment each kernel's interpreter belongs to.  Filled by
 * scan/pyresolve.c and scan/jupyter.c (docs/python.md says how), after the
 * environments themselves (python_facts.h) were found.  Serialised as the
 * "interpreters" and "jupyter_kernels" arrays (docs/json.md).
 *
 * An environment is named by its prefix and Python version, exactly as in
 * the python_envs array (struct python_env), so a reader can join the two.
 * Strings belong to the facts arena; arrays are freed by facts_release.
 * Unknown stays unknown: NULL.
 */
#ifndef GD_INTERP_FACTS_H
#define GD_INTERP_FACTS_H

#include <stddef.h>

struct py_interpreter {
    const char *command;         /* "python3", "pip", "py", "python.exe" */
    const char *found;           /* the first PATH hit (a shim, a symlink, a script), or NULL */
    const char *target;          /* the file the command executes (a shim resolved), or NULL */
    const char *path;            /* the interpreter that runs (pip: its shebang's), or NULL */
    const char *env;             /* prefix of the environment it belongs to, or NULL */
    const char *env_python;      /* that environment's python_version, or NULL */
    const char *resolved_by;     /* "PATH", "pyenv shim: ...", "py launcher: ..." */
    const char *pyenv_version;   /* the version pyenv selected ("3.11.7", "system"), or NULL */
    const char *note;            /* "Microsoft Store App Execution Alias stub", ... or NULL */
};

struct jupyter_kernel {
    const char *name;            /* the kernel directory's name ("python3", "torch-gpu") */
    const char *spec;            /* its kernel.json */
    const char *display_name;    /* or NULL */
    const char *language;        /* or NULL */
    const char *argv0;           /* argv[0] as written */
    const char *interpreter;     /* argv[0] resolved to a file, or NULL */
    const char *env;             /* prefix of the environment it runs in, or NULL */
    const char *env_python;      /* that environment's python_version, or NULL */
    const char *resolved_by;     /* "absolute argv[0]", "jupyter's own Python (...)", ... */
};

struct interp_facts {
    const char *cwd;             /* the directory .python-version was looked up from */
    struct py_interpreter *v;
    size_t nr, alloc;
    struct jupyter_kernel *kernels;
    size_t n_kernels, alloc_kernels;
};

struct jw;
/** The "python_cwd", "interpreters" and "jupyter_kernels" members (docs/json.md),
 *  written into the object jw is in. */
void facts_json_interp(struct jw *jw, const struct interp_facts *in);

#endif
