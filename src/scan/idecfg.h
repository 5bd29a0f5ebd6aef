/*
 * idecfg.h - the interpreter an IDE will run for a project, from the files
 * the IDE keeps: pure parsers, and the observer that reads the files.
 *
 * VS Code: the Python extension's "python.defaultInterpreterPath" in the
 * workspace's .vscode/settings.json (JSON with comments and trailing
 * commas, as VS Code writes and reads it).  The extension resolves
 * ${workspaceFolder}, ${workspaceRoot}, ${workspaceFolderBasename}, ${cwd}
 * and ${env:NAME} (an unset variable is ""), then "~", then a relative
 * path against the workspace; a directory is searched for python,
 * python4, python3.6, python3.5, python3, python2.7, python2, python3.7,
 * python3.8, python3.9 directly in it and in its bin/; the default
 * "python" means its own selection, which it keeps in VS Code's storage
 * database, not in a file (microsoft/vscode-python:
 * src/client/common/configSettings.ts update(), getPythonExecutable(),
 * getAbsolutePath(); common/variables/systemVariables.ts; package.json).
 * "python.envFile" (default ${workspaceFolder}/.env) names the variables
 * the extension adds to what it runs.
 *
 * PyCharm (and IntelliJ's Python plugin): .idea/misc.xml's
 * <component name="ProjectRootManager" project-jdk-name="..."
 * project-jdk-type="Python SDK"/> names an SDK, and the IDE's SDK table,
 * options/jdk.table.xml in its configuration directory
 * (~/.config/JetBrains/<Product><Version>/ since 2020.1, ~/.<Product><Version>/config/
 * before), holds <component name="ProjectJdkTable"><jdk><name value=.../>
 * <type value=.../><homePath value=.../>: the interpreter, with the
 * $USER_HOME$ and $PROJECT_DIR$ macros (JetBrains/intellij-community:
 * ProjectRootManagerImpl's PROJECT_JDK_NAME_ATTR / PROJECT_JDK_TYPE_ATTR,
 * JpsSdkEntitySerializer's ELEMENT_NAME / ELEMENT_TYPE / ELEMENT_HOMEPATH).
 *
 * The parsers are pure over bounded buffers and fuzzed (fuzz/fuzz_idecfg.c).
 */
#ifndef GD_SCAN_IDECFG_H
#define GD_SCAN_IDECFG_H

#include <stddef.h>
#include <stdint.h>

#include "facts/facts.h"
#include "util/arena.h"
#include "util/env.h"
#include "util/fs.h"
#include "util/strbuf.h"

/**
 * JSON with comments (// and block comments, outside strings) and trailing
 * commas (before '}' or ']') turned into JSON, appended to out.  A comment
 * or string left open at the end of buf ends the text there.
 */
void ide_jsonc_to_json(const uint8_t *buf, size_t len, struct strbuf *out);

/**
 * The string value of the top-level key in a VS Code settings file (JSONC).
 * 1 found (*value in a), 0 absent or not a string, -1 not a JSON object.
 */
int ide_vscode_setting(const uint8_t *buf, size_t len, const char *key, struct arena *a, const char **value);

/**
 * .idea/misc.xml: the project SDK's name and type (project-jdk-name,
 * project-jdk-type of the ProjectRootManager component; entities decoded).
 * 1 found (*type may be NULL), 0 none.
 */
int ide_pycharm_project_sdk(const uint8_t *buf, size_t len, struct arena *a, const char **name, const char **type);

/**
 * jdk.table.xml: the homePath of the SDK called name (entities decoded,
 * macros left as written).  1 found, 0 not in this table.
 */
int ide_pycharm_sdk_home(const uint8_t *buf, size_t len, const char *name, struct arena *a, const char **home);

/* One interpreter an IDE is configured to run for the project. */
struct ide_interp {
    const char *ide;            /* "VS Code", "PyCharm" */
    const char *setting;        /* "python.defaultInterpreterPath", "project SDK 'Python 3.11 (x)'" */
    const char *source;         /* the file that says so */
    const char *value;          /* the value as written */
    const char *table;          /* PyCharm: the jdk.table.xml that gave the home, or NULL */
    const char *interpreter;    /* the file it resolves to, or NULL */
    const char *problem;        /* why there is none ("does not exist", ...), or NULL */
    const char *env_file;       /* VS Code: the python.envFile that exists, or NULL */
    struct env_fact *env;       /* that file's variables (proc_env_kept ones only) */
    size_t n_env;
};

/**
 * The interpreters the IDEs are configured to run for the project at cwd
 * (a path on fs), with the HOME and variables of env.  Files that do not
 * exist give nothing; a file that cannot be read or parsed gives an entry
 * with its problem.  Results in a.
 */
void ide_find(struct fs *fs, const struct env *env, const char *cwd, struct arena *a,
              struct ide_interp **out, size_t *n);

#endif
