#include "report/report.h"

#include <stdint.h>
#include <string.h>

#include "report/image.h"
#include "report/out.h"
#include "report/probe.h"
#include "report/text_sections.h"
#include "util/banned.h"

static void heading(struct out *o, const char *title)
{
    out_raw(o, "\n");
    out_styled(o, STYLE_BOLD, "%s", title);
    out_raw(o, "\n");
}

static void label(struct out *o, const char *l)
{
    out_printf(o, "  %-14s", l);
}

static void section_system(struct out *o, const struct facts *f, const char *root)
{
    const struct sys_facts *s = &f->system;
    heading(o, "System");
    if (root) {
        label(o, "Root");
        out_printf(o, "%s\n", root);
    }
    label(o, "OS");
    out_printf(o, "%s", s->distro_name ? s->distro_name : (s->os ? s->os : "unknown"));
    if (s->arch)
        out_printf(o, ", %s", s->arch);
    if (s->kernel)
        out_printf(o, ", kernel %s", s->kernel);
    if (s->page_size_kib)
        out_printf(o, ", %u KiB pages", s->page_size_kib);
    out_raw(o, "\n");
    if (s->libc) {
        label(o, "libc");
        out_printf(o, "%s%s%s\n", s->libc, s->libc_version ? " " : "", s->libc_version ? s->libc_version : "");
    }
    label(o, "WSL");
    if (s->wsl)
        out_printf(o, "WSL%d (%s)\n", s->wsl, s->wsl_evidence ? s->wsl_evidence : "");
    else
        out_raw(o, "no\n");
    label(o, "Container");
    if (s->container)
        out_printf(o, "%s (%s)\n", s->container, s->container_evidence ? s->container_evidence : "");
    else
        out_raw(o, "none detected\n");
}

/* macOS: no NVIDIA driver, CUDA or cuDNN to show; the CPU kind and the
 * Mach-O files the diagnosis read instead. */
static void section_macos(struct out *o, const struct facts *f)
{
    const struct macos_facts *m = &f->macos;
    size_t i;
    heading(o, "Mac");
    label(o, "CPU");
    if (m->cpu)
        out_printf(o, "%s (%s)\n", !strcmp(m->cpu, "arm64") ? "Apple Silicon" : "Intel", m->cpu_evidence);
    else
        out_raw(o, "unknown: the files do not tell Apple Silicon from Intel\n");
    label(o, "Rosetta 2");
    out_raw(o, m->rosetta == 1 ? "installed\n" : m->rosetta == 0 ? "not installed\n" : "unknown\n");
    label(o, "GPU path");
    out_raw(o, "Metal (PyTorch MPS, tensorflow-metal, jax-metal); macOS has no CUDA\n");
    for (i = 0; i < m->n_bins; i++) {
        const struct mac_binary *b = &m->bins[i];
        label(o, i ? "" : "Mach-O");
        out_printf(o, "%s: %s%s%s\n", out_pathstr(o, b->path), b->archs ? b->archs : "unreadable",
                   b->minos ? ", macOS " : "", b->minos ? b->minos : "");
    }
}

static void section_driver(struct out *o, const struct facts *f)
{
    const struct driver_facts *d = &f->driver;
    size_t i;

    heading(o, "Driver and GPUs");
    label(o, "Driver");
    if (d->kmod_version)
        out_printf(o, "%s (kernel module, %s; %s)\n", d->kmod_version,
                   d->kmod_flavor ? d->kmod_flavor : "flavour unknown", d->kmod_source);
    else if (f->system.wsl == 2 && d->wsl_libcuda)
        out_printf(o, "the Windows driver, mapped into WSL2 (%s)\n", d->wsl_libcuda);
    else if (f->tegra.present)
        out_printf(o, "L4T %s's GPU driver (Jetson: nvgpu, not nvidia.ko)%s%s%s\n",
                   f->tegra.l4t ? f->tegra.l4t : "(release unknown)",
                   f->tegra.libcuda ? "; CUDA driver " : "; no CUDA driver (tegra/libcuda.so.1)",
                   f->tegra.libcuda ? out_pathstr(o, f->tegra.libcuda) : "",
                   !f->tegra.libcuda ? "" : f->tegra.libcuda_on_path ? ", on the loader path"
                                                                     : ", NOT on the loader path");
    else if (f->system.os && !strcmp(f->system.os, "windows"))
        out_printf(o, "%s\n", facts_driver_version(f)
                   ? "the Windows driver (version from nvcuda.dll's version resource, below)"
                   : "no nvcuda.dll in System32: no NVIDIA driver installed");
    else if (!f->system.kernel && f->system.proc_state && !strcmp(f->system.proc_state, "empty"))
        out_raw(o, "kernel module unknown (no process information: /proc is empty in the examined tree)\n");
    else if (!f->system.kernel)
        out_raw(o, "kernel module unknown (no /proc in the examined tree)\n");
    else
        out_raw(o, "no NVIDIA kernel module loaded\n");
    if (f->tegra.present) {
        /* The JetPack of this L4T release and the CUDA it ships (data/jetpack.kb);
         * a release the table lacks stays unknown. */
        label(o, "JetPack");
        if (f->tegra.jetpack)
            out_printf(o, "%s (L4T %s), which ships CUDA %s%s\n", f->tegra.jetpack, f->tegra.l4t,
                       f->tegra.jetpack_cuda ? f->tegra.jetpack_cuda : "(version unknown to the knowledge base)",
                       f->tegra.jetpack_source && !strncmp(f->tegra.jetpack_source, "unverified:", 11)
                           ? " [unverified kb row]" : "");
        else if (f->tegra.l4t)
            out_printf(o, "unknown (L4T %s is not in the knowledge base's jetpack table)\n", f->tegra.l4t);
        else
            out_raw(o, "unknown (L4T release unknown: no /etc/nv_tegra_release or nvidia-l4t-core)\n");
    }
    for (i = 0; i < d->n_libs; i++) {
        label(o, i ? "" : "User space");
        out_printf(o, "%s %s (%s)\n", d->libs[i].name, d->libs[i].version, out_pathstr(o, d->libs[i].path));
    }
    if (d->nouveau_loaded) {
        label(o, "nouveau");
        out_printf(o, "loaded (%s)\n", d->nouveau_evidence);
    }
    label(o, "CUDA ceiling");
    if (d->cuda_max)
        out_printf(o, "CUDA %s (what nvidia-smi shows as \"CUDA Version\")\n", d->cuda_max);
    else
        out_raw(o, facts_driver_version(f) ? "unknown for this driver version\n"
                   : f->tegra.present ? "unknown (a Jetson's CUDA comes with its L4T release)\n"
                                      : "none (no driver)\n");
    if (!f->n_gpus && f->tegra.present && (f->tegra.soc || f->tegra.model)) {
        label(o, "GPU");
        out_printf(o, "integrated in %s%s%s%s%s (device tree)\n", f->tegra.model ? f->tegra.model : f->tegra.soc,
                   f->tegra.model && f->tegra.soc ? ", " : "", f->tegra.model && f->tegra.soc ? f->tegra.soc : "",
                   f->tegra.gpu_cc ? ", compute capability " : "", f->tegra.gpu_cc ? f->tegra.gpu_cc : "");
    } else if (!f->n_gpus) {
        label(o, "GPUs");
        out_raw(o, f->pci_readable ? "no NVIDIA GPU on the PCI bus\n"
                   : f->system.wsl ? "not visible on WSL2's PCI bus (run 'gpudoctor probe')\n"
                   : f->system.os && !strcmp(f->system.os, "windows")
                       ? "not read from a Windows tree (run 'gpudoctor probe' on the machine)\n"
                       : "unknown (the PCI bus could not be read)\n");
    }
    for (i = 0; i < f->n_gpus; i++) {
        const struct gpu *g = &f->gpus[i];
        char l[32];
        snprintf(l, sizeof(l), "GPU %zu", i);
        label(o, l);
        out_printf(o, "%s [%04x:%04x] compute capability %s (%s)\n", g->name ? g->name : "unknown model",
                   g->vendor, g->device, g->compute_capability ? g->compute_capability : "unknown",
                   g->pci_slot);
    }
}

static void section_cuda(struct out *o, const struct facts *f)
{
    size_t i, j;
    heading(o, "CUDA toolkits");
    if (!f->n_cuda)
        out_raw(o, "  none found\n");
    for (i = 0; i < f->n_cuda; i++) {
        const struct cuda_install *c = &f->cuda[i];
        out_printf(o, "  %-12s %s (%s", c->version ? c->version : "unknown", out_pathstr(o, c->path), c->provenance);
        for (j = 0; j < c->n_aliases; j++)
            if (strcmp(c->aliases[j], c->path))
                out_printf(o, "; also %s", out_pathstr(o, c->aliases[j]));
        out_raw(o, ")\n");
        if (c->version_source)
            out_printf(o, "  %-12s version from %s\n", "", out_pathstr(o, c->version_source));
    }
}

static void section_modules(struct out *o, const struct facts *f)
{
    size_t i;
    if (!f->modules.n_files)
        return;
    heading(o, "Environment modules");
    out_printf(o, "  MODULEPATH     %s (%s)\n", f->modules.modulepath ? f->modules.modulepath : "",
               f->modules.modulepath_source ? f->modules.modulepath_source : "");
    for (i = 0; i < f->modules.n_files; i++) {
        const struct module_file *m = &f->modules.files[i];
        out_printf(o, "  %-14s %s (%s)\n", m->name, m->path, m->syntax ? m->syntax : "?");
    }
}

static void section_cudnn(struct out *o, const struct facts *f)
{
    size_t i;
    heading(o, "cuDNN");
    if (!f->n_cudnn)
        out_raw(o, "  none found\n");
    for (i = 0; i < f->n_cudnn; i++) {
        const struct cudnn_install *c = &f->cudnn[i];
        out_printf(o, "  %-12s %s (%s)\n", c->version ? c->version : "unknown", out_pathstr(o, c->path), c->provenance);
        if (c->version_source)
            out_printf(o, "  %-12s version from %s\n", "", out_pathstr(o, c->version_source));
    }
}

static enum out_style sev_style(enum severity s)
{
    return s == SEV_ERROR ? STYLE_RED : s == SEV_WARNING ? STYLE_YELLOW : STYLE_CYAN;
}

/* The finding whose title verdict v gives as its reason, or NULL. */
static const struct finding *reason_finding(const struct diagnosis *dx, const struct verdict *v)
{
    size_t i;
    for (i = 0; v->reason && i < dx->findings.nr; i++)
        if (dx->findings.v[i].title && !strcmp(dx->findings.v[i].title, v->reason))
            return &dx->findings.v[i];
    return NULL;
}

/* The verdict lines; coded (the short report): a reason that is a
 * finding's title ends with that finding's code, and the finding's own
 * line below is left out (short_findings) -- the title once, not twice. */
static void verdicts(struct out *o, const struct facts *f, const struct diagnosis *dx, int coded)
{
    size_t i;
    if (!dx->n_verdicts)
        return;
    out_raw(o, "\n");
    for (i = 0; i < dx->n_verdicts; i++) {
        const struct verdict *v = &dx->verdicts[i];
        enum out_style st = v->gpu == GPU_YES ? STYLE_GREEN : v->gpu == GPU_NO ? STYLE_RED : STYLE_YELLOW;
        out_printf(o, "  %s %s (%s %s): ", v->fw->name, v->fw->version ? v->fw->version : "?",
                   v->env->kind ? v->env->kind : "env", v->env->prefix ? out_pathstr(o, v->env->prefix) : "?");
        out_styled(o, st, "GPU %s", v->gpu == GPU_YES ? "YES" : v->gpu == GPU_NO ? "NO" : "UNKNOWN");
        if (v->reason)
            out_printf(o, " — %s", v->reason);
        if (coded && reason_finding(dx, v))
            out_printf(o, " (%s)", reason_finding(dx, v)->code);
        if (f)
            report_text_run_marks(o, f, v->env);
        out_raw(o, "\n");
    }
}

void report_text_verdicts(struct out *o, const struct facts *f, const struct diagnosis *dx)
{
    verdicts(o, f, dx, 0);
}

/* The prompt a fix's command lines are printed after ("  " for a "python"
 * fix: source for the program, not a command line). */
static const char *fix_prompt(const struct fix *x)
{
    return x->shell && !strcmp(x->shell, "powershell") ? "PS> "
           : x->shell && !strcmp(x->shell, "cmd")      ? "> "
           : x->shell && !strcmp(x->shell, "python")   ? "  "
                                                       : "$ ";
}

static size_t fix_title_col(const struct fix *x, const char *lead)
{
    return strlen(lead) + 6 + (x->shell ? strlen(x->shell) + 3 : 0);
}

static void fix_title(struct out *o, const struct fix *x, const char *lead)
{
    out_raw(o, lead);
    out_raw(o, "fix");
    if (x->shell)
        out_printf(o, " (%s)", x->shell);
    out_raw(o, ": ");
    out_wrapped(o, fix_title_col(x, lead), strlen(lead) + 4, x->title);
    out_raw(o, "\n");
}

/* One line of a fix's command, n bytes at c, after the prompt (never wrapped). */
static void fix_line(struct out *o, const struct fix *x, const char *lead, const char *c, size_t n)
{
    out_printf(o, "%s    ", lead);
    out_styled(o, STYLE_DIM, "%s", fix_prompt(x));
    out_printf(o, "%.*s\n", (int)n, c);
}

/* The length of the line at c (up to its newline or the end). */
static size_t line_len(const char *c)
{
    const char *nl = strchr(c, '\n');
    return nl ? (size_t)(nl - c) : strlen(c);
}

/* One fix: its title (wrapped) and its command, each line after a prompt. */
static void text_fix(struct out *o, const struct fix *x, const char *lead)
{
    const char *c;
    fix_title(o, x, lead);
    for (c = x->command; c && *c;) {
        size_t n = line_len(c);
        fix_line(o, x, lead, c, n);
        c += n + (c[n] == '\n');
    }
}

void report_text_findings(struct out *o, const struct findings *fl)
{
    size_t i, j;
    heading(o, "Findings");
    if (!fl->nr)
        out_raw(o, "  none\n");
    for (i = 0; i < fl->nr; i++) {
        const struct finding *fd = &fl->v[i];
        out_raw(o, "  ");
        out_styled(o, sev_style(fd->severity), "%-7s", severity_name(fd->severity));
        out_printf(o, " %s %s: ", fd->code, fd->kind);
        out_wrapped(o, 12 + strlen(fd->code) + strlen(fd->kind), 10, fd->title);
        out_raw(o, "\n");
        if (fd->subject) {
            out_raw(o, "          for ");
            out_wrapped(o, 14, 14, fd->subject);
            out_raw(o, "\n");
        }
        for (j = 0; j < fd->n_evidence; j++) {
            const struct evidence *e = &fd->evidence[j];
            out_raw(o, "          evidence: ");
            if (e->line)
                out_printf(o, "line %ld: ", e->line);
            if (e->path) {
                out_path(o, e->path);
                out_raw(o, ": ");
            }
            out_wrapped(o, 20 + (e->path ? strlen(e->path) + 2 : 0), 14, e->text);
            out_raw(o, "\n");
        }
        for (j = 0; j < fd->n_fixes; j++)
            if (out_show_fix(o, fd, j))
                text_fix(o, &fd->fixes[j], "          ");
    }
}

/* Whether finding fd is the one verdict v gives as its reason: its first
 * code, or the finding whose title the reason is (a verdict also names the
 * machine's findings that stop every install, GD102 beside GD211). */
static int verdict_reason_is(const struct verdict *v, const struct finding *fd)
{
    return (v->n_codes && !strcmp(v->codes[0], fd->code)) || (v->reason && !strcmp(v->reason, fd->title));
}

/*
 * The short report's room for the next step's fixes, in terminal rows: what
 * a 24-row screen leaves when the rest of a one-finding machine's report
 * (the title line, its verdicts, the machine line, the counts, the blank
 * lines between) takes up to 14 (tests/run.sh short-report counts every
 * one in the suite).  A step that takes more shows its first fix's title
 * and what fits after it, in the fix engine's order, then one line that
 * says how many commands and fixes it left out and that -v (or --json,
 * --markdown) has them.  Lines are never cut or reordered.
 */
#define NEXT_STEP_ROWS 10

/* Whether fix x's lines are one piece that cannot be cut after any line:
 * Python source, a here-document, a line continued on the next (a trailing
 * \, backtick or ^) or a block or pipeline left open ({ ( |). */
static int fix_atomic(const struct fix *x)
{
    const char *c;
    if (x->shell && !strcmp(x->shell, "python"))
        return 1;
    if (!x->command || strstr(x->command, "<<") || strstr(x->command, "@'") || strstr(x->command, "@\""))
        return !!x->command;
    for (c = x->command; *c;) {
        size_t n = line_len(c);
        const char *e = c + n;
        while (e > c && (e[-1] == ' ' || e[-1] == '\t'))
            e--;
        if (e > c && c[n] == '\n' && strchr("\\`^{(|", e[-1]))
            return 1;
        c += n + (c[n] == '\n');
    }
    return 0;
}

/* The command lines of x (0 for advice). */
static size_t fix_nlines(const struct fix *x)
{
    const char *c;
    size_t n = 0;
    for (c = x->command; c && *c; n++) {
        size_t l = line_len(c);
        c += l + (c[l] == '\n');
    }
    return n;
}

/*
 * Lay the step's fixes out in room rows (SIZE_MAX: all of them) and return
 * the rows taken.  The first fix's title is always shown; after it a title
 * or a command line (an atomic fix's lines together) goes in only while it
 * fits.  *upto (when not NULL) is set to the number of fixes begun and
 * *lines to the command lines shown of the last begun one.
 */
static size_t next_step_rows(struct out *o, const struct fix *const *show, size_t n, size_t room,
                             size_t *upto, size_t *lines)
{
    size_t used = 0, k, shown = 0;
    for (k = 0; k < n; k++) {
        const struct fix *x = show[k];
        size_t t = out_wrapped_rows(o, fix_title_col(x, "  "), 6, x->title), l = 0, all = 0;
        const char *c;
        if (k && used + t > room)
            break;
        used += t;
        shown = 0;
        for (c = x->command; c && *c; l++) {
            size_t len = line_len(c);
            size_t r = out_line_rows(o, 6 + strlen(fix_prompt(x)), c, len);
            if (!fix_atomic(x) && used + r > room && room != SIZE_MAX)
                break;
            all += r;
            if (!fix_atomic(x)) {
                used += r;
                shown++;
            }
            c += len + (c[len] == '\n');
        }
        if (fix_atomic(x)) {
            if (room == SIZE_MAX || used + all <= room) {
                used += all;
                shown = fix_nlines(x);
            } else if (k && upto) {
                /* an atomic fix that does not fit is left out whole */
                used -= t;
                break;
            }
        }
        if (upto)
            *upto = k + 1;
        if (lines)
            *lines = shown;
        if (shown < fix_nlines(x))
            break;
    }
    return used;
}

/* The short report's step when it does not fit NEXT_STEP_ROWS: what fits,
 * then what was left out and where it is. */
static void brief_step(struct out *o, const struct fix *const *show, size_t n)
{
    size_t upto = 0, lines = 0, k, more_lines = 0, more_fixes = 0;
    struct strbuf t = STRBUF_INIT;
    next_step_rows(o, show, n, NEXT_STEP_ROWS - 1, &upto, &lines);
    for (k = 0; k < upto; k++) {
        const struct fix *x = show[k];
        const char *c = x->command;
        size_t l, want = k + 1 < upto ? SIZE_MAX : lines;
        fix_title(o, x, "  ");
        for (l = 0; c && *c && l < want; l++) {
            size_t len = line_len(c);
            fix_line(o, x, "  ", c, len);
            c += len + (c[len] == '\n');
        }
    }
    more_lines = fix_nlines(show[upto - 1]) - lines;
    for (k = upto; k < n; k++) {
        more_fixes++;
        more_lines += fix_nlines(show[k]);
    }
    if (!more_lines && !more_fixes)
        return;   /* a first fix longer than the room, shown whole */
    if (more_lines)
        strbuf_addf(&t, "%zu more command%s", more_lines, more_lines == 1 ? "" : "s");
    if (more_fixes)
        strbuf_addf(&t, "%s%zu more fix%s", more_lines ? " and " : "", more_fixes, more_fixes == 1 ? "" : "es");
    strbuf_addstr(&t, " of this step: -v shows every one (or --json, --markdown)");
    out_raw(o, "      ");
    out_styled(o, STYLE_DIM, "%s", t.buf);
    out_raw(o, "\n");
    strbuf_release(&t);
}

/*
 * The next step: the first fix to run, of the finding diagnose chooses
 * (diagnosis_next_step).  The full report ends with it, saying the verdict
 * again (it has scrolled away by then) when that finding is about the
 * install the verdict names, else the finding's own title: a title never
 * stands beside another finding's fix.  brief (the short report, right
 * under the verdicts): only the finding's code, then the fix.
 */
void report_text_next_step(struct out *o, const struct diagnosis *dx, int brief)
{
    const struct verdict *vno = NULL;
    const struct finding *pick = diagnosis_next_step(dx, &vno);   /* the decision is diagnose's */
    const struct fix *show[64] = { NULL };   /* a step is its advice up to one command: a few */
    size_t i, j, nno = 0, nyes = 0, nshow = 0;

    for (i = 0; i < dx->n_verdicts; i++) {
        if (dx->verdicts[i].gpu == GPU_NO)
            nno++;
        else if (dx->verdicts[i].gpu == GPU_YES)
            nyes++;
    }
    out_raw(o, "\n");
    if (brief && pick)
        out_styled(o, STYLE_BOLD, "Next step (%s):", pick->code);   /* the verdicts are just above */
    else
        out_styled(o, STYLE_BOLD, "Next step: ");
    if (brief && pick) {
        ;
    } else if (vno && (!pick || verdict_reason_is(vno, pick))) {
        struct strbuf t = STRBUF_INIT;
        strbuf_addf(&t, "%s %s will not use the GPU: %s", vno->fw->name, vno->fw->version ? vno->fw->version : "?",
                    vno->reason ? vno->reason : "see the findings");
        if (nno > 1)
            strbuf_addf(&t, " (and %zu more install%s)", nno - 1, nno > 2 ? "s" : "");
        out_wrapped(o, 11, 2, t.buf);
        strbuf_release(&t);
    } else if (pick && pick->severity == SEV_ERROR) {
        out_wrapped(o, 11, 2, pick->title);
    } else if (!pick && dx->n_verdicts && nyes == dx->n_verdicts) {
        out_raw(o, "none: every framework install found will use the GPU\n");
        return;
    } else if (!pick) {
        out_raw(o, "none: no error found\n");
        return;
    } else {
        out_wrapped(o, 11, 2, pick->title);
    }
    out_raw(o, "\n");
    if (!pick)
        return;
    /* The step: the fixes shown to this reader up to the first with a
     * command (advice without one is not a step of its own). */
    for (j = 0; j < pick->n_fixes && nshow < sizeof(show) / sizeof(show[0]); j++) {
        if (!out_show_fix(o, pick, j))
            continue;
        show[nshow++] = &pick->fixes[j];
        if (pick->fixes[j].command)
            break;
    }
    if (brief && next_step_rows(o, show, nshow, SIZE_MAX, NULL, NULL) > NEXT_STEP_ROWS) {
        brief_step(o, show, nshow);
        return;
    }
    for (j = 0; j < nshow; j++)
        text_fix(o, show[j], "  ");
}

static void section_checklist(struct out *o, const struct diagnosis *dx)
{
    size_t i;
    heading(o, "Checklist");
    for (i = 0; i < dx->n_checklist; i++) {
        const struct check_item *c = &dx->checklist[i];
        enum out_style st = c->status == CHECK_PASSED ? STYLE_GREEN
                            : c->status == CHECK_FAILED ? STYLE_RED : STYLE_DIM;
        out_raw(o, "  ");
        out_styled(o, st, "[%-14s]", check_status_name(c->status));
        out_printf(o, " %s", c->step);
        if (c->detail && *c->detail)
            out_printf(o, ": %s", c->detail);
        out_raw(o, "\n");
    }
}

/* The machine in one line: the OS, the driver and its CUDA ceiling, the GPUs. */
static void short_machine(struct out *o, const struct facts *f, const char *root)
{
    const struct sys_facts *s = &f->system;
    const char *drv = facts_driver_version(f);
    struct strbuf t = STRBUF_INIT;

    if (root) {
        label(o, "Root");
        out_printf(o, "%s\n", root);
    }
    strbuf_addf(&t, "%s", s->distro_name ? s->distro_name : (s->os ? s->os : "unknown OS"));
    if (s->arch)
        strbuf_addf(&t, ", %s", s->arch);
    if (s->wsl)
        strbuf_addf(&t, ", WSL%d", s->wsl);
    if (s->container)
        strbuf_addf(&t, ", in %s", s->container);
    if (s->os && !strcmp(s->os, "macos")) {
        strbuf_addstr(&t, "; Metal only (macOS has no CUDA)");
    } else {
        if (drv)
            strbuf_addf(&t, "; driver %s", drv);
        else if (f->tegra.present)
            strbuf_addf(&t, "; Jetson, L4T %s", f->tegra.l4t ? f->tegra.l4t : "unknown");
        else
            strbuf_addstr(&t, f->system.kernel || (s->os && !strcmp(s->os, "windows")) ? "; no NVIDIA driver"
                                                                                      : "; driver unknown");
        if (f->driver.cuda_max)
            strbuf_addf(&t, " (CUDA %s and older)", f->driver.cuda_max);
        if (f->n_gpus == 1)
            strbuf_addf(&t, "; GPU %s, compute capability %s",
                        f->gpus[0].name ? f->gpus[0].name : "of unknown model",
                        f->gpus[0].compute_capability ? f->gpus[0].compute_capability : "unknown");
        else if (f->n_gpus)
            strbuf_addf(&t, "; %zu GPUs, the first %s", f->n_gpus,
                        f->gpus[0].name ? f->gpus[0].name : "of unknown model");
        else if (f->pci_readable)
            strbuf_addstr(&t, "; no NVIDIA GPU on the PCI bus");
    }
    label(o, "Machine");
    out_wrapped(o, 16, 16, t.buf);
    out_raw(o, "\n");
    strbuf_release(&t);
}

/* Whether a verdict's line gives fd's title as its reason (and its code). */
static int said_by_verdict(const struct diagnosis *dx, const struct finding *fd)
{
    size_t i;
    for (i = 0; i < dx->n_verdicts; i++)
        if (reason_finding(dx, &dx->verdicts[i]) == fd)
            return 1;
    return 0;
}

/* One line per finding: severity, code, title (no evidence, no fixes);
 * not again for a finding a verdict line above gives as its reason. */
static void short_findings(struct out *o, const struct diagnosis *dx)
{
    const struct findings *fl = &dx->findings;
    size_t i, first = 1;
    for (i = 0; i < fl->nr; i++) {
        const struct finding *fd = &fl->v[i];
        if (said_by_verdict(dx, fd))
            continue;
        if (first)
            out_raw(o, "\n");
        first = 0;
        out_raw(o, "  ");
        out_styled(o, sev_style(fd->severity), "%-7s", severity_name(fd->severity));
        out_printf(o, " %s ", fd->code);
        out_wrapped(o, 11 + strlen(fd->code), 16, fd->title);
        out_raw(o, "\n");
    }
}

/* "1 error, 0 warnings, 0 info; exit status 1" */
static void counts(struct out *o, const struct findings *fl, int exit_status)
{
    size_t ne = findings_count(fl, SEV_ERROR), nw = findings_count(fl, SEV_WARNING),
           ni = findings_count(fl, SEV_INFO);
    out_printf(o, "\n%zu error%s, %zu warning%s, %zu info; exit status %d\n", ne, ne == 1 ? "" : "s", nw,
               nw == 1 ? "" : "s", ni, exit_status);
}

static void report_text_short(struct out *o, const struct report_input *in)
{
    const struct findings *fl = &in->dx->findings;
    verdicts(o, in->facts, in->dx, 1);
    if (!in->dx->n_verdicts)
        out_raw(o, "\n  no framework install found\n");
    report_text_next_step(o, in->dx, 1);
    report_text_container(o, in->facts, in->dx);
    short_findings(o, in->dx);
    out_raw(o, "\n");
    short_machine(o, in->facts, in->root);
    counts(o, fl, in->exit_status);
    out_styled(o, STYLE_DIM, "%s", "Evidence, every fix, the system and the checklist: -v (or --json, --markdown)");
    out_raw(o, "\n");
}

void report_text(FILE *fp, const struct report_input *in, int color)
{
    struct out o = { fp, color, 0, NULL, 0 };
    const struct findings *fl = &in->dx->findings;
    o.width = out_term_width(fp);
    o.shell = in->shell;
    o.windows = in->facts->system.os && !strcmp(in->facts->system.os, "windows");

    out_styled(&o, STYLE_BOLD, "gpudoctor %s", in->gd_version);
    if (in->facts->system.hostname)
        out_printf(&o, " on %s", in->facts->system.hostname);
    out_raw(&o, "\n");
    if (!in->verbose) {
        report_text_short(&o, in);
        return;
    }
    report_text_interp(&o, in->facts);
    report_text_verdicts(&o, in->facts, in->dx);
    report_text_container(&o, in->facts, in->dx);
    section_system(&o, in->facts, in->root);
    if (in->facts->system.os && !strcmp(in->facts->system.os, "macos")) {
        section_macos(&o, in->facts);
    } else {
        section_driver(&o, in->facts);
        section_cuda(&o, in->facts);
        section_cudnn(&o, in->facts);
    }
    section_modules(&o, in->facts);
    report_text_python(&o, in->facts);
    if (in->probe) {
        heading(&o, "Probe (the driver, loaded in a child process)");
        report_probe_libraries(&o, in->probe);
        report_probe_text(&o, in->probe, NULL);
    }
    report_text_findings(&o, fl);
    section_checklist(&o, in->dx);
    counts(&o, fl, in->exit_status);
    report_text_next_step(&o, in->dx, 0);
}
