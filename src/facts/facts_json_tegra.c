/*
 * facts_json_tegra.c - the "tegra" member of --facts (a Jetson's L4T
 * release, SoC, model and CUDA driver library; scan/tegra.c), null when
 * the machine shows none of it.  Key order is fixed here; facts_read.c
 * reads it back (read_tegra).
 */
#include "facts/facts_json.h"
#include "util/banned.h"

void facts_json_tegra(struct jw *jw, const struct facts *f)
{
    const struct tegra_facts *t = &f->tegra;
    if (!t->present) {
        jw_null(jw);
        return;
    }
    jw_object_begin(jw);
    jw_kv_str(jw, "l4t", t->l4t);
    jw_kv_str(jw, "l4t_source", t->l4t_source);
    jw_kv_str(jw, "l4t_board", t->l4t_board);
    jw_kv_str(jw, "l4t_core", t->l4t_core);
    jw_kv_str(jw, "soc", t->soc);
    jw_kv_str(jw, "model", t->model);
    jw_kv_str(jw, "gpu_name", t->gpu_name);
    jw_kv_str(jw, "gpu_cc", t->gpu_cc);
    jw_kv_str(jw, "gpu_source", t->gpu_source);
    jw_kv_str(jw, "libcuda", t->libcuda);
    jw_kv_bool(jw, "libcuda_on_path", t->libcuda_on_path);
    jw_kv_str(jw, "gpu_from", t->gpu_from);
    jw_kv_str(jw, "jetpack", t->jetpack);
    jw_kv_str(jw, "jetpack_cuda", t->jetpack_cuda);
    jw_kv_str(jw, "jetpack_source", t->jetpack_source);
    jw_object_end(jw);
}
