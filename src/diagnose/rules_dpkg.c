/*
 * rules_dpkg.c - what dpkg's database says about the GPU packages: an
 * installation that did not finish (a maintainer script failed) leaves the
 * package "half-configured", "unpacked" or "half-installed", with its files
 * in place and its postinst's work undone.  For nvidia-cudnn that work is
 * the whole of cuDNN: the package holds only the links and the
 * update-nvidia-cudnn script, whose download from NVIDIA fills them.
 *
 * Reads facts only (scan/dpkg.c fills facts->dpkg).  The per-package notes
 * are data: what the package's postinst does, and the command that redoes
 * it (from the package's own scripts; see tests/cli/85xx-realpkg-*).
 */
#include "diagnose/diagnose.h"

#include <string.h>

#include "kb/ver_dotted.h"
#include "util/text.h"
#include "util/banned.h"

struct pkg_note {
    const char *package;
    const char *postinst;   /* what the package's postinst does */
    const char *fix_title;
    const char *fix_cmd;
};

/* nvidia-cudnn (contrib, Debian 12 and 13): postinst runs
 * `update-nvidia-cudnn --update --filelist /var/lib/nvidia-cudnn/filelist.txt`,
 * which downloads cuDNN from developer.download.nvidia.com. */
static const struct pkg_note notes[] = {
    { "nvidia-cudnn",
      "its postinst downloads cuDNN from NVIDIA (update-nvidia-cudnn) and installs libcudnn; "
      "until that succeeds the libcudnn links point at nothing",
      "Download and install cuDNN again (needs https access to developer.download.nvidia.com)",
      "sudo update-nvidia-cudnn --update --filelist /var/lib/nvidia-cudnn/filelist.txt" },
    { NULL, NULL, NULL, NULL }
};

static const struct pkg_note *note_of(const char *package)
{
    const struct pkg_note *n;
    for (n = notes; n->package; n++)
        if (!strcmp(n->package, package))
            return n;
    return NULL;
}

/* The distribution's own CUDA build of a framework, from which release on. */
struct distro_build {
    const char *framework, *distro_id, *since, *package;
};
/* python3-torch-cuda: contrib, Debian 13 (trixie) and later; bookworm has
 * only the CPU python3-torch (https://packages.debian.org/trixie/python3-torch-cuda,
 * https://packages.debian.org/bookworm/python3-torch). */
static const struct distro_build distro_builds[] = {
    { "torch", "debian", "13", "python3-torch-cuda" },
    { NULL, NULL, NULL, NULL }
};

const char *dpkg_cuda_build(const struct facts *f, const char *framework)
{
    const struct distro_build *b;
    if (!f->system.distro_id || !f->system.distro_version)
        return NULL;
    for (b = distro_builds; b->framework; b++)
        if (!strcmp(b->framework, framework) && !strcmp(b->distro_id, f->system.distro_id) &&
            ver_cmp_dotted(f->system.distro_version, b->since) >= 0)
            return b->package;
    return NULL;
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

void rules_dpkg_fixes(const struct facts *f, struct findings *out, struct finding *fd, const struct dpkg_pkg *p)
{
    const struct pkg_note *n = note_of(p->name);
    (void)f;
    if (p->state && (!strcmp(p->state, "half-installed") || (p->flag && !strcmp(p->flag, "reinstreq"))))
        finding_fix(out, fd, "sh", "Install the package again", "sudo apt-get install --reinstall %s", p->name);
    else if (p->state && !strcmp(p->state, "installed") && n)
        /* Configured, yet the files its postinst makes are missing: it did
         * nothing (nvidia-cudnn when its license question was declined). */
        finding_fix(out, fd, "sh", "Answer the package's configuration questions again",
                    "sudo dpkg-reconfigure %s", p->name);
    else if (p->state && !strcmp(p->state, "installed"))
        /* Its own files are gone (deleted by hand, a broken disk): put them back. */
        finding_fix(out, fd, "sh", "Restore the package's files", "sudo apt-get install --reinstall %s", p->name);
    else
        finding_fix(out, fd, "sh", "Let dpkg finish configuring the packages it left half done",
                    "sudo dpkg --configure -a");
    if (n)
        finding_fix(out, fd, "sh", n->fix_title, "%s", n->fix_cmd);
}

void rules_dpkg(const struct facts *f, struct findings *out)
{
    size_t i;
    for (i = 0; i < f->dpkg.n_pkgs; i++) {
        const struct dpkg_pkg *p = &f->dpkg.pkgs[i];
        const struct pkg_note *n;
        struct finding *fd;
        if (!unfinished(p))
            continue;
        n = note_of(p->name);
        fd = findings_add(out, "GD112", SEV_WARNING, "the package %s %s is %s: its installation did not finish",
                          p->name, p->version ? p->version : "", p->state);
        finding_evidence(out, fd, f->dpkg.status_source, "Package: %s, Status: %s %s %s", p->name,
                         p->want ? p->want : "?", p->flag ? p->flag : "?", p->state);
        if (n)
            finding_evidence(out, fd, NULL, "%s: %s", p->name, n->postinst);
        rules_dpkg_fixes(f, out, fd, p);
    }
}
