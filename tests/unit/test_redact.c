/* test_redact.c - report/redact.h: what --redact replaces and what it leaves. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "report/redact.h"

static char got[4096];

static const char *run(const struct redact *r, const char *in)
{
    struct strbuf sb = STRBUF_INIT;
    redact_apply(r, in, strlen(in), &sb);
    snprintf(got, sizeof(got), "%s", sb.buf ? sb.buf : "");
    strbuf_release(&sb);
    return got;
}

static void test_home_paths(void)
{
    struct redact r;
    redact_init(&r);
    CHECK_STR(run(&r, "venv /home/alice/proj/.venv"), "venv ~/proj/.venv");
    CHECK_STR(run(&r, "\"prefix\": \"/home/alice\","), "\"prefix\": \"~\",");
    CHECK_STR(run(&r, "/Users/bob/x and /root/.local/lib"), "~/x and ~/.local/lib");
    /* not a home: inside another path, or a longer name */
    CHECK_STR(run(&r, "/mnt/home/alice/x /rootfs/y /opt/root"), "/mnt/home/alice/x /rootfs/y /opt/root");
    CHECK_STR(run(&r, "/home/ alone"), "/home/ alone");
}

static void test_names_seen_in_homes(void)
{
    struct redact r;
    redact_init(&r);
    /* alice is revealed by her home path and redacted as a word elsewhere */
    CHECK_STR(run(&r, "owner alice of /home/alice/a; alicex stays"),
              "owner REDACTED-USER of ~/a; alicex stays");
    /* short names only inside the path */
    CHECK_STR(run(&r, "u: /home/u/.venv"), "u: ~/.venv");
}

static void test_values(void)
{
    struct redact r;
    redact_init(&r);
    r.home = "/srv/users/carol/";
    r.users[0] = "carol";
    r.users[1] = "xy";   /* too short to replace as a word */
    r.hosts[0] = "gpu-node7.example.org";
    r.hosts[1] = "gpu-node7";
    r.machine_id = "0123456789abcdef0123456789abcdef";
    CHECK_STR(run(&r, "/srv/users/carol/env on gpu-node7.example.org (gpu-node7) by carol xy"),
              "~/env on REDACTED-HOST (REDACTED-HOST) by REDACTED-USER xy");
    CHECK_STR(run(&r, "{\"machine_id\":\"0123456789abcdef0123456789abcdef\"}"),
              "{\"machine_id\":\"REDACTED-MACHINE-ID\"}");
    /* whole words only */
    CHECK_STR(run(&r, "gpu-node70 carolyn"), "gpu-node70 carolyn");
    /* the home given must end at a path boundary */
    CHECK_STR(run(&r, "/srv/users/carolyn/x"), "/srv/users/carolyn/x");
}

static void test_binary_and_empty(void)
{
    struct redact r;
    struct strbuf sb = STRBUF_INIT;
    static const char in[] = { '/', 'h', 'o', 'm', 'e', '/', 'a', 'b', 'c', 0, 'a', 'b', 'c' };
    redact_init(&r);
    redact_apply(&r, in, sizeof(in), &sb);
    CHECK_INT(sb.len, 1 + 1 + 13);   /* "~", NUL, "REDACTED-USER" */
    CHECK(sb.buf && sb.buf[0] == '~' && sb.buf[1] == '\0' && !memcmp(sb.buf + 2, "REDACTED-USER", 13));
    strbuf_reset(&sb);
    redact_apply(&r, "", 0, &sb);
    CHECK_INT(sb.len, 0);
    strbuf_release(&sb);
}

int main(void)
{
    RUN(test_home_paths);
    RUN(test_names_seen_in_homes);
    RUN(test_values);
    RUN(test_binary_and_empty);
    return harness_done();
}
