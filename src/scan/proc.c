/*
 * proc.c - observe running processes through /proc (proc.h).
 */
#include "scan/proc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/compat.h"
#include "loader/elf.h"
#include "scan/procfs.h"
#include "util/alloc.h"
#include "util/text.h"
#include "util/banned.h"

/*
 * The variables ps reads from a process's environment.  The first group is
 * what the ordinary scan reads (scan.c's gpu_env_vars and the observers'
 * own look-ups: pyenv, Jupyter, modules, containers), so that the facts
 * built for the process are the ones `check` would build in its shell; the
 * second says who started the job.  SLURM_* is matched as a prefix.
 */
static const char *const kept_vars[] = {
    "CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER", "NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES",
    "CUDA_HOME", "CUDA_PATH", "CUDA_ROOT", "CUDA_TOOLKIT_ROOT_DIR", "CUDNN_PATH",
    "LD_LIBRARY_PATH", "LD_PRELOAD", "PATH", "VIRTUAL_ENV", "CONDA_PREFIX",
    "CONDA_DEFAULT_ENV", "CONDA_EXE", "PYTHONPATH", "PYTHONHOME", "PYTHONNOUSERSITE", "PYTHONUSERBASE",
    "KERAS_BACKEND", "KERAS_HOME", "TF_CPP_MIN_LOG_LEVEL", "XLA_FLAGS", "JAX_PLATFORMS",
    "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "WSL_DISTRO_NAME", "WSL_INTEROP", "HOME",
    "PYENV_ROOT", "PYENV_VERSION", "PYENV_DIR", "PWD", "MODULEPATH", "JUPYTER_PATH",
    "JUPYTER_DATA_DIR", "container", "KUBERNETES_SERVICE_HOST",
    /* who started it */
    "LOCAL_RANK", "RANK", "WORLD_SIZE", "TORCHELASTIC_RUN_ID", "JPY_PARENT_PID",
    NULL
};

int proc_env_kept(const char *name, size_t n)
{
    const char *const *k;
    if (n > 6 && !memcmp(name, "SLURM_", 6))
        return 1;
    for (k = kept_vars; *k; k++)
        if (strlen(*k) == n && !memcmp(*k, name, n))
            return 1;
    return 0;
}

static int keep_cb(const char *name, size_t n, void *arg)
{
    (void)arg;
    return proc_env_kept(name, n);
}

/* Read /proc/<pid>/<name> into r->buf (up to limit bytes).  1 read, 0
 * absent, -1 error (err). */
static int read_proc(struct proc_reader *r, long pid, const char *name, size_t limit, struct gd_err *err)
{
    char path[64];
    if (pid < 0)
        snprintf(path, sizeof(path), "/proc/self/%s", name);
    else
        snprintf(path, sizeof(path), "/proc/%ld/%s", pid, name);
    strbuf_reset(&r->buf);
    err_init(err);
    return fs_read_file(r->fs, path, limit, &r->buf, err);
}

/*
 * read_proc for the files that must not stay in util/fs's memory of whole
 * reads: environ holds every variable's value, maps can be megabytes.  Read
 * from the descriptor until EOF (their st_size is 0) or limit.  head: one
 * read of at most limit bytes, for a question the file's head answers (is
 * this a job: the first word of the command line) -- the kernel fills one
 * read from the whole file (proc_pid_cmdline_read), so no second read to
 * see EOF: 500 processes cost 500 small reads.
 */
static int read_proc_once(struct proc_reader *r, long pid, const char *name, size_t limit, int head,
                          struct gd_err *err)
{
    char path[64];
    struct fs_file f;
    int rc;

    snprintf(path, sizeof(path), "/proc/%ld/%s", pid, name);
    strbuf_reset(&r->buf);
    err_init(err);
    rc = fs_open(r->fs, path, &f, err);
    if (rc != 1)
        return rc;
    while (r->buf.len < limit) {
        size_t chunk = head || limit - r->buf.len < 65536 ? limit - r->buf.len : 65536;
        long got;
        strbuf_grow(&r->buf, chunk);
        got = compat_read(f.fd, r->buf.buf + r->buf.len, chunk);
        if (got < 0) {
            rc = err_set(err, "cannot read '%s'", path);
            break;
        }
        r->buf.len += (size_t)got;
        r->buf.buf[r->buf.len] = '\0';
        if (got == 0 || head)
            break;
    }
    fs_close(&f);
    return rc;
}

static int read_link(struct proc_reader *r, long pid, const char *name, struct strbuf *out, struct gd_err *err)
{
    char path[80];
    snprintf(path, sizeof(path), "/proc/%ld/%s", pid, name);
    err_init(err);
    return fs_readlink(r->fs, path, out, err);
}

void proc_reader_init(struct proc_reader *r, struct fs *fs, struct arena *a)
{
    struct strbuf link = STRBUF_INIT;
    struct gd_err err;

    memset(r, 0, sizeof(*r));
    r->fs = fs;
    r->a = a;
    r->hidepid_gid = -1;
    r->self_uid = (long)compat_geteuid();
    r->clock_ticks = compat_clock_ticks();
    strbuf_init(&r->passwd);
    strbuf_init(&r->buf);
    err_init(&err);
    if (fs_readlink(fs, "/proc/self/ns/mnt", &link, &err) == 1)
        procfs_parse_ns(link.buf, &r->self_mnt_ns);
    strbuf_release(&link);
    if (read_proc(r, -1, "mountinfo", PROC_MAPS_MAX, &err) == 1)
        r->proc_mounted = procfs_proc_mount((const uint8_t *)r->buf.buf, r->buf.len, a, &r->hidepid,
                                            &r->hidepid_gid);
    strbuf_reset(&r->buf);
    err_init(&err);
    if (fs_read_file(fs, "/proc/uptime", PROC_SMALL_MAX, &r->buf, &err) == 1)
        procfs_parse_uptime((const uint8_t *)r->buf.buf, r->buf.len, &r->uptime_centis);
}

void proc_reader_release(struct proc_reader *r)
{
    strbuf_release(&r->passwd);
    strbuf_release(&r->buf);
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

/* name as a pid: all digits, no leading zero, fits. */
static long pid_of(const char *name)
{
    long v = 0;
    const char *p = name;
    if (!*p || *p == '0')
        return -1;
    for (; *p; p++) {
        if (*p < '0' || *p > '9' || v > 0x7ffffff)
            return -1;
        v = v * 10 + (*p - '0');
    }
    return v;
}

int proc_list(struct proc_reader *r, long **pids, size_t *n, struct gd_err *err)
{
    struct fs_dirlist dl;
    size_t i, k = 0;
    int rc = fs_list_dir(r->fs, "/proc", 1u << 22, &dl, err);

    *pids = NULL;
    *n = 0;
    if (rc != 1) {
        if (rc == 0)
            err_setx(err, GD_ERR_NOTFOUND, "cannot list '/proc': no such directory");
        fs_dirlist_release(&dl);
        return -1;
    }
    *pids = xcalloc(dl.nr ? dl.nr : 1, sizeof(**pids));
    for (i = 0; i < dl.nr; i++) {
        long pid = pid_of(dl.ents[i].name);
        if (pid > 0)
            (*pids)[k++] = pid;
    }
    fs_dirlist_release(&dl);
    qsort(*pids, k, sizeof(**pids), cmp_long);
    *n = k;
    return 0;
}

/* The word's last path component. */
static const char *base_of(const char *w, size_t n, size_t *bn)
{
    const char *b = w;
    size_t i;
    for (i = 0; i < n; i++)
        if (w[i] == '/')
            b = w + i + 1;
    *bn = n - (size_t)(b - w);
    return b;
}

static int word_is(const char *b, size_t n, const char *s)
{
    return strlen(s) == n && !memcmp(b, s, n);
}

static int word_starts(const char *b, size_t n, const char *s)
{
    size_t k = strlen(s);
    return n >= k && !memcmp(b, s, k);
}

/* Is the first command-line word (w, n bytes) a Python interpreter or a
 * framework launcher? */
static int job_word(const char *w, size_t n)
{
    size_t bn;
    const char *b = base_of(w, n, &bn);
    if (word_starts(w, n, "ray::"))
        return 1;
    return word_starts(b, bn, "python") || word_starts(b, bn, "pypy") || word_starts(b, bn, "ipython") ||
           word_starts(b, bn, "jupyter") || word_is(b, bn, "torchrun") || word_is(b, bn, "accelerate") ||
           word_is(b, bn, "deepspeed");
}

int proc_is_job(struct proc_reader *r, long pid)
{
    struct gd_err err;
    const char *s, *end;
    size_t n;
    /* argv[0] (a path: at most PATH_MAX) or a title's first word */
    if (read_proc_once(r, pid, "cmdline", 4096 + 64, 1, &err) != 1 || !r->buf.len)
        return 0;
    s = r->buf.buf;
    end = memchr(s, '\0', r->buf.len);
    n = end ? (size_t)(end - s) : r->buf.len;
    /* A rewritten title ("python train.py" as one string): its first word. */
    if (!end) {
        const char *sp = memchr(s, ' ', n);
        if (sp)
            n = (size_t)(sp - s);
    }
    return job_word(s, n);
}

static void note(struct proc_reader *r, struct ps_proc *p, const char *what, const struct gd_err *err)
{
    const char **v = arena_alloc(r->a, (p->n_notes + 1) * sizeof(*v));
    if (p->n_notes)
        memcpy(v, p->notes, p->n_notes * sizeof(*v));
    v[p->n_notes++] = arena_printf(r->a, "%s: %s", what, err && err->msg[0] ? err->msg : "unknown error");
    p->notes = v;
}

/* A file the kernel refused: the process is another user's, or not dumpable. */
static int refused(const struct gd_err *err)
{
    return err->code == GD_ERR_SYS && (err->errnum == EACCES || err->errnum == EPERM);
}

static void denied(struct proc_reader *r, struct ps_proc *p, const char *what)
{
    (void)r;
    if (p->access == PROC_READ) {
        p->access = PROC_DENIED;
        p->denied = what;
    }
}

/* A link's target, " (deleted)" removed (and reported in *del). */
static const char *link_target(struct proc_reader *r, struct ps_proc *p, const char *name, int *del)
{
    struct strbuf sb = STRBUF_INIT;
    struct gd_err err;
    const char *out = NULL;
    int rc = read_link(r, p->pid, name, &sb, &err);
    if (del)
        *del = 0;
    if (rc == 1) {
        static const char suffix[] = " (deleted)";
        if (del && sb.len > sizeof(suffix) - 1 && !strcmp(sb.buf + sb.len - (sizeof(suffix) - 1), suffix)) {
            strbuf_setlen(&sb, sb.len - (sizeof(suffix) - 1));
            *del = 1;
        }
        out = arena_strndup(r->a, sb.buf, sb.len);
    } else if (rc < 0) {
        if (refused(&err))
            denied(r, p, name);
        else
            note(r, p, name, &err);
    }
    strbuf_release(&sb);
    return out;
}

const char *proc_in_root(struct arena *a, const char *root, const char *path)
{
    size_t n;
    if (!path || !root || !strcmp(root, "/"))
        return path;
    n = strlen(root);
    if (!strncmp(path, root, n) && (path[n] == '/' || !path[n]))
        return path[n] ? arena_strdup(a, path + n) : "/";
    return path;
}

/* A descriptor target ps keeps: the GPU device files (and WSL's /dev/dxg). */
static int gpu_device(const char *t)
{
    return str_starts(t, "/dev/nvidia") || !strcmp(t, "/dev/dxg");
}

static void read_fds(struct proc_reader *r, struct ps_proc *p)
{
    struct fs_dirlist dl;
    struct gd_err err;
    struct strbuf sb = STRBUF_INIT;
    struct proc_fd *v = NULL;
    size_t i, nv = 0, alloc = 0;
    char dir[64];
    int rc;

    snprintf(dir, sizeof(dir), "/proc/%ld/fd", p->pid);
    err_init(&err);
    rc = fs_list_dir(r->fs, dir, 1u << 20, &dl, &err);
    if (rc < 0 && refused(&err)) {
        denied(r, p, "fd");
        fs_dirlist_release(&dl);
        return;
    }
    if (rc < 0)
        note(r, p, "fd", &err);
    p->fds_total = dl.nr;
    for (i = 0; i < dl.nr; i++) {
        char path[96];
        long fd = pid_of(dl.ents[i].name);
        if (fd < 0 && strcmp(dl.ents[i].name, "0"))
            continue;
        if (i >= PROC_FDS_MAX) {
            p->fds_truncated = 1;
            break;
        }
        snprintf(path, sizeof(path), "%s/%s", dir, dl.ents[i].name);
        err_init(&err);
        if (fs_readlink(r->fs, path, &sb, &err) != 1)
            continue;
        {
            const char *t = proc_in_root(r->a, p->root, sb.buf);
            if (!gpu_device(t))
                continue;
            ALLOC_GROW(v, nv + 1, alloc);
            v[nv].fd = fd < 0 ? 0 : (int)fd;
            v[nv].target = t == sb.buf ? arena_strdup(r->a, t) : t;
            nv++;
        }
    }
    if (nv) {
        p->fds = arena_alloc(r->a, nv * sizeof(*v));
        memcpy(p->fds, v, nv * sizeof(*v));
    }
    p->n_fds = nv;
    free(v);
    strbuf_release(&sb);
    fs_dirlist_release(&dl);
}

static int argv_has(const struct ps_proc *p, const char *word, int base)
{
    size_t i, bn;
    for (i = 0; i < p->n_argv; i++) {
        const char *b = base ? base_of(p->argv[i], strlen(p->argv[i]), &bn) : p->argv[i];
        if (!strcmp(b, word))
            return 1;
    }
    return 0;
}

/* Who started it, from its command line and the variables launchers set. */
static const char *role_of(const struct ps_proc *p)
{
    size_t bn;
    const char *b0 = p->n_argv ? base_of(p->argv[0], strlen(p->argv[0]), &bn) : "";
    if (argv_has(p, "ipykernel_launcher", 0) || argv_has(p, "ipykernel_launcher.py", 1) ||
        argv_has(p, "ipykernel", 0) || ps_proc_env(p, "JPY_PARENT_PID"))
        return "jupyter kernel";
    if (p->n_argv && str_starts(p->argv[0], "ray::"))
        return "ray worker";
    if (ps_proc_env(p, "TORCHELASTIC_RUN_ID"))
        return "torchrun worker";
    if (!strcmp(b0, "torchrun") || argv_has(p, "torchrun", 1) || argv_has(p, "torch.distributed.run", 0))
        return "torchrun launcher";
    if (!strcmp(b0, "accelerate") || argv_has(p, "accelerate", 1))
        return "accelerate launcher";
    if (!strcmp(b0, "deepspeed") || argv_has(p, "deepspeed", 1))
        return "deepspeed launcher";
    if (argv_has(p, "debugpy", 0) || argv_has(p, "debugpy", 1))
        return "VS Code debugger (debugpy)";
    if (argv_has(p, "pydevd.py", 1))
        return "PyCharm debugger (pydevd)";
    if (ps_proc_env(p, "SLURM_JOB_ID") || p->cgroup.slurm_job)
        return "slurm step";
    if (!strncmp(b0, "jupyter", 7))
        return "jupyter server";
    return NULL;
}

static const char *user_name(struct proc_reader *r, long uid)
{
    const char *name = NULL;
    if (uid < 0)
        return NULL;
    if (!r->passwd_read) {
        struct gd_err err;
        err_init(&err);
        r->passwd_read = 1;
        if (fs_read_file(r->fs, "/etc/passwd", 16u << 20, &r->passwd, &err) != 1)
            strbuf_reset(&r->passwd);
    }
    if (procfs_passwd_name((const uint8_t *)r->passwd.buf, r->passwd.len, uid, r->a, &name) == 1)
        return name;
    return NULL;
}

void proc_observe(struct proc_reader *r, long pid, struct ps_proc *p)
{
    struct gd_err err;
    struct strbuf sb = STRBUF_INIT;
    int rc, del = 0;
    size_t i, skipped = 0;

    memset(p, 0, sizeof(*p));
    p->pid = pid;
    p->other_mnt_ns = -1;
    p->access = PROC_READ;

    rc = read_proc(r, pid, "status", PROC_SMALL_MAX, &err);
    if (rc == 0) {
        /* The directory is gone, or /proc never showed it (hidepid). */
        struct compat_stat st;
        char dir[48];
        snprintf(dir, sizeof(dir), "/proc/%ld", pid);
        p->access = fs_stat(r->fs, dir, &st, NULL) == 1 ? PROC_GONE : (r->hidepid ? PROC_HIDDEN : PROC_GONE);
        procfs_parse_status(NULL, 0, r->a, &p->status);
        return;
    }
    if (rc < 0) {
        if (refused(&err))
            p->access = PROC_HIDDEN;
        else
            note(r, p, "status", &err);
    }
    procfs_parse_status((const uint8_t *)r->buf.buf, r->buf.len, r->a, &p->status);
    p->user = user_name(r, p->status.uid);
    if (read_proc(r, pid, "stat", PROC_SMALL_MAX, &err) == 1)
        procfs_parse_stat((const uint8_t *)r->buf.buf, r->buf.len, &p->stat);
    if (read_proc(r, pid, "cmdline", PROC_CMDLINE_MAX, &err) == 1)
        procfs_parse_cmdline((const uint8_t *)r->buf.buf, r->buf.len, r->a, PS_ARGV_MAX, PS_ARG_LEN_MAX,
                             &p->argv, &p->n_argv, &p->argv_total);
    if (read_proc(r, pid, "cgroup", PROC_SMALL_MAX, &err) == 1)
        procfs_parse_cgroup((const uint8_t *)r->buf.buf, r->buf.len, r->a, &p->cgroup);

    /* The root first: every other path is made relative to it. */
    p->root = link_target(r, p, "root", NULL);
    if (read_link(r, pid, "ns/mnt", &sb, &err) == 1 && procfs_parse_ns(sb.buf, &p->mnt_ns) && r->self_mnt_ns)
        p->other_mnt_ns = p->mnt_ns != r->self_mnt_ns;
    else if (refused(&err))
        denied(r, p, "ns/mnt");
    p->exe = proc_in_root(r->a, p->root, link_target(r, p, "exe", &del));
    p->exe_deleted = del;
    p->cwd = proc_in_root(r->a, p->root, link_target(r, p, "cwd", NULL));

    rc = read_proc_once(r, pid, "environ", PROC_ENVIRON_MAX, 0, &err);
    if (rc == 1) {
        procfs_parse_environ((const uint8_t *)r->buf.buf, r->buf.len, keep_cb, NULL, r->a, &p->env, &p->n_env,
                             &p->env_total);
        /* Other variables' values were in this buffer only (read past
         * util/fs's memory of whole files): clear it. */
        memset(r->buf.buf, 0, r->buf.len);
    } else if (rc < 0) {
        if (refused(&err))
            denied(r, p, "environ");
        else
            note(r, p, "environ", &err);
    }

    rc = read_proc_once(r, pid, "maps", PROC_MAPS_MAX, 0, &err);
    if (rc == 1) {
        p->maps_truncated = r->buf.len >= PROC_MAPS_MAX;
        procfs_parse_maps((const uint8_t *)r->buf.buf, r->buf.len, r->a, PROC_MAP_FILES_MAX, &p->maps, &p->n_maps,
                          &skipped);
        for (i = 0; i < p->n_maps; i++)
            p->maps[i].path = proc_in_root(r->a, p->root, p->maps[i].path);
    } else if (rc < 0) {
        if (refused(&err))
            denied(r, p, "maps");
        else
            note(r, p, "maps", &err);
    }
    if (p->access == PROC_READ)
        read_fds(r, p);
    p->role = role_of(p);
    strbuf_release(&sb);
}

long proc_elapsed_s(const struct proc_reader *r, const struct ps_proc *p)
{
    uint64_t start_c;
    if (!p->stat.valid || !r->uptime_centis || r->clock_ticks <= 0)
        return -1;
    start_c = p->stat.starttime * 100u / (uint64_t)r->clock_ticks;
    if (start_c > r->uptime_centis)
        return 0;
    return (long)((r->uptime_centis - start_c) / 100u);
}

long proc_cpu_s(const struct proc_reader *r, const struct ps_proc *p)
{
    if (!p->stat.valid || r->clock_ticks <= 0)
        return -1;
    return (long)((p->stat.utime + p->stat.stime) / (uint64_t)r->clock_ticks);
}

const char *proc_comm(struct proc_reader *r, long pid)
{
    struct gd_err err;
    size_t n;
    if (read_proc(r, pid, "comm", PROC_SMALL_MAX, &err) != 1)
        return NULL;
    n = r->buf.len;
    while (n && (r->buf.buf[n - 1] == '\n' || r->buf.buf[n - 1] == '\r'))
        n--;
    return n ? arena_strndup(r->a, r->buf.buf, n) : NULL;
}

void proc_sonames_release(struct proc_sonames *c)
{
    free(c->v);
    memset(c, 0, sizeof(*c));
}

void proc_read_sonames(struct fs *fs, struct arena *a, struct proc_sonames *cache, struct ps_proc *p)
{
    size_t i, k;
    for (i = 0; i < p->n_maps; i++) {
        struct proc_map *m = &p->maps[i];
        const char *b = path_basename(m->path);
        struct elf_info info;
        struct gd_err err;
        int known = 0;
        if (m->deleted || !(str_starts(b, "libcu") || str_starts(b, "libnv") || str_starts(b, "libnccl")) ||
            !strstr(b, ".so"))
            continue;
        for (k = 0; cache && k < cache->n && !known; k++)
            if (!strcmp(cache->v[k].path, m->path)) {
                m->soname = cache->v[k].name;
                known = 1;
            }
        if (known)
            continue;
        err_init(&err);
        if (elf_read(fs, m->path, a, &info, &err) == 1 && info.soname)
            m->soname = info.soname;
        if (cache) {
            ALLOC_GROW(cache->v, cache->n + 1, cache->alloc);
            cache->v[cache->n].path = m->path;
            cache->v[cache->n].name = m->soname;
            cache->n++;
        }
    }
}

/* The prefix of site dir d (n bytes, ending in site-packages or
 * dist-packages), or NULL. */
static const char *prefix_of_site(struct arena *a, const char *d, size_t n)
{
    const char *lib = NULL;
    size_t i, k;
    /* the last "/lib/" or "/lib64/" component before it */
    for (i = 0; i + 5 <= n; i++)
        if (!memcmp(d + i, "/lib/", 5) || (i + 7 <= n && !memcmp(d + i, "/lib64/", 7)))
            lib = d + i;
    if (!lib)
        return NULL;
    k = (size_t)(lib - d);
    /* lib/ must be followed by pythonX.Y/ (or python3/ for Debian's dist-packages) and the site dir */
    {
        const char *py = lib + (lib[4] == '/' ? 5 : 7), *slash = memchr(py, '/', (size_t)(d + n - py));
        if (!slash || strncmp(py, "python", 6) || (size_t)(d + n - slash - 1) != 13)
            return NULL;
    }
    if (k == 0)
        return "/";
    return arena_strndup(a, d, k);
}

const char *proc_site_prefix(struct arena *a, const struct ps_proc *p)
{
    const char *best = NULL, *home = ps_proc_env(p, "HOME");
    size_t i, j, best_n = 0;
    for (i = 0; i < p->n_maps; i++) {
        const char *m = p->maps[i].path, *s = strstr(m, "/site-packages/"), *pre;
        size_t count = 0;
        if (!s)
            s = strstr(m, "/dist-packages/");
        if (!s)
            continue;
        pre = prefix_of_site(a, m, (size_t)(s - m) + 14);
        if (!pre)
            continue;
        if (home && *home == '/' && strlen(home) > 1 && !strncmp(pre, home, strlen(home)) &&
            !strcmp(pre + strlen(home), "/.local"))
            continue;   /* the user site: its interpreter's environment says more */
        if (best && !strcmp(best, pre))
            continue;
        for (j = 0; j < p->n_maps; j++)
            count += !strncmp(p->maps[j].path, pre, strlen(pre)) && p->maps[j].path[strlen(pre)] == '/' &&
                     (strstr(p->maps[j].path, "/site-packages/") || strstr(p->maps[j].path, "/dist-packages/"));
        if (count > best_n) {
            best = pre;
            best_n = count;
        }
    }
    return best;
}

static int regular(struct fs *fs, const char *path)
{
    struct compat_stat st;
    return fs_stat(fs, path, &st, NULL) == 1 && st.type == COMPAT_FT_REG;
}

const char *proc_interpreter(struct fs *fs, struct arena *a, const struct ps_proc *p, const char **how)
{
    struct strbuf sb = STRBUF_INIT, norm = STRBUF_INIT;
    const char *r = NULL, *a0 = p->n_argv ? p->argv[0] : NULL, *path = NULL;

    *how = NULL;
    if (a0 && *a0 && strchr(a0, '/')) {
        if (a0[0] == '/')
            strbuf_addstr(&sb, a0);
        else if (p->cwd)
            path_join(&sb, p->cwd, a0);
        if (sb.len) {
            path_normalize(&norm, sb.buf);
            if (regular(fs, norm.buf)) {
                r = arena_strdup(a, norm.buf);
                *how = "argv[0]";
            }
        }
    } else if (a0 && *a0) {
        path = ps_proc_env(p, "PATH");
        while (path && *path && !r) {
            const char *colon = strchr(path, ':');
            size_t n = colon ? (size_t)(colon - path) : strlen(path);
            if (n && path[0] == '/') {
                strbuf_reset(&sb);
                strbuf_add(&sb, path, n);
                strbuf_addch(&sb, '/');
                strbuf_addstr(&sb, a0);
                if (regular(fs, sb.buf)) {
                    r = arena_strdup(a, sb.buf);
                    *how = "argv[0] on its PATH";
                }
            }
            path = colon ? colon + 1 : NULL;
        }
    }
    if (!r && p->exe) {
        r = p->exe;
        *how = "its executable";
    }
    strbuf_release(&sb);
    strbuf_release(&norm);
    return r;
}
