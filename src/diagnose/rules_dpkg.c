/*
 * rules_dpkg.c - what dpkg's database says about the GPU packages: an
 * installation that did not finish (a maintainer script failed) leaves the
 * package "half-configured", "unpacked" or "half-installed", with its files
 * in place and its postinst's work undone.  For nvidia-cudnn that work is
 * the whole of cuDNN: the package holds only the links and the
 * update-nvidia-cudnn script, whose download from NVIDIA fills them.
 *
 * Reads facts only (scan/dpkg.c fills facts->dpkg).  The per-package facts
 * are data (data/distro_pkg.kb, kb_distro_pkg): the command that redoes a
 * postinst (from the package's own scripts; see tests/cli/85xx-realpkg-*)
 * and which package is the distribution's CUDA build of a framework.
 */
#include "diagnose/diagnose.h"
#include "diagnose/fixes_intent.h"

#include <string.h>

#include "kb/kb.h"
#include "util/text.h"
#include "util/banned.h"

/*
 * What a package's postinst does, in words, for the packages whose redo
 * command data/distro_pkg.kb knows (role "redo"; the command and its
 * primary source are data, kb_distro_pkg).  The words are the report's.
 */
static const char *postinst_words(const char *package)
{
    if (!strcmp(package, "nvidia-cudnn"))
        return "its postinst downloads cuDNN from NVIDIA (update-nvidia-cudnn) and installs libcudnn; "
               "until that succeeds the libcudnn links point at nothing";
    return "its postinst's work is undone";
}

/* The command that redoes package's postinst on this distribution, or NULL. */
static const char *redo_of(const struct facts *f, const struct kb *kb, const char *package)
{
    const char *cmd = NULL;
    if (!kb || !f->system.distro_id)
        return NULL;
    if (kb_distro_pkg(kb, f->system.distro_id, f->system.distro_version, package, "redo", NULL, NULL, &cmd, NULL) != 1)
        return NULL;
    return cmd;
}

const char *dpkg_cuda_build(const struct facts *f, const struct kb *kb, const char *framework)
{
    const char *pkg = NULL;
    if (!kb || !f->system.distro_id || !f->system.distro_version)
        return NULL;
    /* The distribution's own CUDA build of framework, from which release on
     * (data/distro_pkg.kb, role cuda_build). */
    if (kb_distro_pkg(kb, f->system.distro_id, f->system.distro_version, NULL, "cuda_build", framework, &pkg, NULL,
                      NULL) != 1)
        return NULL;
    return pkg;
}

/* An installation that did not finish: dpkg(1) "Package states". */
static int unfinished(const struct dpkg_pkg *p)
{
    static const char *const states[] = { "half-installed", "unpacked", "half-configured",
                                          "triggers-awaited", "triggers-pending", NULL };
    const char *const *s;
    if (!p->state)
        return 0;
    if (p->flag && !strcmp(p->flag, "reinstreq"))
        return 1;
    for (s = states; *s; s++)
        if (!strcmp(p->state, *s))
            return 1;
    return 0;
}

void rules_dpkg_fixes(const struct facts *f, const struct kb *kb, struct findings *out, struct finding *fd,
                      const struct dpkg_pkg *p)
{
    const char *redo = redo_of(f, kb, p->name);
    if (p->state && (!strcmp(p->state, "half-installed") || (p->flag && !strcmp(p->flag, "reinstreq"))))
        fixes_run(NULL, out, fd, FIX_TOOL_APT_REINSTALL, NULL, p->name, NULL);
    else if (p->state && !strcmp(p->state, "installed") && redo)
        /* Configured, yet the files its postinst makes are missing: it did
         * nothing (nvidia-cudnn when its license question was declined). */
        fixes_run(NULL, out, fd, FIX_TOOL_DPKG_RECONFIGURE, NULL, p->name, NULL);
    else if (p->state && !strcmp(p->state, "installed"))
        /* Its own files are gone (deleted by hand, a broken disk): put them back. */
        fixes_run(NULL, out, fd, FIX_TOOL_APT_REINSTALL, "Restore the package's files", p->name, NULL);
    else
        fixes_run(NULL, out, fd, FIX_TOOL_DPKG_CONFIGURE_ALL, NULL, NULL, NULL);
    if (redo)
        fixes_kb_command(out, fd, FIX_RANK_NONE, "Redo what the package's postinst does (for nvidia-cudnn: download "
                         "and install cuDNN again, which needs https access to developer.download.nvidia.com)", redo);
}

void rules_dpkg(const struct facts *f, const struct kb *kb, struct findings *out)
{
    size_t i;
    for (i = 0; i < f->dpkg.n_pkgs; i++) {
        const struct dpkg_pkg *p = &f->dpkg.pkgs[i];
        const char *redo;
        struct finding *fd;
        if (!unfinished(p))
            continue;
        redo = redo_of(f, kb, p->name);
        fd = findings_add(out, "GD112", SEV_WARNING, "the package %s %s is %s: its installation did not finish",
                          p->name, p->version ? p->version : "", p->state);
        finding_evidence(out, fd, f->dpkg.status_source, "Package: %s, Status: %s %s %s", p->name,
                         p->want ? p->want : "?", p->flag ? p->flag : "?", p->state);
        if (redo)
            finding_evidence(out, fd, NULL, "%s: %s", p->name, postinst_words(p->name));
        rules_dpkg_fixes(f, kb, out, fd, p);
    }
}
