/*
 * facts_fields.c - the field tables of struct facts (facts_fields.h says
 * what they drive).  One table per record, its entries in the order the
 * document writes the keys; that order is part of the schema (docs/json.md:
 * keys are only ever added).
 */
#include "facts/facts_fields.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/facts.h"
#include "facts/facts_json.h"
#include "util/alloc.h"
#include "util/json_writer.h"
#include "util/strbuf.h"
#include "util/banned.h"

/*
 * The entries.  R is the record being described; AT(m, type) is the
 * member's offset, and a compile error when the member is not of that type.
 */
#define AT(m, t) (offsetof(R, m) + _Generic(((R *)0)->m, t: (size_t)0))
#define S(k, m, fl) { .key = k, .kind = FJ_STR, .flags = fl, .off = AT(m, const char *) }
#define SW(k, m, w, d) { .key = k, .kind = FJ_STR, .off = AT(m, const char *), .when = w, .doc = d }
#define B(k, m, fl) { .key = k, .kind = FJ_BOOL, .flags = fl, .off = AT(m, int) }
#define TRI(k, m, fl) { .key = k, .kind = FJ_TRI, .flags = fl, .off = AT(m, int) }
#define U(k, m, fl, lo, hi) { .key = k, .kind = FJ_UINT, .flags = fl, .off = AT(m, unsigned), .min = lo, .max = hi }
#define I(k, m, fl, lo, hi) { .key = k, .kind = FJ_INT, .flags = fl, .off = AT(m, int), .min = lo, .max = hi }
#define U64(k, m, fl, lo, hi) { .key = k, .kind = FJ_U64, .flags = fl, .off = AT(m, uint64_t), .min = lo, .max = hi }
#define FALSEINT(k, m, hi) { .key = k, .kind = FJ_FALSEINT, .off = AT(m, int), .max = hi }
#define HEX(k, a, b) { .key = k, .kind = FJ_HEX, .off = AT(a, unsigned), .off_n = AT(b, unsigned) }
#define CSV(k, m) { .key = k, .kind = FJ_CSV, .off = AT(m, const char *) }
#define STRS(k, v, n, alloc, fl)                                                                   \
    { .key = k, .kind = FJ_STRS, .flags = fl, .off = AT(v, const char **), .off_n = AT(n, size_t), \
      .off_alloc = AT(alloc, size_t) }
#define STRLIST(k, m)                                                                             \
    { .key = k, .kind = FJ_STRS, .off = AT(m, struct strlist) + offsetof(struct strlist, v),      \
      .off_n = offsetof(R, m) + offsetof(struct strlist, nr),                                     \
      .off_alloc = offsetof(R, m) + offsetof(struct strlist, alloc) }
/* A nested struct member m of type t, or (OBJ0) members of this same struct under their own key. */
#define OBJ(k, m, t, rec, w, d) { .key = k, .kind = FJ_OBJ, .off = AT(m, t), .sub = &rec, .when = w, .doc = d }
#define OBJ0(k, rec, w, d) { .key = k, .kind = FJ_OBJ, .off = 0, .sub = &rec, .when = w, .doc = d }
#define GROUP(label, m, t, rec) { .key = label, .kind = FJ_GROUP, .off = AT(m, t), .sub = &rec }
#define ARR(k, v, n, alloc, t, rec, fl)                                                          \
    { .key = k, .kind = FJ_ARR, .flags = fl, .off = AT(v, t *), .off_n = AT(n, size_t),         \
      .off_alloc = AT(alloc, size_t), .sub = &rec, .elem_size = sizeof(t) }
#define MAP(k, v, n, alloc, t, rec)                                                              \
    { .key = k, .kind = FJ_MAP, .off = AT(v, t *), .off_n = AT(n, size_t),                      \
      .off_alloc = AT(alloc, size_t), .sub = &rec, .elem_size = sizeof(t) }
#define OUT(k, fn, type) { .key = k, .kind = FJ_OUT, .write = fn, .doc = type }
#define PRESENT(m) { .kind = FJ_PRESENT, .off = AT(m, int) }
#define SKIP(m, t) { .kind = FJ_SKIP, .off = AT(m, t), .size = sizeof(t), .align = _Alignof(t) }
#define REC(t, fields, what, valid, after)                                                       \
    { #t, sizeof(t), _Alignof(t), fields, sizeof(fields) / sizeof(fields[0]), what, valid, after }

/* ---- conditions (1 write, 0 null, -1 absent) and derived values ---- */

static int has_distro(const void *rec, const struct fj_ctx *c)
{
    const struct sys_facts *s = rec;
    (void)c;
    return s->distro_id || s->distro_name;
}

/* The report writes null for "no driver of any kind"; --facts always an
 * object, so that every observation round-trips. */
static int has_driver(const void *rec, const struct fj_ctx *c)
{
    const struct driver_facts *d = rec;
    return c->facts_doc || (c->f && facts_driver_version(c->f)) || d->nouveau_loaded || d->wsl_libcuda ||
           d->wsl_driver_packages;
}

static void driver_version(struct jw *jw, const void *rec, const struct fj_ctx *c)
{
    (void)rec;
    jw_str(jw, c->f ? facts_driver_version(c->f) : NULL);
}

static void driver_source(struct jw *jw, const void *rec, const struct fj_ctx *c)
{
    const struct driver_facts *d = rec;
    (void)c;
    jw_str(jw, d->kmod_source ? d->kmod_source : d->n_libs ? d->libs[0].path : d->wsl_libcuda);
}

static int is_venv(const void *rec, const struct fj_ctx *c)
{
    const struct python_env *e = rec;
    (void)c;
    return e->kind && !strcmp(e->kind, "venv") ? 1 : -1;
}

static int is_conda(const void *rec, const struct fj_ctx *c)
{
    (void)c;
    return ((const struct py_dist *)rec)->conda ? 1 : -1;
}

static int has_backend(const void *rec, const struct fj_ctx *c)
{
    (void)c;
    return ((const struct framework_build *)rec)->backend ? 1 : -1;
}

static int has_wheel_tag(const void *rec, const struct fj_ctx *c)
{
    (void)c;
    return ((const struct framework_build *)rec)->wheel_tag ? 1 : -1;
}

static int has_installer(const void *rec, const struct fj_ctx *c)
{
    (void)c;
    return ((const struct framework_build *)rec)->installer != NULL;
}

static int has_dpkg(const void *rec, const struct fj_ctx *c)
{
    (void)c;
    return ((const struct dpkg_facts *)rec)->status_source != NULL;
}

static int is_macos(const void *rec, const struct fj_ctx *c)
{
    (void)rec;
    return c->f && c->f->system.os && !strcmp(c->f->system.os, "macos");
}

static int is_tegra(const void *rec, const struct fj_ctx *c)
{
    (void)c;
    return ((const struct tegra_facts *)rec)->present;
}

static int answer_valid(const void *rec)
{
    const struct lib_answer *a = rec;
    return !a->path || a->step || !strncmp(a->query, "realpath\t", 9);
}

/* n_duplicates: the names recorded more than once (pyenv_dists.c's count). */
static void count_duplicates(void *rec)
{
    struct python_env *p = rec;
    size_t i, j;
    p->n_duplicates = 0;
    for (i = 0; i < p->n_dists; i++) {
        if (!p->dists[i].duplicate)
            continue;
        for (j = 0; j < i; j++)
            if (p->dists[j].duplicate && p->dists[i].name && p->dists[j].name &&
                !strcmp(p->dists[j].name, p->dists[i].name))
                break;
        if (j == i)
            p->n_duplicates++;
    }
}

static void n_distributions(struct jw *jw, const void *rec, const struct fj_ctx *c)
{
    (void)c;
    jw_int(jw, (int64_t)((const struct python_env *)rec)->n_dists);
}

static const struct fj_record dist_record;

/* The CUDA components, in brief (the report's list). */
static void packages_cuda(struct jw *jw, const void *rec, const struct fj_ctx *c)
{
    const struct python_env *e = rec;
    struct fj_ctx brief = *c;
    size_t i;
    brief.detail = 0;
    jw_array_begin(jw);
    for (i = 0; i < e->n_dists; i++)
        if (e->dists[i].cuda_pkg)
            fj_write_record(jw, &dist_record, &e->dists[i], &brief);
    jw_array_end(jw);
}

static int same_dup(const struct py_dist *a, const struct py_dist *b)
{
    return b->duplicate && !strcmp(a->name, b->name) && a->conda == b->conda &&
           (a->site_dir == b->site_dir || (a->site_dir && b->site_dir && !strcmp(a->site_dir, b->site_dir)));
}

/* One entry per name recorded more than once in a site dir: its versions and paths. */
static void duplicates(struct jw *jw, const void *rec, const struct fj_ctx *c)
{
    const struct python_env *e = rec;
    size_t i, j;
    char *done = e->n_dists ? xcalloc(e->n_dists, 1) : NULL;
    (void)c;
    jw_array_begin(jw);
    for (i = 0; i < e->n_dists && done; i++) {
        const struct py_dist *d = &e->dists[i];
        if (!d->duplicate || done[i])
            continue;
        jw_object_begin(jw);
        jw_kv_str(jw, "name", d->name);
        jw_kv_str(jw, "site_dir", d->site_dir);
        jw_key(jw, "versions");
        jw_array_begin(jw);
        for (j = i; j < e->n_dists; j++)
            if (same_dup(d, &e->dists[j]))
                jw_str(jw, e->dists[j].version);
        jw_array_end(jw);
        jw_key(jw, "paths");
        jw_array_begin(jw);
        for (j = i; j < e->n_dists; j++)
            if (same_dup(d, &e->dists[j])) {
                jw_str(jw, e->dists[j].path);
                done[j] = 1;
            }
        jw_array_end(jw);
        jw_object_end(jw);
    }
    jw_array_end(jw);
    free(done);
}

/* ---- the tables ---- */

#define R struct fact_evidence
static const struct fj_field evidence_fields[] = { S("what", what, 0), S("path", path, 0) };
/* A framework's unresolved names: the same record under other keys. */
static const struct fj_field unresolved_fields[] = { S("name", what, 0), S("needed_by", path, 0) };
#undef R
static const struct fj_record evidence_record = REC(struct fact_evidence, evidence_fields, NULL, NULL, NULL);
static const struct fj_record unresolved_record = REC(struct fact_evidence, unresolved_fields, NULL, NULL, NULL);

#define R struct sys_facts
static const struct fj_field host_fields[] = { S("hostname", hostname, 0), S("machine_id", machine_id, 0) };
static const struct fj_field distro_fields[] = {
    S("id", distro_id, 0), S("name", distro_name, 0), S("version", distro_version, 0), S("source", distro_source, 0),
};
static const struct fj_record distro_record = REC(struct sys_facts, distro_fields, NULL, NULL, NULL);
static const struct fj_field system_fields[] = {
    S("os", os, 0),
    OBJ0("distro", distro_record, has_distro, "null when os-release names neither an ID nor a name"),
    S("arch", arch, 0),
    S("arch_source", arch_source, 0),
    S("kernel", kernel, 0),
    S("kernel_source", kernel_source, 0),
    U("page_size_kib", page_size_kib, FJ_NULLZERO, 0, 1048576),
    S("page_size_source", page_size_source, 0),
    S("libc", libc, 0),
    S("libc_version", libc_version, 0),
    S("libc_source", libc_source, 0),
    S("multiarch", multiarch, 0),
    FALSEINT("wsl", wsl, 2),
    S("wsl_evidence", wsl_evidence, 0),
    S("proc", proc_state, 0),
    S("container", container, 0),
    S("container_evidence", container_evidence, 0),
};
#undef R
static const struct fj_record host_record = REC(struct sys_facts, host_fields, NULL, NULL, NULL);
static const struct fj_record system_record = REC(struct sys_facts, system_fields, NULL, NULL, NULL);

#define R struct driver_lib
static const struct fj_field lib_fields[] = {
    S("name", name, FJ_REQ), S("version", version, FJ_REQ), S("path", path, FJ_REQ), S("via", via, 0),
    B("loaded", loaded, 0), S("not_loadable", not_loadable, 0), S("origin", origin, FJ_OMIT),
};
#undef R
static const struct fj_record lib_record =
    REC(struct driver_lib, lib_fields, "a library with a name, a version and a path", NULL, NULL);

#define R struct dev_node
static const struct fj_field node_fields[] = {
    S("path", path, FJ_REQ), B("exists", exists, 0), B("readable", readable, 0), B("writable", writable, 0),
    B("char_device", is_char, 0), U("major", major, 0, 0, 0xfffffffu), U("minor", minor, 0, 0, 0xfffffffu),
    U("mode", mode, 0, 0, 07777), U("uid", uid, 0, 0, 0xffffffffu), U("gid", gid, 0, 0, 0xffffffffu),
    S("group", group, 0), TRI("user_access", user_access, 0), TRI("cgroup_access", cgroup_access, 0),
};
#undef R
static const struct fj_record node_record = REC(struct dev_node, node_fields, "a device node with a path", NULL, NULL);

#define R struct driver_facts
static const struct fj_field driver_fields[] = {
    OUT("version", driver_version, "string or null: the libcuda a program loads, else any driver library, else "
                                   "the kernel module"),
    S("kernel_module_version", kmod_version, 0),
    S("kernel_module_flavor", kmod_flavor, 0),
    S("cuda_max", cuda_max, 0),
    S("cuda_max_source", cuda_max_source, 0),
    OUT("source", driver_source, "string or null: kernel_module_source, else the first library's path"),
    ARR("libraries", libs, n_libs, alloc_libs, struct driver_lib, lib_record, 0),
    S("libcuda_resolved", libcuda_resolved, 0),
    S("libcuda_step", libcuda_step, 0),
    B("loader_asked", loader_asked, 0),
    B("nouveau_loaded", nouveau_loaded, 0),
    S("nouveau_evidence", nouveau_evidence, 0),
    S("nouveau_unasked", nouveau_unasked, 0),
    S("kernel_module_source", kmod_source, 0),
    S("wsl_libcuda", wsl_libcuda, 0),
    S("wsl_driver_version", wsl_driver_version, 0),
    S("wsl_driver_source", wsl_driver_source, 0),
    U("wsl_driver_packages", wsl_driver_packages, 0, 0, 100000),
    TRI("wsl_lxss_libcuda", wsl_lxss_libcuda, 0),
    B("dev_listed", dev_listed, 0),
    ARR("device_nodes", nodes, n_nodes, alloc_nodes, struct dev_node, node_record, 0),
    STRS("stubs_on_loader_path", stubs, n_stubs, alloc_stubs, 0),
};
#undef R
static const struct fj_record driver_record = REC(struct driver_facts, driver_fields, NULL, NULL, NULL);

#define R struct gpu
static const struct fj_field gpu_fields[] = {
    S("name", name, 0),
    HEX("pci_id", vendor, device),
    HEX("subsystem_id", subsys_vendor, subsys_device),
    U("pci_class", pci_class, 0, 0, 0xffffff),
    S("pci_slot", pci_slot, 0),
    S("compute_capability", compute_capability, 0),
    S("compute_capability_source", cc_source, 0),
    S("name_source", name_source, 0),
    S("uuid", uuid, 0),
    I("minor", minor, 0, 0, 255),
    S("bound_driver", bound_driver, 0),
};
#undef R
static const struct fj_record gpu_record = REC(struct gpu, gpu_fields, NULL, NULL, NULL);

#define R struct cuda_install
static const struct fj_field cuda_fields[] = {
    S("version", version, 0),
    S("path", path, FJ_REQ),
    S("source", version_source, 0),
    S("provenance", provenance, FJ_REQ),
    S("libdir", libdir, 0),
    S("cudart_soname", cudart_soname, 0),
    STRS("aliases", aliases, n_aliases, alloc_aliases, 0),
    ARR("evidence", evidence, n_evidence, alloc_evidence, struct fact_evidence, evidence_record, 0),
    SKIP(dev, uint64_t), /* the directory's identity, for the scan's de-duplication */
    SKIP(ino, uint64_t),
};
#undef R
static const struct fj_record cuda_record =
    REC(struct cuda_install, cuda_fields, "a toolkit with a path and a provenance", NULL, NULL);

#define R struct cudnn_install
static const struct fj_field cudnn_fields[] = {
    S("version", version, 0),
    S("path", path, FJ_REQ),
    S("source", version_source, 0),
    S("provenance", provenance, FJ_REQ),
    S("libdir", libdir, 0),
    S("cuda_major", cuda_major, 0),
    ARR("evidence", evidence, n_evidence, alloc_evidence, struct fact_evidence, evidence_record, 0),
};
#undef R
static const struct fj_record cudnn_record =
    REC(struct cudnn_install, cudnn_fields, "a cuDNN install with a path and a provenance", NULL, NULL);

#define R struct loader_env
static const struct fj_field loader_fields[] = {
    STRLIST("ld_library_path", ld_library_path),
    STRLIST("path", path),
    STRLIST("ld_so_conf_dirs", ldconf_dirs),
    S("ld_so_conf_source", ldconf_source, 0),
};
#undef R
static const struct fj_record loader_record = REC(struct loader_env, loader_fields, NULL, NULL, NULL);

#define R struct env_fact
static const struct fj_field env_fields[] = { S("name", name, 0), S("value", value, 0) };
#undef R
static const struct fj_record env_record = REC(struct env_fact, env_fields, NULL, NULL, NULL);

#define R struct py_dist
static const struct fj_field dist_fields[] = {
    S("name", name, FJ_REQ),
    S("version", version, 0),
    S("path", path, 0),
    S("installer", installer, 0),
    SW("build", build, is_conda, "conda records only"),
    S("site_dir", site_dir, FJ_DETAIL),
    B("conda", conda, FJ_DETAIL),
    B("cuda_component", cuda_pkg, FJ_DETAIL),
    B("duplicate", duplicate, FJ_DETAIL),
};
#undef R
static const struct fj_record dist_record = REC(struct py_dist, dist_fields, "a distribution with a name", NULL, NULL);

#define R struct py_requirement
static const struct fj_field req_fields[] = {
    S("name", name, 0),         S("specifier", specifier, 0), S("extra", extra, 0),
    S("marker", marker, 0),     S("installed", installed, 0), TRI("satisfied", satisfied, 0),
};
#undef R
static const struct fj_record req_record = REC(struct py_requirement, req_fields, NULL, NULL, NULL);

#define R struct fw_module
static const struct fj_field module_fields[] = {
    S("path", path, FJ_REQ),
    S("format", format, 0),
    B("readable", readable, 0),
    U64("load_align", load_align, FJ_OMIT, 0, INT64_MAX),
    U("machine", machine, FJ_OMIT, 0, 65535),
    STRS("needed", needed, n_needed, alloc_needed, 0),
};
#undef R
static const struct fj_record module_record = REC(struct fw_module, module_fields, "a module with a path", NULL, NULL);

#define R struct framework_build
static const struct fj_field build_fields[] = {
    S("cuda", cuda, 0),
    S("cudnn", cudnn, 0),
    S("hip", hip, 0),
    S("variant", variant, 0),
    S("variant_source", variant_source, 0),
    S("variant_said", variant_said, 0),
    CSV("compute_capabilities", compute_capabilities),
    S("source", build_source, 0),
    S("git_version", git_version, FJ_OMIT),
    TRI("debug", debug, FJ_OMIT),
};
static const struct fj_field installer_fields[] = {
    S("name", installer, 0),
    S("package", installer_package, 0),
    S("package_version", installer_version, 0),
    S("source", installer_source, 0),
};
static const struct fj_record build_record = REC(struct framework_build, build_fields, NULL, NULL, NULL);
static const struct fj_record installer_record = REC(struct framework_build, installer_fields, NULL, NULL, NULL);
static const struct fj_field framework_fields[] = {
    S("name", name, FJ_REQ),
    S("dist", dist, 0),
    S("version", version, FJ_REQ),
    S("local", local, 0),
    OBJ0("build", build_record, NULL, NULL),
    S("backend", backend, FJ_OMIT),
    SW("backend_source", backend_source, has_backend, "only with backend"),
    S("wheel_tag", wheel_tag, FJ_OMIT),
    SW("wheel_tag_source", wheel_tag_source, has_wheel_tag, "only with wheel_tag"),
    S("location", location, 0),
    OBJ0("installer", installer_record, has_installer, "null when unknown"),
    S("extension_module", extension, 0),
    ARR("unresolved", unresolved, n_unresolved, alloc_unresolved, struct fact_evidence, unresolved_record, 0),
    S("cuda_library", cuda_library, 0),
    CSV("compiled_archs", archs),
    S("compiled_archs_source", archs_source, 0),
    TRI("device_code", device_code, FJ_OMIT),
    STRS("bundled_libs", bundled_libs, n_bundled_libs, alloc_bundled_libs, 0),
    ARR("requires", deps, n_deps, alloc_deps, struct py_requirement, req_record, 0),
    ARR("components", components, n_components, alloc_components, struct py_dist, dist_record, FJ_ELEMDETAIL),
    B("version_skew", version_skew, 0),
    ARR("evidence", evidence, n_evidence, alloc_evidence, struct fact_evidence, evidence_record, 0),
    ARR("modules", modules, n_modules, alloc_modules, struct fw_module, module_record, 0),
};
#undef R
static const struct fj_record framework_record =
    REC(struct framework_build, framework_fields, "a framework with a name and a version", NULL, NULL);

#define R struct py_extension
static const struct fj_field ext_fields[] = {
    S("dist", dist, FJ_REQ), S("version", version, 0), S("module", module, FJ_REQ), S("archs", archs, 0),
    STRS("cuda_needed", cuda_needed, n_cuda_needed, alloc_cuda_needed, 0), S("torch_pin", torch_pin, 0),
    S("torch_version", torch_version, 0), TRI("torch_pin_ok", torch_pin_ok, 0), TRI("device_code", device_code, 0),
};
#undef R
static const struct fj_record ext_record =
    REC(struct py_extension, ext_fields, "a CUDA extension with a dist and a module", NULL, NULL);

#define R struct python_env
static const struct fj_field venv_fields[] = {
    S("home", venv_home, 0),
    S("creator", venv_creator, 0),
    TRI("include_system_site_packages", include_system_site, 0),
};
static const struct fj_record venv_record = REC(struct python_env, venv_fields, NULL, NULL, NULL);
static const struct fj_field pyenv_fields[] = {
    S("prefix", prefix, FJ_REQ),
    S("python_version", python_version, 0),
    S("python_version_source", python_version_source, 0),
    S("kind", kind, FJ_REQ),
    S("name", name, 0),
    B("active", active, 0),
    S("found_by", found_by, 0),
    S("interpreter", interpreter, 0),
    S("site_packages", site_packages, 0),
    S("externally_managed", externally_managed, 0),
    STRS("site_dirs", site_dirs, n_site_dirs, alloc_site_dirs, 0),
    OBJ0("venv", venv_record, is_venv, "venvs only"),
    OUT("n_distributions", n_distributions, "integer: how many distributions"),
    ARR("frameworks", frameworks, n_frameworks, alloc_frameworks, struct framework_build, framework_record, 0),
    OUT("packages_cuda", packages_cuda, "array of objects: the distributions that are CUDA components, as "
                                        "distributions[] without site_dir, conda, cuda_component, duplicate"),
    OUT("duplicates", duplicates, "array of objects {name, site_dir, versions[], paths[]}: each name recorded "
                                  "more than once in one site dir"),
    STRS("nvidia_wheel_dirs", nvidia_dirs, n_nvidia_dirs, alloc_nvidia_dirs, 0),
    ARR("cuda_extensions", exts, n_exts, alloc_exts, struct py_extension, ext_record, 0),
    ARR("distributions", dists, n_dists, alloc_dists, struct py_dist, dist_record, FJ_FACTS | FJ_ELEMDETAIL),
    SKIP(n_duplicates, size_t), /* counted from distributions[] when read */
};
#undef R
static const struct fj_record pyenv_record =
    REC(struct python_env, pyenv_fields, "an environment with a prefix and a kind", NULL, count_duplicates);

#define R struct py_interpreter
static const struct fj_field interp_fields[] = {
    S("command", command, FJ_REQ),
    S("path", path, 0),
    S("env", env, 0),
    S("env_python", env_python, 0),
    S("resolved_by", resolved_by, 0),
    S("found", found, 0),
    S("target", target, 0),
    S("pyenv_version", pyenv_version, 0),
    S("note", note, 0),
};
#undef R
static const struct fj_record interp_record =
    REC(struct py_interpreter, interp_fields, "an interpreter with a command", NULL, NULL);

#define R struct jupyter_kernel
static const struct fj_field kernel_fields[] = {
    S("name", name, FJ_REQ),
    S("argv0", argv0, 0),
    S("env", env, 0),
    S("env_python", env_python, 0),
    S("interpreter", interpreter, 0),
    S("resolved_by", resolved_by, 0),
    S("spec", spec, 0),
    S("display_name", display_name, 0),
    S("language", language, 0),
};
#undef R
static const struct fj_record kernel_record = REC(struct jupyter_kernel, kernel_fields, "a kernel with a name", NULL, NULL);

#define R struct interp_facts
static const struct fj_field interps_fields[] = {
    S("python_cwd", cwd, 0),
    ARR("interpreters", v, nr, alloc, struct py_interpreter, interp_record, 0),
    ARR("jupyter_kernels", kernels, n_kernels, alloc_kernels, struct jupyter_kernel, kernel_record, 0),
};
#undef R
static const struct fj_record interps_record = REC(struct interp_facts, interps_fields, NULL, NULL, NULL);

#define R struct module_file
static const struct fj_field modfile_fields[] = {
    S("package", package, FJ_REQ),
    S("name", name, FJ_REQ),
    S("version", version, 0),
    S("version_source", version_source, 0),
    S("path", path, 0),
    S("syntax", syntax, 0),
    S("prefix", prefix, 0),
    S("libdir", libdir, 0),
};
#undef R
static const struct fj_record modfile_record =
    REC(struct module_file, modfile_fields, "a module file with a package and a name", NULL, NULL);

#define R struct module_facts
static const struct fj_field modules_fields[] = {
    S("modulepath", modulepath, 0),
    S("modulepath_source", modulepath_source, 0),
    ARR("files", files, n_files, alloc_files, struct module_file, modfile_record, 0),
};
#undef R
static const struct fj_record modules_record = REC(struct module_facts, modules_fields, NULL, NULL, NULL);

#define R struct dpkg_pkg
static const struct fj_field pkg_fields[] = {
    S("name", name, FJ_REQ),
    S("version", version, 0),
    S("architecture", arch, 0),
    S("want", want, 0),
    S("flag", flag, 0),
    S("state", state, 0),
    STRS("dangling_libraries", dangling, n_dangling, alloc_dangling, FJ_OMIT),
    S("source_package", source, FJ_FACTS | FJ_OMIT),
};
#undef R
static const struct fj_record pkg_record = REC(struct dpkg_pkg, pkg_fields, "a package with a name", NULL, NULL);

#define R struct dpkg_facts
static const struct fj_field dpkg_fields[] = {
    S("source", status_source, 0),
    ARR("packages", pkgs, n_pkgs, alloc_pkgs, struct dpkg_pkg, pkg_record, 0),
};
static const struct fj_record dpkg_record = REC(struct dpkg_facts, dpkg_fields, NULL, NULL, NULL);
/* "packages": {"dpkg": {...}}, one member per package database. */
static const struct fj_field packages_fields[] = { OBJ0("dpkg", dpkg_record, NULL, NULL) };
#undef R
static const struct fj_record packages_record = REC(struct dpkg_facts, packages_fields, NULL, NULL, NULL);

#define R struct mac_binary
static const struct fj_field bin_fields[] = {
    S("path", path, FJ_REQ),
    S("real", real, 0),
    S("role", role, FJ_REQ),
    S("env", env, 0),
    S("archs", archs, 0),
    S("minos", minos, 0),
    STRS("dylibs", dylibs, n_dylibs, alloc_dylibs, 0),
};
#undef R
static const struct fj_record bin_record = REC(struct mac_binary, bin_fields, "a binary with a path and a role", NULL, NULL);

#define R struct macos_facts
static const struct fj_field macos_fields[] = {
    S("version", version, 0),
    S("build", build, 0),
    S("product", product, 0),
    S("version_source", version_source, 0),
    S("cpu", cpu, 0),
    S("cpu_evidence", cpu_evidence, 0),
    S("cpu_source", cpu_source, 0),
    TRI("rosetta", rosetta, 0),
    S("rosetta_source", rosetta_source, 0),
    ARR("binaries", bins, n_bins, alloc_bins, struct mac_binary, bin_record, 0),
};
#undef R
static const struct fj_record macos_record = REC(struct macos_facts, macos_fields, NULL, NULL, NULL);

#define R struct fact_warning
static const struct fj_field warning_fields[] = { S("path", path, 0), S("reason", reason, FJ_REQ) };
#undef R
static const struct fj_record warning_record = REC(struct fact_warning, warning_fields, "a warning with a reason", NULL, NULL);

#define R struct lib_dir
static const struct fj_field libdir_fields[] = {
    S("dir", dir, FJ_REQ), S("real", real, 0), STRS("names", names, n_names, alloc_names, 0),
};
#undef R
static const struct fj_record libdir_record = REC(struct lib_dir, libdir_fields, "a directory with a 'dir'", NULL, NULL);

#define R struct lib_answer
static const struct fj_field answer_fields[] = {
    S("query", query, FJ_REQ), S("path", path, 0), S("step", step, 0), S("stale", stale, 0),
};
#undef R
static const struct fj_record answer_record =
    REC(struct lib_answer, answer_fields, "an answer with a query (and a step when found)", answer_valid, NULL);

#define R struct tegra_facts
static const struct fj_field tegra_fields[] = {
    S("l4t", l4t, 0),
    S("l4t_source", l4t_source, 0),
    S("l4t_board", l4t_board, 0),
    S("l4t_core", l4t_core, 0),
    S("soc", soc, 0),
    S("model", model, 0),
    S("gpu_name", gpu_name, 0),
    S("gpu_cc", gpu_cc, 0),
    S("gpu_source", gpu_source, 0),
    S("libcuda", libcuda, 0),
    B("libcuda_on_path", libcuda_on_path, 0),
    S("gpu_from", gpu_from, 0),
    S("jetpack", jetpack, 0),
    S("jetpack_cuda", jetpack_cuda, 0),
    S("jetpack_source", jetpack_source, 0),
    PRESENT(present),
};
#undef R
static const struct fj_record tegra_record = REC(struct tegra_facts, tegra_fields, NULL, NULL, NULL);

#define R struct node_user
static const struct fj_field user_fields[] = {
    S("name", name, 0), S("name_source", name_source, 0), I("uid", uid, 0, 0, 0x7fffffff),
    I("gid", gid, 0, 0, 0x7fffffff), B("groups_known", groups_known, 0),
    STRS("groups", groups, n_groups, alloc_groups, 0),
    S("accounts_unasked", accounts_unasked, 0),
};
#undef R
static const struct fj_record user_record = REC(struct node_user, user_fields, NULL, NULL, NULL);

#define R struct node_cgroup
static const struct fj_field cgroup_fields[] = {
    S("version", version, 0), S("path", path, 0), S("devices_list", list_source, 0),
    STRS("allow", allow, n_allow, alloc_allow, 0), S("note", note, 0),
};
#undef R
static const struct fj_record cgroup_record = REC(struct node_cgroup, cgroup_fields, NULL, NULL, NULL);

#define R struct kmod_file
static const struct fj_field kmod_file_fields[] = {
    S("path", path, FJ_REQ), S("kernel", kernel, FJ_REQ), S("stem", stem, FJ_REQ), S("compression", compression, 0),
    S("name", name, 0), S("version", version, 0), S("vermagic", vermagic, 0), S("license", license, 0),
    TRI("signed", is_signed, 0), TRI("in_modules_dep", in_dep, 0), S("error", error, 0),
};
#undef R
static const struct fj_record kmod_file_record =
    REC(struct kmod_file, kmod_file_fields, "a kernel module with a path, kernel and stem", NULL, NULL);

#define R struct dkms_version
static const struct fj_field dkms_fields[] = {
    S("module", module, FJ_REQ), S("version", version, FJ_REQ), TRI("source_ok", source_ok, 0),
    S("failed_log", failed_log, 0),
};
#undef R
static const struct fj_record dkms_record = REC(struct dkms_version, dkms_fields, "a DKMS module with a version", NULL, NULL);

#define R struct dkms_build
static const struct fj_field dkms_build_fields[] = {
    S("module", module, FJ_REQ), S("version", version, FJ_REQ), S("kernel", kernel, FJ_REQ), S("arch", arch, FJ_REQ),
    B("built", built, 0), B("installed", installed, 0),
};
#undef R
static const struct fj_record dkms_build_record =
    REC(struct dkms_build, dkms_build_fields, "a DKMS build with a module, version, kernel and arch", NULL, NULL);

#define R struct node_kmods
static const struct fj_field kmods_fields[] = {
    B("scanned", scanned, 0), S("running", running, 0), S("running_source", running_source, 0),
    STRS("kernels", kernels, n_kernels, alloc_kernels, 0), TRI("running_dir", running_dir, 0),
    TRI("running_headers", running_headers, 0), S("newest", newest, 0), TRI("newest_headers", newest_headers, 0),
    B("modules_dep_read", dep_read, 0),
    ARR("files", files, n_files, alloc_files, struct kmod_file, kmod_file_record, 0),
    ARR("dkms", dkms, n_dkms, alloc_dkms, struct dkms_version, dkms_record, 0),
    ARR("dkms_builds", builds, n_builds, alloc_builds, struct dkms_build, dkms_build_record, 0),
    TRI("secure_boot", secure_boot, 0), S("secure_boot_source", secure_boot_source, 0),
    B("nouveau_blacklist_read", nouveau_blacklist_read, 0), S("nouveau_blacklist", nouveau_blacklist, 0),
};
#undef R
static const struct fj_record kmods_record = REC(struct node_kmods, kmods_fields, NULL, NULL, NULL);

#define R struct node_runtime
static const struct fj_field runtime_fields[] = {
    B("read", read, 0), S("engine", engine, 0), S("toolkit", toolkit, 0), S("docker_config", docker_config, 0),
    TRI("docker_nvidia_runtime", docker_nvidia, 0), S("cdi_spec", cdi_spec, 0), S("cdi_driver", cdi_driver, 0),
};
#undef R
static const struct fj_record runtime_record = REC(struct node_runtime, runtime_fields, NULL, NULL, NULL);

#define R struct node_facts
static const struct fj_field node_facts_fields[] = {
    OBJ("user", user, struct node_user, user_record, NULL, NULL),
    OBJ("cgroup", cgroup, struct node_cgroup, cgroup_record, NULL, NULL),
    I("uvm_major", uvm_major, 0, 0, 0xfffff),
    I("device_file_mode", file_mode, 0, 0, 07777),
    I("device_file_gid", file_gid, 0, 0, 0x7fffffff),
    OBJ("kernel_modules", kmods, struct node_kmods, kmods_record, NULL, NULL),
    OBJ("container_runtime", runtime, struct node_runtime, runtime_record, NULL, NULL),
};
#undef R
static const struct fj_record node_facts_record = REC(struct node_facts, node_facts_fields, NULL, NULL, NULL);

/* ---- check --image: the host's NVIDIA Container Toolkit and the container (container_facts.h) ---- */

static int ctk_scanned(const void *rec, const struct fj_ctx *c)
{
    (void)c;
    return ((const struct ctk_facts *)rec)->scanned;
}

static int has_container(const void *rec, const struct fj_ctx *c)
{
    (void)c;
    return ((const struct container_facts *)rec)->present;
}

#define R struct cdi_spec
static const struct fj_field cdi_fields[] = {
    S("path", path, FJ_REQ), S("kind", kind, 0), STRS("devices", devices, n_devices, alloc_devices, 0),
    TRI("mounts_libcuda", mounts_libcuda, 0), S("problem", problem, 0),
};
#undef R
static const struct fj_record cdi_record = REC(struct cdi_spec, cdi_fields, "a CDI spec with a path", NULL, NULL);

#define R struct ctk_lib
static const struct fj_field ctk_lib_fields[] = {
    S("capability", cap, FJ_REQ), S("path", path, FJ_REQ), S("name", name, FJ_REQ), S("soname", soname, 0),
};
#undef R
static const struct fj_record ctk_lib_record =
    REC(struct ctk_lib, ctk_lib_fields, "a driver file with a capability, a path and a name", NULL, NULL);

#define R struct ctk_facts
static const struct fj_field ctk_docker_fields[] = {
    S("config", docker_config, 0), TRI("nvidia_runtime", docker_runtime, 0),
    TRI("default_runtime_nvidia", docker_default, 0), TRI("cdi", docker_cdi, 0),
};
static const struct fj_field ctk_containerd_fields[] = {
    S("config", containerd_config, 0), TRI("nvidia_runtime", containerd_runtime, 0), TRI("cdi", containerd_cdi, 0),
};
static const struct fj_field ctk_crio_fields[] = {
    S("config", crio_config, 0), TRI("nvidia_runtime", crio_runtime, 0),
};
static const struct fj_field ctk_files_fields[] = {
    S("source", libs_source, 0), S("version", libs_version, 0),
    ARR("files", libs, n_libs, alloc_libs, struct ctk_lib, ctk_lib_record, 0),
};
static const struct fj_record ctk_docker_record = REC(struct ctk_facts, ctk_docker_fields, NULL, NULL, NULL);
static const struct fj_record ctk_containerd_record = REC(struct ctk_facts, ctk_containerd_fields, NULL, NULL, NULL);
static const struct fj_record ctk_crio_record = REC(struct ctk_facts, ctk_crio_fields, NULL, NULL, NULL);
static const struct fj_record ctk_files_record = REC(struct ctk_facts, ctk_files_fields, NULL, NULL, NULL);
static const struct fj_field ctk_fields[] = {
    PRESENT(scanned),
    S("hook", hook, 0), S("cli", cli, 0), S("runtime", runtime, 0), S("nvidia_ctk", nvidia_ctk, 0),
    S("cdi_hook", cdi_hook, 0), S("libnvidia_container", libnvc, 0), S("version", version, 0),
    S("config", config, 0), S("mode", mode, 0), S("cuda_compat_mode", compat_mode, 0),
    S("supported_driver_capabilities", supported_caps, 0), S("ldconfig", ldconfig, 0),
    TRI("disable_require", disable_require, 0), TRI("accept_envvar_unprivileged", accept_envvar, 0),
    TRI("allow_cuda_compat_libs_from_container", allow_compat, 0),
    OBJ0("docker", ctk_docker_record, NULL, NULL), OBJ0("containerd", ctk_containerd_record, NULL, NULL),
    OBJ0("crio", ctk_crio_record, NULL, NULL),
    ARR("cdi_specs", cdi, n_cdi, alloc_cdi, struct cdi_spec, cdi_record, 0),
    OBJ0("driver_files", ctk_files_record, NULL, NULL),
};
#undef R
static const struct fj_record ctk_record = REC(struct ctk_facts, ctk_fields, NULL, NULL, NULL);

#define R struct ctk_requirement
static const struct fj_field ctk_req_fields[] = {
    S("var", var, FJ_REQ), S("expr", expr, FJ_REQ), TRI("result", result, 0), S("failed", failed, 0),
    S("unknown", unknown, 0),
};
#undef R
static const struct fj_record ctk_req_record =
    REC(struct ctk_requirement, ctk_req_fields, "a requirement with a var and an expr", NULL, NULL);

#define R struct ctk_inject
static const struct fj_field inject_fields[] = {
    S("capability", cap, 0), S("host", host, FJ_REQ), S("target", target, FJ_REQ), S("version", version, 0),
};
#undef R
static const struct fj_record inject_record =
    REC(struct ctk_inject, inject_fields, "an injected file with a host and a target path", NULL, NULL);

#define R struct container_facts
static const struct fj_field cimage_fields[] = {
    S("ref", ref, 0), S("format", format, 0), S("name", name, 0), S("manifest_digest", manifest_digest, 0),
    S("config_digest", config_digest, 0), S("platform", platform, 0), U("layers", n_layers, 0, 0, 1000000),
    STRS("entrypoint", entrypoint, n_entrypoint, alloc_entrypoint, 0), S("workdir", workdir, 0),
    S("user", user, 0), S("entry_python", entry_python, 0), S("entry_env", entry_env, 0),
    S("entry_note", entry_note, 0), S("base_image", base_image, 0),
    STRS("labels", labels, n_labels, alloc_labels, 0),
};
static const struct fj_field chost_fields[] = {
    S("source", host, 0), S("hostname", host_name, 0), S("distro", host_distro, 0),
};
static const struct fj_field ccompat_fields[] = {
    STRS("libraries", compat_libs, n_compat_libs, alloc_compat_libs, 0), S("mode", compat_mode, 0),
    S("version", compat_version, 0), TRI("used", compat_used, 0), S("reason", compat_reason, 0),
    TRI("gpu_supported", compat_gpu_ok, 0),
};
static const struct fj_record ccompat_record = REC(struct container_facts, ccompat_fields, NULL, NULL, NULL);
static const struct fj_field cstart_fields[] = {
    S("runtime_path", runtime_path, 0), TRI("gpu_container", gpu_container, 0),
    TRI("legacy_image", legacy_image, 0), S("visible_devices", visible_devices, 0),
    S("visible_source", visible_source, 0), S("capabilities", capabilities, 0),
    S("capabilities_source", caps_source, 0), S("hook_error", hook_error, 0),
    TRI("disable_require", disable_require, 0),
    ARR("requirements", reqs, n_reqs, alloc_reqs, struct ctk_requirement, ctk_req_record, 0),
    S("refused", refused, 0), TRI("started", started, 0), S("libs_dir", libs_dir, 0),
    ARR("injected", inject, n_inject, alloc_inject, struct ctk_inject, inject_record, 0),
    OBJ0("compat", ccompat_record, NULL, NULL), S("image_driver", image_driver, 0),
};
static const struct fj_record cimage_record = REC(struct container_facts, cimage_fields, NULL, NULL, NULL);
static const struct fj_record chost_record = REC(struct container_facts, chost_fields, NULL, NULL, NULL);
static const struct fj_record cstart_record = REC(struct container_facts, cstart_fields, NULL, NULL, NULL);
static const struct fj_field container_fields[] = {
    PRESENT(present), OBJ0("image", cimage_record, NULL, NULL), OBJ0("host", chost_record, NULL, NULL),
    OBJ0("start", cstart_record, NULL, NULL),
};
#undef R
static const struct fj_record container_record = REC(struct container_facts, container_fields, NULL, NULL, NULL);

#define R struct facts
static const struct fj_field facts_fields[] = {
    SKIP(arena, struct arena),
    OBJ("host", system, struct sys_facts, host_record, NULL, NULL),
    OBJ("system", system, struct sys_facts, system_record, NULL, NULL),
    OBJ("driver", driver, struct driver_facts, driver_record, has_driver,
        "always an object here; check --json writes null when no driver of any kind was found"),
    B("pci_readable", pci_readable, 0),
    ARR("gpus", gpus, n_gpus, alloc_gpus, struct gpu, gpu_record, 0),
    ARR("cuda_toolkits", cuda, n_cuda, alloc_cuda, struct cuda_install, cuda_record, 0),
    ARR("cudnn", cudnn, n_cudnn, alloc_cudnn, struct cudnn_install, cudnn_record, 0),
    OBJ("loader", ldenv, struct loader_env, loader_record, NULL, NULL),
    MAP("environment", env, n_env, alloc_env, struct env_fact, env_record),
    ARR("python_envs", pyenvs, n_pyenvs, alloc_pyenvs, struct python_env, pyenv_record, 0),
    GROUP("interp", interp, struct interp_facts, interps_record),
    OBJ("modules", modules, struct module_facts, modules_record, NULL, NULL),
    OBJ("packages", dpkg, struct dpkg_facts, packages_record, has_dpkg, "null without a dpkg database"),
    OBJ("macos", macos, struct macos_facts, macos_record, is_macos, "null unless system.os is macos"),
    ARR("warnings", warnings, n_warnings, alloc_warnings, struct fact_warning, warning_record, 0),
    ARR("library_dirs", libdirs, n_libdirs, alloc_libdirs, struct lib_dir, libdir_record, 0),
    ARR("loader_answers", answers, n_answers, alloc_answers, struct lib_answer, answer_record, 0),
    OBJ("tegra", tegra, struct tegra_facts, tegra_record, is_tegra, "null unless the machine is a Jetson"),
    OBJ("node", node, struct node_facts, node_facts_record, NULL, NULL),
    SKIP(partial, const char *), /* explain's facts of a log (scan/logscan.c); never written: check's are whole */
    OBJ("container_toolkit", ctk, struct ctk_facts, ctk_record, ctk_scanned,
        "null unless the NVIDIA Container Toolkit's observer ran (a Linux check)"),
    OBJ("container", container, struct container_facts, container_record, has_container,
        "null unless check --image"),
};
#undef R
const struct fj_record facts_record = REC(struct facts, facts_fields, NULL, NULL, NULL);

const struct fj_field *fj_root_field(const char *key)
{
    size_t i;
    for (i = 0; i < facts_record.n_fields; i++)
        if (facts_fields[i].kind != FJ_SKIP && !strcmp(facts_fields[i].key, key))
            return &facts_fields[i];
    BUG("no facts member '%s'", key);
}

/* ---- lifetime ---- */

void fj_record_init(const struct fj_record *r, void *rec)
{
    size_t i;
    for (i = 0; i < r->n_fields; i++) {
        const struct fj_field *fd = &r->fields[i];
        if (fd->kind == FJ_TRI || fd->kind == FJ_INT)
            fj_set_int(rec, fd->off, -1);
        else if (fd->kind == FJ_OBJ || fd->kind == FJ_GROUP)
            fj_record_init(fd->sub, (char *)rec + fd->off);
    }
}

void fj_record_release(const struct fj_record *r, void *rec)
{
    size_t i, j;
    for (i = 0; i < r->n_fields; i++) {
        const struct fj_field *fd = &r->fields[i];
        char *v;
        switch (fd->kind) {
        case FJ_OBJ:
        case FJ_GROUP:
            fj_record_release(fd->sub, (char *)rec + fd->off);
            break;
        case FJ_ARR:
            v = fj_get_ptr(rec, fd->off);
            for (j = 0; j < fj_get_size(rec, fd->off_n); j++)
                fj_record_release(fd->sub, v + j * fd->elem_size);
            /* fall through */
        case FJ_STRS:
        case FJ_MAP:
            free(fj_get_ptr(rec, fd->off));
            fj_set_ptr(rec, fd->off, NULL);
            fj_set_size(rec, fd->off_n, 0);
            fj_set_size(rec, fd->off_alloc, 0);
            break;
        default:
            break;
        }
    }
}

/* ---- the reference in docs/json.md ---- */

static const char *doc_type(const struct fj_field *fd)
{
    int omit = (fd->flags & FJ_OMIT) != 0;
    switch (fd->kind) {
    case FJ_STR:
        return omit ? "string, absent when unknown" : (fd->flags & FJ_REQ) ? "string" : "string or null";
    case FJ_BOOL:
        return "boolean";
    case FJ_TRI:
        return omit ? "boolean, absent when unknown" : "boolean or null (unknown)";
    case FJ_UINT:
    case FJ_U64:
        return omit ? "integer, absent when unknown" : (fd->flags & FJ_NULLZERO) ? "integer or null (unknown)" : "integer";
    case FJ_INT:
        return omit ? "integer, absent when unknown" : "integer or null (unknown)";
    case FJ_FALSEINT:
        return "false or an integer";
    case FJ_HEX:
        return "string \"vvvv:dddd\" (hexadecimal)";
    case FJ_CSV:
        return "array of strings, or null (unknown)";
    case FJ_STRS:
        return omit ? "array of strings, absent when empty" : "array of strings";
    case FJ_OBJ:
        return "object";
    case FJ_ARR:
        return "array of objects";
    case FJ_MAP:
        return "object: name -> string";
    default:
        return fd->doc;
    }
}

static void doc_record(struct strbuf *out, const struct fj_record *r, const char *prefix, int detail)
{
    size_t i;
    for (i = 0; i < r->n_fields; i++) {
        const struct fj_field *fd = &r->fields[i];
        struct strbuf sub = STRBUF_INIT;
        if (fd->kind == FJ_SKIP || fd->kind == FJ_PRESENT || ((fd->flags & FJ_DETAIL) && !detail))
            continue;
        if (fd->kind == FJ_GROUP) {
            doc_record(out, fd->sub, prefix, detail);
            continue;
        }
        strbuf_addf(out, "* `%s%s`: %s", prefix, fd->key, doc_type(fd));
        if (fd->kind != FJ_OUT && fd->doc)
            strbuf_addf(out, "; %s", fd->doc);
        if (fd->flags & FJ_REQ)
            strbuf_addstr(out, "; required");
        if (fd->flags & FJ_FACTS)
            strbuf_addstr(out, "; --facts only");
        strbuf_addch(out, '\n');
        if (fd->kind == FJ_OBJ || fd->kind == FJ_ARR) {
            strbuf_addf(&sub, "%s%s%s.", prefix, fd->key, fd->kind == FJ_ARR ? "[]" : "");
            doc_record(out, fd->sub, sub.buf, fd->kind == FJ_ARR ? (fd->flags & FJ_ELEMDETAIL) != 0 : detail);
            strbuf_release(&sub);
        }
    }
}

void fj_doc(struct strbuf *out)
{
    strbuf_addstr(out, "* `schema`: string \"" FACTS_SCHEMA "\"\n");
    strbuf_addstr(out, "* `gpudoctor_version`: string\n");
    doc_record(out, &facts_record, "", 1);
}
