/*
 * facts_json_container.c - the "container_toolkit" and "container" members
 * on their own, for the check --json report (facts_json_container.h); the
 * --facts document writes and reads them with every other member, from
 * the field tables (facts_fields.c).
 */
#include "facts/facts_json_container.h"

#include "facts/facts_fields.h"
#include "util/banned.h"

static void member(struct jw *jw, const struct facts *f, const char *key)
{
    struct fj_ctx c = { f, 0, 1 };
    fj_write_value(jw, fj_root_field(key), f, &c);
}

void facts_json_ctk(struct jw *jw, const struct facts *f)
{
    member(jw, f, "container_toolkit");
}

void facts_json_container(struct jw *jw, const struct facts *f)
{
    member(jw, f, "container");
}
