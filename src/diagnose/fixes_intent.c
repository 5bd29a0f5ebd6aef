/*
 * fixes_intent.c - the vocabulary's commands (diagnose/fixes_intent.h).
 *
 * The tool table holds every named command once, with its rank; what a
 * command needs from the machine (the shell, Windows paths, an
 * environment's interpreter) comes from the fix context.
 */
#include <string.h>

#include "diagnose/fixes.h"
#include "diagnose/fixes_intent.h"
#include "loader/resolve.h"
#include "scan/pyenv.h"
#include "util/fs.h"
#include "util/strbuf.h"
#include "util/winpath.h"
#include "util/banned.h"

static struct arena *A(const struct fix_ctx *x, struct findings *fl)
{
    return x && x->a ? x->a : fl->arena;
}

static int on_windows(const struct fix_ctx *x)
{
    return x && x->os && !strcmp(x->os, "windows");
}

void fixes_rank(struct finding *fd, size_t from, enum fix_rank r)
{
    size_t i;
    for (i = from; i < fd->n_fixes; i++)
        if (fd->fixes[i].rank == FIX_RANK_NONE)
            fd->fixes[i].rank = r;
}

void fixes_rank_all(struct finding *fd, size_t from, enum fix_rank r)
{
    size_t i;
    for (i = from; i < fd->n_fixes; i++)
        fd->fixes[i].rank = i == from ? r : FIX_RANK_NONE;
}

void fixes_continue(struct finding *fd)
{
    if (fd->n_fixes)
        fd->fixes[fd->n_fixes - 1].rank = FIX_RANK_NONE;
}

/* Add one fix at rank r (group g). */
static void put(struct findings *fl, struct finding *fd, unsigned g, enum fix_rank r, const char *shell,
                const char *title, const char *cmd)
{
    finding_fix_group(fl, fd, g, shell, title, cmd);
    fd->fixes[fd->n_fixes - 1].rank = r;
}

void fixes_advice(struct findings *fl, struct finding *fd, enum fix_rank r, const char *title)
{
    put(fl, fd, 0, r, NULL, title, NULL);
}

void fixes_link(struct findings *fl, struct finding *fd, enum fix_rank r, const char *title, const char *url)
{
    put(fl, fd, 0, r, NULL, title, url);
}

void fixes_kb_command(struct findings *fl, struct finding *fd, enum fix_rank r, const char *title,
                      const char *cmd)
{
    put(fl, fd, 0, r, "sh", title, cmd);
}

void fixes_copy(struct findings *fl, struct finding *fd, const struct fix *src)
{
    put(fl, fd, src->group, src->rank, src->shell, src->title, src->command);
    fd->fixes[fd->n_fixes - 1].continues = src->continues;
}

void fixes_look(struct findings *fl, struct finding *fd, const char *title, const char *cmd)
{
    put(fl, fd, 0, FIX_RANK_LOOK, NULL, title, cmd);
}

/* ---- named tools ---- */

struct tool {
    const char *shell;
    enum fix_rank rank;
    const char *title;
    const char *cmd;    /* {1} and {2}: the arguments, quoted for sh */
};

static const struct tool tools[FIX_TOOL_N] = {
    [FIX_TOOL_DMESG_XID] = {"sh", FIX_RANK_LOOK, "Look for driver errors (Xid) in the kernel log",
                            "sudo dmesg | grep -iE 'nvrm|xid' | tail -n 20"},
    [FIX_TOOL_DMESG_SECURE_BOOT] = {"sh", FIX_RANK_LOOK,
                                    "If that fails, see why (Secure Boot refuses unsigned modules)",
                                    "sudo dmesg | grep -iE 'nvidia|secure boot' | tail -n 20"},
    [FIX_TOOL_NVIDIA_SMI] = {"sh", FIX_RANK_LOOK, "Compare with nvidia-smi (it uses the same library)", "nvidia-smi"},
    [FIX_TOOL_SMI_PERF] = {"sh", FIX_RANK_LOOK, "See whether the GPU still answers", "nvidia-smi -q -d PERFORMANCE,ECC"},
    [FIX_TOOL_SMI_ECC] = {"sh", FIX_RANK_LOOK, "Look at the GPU's memory errors", "nvidia-smi -q -d ECC,ROW_REMAPPER"},
    [FIX_TOOL_SMI_APPS] = {"sh", FIX_RANK_LOOK, "See which processes use the GPU",
                           "nvidia-smi --query-compute-apps=pid,name,used_memory --format=csv"},
    [FIX_TOOL_SMI_BRAND] = {"sh", FIX_RANK_LOOK, "On the node: the brand and the driver the requirement compares",
                            "nvidia-smi -q | grep -E 'Product Brand|Driver Version|CUDA Version'"},
    [FIX_TOOL_LS_DEV_NODES] = {"sh", FIX_RANK_LOOK, "See who may use the device nodes", "ls -l /dev/nvidia*"},
    [FIX_TOOL_LSPCI] = {"sh", FIX_RANK_LOOK, "Check that a GPU is on the PCI bus", "lspci | grep -i nvidia"},
    [FIX_TOOL_LDCONFIG_LIBCUDA] = {"sh", FIX_RANK_LOOK, "See every libcuda the loader knows",
                                   "ldconfig -p | grep libcuda"},
    [FIX_TOOL_DPKG_OWNER] = {"sh", FIX_RANK_LOOK, "Find which package owns each", "dpkg -S {1} {2}"},
    [FIX_TOOL_FACTS_TO_FILE] = {"sh", FIX_RANK_LOOK, "Record this machine's facts", "gpudoctor check --facts > {1}"},
    [FIX_TOOL_PROBE] = {NULL, FIX_RANK_LOOK, "Ask the driver and load the predicted libraries", "gpudoctor probe"},
    [FIX_TOOL_PS_AS_ROOT] = {"sh", FIX_RANK_LOOK, "Run ps as root", "sudo gpudoctor ps{1}"},
    [FIX_TOOL_GROUP_VIDEO] = {"sh", FIX_RANK_SYSTEM, "Join the group that owns them (then log in again)",
                              "sudo usermod -aG video \"$USER\""},
    [FIX_TOOL_PERSISTENCED] = {"sh", FIX_RANK_SYSTEM, "Keep the driver initialised between programs",
                               "sudo systemctl enable --now nvidia-persistenced"},
    [FIX_TOOL_MODPROBE] = {"sh", FIX_RANK_SYSTEM, "Load it", "sudo modprobe nvidia"},
    [FIX_TOOL_UVM_RELOAD] = {"sh", FIX_RANK_SYSTEM, "Reload the unified-memory module",
                             "sudo rmmod nvidia_uvm && sudo modprobe nvidia_uvm"},
    [FIX_TOOL_KMODS_RELOAD] = {"sh", FIX_RANK_REBOOT, "Reload the kernel modules (stops everything using the GPU)",
                               "sudo rmmod nvidia_uvm nvidia_drm nvidia_modeset nvidia && sudo modprobe nvidia && "
                               "sudo modprobe nvidia_uvm"},
    [FIX_TOOL_REBOOT] = {"sh", FIX_RANK_REBOOT, "Reboot", "sudo reboot"},
    [FIX_TOOL_LDCONFIG] = {"sh", FIX_RANK_SYSTEM, "Rebuild the loader's cache", "sudo ldconfig"},
    [FIX_TOOL_LDCONF_ADD] = {"sh", FIX_RANK_SYSTEM, "List the directory in ld.so.conf.d and rebuild the cache",
                             "echo {1} | sudo tee /etc/ld.so.conf.d/gpudoctor-cuda.conf\nsudo ldconfig"},
    [FIX_TOOL_APT_REINSTALL] = {"sh", FIX_RANK_SYSTEM, "Install the package again", "sudo apt-get install --reinstall {1}"},
    [FIX_TOOL_DPKG_RECONFIGURE] = {"sh", FIX_RANK_SYSTEM, "Answer the package's configuration questions again",
                                   "sudo dpkg-reconfigure {1}"},
    [FIX_TOOL_DPKG_CONFIGURE_ALL] = {"sh", FIX_RANK_SYSTEM, "Let dpkg finish configuring the packages it left half done",
                                     "sudo dpkg --configure -a"},
    [FIX_TOOL_APT_INSTALL] = {"sh", FIX_RANK_SYSTEM, "Install the distribution's package", "sudo apt-get install {1}"},
    [FIX_TOOL_BUILD_WITH_CLANG] = {"sh", FIX_RANK_SYSTEM, "Rebuild gpudoctor with clang (LLVM's NVPTX back end)",
                                   "sudo apt install clang && make clean && make"},
    [FIX_TOOL_MODULE_LOAD] = {"sh", FIX_RANK_ENV, "Load the site's modules", "module load {1}{2}"},
    [FIX_TOOL_PYENV_SHELL] = {"sh", FIX_RANK_ENV, "Select that pyenv version for this shell", "pyenv shell {1}"},
    [FIX_TOOL_PY_LAUNCHER] = {"powershell", FIX_RANK_ENV, "Use the Python launcher", "py -3"},
    [FIX_TOOL_PS_REMOVE_ITEM] = {"powershell", FIX_RANK_SYSTEM, "Remove the file", "Remove-Item \"{1}\""},
    [FIX_TOOL_FABRICMANAGER] = {"sh", FIX_RANK_SYSTEM, "Start the fabric manager",
                                "sudo systemctl enable --now nvidia-fabricmanager"},
    [FIX_TOOL_CHECK] = {NULL, FIX_RANK_LOOK, "Run gpudoctor on that machine for the rest of the picture",
                        "gpudoctor check"},
    [FIX_TOOL_PLAN_CUDA] = {NULL, FIX_RANK_LOOK, "Plan an install for that CUDA",
                            "gpudoctor plan --framework {1} --cuda {2}"},
    [FIX_TOOL_SLURM_GPU] = {"sh", FIX_RANK_NEW_ENV, "Ask the scheduler for a GPU",
                            "srun --gpus=1 ...   # or #SBATCH --gres=gpu:1"},
};

/* A word for sh: bare when it holds only safe characters, else single-quoted. */
static void sh_word(struct strbuf *sb, const char *s)
{
    const char *p;
    for (p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              strchr("/._-+=:,@%", *p)))
            break;
    if (!*p && *s) {
        strbuf_addstr(sb, s);
        return;
    }
    strbuf_addch(sb, '\'');
    for (p = s; *p; p++) {
        if (*p == '\'')
            strbuf_addstr(sb, "'\\''");
        else
            strbuf_addch(sb, *p);
    }
    strbuf_addch(sb, '\'');
}

static const char *expand(struct arena *a, enum fix_tool t, const char *arg1, const char *arg2)
{
    struct strbuf sb = STRBUF_INIT;
    const char *p, *r;
    int ps = tools[t].shell && !strcmp(tools[t].shell, "powershell");
    for (p = tools[t].cmd; *p; p++) {
        if (p[0] == '{' && (p[1] == '1' || p[1] == '2') && p[2] == '}') {
            const char *v = p[1] == '1' ? arg1 : arg2;
            /* module load / ps: the second (first) argument is a separate word when given */
            if (v && *v && (t == FIX_TOOL_PS_AS_ROOT || (t == FIX_TOOL_MODULE_LOAD && p[1] == '2' && arg1 && *arg1)))
                strbuf_addch(&sb, ' ');
            if (v && *v) {
                if (ps)
                    strbuf_addstr(&sb, v);   /* inside the template's double quotes */
                else
                    sh_word(&sb, v);
            }
            p += 2;
            continue;
        }
        strbuf_addch(&sb, *p);
    }
    r = arena_strdup(a, sb.buf);
    strbuf_release(&sb);
    return r;
}

const char *fix_tool_command(struct findings *fl, enum fix_tool t, const char *arg1, const char *arg2)
{
    if ((unsigned)t >= FIX_TOOL_N || !tools[t].cmd)
        BUG("fix tool %d has no command", (int)t);
    return expand(fl->arena, t, arg1, arg2);
}

void fixes_run(const struct fix_ctx *x, struct findings *fl, struct finding *fd, enum fix_tool t,
               const char *title, const char *arg1, const char *arg2)
{
    const char *cmd = fix_tool_command(fl, t, arg1, arg2);
    (void)x;
    put(fl, fd, 0, tools[t].rank, tools[t].shell, title ? title : tools[t].title, cmd);
}

/* ---- variables ---- */

void fixes_unset_var(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *title,
                     const char *name)
{
    struct arena *a = A(x, fl);
    unsigned g = finding_next_group(fd);
    if (on_windows(x)) {
        put(fl, fd, g, FIX_RANK_ENV, "powershell", title, arena_printf(a, "Remove-Item Env:%s", name));
        put(fl, fd, g, FIX_RANK_ENV, "cmd", title, arena_printf(a, "set %s=", name));
        return;
    }
    put(fl, fd, g, FIX_RANK_ENV, "sh", title, arena_printf(a, "unset %s", name));
    put(fl, fd, g, FIX_RANK_ENV, "fish", title, arena_printf(a, "set -e %s", name));
}

void fixes_toolkit_env(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *title,
                       const char *home, const char *lib)
{
    struct arena *a = A(x, fl);
    unsigned g = finding_next_group(fd);
    put(fl, fd, g, FIX_RANK_ENV, "sh", title,
        arena_printf(a, "export CUDA_HOME=%s\nexport PATH=%s/bin:$PATH\n"
                     "export LD_LIBRARY_PATH=%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}", home, home, lib));
    put(fl, fd, g, FIX_RANK_ENV, "fish", title,
        arena_printf(a, "set -gx CUDA_HOME %s\nfish_add_path -p %s/bin\nset -gx LD_LIBRARY_PATH %s $LD_LIBRARY_PATH",
                     home, home, lib));
}

void fixes_env_run(const struct fix_ctx *x, struct findings *fl, struct finding *fd, enum fix_rank r,
                   const char *title, const char *const *vars, int run, const char *filter)
{
    struct strbuf sh = STRBUF_INIT, ps = STRBUF_INIT, cm = STRBUF_INIT;
    const char *const *v;
    unsigned g;
    for (v = vars; *v; v++) {
        size_t k = strcspn(*v, "=");
        const char *val = (*v)[k] ? *v + k + 1 : "";
        strbuf_addf(&sh, "%s%s", v == vars ? (run ? "" : "export ") : " ", *v);
        strbuf_addf(&ps, "%s$env:%.*s = \"%s\"", v == vars ? "" : "; ", (int)k, *v, val);
        strbuf_addf(&cm, "%sset \"%s\"", v == vars ? "" : "\n", *v);
    }
    if (run) {
        strbuf_addf(&sh, " python your_script.py%s%s", filter ? " 2>&1 | grep " : "", filter ? filter : "");
        strbuf_addf(&ps, "\npython your_script.py%s%s", filter ? " 2>&1 | Select-String " : "", filter ? filter : "");
        strbuf_addf(&cm, "\npython your_script.py%s%s", filter ? " 2>&1 | findstr " : "", filter ? filter : "");
    }
    if (on_windows(x)) {
        g = finding_next_group(fd);
        put(fl, fd, g, r, "powershell", title, ps.buf);
        put(fl, fd, g, r, "cmd", title, cm.buf);
    } else {
        put(fl, fd, 0, r, "sh", title, sh.buf);
    }
    strbuf_release(&sh);
    strbuf_release(&ps);
    strbuf_release(&cm);
}

/* ---- containers ---- */

void fixes_container_start(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *title,
                           enum fix_container_start o)
{
    const char *cmd = o == FIX_CTR_RUNTIME_NVIDIA    ? "docker run --runtime=nvidia -e NVIDIA_VISIBLE_DEVICES=all IMAGE"
                      : o == FIX_CTR_GPUS_IMAGE      ? "docker run --gpus all IMAGE"
                      : o == FIX_CTR_IPC_HOST        ? "docker run --ipc=host ..."
                      : o == FIX_CTR_IPC_HOST_OR_SHM ? "docker run --ipc=host ...   # or --shm-size=16g"
                                                     : "docker run --gpus all ...";
    (void)x;
    put(fl, fd, 0, FIX_RANK_NEW_ENV, "sh", title, cmd);
}

/* ---- environments ---- */

void fixes_pip_uninstall(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                         const struct python_env *env, const char *title, const char *names)
{
    struct fix_ctx l;
    if (!x) {
        fix_ctx_init(&l, NULL, fl->arena);
        x = &l;
    }
    put(fl, fd, 0, FIX_RANK_USER, "sh", title, arena_printf(A(x, fl), "%s uninstall -y %s", fix_pip(x, env), names));
}

/* The interpreter as the start of a command: "& \"C:\\...\"" in PowerShell, quoted for sh. */
static const char *run_word(const struct fix_ctx *x, struct findings *fl, const char *path)
{
    struct arena *a = A(x, fl);
    if (on_windows(x)) {
        struct strbuf w = STRBUF_INIT;
        const char *r;
        winpath_from_virtual(path, &w);
        r = arena_printf(a, "& \"%s\"", w.buf);
        strbuf_release(&w);
        return r;
    }
    return strpbrk(path, " \t'\"$`\\") ? arena_printf(a, "'%s'", path) : path;
}

void fixes_use_env(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const struct python_env *g,
                   const char *python, int pyenv_system)
{
    struct arena *a = A(x, fl);
    const char *sh = on_windows(x) ? "powershell" : "sh";
    const char *py = run_word(x, fl, python);
    if (pyenv_system)
        put(fl, fd, 0, FIX_RANK_ENV, "sh",
            "Let pyenv's shims run the system Python in this shell (`pyenv global system` for every shell)",
            "pyenv shell system");
    else if (g->kind && !strcmp(g->kind, "conda"))
        put(fl, fd, 0, FIX_RANK_ENV, sh, "Activate the conda environment that has the GPU build",
            arena_printf(a, "conda activate %s", g->name && strcmp(g->name, "base") ? g->name : g->prefix));
    else if (g->kind && !strcmp(g->kind, "venv"))
        put(fl, fd, 0, FIX_RANK_ENV, sh, "Activate the venv that has the GPU build",
            arena_printf(a, on_windows(x) ? "& \"%s\\Scripts\\Activate.ps1\"" : ". %s/bin/activate", g->prefix));
    else if (g->kind && !strcmp(g->kind, "pyenv"))
        fixes_run(x, fl, fd, FIX_TOOL_PYENV_SHELL,
                  "Select that pyenv version for this shell (or `pyenv local` for the project)",
                  path_basename(g->prefix), NULL);
    put(fl, fd, 0, FIX_RANK_ENV, sh,
        fd->n_fixes ? "Or run your program with that environment's Python" : "Run your program with that environment's Python",
        arena_printf(a, "%s your_script.py", py));
}

void fixes_jupyter_kernel(const struct fix_ctx *x, struct findings *fl, struct finding *fd,
                          const struct python_env *g, const char *python, const char *slug, int has_ipykernel)
{
    struct arena *a = A(x, fl);
    const char *gpy = run_word(x, fl, python);
    put(fl, fd, 0, FIX_RANK_USER, on_windows(x) ? "powershell" : "sh",
        arena_printf(a, "Register %s as a kernel, then pick \"Python (%s)\" in the notebook", g->prefix, slug),
        arena_printf(a, "%s%s%s -m ipykernel install --user --name %s --display-name \"Python (%s)\"",
                     has_ipykernel ? "" : gpy, has_ipykernel ? "" : " -m pip install ipykernel\n", gpy, slug, slug));
}

/* ---- Windows ---- */

void fixes_windows_path(const struct fix_ctx *x, struct findings *fl, struct finding *fd, const char *wdirs,
                        int tf, const char *py)
{
    struct arena *a = A(x, fl);
    put(fl, fd, 0, FIX_RANK_ENV, "powershell", "Put the folder first on PATH for this PowerShell session, then start "
        "Python from it", arena_printf(a, "$env:PATH = \"%s;\" + $env:PATH", wdirs));
    put(fl, fd, 0, FIX_RANK_NONE, "powershell", "Keep it for every new terminal (your user PATH; open a new terminal "
        "afterwards)",
        arena_printf(a, "[Environment]::SetEnvironmentVariable('PATH', \"%s;\" + "
                     "[Environment]::GetEnvironmentVariable('PATH', 'User'), 'User')", wdirs));
    put(fl, fd, 0, FIX_RANK_NONE, "cmd", "The same from cmd: setx writes the user PATH (new windows only; setx cuts "
        "values at 1024 characters, so prefer the PowerShell line when PATH is long)",
        arena_printf(a, "set PATH=%s;%%PATH%%\nsetx PATH \"%s;%%PATH%%\"", wdirs, wdirs));
    if (!tf)
        put(fl, fd, 0, FIX_RANK_NONE, "python",
            arena_printf(a, "%s does not search PATH for an extension module's DLLs: or add the folder in the "
                         "program before importing the framework", py),
            arena_printf(a, "import os\nos.add_dll_directory(r\"%s\")", wdirs));
}

/* ---- which ---- */

void fixes_which(struct findings *fl, const struct resolve_result *res, struct finding *stale, struct finding *dir)
{
    struct arena *a = fl->arena;
    const char *d;
    memset(stale, 0, sizeof(*stale));
    memset(dir, 0, sizeof(*dir));
    if (res->stale_uncached || res->stale_missing)
        fixes_run(NULL, fl, stale, FIX_TOOL_LDCONFIG, "", NULL, NULL);   /* which prints "fix: COMMAND" */
    if (res->path || !res->suggest_dir || (!res->windows && res->stale_uncached))
        return;
    if (res->windows) {
        d = resolve_win_display(a, res->suggest_dir);
        put(fl, dir, 0, FIX_RANK_ENV, "powershell", "PowerShell, this session",
            arena_printf(a, "$env:PATH = \"%s;$env:PATH\"", d));
        put(fl, dir, 0, FIX_RANK_ENV, "python", "a Python extension module, in the program",
            arena_printf(a, "os.add_dll_directory(r\"%s\")", d));
        return;
    }
    put(fl, dir, 0, FIX_RANK_ENV, "sh", NULL,
        arena_printf(a, "export LD_LIBRARY_PATH=%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}", res->suggest_dir));
    put(fl, dir, 0, FIX_RANK_SYSTEM, "sh", NULL,
        arena_printf(a, "echo '%s' | sudo tee /etc/ld.so.conf.d/gpudoctor.conf && sudo ldconfig", res->suggest_dir));
}
