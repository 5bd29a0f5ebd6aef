/* test_fleet.c - merging reports, the stream reader, the srun demultiplexer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "fleet/fleet.h"
#include "fleet/fleet_input.h"
#include "fleet/slurm.h"
#include "harness.h"
#include "util/text.h"

static const char *report(char *buf, size_t size, const char *host, const char *driver, const char *gpu,
                          const char *finding)
{
    snprintf(buf, size,
             "{\"schema\": \"gpudoctor/1\", \"host\": {\"hostname\": \"%s\", \"machine_id\": null},"
             " \"driver\": %s%s%s, \"cuda_toolkits\": [{\"version\": \"12.2\"}, {\"version\": \"11.8\"}],"
             " \"cudnn\": [], \"verdicts\": [{\"env\": \"/e\", \"framework\": \"torch\", \"version\": \"2.1.0\","
             " \"gpu\": \"%s\", \"reason\": \"r\", \"findings\": []}], \"findings\": [%s]}",
             host, driver ? "{\"version\": \"" : "", driver ? driver : "null", driver ? "\"}" : "", gpu,
             finding ? finding : "");
    return buf;
}

#define OLD "{\"code\": \"GD208\", \"kind\": \"driver_too_old\", \"severity\": \"error\", \"title\": \"driver 470 too old\"," \
            " \"evidence\": [{\"text\": \"driver 470\"}], \"fixes\": [{\"title\": \"upgrade\", \"command\": \"apt install x\"}]}"

/* Rows of the per-node table, collected. */
struct rows {
    struct fleet_node v[16];
    char names[16][64], reasons[16][128];
    size_t n;
};

static int collect_row(const struct fleet_node *n, void *arg)
{
    struct rows *r = arg;
    if (r->n < 16) {
        r->v[r->n] = *n;
        snprintf(r->names[r->n], sizeof(r->names[0]), "%s", n->name);
        snprintf(r->reasons[r->n], sizeof(r->reasons[0]), "%s", n->reason ? n->reason : "");
        r->v[r->n].name = r->names[r->n];
        r->v[r->n].reason = r->reasons[r->n];
    }
    r->n++;
    return 0;
}

static const char *hostlist(const struct hostset *hs)
{
    static struct strbuf sb = STRBUF_INIT;
    strbuf_reset(&sb);
    hostset_write(hs, &sb);
    return sb.buf;
}

static void test_merge(void)
{
    struct fleet fl;
    struct gd_err err;
    struct rows rows;
    char b[2048];
    fleet_init(&fl);
    CHECK_INT(fleet_keep_nodes(&fl, &err), 0);
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n1", "535.1", "yes", NULL)), NULL, "a", &err), 0);
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n2", "470.2", "no", OLD)), NULL, "b", &err), 0);
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n3", "470.2", "no", OLD)), NULL, "c", &err), 0);
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n4", "535.1", "yes", NULL)), NULL, "d", &err), 0);
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n5", "535.1", "yes", NULL)), NULL, "e", &err), 0);
    /* The same node twice: refused, named. */
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n5", "535.1", "yes", NULL)), NULL, "f", &err), -1);
    CHECK(strstr(err.msg, "second report for node 'n5'") != NULL);
    /* Another schema (its node is then unreachable), broken JSON. */
    {
        const char *other = "{\"schema\": \"gpudoctor/2\", \"host\": {\"hostname\": \"n7\"}}";
        CHECK_INT(fleet_add_report(&fl, other, strlen(other), NULL, "g", &err), -1);
    }
    CHECK(strstr(err.msg, "gpudoctor/2") != NULL);
    CHECK_INT(fleet_add_report(&fl, "{\"schema\": ", 11, NULL, "h", &err), -1);
    CHECK(strstr(err.msg, "ends early") != NULL);
    fleet_add_unreachable(&fl, "n6", "timed out");
    fleet_add_unreachable(&fl, "n1", "ignored: n1 reported");
    CHECK_INT(fleet_finish(&fl, &err), 0);

    CHECK_INT(fl.n_nodes, 7);
    CHECK_INT(fl.n_reports, 5);
    CHECK_INT(fl.n_rejects, 3);
    CHECK_INT(fl.n_state[FLEET_OK], 3);
    CHECK_INT(fl.n_state[FLEET_FAILING], 2);
    CHECK_INT(fl.n_state[FLEET_UNREACHABLE], 2);
    CHECK_STR(hostlist(&fl.state[FLEET_UNREACHABLE]), "n[6-7]");
    CHECK_INT(fl.n_unreach, 2);
    CHECK(strstr(fl.unreach[0].reason, "report refused: report schema 'gpudoctor/2'") != NULL);
    CHECK_STR(fl.unreach[1].reason, "timed out");
    CHECK_INT(fl.n_groups, 1);
    CHECK_STR(fl.groups[0].code, "GD208");
    CHECK_STR(hostlist(&fl.groups[0].nodes), "n[2-3]");
    CHECK_STR(fl.groups[0].fix_command, "apt install x");
    CHECK_STR(fl.groups[0].evidence, "driver 470");
    /* Drift: driver majority first. */
    CHECK_STR(fl.drift[0].what, "driver");
    CHECK_INT(fl.drift[0].nr, 2);
    CHECK_STR(fl.drift[0].values[0].value, "535.1");
    CHECK_STR(hostlist(&fl.drift[0].values[0].nodes), "n[1,4-5]");
    CHECK_STR(fl.drift[0].values[1].value, "470.2");
    CHECK(fleet_has_problems(&fl));

    /* The table: reports in order, then the unreachable nodes by reason. */
    memset(&rows, 0, sizeof(rows));
    CHECK_INT(fleet_each_node(&fl, collect_row, &rows, &err), 0);
    CHECK_INT(rows.n, 7);
    CHECK_STR(rows.v[0].name, "n1");
    CHECK_STR(rows.v[1].reason, "torch 2.1.0: r");
    CHECK_INT(rows.v[1].state, FLEET_FAILING);
    CHECK_STR(rows.v[5].name, "n7");
    CHECK_STR(rows.v[6].name, "n6");
    CHECK_INT(rows.v[6].state, FLEET_UNREACHABLE);
    /* Read twice: the same rows. */
    memset(&rows, 0, sizeof(rows));
    CHECK_INT(fleet_each_node(&fl, collect_row, &rows, &err), 0);
    CHECK_INT(rows.n, 7);
    fleet_release(&fl);
}

/* A node first known as unreachable, then reported: the report wins. */
static void test_unreachable_then_report(void)
{
    struct fleet fl;
    struct gd_err err;
    char b[2048];
    fleet_init(&fl);
    fleet_add_reject(&fl, "empty.json", "n1", "no report: the input is empty");
    CHECK(fleet_has_node(&fl, "n1"));
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n1", "535.1", "yes", NULL)), NULL, "a", &err), 0);
    CHECK_INT(fleet_finish(&fl, &err), 0);
    CHECK_INT(fl.n_nodes, 1);
    CHECK_INT(fl.n_state[FLEET_OK], 1);
    CHECK_INT(fl.n_state[FLEET_UNREACHABLE], 0);
    CHECK_INT(fl.n_unreach, 0);
    CHECK_INT(fl.n_rejects, 1);      /* the empty input is still named */
    fleet_release(&fl);
}

static void test_no_driver_is_none(void)
{
    struct fleet fl;
    struct gd_err err;
    struct rows rows;
    char b[2048];
    fleet_init(&fl);
    CHECK_INT(fleet_keep_nodes(&fl, &err), 0);
    CHECK_INT(fleet_add_report(&fl, b, strlen(report(b, sizeof(b), "n1", NULL, "yes", NULL)), "override", "a", &err), 0);
    CHECK_INT(fleet_finish(&fl, &err), 0);
    memset(&rows, 0, sizeof(rows));
    CHECK_INT(fleet_each_node(&fl, collect_row, &rows, &err), 0);
    CHECK_STR(rows.v[0].name, "override");
    CHECK_STR(fl.drift[0].values[0].value, "none");
    CHECK(!fleet_has_problems(&fl));
    fleet_release(&fl);
}

/* Names and texts from reports are bounded; a name that is no name refuses the report. */
static void test_bounds(void)
{
    struct fleet fl;
    struct gd_err err;
    struct strbuf sb = STRBUF_INIT, title = STRBUF_INIT;
    size_t i;
    fleet_init(&fl);
    strbuf_addstr(&sb, "{\"schema\": \"gpudoctor/1\", \"host\": {\"hostname\": \"");
    for (i = 0; i < 300; i++)
        strbuf_addch(&sb, 'h');
    strbuf_addstr(&sb, "\"}}");
    CHECK_INT(fleet_add_report(&fl, sb.buf, sb.len, NULL, "long", &err), -1);
    CHECK(strstr(err.msg, "longer than 255 bytes") != NULL);
    for (i = 0; i < 5000; i++)
        strbuf_addch(&title, 'x');
    strbuf_reset(&sb);
    strbuf_addf(&sb, "{\"schema\": \"gpudoctor/1\", \"host\": {\"hostname\": \"n1\"}, \"findings\": [{\"code\": \"GD1\","
                " \"severity\": \"error\", \"title\": \"%s\"}]}", title.buf);
    CHECK_INT(fleet_add_report(&fl, sb.buf, sb.len, NULL, "big", &err), 0);
    CHECK_INT(fleet_finish(&fl, &err), 0);
    CHECK_INT(strlen(fl.groups[0].title), FLEET_TEXT_MAX + 5);
    CHECK(str_ends(fl.groups[0].title, "[...]"));
    fleet_release(&fl);
    strbuf_release(&sb);
    strbuf_release(&title);
}

/* Duplicate keys in what is read are refused, as jansson's REJECT_DUPLICATES did. */
static void test_duplicate_keys(void)
{
    struct fleet fl;
    struct gd_err err;
    const char *doc = "{\"schema\": \"gpudoctor/1\", \"host\": {\"hostname\": \"a\", \"hostname\": \"b\"}}";
    fleet_init(&fl);
    CHECK_INT(fleet_add_report(&fl, doc, strlen(doc), NULL, "dup", &err), -1);
    CHECK(strstr(err.msg, "duplicate key \"hostname\"") != NULL);
    fleet_release(&fl);
}

/* A stream: JSON lines, a broken line, pretty documents back to back. */
static void test_stream(void)
{
    struct fleet fl;
    struct gd_err err;
    struct rows rows;
    char b[2048], path[] = "/tmp/gd-test-fleet-XXXXXX";
    int fd = mkstemp(path);
    FILE *fp = fdopen(fd, "w");
    fprintf(fp, "%s\n", report(b, sizeof(b), "a1", "535.1", "yes", NULL));
    fprintf(fp, "{\"schema\": \"gpudoctor/1\", \"host\": \n");        /* broken, then resync */
    fprintf(fp, "%s\n", report(b, sizeof(b), "a2", "535.1", "yes", NULL));
    fprintf(fp, "{\n  \"schema\": \"gpudoctor/1\",\n  \"host\": {\"hostname\": \"a3\"}\n}\n");
    fprintf(fp, "{\n  \"schema\": \"gpudoctor/1\",\n  \"host\": {\"hostname\": \"a4\"}\n}");
    fclose(fp);
    fleet_init(&fl);
    CHECK_INT(fleet_keep_nodes(&fl, &err), 0);
    fd = open(path, 0);
    CHECK_INT(fleet_read_fd(&fl, fd, "s", NULL, &err), 0);
    close(fd);
    unlink(path);
    CHECK_INT(fleet_finish(&fl, &err), 0);
    CHECK_INT(fl.n_reports, 4);
    CHECK_INT(fl.n_rejects, 1);
    CHECK_STR(fl.rejects[0].source, "s #2 (line 2)");
    memset(&rows, 0, sizeof(rows));
    CHECK_INT(fleet_each_node(&fl, collect_row, &rows, &err), 0);
    CHECK_STR(rows.v[3].name, "a4");
    fleet_release(&fl);
}

/* Inputs without a document are named: empty, blanks, NUL bytes (not blanks). */
static void test_no_document(void)
{
    static const struct {
        const char *data;
        size_t len;
        const char *reason;
    } cases[] = {
        { "", 0, "no report: the input is empty" },
        { " \n\t\r\n", 5, "no report: the input holds only blanks (5 bytes)" },
        { "\0\0\0\0", 4, "not valid JSON: line 1: unexpected byte 0x00" },
        { "  \0{}", 5, "not valid JSON: line 1: unexpected byte 0x00" },
    };
    size_t i;
    for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct fleet fl;
        struct gd_err err;
        char path[] = "/tmp/gd-test-fleet-XXXXXX";
        int fd = mkstemp(path);
        CHECK_INT(write(fd, cases[i].data, cases[i].len), (long)cases[i].len);
        lseek(fd, 0, SEEK_SET);
        fleet_init(&fl);
        CHECK_INT(fleet_read_fd(&fl, fd, "f", "node9", &err), 0);
        close(fd);
        unlink(path);
        CHECK_INT(fleet_finish(&fl, &err), 0);
        CHECK_INT(fl.n_rejects, 1);
        CHECK_STR(fl.rejects[0].reason, cases[i].reason);
        CHECK_INT(fl.n_state[FLEET_UNREACHABLE], 1);   /* its node, by name */
        CHECK_STR(hostlist(&fl.state[FLEET_UNREACHABLE]), "node9");
        CHECK(fleet_has_problems(&fl));
        fleet_release(&fl);
    }
}

/* Garbage without a line starting with '{' is read only so far, and named. */
static void test_endless_garbage(void)
{
    struct fleet fl;
    struct gd_err err;
    int fd = open("/dev/zero", O_RDONLY);
    fleet_init(&fl);
    CHECK_INT(fleet_read_fd(&fl, fd, "/dev/zero", NULL, &err), 0);
    close(fd);
    CHECK_INT(fleet_finish(&fl, &err), 0);
    CHECK_INT(fl.n_rejects, 2);
    CHECK(strstr(fl.rejects[1].reason, "the rest of the input was not read") != NULL);
    fleet_release(&fl);
}

/* srun --label output, interleaved, with a task that never answered. */
static void test_demux(void)
{
    struct slurm_demux d;
    struct slurm_opts o;
    struct fleet fl;
    struct gd_err err;
    struct rows rows;
    char b[2048];
    const char *err_text = "srun: error: node4: task 3: Exited with exit code 2\n";
    struct strbuf in = STRBUF_INIT;

    memset(&o, 0, sizeof(o));
    o.timeout_s = 5;
    report(b, sizeof(b), "vm", "535.1", "yes", NULL);
    strbuf_addstr(&in, "1: " SLURM_HEADER "node=node2 nodelist=node[1-4]\n0: " SLURM_HEADER "node=node1\n");
    strbuf_addf(&in, "0: %s\n1: %s\n", b, b);
    slurm_demux_init(&d);
    /* Fed in odd pieces, as pipes deliver. */
    slurm_demux_feed(&d, 1, in.buf, 7);
    slurm_demux_feed(&d, 1, in.buf + 7, in.len - 7);
    slurm_demux_feed(&d, 2, err_text, strlen(err_text));
    slurm_demux_end(&d);
    CHECK_INT(d.nr, 4);
    CHECK_STR(d.tasks[0].node, "node1");
    CHECK_STR(d.step_nodelist, "node[1-4]");
    CHECK_STR(d.tasks[3].reason, "srun: Exited with exit code 2");
    fleet_init(&fl);
    CHECK_INT(fleet_keep_nodes(&fl, &err), 0);
    CHECK_INT(slurm_merge(&fl, &d, &o, 1, 143), 4);
    CHECK_INT(fleet_finish(&fl, &err), 0);
    CHECK_INT(fl.n_reports, 2);
    memset(&rows, 0, sizeof(rows));
    CHECK_INT(fleet_each_node(&fl, collect_row, &rows, &err), 0);
    CHECK_STR(rows.v[0].name, "node1");
    CHECK_STR(rows.v[1].name, "node2");
    /* node4 from the error line and the list, node3 from the step's node
     * list; timed out wins over srun's reason */
    CHECK_STR(hostlist(&fl.state[FLEET_UNREACHABLE]), "node[3-4]");
    CHECK_INT(fl.n_unreach, 1);
    CHECK_STR(fl.unreach[0].reason, "no report within 5 s (timed out)");
    CHECK_STR(rows.v[2].name, "node3");
    CHECK_STR(rows.v[3].name, "node4");
    CHECK_INT(fl.n_state[FLEET_UNREACHABLE], 2);
    fleet_release(&fl);
    slurm_demux_release(&d);
    strbuf_release(&in);
}

static void test_argv(void)
{
    struct slurm_opts o;
    char **argv, ex[] = "--exclusive", *extra[] = { ex };
    struct gd_err err;
    memset(&o, 0, sizeof(o));
    o.gpudoctor = "/opt/gd";
    o.nodelist = "n[1-3]";
    o.extra = extra;
    o.n_extra = 1;
    CHECK_INT(slurm_argv(&o, &argv, &err), 0);
    CHECK_STR(argv[0], "srun");
    CHECK_STR(argv[4], "--nodelist=n[1-3]");
    CHECK_STR(argv[5], "--nodes=3");
    CHECK_STR(argv[6], "--exclusive");
    CHECK_STR(argv[7], "/opt/gd");
    CHECK_STR(argv[11], "--json");
    CHECK(argv[12] == NULL);
    slurm_argv_free(argv);
    o.nodelist = "n[3-1]";
    CHECK_INT(slurm_argv(&o, &argv, &err), -1);
}

int main(void)
{
    RUN(test_merge);
    RUN(test_unreachable_then_report);
    RUN(test_no_driver_is_none);
    RUN(test_bounds);
    RUN(test_duplicate_keys);
    RUN(test_stream);
    RUN(test_no_document);
    RUN(test_endless_garbage);
    RUN(test_demux);
    RUN(test_argv);
    return harness_done();
}
