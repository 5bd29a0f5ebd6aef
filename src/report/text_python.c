/* The "Python environments" section of the text report. */
#include <string.h>

#include "report/text_sections.h"
#include "util/banned.h"

void report_text_python(struct out *o, const struct facts *f)
{
    size_t i, j;
    out_raw(o, "\n");
    out_styled(o, STYLE_BOLD, "Python environments");
    out_raw(o, "\n");
    if (!f->n_pyenvs)
        out_raw(o, "  none found\n");
    for (i = 0; i < f->n_pyenvs; i++) {
        const struct python_env *e = &f->pyenvs[i];
        out_printf(o, "  %s (%s, Python %s%s)\n", e->prefix ? out_pathstr(o, e->prefix) : "?", e->kind ? e->kind : "unknown",
                   e->python_version ? e->python_version : "unknown", e->active ? ", active" : "");
        for (j = 0; j < e->n_frameworks; j++) {
            const struct framework_build *fw = &e->frameworks[j];
            out_printf(o, "    %-12s %-14s", fw->name, fw->version ? fw->version : "?");
            if (fw->variant)
                out_printf(o, " %s", fw->variant);
            if (fw->cuda)
                out_printf(o, ", built for CUDA %s", fw->cuda);
            if (fw->cudnn)
                out_printf(o, ", cuDNN %s", fw->cudnn);
            if (fw->backend)
                out_printf(o, ", backend %s", fw->backend);
            out_raw(o, "\n");
        }
    }
}
