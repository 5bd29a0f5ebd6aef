#include "scan/pyvenvcfg.h"

#include <string.h>

#include "util/text.h"
#include "util/banned.h"

static int key_is(const char *k, size_t n, const char *want)
{
    size_t i;
    if (n != strlen(want))
        return 0;
    for (i = 0; i < n; i++) {
        char c = k[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != want[i])
            return 0;
    }
    return 1;
}

void pyvenv_cfg_parse(struct pyvenv_cfg *cfg, struct arena *a, const char *buf, size_t len)
{
    size_t pos = 0;
    const char *version_info = NULL;
    size_t vilen = 0;

    memset(cfg, 0, sizeof(*cfg));
    cfg->include_system_site = -1;
    while (pos < len) {
        const char *line = buf + pos, *eq, *k, *v;
        const char *nl = memchr(line, '\n', len - pos);
        size_t llen = nl ? (size_t)(nl - line) : len - pos, klen, vlen;

        pos += llen + (nl ? 1 : 0);
        eq = memchr(line, '=', llen);
        if (!eq)
            continue;
        k = line;
        klen = (size_t)(eq - line);
        v = eq + 1;
        vlen = llen - klen - 1;
        trim(&k, &klen);
        trim(&v, &vlen);
        if (key_is(k, klen, "home"))
            cfg->home = arena_strndup(a, v, vlen);
        else if (key_is(k, klen, "version"))
            cfg->version = arena_strndup(a, v, vlen);
        else if (key_is(k, klen, "version_info")) {
            version_info = v;
            vilen = vlen;
        } else if (key_is(k, klen, "executable"))
            cfg->executable = arena_strndup(a, v, vlen);
        else if (key_is(k, klen, "include-system-site-packages"))
            cfg->include_system_site = (vlen == 4 && (v[0] == 't' || v[0] == 'T'));
        else if (key_is(k, klen, "virtualenv"))
            cfg->creator = arena_printf(a, "virtualenv %.*s", (int)vlen, v);
        else if (key_is(k, klen, "uv"))
            cfg->creator = arena_printf(a, "uv %.*s", (int)vlen, v);
    }
    if (!cfg->version && version_info) {
        /* "3.11.2.final.0" -> "3.11.2": keep the leading numeric components. */
        size_t i = 0, dots = 0;
        while (i < vilen && ((version_info[i] >= '0' && version_info[i] <= '9') ||
                             (version_info[i] == '.' && dots < 2))) {
            if (version_info[i] == '.')
                dots++;
            i++;
        }
        if (i && version_info[i - 1] == '.')
            i--;
        if (i)
            cfg->version = arena_strndup(a, version_info, i);
    }
    if (!cfg->creator && cfg->home)
        cfg->creator = "venv";
}
